/*
 * Dragon's Gate: perft, hand-checked move lists, FEN, notation, results, puzzles.
 * Every expected list below is written from the rules (docs/rules/dragonsgate.md),
 * square by square; the comments give the reasoning.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/rng.h"
#include "tests/eval_terms.h"
#include "tests/helpers.h"
#include "tests/search_puzzle.h"

#define DG_START "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1"

START_TEST(start_perft)
{
    const Game *g = t_game("dragonsgate");
    static const uint64_t expected[] = {1, 42, 1764, 71316, 2883204};
    for (int d = 0; d <= 4; d++)
        ck_assert_uint_eq(t_perft(g, DG_START, d), expected[d]);
}
END_TEST

/* 22 steps from rank 2 (edge files have two), 20 flies from rank 1 over rank 2 to rank 3
 * (b1 and g1 have no diagonal fly toward the near edge: the Dragon jumped would be on the
 * a or h file, with the landing square off the board). */
START_TEST(start_moves)
{
    t_assert_moves(t_game("dragonsgate"), DG_START,
                   "a2a3 a2b3 b2a3 b2b3 b2c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 "
                   "e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g2f3 g2g3 g2h3 h2g3 h2h3 "
                   "a1a3 a1c3 b1b3 b1d3 c1a3 c1c3 c1e3 d1b3 d1d3 d1f3 "
                   "e1c3 e1e3 e1g3 f1d3 f1f3 f1h3 g1e3 g1g3 h1f3 h1h3");
}
END_TEST

static const struct {
    const char *fen, *moves;
} hand_checked[] = {
    /* a lone Dragon in the corner: straight and the one diagonal on the board */
    {"7d/8/8/8/8/8/8/D7 w 0 1", "a1a2 a1b2"},
    /* in the open: three steps, never sideways or back */
    {"7d/8/8/8/3D4/8/8/8 w 0 1", "d4c5 d4d5 d4e5"},
    /* straight fly d4 over d5 to d6; d5 steps on its own */
    {"7d/8/8/3D4/3D4/8/8/8 w 0 1", "d4c5 d4e5 d4d6 d5c6 d5d6 d5e6"},
    /* diagonal fly d4 over c5 to b6 */
    {"7d/8/8/2D5/3D4/8/8/8 w 0 1", "d4d5 d4e5 d4b6 c5b6 c5c6 c5d6"},
    /* no fly over the enemy on d5 (d6 is empty); d4 cannot withdraw onto its own d3 */
    {"7d/8/8/3d4/3D4/3D4/8/8 w 0 1", "d4c5 d4e5 d3c4 d3e4"},
    /* one fly per turn: c1 flies to c3 but never on over c4 to c5 */
    {"7d/8/8/8/2D5/8/2D5/2D5 w 0 1", "c1b2 c1d2 c1c3 c2b3 c2c3 c2d3 c4b5 c4c5 c4d5"},
    /* a fly needs an empty landing square: d4 cannot fly onto d6, d5 flies to d7 */
    {"7d/8/3D4/3D4/3D4/8/8/8 w 0 1", "d4c5 d4e5 d5c6 d5e6 d5d7 d6c7 d6d7 d6e7"},
    /* nor land on an enemy: c2 over d3 would land on the enemy e4 */
    {"8/8/8/8/4d3/3D4/2D5/8 w 0 1", "c2b3 c2c3 d3c4 d3d4"},
    /* withdrawal straight back: enemy on d5, d4 steps back to d3 */
    {"8/8/8/3d4/3D4/8/8/8 w 0 1", "d4c5 d4e5 d4d3"},
    /* withdrawal diagonal: enemy on e5 (ahead toward h), d4 withdraws to c3 */
    {"8/8/8/4d3/3D4/8/8/8 w 0 1", "d4c5 d4d5 d4c3"},
    /* the square behind must be empty: c3 is taken, so no withdrawal */
    {"8/8/8/4d3/3D4/2D5/8/8 w 0 1", "d4c5 d4d5 c3b4 c3c4"},
    /* nor may it be off the board: rank 1, file a, file h */
    {"8/8/8/8/8/8/3d4/3D4 w 0 1", "d1c2 d1e2"},
    {"8/8/8/1d6/D7/8/8/8 w 0 1", "a4a5"},
    {"8/8/8/6d1/7D/8/8/8 w 0 1", "h4h5"},
    /* three enemies in front: three withdrawals, no step */
    {"8/8/8/2ddd3/3D4/8/8/8 w 0 1", "d4c3 d4d3 d4e3"},
    /* two diagonal enemies: each withdrawal goes away from its own victim */
    {"8/8/8/2d1d3/3D4/8/8/8 w 0 1", "d4d5 d4e3 d4c3"},
    /* North moves down; it withdraws up, from e5 to e6 taking e4 */
    {"8/8/8/4d3/4D3/8/8/D7 b 0 1", "e5d4 e5f4 e5e6"},
    /* North flies down, d6 over d5 to d4 */
    {"8/8/3d4/3d4/8/8/8/D7 b 0 1", "d6c5 d6e5 d6d4 d5c4 d5d4 d5e4"},
    /* North on its home row cannot withdraw (the square behind is off the board) */
    {"7d/6D1/8/8/8/8/8/8 b 0 1", "h8h7"},
    /* North on the a-file: no wrap to the h-file */
    {"8/8/8/d7/8/8/8/7D b 0 1", "a5a4 a5b4"},
    /* edge flies: a1 over b2 to c3, h1 over g2 to f3; no wrap across the edges */
    {"7d/8/8/8/8/8/1D4D1/D6D w 0 1", "a1a2 a1c3 b2a3 b2b3 b2c3 h1h2 h1f3 g2f3 g2g3 g2h3"},
    /* at the gate: c7 steps through on d8, or withdraws taking c8 (to c6) or b8 (to d6) */
    {"1dd5/2D5/8/8/8/8/8/8 w 0 1", "c7d8 c7d6 c7c6"},
    /* North has passed the gate on d1: the game is over, South has no move */
    {"8/8/8/8/8/8/8/3d3D w 0 1", ""},
    /* every forward square taken by enemies, no square behind: no legal move */
    {"8/8/8/8/8/8/dd6/D7 w 0 1", ""},
    /* no Dragon left: no legal move */
    {"d7/8/8/8/8/8/8/8 w 0 1", ""},
};

