/*
 * DragonQi's play with a lead: the evaluation's reach term worked out by hand on small
 * positions (the moves a side's flag-bearers and Direct Capturers need, eval/dragonqi.c),
 * and positions with a plan (a lead carried across the ocean, the Storm Queen becoming
 * the Witch, a flag to plant, an undefended royal, lock-ups) that the engine playing both
 * sides must carry out.
 *
 * The term belongs to the side ahead in material: 25 for each move fewer than 16 that
 * each of its winners needs to win (for the Storm, less the Storm Queen's arrows while
 * she stands in for the Witch), times its lead up to 600, over 600, once the lead is
 * a tenth of the other side's material (from a tenth to a fifth, in proportion to the
 * share past a tenth; nothing below), and once the side behind has less than 5,500 (in
 * proportion down to 5,000, the whole below); the Forest's, whose way ends on the Storm's
 * land, only while fewer than seven Storm forces stand there (the whole with three or
 * fewer, in proportion between). Material in DQT_PLAIN positions includes the waiting Ice
 * Dragon (850) for the Forest, and the waiting Younger Serpent (300) for the Storm while
 * it has its Queen or the Red Witch.
 */
#include <stdlib.h>

#include "tests/eval_terms.h"
#include "tests/helpers.h"
#include "tests/test_dragonqi.h"

/* The Storm Queen on e11 beside an empty Red Ship, the Warlord, a Catapult; the Prince at
 * home with the Princess. */
#define QUEEN_FEN "c3k4/9/9/9/4q4/4(s4)4/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - d 220300 - 0 1 lance"

static const struct {
    const char *what, *pieces, *fields;
    int storm, forest; /* the reach row's two columns */
} reach_cases[] = {
    /* Storm 1,480 (the ship 120, two Catapults 760, six Gnomes 600) against the Princess
     * and the waiting Dragon, 1,200: a lead of 280. The Warlord's bow points at e8, so
     * each first cell at sea costs a turn and a sail (2), then he lands on e5 (3), steps
     * to e4 (4) and plants (5): 25 * 11 * 280 / 600 = 128. */
    {"the Warlord's bow turned away", "(s0k)e7 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Ka1 Fe2",
     "S " DQT_PLAIN, 128, 0},
    /* The bow points south: e6 in one move, so 4 moves: 25 * 12 * 280 / 600 = 140. */
    {"the Warlord's bow toward the beach",
     "(s4k)e7 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Ka1 Fe2", "S " DQT_PLAIN, 140, 0},
    /* Forest 1,320 (the Princess, the Dragon, the Green Ship) against nothing: the lead
     * counts up to 600. The Prince lands on e11 (1), steps to e12 (2) and plants (3);
     * his Sword at the Warlord on a15 needs 4 (d11, c12, b13, b14): 25 * 13 = 325. */
    {"the Prince off the Storm beach", "(S0K)e10 Fe2 ka15", "F " DQT_PLAIN, 0, 325},
    /* The Warlord's bow toward the beach, and a Dwarf for the Forest, 1,300: the lead of
     * 180 is 13.8% of it, 3.8 points of the ten from a tenth to a fifth:
     * 300 * 180 / 600 * 5,000 / 13,000 = 34. */
    {"a lead of less than a fifth", "(s4k)e7 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Ka1 Fe2 Pi2",
     "S " DQT_PLAIN, 34, 0},
    /* Two Dwarfs, 1,400: a lead of 80 is less than a tenth, no term. */
    {"a lead of less than a tenth",
     "(s4k)e7 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Ka1 Fe2 Ph2 Pi2", "S " DQT_PLAIN, 0, 0},
    /* Storm 1,360 against 1,200, but no Red vessel to cross on: no way, no term. */
    {"no vessel to cross on", "ke15 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Ke1 Fe2",
     "S " DQT_PLAIN, 0, 0},
};

