/*
 * Breakthrough: perft, hand-checked move lists, FEN, notation, results, evaluation.
 * Every expected list below is written from the rules, square by square.
 */
#include <stdlib.h>

#include "nnue/nnue.h"
#include "search/timeman.h"
#include "tests/eval_terms.h"
#include "tests/helpers.h"

#define BT_START "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"

START_TEST(start_perft)
{
    const Game *g = t_game("breakthrough");
    static const uint64_t expected[] = {1, 22, 484, 11132, 256036, 6182818};
    for (int d = 0; d <= 5; d++)
        ck_assert_uint_eq(t_perft(g, BT_START, d), expected[d]);
}
END_TEST

START_TEST(start_moves)
{
    t_assert_moves(t_game("breakthrough"), BT_START,
                   "a2a3 a2b3 b2a3 b2b3 b2c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 "
                   "e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g2f3 g2g3 g2h3 h2g3 h2h3");
}
END_TEST

static const struct {
    const char *fen, *moves;
} hand_checked[] = {
    /* a lone man: straight and the one diagonal on the board */
    {"7p/8/8/8/8/8/8/P7 w 0 1", "a1a2 a1b2"},
    /* diagonal capture */
    {"7p/8/8/8/8/1p6/P7/8 w 0 1", "a2a3 a2b3"},
    /* no capture straight ahead */
    {"7p/8/8/8/8/p7/P7/8 w 0 1", "a2b3"},
    /* own men block, no move onto an own man */
    {"7p/8/8/8/8/PPP5/1P6/8 w 0 1", "a3a4 a3b4 b3a4 b3b4 b3c4 c3b4 c3c4 c3d4"},
    /* black moves down */
    {"8/p7/8/8/8/8/8/7P b 0 1", "a7a6 a7b6"},
    /* h-file: no wrap to the a-file */
    {"p7/8/8/8/8/8/7P/8 w 0 1", "h2g3 h2h3"},
    {"8/7p/8/8/8/8/8/P7 b 0 1", "h7g6 h7h6"},
    /* moves onto the goal row, one of them a capture */
    {"p7/1P6/8/8/8/8/8/8 w 0 1", "b7a8 b7b8 b7c8"},
    /* two captures and a step */
    {"7p/8/8/8/2p1p3/3P4/8/8 w 0 1", "d3c4 d3d4 d3e4"},
    /* white has reached the goal: the game is over, black has no move */
    {"P7/8/8/8/8/8/p7/8 b 0 1", ""},
    /* black has no men left: over */
    {"8/8/8/8/8/8/P7/8 b 0 1", ""},
    /* black blocked straight, captures both ways */
    {"8/8/3p4/2PPP3/8/8/8/P7 b 0 1", "d6c5 d6e5"},
};

START_TEST(hand_checked_lists)
{
    const Game *g = t_game("breakthrough");
    t_assert_moves(g, hand_checked[_i].fen, hand_checked[_i].moves);
}
END_TEST

