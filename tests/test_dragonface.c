/*
 * Dragon Face: perft, hand-checked move lists, make, FEN, notation, results, forced wins,
 * and a comparison with the naive reference engine along random games. Every expected
 * list and position below is worked out from the rules (docs/rules/dragonface.md) by hand.
 *
 * Squares in comments: files a-k, ranks 1-9; the Territories are b2-j8, the Zone the ring.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/rng.h"
#include "tests/dragonface_reference.h"
#include "tests/eval_terms.h"
#include "tests/helpers.h"
#include "tests/search_puzzle.h"

#define DF_START                                                                                   \
    "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w "                                    \
    "c3d3e3f3g3h3i3c7d7e7f7g7h7i7 - 0 1"

static const Game *df(void) { return t_game("dragonface"); }

START_TEST(start_perft)
{
    static const uint64_t expected[] = {1, 44, 1919, 88994, 4075339};
    for (int d = 0; d <= 4; d++)
        ck_assert_uint_eq(t_perft(df(), DF_START, d), expected[d]);
}
END_TEST

/* The game's own perft counts the last ply set-wise; the generic one generates it. */
START_TEST(perft_counts_agree)
{
    const Game *g = df();
    unsigned char pos[256];
    for (const char *const *fen = g->bench_fens; *fen; fen++) {
        t_load(g, *fen, pos);
        for (int d = 1; d <= 2; d++)
            ck_assert_msg(perft(g, pos, d) == perft_generic(g, pos, d), "perft %d of %s", d, *fen);
    }
}
END_TEST

/* Governors c3-i3 each: one or two squares straight, or diagonally, except the two-square
 * diagonal moves to a5 and k5 (Zone). Ambassadors c2 and i2 reach b2/b3 and j2/j3; the
 * others and the Emperor are boxed in. */
START_TEST(start_moves)
{
    t_assert_moves(df(), DF_START,
                   "c3c4 c3c5 c3b4 c3d4 c3e5 d3d4 d3d5 d3c4 d3b5 d3e4 d3f5 "
                   "e3e4 e3e5 e3d4 e3c5 e3f4 e3g5 f3f4 f3f5 f3e4 f3d5 f3g4 f3h5 "
                   "g3g4 g3g5 g3f4 g3e5 g3h4 g3i5 h3h4 h3h5 h3g4 h3f5 h3i4 h3j5 "
                   "i3i4 i3i5 i3h4 i3g5 i3j4 c2b2 c2b3 i2j2 i2j3");
}
END_TEST

