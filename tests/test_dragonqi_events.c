/*
 * DragonQi great events (§6.2-6.4, §6.6-6.7, §4.2, §7.1 item 4 by `/A`): one hand-built
 * position per rule with the complete legal-move list worked out from
 * docs/rules/dragonqi.md (never pasted from the engine), the exact position string after
 * each event, the game ends they bring, and perft of positions with creatures afire,
 * checked against the generator with every move tested by making it.
 *
 * Field 3 reminders: whiteroom D/K, library Q/F, desk 0/1/-, scholars w/-, stairwell d/k,
 * dungeon y/x, jailersoffice 0/1/-, stormtower W/-. A vessel "(S0K)d10" is a Green Ship,
 * bow N, with the Prince aboard; from rank 10 a bow N points at land, so she cannot sail.
 */
#include <stdlib.h>

#include "engine/engine.h"
#include "movegen/dragonqi/dragonqi.h"
#include "tests/helpers.h"
#include "tests/test_dragonqi.h"

#define WARLORD5 "e15d15 e15f15 e15d14 e15e14 e15f14 "
/* The seven re-alignments of a vessel inside the ocean with bow N, resp. S. */
#define RE_N(c) c "~NE " c "~E " c "~SE " c "~S " c "~SW " c "~W " c "~NW "
#define RE_S(c) c "~N " c "~NE " c "~E " c "~SE " c "~SW " c "~W " c "~NW "
/* Ice Dragon afire and nothing else: the Prince in e0, the Jailer on alert / sprung. */
#define DRAGON_ALERT "KQ0wdy1W"
#define DRAGON_GONE "KQ0wdy-W"

typedef struct EventCase {
    const char *rule, *pieces, *fields, *moves;
} EventCase;

