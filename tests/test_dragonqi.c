/*
 * DragonQi: the start positions of §11.1 (land part), position strings, notation, results,
 * random-game invariants and forced wins. The hand-built rule positions are in
 * test_dragonqi_rules.c.
 */
#include <stdlib.h>

#include "movegen/dragonqi/dragonqi.h"
#include "tests/helpers.h"
#include "tests/test_dragonqi.h"

#define DQ_BOARD                                                                                   \
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"                        \
    "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T*"
#define DQ_START DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 lance"
#define DQ_TRIDENT                                                                                 \
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s0)(f4)(s0)2(s4)/9/9/9/"                        \
    "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* S DQ0wdy0W - AIaiHhdt "        \
    "220333 - 0 1 lance"
/* The start position without the fleets: a game of land forces only. */
#define DQ_LAND                                                                                    \
    "t*1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/9/9/9/9/9/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHKHC1T* "   \
    "S DQ0wdy0W - AIaid 220300 - 0 1 lance"

static const Game *dq(void) { return t_game("dragonqi"); }

/* Moves of `fen` counted per moving force letter (towers with or without their bird
 * alike) and kind, as "c:4 n:10 t^:6 ~:5 ~dir:29" (^: a bird's release; ~: vessels
 * sailing or ramming; ~dir: re-alignments). */
static void breakdown(const char *fen, char *out, size_t size)
{
    const Game *g = dq();
    DqPos p;
    t_load(g, fen, &p);
    Move moves[MAX_MOVES];
    int n = g->gen_moves(&p, moves), counts[128][2], sails = 0, realigns = 0;
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < n; i++) {
        int kind = dq_move_kind(moves[i]);
        sails += kind == DQ_MK_SAIL;
        realigns += kind == DQ_MK_REALIGN;
        if (kind != DQ_MK_SAIL && kind != DQ_MK_REALIGN)
            counts[dq_letter(dq_move_piece(moves[i]))][kind == DQ_MK_RELEASE]++;
    }
    size_t k = 0;
    out[0] = 0;
    for (int c = 0; c < 128; c++)
        for (int r = 0; r < 2; r++)
            if (counts[c][r])
                k += (size_t)snprintf(out + k, size - k, "%s%c%s:%d", k ? " " : "", c, r ? "^" : "",
                                      counts[c][r]);
    snprintf(out + k, size - k, " ~:%d ~dir:%d", sails, realigns);
}

/* The DFEN after playing `moves` from a position built of `pieces`. */
static void played(const char *pieces, const char *fields, const char *moves, char *out)
{
    const Game *g = dq();
    char fen[FEN_MAX];
    DqPos p;
    if (pieces)
        dqt_fen(fen, sizeof fen, pieces, fields);
    else
        snprintf(fen, sizeof fen, "%s", fields);
    t_load(g, fen, &p);
    t_play(g, &p, moves);
    g->fen_write(&p, out, FEN_MAX);
    ck_assert_uint_eq(g->key(&p), g->key_from_scratch(&p));
}

void dqt_assert_case(const char *rule, const char *pieces, const char *fields, const char *moves)
{
    char fen[FEN_MAX];
    dqt_fen(fen, sizeof fen, pieces, fields);
    ck_assert_msg(!t_fen_rejected(t_game("dragonqi"), fen), "%s: rejected %s", rule, fen);
    t_assert_moves(t_game("dragonqi"), fen, moves);
}

