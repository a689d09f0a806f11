/*
 * DragonQi: one hand-built position per rule, with the complete legal-move list worked out
 * from docs/rules/dragonqi.md (never pasted from the engine). Positions are lists of
 * forces; DQT_PLAIN is "Queen at Work, nothing enclosed changed, no rights, no munitions".
 * The Prince's four steps from e1 beside the Princess on e2 (d1 f1 d2 f2) recur: a side
 * always has its royal. "attacks" comments name the cells a force could capture on.
 */
#include <stdlib.h>

#include "movegen/dragonqi/dragonqi.h"
#include "tests/helpers.h"
#include "tests/test_dragonqi.h"

#define PRINCE4 "e1d1 e1f1 e1d2 e1f2 "
#define WARLORD5 "e15d15 e15f15 e15d14 e15e14 e15f14 "
/* Ice Dragon set afire: the Prince in e0, the Jailer sprung and since captured (an alerted
 * one would add his springing moves) */
#define AFIRE "KQ0wdy-W"
#define SERPENT "DF-wdx0W" /* Younger Serpent afire: Queen at war, Librarian sprung */

typedef struct RuleCase {
    const char *rule, *pieces, *fields, *moves;
} RuleCase;

static const RuleCase cases[] = {
    {"Dwarf: one step, or two from the Second Rank", "Ke1 Fe2 ke15 Pb2 Pc4", "F " DQT_PLAIN,
     PRINCE4 "b2b3 b2b4 c4c5"},
    /* nb4 attacks a2 c2 d3 d5, nd4 b3 b5 c2 e2 f3 f5: none of the Prince's cells */
    {"Dwarf: blocked ahead, captures diagonally forward", "Ke1 Fe2 ke15 Pb2 nb4 Pc3 nd4",
     "F " DQT_PLAIN, PRINCE4 "b2b3 c3c4 c3b4 c3d4"},
    {"Gnome: forward is south, two-step from rank 14", "ke15 Ke1 Fe2 ph14 pc12 Nb11 Nd11",
     "S " DQT_PLAIN, WARLORD5 "h14h13 h14h12 c12c11 c12b11 c12d11"},
    /* g14g12 passed g13: the diagonal and the sideways Elf each have both moves */
    {"En passant by Elves, and the ordinary steps", "ka15 Ke1 Fe2 Ef12 Eh13 pg12",
     "F DQ0wdy0W - - 000000 g13 0 1 lance",
     PRINCE4 "f12f13 f12g13 f12g13/EP f12e13 f12g12 f12e12 "
             "h13h14 h13i14 h13g14 h13i13 h13g13 h13g13/EP"},
    /* c2c4 passed c3; the Troll on d3 may not take the Princess on e2 */
    {"En passant by Trolls; the Princess is never taken", "ke15 Ke1 Fe2 eb4 ed3 Pc4",
     "S DQ0wdy0W - - 000000 c3 0 1 lance",
     WARLORD5 "b4b3 b4c3 b4c3/EP b4a3 b4c4 b4a4 d3d2 d3c2 d3e3 d3c3 d3c3/EP"},
    {"Elf reaching rank 15: exchanges for the Captive Wizard and the pools", "kg11 Ke1 Fe2 Ec14",
     "F DQ0wdy0W HR - 000000 - 0 1 lance",
     PRINCE4 "c14c15 c14c15/XC c14c15/XK c14c15/XR c14d15 c14d15/XC c14d15/XK c14d15/XR "
             "c14b15 c14b15/XC c14b15/XK c14b15/XR c14d14 c14b14"},
    {"Elf moving along rank 15: no exchange", "kg11 Ke1 Fe2 Ec15",
     "F DQ0wdy0W HNR - 000000 - 0 1 lance", PRINCE4 "c15d15 c15b15"},
    {"Troll reaching rank 1: exchanges for the Captive Magician and the pools", "ke15 Ke1 Fe2 ec2",
     "S DQ0wdy0W hn - 000000 - 0 1 lance",
     WARLORD5 "c2c1 c2c1/XC c2c1/XK c2c1/XN c2d1 c2d1/XC c2d1/XK c2d1/XN "
              "c2b1 c2b1/XC c2b1/XK c2b1/XN c2d2 c2b2"},
    {"Palace Defender: five steps, demoted when leaving", "Ke1 Fe2 ke15 Ud3", "F " DQT_PLAIN,
     PRINCE4 "d3d4 d3e4 d3c4 d3e3 d3c3"},
    /* the Troll on e3 attacks d2 e2 f2 d3 f3, so the Prince may not go to f2 */
    {"Guard: steps inside the Palace only", "ke15 Ke1 Fe2 Gd2 ee3", "F " DQT_PLAIN,
     "e1d1 e1f1 d2d1 d2d3 d2e3"},
    /* leaps to water are not land moves; the Troll on d3 attacks d2 */
    {"Green Knight: leaps on its land", "ke15 Ke1 Fe2 Nb4 Pa2 ed3", "F " DQT_PLAIN,
     "e1d1 e1f1 e1f2 a2a3 a2a4 b4d5 b4d3 b4c2"},
    /* (2,-3) reaches e0, never a destination */
    {"White Knight, Lance", "ke15 Ke1 Fe2 Hc3", "F " DQT_PLAIN, PRINCE4 "c3f4 c3f2 c3f5 c3f1"},
    {"White Knight, Sword", "ke15 Ke1 Fe2 Hc3", "F DQ0wdy0W - - 000000 - 0 1 sword",
     PRINCE4 "c3b2 c3d2 c3b4 c3d4 c3a1 c3a5 c3e5 c3b1 c3d1 c3b5 c3d5 c3a2 c3a4 c3e4"},
    {"White Knight, Pike", "ke15 Ke1 Fe2 Hc3", "F DQ0wdy0W - - 000000 - 0 1 pike",
     PRINCE4 "c3c4 c3c2 c3b3 c3d3 c3c5 c3c1 c3a3 c3e3 c3b5 c3d5 c3b1 c3d1 c3a4 c3e4 c3a2"},
    /* slides stop at the coast; captures only by jumping one screen (own d3) */
    {"Crossbowman: orthogonal slides, cannon captures", "ke15 Ke1 Fe2 Cb3 Pd3 ef3 eb2",
     "F " DQT_PLAIN, "e1d1 e1f1 e1d2 d3d4 b3c3 b3b4 b3b5 b3a3 b3f3"},
    {"Catapult: an enemy screen, no capture by sliding", "kh15 Ke1 Fe2 ca13 Eb13 Ed13",
     "S " DQT_PLAIN, "h15g15 h15i15 h15g14 h15h14 h15i14 a13a14 a13a15 a13a12 a13a11 a13d13"},
    {"Siege Director: rook captures and cannon captures", "kh15 Ke1 Fe2 Mc12 pc14 cc15 Ed12 pe12",
     "F " DQT_PLAIN,
     PRINCE4 "d12d13 d12e13 d12c13 d12e12 c12c13 c12c14 c12c15 c12e12 c12c11 c12b12 c12a12"},
    {"Buccaneer: diagonal slides, first force captured", "ke15 Ke1 Fe2 Bb2 ed4", "F " DQT_PLAIN,
     PRINCE4 "b2c3 b2d4 b2a3 b2c1 b2a1"},
    {"Ranger: diagonal slides and jumps", "ki15 Ke1 Fe2 Rb12 pc13 ce15", "F " DQT_PLAIN,
     PRINCE4 "b12c13 b12e15 b12a13 b12c11 b12a11"},
    /* flights ignore the Gnome on b12, the glide reaches every empty a-file cell of F-land */
    {"Albatross: flies, glides, captures adjacent", "ke15 Ke1 Fe2 Aa12 pa13 pb12 nb13",
     "F " DQT_PLAIN,
     PRINCE4 "a12a14 a12a15 a12c12 a12d12 a12e12 a12f12 a12g12 a12h12 a12i12 a12a11 "
             "a12a1 a12a2 a12a3 a12a4 a12a5 a12a13 a12b13 a12b12"},
    {"Raven: flights pass the Librarian (no shield for birds)", "ke15 Ke1 La2 aa4 Pb3",
     "S " SERPENT " - - 000000 - 0 1 lance",
     WARLORD5 "a4a5 a4a3 a4a1 a4b4 a4c4 a4d4 a4e4 a4f4 a4g4 a4h4 a4i4 "
              "a4a11 a4a12 a4a13 a4a14 a4a15 a4b3"},
    /* b5 is on her NW diagonal past the Dwarf on d3; a3 is on no line of e2 */
    {"Princess: arrows at Ravens on her lines", "ke15 Ke1 Fe2 ab5 aa3 Pd3",
     "F DQ0wdy0W - - 200000 - 0 1 lance", PRINCE4 "d3d4 e2xb5"},
    /* the Dragon's flight NE (c12 d13 e14 f15) covers f15 through the Queen */
    {"Storm Queen: slides and arrows at Albatrosses and the Ice Dragon",
     "qe14 ke15 Fe2 Ag12 Db11 Aa14 Jc4", "S " AFIRE " - - 000300 - 0 1 lance",
     "e15d15 e15d14 e15f14 e14e13 e14e12 e14e11 e14f14 e14g14 e14h14 e14i14 e14d14 e14c14 "
     "e14b14 e14a14 e14f15 e14d15 e14f13 e14g12 e14d13 e14c12 e14b11 e14xg12 e14xb11 "
     "e14xa14"},
    {"Queen at War: slides and arrows at Ravens and Winged Serpents", "Qa1 Ke1 yd4 aa5 ke15",
     "F " SERPENT " - - 002000 - 0 1 lance",
     "e1d1 e1f1 e1d2 e1e2 a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 a1b2 a1c3 a1d4 a1xa5 a1xd4"},
    /* flies over the Gnome on c14, stopped by the Jailer on e13 */
    {"Ice Dragon: flights and blazes up to the Jailer's shield", "Dc13 le13 ki15 Fe2 pc14 pf13",
     "F KQ0wdy-W - - 000000 - 0 1 lance",
     "c13c14 c13c15 c13d14 c13e15 c13d13 c13d12 c13e11 c13c12 c13c11 c13b12 c13a11 c13b13 "
     "c13a13 c13b14 c13a15"},
    {"Elder Serpent: orthogonal flights up to the Librarian", "dc3 Le3 Ke1 Pc4",
     "S DF-wky0W - - 000000 - 0 1 lance", "c3c4 c3c5 c3d3 c3c2 c3c1 c3b3 c3a3"},
    {"Younger Serpent: diagonal flights", "yg4 Lf3 Ke1 ke15",
     "S " SERPENT " - - 000000 - 0 1 lance", WARLORD5 "g4h5 g4f5 g4h3 g4i2"},
    /* jumps over the Prince onto the Troll; the Troll on g1 attacks f1 */
    {"Wizard Unchained: queen slides, glides, jumps", "Wa1 Ke1 Fe2 eg1 ke15",
     "F DQ0wdy0- - - 000000 - 0 1 lance",
     "e1d1 e1d2 e1f2 a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 a1b2 a1c3 a1d4 a1e5 "
     "a1a11 a1a12 a1a13 a1a14 a1a15 a1g1"},
    {"Storm Empress: queen slides and glides", "va11 ke15 Fe2",
     "S " AFIRE " - - 000000 - 0 1 lance",
     WARLORD5 "a11a12 a11a13 a11a14 a11a15 a11b11 a11c11 a11d11 a11e11 a11f11 a11g11 a11h11 "
              "a11i11 a11b12 a11c13 a11d14 a11a5 a11a4 a11a3 a11a2 a11a1 a11g5 a11h4 a11i3"},
    {"Green Fortress: queen on the opposing land", "Oc11 pc12 pd12 pb12 ke15 Ke1 Fe2",
     "F " DQT_PLAIN,
     PRINCE4 "c11c12 c11d12 c11b12 c11d11 c11e11 c11f11 c11g11 c11h11 c11i11 c11b11 c11a11"},
    {"Green Sceptre: queen on own land", "Za5 Ke1 Fe2 ke15", "F " DQT_PLAIN,
     PRINCE4 "a5b5 a5c5 a5d5 a5e5 a5f5 a5g5 a5h5 a5i5 a5a4 a5a3 a5a2 a5a1 a5b4 a5c3 a5d2"},
    /* the Troll on c3 attacks d2; the Librarian never captures */
    {"Librarian: steps to empty cells of own land", "Lb2 ec3 Ke1 ke15",
     "F " SERPENT " - - 000000 - 0 1 lance",
     "e1d1 e1f1 e1e2 e1f2 b2a1 b2b1 b2c1 b2a2 b2c2 b2a3 b2b3"},
    {"Red Witch: steps on F-land; reaching the Prince's side is the Crystal", "xc3 Ke1 Fe2 ke15",
     "S " DQT_PLAIN, WARLORD5 "c3b2 c3c2 c3d2 c3b3 c3d3 c3b4 c3c4 c3d4"},
    /* d1 and d2 stay within her reach (c2, e1), f1 and f2 do not */
    {"Crystal threat: the Prince must leave the Red Witch's reach", "xc3 Ke1 Fe2 ke15",
     "F " DQT_PLAIN, "e1f1 e1f2"},
    {"Prince cannot take the Red Witch; the Knight can", "xf1 Ke1 Fe2 Nh2 ke15", "F " DQT_PLAIN,
     "h2f1"},
    /* e12 and e13 touch f13; the Castle's rank 13 is blocked by the Warlord */
    {"Sword: Direct Capture when the Prince arrives unattacked", "Kd12 kf13 th13 Fe2",
     "F " DQT_PLAIN, "d12c11 d12d11 d12e11 d12c12 d12e12 d12c13 d12d13 d12e13"},
    /* screen f13, then the first force beyond: e13, d13 or c13 wherever the Prince stands */
    {"Sword: the Warlord screens a Catapult's jump", "Kd12 kf13 ch13 Fe2", "F " DQT_PLAIN,
     "d12c11 d12d11 d12e11 d12c12 d12e12"},
    {"Sword: the Warlord may not come within the Prince's reach", "Kd12 kg14 Fe2", "S " DQT_PLAIN,
     "g14g13 g14h13 g14h14 g14f15 g14g15 g14h15"},
    {"Planting the Forest Flag on e13", "Ke13 ka15 Fe2", "F " DQT_PLAIN,
     "e13d12 e13e12 e13f12 e13d13 e13f13 e13d14 e13e14 e13f14 e13=F"},
    {"No planting under attack", "Ke13 ka15 te15 Fe2", "F " DQT_PLAIN,
     "e13d12 e13f12 e13d13 e13f13 e13d14 e13f14"},
    {"Red Witch plants while attacked herself", "ke15 Ke1 Fe2 xe4 Pd3", "S " DQT_PLAIN,
     WARLORD5 "e4d3 e4e3 e4f3 e4d4 e4f4 e4d5 e4e5 e4f5 e4=F"},
    {"Towering both ways with the Guard choices", "ke15 Ke1 Fe2 T*a1 Ti1 Gd2 Gf2",
     "F DQ0wdy0W - AI 000000 - 0 1 lance",
     "e1d1 e1f1 e1b1 e1b1/Bd2 e1b1/Bf2 e1b1/Bd2f2 e1h1 e1h1/Bd2 e1h1/Bf2 e1h1/Bd2f2 "
     "d2d1 d2d3 d2e3 f2f1 f2f3 f2e3 a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 "
     "a1^a11 a1^a12 a1^a13 a1^a14 a1^a15 i1i2 i1i3 i1i4 i1i5 i1h1 i1g1 i1f1"},
    /* the Red Knight on b3 attacks c1, on the Prince's path toward a1 */
    {"No Towering through an attacked cell", "ke15 Ke1 Fe2 Ta1 Ti1 nb3",
     "F DQ0wdy0W - AI 000000 - 0 1 lance",
     "e1d1 e1f1 e1f2 e1h1 a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 i1i2 i1i3 i1i4 i1i5 i1h1 "
     "i1g1 i1f1"},
    {"Towering that lands beside the Warlord is a Direct Capture", "kb2 Ke1 Fe2 Ta1",
     "F DQ0wdy0W - A 000000 - 0 1 lance", PRINCE4 "e1b1 a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1"},
    {"Castling after the Ice Dragon was set afire", "ke15 ta15 Fe2",
     "S " AFIRE " - a 000000 - 0 1 lance",
     WARLORD5 "e15b15 a15b15 a15c15 a15d15 a15a14 a15a13 a15a12 a15a11"},
    /* a Troll on d1 attacks e0: only the Guard's capture answers it */
    {"Confined Prince attacked by a Troll", "Fe2 Gd2 ed1 ke15",
     "F " AFIRE " - - 000000 - 0 1 lance", "d2d1"},
    /* the Red Siege Machine jumps the Princess onto e0; a screen on e1 or e3 answers */
    {"Confined Prince attacked along the e-file", "Fe2 Gd2 me5 ke15",
     "F " AFIRE " - - 000000 - 0 1 lance", "d2e1 d2e3"},
    {"Confined Prince attacked by a Red Knight's leap", "Fe2 nc1 Nb3 ke15",
     "F " AFIRE " - - 000000 - 0 1 lance", "b3c1"},
};