static const EventCase cases[] = {
    /* --- §6.2.1 the Ice Dragon --- */
    {"Ice Dragon: every landing on the Storm Beaches has /A", "(S0K)d10 Fe2 ka15", "F " DQT_PLAIN,
     "d10c11 d10c11/A d10d11 d10d11/A d10e11 d10e11/A " RE_N("d10")},
    /* the Troll on d1 attacks e0 diagonally forward: the Prince may not go there */
    {"Ice Dragon: no /A while the White Room is attacked", "(S0K)d10 Fe2 ka15 ed1", "F " DQT_PLAIN,
     "d10c11 d10d11 d10e11 " RE_N("d10")},
    /* the Gnome on c12 attacks d11: no plain landing there, so no /A either */
    {"Ice Dragon: /A only where the plain landing is legal", "(S0K)d10 Fe2 ka15 pc12",
     "F " DQT_PLAIN, "d10c11 d10c11/A d10e11 d10e11/A " RE_N("d10")},
    /* §6.2: d11 and e11 touch e12: Direct Captures without /A; c11 keeps it */
    {"Ice Dragon: a landing that is a Direct Capture has no /A", "(S0K)d10 Fe2 ke12",
     "F " DQT_PLAIN, "d10c11 d10c11/A d10d11 d10e11 " RE_N("d10")},
    /* boarding the Red Ship on c9 is no landing */
    {"Ice Dragon: landing with a capture has /A, boarding has not", "(S0K)d10 Fe2 ka15 pc11 (s4)c9",
     "F " DQT_PLAIN, "d10c11 d10c11/A d10d11 d10d11/A d10e11 d10e11/A d10c9 " RE_N("d10")},
    /* the Warlord on e1 is beside e0: each /A is a Sword Direct Capture */
    {"Ice Dragon: /A onto e0 beside the Warlord", "(S0K)d10 Fe2 ke1", "F " DQT_PLAIN,
     "d10c11 d10c11/A d10d11 d10d11/A d10e11 d10e11/A " RE_N("d10")},
    /* §7.1 item 4: on d1, e1 or f1 the Warlord is attacked by the /A landing */
    {"Sword by /A attacks the Warlord beside e0", "(S0K)d10 Fe2 ke1", "S " DQT_PLAIN, "e1d2 e1f2"},
    /* the Troll on d1 attacks e0, so the Sword by /A is not safe: f1 is allowed, and the
     * Troll may not leave (c1) */
    {"Sword by /A needs an unattacked White Room", "(S0K)d10 Fe2 ke1 ed1", "S " DQT_PLAIN,
     "e1f1 e1d2 e1f2"},
    /* --- §6.2.2 the Elder Winged Serpent --- */
    {"Elder Serpent: the Warlord's first landing in the Forest has /A", "(s4k)d6 Ke1 Fe2",
     "S DQ0wdy0W - d 220000 - 0 1 lance", "d6c5 d6c5/A d6d5 d6d5/A d6e5 d6e5/A " RE_S("d6")},
    {"Elder Serpent: no /A after the first landing (flag d gone)", "(s4k)d6 Ke1 Fe2",
     "S " DQT_PLAIN, "d6c5 d6d5 d6e5 " RE_S("d6")},
    /* the Elf on d15 attacks e16 diagonally forward */
    {"Elder Serpent: no /A while the Stairwell is attacked", "(s4k)d6 Ke1 Fe2 Ed15",
     "S DQ0wdy0W - d 000000 - 0 1 lance", "d6c5 d6d5 d6e5 " RE_S("d6")},
    /* --- §6.2.3 the Younger Winged Serpent --- */
    /* c5 and d5 touch the Prince on d4 (Crystal Direct Captures); b5 does not */
    {"Younger Serpent: a Crystal landing has no /A", "(s4x)c6 Kd4 ke15 Fe2", "S " DQT_PLAIN,
     WARLORD5 "c6b5 c6b5/A c6c5 c6d5 " RE_S("c6")},
    /* §6.3 DECISION: the Queen arriving on e2 would attack the Warlord on e4 over e3; the
     * Warlord may not step beside d2/f2 (the Sword), and may plant */
    {"Younger Serpent: no /A when the Queen going to war attacks the Warlord",
     "ke4 (s4x)c6 Ke1 Fe2", "S " DQT_PLAIN,
     "e4d4 e4f4 e4d5 e4e5 e4f5 e4=F c6b5 c6c5 c6d5 " RE_S("c6")},
    /* --- §6.2.4 the Storm Empress option --- */
    /* the Queen on a11 is walled in by her Gnomes; embarking on a10 makes her the Red
     * Witch: no /E; the Ship (bow W, off the board) re-aligns five ways */
    {"Empress option: every Storm move twice, but the Queen's embarking",
     "ki15 qa11 pa12 pb11 pb12 (s6)a10 Fe2 Pc3", "S " DRAGON_GONE " - v 000300 - 0 1 lance",
     "i15h15 i15h14 i15i14 i15h15/E i15h14/E i15i14/E a11a10 a10~N a10~NE a10~E a10~SE "
     "a10~S a10~N/E a10~NE/E a10~E/E a10~SE/E a10~S/E"},
    /* b5c4 takes Forest's last Dwarf, b5c5 blocks it (b5 left empty): Forest without a
     * move, so no /E (§13.2) */
    {"Empress option: none for a move that leaves Forest without a move",
     "ki15 qa11 pa12 pb11 pb12 eb5 Pc4 Fe2", "S " DRAGON_GONE " - v 000300 - 0 1 lance",
     "i15h15 i15h14 i15i14 b5b4 b5a4 b5c4 b5a5 b5c5 "
     "i15h15/E i15h14/E i15i14/E b5b4/E b5a4/E b5a5/E"},
    /* the Warlord on e4 in the Forest: e4=F ends the game */
    {"Empress option: none for a planting", "ke4 qa11 pa12 pb11 pb12 Pa3 Fe2",
     "S " DRAGON_GONE " - v 000300 - 0 1 lance",
     "e4d3 e4e3 e4f3 e4d4 e4f4 e4d5 e4e5 e4f5 e4=F "
     "e4d3/E e4e3/E e4f3/E e4d4/E e4f4/E e4d5/E e4e5/E e4f5/E"},
    /* the arrow flies over the Gnome on b12 (§6.5); the Dragon's rank 14 covers h14 i14 */
    {"Empress option: an arrow shot has its /E version too",
     "ki15 qa11 pa12 pb11 pb12 Dd14 "
     "Pc3 Fe2",
     "S " DRAGON_GONE " - v 000300 - 0 1 lance", "i15h15 i15h15/E a11xd14 a11xd14/E"},
    /* walled in on S-land, she glides (a-file, and the SE diagonal's g5 h4 i3) but never
     * embarks */
    {"Storm Empress: glides, never embarks", "va11 ke15 pa12 pb11 pb12 (s6)a10 Fe2",
     "S " DRAGON_GONE " - - 000000 - 0 1 lance",
     WARLORD5 "a11a5 a11a4 a11a3 a11a2 a11a1 a11g5 a11h4 a11i3 a10~N a10~NE a10~E a10~SE "
              "a10~S"},
    /* on F-land: takes the Dwarf on d3, never the Princess on e2 */
    {"Storm Empress in the Forest: queen moves, the Princess is spared", "vd2 ke15 Fe2 Pd3",
     "S " DRAGON_GONE " - - 000000 - 0 1 lance",
     WARLORD5 "d2d3 d2e3 d2f4 d2g5 d2e1 d2d1 d2c1 d2c2 d2b2 d2a2 d2c3 d2b4 d2a5 d2d11 d2d12 "
              "d2d13 d2d14 d2d15"},
    /* --- §6.4 springing and shields --- */
    {"Librarian on alert springs to every empty cell of F-land", "ya1 ke15",
     "F KF1wdx-W - - 000000 - 0 1 lance",
     "L@b1 L@c1 L@d1 L@e1 L@f1 L@g1 L@h1 L@i1 L@a2 L@b2 L@c2 L@d2 L@e2 L@f2 L@g2 L@h2 L@i2 "
     "L@a3 L@b3 L@c3 L@d3 L@e3 L@f3 L@g3 L@h3 L@i3 L@a4 L@b4 L@c4 L@d4 L@e4 L@f4 L@g4 L@h4 "
     "L@i4 L@a5 L@b5 L@c5 L@d5 L@e5 L@f5 L@g5 L@h5 L@i5"},
    /* the Dragon on e12 checks e15 up the file: the Jailer shields from e13 or e14 */
    {"Jailer springs into the Dragon's line: the shield acts at once", "ke15 De12 Fe2",
     "S " DRAGON_ALERT " - - 000000 - 0 1 lance", "e15d15 e15f15 e15d14 e15f14 l@e13 l@e14"},
    /* the Younger Serpent on c3 checks e1 over d2 */
    {"Librarian springs into the Serpent's line", "Ke1 yc3 ke15",
     "F DF1wdx0W - - 000000 - 0 1 lance", "e1d1 e1f1 e1e2 e1f2 L@d2"},
    /* the Dragon on c11 flies NE over d12 e13 f14: f14 is attacked, c12 shields N */
    {"Jailer on guard: steps, never takes the Dragon", "ke15 lc12 Dc11 Fe2",
     "S " DRAGON_GONE " - - 000000 - 0 1 lance",
     "e15d15 e15d14 e15e14 e15f15 c12b11 c12b12 c12b13 c12c13 c12d13 c12d12 c12d11"},
    /* the Elder Serpent on e5 attacks e0 up the e-file through everything */
    {"Elder Serpent attacks the confined Prince: only a springing Librarian answers", "de5",
     "F KF1wky-W - - 000000 - 0 1 lance", "L@e1 L@e2 L@e3 L@e4"},
    /* the Younger Serpent on b3 attacks e0 over c2 and d1; a Guard on d1 would not stop
     * her flight, the Librarian's shield does */
    {"Younger Serpent attacks the confined Prince: only the shield blocks", "yb3 Lc1 Gd2 ke15",
     "F KF-wdx-W - - 000000 - 0 1 lance", "c1c2 c1d1"},
    /* the Dragon on e11 attacks e16 through the Gnome on e13 */
    {"Ice Dragon attacks the confined Warlord: the Jailer answers", "De11 pe13",
     "S KF-wky1W - - 000000 - 0 1 lance", "l@e12 l@e14 l@e15"},
    /* --- captives freed by exchange (§6.6) --- */
    {"Troll onto rank 1 frees the Captive Magician", "ke15 Ke1 Fe2 eh2", "S " DQT_PLAIN,
     WARLORD5 "h2h1 h2h1/XC h2g1 h2g1/XC h2i1 h2i1/XC h2g2 h2i2"},
    {"No Captive Magician left: no /XC", "ke15 Ke1 Fe2 eh2", "S DQ0-dy0W - - 000000 - 0 1 lance",
     WARLORD5 "h2h1 h2g1 h2i1 h2g2 h2i2"},
};

