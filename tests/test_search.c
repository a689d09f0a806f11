/*
 * Search: the transposition table's store/probe/replacement rules, forced wins found and
 * scored as `mate N`, limits, MultiPV, and (suite "smp") the threaded search.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/registry.h"
#include "core/rng.h"
#include "engine/engine.h"
#include "nnue/nnue.h"
#include "search/movepick.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "tests/helpers.h"

/* ---- transposition table ------------------------------------------------------------- */

START_TEST(tt_store_probe)
{
    TT tt = {0};
    ck_assert(tt_resize(&tt, 1));
    TTHit hit;
    uint64_t key = 0x123456789ABCDEF0ULL;
    ck_assert(!tt_probe(&tt, key, 0, &hit));
    tt_store(&tt, key, 0, 0xDEADBEEFCAFEULL, 123, -45, 7, TT_BOUND_EXACT);
    ck_assert(tt_probe(&tt, key, 0, &hit));
    ck_assert_uint_eq(hit.move, 0xDEADBEEFCAFEULL);
    ck_assert_int_eq(hit.score, 123);
    ck_assert_int_eq(hit.eval, -45);
    ck_assert_int_eq(hit.depth, 7);
    ck_assert_int_eq(hit.bound, TT_BOUND_EXACT);
    /* a different key with the same bucket but other check bits misses */
    ck_assert(!tt_probe(&tt, key ^ 1, 0, &hit));
    /* quiescence depths are kept */
    tt_store(&tt, key ^ 2, 0, 5, 1, 2, -1, TT_BOUND_UPPER);
    ck_assert(tt_probe(&tt, key ^ 2, 0, &hit));
    ck_assert_int_eq(hit.depth, -1);
    ck_assert_int_eq(hit.bound, TT_BOUND_UPPER);
    tt_clear(&tt, 3);
    ck_assert(!tt_probe(&tt, key, 0, &hit));
    ck_assert(!tt_probe(&tt, key ^ 2, 0, &hit));
    tt_free(&tt);
}
END_TEST

START_TEST(tt_win_scores_relative_to_node)
{
    TT tt = {0};
    ck_assert(tt_resize(&tt, 1));
    TTHit hit;
    /* stored at ply 5 as "win in 3 plies from the root" = win in 3 - 5... i.e. the node's
     * own distance is SCORE_WIN - 8 + 5; read back at ply 2 it is a win 3 plies sooner */
    tt_store(&tt, 42, 5, 9, score_win_in(8), 0, 4, TT_BOUND_LOWER);
    ck_assert(tt_probe(&tt, 42, 2, &hit));
    ck_assert_int_eq(hit.score, score_win_in(5));
    tt_store(&tt, 43, 6, 9, score_loss_in(10), 0, 4, TT_BOUND_UPPER);
    ck_assert(tt_probe(&tt, 43, 6, &hit));
    ck_assert_int_eq(hit.score, score_loss_in(10));
    ck_assert_int_eq(tt_score_to_tt(77, 9), 77);
    tt_free(&tt);
}
END_TEST

/* Keys that land in bucket 0 of a table with `buckets` buckets, with distinct checks. */
static uint64_t bucket0_key(int i) { return (uint64_t)(i + 1); }