START_TEST(board_geometry)
{
    dq(); /* the registry builds the tables */
    const DqGeometry *g = &dq_geo;
    ck_assert_int_eq(bb_count(g->valid), 137); /* 135 grid cells + e0 + e16 */
    ck_assert_int_eq(bb_count(g->land[DQ_KINGDOM_F]), 45);
    ck_assert_int_eq(bb_count(g->land[DQ_KINGDOM_S]), 45);
    ck_assert_int_eq(bb_count(g->ocean), 45);
    ck_assert_int_eq(bb_count(g->palace[DQ_FOREST]) + bb_count(g->palace[DQ_STORM]), 18);
    ck_assert(bb_has(g->palace[DQ_FOREST], dq_cell(3, 3)));
    ck_assert(bb_has(g->palace[DQ_STORM], dq_cell(5, 15)));
    ck_assert(!bb_has(g->palace[DQ_FOREST], dq_cell(2, 3)));
    ck_assert(bb_equal(g->beach[DQ_KINGDOM_F], g->rank[5]));
    ck_assert(bb_equal(g->beach[DQ_KINGDOM_S], g->rank[11]));
    /* e0 touches d1 e1 f1 only; e16 d15 e15 f15 */
    ck_assert_int_eq(bb_count(g->adj[DQ_E0]), 3);
    ck_assert(bb_has(g->adj[DQ_E16], dq_cell(3, 15)) && bb_has(g->adj[dq_cell(5, 1)], DQ_E0));
    /* the one-step shift of every cell agrees with the neighbour table */
    for (int c = 0; c < DQ_CELLS; c++)
        for (int d = 0; d < DQ_DIRS; d++) {
            DqBb one = bb_has(g->valid, c) ? dq_shift(bb_bit(c), d) : bb_none();
            int n = g->next[c][d];
            ck_assert_msg(n == DQ_NO_CELL ? !bb_any(one) : bb_equal(one, bb_bit(n)),
                          "shift of %d toward %d", c, d);
        }
    /* land rays stop at the coast; whole rays cross it and end at e16 */
    /* the named cells of file e */
    ck_assert_int_eq(DQ_E2, dq_cell(DQ_FILE_E, 2));
    ck_assert_int_eq(DQ_E3, dq_cell(DQ_FILE_E, 3));
    ck_assert_int_eq(DQ_E4, dq_cell(DQ_FILE_E, 4));
    ck_assert_int_eq(DQ_E12, dq_cell(DQ_FILE_E, 12));
    ck_assert_int_eq(DQ_E13, dq_cell(DQ_FILE_E, 13));
    ck_assert_int_eq(dq_banner_cell(DQ_STORM, 1), DQ_E4);
    ck_assert_int_eq(dq_banner_cell(DQ_FOREST, 0), DQ_E12);
    ck_assert_int_eq(bb_count(g->ray_land[dq_cell(4, 3)][DQ_N]), 2);
    ck_assert(bb_has(g->ray[dq_cell(4, 3)][DQ_N], DQ_E16));
    ck_assert(!bb_has(g->ray_land[dq_cell(4, 1)][DQ_S], DQ_E0));
    ck_assert_int_eq(bb_lsb(g->ray[dq_cell(4, 3)][DQ_N]), dq_cell(4, 4));
    ck_assert_int_eq(bb_first(g->ray[dq_cell(4, 3)][DQ_S], DQ_S), dq_cell(4, 2));
    /* sea and shore: from a3 the land ends at a5, then a6-a10; from e9 southward the sea
     * is e8-e6 (the Lair included) and the shore e5-e1 ending at e0 */
    ck_assert(bb_equal(g->sea[dq_cell(0, 3)][DQ_N], bb_and(g->file[0], g->ocean)));
    ck_assert(!bb_any(g->sea[dq_cell(1, 3)][DQ_E]));
    ck_assert_int_eq(bb_count(g->sea[dq_cell(4, 9)][DQ_S]), 3);
    ck_assert(bb_has(g->sea[dq_cell(4, 9)][DQ_S], DQ_E8));
    ck_assert_int_eq(bb_count(g->shore[dq_cell(4, 9)][DQ_S]), 6);
    ck_assert(bb_has(g->shore[dq_cell(4, 9)][DQ_S], DQ_E0));
    ck_assert(bb_equal(g->reach[dq_cell(0, 3)][DQ_N],
                       bb_or(g->ray_land[dq_cell(0, 3)][DQ_N], g->sea[dq_cell(0, 3)][DQ_N])));
    /* glides: from a5 up the a-file and along the diagonal to g11 h12 i13 */
    ck_assert_int_eq(bb_count(g->glide_v[dq_cell(0, 5)]), 5);
    ck_assert_int_eq(bb_count(g->glide_d[dq_cell(0, 5)]), 3);
    ck_assert(bb_has(g->glide_d[dq_cell(0, 5)], dq_cell(6, 11)));
    /* White Knight leaps: 16 offsets in every variation, a Red Knight on c1 reaches e0 */
    ck_assert_int_eq(bb_count(g->leap_h[DQ_PIKE][dq_cell(4, 8)]), 16);
    ck_assert(bb_has(g->leap_n[dq_cell(2, 1)], DQ_E0));
}
END_TEST