START_TEST(event_positions)
{
    dqt_assert_case(cases[_i].rule, cases[_i].pieces, cases[_i].fields, cases[_i].moves);
}
END_TEST

/* The position string after playing `moves`, written by hand from the rules. */
static const struct {
    const char *what, *pieces, *fields, *moves, *after;
} effects[] = {
    /* Sceptres become Talismans, the Jailer goes on alert, the Empress option opens */
    {"Ice Dragon afire: every consequence", "(S0K)d10 Fe2 ke15 qe14 Za5 zb15",
     "F DQ0wdy0W - - 000300 - 0 1 lance", "d10d11/A",
     "1j2k4/4q4/9/9/3D5/3(S0)5/9/9/9/9/J8/9/9/4F4/9 S KQ0wdy1W - v 000300 - 1 2 lance"},
    {"Ice Dragon afire on a capture", "(S0K)d10 Fe2 ka15 pc11", "F " DQT_PLAIN, "d10c11/A",
     "k8/9/9/9/2D6/3(S0)5/9/9/9/9/9/9/9/4F4/9 S KQ0wdy1W - - 000000 - 0 2 lance"},
    {"the plain landing changes nothing", "(S0K)d10 Fe2 ka15", "F " DQT_PLAIN, "d10d11",
     "k8/9/9/9/3K5/3(S0)5/9/9/9/9/9/9/9/4F4/9 S DQ0wdy0W - - 000000 - 1 2 lance"},
    /* the Queen at War takes 2 library arrows and the Princess's 1 */
    {"Elder Serpent afire: the Warlord confined, the Queen goes to war", "(s4k)d6 Ke1 Fe2",
     "S DQ0wdy0W - d 120000 - 0 1 lance", "d6d5/A",
     "9/9/9/9/9/9/9/9/9/3(s4)5/3d5/9/9/4Q4/4K4 F DF1wky0W - - 003000 - 1 1 lance"},
    {"the Warlord's plain first landing clears flag d", "(s4k)d6 Ke1 Fe2",
     "S DQ0wdy0W - d 220000 - 0 1 lance", "d6d5",
     "9/9/9/9/9/9/9/9/9/3(s4)5/3k5/9/9/4F4/4K4 F DQ0wdy0W - - 220000 - 1 1 lance"},
    {"Younger Serpent afire: the Red Witch to the Central Dungeon", "ke15 Ke1 Fe2 (s4x)c6",
     "S DQ0wdy0W - - 220000 - 0 1 lance", "c6c5/A",
     "4k4/9/9/9/9/9/9/9/9/2(s4)6/2y6/9/9/4Q4/4K4 F DF1wdx0W - - 004000 - 1 1 lance"},
    /* the Queen is already at war and the Librarian already sprung: nothing more */
    {"the second Serpent: no second Queen, no alert", "(s4k)d6 Ke1 Qa1 Lb1",
     "S DF-wdx0W - d 002000 - 0 1 lance", "d6c5/A",
     "9/9/9/9/9/9/9/9/9/3(s4)5/2d6/9/9/9/QL2K4 F DF-wkx0W - - 002000 - 1 1 lance"},
    {"/E: the Storm Queen becomes the Empress, her arrows forfeited",
     "ki15 qa11 pa12 pb11 pb12 (s6)a10 Fe2 Pc3", "S " DRAGON_GONE " - v 000300 - 0 1 lance",
     "i15h15/E", "7k1/9/9/pp7/vp7/(s6)8/9/9/9/9/9/9/2P6/4F4/9 F KQ0wdy-W - - 000000 - 1 1 lance"},
    {"/E after an arrow: the shot, then the Empress without arrows",
     "ki15 qa11 pa12 pb11 pb12 Dd14 Pc3 Fe2", "S " DRAGON_GONE " - v 000300 - 4 1 lance",
     "a11xd14/E", "8k/9/9/pp7/vp7/9/9/9/9/9/9/9/2P6/4F4/9 F KQ0wdy-W - - 000000 - 0 1 lance"},
    {"without /E the option lapses", "ki15 qa11 pa12 pb11 pb12 (s6)a10 Fe2 Pc3",
     "S " DRAGON_GONE " - v 000300 - 0 1 lance", "i15h15",
     "7k1/9/9/pp7/qp7/(s6)8/9/9/9/9/9/9/2P6/4F4/9 F KQ0wdy-W - - 000300 - 1 1 lance"},
    {"the Jailer springs", "ke15 De12 Fe2", "S " DRAGON_ALERT " - - 000000 - 0 1 lance", "l@e13",
     "4k4/9/4l4/4D4/9/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy-W - - 000000 - 1 1 lance"},
    {"the Librarian springs", "Ke1 yc3 ke15", "F DF1wdx0W - - 000000 - 3 1 lance", "L@d2",
     "4k4/9/9/9/9/9/9/9/9/9/9/9/2y6/3L5/4K4 S DF-wdx0W - - 000000 - 4 2 lance"},
    /* the Storm Talisman stays; the Forest Talisman goes with the Dragon */
    {"the Dragon captured takes the Forest Talisman", "ke15 ta11 Da13 Jc4 ji11 Fe2",
     "S " DRAGON_GONE " - - 000000 - 0 1 lance", "a11a13",
     "4k4/9/t8/9/8j/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy-W - - 000000 - 0 1 lance"},
    {"Castling after the fire: the Storm Talisman and a Pirate", "ke15 ti15 gd14 gf14 Fe2",
     "S " DRAGON_GONE " - i 000000 - 0 1 lance", "e15h15/Bf14",
     "6jk1/3g1b3/9/9/9/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy-W - - 000000 - 1 1 lance"},
    {"the Troll frees the Captive Magician", "ke15 Ke1 Fe2 eh2", "S " DQT_PLAIN, "h2h1/XC",
     "4k4/9/9/9/9/9/9/9/9/9/9/9/9/4F4/4K2w1 F DQ0-dy0W - - 000000 - 0 1 lance"},
};

