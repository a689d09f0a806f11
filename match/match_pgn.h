/*
 * Game records in PGN form.
 *
 * Tags: the seven-tag roster (Event, Site, Date, Round = the game number, White = the
 * engine with the first player's side, Black = the second, Result), then Variant (the
 * wyrm game id), FEN and SetUp (every game records its start), Termination (the reason's
 * short name, as in match_termination_name), PlyCount, and TimeControl (or
 * WhiteTimeControl / BlackTimeControl when the engines differ) in the command line's
 * syntax. Moves are wyrm's canonical notation, numbered from 1 whatever the FEN's move
 * counter; a game whose first mover is the second player starts `1...`. The reason in full
 * closes the movetext as a comment before the result.
 */
#pragma once

#include "match/match_game.h"

/* "1-0", "0-1", "1/2-1/2"; "*" for an aborted game. */
const char *pgn_result(const Outcome *o);

/* The whole game as PGN text ending in a blank line; `date` as YYYY.MM.DD. The caller
 * frees it. */
char *pgn_format(const GameRecord *r, const char *date);
