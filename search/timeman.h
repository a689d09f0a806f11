/*
 * Time management: how long to think about one move.
 *
 * soft: stop deepening after an iteration that ends past it (scaled by the search when
 *       the best move is unstable); hard: stop at once. Both in ms; 0 means no limit.
 */
#pragma once

#include "search/search.h"

typedef struct TimePlan {
    int64_t soft, hard;
} TimePlan;

TimePlan timeman_plan(const SearchLimits *limits, int side);