START_TEST(event_effects)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX], out[FEN_MAX];
    DqPos p;
    dqt_fen(fen, sizeof fen, effects[_i].pieces, effects[_i].fields);
    t_load(g, fen, &p);
    t_play(g, &p, effects[_i].moves);
    g->fen_write(&p, out, sizeof out);
    ck_assert_msg(strcmp(out, effects[_i].after) == 0, "%s: got %s", effects[_i].what, out);
    ck_assert_uint_eq(g->key(&p), g->key_from_scratch(&p));
    ck_assert_msg(!t_fen_rejected(g, out), "%s: result rejected", effects[_i].what);
}
END_TEST

START_TEST(event_game_ends)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX], info[64];
    DqPos p;
    /* the Prince interchanged onto e0 beside the Warlord on e1: the Sword (§6.2.1) */
    dqt_fen(fen, sizeof fen, "(S0K)d10 Fe2 ke1", "F " DQT_PLAIN);
    t_load(g, fen, &p);
    t_play(g, &p, "d10c11/A");
    ck_assert_int_eq(g->result(&p), RESULT_LOSS);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT F DIRECT 5-0");
    /* The same in the match runner's half points, storm (P1) first. */
    int halves[2];
    g->scoring->points(&p, halves);
    ck_assert(halves[P1] == 0 && halves[P2] == 10);
    g->fen_write(&p, fen, sizeof fen);
    ck_assert_str_eq(fen, "9/9/9/9/2D6/3(S0)5/9/9/9/9/9/9/9/4F4/9 S KQ0wdy1W - - 000000 - 1 "
                          "2 lance");
    /* the confined Prince locked up by the Elder Serpent: Forest has no Librarian left */
    dqt_fen(fen, sizeof fen, "de5", "F KF-wky-W - - 000000 - 0 1 lance");
    t_load(g, fen, &p);
    ck_assert_int_eq(g->result(&p), RESULT_LOSS);
    g->result_info(&p, info, sizeof info);
    ck_assert_str_eq(info, "RESULT S LOCKUP 0-5.5");
    g->scoring->points(&p, halves);
    ck_assert(halves[P1] == 11 && halves[P2] == 0);
    ck_assert(g->scoring->draw_halves == 2 && g->scoring->forfeit_halves == 11);
}
END_TEST

