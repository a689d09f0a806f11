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

/* moves_left: the game's estimate of the moves still to play in sudden death (0: the
 * default). */
TimePlan timeman_plan(const SearchLimits *limits, int side, int moves_left);