START_TEST(tt_replacement)
{
    TT tt = {0};
    ck_assert(tt_resize(&tt, 1));
    TTHit hit;
    /* fill bucket 0 with depths 10, 2, 8, 6 */
    int depths[4] = {10, 2, 8, 6};
    for (int i = 0; i < 4; i++)
        tt_store(&tt, bucket0_key(i), 0, (Move)(i + 1), i, 0, depths[i], TT_BOUND_EXACT);
    for (int i = 0; i < 4; i++)
        ck_assert(tt_probe(&tt, bucket0_key(i), 0, &hit));
    /* a fifth position replaces the shallowest (depth 2) */
    tt_store(&tt, bucket0_key(4), 0, 5, 0, 0, 1, TT_BOUND_EXACT);
    ck_assert(tt_probe(&tt, bucket0_key(4), 0, &hit));
    ck_assert(!tt_probe(&tt, bucket0_key(1), 0, &hit));
    ck_assert(tt_probe(&tt, bucket0_key(0), 0, &hit));
    /* the same position without a move keeps its old move */
    tt_store(&tt, bucket0_key(0), 0, MOVE_NONE, 50, 0, 12, TT_BOUND_LOWER);
    ck_assert(tt_probe(&tt, bucket0_key(0), 0, &hit));
    ck_assert_uint_eq(hit.move, 1);
    ck_assert_int_eq(hit.depth, 12);
    /* a much shallower non-exact store of the same search does not overwrite */
    tt_store(&tt, bucket0_key(0), 0, 7, 60, 0, 3, TT_BOUND_UPPER);
    ck_assert(tt_probe(&tt, bucket0_key(0), 0, &hit));
    ck_assert_int_eq(hit.depth, 12);
    /* after three searches every old entry is worth depth - 24: the shallowest (key 5,
     * depth 1) goes first, and then a fresh depth-1 entry outlives the old depth-6 one */
    for (int s = 0; s < 3; s++)
        tt_new_search(&tt);
    tt_store(&tt, bucket0_key(5), 0, 6, 0, 0, 1, TT_BOUND_EXACT);
    ck_assert(!tt_probe(&tt, bucket0_key(4), 0, &hit));
    tt_store(&tt, bucket0_key(6), 0, 7, 0, 0, 1, TT_BOUND_EXACT);
    ck_assert(tt_probe(&tt, bucket0_key(5), 0, &hit));
    ck_assert(tt_probe(&tt, bucket0_key(6), 0, &hit));
    ck_assert(!tt_probe(&tt, bucket0_key(3), 0, &hit));
    /* keys 5 and 6 were written in this search; the probe of key 2 (depth 8, three
     * searches old) brings it to this search too */
    ck_assert_int_eq(tt_hashfull(&tt), 2 * 1000 / (4 * 250));
    ck_assert(tt_probe(&tt, bucket0_key(2), 0, &hit));
    ck_assert_int_eq(tt_hashfull(&tt), 3 * 1000 / (4 * 250));
    /* so a new position now replaces the old key 0 (depth 12 - 24), not key 2 */
    tt_store(&tt, bucket0_key(7), 0, 8, 0, 0, 1, TT_BOUND_EXACT);
    ck_assert(!tt_probe(&tt, bucket0_key(0), 0, &hit));
    ck_assert(tt_probe(&tt, bucket0_key(2), 0, &hit));
    ck_assert_uint_eq(hit.move, 3);
    ck_assert_int_eq(hit.depth, 8);
    tt_free(&tt);
}
END_TEST

START_TEST(tt_resize_failure_keeps_table)
{
    TT tt = {0};
    ck_assert(tt_resize(&tt, 2));
    tt_store(&tt, 99, 0, 3, 1, 1, 1, TT_BOUND_EXACT);
    ck_assert(!tt_resize(&tt, (size_t)TT_MB_MAX + 1));
    ck_assert(!tt_resize(&tt, 0));
    TTHit hit;
    ck_assert(tt_probe(&tt, 99, 0, &hit));
    ck_assert_uint_eq(tt.size_mb, 2);
    tt_free(&tt);
}
END_TEST

/* ---- time management ------------------------------------------------------------------- */

static TimePlan plan_for(int64_t time_ms, int64_t inc_ms, int movestogo, int64_t overhead, int side)
{
    SearchLimits l = {.time = {-1, -1}, .movestogo = movestogo, .move_overhead = overhead};
    l.time[side] = time_ms;
    l.inc[side] = inc_ms;
    return timeman_plan(&l, side, 0);
}