/* The move list, and the game's own bulk-counting perft to depth 1 against the list's
 * length and to depth 3 against the generic perft. */
START_TEST(hand_checked_lists)
{
    const Game *g = t_game("dragonsgate");
    t_assert_moves_counted(g, hand_checked[_i].fen, hand_checked[_i].moves);
    unsigned char pos[256];
    t_load(g, hand_checked[_i].fen, pos);
    ck_assert_uint_eq(perft(g, pos, 3), perft_generic(g, pos, 3));
}
END_TEST

/* The Dragon taken is the one in front of the origin opposite to the move. */
START_TEST(make_moves)
{
    const Game *g = t_game("dragonsgate");
    t_assert_played(g, "8/8/8/2d1d3/3D4/8/8/8 w 0 1", "d4c3", "8/8/8/2d5/8/2D5/8/8 b 0 1");
    t_assert_played(g, "8/8/8/2d1d3/3D4/8/8/8 w 0 1", "d4e3", "8/8/8/4d3/8/4D3/8/8 b 0 1");
    t_assert_played(g, "8/8/8/3d4/3D4/8/8/8 w 0 1", "d4d3", "8/8/8/8/8/3D4/8/8 b 0 1");
    t_assert_played(g, "8/8/8/4d3/4D3/8/8/D7 b 0 1", "e5e6", "8/8/4d3/8/8/8/8/D7 w 0 2");
    t_assert_played(g, "8/8/3d4/3d4/8/8/8/D7 b 0 7", "d6d4", "8/8/8/3d4/3d4/8/8/D7 w 0 8");
    t_assert_played(g, DG_START, "c1c3 c7c6",
                    "dddddddd/dd1ddddd/2d5/8/8/2D5/DDDDDDDD/DD1DDDDD w 0 2");
}
END_TEST

