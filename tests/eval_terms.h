/*
 * Reading one term of a game's `eval` table (the eval_terms() text: a header line, then
 * one line per term, "name  white  black").
 */
#pragma once

#include "tests/helpers.h"

/* The value of term `name` for `player` (P1: the white column, P2: the black one) in the
 * eval table of `fen`; fails the test if the table has no such line. */
int t_eval_term(const Game *game, const char *fen, const char *name, int player);

/* Writes the FEN of `fen` with the board mirrored and the colours swapped (FEN_MAX bytes). */
typedef void (*TMirrorFen)(const char *fen, char *out);

/* Random games (seed 5) from `start`, `games` of at most `plies` plies: in every position
 * the evaluation equals that of its mirror image, lies below `bound` in absolute value, and
 * its terms print with a total. */
void t_eval_mirror_walk(const Game *game, const char *start, int games, int plies,
                        TMirrorFen mirror, int bound);