START_TEST(start_breakdown)
{
    /* §11.1: 79 = vessels 34 (5 sails, 29 re-alignments) + Gnomes 12, Red Knights 10,
     * Black Knights 8, Castles 2, Raven releases 6, Catapults 4, Citadel Watchers 3. */
    static const struct {
        const char *variant, *expected;
    } cases[] = {
        {"lance", "c:4 h:8 n:10 p:12 t:2 t^:6 u:3 ~:5 ~dir:29"},
        /* Sword: Black Knights d15 -> c14, b13; f15 -> g14, h13 */
        {"sword", "c:4 h:4 n:10 p:12 t:2 t^:6 u:3 ~:5 ~dir:29"},
        /* Pike: d15 -> b15; f15 -> h15 */
        {"pike", "c:4 h:2 n:10 p:12 t:2 t^:6 u:3 ~:5 ~dir:29"},
    };
    char fen[FEN_MAX], got[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(fen, sizeof fen, DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 %s",
                 cases[i].variant);
        breakdown(fen, got, sizeof got);
        ck_assert_msg(strcmp(got, cases[i].expected) == 0, "%s: %s", cases[i].variant, got);
    }
}
END_TEST

START_TEST(start_moves_lance)
{
    t_assert_moves(dq(), DQ_START,
                   "a14a13 a14a12 b14b13 b14b12 h14h13 h14h12 i14i13 i14i12 c12c11 d12d11 "
                   "f12f11 g12g11 c13b15 c13a12 c13b11 c13d11 c13e12 g13h15 g13i12 g13h11 "
                   "g13f11 g13e12 d15e12 d15b12 d15a13 d15g14 f15e12 f15h12 f15i13 f15c14 "
                   "a15b15 i15h15 a15^a5 a15^a4 a15^a3 i15^i5 i15^i4 i15^i3 c15b15 c15c14 "
                   "g15h15 g15g14 d13e12 e13e12 f13e12 "
                   /* sails along the bows (the arrowhead aims d10, e10 and f10 at e9) */
                   "a10~a9 d10~e9 e10~e9 f10~e9 i10~i9 "
                   /* re-alignments toward every existing neighbour but the bow */
                   "a10~N a10~NE a10~E a10~SE "
                   "d10~N d10~NE d10~E d10~S d10~SW d10~W d10~NW "
                   "e10~N e10~NE e10~E e10~SE e10~SW e10~W e10~NW "
                   "f10~N f10~NE f10~E f10~SE f10~S f10~W f10~NW "
                   "i10~N i10~SW i10~W i10~NW");
}
END_TEST

START_TEST(start_forest_to_move)
{
    /* §11.1: with the side field set to F the count is the same by symmetry. */
    t_assert_moves(dq(), DQ_BOARD " F DQ0wdy0W - AIaiHhd 220333 - 0 1 lance",
                   "a2a3 a2a4 b2b3 b2b4 h2h3 h2h4 i2i3 i2i4 c4c5 d4d5 f4f5 g4g5 "
                   "c3b1 c3a4 c3b5 c3d5 c3e4 g3h1 g3i4 g3h5 g3f5 g3e4 "
                   "d1e4 d1b4 d1a3 d1g2 f1e4 f1h4 f1i3 f1c2 "
                   "a1b1 i1h1 a1^a11 a1^a12 a1^a13 i1^i11 i1^i12 i1^i13 "
                   "c1b1 c1c2 g1h1 g1g2 d3e4 e3e4 f3e4 "
                   "a6~a7 d6~e7 e6~e7 f6~e7 i6~i7 "
                   "a6~NE a6~E a6~SE a6~S "
                   "d6~N d6~E d6~SE d6~S d6~SW d6~W d6~NW "
                   "e6~NE e6~E e6~SE e6~S e6~SW e6~W e6~NW "
                   "f6~N f6~NE f6~E f6~SE f6~S f6~SW f6~W "
                   "i6~S i6~SW i6~W i6~NW");
}
END_TEST

START_TEST(trident_opening)
{
    /* §6.13: Storm's only move re-aligns the Red Ships on d10 and f10, both bow N, to any
     * other directions: 7 x 7 = 49 moves; then Forest has its 79 (§14: 49 x 79 = 3871). */
    static const char *const dirs[] = {"NE", "E", "SE", "S", "SW", "W", "NW"};
    char expected[2048] = "", move[32];
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++) {
            snprintf(move, sizeof move, "d10~%s&f10~%s ", dirs[i], dirs[j]);
            strcat(expected, move);
        }
    t_assert_moves(dq(), DQ_TRIDENT, expected);
    char after[FEN_MAX];
    played(NULL, DQ_TRIDENT, "d10~SE&f10~SW", after);
    ck_assert_str_eq(after, DQ_BOARD " F DQ0wdy0W - AIaiHhd 220333 - 0 1 lance");
}
END_TEST