static const struct {
    const char *fen, *moves;
} hand_checked[] = {
    /* Ambassador e5 slides: north e6 then takes e7 landing on e8; north-east f6, g7 is
     * protected by the Emperor on h8; east f5-j5 (k5 is Zone); south-east to h2, south to
     * e2; south-west stops before its own Emperor b2; west stops before its Governor c5;
     * north-west to b8. Governor c5 (no right) steps c6, b6, d6; Emperor b2: b3, c2, c3. */
    {"11/7e3/4g1g4/11/2G1A6/11/11/1E9/11 w - - 0 1",
     "e5e6 e5e8 e5f6 e5f5 e5g5 e5h5 e5i5 e5j5 e5f4 e5g3 e5h2 e5e4 e5e3 e5e2 e5d4 e5c3 "
     "e5d5 e5d6 e5c7 e5b8 b2b3 b2c2 b2c3 c5c6 c5b6 c5d6"},
    /* Captures landing in the Zone: e8 taken landing on e9, h2 landing on i1; b5 is safe
     * because the Zone square a5 beyond it is occupied (by a trapped Ambassador, which
     * itself has no move). */
    {"11/4g4e1/11/11/Aa2A6/11/11/1E5g3/11 w - - 0 1",
     "e5e6 e5e7 e5e9 e5f6 e5g7 e5h8 e5f5 e5g5 e5h5 e5i5 e5j5 e5f4 e5g3 e5i1 e5e4 e5e3 e5e2 "
     "e5d4 e5c3 e5d5 e5c5 e5d6 e5c7 e5b8 b2b3 b2c2 b2c3"},
    /* Emperor e5: five steps, takes f6 (to g7) and d5 (to c5); e4 is protected by e3. */
    {"11/9e1/11/5g5/3aE6/4g6/4g6/11/11 w - - 0 1", "e5d4 e5f4 e5f5 e5d6 e5e6 e5g7 e5c5"},
    /* Emperor b3 never enters the Zone: taking b2 would land on b1, so it may not; b4 (to
     * b5) and c3 (to d3) can be taken; steps c2 and c4. */
    {"11/9e1/11/11/11/1g9/1Ea8/1g9/11 w - - 0 1", "b3c2 b3c4 b3b5 b3d3"},
    /* Governor e4 without the right: e5 straight ahead blocks and cannot be taken; d5 is
     * taken diagonally (to c6); f5 is protected by g6; d4 beside it and f3 behind it are
     * never taken by a Governor. */
    {"11/9e1/11/6g4/3agg5/3gG6/5g5/1E9/11 w - - 0 1", "e4c6 b2b3 b2c2 b2c3"},
    /* Two-square rights on c3 and f3: c3 goes c4/c5, b4 (a5 is Zone), d4/e5; f3 is blocked
     * straight by f4, goes e4/d5 and g4, and from g4's direction takes h5 on the second
     * square, landing on i6. */
    {"11/9e1/11/11/7g3/5g5/2G2G5/9E1/11 w c3f3 - 0 1",
     "c3c4 c3c5 c3b4 c3d4 c3e5 f3e4 f3d5 f3g4 f3i6 j2i2 j2i3 j2j3"},
    /* No change of direction: f5 (two up, one right) is out of e3's reach; c5 on the
     * second diagonal square is protected by b6, so neither taken nor reached. */
    {"11/9e1/11/1g9/2a2a5/11/4G6/9E1/11 w e3 - 0 1", "e3e4 e3e5 e3d4 e3f4 e3g5 j2i2 j2i3 j2j3"},
    /* Dark Governors move down: e7 (right) e6/e5, takes d6 landing c5, f6/g5; h5 steps h4,
     * g4 and takes i4 landing j3. Dark Emperor b8: b7, c7, c8. */
    {"11/1e9/4g6/3A7/7g3/8G2/11/9E1/11 b e7 - 0 1",
     "e7e6 e7e5 e7c5 e7f6 e7g5 h5h4 h5g4 h5j3 b8b7 b8c7 b8c8"},
    /* Immunity: e7 was converted on the previous ply, so e5 cannot take it (no e5e8);
     * c7 can be taken (landing b8). */
    {"11/9e1/2g1g6/11/4A6/11/11/1E9/11 w - e7 0 1",
     "e5e6 e5f6 e5g7 e5h8 e5f5 e5g5 e5h5 e5i5 e5j5 e5f4 e5g3 e5h2 e5e4 e5e3 e5e2 e5d4 e5c3 "
     "e5d5 e5c5 e5b5 e5d6 e5b8 b2b3 b2c2 b2c3"},
    /* The same without immunity: e5e8 comes back. */
    {"11/9e1/2g1g6/11/4A6/11/11/1E9/11 w - - 0 1",
     "e5e6 e5e8 e5f6 e5g7 e5h8 e5f5 e5g5 e5h5 e5i5 e5j5 e5f4 e5g3 e5h2 e5e4 e5e3 e5e2 e5d4 "
     "e5c3 e5d5 e5c5 e5b5 e5d6 e5b8 b2b3 b2c2 b2c3"},
    /* Revival: each step of d7 onto the back line (d8, c8, e8) comes plain and with each
     * trapped Ambassador (a4, k6) revived. */
    {"11/11/3G7/10A/7e3/A10/11/1E9/11 w - - 0 1",
     "d7d8 d7d8@a4 d7d8@k6 d7c8 d7c8@a4 d7c8@k6 d7e8 d7e8@a4 d7e8@k6 b2b3 b2c2 b2c3"},
    /* Crossing the back line: c7 takes b8 landing on the corner a9 (revival allowed), c6
     * takes b7 landing on a8 (a Zone square of the back line); d8 is protected by the
     * occupied Zone square e9; c6d7 stays short of the line. */
    {"4g6/1g1g7/1gG8/2G4e3/11/10A/11/9E1/11 w - - 0 1",
     "c7c8 c7c8@k4 c7a9 c7a9@k4 c6a8 c6a8@k4 c6d7 j2i2 j2i3 j2j3"},
    /* A free Ambassador on a2 leaves only east (b2-j2) or north-east (b3-e6, stopped by
     * its Governor f7), never along the Zone (a3 is not taken). It is not trapped, so f7
     * reaching the back line revives nothing. */
    {"11/1E9/5G5/11/11/9e1/a10/F10/11 w - - 0 1",
     "a2b2 a2c2 a2d2 a2e2 a2f2 a2g2 a2h2 a2i2 a2j2 a2b3 a2c4 a2d5 a2e6 f7f8 f7e8 f7g8 "
     "b8b7 b8c7 b8c8"},
    /* Free Ambassadors in the corner a1 (only the diagonal: b2, c3, takes d4 to e5) and on
     * k5 (west j5, i5, h5 protected by g5; north-west j6-h8; south-west takes j4 to i3). */
    {"11/1E3e5/11/11/6ga2F/3g5g1/11/11/F10 w - - 0 1",
     "a1b2 a1c3 a1e5 k5j5 k5i5 k5j6 k5i7 k5h8 k5i3 b8b7 b8c7 b8c8"},
    /* A free Ambassador captures from its Zone square: b2 (landing c2); b3 is protected by
     * c4, which also closes the diagonal. */
    {"11/1E9/11/11/11/2g4e3/1g9/Fg9/11 w - - 0 1", "a2c2 b8b7 b8c7 b8c8"},
    /* Nothing else moves: trapped Ambassadors a5 and k3 (even next to j4), Governors in the
     * Zone (a7, e9) and d8 on rank 8 (its squares ahead are Zone; c9 is uncapturable). */
    {"2g1G6/3G5e1/G10/11/A10/9g1/10A/1E9/11 w - - 0 1", "b2b3 b2c2 b2c3"},
    /* Governor e7 takes the Emperor f8 landing on g9: still plain and with each revival. */
    {"11/5e5/4G6/A10/11/11/A10/1E9/11 w - - 0 1",
     "e7e8 e7e8@a3 e7e8@a6 e7d8 e7d8@a3 e7d8@a6 e7g9 e7g9@a3 e7g9@a6 b2b3 b2c2 b2c3"},
    /* Dark's back line is rank 2 and beyond it rank 1: i3 reaches i2, j2 and takes h2
     * landing g1; c4 takes b3 landing a2 (Zone, on the line); c4c3 and c4d3 do not reach
     * it. Dark's trapped Ambassador k7 is revivable. */
    {"11/1e9/10a/11/5E5/2g8/1A6g2/7G3/11 b - - 0 1",
     "i3i2 i3i2@k7 i3g1 i3g1@k7 i3j2 i3j2@k7 c4c3 c4a2 c4a2@k7 c4d3 b8b7 b8c7 b8c8"},
    /* A converted Governor has no right: c3 steps one square only. */
    {"11/9e1/11/11/11/11/2G8/9E1/11 w - - 0 1", "c3c4 c3b4 c3d4 j2i2 j2i3 j2j3"},
    /* Two-square moves and the Zone: c3 takes b4 landing a5 (Zone); i3's two-square
     * diagonal would end on k5 (Zone) and the piece there cannot be taken. */
    {"11/1E3e5/11/11/10a/1g9/2G5G2/11/11 w c3i3 - 0 1",
     "c3c4 c3c5 c3a5 c3d4 c3e5 i3i4 i3i5 i3h4 i3g5 i3j4 b8b7 b8c7 b8c8"},
    /* The Emperor b2 is boxed in: every neighbour protected. No legal move. */
    {"11/9e1/11/11/11/1g1g7/1gg8/1Egg7/11 w - - 0 1", ""},
    /* The game is over (dark has no Emperor): no moves. */
    {"11/5E5/11/A10/11/11/F10/1E9/11 b - f8 0 1", ""},
};