/* Positions with creatures afire, shields, Talismans, the Queen at war, the Empress. The
 * counts are this implementation's; each was also counted to depth 3 by the generator with
 * every move tested by making it (dq_gen_legal_unshortened), with the same result, and
 * depths 1-2 are compared with it here. */
static const struct {
    const char *fen;
    uint64_t nodes[3];
} afire_perft[] = {
    /* after the Ice Dragon: the Jailer on alert, the Empress option open */
    {"t1c1k1c1t/pp1gqg1p1/2nuu1np1/2p3p1p/3D5/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)"
     "2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T1CH1HC1J S KQ0wdy1W - iHhdv 220333 - 0 14 lance",
     {206, 19812, 1813618}},
    /* both Serpents afire, the Queen at war, the Librarian on alert, the Warlord confined */
    {"t1c1h3t/pp1g1g1p1/2nuu1np1/2p3p1p/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/(S0)2(S1)(F0)(S7)"
     "2(S0)/2y4d1/2PP1PP2/2NUUUN2/PP1GQG1PP/T1CHKHC1T F DF1wkx0W - Hh 002033 - 0 20 lance",
     {95, 9049, 788088}},
    /* everything at once: the Dragon, both Serpents, the sprung Jailer and Librarian,
     * the Empress, Talismans */
    {"2c1g1j2/p2l1g1p1/2n1v1n2/2D3p1p/5p3/(s4)3(f4)1(S0)2/9/9/2(s3)6/(S0)3(F0)3(S0)/"
     "y6d1/1PL2PP2/2N3N2/PP1GQG1PP/T1C2HC2 F KF-wkx-W H - 001033 - 2 30 lance",
     {101, 8322, 808205}},
};

