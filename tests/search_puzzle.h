/*
 * Forced wins checked by the engine's own search: the shared search, run on a game's
 * position through the engine, must score the win at its exact distance and play one of
 * the winning first moves.
 */
#pragma once

#include "tests/helpers.h"

/* A forced win for t_search_finds_win: the position, its exact distance in plies and the
 * winning first moves (space-separated), or NULL to accept any move that keeps the win. */
typedef struct SearchPuzzle {
    const char *fen;
    int plies;
    const char *winning;
} SearchPuzzle;

/* Asserts that `fen` of `game` is a forced win in exactly `plies` plies for the side to
 * move (by full-width search, t_forced_win_plies), and that the engine's search to
 * `plies` + 4 plies (one thread) reports score_win_in(plies) and plays a move after which
 * every reply still loses within the remaining plies (full-width again). `winning`, when
 * not NULL, lists the winning first moves (space-separated) and the move played must be
 * one of them. */
void t_search_finds_win(const char *game, const char *fen, int plies, const char *winning);

/* Whether `move` (a move string) in `fen` leaves the opponent lost within plies - 1 more
 * plies whatever it replies (full-width), i.e. wins in at most `plies` plies. */
bool t_move_wins_within(const Game *game, const char *fen, const char *move, int plies);