/* The move list, and the game's own perft (which counts its last ply set-wise) to depth 1
 * against the list's length and to depth 2 against the generic perft. */
START_TEST(hand_checked_lists)
{
    t_assert_moves_counted(df(), hand_checked[_i].fen, hand_checked[_i].moves);
    unsigned char pos[256];
    t_load(df(), hand_checked[_i].fen, pos);
    ck_assert_uint_eq(perft(df(), pos, 2), perft_generic(df(), pos, 2));
}
END_TEST

/* Positions after one move, written out by hand. */
static const struct {
    const char *before, *move, *after;
} made[] = {
    /* conversion in place: e7 turns light, becomes immune; a capture resets the clock */
    {"11/7e3/4g1g4/11/2G1A6/11/11/1E9/11 w - - 5 1", "e5e8",
     "11/4A2e3/4G1g4/11/2G8/11/11/1E9/11 b - e7 0 1"},
    /* a converted Governor loses its two-square right */
    {"11/11/2g8/11/2A4e3/11/11/1E9/11 w c7 - 0 1", "c5c8",
     "11/2A8/2G8/11/7e3/11/11/1E9/11 b - c7 0 1"},
    /* revival: the Governor leaves d8 and goes under a4, which becomes free */
    {"11/11/3G7/10A/7e3/A10/11/1E9/11 w - - 3 1", "d7d8@a4",
     "11/11/11/10A/7e3/F10/11/1E9/11 b - - 0 1"},
    /* declining: the Governor stays on d8 */
    {"11/11/3G7/10A/7e3/A10/11/1E9/11 w - - 3 1", "d7d8",
     "11/3G7/11/10A/7e3/A10/11/1E9/11 b - - 0 1"},
    /* revival by a capture into the corner: b8 converted, a9 left empty, k4 freed */
    {"4g6/1g1g7/1gG8/2G4e3/11/10A/11/9E1/11 w - - 0 1", "c7a9@k4",
     "4g6/1G1g7/1g9/2G4e3/11/10F/11/9E1/11 b - b8 0 1"},
    /* a free Ambassador leaves its Governor behind; a quiet Ambassador move counts */
    {"11/1E3e5/11/11/6ga2F/3g5g1/11/11/F10 w - - 4 1", "a1b2",
     "11/1E3e5/11/11/6ga2F/3g5g1/11/1A9/G10 b - - 5 1"},
    /* a free Ambassador captures back into the Zone and is trapped again */
    {"11/1E3e5/11/11/F8g1/11/11/11/11 w - - 0 1", "a5k5",
     "11/1E3e5/11/11/G8GA/11/11/11/11 b - j5 0 1"},
    /* the Emperor captured (with a revival): dark has no Emperor left */
    {"11/5e5/4G6/A10/11/11/A10/1E9/11 w - - 0 1", "e7g9@a3",
     "11/5E5/11/A10/11/11/F10/1E9/11 b - f8 0 1"},
    {"11/5e5/4G6/A10/11/11/A10/1E9/11 w - - 0 1", "e7g9",
     "6G4/5E5/11/A10/11/11/A10/1E9/11 b - f8 0 1"},
    /* dark's two-square move loses the right and completes a full move */
    {"11/1e9/4g6/3A7/7g3/8G2/11/9E1/11 b e7 - 9 1", "e7e5",
     "11/1e9/11/3A7/4g2g3/8G2/11/9E1/11 w - - 0 2"},
    /* immunity lasts one ply: the next move clears it */
    {"11/9e1/2g1g6/11/4A6/11/11/1E9/11 w - e7 0 1", "b2b3",
     "11/9e1/2g1g6/11/4A6/11/1E9/11/11 b - - 1 1"},
};