START_TEST(start_perft)
{
    /* §14: perft of the start positions to depth 3 (Storm to move) */
    static const struct {
        const char *variant;
        uint64_t counts[3];
    } cases[] = {
        {"lance", {79, 6235, 493512}},
        {"sword", {75, 5621, 424586}},
        {"pike", {73, 5325, 390192}},
    };
    char fen[FEN_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(fen, sizeof fen, DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 %s",
                 cases[i].variant);
        for (int d = 1; d <= 3; d++)
            ck_assert_uint_eq(t_perft(dq(), fen, d), cases[i].counts[d - 1]);
        /* §11.1: the same count with Forest to move, by symmetry */
        snprintf(fen, sizeof fen, DQ_BOARD " F DQ0wdy0W - AIaiHhd 220333 - 0 1 %s",
                 cases[i].variant);
        ck_assert_uint_eq(t_perft(dq(), fen, 1), cases[i].counts[0]);
    }
    ck_assert_uint_eq(t_perft(dq(), DQ_TRIDENT, 1), 49);
    ck_assert_uint_eq(t_perft(dq(), DQ_TRIDENT, 2), 3871);
    ck_assert_uint_eq(t_perft(dq(), DQ_TRIDENT, 3), 302197);
    /* the land-only game of part 1, a figure of this implementation */
    ck_assert_uint_eq(t_perft(dq(), DQ_LAND, 1), 45);
}
END_TEST

START_TEST(fen_round_trips)
{
    const Game *g = dq();
    static const char *const fens[] = {
        DQ_START,
        DQ_TRIDENT,
        DQ_LAND,
        /* a commandeered Red Ship, a confined Prince, pools, ep, counters, pike */
        "t1c1khc1t/pp2qg1pp/2nuuun2/2pp1pp2/9/(s4H)2(s3)(f4)(s5)2(s4)/9/9/9/"
        "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/2NUUUN2/PP1GFG1PP/T*1CHK1C1T* S DQ0wdy0W hr "
        "IHhd 220333 - 17 42 pike",
        "4k4/9/9/9/9/9/9/9/9/9/9/2P6/9/4F4/4K4 S DQ0wdy0W - - 000000 c3 0 1 lance",
    };
    unsigned char pos[sizeof(DqPos)];
    char out[FEN_MAX];
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        t_load(g, fens[i], pos);
        g->fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, fens[i]);
        ck_assert_uint_eq(g->key(pos), g->key_from_scratch(pos));
    }
    /* §6.11: a setup without the variation field plays Sword; counters default to 0 1 */
    t_load(g, DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 -", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 sword");
}
END_TEST

