/*
 * How much the GUI's clock loses on our moves beyond the time until our bestmove: the
 * previous clock plus the increment, less the clock now, less the time used. A busy
 * machine or a slow pipe shows up here long before it costs a game on time. The estimate
 * keeps the largest recent value and forgets it slowly (LAG_DECAY_PERCENT per move); the
 * time manager (search/timeman.h) takes it as SearchLimits.lag.
 */
#include "core/util.h"
#include "protocol/session.h"

enum { LAG_DECAY_PERCENT = 90, LAG_MAX_MS = 1000, LAG_PERCENT = 100 };

void lag_reset(LagClock *c)
{
    c->go_side = -1;
    c->lag = 0;
}

int64_t lag_at_go(LagClock *c, const SearchLimits *limits, int side)
{
    c->go_start_ms = clock_now_ms();
    if (c->go_side == side && limits->time[side] >= 0 && !limits->ponder) {
        int64_t lag = c->go_clock + c->go_inc - limits->time[side] - c->go_used_ms;
        int64_t decayed = c->lag * LAG_DECAY_PERCENT / LAG_PERCENT;
        if (lag > LAG_MAX_MS)
            lag = LAG_MAX_MS;
        c->lag = lag > decayed ? lag : decayed;
    }
    c->go_side = limits->time[side] >= 0 && !limits->ponder && !limits->infinite ? side : -1;
    c->go_clock = limits->time[side];
    c->go_inc = limits->inc[side];
    return c->lag;
}

void lag_at_bestmove(LagClock *c) { c->go_used_ms = clock_now_ms() - c->go_start_ms; }
