/*
 * Perft: counts leaf positions of legal move sequences, the move generator's test.
 */
#pragma once

#include <stdatomic.h>

#include "core/game.h"

/* Leaf count at `depth`, the last ply counted by the game's count_moves; a game's own
 * perft when it has one. */
uint64_t perft(const Game *game, const void *pos, int depth);

/* The plain count through gen_moves/make_move alone (count_moves and a game's own perft
 * are checked against it). */
uint64_t perft_generic(const Game *game, const void *pos, int depth);

/* Called once per root move by perft_divide: the move's string and its count. */
typedef void (*PerftDivideFn)(void *ctx, const char *move, uint64_t nodes);

/* Runs perft per root move (in generation order) and returns the total. A stop flag,
 * when given and set, ends the run early (the total is then partial). */
uint64_t perft_divide(const Game *game, const void *pos, int depth, PerftDivideFn fn, void *ctx,
                      const atomic_bool *stop);
