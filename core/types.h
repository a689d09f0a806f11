/*
 * Basic types shared by every module.
 *
 * Move: an opaque 64-bit value whose meaning only the owning game knows. Games guarantee
 * that a legal move is never MOVE_NONE (0) and that two different legal moves of one
 * position never share a value. Shared code only stores, compares and passes moves back.
 *
 * Score: centipawn-like evaluation from the point of view of the side to move. Scores at
 * or beyond SCORE_WIN_BOUND are forced game wins: SCORE_WIN - plies_to_win.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t Move;
typedef int32_t Score;

enum {
    MOVE_NONE = 0,
    MAX_PLY = 128,     /* deepest search ply, also bounds the search stack */
    MAX_MOVES = 2048,  /* upper bound on legal moves of one position, any game */
    MOVE_STR_MAX = 64, /* buffer size for one move string, NUL included */
    FEN_MAX = 2048,    /* buffer size for one position string, NUL included */
};

enum {
    SCORE_DRAW = 0,
    SCORE_WIN = 32000,
    SCORE_INFINITE = 32001,
    SCORE_NONE = 32002,
    SCORE_WIN_BOUND = SCORE_WIN - MAX_PLY, /* |score| >= this: a forced win or loss */
    SCORE_EVAL_MAX = 20000,                /* static evaluations are clamped to this */
};

/* The one clamp of a static evaluation (the search applies it to every game's evaluate):
 * within SCORE_EVAL_MAX, so no evaluation reads as a forced win or a bound. */
static inline Score score_clamp_eval(int v)
{
    return v > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : v < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : v;
}

/* Outcome of a game, from the point of view of the side to move. */
typedef enum { RESULT_NONE = 0, RESULT_WIN, RESULT_LOSS, RESULT_DRAW } Result;

/* The two players: P1 moves first in the game's start position. */
enum { P1 = 0, P2 = 1 };

static inline Score score_win_in(int ply) { return SCORE_WIN - ply; }
static inline Score score_loss_in(int ply) { return -SCORE_WIN + ply; }