START_TEST(time_plans)
{
    /* movetime less the overhead, as both limits */
    SearchLimits l = {.time = {-1, -1}, .movetime = 100, .move_overhead = 10};
    TimePlan p = timeman_plan(&l, P1, 0);
    ck_assert_int_eq(p.soft, 90);
    ck_assert_int_eq(p.hard, 90);
    /* no clock for the side to move: no limit */
    p = timeman_plan(&(SearchLimits){.time = {5000, -1}}, P2, 0);
    ck_assert_int_eq(p.soft, 0);
    ck_assert_int_eq(p.hard, 0);
    /* 1 s + 10 ms: 990 left, 300 kept back, 690 / 30 + 80% of 10; hard 5x soft */
    p = plan_for(1000, 10, 0, 10, P1);
    ck_assert_int_eq(p.soft, 23 + 8);
    ck_assert_int_eq(p.hard, 155);
    /* the same clock for the second player */
    p = plan_for(1000, 10, 0, 10, P2);
    ck_assert_int_eq(p.soft, 31);
    /* a short clock: 100 left, half kept back; the increment's share shrinks to 8 * 100 /
     * 600 = 1; hard 5x soft */
    p = plan_for(110, 10, 0, 10, P1);
    ck_assert_int_eq(p.soft, 50 / 30 + 1);
    ck_assert_int_eq(p.hard, 10);
    /* an almost empty clock: 11 left, 5 kept back; hard capped at 40% of the spare 6 */
    p = plan_for(21, 10, 0, 10, P1);
    ck_assert_int_eq(p.soft, 1);
    ck_assert_int_eq(p.hard, 2);
    /* movestogo 10 without increment: 4700 / 10; hard capped at 40% of 4700 */
    p = plan_for(5000, 0, 10, 0, P1);
    ck_assert_int_eq(p.soft, 470);
    ck_assert_int_eq(p.hard, 1880);
    /* the last move before the control: 85% of the clock, no reserve */
    p = plan_for(10000, 0, 1, 10, P1);
    ck_assert_int_eq(p.soft, 8491);
    ck_assert_int_eq(p.hard, 8491);
    /* 12 ms lost per move outside the engine: it replaces the 10 ms overhead (988 left,
     * 688 above the reserve) and eats the whole 10 ms increment */
    SearchLimits lagged = {.time = {1000, -1}, .inc = {10, 0}, .move_overhead = 10, .lag = 12};
    p = timeman_plan(&lagged, P1, 0);
    ck_assert_int_eq(p.soft, 688 / 30);
    ck_assert_int_eq(p.hard, 5 * (688 / 30));
    /* a lag below the overhead leaves the overhead, and takes its share of the increment */
    lagged.lag = 4;
    p = timeman_plan(&lagged, P1, 0);
    ck_assert_int_eq(p.soft, 690 / 30 + 6 * 80 / 100);
    /* an increment as large as the clock (TigerIncrement's 1 s a move with 1024 ms left,
     * 23 moves to the control): 1014 left, 714 above the reserve. The increment comes only
     * after the move, so both limits stop at those 714 rather than 714 / 23 + 800 soft and
     * 40% of 714 + 800 = 1085 hard, past the clock. */
    p = plan_for(1024, 1000, 23, 10, P1);
    ck_assert_int_eq(p.soft, 714);
    ck_assert_int_eq(p.hard, 714);
    /* a clock well above the increment is not touched by that cap: 59690 / 40 + 800 soft,
     * hard 5x soft */
    p = plan_for(60000, 1000, 40, 10, P1);
    ck_assert_int_eq(p.soft, 59690 / 40 + 800);
    ck_assert_int_eq(p.hard, 5 * (59690 / 40 + 800));
    /* a clock already gone still allows the smallest search */
    p = plan_for(0, 0, 0, 10, P1);
    ck_assert_int_eq(p.soft, 1);
    ck_assert_int_eq(p.hard, 1);
}
END_TEST

START_TEST(time_next_iteration)
{
    /* soft 400, hard 2000 */
    /* past the soft limit or the hard one: stop */
    ck_assert(!timeman_next_iteration(400, 2000, 400, 10, 5));
    ck_assert(!timeman_next_iteration(400, 300, 350, 10, 5));
    /* 100 ms in, the last iteration 40 ms after 10 ms: growth 4, ends at 260 */
    ck_assert(timeman_next_iteration(400, 2000, 100, 40, 10));
    /* 300 ms in, the last 200 after 40: growth 5, ends at 1300, past 2 x 400 */
    ck_assert(!timeman_next_iteration(400, 2000, 300, 200, 40));
    /* the same with a slow growth (200 after 150: taken as 2): ends at 700 */
    ck_assert(timeman_next_iteration(400, 2000, 300, 200, 150));
    /* growth capped at 8 (400 after 10 would be 40): 50 + 8 x 40 = 370 */
    ck_assert(timeman_next_iteration(400, 2000, 50, 40, 1));
    /* ending exactly at twice soft still starts; one ms past it does not (growth 2) */
    ck_assert(timeman_next_iteration(400, 2000, 200, 300, 0));
    ck_assert(!timeman_next_iteration(400, 2000, 201, 300, 0));
    /* nothing measured yet (iterations under a millisecond): growth 2 */
    ck_assert(timeman_next_iteration(400, 2000, 5, 0, 0));
    /* the hard limit bounds the end as well: 100 + 2 x 300 = 700 > 600 */
    ck_assert(!timeman_next_iteration(400, 600, 100, 300, 0));
}
END_TEST

/* ---- searches ---------------------------------------------------------------------------- */

typedef struct Outcome {
    const Game *game;
    _Alignas(64) unsigned char root[4096]; /* any game's position, Bb128 fields included */
    Score score;
    int depth, lines;
    char best[MOVE_STR_MAX];
    Move best_move;
} Outcome;