static uint64_t slow_perft(const Game *g, const DqPos *p, int depth)
{
    Move moves[MAX_MOVES];
    int n = dq_gen_legal_unshortened(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        DqPos q;
        g->make_move(p, moves[i], &q);
        if (g->result(&q) == RESULT_NONE)
            total += slow_perft(g, &q, depth - 1);
    }
    return total;
}

START_TEST(afire_perft_counts)
{
    const Game *g = t_game("dragonqi");
    DqPos p;
    t_load(g, afire_perft[_i].fen, &p);
    for (int d = 1; d <= 3; d++) {
        uint64_t fast = t_perft(g, afire_perft[_i].fen, d);
        ck_assert_uint_eq(fast, afire_perft[_i].nodes[d - 1]);
        if (d <= 2)
            ck_assert_uint_eq(slow_perft(g, &p, d), fast);
    }
}
END_TEST

static int by_move(const void *a, const void *b)
{
    Move x = *(const Move *)a, y = *(const Move *)b;
    return x < y ? -1 : x > y;
}

/* The generator with the legality shortcut and without it give the same list. */
static long assert_same_lists(const DqPos *p)
{
    Move fast[MAX_MOVES], slow[MAX_MOVES];
    int n = dq_gen_moves(p, fast), m = dq_gen_legal_unshortened(p, slow);
    qsort(fast, (size_t)n, sizeof *fast, by_move);
    qsort(slow, (size_t)m, sizeof *slow, by_move);
    if (n != m || memcmp(fast, slow, (size_t)n * sizeof *fast)) {
        char fen[FEN_MAX];
        t_game("dragonqi")->fen_write(p, fen, sizeof fen);
        ck_abort_msg("shortcut differs (%d against %d moves) in %s", n, m, fen);
    }
    return 1;
}

