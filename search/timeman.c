#include "search/timeman.h"

#include "core/util.h"

enum {
    TM_DEFAULT_MOVES_LEFT = 30, /* sudden death: assume this many moves remain */
    TM_MAX_MOVES_LEFT = 50,
    TM_INC_PERCENT = 80,         /* share of the increment spent on this move */
    TM_HARD_FACTOR = 5,          /* hard limit as a multiple of the soft one */
    TM_HARD_PERCENT = 40,        /* and never more than this share of the time above the reserve */
    TM_LAST_MOVE_PERCENT = 85,   /* with movestogo 1, the share of the clock to use */
    TM_RESERVE_MS = 300,         /* the clock kept back against delays outside the engine */
    TM_RESERVE_MAX_PERCENT = 50, /* but never more than this share of the clock */
    TM_ITERATION_END_PERCENT = 200, /* an iteration should end within this share of soft */
    TM_GROWTH_MIN = 2,              /* an iteration takes at least this many times the last */
    TM_GROWTH_MAX = 8,              /* and at most this many */
    TM_PERCENT = 100,
    TM_UNSTABLE_PERCENT = 100,  /* soft time grows by this share per best-move change */
    TM_SCORE_DROP_PERCENT = 40, /* and by this share when the score fell */
    TM_LAG_DECAY_PERCENT = 90,  /* the lag estimate keeps this share of itself per move */
    TM_LAG_MAX_MS = 1000,       /* and one move's measure counts up to this */
};

/* Clock and increment values above this (about 31 years) are read as this, so that the
 * arithmetic below cannot overflow whatever a GUI sends. */
static const int64_t TM_CLOCK_MAX_MS = 1000000000000;

static int64_t at_least(int64_t v, int64_t lo) { return v < lo ? lo : v; }
static int64_t at_most(int64_t v, int64_t hi) { return v > hi ? hi : v; }

TimePlan timeman_plan(const SearchLimits *l, int side, int moves_left_hint)
{
    TimePlan plan = {0, 0};
    if (l->movetime > 0) {
        plan.soft = plan.hard = at_least(l->movetime - l->move_overhead, 1);
        return plan;
    }
    if (l->time[side] < 0)
        return plan;
    /* The time lost per move outside the engine comes off this move and off the
     * increment, which only pays for what is left of it. */
    int64_t overhead = l->lag > l->move_overhead ? l->lag : l->move_overhead;
    int64_t left = at_least(at_most(l->time[side], TM_CLOCK_MAX_MS) - overhead, 1);
    int64_t inc = at_least(at_least(at_most(l->inc[side], TM_CLOCK_MAX_MS), 0) - l->lag, 0);
    if (l->movestogo == 1) {
        /* The clock is refilled after this move: no reserve to keep. */
        plan.soft = plan.hard = at_least(left * TM_LAST_MOVE_PERCENT / TM_PERCENT, 1);
        return plan;
    }
    int64_t reserve = at_most(TM_RESERVE_MS, left * TM_RESERVE_MAX_PERCENT / TM_PERCENT);
    int64_t spare = left - reserve;
    int64_t inc_share = inc * TM_INC_PERCENT / TM_PERCENT;
    if (left < 2 * TM_RESERVE_MS) {
        /* A short clock: the increment's share shrinks with it, down to nothing. */
        inc_share = inc_share * left / (2 * TM_RESERVE_MS);
    }
    int64_t moves_left = l->movestogo > 0      ? at_most(l->movestogo, TM_MAX_MOVES_LEFT)
                         : moves_left_hint > 0 ? moves_left_hint
                                               : TM_DEFAULT_MOVES_LEFT;
    /* The increment arrives only after the move: however large it is, this move cannot
     * spend more than the clock holds above the reserve. */
    int64_t hard_cap =
        at_least(at_most(spare * TM_HARD_PERCENT / TM_PERCENT + inc_share, spare), 1);
    plan.soft = at_most(at_least(spare / moves_left + inc_share, 1), hard_cap);
    plan.hard = at_most(plan.soft * TM_HARD_FACTOR, hard_cap);
    return plan;
}

bool timeman_next_iteration(int64_t soft, int64_t hard, int64_t used, int64_t last_ms,
                            int64_t previous_ms)
{
    if (used >= soft || used >= hard)
        return false;
    int64_t growth = previous_ms > 0 ? last_ms / previous_ms : TM_GROWTH_MIN;
    growth = at_most(at_least(growth, TM_GROWTH_MIN), TM_GROWTH_MAX);
    int64_t end = used + last_ms * growth;
    return end <= hard && end <= soft * TM_ITERATION_END_PERCENT / TM_PERCENT;
}

void timeman_start(TimeManager *tm, const SearchLimits *limits, int side, int moves_left)
{
    TimePlan plan = timeman_plan(limits, side, moves_left);
    tm->soft = plan.soft;
    tm->hard = plan.hard;
    tm->iteration_start_ms = tm->last_ms = tm->previous_ms = 0;
    tm->last_score = -SCORE_INFINITE;
}

void timeman_clock_start(TimeManager *tm, int64_t now_ms) { atomic_store(&tm->start_ms, now_ms); }

bool timeman_hard_limit_reached(const TimeManager *tm)
{
    return tm->hard && clock_now_ms() - atomic_load(&tm->start_ms) >= tm->hard;
}

void timeman_iteration_begin(TimeManager *tm) { tm->iteration_start_ms = clock_now_ms(); }

bool timeman_another_iteration(TimeManager *tm, bool single_move, double best_move_changes,
                               Score score)
{
    if (tm->soft) {
        if (single_move)
            return false;
        double scale = 1.0 + best_move_changes * TM_UNSTABLE_PERCENT / (double)TM_PERCENT;
        if (tm->last_score != -SCORE_INFINITE && score < tm->last_score)
            scale += TM_SCORE_DROP_PERCENT / (double)TM_PERCENT;
        int64_t now = clock_now_ms(), used = now - atomic_load(&tm->start_ms);
        tm->previous_ms = tm->last_ms;
        tm->last_ms = now - tm->iteration_start_ms;
        if (!timeman_next_iteration((int64_t)(tm->soft * scale), tm->hard, used, tm->last_ms,
                                    tm->previous_ms))
            return false;
    }
    tm->last_score = score;
    return true;
}

void timeman_lag_reset(LagEstimate *c)
{
    c->go_side = -1;
    c->lag = 0;
}

int64_t timeman_lag_at_go(LagEstimate *c, const SearchLimits *limits, int side)
{
    c->go_start_ms = clock_now_ms();
    if (c->go_side == side && limits->time[side] >= 0 && !limits->ponder) {
        int64_t lag = c->go_clock + c->go_inc - limits->time[side] - c->go_used_ms;
        int64_t decayed = c->lag * TM_LAG_DECAY_PERCENT / TM_PERCENT;
        c->lag = at_least(at_most(lag, TM_LAG_MAX_MS), decayed);
    }
    c->go_side = limits->time[side] >= 0 && !limits->ponder && !limits->infinite ? side : -1;
    c->go_clock = limits->time[side];
    c->go_inc = limits->inc[side];
    return c->lag;
}

void timeman_lag_at_bestmove(LagEstimate *c) { c->go_used_ms = clock_now_ms() - c->go_start_ms; }
