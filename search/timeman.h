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

/* Whether to start another iteration, `used` ms into the move, the last two taking
 * `last_ms` and `previous_ms`: not past the soft limit (`soft`, already scaled) or the
 * hard one, and not when the next iteration should end past twice the soft limit or past
 * the hard one. It is assumed to take the last one's time multiplied by the growth from
 * the one before (between 2 and 8); an iteration cut off by the hard limit is time thrown
 * away, and in games whose iterations grow fast (DragonQi) one started just before the
 * soft limit used to run on to the hard one. */
bool timeman_next_iteration(int64_t soft, int64_t hard, int64_t used, int64_t last_ms,
                            int64_t previous_ms);