static void on_info(void *ctx, const SearchInfo *info)
{
    Outcome *o = ctx;
    if (info->multipv == 1) {
        o->score = info->score;
        o->depth = info->depth;
    }
    if (info->multipv > o->lines)
        o->lines = info->multipv;
}

static void on_bestmove(void *ctx, Move best, Move ponder)
{
    Outcome *o = ctx;
    (void)ponder;
    o->best_move = best;
    if (best == MOVE_NONE)
        strcpy(o->best, "0000");
    else
        o->game->move_to_str(o->root, best, o->best);
}

static Outcome run_search_contempt(const char *game, const char *fen, SearchLimits limits,
                                   int threads, int contempt)
{
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert_msg(engine_set_game(e, game, err), "%s", err);
    ck_assert_msg(engine_set_position(e, fen, NULL, 0, err), "%s", err);
    t_set_option(e, "Threads", threads);
    t_set_option(e, "Contempt", contempt);
    Outcome o = {.game = engine_game(e), .score = SCORE_NONE};
    memcpy(o.root, engine_position(e), engine_game(e)->pos_size);
    limits.time[0] = limits.time[0] ? limits.time[0] : -1;
    limits.time[1] = limits.time[1] ? limits.time[1] : -1;
    if (!limits.multipv)
        limits.multipv = 1;
    engine_go(e, &limits, (SearchReport){&o, on_info, on_bestmove, NULL});
    engine_wait(e);
    engine_destroy(e);
    return o;
}

static Outcome run_search(const char *game, const char *fen, SearchLimits limits, int threads)
{
    return run_search_contempt(game, fen, limits, threads, ENGINE_CONTEMPT_DEFAULT);
}

/* Forced wins: checked by full-width search, then the engine must report `mate N`. */
static const struct {
    const char *game, *fen;
    int plies;
} puzzles[] = {
    {"breakthrough", "7p/1P6/8/8/8/8/8/8 w 0 1", 1},
    {"breakthrough", "7p/8/6P1/8/8/8/8/8 w 0 1", 3},
    {"breakthrough", "8/8/8/8/8/p7/8/7P b 0 1", 3},
    {"breakthrough", "p6p/8/8/2P5/8/8/8/8 w 0 1", 5},
    {"breakthrough", "p6p/8/8/8/2P5/8/8/8 w 0 1", 7},
    {"breakthrough", "8/8/8/8/5p2/8/8/P6P b 0 1", 5},
    /* b3b2 would be taken by a1; b3c2 and then home */
    {"breakthrough", "8/8/8/8/8/1p6/8/P7 b 0 1", 3},

    /* Dragon-draughts: the last piece taken, or a side left without a move. */
    /* d4xd5 takes black's last piece */
    {"dragondraughts", "8/8/8/3p4/3P4/8/8/8 w 0 1", 1},
    /* the Daimyo's loop capture b2-b4-f4-f6-d6-d2 takes all four black men */
    {"dragondraughts", "8/8/3p4/8/1p3p2/8/1K1p4/8 w 0 1", 1},
    /* h1h4: a4a3 is jumped by a2, a4b4 by the Daimyo along rank 4 */
    {"dragondraughts", "8/8/8/8/p7/8/P7/7K w 0 1", 3},
    /* the same for black, mirrored: a7 waits, the Daimyo h8 catches a5 */
    {"dragondraughts", "7k/p7/8/P7/8/8/8/8 b 0 1", 3},
    /* a shot: d3d4 forces d5xd4 to d3, then the Daimyo a3 takes d3 and, from e3, e6 */
    {"dragondraughts", "8/8/4p3/3p4/8/K2P4/8/8 w 0 1", 3},
    /* h2h5 holds rank 5 (a5b5 is jumped from h5), then h5h4 holds rank 4 the same way
     * while a2 guards a3 */
    {"dragondraughts", "8/8/8/p7/8/8/P6K/8 w 0 1", 5},
    /* two Daimyos against a man: b1b2 watches the b-file, then h1a1 the a-file */
    {"dragondraughts", "8/8/p7/8/8/8/8/1K5K w 0 1", 5},
    /* two Daimyos against a man two steps from promotion: it falls wherever it goes */
    {"dragondraughts", "8/8/8/8/8/2p5/8/K6K w 0 1", 5},
    /* a Daimyo and a man against a man on a7: the Daimyo waits on the b-file until the
     * man reaches a4, where a3 takes it */
    {"dragondraughts", "8/p7/8/8/8/8/P7/7K w 0 1", 7},

    /* The other games' forced wins (explained in their own test files). */
    {"dragonface", "11/11/11/4e6/11/11/11/1E2A6/11 w - - 0 1", 1},
    {"dragonface", "11/1g7e1/7E1g1/11/11/11/1A6A2/11/11 w - - 0 1", 3},
    {"dragonface", "11/1e7g1/3G7/11/11/11/2g4A3/6E4/11 w - - 0 1", 5},
    {"dragonsgate", "8/8/8/8/8/8/3d4/D7 b 0 1", 1},
    {"dragonsgate", "8/8/7D/7d/7D/6D1/8/8 w 0 1", 1},
    {"dragonsgate", "2dddd2/3DD3/8/8/7d/8/8/8 w 0 1", 3},
    {"dragonsgate", "d7/8/8/3D4/8/8/8/8 w 0 1", 5},
    {"threedragons", "M6pM/9/9/9/2C1C1C2/9/2Pp5/9/M3P3M w - 0 1", 1},
    {"threedragons", "MpP5M/1P7/3P5/9/2CpC1C2/9/3P5/6P2/M7M w - 0 1", 3},
    {"threedragons", "M7M/6p2/3p5/9/2CPC1C2/9/3p5/1p7/MPp5M b - 0 1", 3},
    {"threedragons-strength", "Mp1P15M/1P17/3P15/9/2Cp1C1C2/9/3P15/6P22/M7M w - 0 1", 3},
    {"threedragons-dragons", "M6p1M/9/4p44/9/2C1P51C2/9/9/8P1/M7M w e 0 1", 1},
};