START_TEST(results)
{
    const Game *g = t_game("breakthrough");
    unsigned char pos[256];
    t_load(g, "P7/8/8/8/8/8/p7/8 b 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    t_load(g, "8/8/8/8/8/8/P7/8 w 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_WIN);
    t_load(g, BT_START, pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    t_play(g, pos, "a2a3 h7h6");
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
}
END_TEST

START_TEST(fen_round_trip_and_errors)
{
    const Game *g = t_game("breakthrough");
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(g, "8/8/3p4/2PPP3/8/8/8/P7 b 5 17", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/3p4/2PPP3/8/8/8/P7 b 5 17");
    t_load(g, "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, BT_START);
    static const char *bad[] = {
        "",
        "w",
        "8/8/8 w 0 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPX w 0 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP x 0 1",
        "ppppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPP w 0 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "P7/8/8/8/8/8/8/p7 w 0 1",
        BT_START " extra",
        /* a run of digits is one count (44, not 4 + 4); no leading zero; no 9 */
        "pppppppp/pppppppp/44/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
        "pppppppp/pppppppp/08/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
        "pppppppp/pppppppp/9/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w -1 1",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 0",
        "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 x",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(g, bad[i]), "accepted bad FEN '%s'", bad[i]);
}
END_TEST

START_TEST(notation)
{
    const Game *g = t_game("breakthrough");
    unsigned char pos[256];
    char s[MOVE_STR_MAX];
    t_load(g, BT_START, pos);
    Move m = g->parse_move(pos, "b2c3");
    ck_assert(m != MOVE_NONE);
    g->move_to_str(pos, m, s);
    ck_assert_str_eq(s, "b2c3");
    static const char *bad[] = {
        "b2b4", "b2",   "b2c3x",           "", "a1a2", "i2i3", "b2a1", "0000",
        "b7b6", "B2C3", "\xff\xfe\x01\x02"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(g->parse_move(pos, bad[i]) == MOVE_NONE, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(random_game_invariants)
{
    const Game *g = t_game("breakthrough");
    ck_assert_int_gt(t_random_games(g, BT_START, 200, 300, 12345), 1000);
}
END_TEST

START_TEST(forced_wins)
{
    const Game *g = t_game("breakthrough");
    /* a step onto the goal row */
    ck_assert_int_eq(t_forced_win_plies(g, "7p/1P6/8/8/8/8/8/8 w 0 1", 5), 1);
    /* the runner on g6 cannot be stopped by the h8 man: win in 3 plies */
    ck_assert_int_eq(t_forced_win_plies(g, "7p/8/6P1/8/8/8/8/8 w 0 1", 5), 3);
    /* black's a2 man steps home at once; from a3 it takes three plies */
    ck_assert_int_eq(t_forced_win_plies(g, "8/8/8/8/8/8/p7/7P b 0 1", 3), 1);
    ck_assert_int_eq(t_forced_win_plies(g, "8/8/8/8/8/p7/8/7P b 0 1", 5), 3);
}
END_TEST

/* The hand-written evaluation (its terms are what these tests check). */
static int bt_eval(const char *fen)
{
    const Game *g = t_game("breakthrough");
    unsigned char pos[256];
    t_load(g, fen, pos);
    g->nnue->disabled = true;
    int score = g->evaluate(pos);
    g->nnue->disabled = false;
    return score;
}

/* A race won by the rules' arithmetic must outweigh any material: the eval reports it. */
START_TEST(eval_races)
{
    /* White's h3 man has no black man in its cone and needs 5 moves; black's a8 man
     * needs 7: white wins whoever moves, though black is a man up. */
    ck_assert_int_gt(bt_eval("p7/p7/8/8/8/7P/8/8 w 0 1"), 1000);
    ck_assert_int_lt(bt_eval("p7/p7/8/8/8/7P/8/8 b 0 1"), -1000);
    /* c6 is not attacked and its diagonal steps b7 and d7 are not either: white wins in
     * two moves although the b8 man stands in its cone. */
    ck_assert_int_gt(bt_eval("1p6/8/2P5/8/8/8/8/8 w 0 1"), 1000);
    /* with a black man on a8 as well, b7 is attacked but d7 is still free */
    ck_assert_int_gt(bt_eval("pp6/8/2P5/8/8/8/8/8 w 0 1"), 1000);
    /* with c8 and e8 too, both diagonal steps are attacked: no race to report */
    ck_assert_int_lt(bt_eval("p1p1p3/8/2P5/8/8/8/8/8 w 0 1"), 1000);
    /* the side to move arrives first when both need the same number of moves */
    ck_assert_int_gt(bt_eval("8/8/7p/8/8/P7/8/8 w 0 1"), 1000);
    ck_assert_int_gt(bt_eval("8/8/7p/8/8/P7/8/8 b 0 1"), 1000);
}
END_TEST

/* The fitted terms on a hand-counted position: white's a4, b4 and c4 against black's g7
 * and h8. Safety: white has two men with a friend on their left (4), black's g7 is
 * defended by h8 (2). Mobility: white steps to a5, b5, c5 straight, a5, b5 to the left,
 * b5, c5, d5 to the right (8 squares, 24); black to g6, h7, f6, h6 (4, 12). Pressure:
 * three white men past the middle of the a-c wing and one of the c-f wing, with no black
 * man at home there (4, 400). */
START_TEST(eval_fitted_terms)
{
    const Game *g = t_game("breakthrough");
    const char *fen = "7p/6p1/8/8/PPP5/8/8/8 w 0 1";
    ck_assert_int_eq(t_eval_term(g, fen, "safety", P1), 4);
    ck_assert_int_eq(t_eval_term(g, fen, "safety", P2), 2);
    ck_assert_int_eq(t_eval_term(g, fen, "mobility", P1), 24);
    ck_assert_int_eq(t_eval_term(g, fen, "mobility", P2), 12);
    ck_assert_int_eq(t_eval_term(g, fen, "pressure", P1), 400);
    ck_assert_int_eq(t_eval_term(g, fen, "pressure", P2), 0);
    /* a4, b4, c4 are on the fourth rank (127, 135, 135); h8 and g7 at home and one step
     * out (100, 119) */
    ck_assert_int_eq(t_eval_term(g, fen, "material", P1), 397);
    ck_assert_int_eq(t_eval_term(g, fen, "material", P2), 219);
}
END_TEST

/* Colours mirrored (ranks flipped, side to move swapped), the eval is the same. */
START_TEST(eval_symmetry)
{
    ck_assert_int_eq(bt_eval(BT_START),
                     bt_eval("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b 0 1"));
    ck_assert_int_eq(bt_eval("3p1p2/1p1ppppp/3p4/2pP3P/4P3/p3P3/8/PP1PPPPP w 0 25"),
                     bt_eval("pp1ppppp/8/P3p3/4p3/2Pp3p/3P4/1P1PPPPP/3P1P2 b 0 25"));
}
END_TEST

/* Sudden death: the clock is shared among the game's 60 moves, not the default 30; with
 * moves to go, those count. 10 s, no increment, no overhead: 9700 ms to share once the
 * 300 ms reserve is kept back. */
START_TEST(clock_plan)
{
    const Game *g = t_game("breakthrough");
    ck_assert_int_eq(g->params.moves_left, 60);
    SearchLimits l = {.time = {10000, 10000}, .multipv = 1};
    TimePlan def = timeman_plan(&l, P1, 0), bt = timeman_plan(&l, P1, g->params.moves_left);
    ck_assert_int_eq(def.soft, 323);
    ck_assert_int_eq(def.hard, 1615);
    ck_assert_int_eq(bt.soft, 161);
    ck_assert_int_eq(bt.hard, 805);
    l.movestogo = 10;
    bt = timeman_plan(&l, P2, g->params.moves_left);
    ck_assert_int_eq(bt.soft, 970);
}
END_TEST

Suite *breakthrough_suite(void)
{
    Suite *s = suite_create("breakthrough");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_perft);
    tcase_add_test(tc, start_moves);
    tcase_add_loop_test(tc, hand_checked_lists, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_test(tc, results);
    tcase_add_test(tc, fen_round_trip_and_errors);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, random_game_invariants);
    tcase_add_test(tc, forced_wins);
    tcase_add_test(tc, eval_races);
    tcase_add_test(tc, eval_symmetry);
    tcase_add_test(tc, eval_fitted_terms);
    tcase_add_test(tc, clock_plan);
    suite_add_tcase(s, tc);
    return s;
}
