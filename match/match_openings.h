/*
 * Where games start. Each opening is played twice, the engines swapping sides, so game
 * 2k and 2k+1 (0-based) share opening k.
 *
 * - startpos: the game's start position every time.
 * - file: one FEN per line; blank lines and lines starting with '#' are skipped; every
 *   FEN must be valid for the game and not already finished; used in order, cycling.
 * - random: `plies` uniformly random legal moves from the start position, kept only if
 *   the game is not over and a fixed-depth search (one thread, fresh hash, so the result
 *   does not depend on what was searched before) scores the position within `margin`
 *   (default: the game's margin_unit, one ordinary man) and not as a forced win for
 *   either side. Up to OPENINGS_TRIES walks are tried; if none qualifies, the best-balanced
 *   one is used. Opening k depends only on the seed and k, never on the order in which
 *   game threads ask, so a seed reproduces a match's openings at any concurrency.
 */
#pragma once

#include <pthread.h>

#include "engine/engine.h"
#include "match/match.h"

enum { OPENINGS_TRIES = 1000 };

typedef struct OpeningBook {
    const Game *game;
    OpeningSource source;
    char **fens; /* the file's positions, or random openings made so far (by index) */
    int count;
    int plies, depth, margin;
    uint64_t seed;
    Engine *judge; /* the shallow search for random openings */
    pthread_mutex_t lock;
} OpeningBook;

/* Prepares the openings the config asks for; false with a one-line reason. */
bool openings_open(OpeningBook *book, const MatchConfig *config, char *err, size_t err_size);

/* Reads FENs from a stream (the file source); `name` labels errors ("book.fen:3: ..."). */
bool openings_read(OpeningBook *book, const Game *game, FILE *in, const char *name, char *err,
                   size_t err_size);

/* The start FEN of opening `index` (0-based) into fen (FEN_MAX bytes); thread-safe. */
void openings_get(OpeningBook *book, int index, char *fen);

void openings_close(OpeningBook *book);