START_TEST(puzzle_mate_scores)
{
    const Game *g = t_game(puzzles[_i].game);
    int plies = t_forced_win_plies(g, puzzles[_i].fen, puzzles[_i].plies);
    ck_assert_msg(plies == puzzles[_i].plies, "%s: full-width search finds %d plies, not %d",
                  puzzles[_i].fen, plies, puzzles[_i].plies);
    /* The puzzles were set for the hand-written evaluations, which know races and these
     * endings: their search must see the win within four plies more. */
    if (g->nnue)
        g->nnue->disabled = true;
    SearchLimits limits = {.depth = plies + 4};
    Outcome o = run_search(puzzles[_i].game, puzzles[_i].fen, limits, 1);
    ck_assert_msg(o.score == score_win_in(plies), "%s: score %d, expected win in %d plies",
                  puzzles[_i].fen, o.score, plies);
    ck_assert_int_eq(score_mate_moves(o.score), (plies + 1) / 2);
    /* A learned evaluation knows less of them (Dragon-draughts' generation-3 net sees the
     * Daimyo's seven-ply win at depth 16, generation 2 at 14, the hand-written evaluation
     * at 9): within ten plies more. */
    if (g->nnue && g->nnue->net) {
        g->nnue->disabled = false;
        limits.depth = plies + 10;
        o = run_search(puzzles[_i].game, puzzles[_i].fen, limits, 1);
        ck_assert_msg(o.score == score_win_in(plies), "%s, net: score %d, expected win in %d plies",
                      puzzles[_i].fen, o.score, plies);
    }
}
END_TEST

START_TEST(limits_and_multipv)
{
    const char *fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1";
    Outcome o = run_search("breakthrough", fen, (SearchLimits){.depth = 5, .multipv = 3}, 1);
    ck_assert_int_eq(o.depth, 5);
    ck_assert_int_eq(o.lines, 3);
    o = run_search("breakthrough", fen, (SearchLimits){.nodes = 3000}, 1);
    t_assert_legal(o.game, o.root, o.best_move, "3000-node best move");
    /* a lost position still answers with a legal move and the exact loss distance */
    o = run_search("breakthrough", "8/8/8/8/8/8/p7/7P w 0 1", (SearchLimits){.depth = 4}, 1);
    ck_assert(strcmp(o.best, "h1h2") == 0 || strcmp(o.best, "h1g2") == 0);
    ck_assert_int_eq(o.score, score_loss_in(2));
    /* white to move on b6 loses the man and the game */
    o = run_search("breakthrough", "pp5p/8/1P6/8/8/8/8/8 w 0 1", (SearchLimits){.depth = 4}, 1);
    ck_assert_int_eq(o.score, score_loss_in(2));
}
END_TEST

/* The no-progress rule (NoProgressPlies 200) inside the tree. Two Daimyos against one
 * win in three plies, a1a8 h8h2 h1xh2: the capture comes at ply 3, so it must come before
 * the count reaches 200. */
