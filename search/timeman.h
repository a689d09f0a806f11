/*
 * Time management: how long to think about one move.
 *
 * soft: stop deepening after an iteration that ends past it (scaled by the search when
 *       the best move is unstable); hard: stop at once. Both in ms; 0 means no limit.
 *
 * With a clock, a reserve (TM_RESERVE_MS, at most half the clock) is never planned away:
 * only the time above it is shared out over the moves to come. Below the reserve the
 * engine spends a shrinking share of the increment, so the clock climbs back whenever
 * an increment exceeds what one move really costs. The reserve is what absorbs the
 * scheduling delays of a busy machine, which on short clocks are far longer than
 * `Move Overhead`.
 *
 * `lag` is the time per move the GUI's clock loses beyond what the search itself used
 * (pipes, scheduling); the protocol measures it from consecutive clock readings. It
 * replaces `Move Overhead` when larger and is taken off the increment.
 */
#pragma once

#include "search/search.h"

typedef struct TimePlan {
    int64_t soft, hard;
} TimePlan;

/* moves_left: the game's estimate of the moves still to play in sudden death (0: the
 * default). */
TimePlan timeman_plan(const SearchLimits *limits, int side, int moves_left);