/* Random games from the afire positions and from the Prince aboard beside a Warlord on d1
 * (the Sword by /A), biased toward /A, /E, springing and royal and Witch moves; every
 * position and all its children are compared. */
START_TEST(shortcut_agrees)
{
    const Game *g = t_game("dragonqi");
    const char *starts[] = {afire_perft[0].fen, afire_perft[1].fen, afire_perft[2].fen,
                            "9/9/9/9/9/3(S0K)5/9/9/9/9/9/9/9/4F4/3k5 S DQ0wdy0W - - 000000 - "
                            "0 1 lance"};
    uint64_t seed = 0x5EEDull;
    long checked = 0;
    for (size_t s = 0; s < sizeof starts / sizeof *starts; s++) {
        for (int game = 0; game < 3; game++) {
            DqPos p, q;
            t_load(g, starts[s], &p);
            for (int ply = 0; ply < 40 && g->result(&p) == RESULT_NONE; ply++) {
                Move moves[MAX_MOVES];
                int n = g->gen_moves(&p, moves);
                checked += assert_same_lists(&p);
                for (int i = 0; i < n; i++) {
                    g->make_move(&p, moves[i], &q);
                    if (g->result(&q) == RESULT_NONE)
                        checked += assert_same_lists(&q);
                }
                if (!n)
                    break;
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                int pick = (int)((seed >> 33) % (uint64_t)n);
                for (int i = 0; i < n; i++) {
                    Move m = moves[(pick + i) % n];
                    int type = dq_type(dq_move_piece(m));
                    if (dq_move_afire(m) || dq_move_empress(m) || dq_move_kind(m) == DQ_MK_SPRING ||
                        type == DQ_ROYAL || type == DQ_WITCH) {
                        pick = (pick + i) % n;
                        break;
                    }
                }
                g->make_move(&p, moves[pick], &q);
                p = q;
            }
        }
    }
    ck_assert_int_gt(checked, 10000);
}
END_TEST

/* The shortcut in check (only moves touching the attacking rays, the royal's neighbours
 * and Knight's leaps, vessel actions, the Red Witch and captures of the Ice Dragon are
 * tested): uniformly random games through the bench positions, where captures are frequent,
 * and every position in check among the children of each position met. */
START_TEST(shortcut_agrees_in_check)
{
    const Game *g = t_game("dragonqi");
    uint64_t seed = 0xC4EC4ull;
    long in_check = 0;
    for (int s = 0; g->bench_fens[s]; s++) {
        for (int game = 0; game < 2; game++) {
            DqPos p, q;
            t_load(g, g->bench_fens[s], &p);
            for (int ply = 0; ply < 40 && g->result(&p) == RESULT_NONE; ply++) {
                Move moves[MAX_MOVES];
                int n = g->gen_moves(&p, moves);
                if (!n)
                    break;
                if (p.in_check == 1)
                    in_check += assert_same_lists(&p);
                for (int i = 0; i < n; i++) {
                    g->make_move(&p, moves[i], &q);
                    if (q.in_check == 1 && g->result(&q) == RESULT_NONE)
                        in_check += assert_same_lists(&q);
                }
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                g->make_move(&p, moves[(seed >> 33) % (uint64_t)n], &q);
                p = q;
            }
        }
    }
    ck_assert_int_gt(in_check, 1000);
}
END_TEST

/* Keys, position strings and notation stay consistent through the events (random games
 * from the positions above, where /A, /E, springing and the creatures are frequent). */