START_TEST(no_progress_in_tree)
{
    const char *fen[] = {"7k/8/8/8/8/8/8/K6K w 197 1", "7k/8/8/8/8/8/8/K6K w 198 1",
                         "7k/8/8/8/8/8/8/K6K w 199 1"};
    /* 197: a1a8 makes 198, h8h2 199, and the capture resets the count: the win stands */
    Outcome o = run_search("dragondraughts", fen[0], (SearchLimits){.depth = 6}, 1);
    ck_assert_int_eq(o.score, score_win_in(3));
    /* 198: black's reply makes 200, a draw, before the capture */
    o = run_search("dragondraughts", fen[1], (SearchLimits){.depth = 6}, 1);
    ck_assert(!score_is_win(o.score));
    /* 199: every white move is a Daimyo move without a capture, which makes 200: the
     * draw is worth -Contempt to white */
    o = run_search_contempt("dragondraughts", fen[2], (SearchLimits){.depth = 6}, 1, 0);
    ck_assert_int_eq(o.score, SCORE_DRAW);
    o = run_search("dragondraughts", fen[2], (SearchLimits){.depth = 6}, 1);
    ck_assert_int_eq(o.score, -ENGINE_CONTEMPT_DEFAULT);
    o = run_search_contempt("dragondraughts", fen[2], (SearchLimits){.depth = 6}, 1, -35);
    ck_assert_int_eq(o.score, 35);
    /* 198: a white that likes draws (Contempt -45) lets black's reply make 200, two plies
     * down, where the draw is still worth +45 to white */
    o = run_search_contempt("dragondraughts", fen[1], (SearchLimits){.depth = 6}, 1, -45);
    ck_assert_int_eq(o.score, 45);
}
END_TEST

/* DragonQi's repetition situation leaves bows out, so a bow turn by each side repeats it
 * two plies later. After a10~N a6~NE the start situation stands for the second time; if
 * Storm (1,440 ahead) turns a bow again, Forest turns one back for the third occurrence, a
 * truce. The search must see it two plies down (it once looked no nearer than four plies
 * back and scored that line +1190 for Storm); left alone, Storm plays on. */
START_TEST(repetition_by_bow_turns)
{
    const char *start = "uci\nsetoption name UCI_Variant value dragonqi\n"
                        "position fen t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/"
                        "(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)2(S0)/9/9/9/PP1GFG1PP/"
                        "T*1CHKHC1T* S DQ0wdy0W - AIaiHhd 220333 - 0 1 lance moves a10~N a6~NE\n";
    char input[1024];
    snprintf(input, sizeof input,
             "%ssetoption name Contempt value 0\n"
             "go depth 2 searchmoves a10~NE\nisready\n",
             start);
    char *out = t_session(input);
    ck_assert_msg(t_matches(out, "^info depth 2 .* score cp 0 .* pv a10~NE a6~[A-Z]+$"), "%s", out);
    free(out);
    snprintf(input, sizeof input, "%sgo depth 5\nisready\n", start);
    out = t_session(input);
    ck_assert_msg(t_matches(out, "^bestmove [^~ ]+ ponder [^ ]+$"), "%s", out);
    free(out);
}
END_TEST

START_TEST(smp_search_legal)
{
    static const char *fens[][2] = {
        {"breakthrough", "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"},
        {"breakthrough", "1pp2pp1/p2pp2p/8/2p2p2/1P2P1P1/P1P5/3P1PPP/1PP2PP1 w 0 12"},
        {"breakthrough", "pp5p/8/1P6/8/8/8/8/8 w 0 1"},
        {"dragondraughts", "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1"},
        {"dragondraughts", "8/pp6/ppp1p1p1/p2pp2p/PPP2PPp/P1PPP3/P2P1P1P/8 w 0 51"},
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        const Game *g = t_game(fens[i][0]);
        Outcome o = run_search(fens[i][0], fens[i][1], (SearchLimits){.depth = 7}, 2);
        _Alignas(64) unsigned char pos[256];
        t_load(g, fens[i][1], pos);
        t_assert_legal(g, pos, o.best_move, "depth-7 best move");
        o = run_search(fens[i][0], fens[i][1], (SearchLimits){.nodes = 20000}, 3);
        t_assert_legal(g, pos, o.best_move, "20000-node best move");
    }
    Outcome o =
        run_search("breakthrough", "p6p/8/8/8/2P5/8/8/8 w 0 1", (SearchLimits){.depth = 11}, 2);
    ck_assert_int_eq(o.score, score_win_in(7));
}
END_TEST

typedef struct StopProbe {
    const Game *game;
    _Alignas(64) unsigned char root[256];
    atomic_int answers;
    Move best;
} StopProbe;