/* The reach row of fen's eval is storm and forest; `what` names the case. */
static void assert_reach(const char *fen, const char *what, int storm, int forest)
{
    const Game *g = t_game("dragonqi");
    int s = t_eval_term(g, fen, "reach", P1), f = t_eval_term(g, fen, "reach", P2);
    ck_assert_msg(s == storm, "%s: storm %d, not %d", what, s, storm);
    ck_assert_msg(f == forest, "%s: forest %d, not %d", what, f, forest);
}

START_TEST(reach_terms)
{
    char fen[FEN_MAX];
    dqt_fen(fen, sizeof fen, reach_cases[_i].pieces, reach_cases[_i].fields);
    assert_reach(fen, reach_cases[_i].what, reach_cases[_i].storm, reach_cases[_i].forest);
}
END_TEST

/* The Storm Queen becomes the Red Witch by sliding aboard an empty Red vessel on rank 10:
 * on d10, one of her lines, once the Red Ship of e10 has come there (1 + 1), free to point
 * south; d9, d8, d7, d6 (6), landing on e5 (7), e4 (8), planting (9): 25 * 7 = 175. Her
 * Crystal at the Prince on e1 needs 10 (d3, d2). The Warlord walks to e11 (4), embarks on
 * d10 once the ship is there (6) and goes the same way: 13, 25 * 3 = 75. Her three arrows,
 * forfeited when she becomes the Witch, count as gone: 120 less. Storm 1,320 (the Queen
 * 450, the ship, the Younger and the Elder Serpent waiting, the latter while the Warlord
 * has not landed) and a Catapult on a15 out of her way, 1,700, against 1,200: a lead of
 * 500, more than a fifth of 1,200: (175 + 75 - 120) * 500 / 600 = 108. */
START_TEST(reach_of_the_queen)
{
    const Game *g = t_game("dragonqi");
    const char *fen = QUEEN_FEN;
    ck_assert_int_eq(t_eval_term(g, fen, "reach", P1), 108);
    ck_assert_int_eq(t_eval_term(g, fen, "reach", P2), 0);
}
END_TEST

/* The Storm Queen's way aboard counts her slides over the land as it stands. The Prince is
 * on d11, so the Red Witch wins on arrival on c10, d10 or e10 (her Crystal); the empty Red
 * Ship is on e10. Storm 2,230 (the Queen, the ship, two Catapults, six Gnomes, the waiting
 * Younger Serpent) or 2,330 with a seventh Gnome against 1,200: the lead counts in full.
 * - On e13, the Queen slides down the e-file aboard: one move, 25 * 15 = 375 more than
 *   without her.
 * - A Gnome on e11 closes that line; she needs two slides (b13, then over c12 and d11),
 *   and d10 and c10 need the ship to come as well (three moves or more): 25 less.
 * - Walled in on a15 by a Catapult and two Gnomes, she has no way aboard: nothing from her.
 * The Warlord's part (his way keeps two cells from the Prince) is the same in all three.
 * The first two differ only in the Gnome, and are asked one after the other: the term's
 * table must tell them apart by what stands on her land. */
START_TEST(reach_of_the_queen_over_her_land)
{
    const Game *g = t_game("dragonqi");
    char open[FEN_MAX], closed[FEN_MAX], walled[FEN_MAX];
    dqt_fen(open, sizeof open, "ke15 qe13 (s4)e10 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Kd11 Fe2",
            "S " DQT_PLAIN);
    dqt_fen(closed, sizeof closed,
            "ke15 qe13 pe11 (s4)e10 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Kd11 Fe2",
            "S " DQT_PLAIN);
    dqt_fen(walled, sizeof walled,
            "ke15 qa15 (s4)e10 cb15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 Kd11 Fe2", "S " DQT_PLAIN);
    int warlord = t_eval_term(g, walled, "reach", P1);
    ck_assert_int_eq(t_eval_term(g, open, "reach", P1) - warlord, 375);
    ck_assert_int_eq(t_eval_term(g, closed, "reach", P1) - warlord, 350);
}
END_TEST