START_TEST(afire_random_games)
{
    const Game *g = t_game("dragonqi");
    for (size_t i = 0; i < sizeof afire_perft / sizeof *afire_perft; i++)
        ck_assert_int_gt(t_random_games(g, afire_perft[i].fen, 3, 60, 40 + i), 30);
}
END_TEST

static void on_info(void *ctx, const SearchInfo *info)
{
    if (info->multipv == 1)
        *(Score *)ctx = info->score;
}

static void on_bestmove(void *ctx, Move best, Move ponder) { (void)ctx, (void)best, (void)ponder; }

/* Forced wins with the great events: the full-width search finds the fewest plies, then
 * the engine's own search must score the root as exactly that win. */
static const struct {
    const char *what, *pieces, *fields;
    int plies;
} puzzles[] = {
    {"Direct Capture: /A onto e0 beside the Warlord", "(S0K)d10 Fe2 ke1", "F " DQT_PLAIN, 1},
    {"locking up: the Elder Serpent onto the e-file", "dh5 Pa2",
     "S KF-wky-W - - 000000 - 0 1 "
     "lance",
     1},
    {"locking up: the Ice Dragon onto the e-file", "Da11 pb14",
     "F KF-wky-W - - 000000 - 0 1 "
     "lance",
     1},
    /* e6e5, e5e4, e4=F: the Prince on a1 is too far to be taken or to get in the way */
    {"flag: the Red Witch lands and plants", "(s4x)e6 Ka1 Fe2 ka15", "S " DQT_PLAIN, 5},
    {"flag: the Prince lands and plants", "(S0K)e10 Fe2 ka15", "F " DQT_PLAIN, 5},
    /* e7~S (the bow points at e8, so the Warlord's ship must turn first), e7~e6, e6e5,
     * e5e4, e4=F. The Forest's answer to the turn, turning the a6 ship's bow, brings the
     * situation back (bows are not part of it): that is no draw, for the Storm's bow is
     * not where it was. */
    {"flag: the Warlord's ship turns, sails, he lands and plants", "(s0k)e7 (S0)a6 Ki15 Fe2",
     "S " DQT_PLAIN, 9},
};

static Score searched_score(const char *fen, int depth)
{
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert_msg(engine_set_game(e, "dragonqi", err), "%s", err);
    ck_assert_msg(engine_set_position(e, fen, NULL, 0, err), "%s", err);
    Score score = SCORE_NONE;
    SearchLimits limits = {.depth = depth, .multipv = 1, .time = {-1, -1}};
    engine_go(e, &limits, (SearchReport){&score, on_info, on_bestmove, NULL});
    engine_wait(e);
    engine_destroy(e);
    return score;
}

START_TEST(event_puzzles)
{
    const Game *g = t_game("dragonqi");
    char fen[FEN_MAX];
    dqt_fen(fen, sizeof fen, puzzles[_i].pieces, puzzles[_i].fields);
    int plies = puzzles[_i].plies;
    ck_assert_msg(t_forced_win_plies(g, fen, plies) == plies, "%s", puzzles[_i].what);
    Score score = searched_score(fen, plies + 4);
    ck_assert_msg(score == score_win_in(plies), "%s: score %d", puzzles[_i].what, score);
}
END_TEST

void dragonqi_events_tests(Suite *s)
{
    TCase *tc = tcase_create("events");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, event_positions, 0, (int)(sizeof cases / sizeof *cases));
    tcase_add_loop_test(tc, event_effects, 0, (int)(sizeof effects / sizeof *effects));
    tcase_add_test(tc, event_game_ends);
    tcase_add_loop_test(tc, afire_perft_counts, 0, (int)(sizeof afire_perft / sizeof *afire_perft));
    tcase_add_test(tc, afire_random_games);
    tcase_add_test(tc, shortcut_agrees);
    tcase_add_test(tc, shortcut_agrees_in_check);
    tcase_add_loop_test(tc, event_puzzles, 0, (int)(sizeof puzzles / sizeof *puzzles));
    suite_add_tcase(s, tc);
}