START_TEST(results)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256];
    Move moves[MAX_MOVES];
    t_load(g, DG_START, pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    /* North on d1 has passed the gate */
    t_load(g, "8/8/8/8/8/8/8/3d3D w 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    /* South steps through on d8: North, to move, has lost and has no move */
    t_load(g, "1dd5/2D5/8/8/8/8/7d/8 w 0 1", pos);
    t_play(g, pos, "c7d8");
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    ck_assert_int_eq(g->gen_moves(pos, moves), 0);
    /* the last North Dragon taken by withdrawal */
    t_load(g, "8/8/8/4d3/3D4/8/8/8 w 0 1", pos);
    t_play(g, pos, "d4c3");
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    /* blocked: the game is not over by result(), but there is no move, which loses */
    t_load(g, "8/8/8/8/8/8/dd6/D7 w 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    ck_assert_int_eq(g->gen_moves(pos, moves), 0);
    ck_assert_int_eq(g->no_moves_result, RESULT_LOSS);
}
END_TEST

START_TEST(fen_round_trip_and_errors)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(g, "8/8/3d4/2DDD3/8/8/8/D7 b 5 17", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/3d4/2DDD3/8/8/8/D7 b 5 17");
    t_load(g, "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, DG_START);
    /* a finished game is a legal position: North on d1, South to move */
    t_load(g, "8/8/8/8/8/8/8/3d3D w 0 1", pos);
    static const char *bad[] = {
        "",
        "w",
        "8/8/8 w 0 1",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDP w 0 1",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD x 0 1",
        "ddddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDD w 0 1",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD/8 w 0 1",
        "dddddddd/dddddddd/44/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
        "dddddddd/dddddddd/08/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
        "dddddddd/dddddddd/9/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
        DG_START " extra",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w -1 1",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 0",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 x",
        "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 99999999 1",
        /* seventeen South Dragons */
        "dddddddd/dddddddd/8/8/8/D7/DDDDDDDD/DDDDDDDD w 0 1",
        /* South to move already stands on rank 8 */
        "D7/8/8/8/7d/8/8/8 w 0 1",
        /* two North Dragons through the gate */
        "8/8/8/8/8/8/8/dd5D w 0 1",
        /* the side that just moved has no Dragon */
        "d7/8/8/8/8/8/8/8 b 0 1",
        "8/8/8/8/8/8/8/D7 w 0 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(g, bad[i]), "accepted bad FEN '%s'", bad[i]);
}
END_TEST

START_TEST(notation)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256];
    char s[MOVE_STR_MAX];
    static const char *good[][2] = {
        {DG_START, "c2c3"},
        {DG_START, "c1c3"},
        {DG_START, "c1a3"},
        {"8/8/8/4d3/3D4/8/8/8 w 0 1", "d4c3"},
        {"8/8/8/4d3/4D3/8/8/D7 b 0 1", "e5e6"},
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        t_load(g, good[i][0], pos);
        Move m = g->parse_move(pos, good[i][1]);
        ck_assert_msg(m != MOVE_NONE, "rejected %s", good[i][1]);
        g->move_to_str(pos, m, s);
        ck_assert_str_eq(s, good[i][1]);
    }
    t_load(g, DG_START, pos);
    static const char *bad[] = {"c2c4",
                                "c2",
                                "c2c3x",
                                "",
                                "C2C3",
                                "0000",
                                "i2i3",
                                "c2c2",
                                "c7c6",
                                "c1c2",
                                "c2b1",
                                "c3c4",
                                " c2c3",
                                "c2c3 ",
                                "c2-c3",
                                "a1a9",
                                "\xff\xfe\x01\x02"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(g->parse_move(pos, bad[i]) == MOVE_NONE, "accepted '%s'", bad[i]);
    /* a withdrawal needs a victim: d4d3 with nothing on d5 is no move */
    t_load(g, "8/8/8/4d3/3D4/8/8/8 w 0 1", pos);
    ck_assert(g->parse_move(pos, "d4d3") == MOVE_NONE);
    ck_assert(g->parse_move(pos, "d4e3") == MOVE_NONE);
}
END_TEST

/* Noisy moves are the withdrawals and the moves through the gate, nothing else. */
START_TEST(noisy_moves)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256];
    Move moves[MAX_MOVES];
    char s[MOVE_STR_MAX];
    t_load(g, "1dd5/2D5/8/8/8/8/8/8 w 0 1", pos);
    ck_assert_int_eq(g->gen_noisy(pos, moves), 3);
    t_load(g, "8/8/8/4d3/3D4/8/8/8 w 0 1", pos);
    ck_assert_int_eq(g->gen_noisy(pos, moves), 1);
    g->move_to_str(pos, moves[0], s);
    ck_assert_str_eq(s, "d4c3");
    t_load(g, DG_START, pos);
    ck_assert_int_eq(g->gen_noisy(pos, moves), 0);
    /* the winning step is ordered before either capture */
    t_load(g, "1dd5/2D5/8/8/8/8/8/8 w 0 1", pos);
    ck_assert_int_gt(g->noisy_order(pos, g->parse_move(pos, "c7d8")),
                     g->noisy_order(pos, g->parse_move(pos, "c7c6")));
}
END_TEST

START_TEST(random_game_invariants)
{
    const Game *g = t_game("dragonsgate");
    ck_assert_int_gt(t_random_games(g, DG_START, 200, 300, 20240611), 2000);
}
END_TEST

/* The bulk-counting perft agrees with the generic one along random games. */
START_TEST(perft_matches_generic)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256], next[256];
    Move moves[MAX_MOVES];
    uint64_t seed = 77;
    for (int game = 0; game < 6; game++) {
        t_load(g, DG_START, pos);
        for (int ply = 0; ply < 80; ply++) {
            if (ply % 4 == 0)
                for (int d = 1; d <= 3; d++)
                    ck_assert_uint_eq(perft(g, pos, d), perft_generic(g, pos, d));
            int n = g->gen_moves(pos, moves);
            if (n == 0)
                break;
            g->make_move(pos, moves[rng_below(&seed, (uint64_t)n)], next);
            memcpy(pos, next, g->pos_size);
        }
    }
}
END_TEST