/* The term waits until the side behind has lost part of its army. The Storm keeps its
 * start army (6,510), its Warlord aboard the Red Flagship on e7 with her bow south and the
 * Storm Queen without arrows; the Forest gives up Crossbowmen (380) and White Knights
 * (340). The Warlord's way, forces in the way not counted: onto the Green Flagship on e6
 * (1), landing on e5 (2), e4 (3), planting (4): 25 * 12 = 300, the lead being over 600
 * and over a fifth of the Forest's material. The Storm Queen, walled in by her own
 * forces, has no way aboard.
 * - Without both Crossbowmen, both White Knights and the a2 Dwarf the Forest has 4,970:
 *   all 300.
 * - With one White Knight back, 5,310 (the lead of 1,200 still over a fifth):
 *   300 * 190 / 500 = 114.
 * - With both back, 5,650: nothing (the lead of 860, 15.2% of it, would count for 156 by
 *   its share alone). */
START_TEST(reach_once_an_army_is_thinned)
{
    const char *storm = "t*1ch1hc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)1(s5)2(s4)/9/9/"
                        "4(f4k)4/(S0)2(S1)(F0)(S7)2(S0)/9";
    static const struct {
        const char *forest_rows;
        int storm;
    } cases[] = {
        {"1P1GFG1PP/T*3K3T*", 300}, {"1P1GFG1PP/T*2HK3T*", 114}, {"1P1GFG1PP/T*2HKH2T*", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char fen[FEN_MAX];
        snprintf(fen, sizeof fen, "%s/2PP1PP2/2NUUUN2/%s S DQ0wdy0W - d 220033 - 0 1 lance", storm,
                 cases[i].forest_rows);
        assert_reach(fen, cases[i].forest_rows, cases[i].storm, 0);
    }
}
END_TEST

/* The Prince's way ends on the Storm's land, and counts only while few Storm forces stand
 * there: the whole with three or fewer, nothing with seven or more, in proportion between.
 * The Prince aboard off the Storm beach as in "the Prince off the Storm beach" (325 with
 * the Warlord alone), and Gnomes beside the Warlord on rank 14, out of the Prince's way;
 * the lead stays over 600 and over a fifth of the Storm's material in every case.
 * - Two Gnomes, three forces with the Warlord: 325.
 * - Three: 325 * 3 / 4 = 243. Five: 325 / 4 = 81. Six, seven forces: nothing. */
START_TEST(reach_past_the_storm_guards)
{
    static const struct {
        const char *gnomes;
        int forest;
    } cases[] = {{"pa14 pb14", 325},
                 {"pa14 pb14 pc14", 243},
                 {"pa14 pb14 pc14 pg14 ph14", 81},
                 {"pa14 pb14 pc14 pg14 ph14 pi14", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char pieces[128], fen[FEN_MAX];
        snprintf(pieces, sizeof pieces, "(S0K)e10 Fe2 ka15 %s", cases[i].gnomes);
        dqt_fen(fen, sizeof fen, pieces, "F " DQT_PLAIN);
        assert_reach(fen, cases[i].gnomes, 0, cases[i].forest);
    }
}
END_TEST

/* The term is remembered per thread by what it depends on (the side ahead, the royals,
 * the Witch or Storm Queen, the vessels). The side must not share bits with a royal's
 * cell: the Forest's term with the Warlord on e14 (cell 130) once answered for the Storm's
 * with the Warlord on d14 (129). Here the Forest's, 325 as in "the Prince off the Storm
 * beach", is asked first; then the Storm's, which is 0 (no Red vessel to cross on), with
 * every other thing the table looks at the same. */
START_TEST(reach_remembered_per_side)
{
    const Game *g = t_game("dragonqi");
    char forest[FEN_MAX], storm[FEN_MAX];
    dqt_fen(forest, sizeof forest, "(S0K)e10 Fe2 ke14", "F " DQT_PLAIN);
    dqt_fen(storm, sizeof storm,
            "(S0K)e10 Fe2 kd14 ca15 ci15 pa14 pb14 pc14 pg14 ph14 pi14 pa13 pb13", "S " DQT_PLAIN);
    ck_assert_int_eq(t_eval_term(g, forest, "reach", P2), 325);
    ck_assert_int_eq(t_eval_term(g, storm, "reach", P1), 0);
    ck_assert_int_eq(t_eval_term(g, storm, "reach", P2), 0);
    ck_assert_int_eq(t_eval_term(g, forest, "reach", P2), 325);
}
END_TEST

/* Positions with a plan worked out from the rules, played by the engine on both sides at
 * 5,000 nodes a move (a new engine for each move). The side to move must carry the plan
 * out within `moves` of its moves, and none of its moves may take a force or vessel
 * straight back to where its move before came from; where no vessel has to turn, none of
 * its moves may be a bow turn either.
 *
 * The first is the end of a self-play game that the engine could not win: the Forest has
 * only the Prince, aboard a Green Ship on i6, and the Princess; the Storm has its Warlord
 * aboard its Flagship on e10 (bow N), its Queen, Magician, a Knight, two Warders and ten
 * Gnomes. Before the reach term, and before a bow turn answered by a bow turn stopped
 * counting as a repetition, the engine played 300 moves there without a decision, turning
 * bows and stepping forces to and fro. Now the Warlord turns his Flagship, sails across,
 * lands and plants the flag. */
#define LEAD_FEN                                                                                   \
    "9/3gg4/7q1/2p3p2/1ppppppp1/(s6n)3(f0k)4/9/8(s4p)/9/1(s5)4(s2)1(S0K)/7w1/9/9/4F4/9 S "         \
    "DQ0-dy0W HHNNhhn hd 220303 - 0 1004 lance"

static const struct {
    const char *what, *pieces, *fields, *result; /* pieces NULL: fields is a whole FEN */
    int moves;
    bool bow_turns; /* the plan may turn a bow */
} plan_cases[] = {
    {"a lead carried across the ocean", NULL, LEAD_FEN, "RESULT S FLAG 0-3", 30, true},
    /* The Storm Queen boards the Red Ship beside her and becomes the Witch, who sails across,
     * lands and plants the flag. While her arrows counted as hers, that first step cost
     * the Storm 173 by the evaluation, and the engine played 100 moves there without it. */
    {"the Storm Queen becomes the Witch", NULL, QUEEN_FEN, "RESULT S FLAG 0-3", 14, true},
    /* The Red Witch on e4 is on a covering cell of the Forest Banner: she plants at once. */
    {"a flag that can be planted", "xe4 Ke1 Fe2 ke15 pa14 pb14", "S " DQT_PLAIN,
     "RESULT S FLAG 0-3", 1, false},
    /* Aboard the Red Ship on e6 with its bow south, the Witch lands on d5 (the Guards on
     * d2 and f2 keep e3 and the cells beside it), steps to e4 and plants: three moves. */
    {"the Witch lands and plants", "(s4x)e6 Kd1 Fe2 Gf2 Gd2 ke15", "S " DQT_PLAIN,
     "RESULT S FLAG 0-3", 3, false},
    /* The Warlord, unguarded, two cells from the Prince: a step beside him is the Sword. */
    {"an undefended royal", "Kd12 kf14 pa14 Fe2", "F " DQT_PLAIN, "RESULT F DIRECT 5-0", 1, false},
    /* Two Green Fortresses (they slide both ways, on the Storm's land only) against the
     * bare Warlord on e13: a check from e15, a second Fortress closing in, the lock-up. */
    {"a lock-up by two Fortresses", "ke13 Oa11 Oi11 Ke1 Fe2", "F " DQT_PLAIN,
     "RESULT F LOCKUP 5.5-0", 3, false},
    /* Three Elves against the bare Warlord: they step, so they must close in on him. */
    {"a lock-up by steppers", "ke13 Ea11 Ei11 Ec11 Ke1 Fe2", "F " DQT_PLAIN,
     "RESULT F LOCKUP 5.5-0", 12, false},
};

/* The cells a move leaves and reaches ("e10e9", "e10~d9"; a bow turn or a planting
 * reaches none: to[0] stays 0). */
static void move_cells(const char *move, char from[4], char to[4])
{
    int n = 0;
    from[0] = to[0] = 0;
    if (sscanf(move, "%*1[a-i]%*2[0-9]%n", &n) != 0 || n < 2)
        return;
    snprintf(from, 4, "%.*s", n, move);
    const char *rest = move + n + (move[n] == '~');
    int m = 0;
    if (sscanf(rest, "%*1[a-i]%*2[0-9]%n", &m) == 0 && m >= 2)
        snprintf(to, 4, "%.*s", m, rest);
}

START_TEST(plan_carried_out)
{
    char fen[FEN_MAX], moves[4096] = "", input[8192], before_from[4] = "", before_to[4] = "";
    if (plan_cases[_i].pieces)
        dqt_fen(fen, sizeof fen, plan_cases[_i].pieces, plan_cases[_i].fields);
    else
        snprintf(fen, sizeof fen, "%s", plan_cases[_i].fields);
    char won_line[64];
    snprintf(won_line, sizeof won_line, "info string result %s", plan_cases[_i].result);
    size_t len = 0;
    bool won = false;
    for (int ply = 0; ply < 2 * plan_cases[_i].moves && !won; ply++) {
        snprintf(input, sizeof input,
                 "uci\nsetoption name UCI_Variant value dragonqi\nposition fen %s moves%s\n"
                 "query result\ngo nodes 5000\nisready\n",
                 fen, moves);
        char *out = t_session(input);
        won = strstr(out, won_line) != NULL;
        if (!won) {
            ck_assert_msg(strstr(out, "response none"), "%s: the game ended otherwise:\n%s",
                          plan_cases[_i].what, out);
            const char *best = strstr(out, "bestmove ");
            char move[32], from[4], to[4];
            ck_assert_msg(best && sscanf(best, "bestmove %31s", move) == 1, "%s", out);
            if (ply % 2 == 0) {
                move_cells(move, from, to);
                ck_assert_msg(!to[0] || strcmp(from, before_to) || strcmp(to, before_from),
                              "%s: a step back with %s (moves%s)", plan_cases[_i].what, move,
                              moves);
                ck_assert_msg(plan_cases[_i].bow_turns || to[0] || !strchr(move, '~'),
                              "%s: a bow turn %s (moves%s)", plan_cases[_i].what, move, moves);
                memcpy(before_from, from, 4);
                memcpy(before_to, to, 4);
            }
            len += (size_t)snprintf(moves + len, sizeof moves - len, " %s", move);
        }
        free(out);
    }
    ck_assert_msg(won, "%s: no %s within %d moves: moves%s", plan_cases[_i].what,
                  plan_cases[_i].result, plan_cases[_i].moves, moves);
}
END_TEST

void dragonqi_play_tests(Suite *s)
{
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, reach_terms, 0, (int)(sizeof reach_cases / sizeof *reach_cases));
    tcase_add_test(tc, reach_of_the_queen);
    tcase_add_test(tc, reach_of_the_queen_over_her_land);
    tcase_add_test(tc, reach_once_an_army_is_thinned);
    tcase_add_test(tc, reach_past_the_storm_guards);
    tcase_add_test(tc, reach_remembered_per_side);
    tcase_add_loop_test(tc, plan_carried_out, 0, (int)(sizeof plan_cases / sizeof *plan_cases));
    suite_add_tcase(s, tc);
}