START_TEST(fen_rejections)
{
    const Game *g = dq();
    char fen[FEN_MAX];
    static const char *const bad[] = {
        "",
        "S",
        DQ_BOARD,
        DQ_BOARD " X DQ0wdy0W - AIaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0 - AIaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ2wdy0W - AIaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - IAaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 22033 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220334 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 e3 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - -1 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 0 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 lancer",
        DQ_BOARD " S DQ0wdy0W - AIaiHhd 220333 - 0 1 lance x",
        DQ_BOARD " S DQ0wdy0W NNN AIaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W NH AIaiHhd 220333 - 0 1 lance",
        DQ_BOARD " S DQ0wdy0W - AIaiHhdv 220333 - 0 1 lance",
        DQ_BOARD " S KQ0wdy0W - AIaiHhd 220333 - 0 1 lance",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(g, bad[i]), "accepted bad DFEN '%s'", bad[i]);
    static const struct {
        const char *pieces, *fields;
    } bad_boards[] = {
        {"Ke1 Fe2", "F " DQT_PLAIN},              /* no Warlord, Forest to move */
        {"Ke1 Fe2 ke15 kd15", "S " DQT_PLAIN},    /* two Warlords */
        {"Ke1 Fe2 ke15 Pa1", "S " DQT_PLAIN},     /* Dwarf on its home rank */
        {"Ke1 Fe2 ke15 Pa11", "S " DQT_PLAIN},    /* Dwarf on S-land */
        {"Ke1 Fe2 ke15 Ea3", "S " DQT_PLAIN},     /* Elf on F-land */
        {"Ke1 Fe2 ke15 Ga3", "S " DQT_PLAIN},     /* Guard outside the Palace */
        {"Ke1 Fe2 ke15 Na7", "S " DQT_PLAIN},     /* a force on water, no vessel */
        {"Ke1 Fe2 ke15 (S0)a5", "S " DQT_PLAIN},  /* a vessel on land */
        {"Ke1 Fe2 ke15 (S0Q)a7", "S " DQT_PLAIN}, /* a Queen aboard */
        {"Ke1 Fe2 ke15 (S0)e8", "S " DQT_PLAIN},  /* a vessel on the Kraken's Lair */
        {"Ke1 ke15", "S " DQT_PLAIN},             /* Queen at Work, no Princess */
        {"Ke1 Fe2 ke15 Qe3", "S " DQT_PLAIN},     /* Queen at war and at work */
        {"Ke1 Fe2 ke15 Mc3", "S " DQT_PLAIN},     /* Siege Director on F-land */
        {"Ke1 Fe2 ke15 Wa11", "S " DQT_PLAIN},    /* Wizard free and captive */
        {"Ke1 Fe2 ke15 Tb1", "S DQ0wdy0W - A 000000 - 0 1 lance"},      /* right, no tower */
        {"Kd1 Fe2 ke15 Ta1", "S DQ0wdy0W - A 000000 - 0 1 lance"},      /* right, no Prince */
        {"Ke1 Fe2 ke15", "S DQ0wdy0W - - 000100 - 0 1 lance"},          /* arrows, no Storm Queen */
        {"Ke1 Fe2 ke15", "S DQ0wdy0W - - 000010 - 0 1 lance"},          /* cannon, no flagship */
        {"Ke1 Fe2 ke15 Pc4", "F DQ0wdy0W - - 000000 c3 0 1 lance"},     /* ep, wrong side */
        {"Ke1 Fe2 ke15 Pc4 Pc2", "S DQ0wdy0W - - 000000 c3 0 1 lance"}, /* ep, no two-step */
        {"Ke1 Fe2 ke15 nd3", "S " DQT_PLAIN},  /* Forest left its Prince attacked */
        {"Ke1 Fe2 kd14 Ne12", "F " DQT_PLAIN}, /* Storm left its Warlord attacked */
    };
    for (size_t i = 0; i < sizeof bad_boards / sizeof *bad_boards; i++) {
        dqt_fen(fen, sizeof fen, bad_boards[i].pieces, bad_boards[i].fields);
        ck_assert_msg(t_fen_rejected(g, fen), "accepted bad DFEN '%s'", fen);
    }
}
END_TEST