START_TEST(make_moves) { t_assert_played(df(), made[_i].before, made[_i].move, made[_i].after); }
END_TEST

/* The captured piece is the capturer's and moves on its next turn. */
/* Noisy moves are the captures (Emperor captures included) and the revivals. */
START_TEST(noisy_moves)
{
    const Game *g = df();
    static const struct {
        const char *fen, *noisy;
    } cases[] = {
        {"11/4g4e1/11/11/Aa2A6/11/11/1E5g3/11 w - - 0 1", "e5e9 e5i1"},
        {"11/11/3G7/10A/7e3/A10/11/1E9/11 w - - 0 1",
         "d7d8@a4 d7d8@k6 d7c8@a4 d7c8@k6 d7e8@a4 d7e8@k6"},
        {"11/5e5/4G6/A10/11/11/A10/1E9/11 w - - 0 1",
         "e7g9 e7g9@a3 e7g9@a6 e7e8@a3 e7e8@a6 e7d8@a3 e7d8@a6"},
        {DF_START, ""},
    };
    static Move noisy[MAX_MOVES];
    unsigned char pos[256];
    char str[MOVE_STR_MAX], got[1024], want[1024];
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        t_load(g, cases[c].fen, pos);
        int n = g->gen_noisy(pos, noisy);
        int words = 0;
        for (const char *w = cases[c].noisy; *w; w++)
            words += *w != ' ' && (w == cases[c].noisy || w[-1] == ' ');
        ck_assert_int_eq(n, words);
        for (int i = 0; i < n; i++) {
            g->move_to_str(pos, noisy[i], str);
            snprintf(got, sizeof got, " %s ", str);
            snprintf(want, sizeof want, " %s ", cases[c].noisy);
            ck_assert_msg(strstr(want, got) != NULL, "unexpected noisy %s in %s", str,
                          cases[c].fen);
        }
    }
}
END_TEST

/* threat(): the opponent could take the side to move's Emperor next ply. */
START_TEST(threats)
{
    const Game *g = df();
    unsigned char pos[256];
    t_load(g, DF_START, pos);
    ck_assert(!g->threat(pos));
    /* the dark Governor f6 takes e5 diagonally, landing on d4 */
    t_load(g, "11/9e1/11/5g5/3aE6/4g6/4g6/11/11 w - - 0 1", pos);
    ck_assert(g->threat(pos));
    /* an Ambassador line whose square beyond the Emperor is empty, and one blocked */
    t_load(g, "11/4a6/11/11/11/11/4E6/1e9/11 w - - 0 1", pos);
    ck_assert(g->threat(pos));
    t_load(g, "11/4a6/11/11/11/11/4E6/1e2G6/11 w - - 0 1", pos);
    ck_assert(!g->threat(pos));
}
END_TEST

START_TEST(converted_piece_moves)
{
    const Game *g = df();
    unsigned char pos[256];
    t_load(g, "11/7e3/4g1g4/11/2G1A6/11/11/1E9/11 w - - 0 1", pos);
    t_play(g, pos, "e5e8 h8h7");
    ck_assert(g->parse_move(pos, "e7e8") == MOVE_NONE); /* e8 is its own Ambassador */
    ck_assert(g->parse_move(pos, "e7d8") != MOVE_NONE);
    ck_assert(g->parse_move(pos, "e7f8") != MOVE_NONE);
}
END_TEST

