/*
 * Reading one term of a game's `eval` table (the eval_terms() text: a header line, then
 * one line per term, "name  white  black").
 */
#pragma once

#include "tests/helpers.h"

/* The value of term `name` for `player` (P1: the white column, P2: the black one) in the
 * eval table of `fen`; fails the test if the table has no such line. */
int t_eval_term(const Game *game, const char *fen, const char *name, int player);