START_TEST(notation_round_trip)
{
    const Game *g = dq();
    unsigned char pos[sizeof(DqPos)];
    char s[MOVE_STR_MAX];
    t_load(g, DQ_START, pos);
    Move m = g->parse_move(pos, "a15^a3");
    ck_assert(m != MOVE_NONE);
    g->move_to_str(pos, m, s);
    ck_assert_str_eq(s, "a15^a3");
    static const char *const bad[] = {
        "",
        "a15",
        "a15^a2",
        "a15a3",
        "A15^a3",
        "a15^a3 ",
        "c13b15/XC",
        "d13e12/B",
        "e15e14",
        "a10~a8",
        "a10~S",
        "a10~e9",
        "e10xe9",
        "d10~SE&f10~SW",
        "0000",
        "c12c11c10",
        "c12c11/EP",
        "e15=F",
        "l@e12",
        "\xff\xfe\x01",
        "c13b15c13b15c13b15c13b15c13b15c13b15c13b15c13b15c13b15c13b15c13b15",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(g->parse_move(pos, bad[i]) == MOVE_NONE, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(random_game_invariants)
{
    const Game *g = dq();
    ck_assert_int_gt(t_random_games(g, DQ_START, 4, 80, 7), 200);
    ck_assert_int_gt(t_random_games(g, DQ_LAND, 4, 80, 11), 200);
}
END_TEST

START_TEST(random_games_after_events)
{
    const Game *g = dq();
    /* the bench's positions after the great events: fire creatures, shields, Empress,
     * Queen at war, Red Witch, Wizard and Magician, exchanges */
    for (int i = 11; i <= 13; i++)
        ck_assert_int_gt(t_random_games(g, g->bench_fens[i], 3, 60, (uint64_t)i), 60);
    /* games played on with both royals, the Red Witch and many forces at sea */
    ck_assert_int_gt(t_random_games(g,
                                    "1tccgh1t*1/5g1pp/p1nuu3h/n1p2pp2/3pA1p2/3(s3)5/"
                                    "4(f4)3(s4x)/(s4k)8/4(F0)4/(S0K)2(S1)1(S7P)2(S0)/2PN5/"
                                    "3PP1P1N/PP1U1U2P/3GF2P1/TC2CGH1T S DQ0wdy0W H d "
                                    "120033 - 1 52 lance",
                                    3, 60, 3),
                     60);
    ck_assert_int_gt(t_random_games(g,
                                    "h6c1/9/1cp4bb/9/9/9/(s4)(S0B)4(F7)2/(s6k)8/"
                                    "1(s3K)5(S0)(s1H)/7(f7)1/9/x5e2/9/4F4/9 S DQ0wdy0W - - "
                                    "000030 - 0 1 pike",
                                    3, 60, 5),
                     30);
}
END_TEST

START_TEST(bench_positions)
{
    const Game *g = dq();
    DqPos p;
    Move moves[MAX_MOVES];
    int n = 0;
    for (; g->bench_fens[n]; n++) {
        t_load(g, g->bench_fens[n], &p);
        ck_assert_msg(g->gen_moves(&p, moves) > 0, "bench %d has no move", n);
    }
    ck_assert_int_ge(n, 10);
}
END_TEST

START_TEST(make_effects)
{
    static const struct {
        const char *what, *pieces, *fields, *moves, *after;
    } cases[] = {
        {"demotion resets the counter", "Ke1 Fe2 ke15 Ud3", "F DQ0wdy0W - - 000000 - 5 1 lance",
         "d3d4", "4k4/9/9/9/9/9/9/9/9/9/9/3P5/9/4F4/4K4 S DQ0wdy0W - - 000000 - 0 2 lance"},
        {"a Defender inside the Palace stays", "Ke1 Fe2 ke15 Ud3",
         "F DQ0wdy0W - - 000000 - 5 1 lance", "d3e3",
         "4k4/9/9/9/9/9/9/9/9/9/9/9/4U4/4F4/4K4 S DQ0wdy0W - - 000000 - 6 2 lance"},
        {"exchange for the Captive Wizard", "kg11 Ke1 Fe2 Ec14",
         "F DQ0wdy0W HR - 000000 - 0 1 lance", "c14c15/XC",
         "2W6/9/9/9/6k2/9/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0- HR - 000000 - 0 2 lance"},
        {"exchange for a White Knight from the pool", "kg11 Ke1 Fe2 Ec14",
         "F DQ0wdy0W HR - 000000 - 0 1 lance", "c14d15/XK",
         "3H5/9/9/9/6k2/9/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W R - 000000 - 0 2 lance"},
        {"en passant removes the Gnome", "ka15 Ke1 Fe2 Ef12 Eh13 pg12",
         "F DQ0wdy0W - - 000000 g13 7 1 lance", "f12g13/EP",
         "k8/9/6EE1/9/9/9/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 0 2 lance"},
        {"the ordinary step leaves it", "ka15 Ke1 Fe2 Ef12 Eh13 pg12",
         "F DQ0wdy0W - - 000000 g13 7 1 lance", "f12g13",
         "k8/9/6EE1/6p2/9/9/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 0 2 lance"},
        {"a two-step records the passed cell", "ke15 Ke1 Fe2 ph14", "S " DQT_PLAIN, "h14h12",
         "4k4/9/9/7p1/9/9/9/9/9/9/9/9/9/4F4/4K4 F DQ0wdy0W - - 000000 h13 0 1 lance"},
        {"Towering: Sceptre, Buccaneer, both rights gone", "ke15 Ke1 Fe2 T*a1 Ti1 Gd2 Gf2",
         "F DQ0wdy0W - AI 000000 - 3 1 lance", "e1b1/Bd2",
         "4k4/9/9/9/9/9/9/9/9/9/9/9/9/3BFG3/1KZ5T S DQ0wdy0W - - 000000 - 4 2 lance"},
        {"Castling after the fire gives the Storm Talisman", "ke15 ta15 Fe2",
         "S KQ0wdy1W - a 000000 - 0 1 lance", "e15b15",
         "1kj6/9/9/9/9/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy1W - - 000000 - 1 1 lance"},
        {"an arrow at the Ice Dragon takes the Forest Talisman too",
         "qe14 ke15 Fe2 Ag12 Db11 Aa14 Jc4", "S KQ0wdy1W - - 000300 - 0 1 lance", "e14xb11",
         "4k4/A3q4/9/6A2/9/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy1W - - 000200 - 0 1 lance"},
        {"a captured White Knight joins the pool", "ke15 Ke1 Fe2 Hc3 nb5", "S " DQT_PLAIN, "b5c3",
         "4k4/9/9/9/9/9/9/9/9/9/9/9/2n6/4F4/4K4 F DQ0wdy0W H - 000000 - 0 1 lance"},
        {"the Empress option lapses after Storm's move", "ke15 qe14 Fe2",
         "S KQ0wdy1W - v 000300 - 0 1 lance", "e15d15",
         "3k5/4q4/9/9/9/9/9/9/9/9/9/9/9/4F4/9 F KQ0wdy1W - - 000300 - 1 1 lance"},
        {"a captured Watchtower ends its Towering right", "ke15 Ke1 Fe2 Ta1 Ti1 ma5",
         "S DQ0wdy0W - AI 000000 - 0 1 lance", "a5a1",
         "4k4/9/9/9/9/9/9/9/9/9/9/9/9/4F4/m3K3T F DQ0wdy0W - I 000000 - 0 1 lance"},
        {"a maiden flight keeps the Castling right", NULL, DQ_START, "a15^a3",
         "t1chkhc1t*/pp1gqg1pp/2nuuun2/2pp1pp2/9/(s4)2(s3)(f4)(s5)2(s4)/9/9/9/"
         "(S0)2(S1)(F0)(S7)2(S0)/9/2PP1PP2/a1NUUUN2/PP1GFG1PP/T*1CHKHC1T* F DQ0wdy0W - "
         "AIaiHhd 220333 - 1 1 lance"},
    };
    char out[FEN_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        played(cases[i].pieces, cases[i].fields, cases[i].moves, out);
        ck_assert_msg(strcmp(out, cases[i].after) == 0, "%s: got %s", cases[i].what, out);
    }
}
END_TEST

/* The result of the position after `moves`, its §8 report and its move count. */
static void assert_end(const char *pieces, const char *fields, const char *moves, Result r,
                       const char *info)
{
    const Game *g = dq();
    char fen[FEN_MAX], got[128];
    DqPos p;
    dqt_fen(fen, sizeof fen, pieces, fields);
    t_load(g, fen, &p);
    t_play(g, &p, moves);
    ck_assert_int_eq(g->result(&p), r);
    g->result_info(&p, got, sizeof got);
    ck_assert_str_eq(got, info);
    Move list[MAX_MOVES];
    if (r != RESULT_NONE || strstr(info, "STALEMATE"))
        ck_assert_int_eq(g->gen_moves(&p, list), 0);
    g->fen_write(&p, fen, sizeof fen);
    ck_assert_msg(!t_fen_rejected(g, fen), "finished position rejected: %s", fen);
}

START_TEST(landing_transformations)
{
    /* The make side of §6.7's entry transformations and of a vacated vessel's colour; the
     * landing moves themselves are generated with the ocean. */
    const Game *g = dq();
    static const struct {
        const char *aboard, *after;
    } cases[] = {
        {"(S0P)b10", "1E7/1(S0)7/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 0 2 lance"},
        {"(s4C)b10", "1M7/1(s4)7/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
        {"(S0B)b10", "1R7/1(S0)7/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
        {"(S0T)b10", "1O7/1(S0)7/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
        {"(S0N)b10", "1N7/1(S0)7/9/9/9/9/9/9/9/4F4/4K4 S DQ0wdy0W - - 000000 - 1 2 lance"},
    };
    char fen[FEN_MAX], pieces[64];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        DqPos p, q;
        snprintf(pieces, sizeof pieces, "ke15 Ke1 Fe2 %s", cases[i].aboard);
        dqt_fen(fen, sizeof fen, pieces, "F " DQT_PLAIN);
        t_load(g, fen, &p);
        int from = dq_cell(1, 10), to = dq_cell(1, 11);
        g->make_move(&p, dq_move_make(DQ_MK_NORMAL, from, to, p.sq[from], 0), &q);
        g->fen_write(&q, fen, sizeof fen);
        ck_assert_msg(strncmp(fen, "4k4/9/9/9/", 10) == 0, "%s", fen);
        ck_assert_str_eq(fen + 10, cases[i].after);
        ck_assert_uint_eq(g->key(&q), g->key_from_scratch(&q));
    }
}
END_TEST

START_TEST(game_ends)
{
    const Game *g = dq();
    ck_assert_int_eq(g->no_moves_result, RESULT_DRAW);
    ck_assert_int_eq(g->no_progress_plies, 100);
    assert_end("Kd12 kf13 th13 Fe2", "F " DQT_PLAIN, "d12e13", RESULT_LOSS, "RESULT F DIRECT 5-0");
    assert_end("xc3 Ke1 Fe2 ke15", "S " DQT_PLAIN, "c3d2", RESULT_LOSS, "RESULT S DIRECT 0-5");
    assert_end("Kd14", "F DF1wky0W - - 000000 - 0 1 lance", "d14e15", RESULT_LOSS,
               "RESULT F DIRECT 5-0");
    assert_end("Ke13 ka15 Fe2", "F " DQT_PLAIN, "e13=F", RESULT_LOSS, "RESULT F FLAG 3-0");
    assert_end("ke5 Ka15 Fe2", "S " DQT_PLAIN, "e5e4 a15b15 e4=F", RESULT_LOSS,
               "RESULT S FLAG 0-3");
    /* the Fortress on a13 checks a15 and guards a14; b11's covers b14 and b15 */
    assert_end("ka15 Ob11 Oh13 Ke1 Fe2", "F " DQT_PLAIN, "h13a13", RESULT_LOSS,
               "RESULT F LOCKUP 5.5-0");
    /* the Prince on e13 attacks d14; every other cell is within his Sword */
    assert_end("kd14 Ke13 Fe2", "S " DQT_PLAIN, "", RESULT_LOSS, "RESULT F LOCKUP 5.5-0");
    assert_end("xf1 Ke1 Fe2 ke15", "F " DQT_PLAIN, "", RESULT_LOSS, "RESULT S LOCKUP 0-5.5");
    assert_end("ka15 Ob11 Oc12 Ke1 Fe2", "S " DQT_PLAIN, "", RESULT_NONE, "RESULT - STALEMATE 1-1");
    assert_end("Ke1 Fe2 ke15", "S DQ0wdy0W - - 000000 - 100 60 lance", "", RESULT_NONE,
               "RESULT - FIFTY 1-1");
    assert_end("Ke1 Fe2 ke15", "S DQ0wdy0W - - 000000 - 12 60 lance", "", RESULT_NONE,
               "RESULT - REPETITION 1-1");
}
END_TEST

START_TEST(forced_wins)
{
    const Game *g = dq();
    char fen[FEN_MAX];
    static const struct {
        const char *pieces, *fields;
        int plies;
    } cases[] = {
        {"Kd12 kf13 th13 Fe2", "F " DQT_PLAIN, 1},     /* the Sword */
        {"xc3 Ke1 Fe2 ke15", "S " DQT_PLAIN, 1},       /* the Crystal */
        {"Ke13 ka15 Fe2", "F " DQT_PLAIN, 1},          /* planting */
        {"ka15 Ob11 Oh13 Ke1 Fe2", "F " DQT_PLAIN, 1}, /* locking up */
        {"Ke11 ka15 Fe2", "F " DQT_PLAIN, 3},          /* e11e12, then plant */
        {"ke5 Ka15 Fe2", "S " DQT_PLAIN, 3},           /* e5e4, then plant */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        dqt_fen(fen, sizeof fen, cases[i].pieces, cases[i].fields);
        ck_assert_int_eq(t_forced_win_plies(g, fen, cases[i].plies), cases[i].plies);
    }
}
END_TEST

Suite *dragonqi_suite(void)
{
    Suite *s = suite_create("dragonqi");
    TCase *tc = tcase_create("start");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, board_geometry);
    tcase_add_test(tc, start_breakdown);
    tcase_add_test(tc, start_moves_lance);
    tcase_add_test(tc, start_forest_to_move);
    tcase_add_test(tc, trident_opening);
    tcase_add_test(tc, start_perft);
    tcase_add_test(tc, fen_round_trips);
    tcase_add_test(tc, fen_rejections);
    tcase_add_test(tc, notation_round_trip);
    tcase_add_test(tc, random_game_invariants);
    tcase_add_test(tc, random_games_after_events);
    tcase_add_test(tc, bench_positions);
    tcase_add_test(tc, make_effects);
    tcase_add_test(tc, landing_transformations);
    tcase_add_test(tc, game_ends);
    tcase_add_test(tc, forced_wins);
    suite_add_tcase(s, tc);
    dragonqi_rules_tests(s);
    dragonqi_ocean_tests(s);
    dragonqi_events_tests(s);
    dragonqi_play_tests(s);
    return s;
}