START_TEST(results)
{
    const Game *g = df();
    unsigned char pos[256];
    t_load(g, DF_START, pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    /* Ambassador e2 takes the Emperor e6 (landing e7): dark has lost */
    t_load(g, "11/11/11/4e6/11/11/11/1E2A6/11 w - - 0 1", pos);
    t_play(g, pos, "e2e7");
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    static Move moves[MAX_MOVES];
    ck_assert_int_eq(g->gen_moves(pos, moves), 0);
    t_load(g, "11/5e5/11/11/11/11/11/11/11 w - - 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    /* boxed in: no legal move, and having none loses */
    t_load(g, "11/9e1/11/11/11/1g1g7/1gg8/1Egg7/11 w - - 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    ck_assert_int_eq(g->no_moves_result, RESULT_LOSS);
}
END_TEST

/* Irreversible plies are captures and Governor moves; the clock counts the others. A
 * capture converts and a converted Governor walks the other way, so both can be undone:
 * the window of repetitions reaches back past them, to the last ply that changed the Zone
 * or took a two-square right. */
START_TEST(halfmove_clock)
{
    const Game *g = df();
    unsigned char pos[256];
    static const struct {
        const char *move;
        int clock, window;
    } steps[] = {
        {"e5e6", 11, 11},                                                    /* Emperor step */
        {"f6f5", 0, 12},                                                     /* Governor step */
        {"e6f7", 1, 13},  {"j8i8", 2, 14}, {"f7f6", 3, 15}, {"d5d6", 4, 16}, /* Ambassador slide */
        {"f6f4", 0, 17}, /* the Emperor takes f5 */
    };
    t_load(g, "11/9e1/11/5g5/3aE6/4g6/4g6/11/11 w - - 10 1", pos);
    ck_assert_int_eq(game_repetition_plies(g, pos), 10);
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        t_play(g, pos, steps[i].move);
        ck_assert_int_eq(g->halfmove_clock(pos), steps[i].clock);
        ck_assert_int_eq(game_repetition_plies(g, pos), steps[i].window);
    }
    /* a capture that lands in the Zone, and a Governor's two-square step, start it anew */
    t_load(g, "11/5e5/11/11/11/11/1aA8/5E5/11 w - - 4 1", pos);
    t_play(g, pos, "c3a3");
    ck_assert_int_eq(game_repetition_plies(g, pos), 0);
    t_load(g, "11/2e8/11/11/11/11/4G6/2E8/11 w e3 - 4 1", pos);
    t_play(g, pos, "e3e4");
    ck_assert_int_eq(game_repetition_plies(g, pos), 0);
}
END_TEST

/* From a game between two nets: two Ambassadors take each other's Governors and each
 * other in a ring (h8, h7, g8, g7), every ply a capture. Once the third ply has taken the
 * two-square rights of h7 and g7, the position comes back every six plies: the third time
 * (ply 15) is a draw although the halfmove clock never passes 0. */
START_TEST(repetition_across_conversions)
{
    const Game *g = df();
    unsigned char pos[256];
    static const char *const ring[] = {"h8h6", "f8h8", "h6f8", "h8h6", "f8h8", "h6f8"};
    static const int window[] = {0, 1, 0, 1, 2, 3};
    uint64_t keys[15];
    GameOverReason why;
    t_load(g, "11/4aaAA3/3ggegg3/4aa5/1G1GGGg4/2AGGEa4/4A1gA3/5a1gA2/6g4 w d7e7g7h7 g3 0 23", pos);
    for (int i = 0; i < 15; i++) {
        keys[i] = g->key(pos);
        ck_assert_msg(game_over(g, pos, keys, i, 200, &why) == RESULT_NONE, "ply %d", i);
        t_play(g, pos, ring[i % 6]);
        ck_assert_int_eq(g->halfmove_clock(pos), 0);
        if (i < 6)
            ck_assert_int_eq(game_repetition_plies(g, pos), window[i]);
    }
    char fen[FEN_MAX];
    g->fen_write(pos, fen, sizeof fen);
    ck_assert_str_eq(fen,
                     "11/4aAaa3/3ggeGG3/4aa5/1G1GGGg4/2AGGEa4/4A1gA3/5a1gA2/6g4 b d7e7 g7 0 30");
    ck_assert_int_eq(game_over(g, pos, keys, 15, 200, &why), RESULT_DRAW);
    ck_assert_int_eq(why, GAME_OVER_REPETITION);
}
END_TEST

START_TEST(fen_round_trip)
{
    const Game *g = df();
    unsigned char pos[256];
    char out[FEN_MAX];
    static const char *const canonical[] = {
        DF_START,
        "4GG1G3/f5AA3/4ge5/4aga4/6g4/2A3AG3/2G1GGGGG2/1aaAaEA4/11 b e3f3h3i3e7 - 1 15",
        "3G2Ga3/4AAG2G1/4gAgA3/1g3e1GA1G/4ga5/7G3/2G1g1A3a/1Aa4EA2/1g9 b c3 i6 0 30",
        "11/1E3e5/11/11/G8GA/11/11/11/11 b - j5 0 1",
    };
    for (size_t i = 0; i < sizeof canonical / sizeof *canonical; i++) {
        t_load(g, canonical[i], pos);
        g->fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, canonical[i]);
    }
    /* counters default to 0 1; rights in any order; counts of several digits */
    t_load(g,
           "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w "
           "i7h7g7f7e7d7c7i3h3g3f3e3d3c3 -",
           pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, DF_START);
    t_load(g, "11/9e1/11/11/11/1g1g7/1gg8/1Egg7/11 w - - 37", pos);
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "11/9e1/11/11/11/1g1g7/1gg8/1Egg7/11 w - - 37 1");
}
END_TEST