START_TEST(rule_positions)
{
    dqt_assert_case(cases[_i].rule, cases[_i].pieces, cases[_i].fields, cases[_i].moves);
}
END_TEST

static int by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Asserts the moves starting at `from` are exactly `expected` (space-separated, sorted). */
static void assert_moves_from(const char *fen, const char *from, const char *expected)
{
    const Game *g = t_game("dragonqi");
    DqPos p;
    t_load(g, fen, &p);
    Move moves[MAX_MOVES];
    int n = g->gen_moves(&p, moves), k = 0;
    static char strings[MAX_MOVES][MOVE_STR_MAX];
    char *mine[MAX_MOVES], got[1024] = "";
    size_t len = strlen(from);
    for (int i = 0; i < n; i++) {
        g->move_to_str(&p, moves[i], strings[k]);
        if (strncmp(strings[k], from, len) == 0 && (strings[k][len] < '0' || strings[k][len] > '9'))
            mine[k] = strings[k], k++;
    }
    qsort(mine, (size_t)k, sizeof *mine, by_string);
    for (int i = 0; i < k; i++)
        strcat(strcat(got, i ? " " : ""), mine[i]);
    ck_assert_str_eq(got, expected);
}

START_TEST(operations_on_trafalgar_ocean)
{
    /* §11.2: the a1 Watchtower moved to a3 in the initial position: a4, a5, b3, and
     * embarking on the Green Ship on a6. With its bird it may also release it up the
     * a-file (embarking loses the bird). */
    assert_moves_from("t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
                      "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/T1NUUUN2/PP1GFG1PP/2CHKHC1T* F "
                      "DQ0wdy0W - IaiHhd 220333 - 0 1 lance",
                      "a3", "a3a4 a3a5 a3a6 a3b3");
    assert_moves_from("t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
                      "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/T*1NUUUN2/PP1GFG1PP/2CHKHC1T* F "
                      "DQ0wdy0W - IaiHhd 220333 - 0 1 lance",
                      "a3", "a3^a11 a3^a12 a3^a13 a3a4 a3a5 a3a6 a3b3");
    /* another unoccupied Green Ship on a8 (the i6 one, a fleet has four): still only a6,
     * the first vessel of the ray */
    assert_moves_from("t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/"
                      "(S0)8/9/(S0)2(S1)(F0)(S7)3/9/2PP1PP2/T1NUUUN2/PP1GFG1PP/2CHKHC1T* F "
                      "DQ0wdy0W - IaiHhd 220333 - 0 1 lance",
                      "a3", "a3a4 a3a5 a3a6 a3b3");
    /* the a6 Ship moved to a9: over empty water to it */
    assert_moves_from("t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/"
                      "(S0)8/9/9/3(S1)(F0)(S7)2(S0)/9/2PP1PP2/T1NUUUN2/PP1GFG1PP/2CHKHC1T* F "
                      "DQ0wdy0W - IaiHhd 220333 - 0 1 lance",
                      "a3", "a3a4 a3a5 a3a9 a3b3");
    /* §11.2: a Watchtower (the a1 one) aboard a Green Ship (the i6 one) on a9, the Red
     * Ship on a10 removed: it
     * disembarks over empty a10 onto a11-a13 or takes the Gnome on a14 (a Green Fortress
     * each time), or boards the Green Ship on a6; rank 9 holds no other vessel. The ship
     * (bow N) also sails to a10 and re-aligns (NE E SE S; no W side on file a). */
    assert_moves_from("t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/3(s3)(f4)(s5)2(s4)/(S0T)8/9/9/"
                      "(S0)2(S1)(F0)(S7)3/9/2PP1PP2/2NUUUN2/PP1GFG1PP/2CHKHC1T* F "
                      "DQ0wdy0W - IaiHhd 220333 - 0 1 lance",
                      "a9", "a9a11 a9a12 a9a13 a9a14 a9a6 a9~E a9~NE a9~S a9~SE a9~a10");
}
END_TEST

void dragonqi_rules_tests(Suite *s)
{
    TCase *tc = tcase_create("rules");
    tcase_add_loop_test(tc, rule_positions, 0, (int)(sizeof cases / sizeof *cases));
    tcase_add_test(tc, operations_on_trafalgar_ocean);
    suite_add_tcase(s, tc);
}
