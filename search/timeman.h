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
 * During the search the pool's TimeManager holds the plan and the clock: the main thread
 * asks timeman_hard_limit_reached between nodes and timeman_another_iteration after each
 * iteration, which scales the soft limit up while the best move keeps changing or the
 * score drops.
 *
 * `lag` is the time per move the GUI's clock loses beyond what the search itself used
 * (pipes, scheduling). The protocol only reports what it sees (each `go` with its clock,
 * each `bestmove`); the LagEstimate below works the lag out from those clock readings. It
 * replaces `Move Overhead` when larger and is taken off the increment.
 */
#pragma once

#include <stdatomic.h>

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

/* The time of one search: the plan, when our clock started, and the main thread's record
 * of its iterations. */
typedef struct TimeManager {
    int64_t soft, hard;       /* the plan (TimePlan); 0: no limit */
    _Atomic int64_t start_ms; /* when our clock started (ponderhit moves it) */
    int64_t iteration_start_ms, last_ms, previous_ms;
    Score last_score; /* of the last iteration that was timed; -SCORE_INFINITE: none */
} TimeManager;

/* Plans the move (timeman_plan) before the search starts. */
void timeman_start(TimeManager *tm, const SearchLimits *limits, int side, int moves_left);
/* Our clock starts (at the search's start, or at ponderhit). */
void timeman_clock_start(TimeManager *tm, int64_t now_ms);
/* Past the hard limit: stop at once. */
bool timeman_hard_limit_reached(const TimeManager *tm);
/* The main thread begins an iteration. */
void timeman_iteration_begin(TimeManager *tm);
/* After the main thread's iteration (not waiting for a stop): whether to start another.
 * With a clock, a single legal move ends the search at once; otherwise the soft limit
 * grows while the best move changes and when the score dropped (timeman_next_iteration). */
bool timeman_another_iteration(TimeManager *tm, bool single_move, double best_move_changes,
                               Score score);

/* How much the GUI's clock loses on our moves beyond the time until our bestmove: the
 * previous clock plus the increment, less the clock now, less the time used. A busy
 * machine or a slow pipe shows up here long before it costs a game on time. The estimate
 * keeps the largest recent value and forgets it slowly (a share per move); it becomes
 * SearchLimits.lag. */
typedef struct LagEstimate {
    int64_t go_start_ms, go_used_ms; /* when the last go arrived; how long until bestmove */
    int go_side;                     /* side to move at the last go; -1: no clock given */
    int64_t go_clock, go_inc;        /* its clock and increment at that go */
    int64_t lag;                     /* decaying maximum of the measured lags */
} LagEstimate;

/* A new game (or a new session): nothing measured yet. */
void timeman_lag_reset(LagEstimate *lag);
/* A `go` arrives with `limits` for `side` to move: measures the lag of the last move and
 * returns the estimate for SearchLimits.lag. */
int64_t timeman_lag_at_go(LagEstimate *lag, const SearchLimits *limits, int side);
/* The search answered (its bestmove): the time it used since its go. */
void timeman_lag_at_bestmove(LagEstimate *lag);