/* Mirroring the board (rank r to 9 - r) and swapping the colours leaves the evaluation
 * unchanged; it also stays within the engine's bound. */
static void mirror_fen(const char *fen, char *flipped)
{
    char board[128], side;
    int half, full;
    ck_assert_int_eq(sscanf(fen, "%127s %c %d %d", board, &side, &half, &full), 4);
    char *ranks[8], *save = NULL;
    ranks[0] = strtok_r(board, "/", &save);
    for (int r = 1; r < 8; r++)
        ranks[r] = strtok_r(NULL, "/", &save);
    size_t n = 0;
    for (int r = 7; r >= 0; r--) {
        for (const char *c = ranks[r]; *c; c++)
            flipped[n++] = *c == 'D' ? 'd' : *c == 'd' ? 'D' : *c;
        flipped[n++] = r ? '/' : ' ';
    }
    snprintf(flipped + n, FEN_MAX - n, "%c 0 1", side == 'w' ? 'b' : 'w');
}

START_TEST(eval_symmetry)
{
    t_eval_mirror_walk(t_game("dragonsgate"), DG_START, 20, 60, mirror_fen, SCORE_EVAL_MAX);
}
END_TEST

/* Each term the evaluation is built from reacts in a position made for it. */
START_TEST(eval_terms_react)
{
    const Game *g = t_game("dragonsgate");
    /* race and runners: d6 has no North Dragon anywhere in front of it */
    ck_assert_int_gt(t_eval_term(g, "d7/8/3D4/8/8/8/8/8 w 0 1", "runner", P1), 0);
    ck_assert_int_gt(t_eval_term(g, "d7/8/3D4/8/8/8/8/8 w 0 1", "race", P1), 0);
    ck_assert_int_gt(t_eval_term(g, "d7/8/3D4/8/8/8/8/8 w 0 1", "advance", P1),
                     t_eval_term(g, "d7/8/3D4/8/8/8/8/8 w 0 1", "advance", P2));
    /* gate: g7 can step through */
    ck_assert_int_gt(t_eval_term(g, "7d/6D1/8/8/8/8/8/8 w 0 1", "gate", P1), 0);
    /* threat: d4 can withdraw to c3 taking e5 (and e5 to f6 taking d4) */
    ck_assert_int_gt(t_eval_term(g, "8/8/8/4d3/3D4/8/8/8 w 0 1", "threat", P1), 0);
    ck_assert_int_eq(t_eval_term(g, DG_START, "threat", P1), 0);
    /* blocked: a1 has no step, fly or withdrawal */
    ck_assert_int_lt(t_eval_term(g, "8/8/8/8/8/8/dd6/D7 w 0 1", "blocked", P1), 0);
    ck_assert_int_eq(t_eval_term(g, DG_START, "blocked", P1), 0);
}
END_TEST