static void probe_bestmove(void *ctx, Move best, Move ponder)
{
    StopProbe *p = ctx;
    (void)ponder;
    p->best = best;
    atomic_fetch_add(&p->answers, 1);
}

/* `stop` during an infinite two-thread search, after delays from none to 40 ms: one
 * legal bestmove each time, printed by whichever of stop and the search comes first. */
START_TEST(smp_stop_answers_once)
{
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_game(e, "breakthrough", err));
    t_set_option(e, "Threads", 2);
    const Game *g = engine_game(e);
    for (int i = 0; i < 12; i++) {
        StopProbe probe = {.game = g};
        memcpy(probe.root, engine_position(e), g->pos_size);
        SearchLimits limits = {.infinite = true, .time = {-1, -1}, .multipv = 1};
        engine_go(e, &limits, (SearchReport){&probe, NULL, probe_bestmove, NULL});
        struct timespec ts = {0, (long)(i % 5) * 10 * 1000000L};
        nanosleep(&ts, NULL);
        engine_stop(e);
        engine_wait(e);
        ck_assert_int_eq(atomic_load(&probe.answers), 1);
        t_assert_legal(g, probe.root, probe.best, "best move after stop");
    }
    engine_destroy(e);
}
END_TEST

/* ---- move picker ----------------------------------------------------------------------- */

/* The staged picker hands out every legal move exactly once and nothing else, whatever
 * table move, killers and counter move it is given (legal moves, moves of other positions,
 * garbage), given at the start or after the noisy moves were listed: along random games of
 * every game, at every position, with each of those choices; in quiescence it hands out
 * exactly the noisy moves; whether the position has a noisy move is answered with the
 * table move counted; and the moves it skips once told to skip quiet moves are exactly
 * quiet ones. */
START_TEST(movepick_each_legal_move_once)
{
    const Game *g = registry_game(_i);
    enum { GAMES = 3, PLIES = 60, TRIALS = 4 };
    SearchShared shared = {0};
    SearchThread t = {.game = g, .shared = &shared};
    size_t plies = MAX_PLY + 2, list = (size_t)g->max_moves;
    t.positions = calloc(plies, g->pos_size);
    t.stack = calloc(plies, sizeof(SearchStack));
    t.arena_moves = calloc(plies * list, sizeof(Move));
    t.arena_scores = calloc(plies * list, sizeof(int));
    t.history = calloc(2 * (size_t)g->move_index_count, sizeof(int16_t));
    t.counter_moves = calloc(g->move_index_count, sizeof(Move));
    Move *legal = malloc(sizeof(Move) * MAX_MOVES), *prev = malloc(sizeof(Move) * MAX_MOVES);
    int *seen = malloc(sizeof(int) * MAX_MOVES);
    uint64_t seed = 0x91C4ULL + (uint64_t)_i;
    /* the position under test is at ply 1, its parent (for the counter move) at ply 0 */
    unsigned char *parent = t.positions, *pos = t.positions + g->pos_size;
    for (int game = 0; game < GAMES; game++) {
        t_load(g, game_start_fen(g, NULL), pos);
        t.stack[0].move = MOVE_NONE;
        int prev_count = 0;
        for (int ply = 0; ply < PLIES; ply++) {
            int n = g->gen_moves(pos, legal);
            for (int trial = 0; trial < TRIALS; trial++) {
                /* candidates for the table move, killers and counter move */
                Move pick[4];
                for (int c = 0; c < 4; c++) {
                    uint64_t kind = rng_below(&seed, 4);
                    pick[c] = kind == 0 && n ? legal[rng_below(&seed, (uint64_t)n)]
                              : kind == 1 && prev_count
                                  ? prev[rng_below(&seed, (uint64_t)prev_count)]
                              : kind == 2 ? rng_next(&seed)
                                          : MOVE_NONE;
                }
                t.stack[1].killers[0] = pick[1];
                t.stack[1].killers[1] = pick[2];
                if (t.stack[0].move != MOVE_NONE)
                    t.counter_moves[g->move_index(parent, t.stack[0].move)] = pick[3];
                for (int k = 0; k < 2 * (int)g->move_index_count; k++)
                    t.history[k] = (int16_t)(rng_below(&seed, 2000) - 1000);
                bool noisy_only = trial == TRIALS - 1;
                MovePicker mp;
                /* every other trial lists the noisy moves first and learns the table move
                 * afterwards, as quiescence does in some games */
                bool late_table_move = trial & 1;
                movepick_init(&mp, &t, 1, late_table_move ? MOVE_NONE : pick[0], noisy_only);
                if (late_table_move) {
                    movepick_noisy_count(&mp);
                    movepick_set_tt_move(&mp, pick[0]);
                }
                for (int i = 0; i < n; i++)
                    seen[i] = 0;
                int handed = 0, wanted = 0, noisy_moves = 0;
                for (int i = 0; i < n; i++) {
                    wanted += !noisy_only || g->is_noisy(pos, legal[i]);
                    noisy_moves += g->is_noisy(pos, legal[i]);
                }
                /* the table move counts among the noisy moves it may have been taken from */
                T_CHECK(movepick_has_noisy(&mp) == (noisy_moves > 0),
                        "%s: has_noisy %d with %d noisy moves", g->name, movepick_has_noisy(&mp),
                        noisy_moves);
                for (Move m; (m = movepick_next(&mp)) != MOVE_NONE; handed++) {
                    int at = -1;
                    for (int i = 0; i < n && at < 0; i++)
                        if (legal[i] == m)
                            at = i;
                    T_CHECK(at >= 0, "%s: picker gave an illegal move %#llx", g->name,
                            (unsigned long long)m);
                    T_CHECK(++seen[at] == 1, "%s: picker gave a move twice", g->name);
                    T_CHECK(mp.last_noisy == g->is_noisy(pos, m), "%s: last_noisy wrong", g->name);
                    T_CHECK(!noisy_only || mp.last_noisy, "%s: a quiet move in quiescence",
                            g->name);
                }
                T_CHECK(handed == wanted, "%s: picker gave %d moves of %d", g->name, handed,
                        wanted);
            }
            /* skipping quiet moves after the first one: only quiet moves go missing */
            MovePicker mp;
            movepick_init(&mp, &t, 1, MOVE_NONE, false);
            int noisy = 0, handed_noisy = 0;
            for (int i = 0; i < n; i++)
                noisy += g->is_noisy(pos, legal[i]);
            for (Move m; (m = movepick_next(&mp)) != MOVE_NONE;) {
                handed_noisy += mp.last_noisy;
                if (!mp.last_noisy)
                    movepick_skip_quiets(&mp);
            }
            T_CHECK(handed_noisy == noisy, "%s: %d of %d noisy moves with quiet moves skipped",
                    g->name, handed_noisy, noisy);
            if (n == 0)
                break;
            for (int i = 0; i < n; i++)
                prev[i] = legal[i];
            prev_count = n;
            memcpy(parent, pos, g->pos_size);
            t.stack[0].move = legal[rng_below(&seed, (uint64_t)n)];
            g->make_move(parent, t.stack[0].move, pos);
        }
    }
    free(seen);
    free(prev);
    free(legal);
    free(t.counter_moves);
    free(t.history);
    free(t.arena_scores);
    free(t.arena_moves);
    free(t.stack);
    free(t.positions);
}
END_TEST

