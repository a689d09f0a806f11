/*
 * The search's contract with the rest of the engine: limits in, reports out.
 *
 * The search never prints and never reads protocol state. The caller fills a SearchJob
 * (game, root position, the keys of the positions played before it, limits and the
 * callbacks to report through) and hands it to the thread pool (search/thread.h).
 */
#pragma once

#include "core/game.h"

typedef struct SearchLimits {
    int depth;             /* 0: none */
    uint64_t nodes;        /* 0: none */
    int64_t movetime;      /* ms; 0: none */
    int64_t time[2];       /* remaining clock per player (P1, P2) in ms; < 0: not given */
    int64_t inc[2];        /* increment per move in ms */
    int movestogo;         /* 0: sudden death */
    bool infinite;         /* search until stopped */
    bool ponder;           /* search until ponderhit or stop */
    int multipv;           /* number of best lines to report, >= 1 */
    int64_t move_overhead; /* ms kept back from every move for transmission */
    int64_t lag;           /* ms per move the clock lost outside the search, as measured
                            * from the clocks the GUI reported (0: unknown) */
    int mate;              /* stop at a forced win in this many moves or fewer; 0: none */
    int searchmove_count;  /* > 0: only these root moves are searched */
    Move searchmoves[MAX_MOVES];
} SearchLimits;

/* Bound of a reported score: the search window failed high (lower) or low (upper). */
typedef enum { INFO_EXACT, INFO_LOWER, INFO_UPPER } InfoBound;

typedef struct SearchInfo {
    int depth, seldepth, multipv;
    Score score;
    InfoBound bound;
    uint64_t nodes, nps;
    int hashfull;
    int64_t time_ms;
    int pv_length;
    Move pv[MAX_PLY];
} SearchInfo;

typedef struct SearchReport {
    void *ctx;
    void (*info)(void *ctx, const SearchInfo *info); /* may be NULL: no lines wanted */
    /* Called exactly once per search; ponder is MOVE_NONE when unknown. */
    void (*bestmove)(void *ctx, Move best, Move ponder);
    /* May be NULL. Once the search has run SEARCH_CURRMOVE_AFTER_MS: the root move about
     * to be searched at `depth`, numbered from 1 in the order searched. */
    void (*currmove)(void *ctx, int depth, Move move, int number);
} SearchReport;

enum { SEARCH_CURRMOVE_AFTER_MS = 1000 };

/* Skill levels run from 0 to SEARCH_SKILL_FULL; below it the search answers with one of
 * its best lines chosen with a random weakness (see search.c). */
enum { SEARCH_SKILL_FULL = 20 };

typedef struct SearchJob {
    const Game *game;
    const void *root;        /* copied by the pool when the search starts */
    const uint64_t *history; /* keys of the positions before the root, oldest first */
    int history_length;
    int no_progress_plies; /* 0: off */
    int contempt;          /* a draw is worth -contempt to the root side */
    int skill_handicap;    /* SEARCH_SKILL_FULL - Skill Level; 0: full strength */
    SearchLimits limits;
    SearchReport report;
} SearchJob;

/* Largest |score| that is not a win: a win in n plies is SCORE_WIN - n. */
static inline bool score_is_win(Score s) { return s >= SCORE_WIN_BOUND || s <= -SCORE_WIN_BOUND; }

/* Moves (not plies) to the end of a won (> 0) or lost (< 0) game, as `score mate N`. */
static inline int score_mate_moves(Score s)
{
    return s > 0 ? (SCORE_WIN - s + 1) / 2 : -(SCORE_WIN + s) / 2;
}