/* Forced wins, solved by the engine's own search at the exact distance (and checked by
 * full-width search); the winning first moves of the short ones by hand. */
static const SearchPuzzle puzzles[] = {
    /* g7 steps through on f8 or g8, or withdraws to f6 taking h8, North's last Dragon */
    {"7d/6D1/8/8/8/8/8/8 w 0 1", 1, "g7f8 g7g8 g7f6"},
    /* North's d2 steps through on c1, d1 or e1 */
    {"8/8/8/8/8/8/3d4/D7 b 0 1", 1, "d2c1 d2d1 d2e1"},
    /* the last North Dragon taken by withdrawal: North has no move */
    {"8/8/8/4d3/3D4/8/8/8 w 0 1", 1, "d4c3"},
    /* g3g4 walls in h5: h4 and g4 are taken, the withdrawal to h6 is shut by South's h6
     * and the one away from g4 would leave the board, so North has no move; or h4
     * withdraws to h3 and takes h5, North's last Dragon */
    {"8/8/7D/7d/7D/6D1/8/8 w 0 1", 1, "g3g4 h4h3"},
    /* d6 runs: d7 next, and no North Dragon can block three squares or take it there */
    {"d7/8/3D4/8/8/8/8/8 w 0 1", 3, NULL},
    /* d7 and e7 are shut in by c8-f8; e7 withdraws to f6 taking d8, and d7 then steps
     * through on d8 (nothing North has can refill d8 or take d7) */
    {"2dddd2/3DD3/8/8/7d/8/8/8 w 0 1", 3, NULL},
    /* a lone runner on d5 against a far Dragon: three moves to the gate */
    {"d7/8/8/3D4/8/8/8/8 w 0 1", 5, NULL},
};

START_TEST(forced_wins)
{
    t_search_finds_win("dragonsgate", puzzles[_i].fen, puzzles[_i].plies, puzzles[_i].winning);
}
END_TEST

/* Shut in by c8-e8 alone, d7 must withdraw first: no win within three plies. */
START_TEST(no_quick_win)
{
    ck_assert_int_eq(t_forced_win_plies(t_game("dragonsgate"), "2ddd3/3D4/8/8/7d/8/8/8 w 0 1", 3),
                     -1);
}
END_TEST

START_TEST(bench_positions_valid)
{
    const Game *g = t_game("dragonsgate");
    unsigned char pos[256];
    Move moves[MAX_MOVES];
    int count = 0;
    for (const char *const *f = g->bench_fens; *f; f++, count++) {
        t_load(g, *f, pos);
        ck_assert_msg(g->gen_moves(pos, moves) > 0, "bench position is over: %s", *f);
    }
    ck_assert_int_ge(count, 10);
}
END_TEST

Suite *dragonsgate_suite(void)
{
    Suite *s = suite_create("dragonsgate");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_perft);
    tcase_add_test(tc, start_moves);
    tcase_add_loop_test(tc, hand_checked_lists, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_test(tc, make_moves);
    tcase_add_test(tc, results);
    tcase_add_test(tc, fen_round_trip_and_errors);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, noisy_moves);
    tcase_add_test(tc, random_game_invariants);
    tcase_add_test(tc, perft_matches_generic);
    tcase_add_test(tc, eval_symmetry);
    tcase_add_test(tc, eval_terms_react);
    tcase_add_loop_test(tc, forced_wins, 0, (int)(sizeof puzzles / sizeof *puzzles));
    tcase_add_test(tc, no_quick_win);
    tcase_add_test(tc, bench_positions_valid);
    suite_add_tcase(s, tc);
    return s;
}