START_TEST(fen_rejections)
{
    const Game *g = df();
    static const char *const bad[] = {
        "",
        "w",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w -",
        /* rank of 10 or 12 squares; 8 or 10 ranks */
        "11/2aaaeaaa2/2ggggggg2/10/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/12/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa3/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/011 w - - 0 1",
        /* letters */
        "11/2aaaekaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2gggFggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "E10/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAAAA3/11 w - - 0 1",
        /* side */
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 x - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 wb - - 0 1",
        /* rights: not a start square, no Governor, wrong colour, repeated, malformed */
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w c2 - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGG3/2AAAEAAA2/11 w i3 - 0 1",
        "11/2aaaeaaa2/2Ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w c7 - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w c3c3 - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w c3d - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w l3 - 0 1",
        /* immune: empty, own piece, in the Zone, not after a capture, a right holder */
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - e5 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - e3 0 1",
        "11/2aaaeaa3/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/1a9 w - b1 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - e7 3 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 b c3 c3 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - e77 0 1",
        /* counters */
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - -1 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 0",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - x 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1 extra",
        /* impossible material: three Emperors, 13 Ambassadors (a free one counts), 15
         * Governors */
        "11/2aaaeaaa2/2ggggggg2/11/5E5/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/5A5/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/5G5/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/2aaaeaaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/F10 w - - 0 1",
        /* the side that just moved has no Emperor; nobody has one */
        "11/2aaa1aaa2/2ggggggg2/11/11/11/2GGGGGGG2/2AAAEAAA2/11 w - - 0 1",
        "11/11/11/11/11/11/11/11/11 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(g, bad[i]), "accepted bad FEN '%s'", bad[i]);
    char huge[FEN_MAX + 10];
    memset(huge, '1', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    ck_assert(t_fen_rejected(g, huge));
}
END_TEST

START_TEST(notation)
{
    const Game *g = df();
    unsigned char pos[256];
    char s[MOVE_STR_MAX];
    t_load(g, DF_START, pos);
    Move m = g->parse_move(pos, "c3c5");
    ck_assert(m != MOVE_NONE);
    g->move_to_str(pos, m, s);
    ck_assert_str_eq(s, "c3c5");
    static const char *const bad_start[] = {
        "c3a5",
        "c3c6",
        "c3c5@a4",
        "c3",
        "c3c5x",
        "",
        "0000",
        "C3C5",
        "c3c5 ",
        " c3c5",
        "l3l4",
        "c0c1",
        "c3c5@",
        "c3c5@a",
        "f2f3",
        "c7c6",
        "\xff\xfe\x01\x02",
        "c3c5@a4a4",
    };
    for (size_t i = 0; i < sizeof bad_start / sizeof *bad_start; i++)
        ck_assert_msg(g->parse_move(pos, bad_start[i]) == MOVE_NONE, "accepted '%s'", bad_start[i]);
    t_load(g, "11/11/3G7/10A/7e3/A10/11/1E9/11 w - - 0 1", pos);
    static const char *const good[] = {"d7d8", "d7d8@a4", "d7d8@k6", "d7c8@k6"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        m = g->parse_move(pos, good[i]);
        ck_assert_msg(m != MOVE_NONE, "rejected '%s'", good[i]);
        g->move_to_str(pos, m, s);
        ck_assert_str_eq(s, good[i]);
    }
    ck_assert(g->parse_move(pos, "d7d8@a4") != g->parse_move(pos, "d7d8@k6"));
    static const char *const bad_revival[] = {"d7d8@a5", "d7d8@b2",    "d7d8@@a4", "d7d8a4",
                                              "d7d8@k",  "d7d8@a4@k6", "d7d8@A4"};
    for (size_t i = 0; i < sizeof bad_revival / sizeof *bad_revival; i++)
        ck_assert_msg(g->parse_move(pos, bad_revival[i]) == MOVE_NONE, "accepted '%s'",
                      bad_revival[i]);
    char long_str[300];
    memset(long_str, 'a', sizeof long_str - 1);
    long_str[sizeof long_str - 1] = 0;
    ck_assert(g->parse_move(pos, long_str) == MOVE_NONE);
}
END_TEST

START_TEST(random_game_invariants)
{
    const Game *g = df();
    ck_assert_int_gt(t_random_games(g, DF_START, 25, 150, 20240601), 1000);
    for (const char *const *fen = g->bench_fens; *fen; fen++)
        t_random_games(g, *fen, 1, 40, 77);
}
END_TEST

static int cmp_move(const void *a, const void *b) { return strcmp(a, b); }

static const char *mine_of(const Game *g, const void *pos, Move m)
{
    static char str[MOVE_STR_MAX];
    g->move_to_str(pos, m, str);
    return str;
}

/* Along random games: the engine's moves equal the reference's, position after position,
 * and the position after each move is the reference's too. The games must reach the rarer
 * rules (revivals, free Ambassadors leaving the Zone). */
START_TEST(matches_reference)
{
    const Game *g = df();
    static Move moves[MAX_MOVES];
    static char mine[MAX_MOVES][REF_MOVE_LEN], ref[REF_MAX_MOVES][REF_MOVE_LEN];
    unsigned char pos[256], next[256];
    char fen[FEN_MAX], ref_fen[FEN_MAX];
    uint64_t seed = 99;
    long revivals = 0, free_moves = 0, positions = 0;
    for (int game = 0; game < 40; game++) {
        t_load(g, DF_START, pos);
        for (int ply = 0; ply < 150; ply++) {
            RefPos rp;
            g->fen_write(pos, fen, sizeof fen);
            ck_assert(ref_read(&rp, fen));
            int n = g->gen_moves(pos, moves), k = ref_moves(&rp, ref);
            for (int i = 0; i < n; i++) {
                const char *str = mine_of(g, pos, moves[i]);
                ck_assert_uint_lt(strlen(str), REF_MOVE_LEN);
                strcpy(mine[i], str);
            }
            ck_assert_msg(n == k, "%d moves, reference %d in %s", n, k, fen);
            ck_assert_msg(g->threat(pos) == ref_emperor_capturable(&rp), "threat() wrong in %s",
                          fen);
            ck_assert_uint_eq(perft(g, pos, 1), (uint64_t)n);
            qsort(mine, (size_t)n, REF_MOVE_LEN, cmp_move);
            qsort(ref, (size_t)k, REF_MOVE_LEN, cmp_move);
            for (int i = 0; i < n; i++)
                ck_assert_msg(strcmp(mine[i], ref[i]) == 0, "%s vs reference %s in %s", mine[i],
                              ref[i], fen);
            positions++;
            if (n == 0)
                break;
            /* Half the time play a revival or a free Ambassador's move when there is one,
             * so the rarer rules are exercised. */
            int pick = (int)rng_below(&seed, (uint64_t)n), rare[MAX_MOVES], rare_count = 0;
            for (int i = 0; i < n; i++) {
                const char *str = mine_of(g, pos, moves[i]);
                if (strchr(str, '@') || strchr("Ff", rp.sq[str[1] - '1'][str[0] - 'a']))
                    rare[rare_count++] = i;
            }
            if (rare_count && rng_below(&seed, 2))
                pick = rare[rng_below(&seed, (uint64_t)rare_count)];
            char str[MOVE_STR_MAX];
            g->move_to_str(pos, moves[pick], str);
            revivals += strchr(str, '@') != NULL;
            free_moves += strchr("Ff", rp.sq[str[1] - '1'][str[0] - 'a']) != NULL;
            g->make_move(pos, moves[pick], next);
            memcpy(pos, next, g->pos_size);
            ref_play(&rp, str);
            g->fen_write(pos, fen, sizeof fen);
            ref_write(&rp, ref_fen);
            ck_assert_msg(strcmp(fen, ref_fen) == 0, "after %s: %s, reference %s", str, fen,
                          ref_fen);
        }
    }
    ck_assert_msg(positions > 2000 && revivals > 25 && free_moves > 25,
                  "%ld positions, %ld revivals, %ld free moves", positions, revivals, free_moves);
}
END_TEST

/* The same position seen from the other side: ranks mirrored, colours and side swapped. */
static void mirror_fen(const char *fen, char *out)
{
    char board[256], side[4], rights[64], immune[8], *rank[9];
    int half, full, n = 0;
    ck_assert_int_eq(
        sscanf(fen, "%255s %3s %63s %7s %d %d", board, side, rights, immune, &half, &full), 6);
    rank[0] = strtok(board, "/");
    for (int r = 1; r < 9; r++)
        rank[r] = strtok(NULL, "/");
    for (int r = 8; r >= 0; r--) {
        for (const char *c = rank[r]; *c; c++)
            out[n++] = (char)(isupper((unsigned char)*c) ? tolower(*c) : toupper(*c));
        out[n++] = r ? '/' : ' ';
    }
    out[n++] = side[0] == 'w' ? 'b' : 'w';
    out[n++] = ' ';
    for (char *sq = rights; *sq; sq += sq[0] == '-' ? 1 : 2) {
        out[n++] = sq[0];
        if (sq[0] != '-')
            out[n++] = (char)('1' + '9' - sq[1]);
    }
    out[n++] = ' ';
    out[n++] = immune[0];
    if (immune[0] != '-')
        out[n++] = (char)('1' + '9' - immune[1]);
    sprintf(out + n, " %d %d", half, full);
}

/* The evaluation is bounded, the same for mirrored positions, and its terms print. */
START_TEST(eval_symmetry)
{
    t_eval_mirror_walk(df(), DF_START, 20, 100, mirror_fen, SCORE_EVAL_MAX + 1);
}
END_TEST

/* Forced Emperor captures (or a rival left without a move), solved by the engine's own
 * search at the exact distance; the winning first moves of the short ones by hand. */
static const SearchPuzzle puzzles[] = {
    /* Ambassador e2 slides up and takes the Emperor e6, landing on e7 */
    {"11/11/11/4e6/11/11/11/1E2A6/11 w - - 0 1", 1, "e2e7"},
    /* Governor d5 takes the Emperor e6 diagonally, landing on f7 */
    {"11/11/11/4e6/3G7/11/11/1E9/11 w - - 0 1", 1, "d5f7"},
    /* dark is boxed in on j8 (i8, i7, j7 protected by h8, h6, j6; k9 blocks i7 taking
     * it): an Emperor step or h7g8 leaves dark without a legal move; h6g7 would empty h6,
     * the landing square of the Emperor taking i7 */
    {"10G/7GGe1/7GGG1/7G1G1/11/11/11/1E9/11 w - - 0 1", 1, "b2b3 b2c2 b2c3 h7g8"},
    /* i3i7 attacks j8 along the diagonal (landing k9); if the Emperor takes i7 (landing
     * h6) the Emperor h7 takes it back, landing on h5; other replies lose at once */
    {"11/1g7e1/7E1g1/11/11/11/1A6A2/11/11 w - - 0 1", 3, NULL},
    /* the h3 Ambassador steps aside (h2 or g3) to open a diagonal onto b8; whatever the
     * Emperor does, a capture follows within two more light moves */
    {"11/1e7g1/3G7/11/11/11/2g4A3/6E4/11 w - - 0 1", 5, NULL},
    /* dark to move: the Ambassador c8 slides down the c-file and takes the Emperor c3,
     * landing on c2 */
    {"11/2a6e1/11/11/11/11/2E8/11/11 b - - 0 1", 1, "c8c2"},
    /* the light Emperor e5 stands next to the dark Emperor d5 with c5 empty beyond it */
    {"11/9a1/11/11/3eE6/11/11/11/11 w - - 0 1", 1, "e5c5"},
};

/* Each term the evaluation is built from reacts in a position made for it. */
START_TEST(eval_terms_react)
{
    const Game *g = df();
    /* material: a free Ambassador (on its Governor, a3) is worth more than a trapped one */
    ck_assert_int_gt(t_eval_term(g, "11/9e1/11/11/11/11/F10/1E9/11 w - - 0 1", "material", P1),
                     t_eval_term(g, "11/9e1/11/11/11/11/A10/1E9/11 w - - 0 1", "material", P1));
    /* advance: a Governor three ranks up (e6) against one on its start rank (e3) */
    ck_assert_int_gt(t_eval_term(g, "11/9e1/11/4G6/11/11/11/1E9/11 w - - 0 1", "advance", P1), 0);
    ck_assert_int_eq(t_eval_term(g, "11/9e1/11/11/11/11/4G6/1E9/11 w - - 0 1", "advance", P1), 0);
    /* emperor: the dark Ambassador e8 can take the Emperor e3 (landing on e2); a light
     * Governor on e2 closes the landing square */
    ck_assert_int_lt(t_eval_term(g, "11/4a6/11/11/11/11/4E6/1e9/11 w - - 0 1", "emperor", P1),
                     t_eval_term(g, "11/4a6/11/11/11/11/4E6/1e2G6/11 w - - 0 1", "emperor", P1));
    /* hanging: the dark Ambassador e8 can take the Governor e4 (landing on e3) */
    ck_assert_int_lt(t_eval_term(g, "11/4a6/11/11/11/4G6/11/1E7e1/11 w - - 0 1", "hanging", P1), 0);
    /* ... and the light Ambassador e2 the dark Governor e4, unless it is immune */
    ck_assert_int_lt(t_eval_term(g, "11/9e1/11/11/11/4g6/11/1E2A6/11 w - - 0 1", "hanging", P2), 0);
    ck_assert_int_eq(t_eval_term(g, "11/9e1/11/11/11/4g6/11/1E2A6/11 w - e4 0 1", "hanging", P2),
                     0);
    /* mobility: the start position's Ambassador moves */
    ck_assert_int_gt(t_eval_term(g, DF_START, "mobility", P1), 0);
}
END_TEST

START_TEST(forced_wins)
{
    t_search_finds_win("dragonface", puzzles[_i].fen, puzzles[_i].plies, puzzles[_i].winning);
}
END_TEST

Suite *dragonface_suite(void)
{
    Suite *s = suite_create("dragonface");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, start_perft);
    tcase_add_test(tc, perft_counts_agree);
    tcase_add_test(tc, start_moves);
    tcase_add_loop_test(tc, hand_checked_lists, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_loop_test(tc, make_moves, 0, (int)(sizeof made / sizeof *made));
    tcase_add_test(tc, noisy_moves);
    tcase_add_test(tc, threats);
    tcase_add_test(tc, converted_piece_moves);
    tcase_add_test(tc, results);
    tcase_add_test(tc, halfmove_clock);
    tcase_add_test(tc, repetition_across_conversions);
    tcase_add_test(tc, fen_round_trip);
    tcase_add_test(tc, fen_rejections);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, random_game_invariants);
    tcase_add_test(tc, matches_reference);
    tcase_add_test(tc, eval_symmetry);
    tcase_add_test(tc, eval_terms_react);
    tcase_add_loop_test(tc, forced_wins, 0, (int)(sizeof puzzles / sizeof *puzzles));
    suite_add_tcase(s, tc);
    return s;
}