/* Every game's search returns a real legal move from its start position and its first
 * bench positions. */
START_TEST(search_legal_every_game)
{
    const Game *g = registry_game(_i);
    const char *fens[4] = {game_start_fen(g, NULL)};
    int count = 1;
    for (int i = 0; g->bench_fens && g->bench_fens[i] && count < 4; i++)
        fens[count++] = g->bench_fens[i];
    for (int i = 0; i < count; i++) {
        Outcome o = run_search(g->name, fens[i], (SearchLimits){.depth = 4}, 1);
        t_assert_legal(g, o.root, o.best_move, "depth-4 best move");
    }
}
END_TEST

Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("tt");
    tcase_add_test(tc, tt_store_probe);
    tcase_add_test(tc, tt_win_scores_relative_to_node);
    tcase_add_test(tc, tt_replacement);
    tcase_add_test(tc, tt_resize_failure_keeps_table);
    tcase_add_test(tc, time_plans);
    tcase_add_test(tc, time_next_iteration);
    suite_add_tcase(s, tc);
    tc = tcase_create("search");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, puzzle_mate_scores, 0, (int)(sizeof puzzles / sizeof *puzzles));
    tcase_add_test(tc, limits_and_multipv);
    tcase_add_test(tc, no_progress_in_tree);
    tcase_add_test(tc, repetition_by_bow_turns);
    tcase_add_loop_test(tc, search_legal_every_game, 0, registry_count());
    tcase_add_loop_test(tc, movepick_each_legal_move_once, 0, registry_count());
    suite_add_tcase(s, tc);
    return s;
}

Suite *smp_suite(void)
{
    Suite *s = suite_create("smp");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, smp_search_legal);
    tcase_add_test(tc, smp_stop_answers_once);
    suite_add_tcase(s, tc);
    return s;
}
