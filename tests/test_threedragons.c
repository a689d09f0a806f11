/*
 * Three Dragons (threedragons, threedragons-strength, threedragons-dragons): perft,
 * hand-checked move lists and move effects, FEN, notation, results, forced wins.
 * Every expected list and position below is worked out from the rules file, square by
 * square; "corner lock" is a white piece on i2 that cannot move (i1 is a mountain, black
 * holds h2 and i3), used to keep the second white piece out of the move lists.
 */
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "tests/eval_terms.h"
#include "tests/helpers.h"
#include "tests/search_puzzle.h"

#define BASE "threedragons"
#define STRENGTH "threedragons-strength"
#define DRAGONS "threedragons-dragons"
#define BASE_START "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"
#define STRENGTH_START                                                                             \
    "Mp1p2p3p6p3p2p1M/2p4p51p5p42/9/9/2C1C1C2/9/9/2P4P51P5P42/MP1P2P3P6P3P2P1M w - 0 1"

START_TEST(start_perft)
{
    static const char *const games[] = {BASE, STRENGTH, DRAGONS};
    static const uint64_t expected[3][5] = {
        {1, 37, 1279, 53579, 2161883},
        {1, 37, 1281, 53619, 2168553},
        {1, 37, 1281, 53619, 2168553},
    };
    const Game *g = t_game(games[_i]);
    for (int d = 0; d <= 4; d++)
        ck_assert_uint_eq(t_perft(g, game_start_fen(g, NULL), d), expected[_i][d]);
}
END_TEST

/* The start position, piece by piece: b1 and h1 run up to rank 8, e1 stops under the
 * cave, c2 and g2 stop under theirs or run sideways, d2 and f2 run to rank 7 or to e2.
 * No strength capture exists yet: every landing next to black faces equal strength. */
#define START_MOVES                                                                                \
    "b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 e1e2 e1e3 e1e4 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 "        \
    "c2c3 c2c4 c2b2 c2a2 d2d3 d2d4 d2d5 d2d6 d2d7 d2e2 f2f3 f2f4 f2f5 f2f6 f2f7 f2e2 "             \
    "g2g3 g2g4 g2h2 g2i2"

START_TEST(start_moves)
{
    t_assert_moves(t_game(BASE), BASE_START, START_MOVES);
    t_assert_moves(t_game(STRENGTH), STRENGTH_START, START_MOVES);
    t_assert_moves(t_game(DRAGONS), STRENGTH_START, START_MOVES);
}
END_TEST

static const struct {
    const char *game, *fen, *moves;
} hand_checked[] = {
    /* mountains: a2 runs up to a8 (a9) and right to i2; b1 up to b9 and right to h1 (i1) */
    {BASE, "M3pp2M/9/9/9/2C1C1C2/9/9/P8/MP6M w - 0 1",
     "a2a3 a2a4 a2a5 a2a6 a2a7 a2a8 a2b2 a2c2 a2d2 a2e2 a2f2 a2g2 a2h2 a2i2 "
     "b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1b9 b1c1 b1d1 b1e1 b1f1 b1g1 b1h1"},
    /* caves on rank 5: d5 and f5 sit between caves and move only along their files */
    {BASE, "M7M/9/9/9/p1CPCPC1p/9/9/9/M7M w - 0 1",
     "d5d6 d5d7 d5d8 d5d9 d5d4 d5d3 d5d2 d5d1 f5f6 f5f7 f5f8 f5f9 f5f4 f5f3 f5f2 f5f1"},
    /* a cave blocks its file: e4 and e6 cannot pass e5 */
    {BASE, "M7M/p7p/9/4P4/2C1C1C2/4P4/9/9/M7M w - 0 1",
     "e4e3 e4e2 e4e1 e4f4 e4g4 e4h4 e4i4 e4d4 e4c4 e4b4 e4a4 "
     "e6e7 e6e8 e6e9 e6f6 e6g6 e6h6 e6i6 e6d6 e6c6 e6b6 e6a6"},
    /* pieces block: own d6 stops d4 at d5, black f4 and b4 stop it at e4 and c4 */
    {BASE, "M7M/9/9/3P5/2C1C1C2/1p1P1p3/9/9/M7M w - 0 1",
     "d4d5 d4e4 d4c4 d4d3 d4d2 d4d1 d6d7 d6d8 d6d9 d6d5 d6e6 d6f6 d6g6 d6h6 d6i6 d6c6 "
     "d6b6 d6a6"},
    /* black to move from the i9 corner */
    {BASE, "M6pM/8p/9/9/2C1C1C2/P8/P8/9/M7M b - 0 1",
     "h9g9 h9f9 h9e9 h9d9 h9c9 h9b9 h9h8 h9h7 h9h6 h9h5 h9h4 h9h3 h9h2 h9h1 "
     "i8i7 i8i6 i8i5 i8i4 i8i3 i8i2 i8h8 i8g8 i8f8 i8e8 i8d8 i8c8 i8b8 i8a8"},
    /* white is down to one piece: the game is over */
    {BASE, "M7M/p7p/9/9/2C1C1C2/4P4/9/9/M7M w - 0 1", ""},
    /* every white piece is walled in (mountain, black pieces): no move */
    {BASE, "M7M/9/9/9/2C1C1C2/9/9/1p5p1/MPp3pPM w - 0 1", ""},
    /* enemies block and are never jumped; e3, between d3 and f3, is not captured and
     * can only go down */
    {BASE, "M7M/9/9/9/2C1C1C2/4p4/3pPp2p/7pP/M7M w - 0 1", "e3e2 e3e1"},
    /* moving between two enemies is legal: e1 runs up to e4 between d4 and f4 */
    {BASE, "M7M/9/9/9/2C1C1C2/3p1p3/8p/7pP/M3P3M w - 0 1",
     "e1e2 e1e3 e1e4 e1d1 e1c1 e1b1 e1f1 e1g1 e1h1"},
    /* black to move with one piece: the game is over, whatever moves it had */
    {BASE, "M7M/9/9/9/2C1C1C2/9/9/P7p/MP6M b - 0 1", ""},
    /* on black's home row: mountains at both ends, the cave e5 below */
    {BASE, "M3P3M/9/9/9/2C1C1C2/9/8p/7pP/M7M w - 0 1",
     "e9d9 e9c9 e9b9 e9f9 e9g9 e9h9 e9e8 e9e7 e9e6"},
    /* open lines: the d-file passes between the caves c5 and e5, rank 4 runs to the edge */
    {BASE, "M7M/9/9/9/2C1C1C2/3P5/8p/7pP/M7M w - 0 1",
     "d4d5 d4d6 d4d7 d4d8 d4d9 d4d3 d4d2 d4d1 d4c4 d4b4 d4a4 d4e4 d4f4 d4g4 d4h4 d4i4"},
    /* black moves too: b9 goes down to b8 only (a9 mountain, c9 and b7 white); i8 is
     * shut in by i9, h8 and i7 */
    {BASE, "MpP5M/7Pp/1P6P/9/2C1C1C2/9/9/9/M7M b - 0 1", "b9b8"},
    /* black to move, both pieces walled in by mountains and white: no legal move */
    {BASE, "MpP3PpM/1P5P1/9/9/2C1C1C2/9/9/9/M3P3M b - 0 1", ""},
    /* h9 between the enemy g9 and the mountain i9 runs down its file to the enemy h2 */
    {BASE, "M5pPM/9/9/9/2C1C1C2/9/8p/7pP/M7M w - 0 1", "h9h8 h9h7 h9h6 h9h5 h9h4 h9h3"},
    /* strength: equal strength next to the landing square takes nothing */
    {STRENGTH, "M7M/P41p46/9/p48/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "a8a7 a8b8"},
    /* strength: a7 touches the weaker a6, so that move must take it; b8 touches only c8 */
    {STRENGTH, "M7M/P41p46/9/p38/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "a8a7xa6 a8b8"},
    /* strength: b8 touches two weaker pieces (c8 4, b7 3), one move each; a7 touches b7 */
    {STRENGTH, "M7M/P51p46/1p37/p58/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "a8a7xb7 a8b8xc8 a8b8xb7"},
    /* strength: i4 takes i3 custodially (partner i2) and touches the weaker h4: the plain
     * move (takes i3) and the strength capture of h4; h6 (6) blocks the way west */
    {STRENGTH, "M7M/9/9/7p6P5/2C1C1C2/7p21/8p3/7p2P1/M7M w - 0 1", "i6i7 i6i8 i6i5 i6i4 i6i4xh4"},
    /* strength: at i4 the only weaker neighbour (i3) is the custodial victim: plain only */
    {STRENGTH, "M7M/9/9/7p5P5/2C1C1C2/7p61/8p3/7p2P1/M7M w - 0 1", "i6i7 i6i8 i6i5 i6i4"},
    /* strength: a strength-1 piece never takes by strength */
    {STRENGTH, "M7M/P11p46/9/p18/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "a8a7 a8b8"},
    /* strength: the weaker c8 touches the origin b8, not any landing square */
    {STRENGTH, "M7M/1P5p26/9/1p57/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "b8b7 b8a8 b8b9"},
    /* strength, black to move: a3 touches the weaker a4; b2 touches the equal c2; the i8
     * piece is walled in by i9, h8 and i7 */
    {STRENGTH, "M7M/7P2p4/8P2/9/2C1C1C2/P38/9/p51P56/M7M b - 0 1", "a2a3xa4 a2b2"},
    /* strength, the base-game rules stay: walled in, no move */
    {STRENGTH, "M7M/9/9/9/2C1C1C2/9/9/1p15p11/MP1p13p1P1M w - 0 1", ""},
    /* strength: a stronger enemy next to the landing square is harmless: a7 touches a6
     * (5) and takes nothing; b8 (3) blocks the rank */
    {STRENGTH, "M7M/P2p37/9/p58/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", "a8a7"},
    /* strength: at e3 the custodial set is d3 (partner c3) and e4 (partner the cave e5),
     * the weaker neighbours d3, f3, e4: the plain move and the capture of f3 only; at h1
     * the weaker h2 must be taken; c3 (1) takes nothing */
    {STRENGTH, "M7M/9/9/9/2C1C1C2/4p14/2P1p21p22p2/7p2P1/M3P63M w - 0 1",
     "e1e2 e1e3 e1e3xf3 e1d1 e1c1 e1b1 e1f1 e1g1 e1h1xh2 c3c4 c3c2 c3c1 c3b3 c3a3"},
    /* strength: every landing square is judged on its own: b8 and a7 must take b7; at a5
     * the weaker b5 is taken custodially (partner the cave c5), so only the plain move */
    {STRENGTH, "M7M/P58/1p27/9/1p4C1C1C2/9/8p2/7p2P1/M7M w - 0 1",
     "a8b8xb7 a8c8 a8d8 a8e8 a8f8 a8g8 a8h8 a8i8 a8a7xb7 a8a6 a8a5 a8a4 a8a3 a8a2"},
    /* strength, black to move: e7 must take the weaker d7; h9 touches the equal h8 */
    {STRENGTH, "M3p33M/7P3p6/3P24P6/9/2C1C1C2/9/9/9/M7M b - 0 1",
     "e9d9 e9c9 e9b9 e9f9 e9g9 e9h9 e9e8 e9e7xd7 e9e6"},
    /* strength: black to move with one piece; the game is over */
    {STRENGTH, "M7M/9/9/9/2C1C1C2/9/9/P17p3/MP16M b - 0 1", ""},
    /* strength: custodial capture ignores strength: a7 takes the stronger a6 (partner
     * a5) in the plain move, or the weaker b7 by strength instead */
    {STRENGTH, "M7M/P38/1p17/p68/P11C1C1C2/9/8p2/7p2P1/M7M w - 0 1",
     "a8a7 a8a7xb7 a8b8xb7 a8c8 a8d8 a8e8 a8f8 a8g8 a8h8 a8i8 a5a4 a5a3 a5a2 a5b5"},
    /* dragons: the e5 dragon leaves its cave but cannot cross c5 or g5 */
    {DRAGONS, "M7M/4p64/9/9/2C1P51C2/9/8p2/4p52p2P1/M7M w e 0 1", "e5e6 e5e7 e5e4 e5e3 e5d5 e5f5"},
    /* dragons: a piece next to an empty (tamed) cave cannot enter it */
    {DRAGONS, "M7M/9/3p65/9/2CP4C1C2/9/3p54p2/7p2P1/M7M w e 0 1", "d5d6 d5d4"},
    /* dragons: the c5 dragon (3) can only go to d5, which touches the weaker d6 */
    {DRAGONS, "M7M/9/9/2p3p25/1p6P31C1C2/2p46/8p2/7p2P1/M7M w c 0 1", "c5d5xd6"},
    /* dragons: a black dragon on its cave is an enemy piece, weaker than a5 (5) */
    {DRAGONS, "M6p1M/9/9/p68/P51p31C1C2/p58/8p2/7p2P1/M7M w c 0 1", "a5b5xc5"},
    /* dragons: d3 can stop on d4 or d5 going up; d5 touches the weaker d6 (and completes
     * c5); c6 is stopped by c5 and by d6, c4 by c5 */
    {DRAGONS, "M6p1M/7p11/9/2P2p25/1P3C1C1C2/2P16/3P55/9/M7M w - 5 3",
     "d3d4 d3d5xd6 d3d2 d3d1 d3e3 d3f3 d3g3 d3h3 d3i3 d3c3 d3b3 d3a3 "
     "b5a5 b5b6 b5b7 b5b8 b5b9 b5b4 b5b3 b5b2 b5b1 "
     "c4c3 c4c2 c4c1 c4d4 c4e4 c4f4 c4g4 c4h4 c4i4 c4b4 c4a4 "
     "c6c7 c6c8 c6c9 c6b6 c6a6"},
    /* dragons: the c5 dragon moves off its cave like a rook; e5 stops it on d5 */
    {DRAGONS, "M7M/9/9/9/2P31C1C2/9/8p5/7p5P1/M7M w c 0 1",
     "c5c6 c5c7 c5c8 c5c9 c5c4 c5c3 c5c2 c5c1 c5b5 c5a5 c5d5"},
    /* dragons: the black e5 dragon blocks the file like a piece; its strength 5 equals
     * e1's, so e4 takes nothing */
    {DRAGONS, "M7M/9/9/9/2C1p51C2/9/8p5/7p5P1/M3P53M w e 0 1",
     "e1e2 e1e3 e1e4 e1d1 e1c1 e1b1 e1f1 e1g1 e1h1"},
    /* dragons: a side cave's dragon has strength 3: h5 must take it with h9's 4 */
    {DRAGONS, "M6P4M/9/9/9/2C1C1p32/9/8p5/7p5P1/M7M w g 0 1",
     "h9g9 h9f9 h9e9 h9d9 h9c9 h9b9 h9h8 h9h7 h9h6 h9h5xg5 h9h4 h9h3"},
    /* dragons, black to move: the e5 dragon (5) leaves its cave; e4 and d5 touch the
     * weaker d4 and must take it; b9 is walled in */
    {DRAGONS, "Mp1P65M/1P57/9/9/2C1p51C2/3P45/9/9/M7M b e 0 1",
     "e5e6 e5e7 e5e8 e5e9 e5e4xd4 e5e3 e5e2 e5e1 e5d5xd4 e5f5"},
    /* dragons: black has one piece and a dragon, two pieces: the game goes on */
    {DRAGONS, "Mp1P65M/1P57/9/9/2C1p51C2/9/9/9/M7M w e 0 1",
     "c9d9 c9e9 c9f9 c9g9 c9h9 c9c8 c9c7 c9c6 b8a8 b8c8 b8d8 b8e8 b8f8 b8g8 b8h8 b8i8 "
     "b8b7 b8b6 b8b5 b8b4 b8b3 b8b2 b8b1"},
    /* dragons: an untamed cave (e5) and an empty tamed one (g5) both shut f5's rank */
    {DRAGONS, "M7M/9/9/9/2C1CP3C2/9/8p5/7p5P1/M7M w g 0 1",
     "f5f6 f5f7 f5f8 f5f9 f5f4 f5f3 f5f2 f5f1"},
    /* dragons: an own dragon on its cave blocks e1's file like any own piece */
    {DRAGONS, "M7M/9/p58/p58/2C1P51C2/9/9/9/M3P13M w e 0 1",
     "e5e6 e5e7 e5e8 e5e9 e5e4 e5e3 e5e2 e5d5 e5f5 "
     "e1e2 e1e3 e1e4 e1d1 e1c1 e1b1 e1f1 e1g1 e1h1"},
    /* dragons keep variant 1's strength rules: the same three positions, same moves */
    {DRAGONS, "M7M/9/9/9/2C1C1C2/4p14/2P1p21p22p2/7p2P1/M3P63M w - 0 1",
     "e1e2 e1e3 e1e3xf3 e1d1 e1c1 e1b1 e1f1 e1g1 e1h1xh2 c3c4 c3c2 c3c1 c3b3 c3a3"},
    {DRAGONS, "M7M/P58/1p27/9/1p4C1C1C2/9/8p2/7p2P1/M7M w - 0 1",
     "a8b8xb7 a8c8 a8d8 a8e8 a8f8 a8g8 a8h8 a8i8 a8a7xb7 a8a6 a8a5 a8a4 a8a3 a8a2"},
    {DRAGONS, "M7M/P38/1p17/p68/P11C1C1C2/9/8p2/7p2P1/M7M w - 0 1",
     "a8a7 a8a7xb7 a8b8xb7 a8c8 a8d8 a8e8 a8f8 a8g8 a8h8 a8i8 a5a4 a5a3 a5a2 a5b5"},
};

START_TEST(hand_checked_lists)
{
    const Game *g = t_game(hand_checked[_i].game);
    t_assert_moves_counted(g, hand_checked[_i].fen, hand_checked[_i].moves);
}
END_TEST

/* One move and the position it must leave (captures, strength, taming, clocks). */
static const struct {
    const char *game, *fen, *move, *after;
} effects[] = {
    /* custodial capture against an own piece: d3 between e3 and c3 */
    {BASE, "M6pM/7p1/9/9/2C1C1C2/9/2Pp5/4P4/M7M w - 0 1", "e2e3",
     "M6pM/7p1/9/9/2C1C1C2/9/2P1P4/9/M7M b - 0 1"},
    /* against a mountain: b1 between c1 and a1 */
    {BASE, "M6pM/7p1/9/6P2/2C1C1C2/2P6/9/9/Mp6M w - 0 1", "c4c1",
     "M6pM/7p1/9/6P2/2C1C1C2/9/9/9/M1P5M b - 0 1"},
    /* against a cave along a file: e4 between e3 and e5 */
    {BASE, "M6pM/7p1/1P7/9/2C1C1C2/4p4/9/9/M3P3M w - 0 1", "e1e3",
     "M6pM/7p1/1P7/9/2C1C1C2/9/4P4/9/M7M b - 0 1"},
    /* against a cave along a rank: b5 between a5 and c5 */
    {BASE, "M6pM/7p1/1P7/9/1pC1C1C2/9/9/P8/M7M w - 0 1", "a2a5",
     "M6pM/7p1/1P7/9/P1C1C1C2/9/9/9/M7M b - 0 1"},
    /* three at once: d3 (partner c3), f3 (g3), e4 (the cave e5) */
    {BASE, "M6pM/7p1/9/9/2C1C1C2/4p4/2Pp1pP2/9/M3P3M w - 0 1", "e1e3",
     "M6pM/7p1/9/9/2C1C1C2/9/2P1P1P2/9/M7M b - 0 1"},
    /* moving between two enemies is safe; nothing is taken, the clock runs on */
    {BASE, "M6pM/9/P8/9/2C1C1C2/9/3p1p3/9/M3P3M w - 4 9", "e1e3",
     "M6pM/9/P8/9/2C1C1C2/9/3pPp3/9/M7M b - 5 9"},
    /* moving between a mountain and an enemy is safe */
    {BASE, "M6pM/9/P8/9/2C1C1C2/9/1P7/9/M1p5M w - 0 1", "b3b1",
     "M6pM/9/P8/9/2C1C1C2/9/9/9/MPp5M b - 1 1"},
    /* only the moved piece captures: e3, already between d3 and f3, stays */
    {BASE, "M6pM/9/9/9/2C1C1C2/9/3PpP3/7P1/M7M w - 0 1", "h2h3",
     "M6pM/9/9/9/2C1C1C2/9/3PpP1P1/9/M7M b - 1 1"},
    /* the board edge is no partner: a4 stays */
    {BASE, "M6pM/9/8P/9/2C1C1C2/p8/9/9/MP6M w - 0 1", "b1b4",
     "M6pM/9/8P/9/2C1C1C2/pP7/9/9/M7M b - 1 1"},
    /* a diagonal line is no capture line: d4 (with the c5 cave behind) stays */
    {BASE, "M6pM/9/P8/9/2C1C1C2/3p5/9/9/M3P3M w - 0 1", "e1e3",
     "M6pM/9/P8/9/2C1C1C2/3p5/4P4/9/M7M b - 1 1"},
    /* strength capture: a6 goes, the a7 piece drops from 4 to 3, the clock resets */
    {STRENGTH, "M7M/P41p46/9/p38/2C1C1C2/9/8p2/7p2P1/M7M w - 3 1", "a8a7xa6",
     "M7M/2p46/P38/9/2C1C1C2/9/8p2/7p2P1/M7M b - 0 1"},
    /* choosing the strength capture gives up the custodial one: h4 goes, i3 stays */
    {STRENGTH, "M7M/9/9/7p6P5/2C1C1C2/7p21/8p3/7p2P1/M7M w - 0 1", "i6i4xh4",
     "M7M/9/9/7p61/2C1C1C2/8P4/8p3/7p2P1/M7M b - 0 1"},
    /* the plain move takes i3 custodially and keeps strength 5; h4 stays */
    {STRENGTH, "M7M/9/9/7p6P5/2C1C1C2/7p21/8p3/7p2P1/M7M w - 0 1", "i6i4",
     "M7M/9/9/7p61/2C1C1C2/7p2P5/9/7p2P1/M7M b - 0 1"},
    /* custodial captures ignore strength: three taken by a strength-4 piece */
    {STRENGTH, "M6p1M/7p11/9/9/2C1C1C2/4p64/2P3p51p5P32/9/M3P43M w - 0 1", "e1e3",
     "M6p1M/7p11/9/9/2C1C1C2/9/2P31P41P32/9/M7M b - 0 1"},
    /* a strength capture that leaves black one piece */
    {STRENGTH, "M6p2M/P48/9/p38/2C1C1C2/9/9/8P1/M7M w - 0 1", "a8a7xa6",
     "M6p2M/9/P38/9/2C1C1C2/9/9/8P1/M7M b - 0 1"},
    /* black takes by strength: a4 goes, a3 drops to 4, the fullmove number advances */
    {STRENGTH, "M7M/7P2p4/8P2/9/2C1C1C2/P38/9/p51P56/M7M b - 0 1", "a2a3xa4",
     "M7M/7P2p4/8P2/9/2C1C1C2/9/p48/2P56/M7M w - 0 2"},
    /* d3 takes c3 (partner b3) and e3 (partner f3) custodially; the weaker d4 stays */
    {STRENGTH, "M6p1M/9/9/9/2C1C1C2/3p15/1P3p21p6P33/9/M2P54M w - 0 1", "d1d3",
     "M6p1M/9/9/9/2C1C1C2/3p15/1P31P51P33/9/M7M b - 0 1"},
    /* ... or takes d4, the weaker piece outside the custodial set, and only d4 */
    {STRENGTH, "M6p1M/9/9/9/2C1C1C2/3p15/1P3p21p6P33/9/M2P54M w - 0 1", "d1d3xd4",
     "M6p1M/9/9/9/2C1C1C2/9/1P3p2P4p6P33/9/M7M b - 0 1"},
    /* taming: d5 completes c5's neighbours, a strength-3 dragon appears on c5; no capture,
     * so the clock runs on */
    {DRAGONS, "M6p1M/7p11/9/2P26/1P3C1C1C2/2P16/3P45/9/M7M w - 7 12", "d3d5",
     "M6p1M/7p11/9/2P26/1P3P3P4C1C2/2P16/9/9/M7M b c 8 12"},
    /* d5 completes both c5 and e5: two dragons, 3 and 5 */
    {DRAGONS, "M6p1M/7p11/9/2P21P34/1P1C1CP3C2/2P11P24/3P45/9/M7M w - 0 1", "d3d5",
     "M6p1M/7p11/9/2P21P34/1P1P3P4P5P3C2/2P11P24/9/9/M7M b ce 1 1"},
    /* a black piece among the neighbours: no dragon */
    {DRAGONS, "M6p1M/7p11/9/2p26/1P1C1C1C2/2P16/3P45/9/M7M w - 0 1", "d3d5",
     "M6p1M/7p11/9/2p26/1P1CP4C1C2/2P16/9/9/M7M b - 1 1"},
    /* c5 has already given its dragon: none again */
    {DRAGONS, "M6p1M/7p11/9/2P26/1P3C1C1C2/2P16/3P45/9/M7M w c 0 1", "d3d5",
     "M6p1M/7p11/9/2P26/1P3CP4C1C2/2P16/9/9/M7M b c 1 1"},
    /* black tames e5 (strength 5) */
    {DRAGONS, "M7M/9/9/4p34/2Cp1Cp2C2/9/9/4p42P11/M6P1M b - 0 20", "e2e4",
     "M7M/9/9/4p34/2Cp1p5p2C2/4p44/9/7P11/M6P1M w e 1 21"},
    /* a strength capture that completes c5: captures first, then the dragon */
    {DRAGONS, "M6p1M/7p11/9/2P2p25/1P3C1C1C2/2P16/3P55/9/M7M w - 5 3", "d3d5xd6",
     "M6p1M/7p11/9/2P26/1P3P3P4C1C2/2P16/9/9/M7M b c 0 3"},
    /* the c5 dragon leaves its cave taking d6 by strength (3 -> 2); c5 is empty again */
    {DRAGONS, "M7M/9/9/2p3p25/1p6P31C1C2/2p46/8p2/7p2P1/M7M w c 0 1", "c5d5xd6",
     "M7M/9/9/2p36/1p6CP2C1C2/2p46/8p2/7p2P1/M7M b c 0 1"},
    /* d5 takes d6 custodially (partner d7) and completes c5 in the same move */
    {DRAGONS, "M6p1M/7p11/3P15/2P2p65/1P3C1C1C2/2P16/3P45/9/M7M w - 2 5", "d3d5",
     "M6p1M/7p11/3P15/2P26/1P3P3P4C1C2/2P16/9/9/M7M b c 0 5"},
    /* an enemy dragon on its cave is no partner: e4 stays */
    {DRAGONS, "M6p1M/9/P18/9/2C1p51C2/4p64/9/9/M3P43M w e 0 1", "e1e3",
     "M6p1M/9/P18/9/2C1p51C2/4p64/4P44/9/M7M b e 1 1"},
    /* an own dragon on its cave is a partner: e4 goes */
    {DRAGONS, "M6p1M/7p11/9/9/2C1P51C2/4p54/9/9/M3P43M w e 0 1", "e1e3",
     "M6p1M/7p11/9/9/2C1P51C2/9/4P44/9/M7M b e 0 1"},
    /* a dragon on its cave is captured like a piece; the cave stays tamed */
    {DRAGONS, "M6p1M/7p11/9/4P24/2C1p51C2/9/9/9/M3P43M w e 0 1", "e1e4",
     "M6p1M/7p11/9/4P24/2C1C1C2/4P44/9/9/M7M b e 0 1"},
};

START_TEST(move_effects)
{
    t_assert_played(t_game(effects[_i].game), effects[_i].fen, effects[_i].move, effects[_i].after);
}
END_TEST

/* A dragon that leaves its cave cannot come back; the empty cave is a partner again. */
START_TEST(dragon_leaves_cave)
{
    const Game *g = t_game(DRAGONS);
    unsigned char pos[512];
    char out[FEN_MAX];
    t_load(g, "Mp15p1M/9/9/9/2C1P51C2/4p64/9/9/M3P43M w e 0 1", pos);
    t_play(g, pos, "e5f5 b9b8");
    ck_assert(g->parse_move(pos, "f5e5") == MOVE_NONE);
    ck_assert(g->parse_move(pos, "f5g5") == MOVE_NONE);
    t_play(g, pos, "e1e3");
    g->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "M6p1M/1p17/9/9/2C1CP5C2/9/4P44/9/M7M b e 0 2");
}
END_TEST

/* The bulk-counting perft agrees with the generic one on varied positions. */
START_TEST(perft_matches_generic)
{
    const Game *g = t_game(hand_checked[_i].game);
    unsigned char pos[512];
    t_load(g, hand_checked[_i].fen, pos);
    for (int d = 1; d <= 3; d++)
        ck_assert_uint_eq(perft(g, pos, d), perft_generic(g, pos, d));
}
END_TEST

START_TEST(bench_positions)
{
    static const char *const games[] = {BASE, STRENGTH, DRAGONS};
    const Game *g = t_game(games[_i]);
    unsigned char pos[512];
    int n = 0;
    for (const char *const *f = g->bench_fens; *f; f++, n++) {
        t_load(g, *f, pos);
        ck_assert_int_eq(g->result(pos), RESULT_NONE);
        ck_assert_uint_eq(perft(g, pos, 2), perft_generic(g, pos, 2));
    }
    ck_assert_int_ge(n, 10);
}
END_TEST

START_TEST(results)
{
    const Game *g = t_game(BASE);
    unsigned char pos[512];
    Move moves[MAX_MOVES];
    t_load(g, BASE_START, pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    t_load(g, "M7M/p7p/9/9/2C1C1C2/4P4/9/9/M7M w - 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    /* e1e3 takes d3: black is down to h9 and has lost */
    t_load(g, "M6pM/9/9/9/2C1C1C2/9/2Pp5/9/M3P3M w - 0 1", pos);
    t_play(g, pos, "e1e3");
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    ck_assert_int_eq(g->gen_moves(pos, moves), 0);
    /* e1e3 takes both black pieces */
    t_load(g, "M7M/9/9/9/2C1C1C2/9/2Pp1pP2/9/M3P3M w - 0 1", pos);
    t_play(g, pos, "e1e3");
    ck_assert_int_eq(g->result(pos), RESULT_LOSS);
    /* walled in: not over by result(), but no move, which loses */
    t_load(g, "M7M/9/9/9/2C1C1C2/9/9/1p5p1/MPp3pPM w - 0 1", pos);
    ck_assert_int_eq(g->result(pos), RESULT_NONE);
    ck_assert_int_eq(g->gen_moves(pos, moves), 0);
    ck_assert_int_eq(g->no_moves_result, RESULT_LOSS);
    /* clocks: a quiet move counts, a capture resets */
    t_load(g, "M6pM/7p1/9/9/2C1C1C2/9/2Pp5/4P4/M7M w - 6 4", pos);
    t_play(g, pos, "c3c4");
    ck_assert_int_eq(g->side_to_move(pos), P2);
    t_play(g, pos, "h9g9");
    ck_assert_int_eq(g->side_to_move(pos), P1);
    ck_assert_int_eq(g->halfmove_clock(pos), 8);
}
END_TEST

START_TEST(fen_round_trips)
{
    static const struct {
        const char *game, *in, *out;
    } cases[] = {
        {BASE, BASE_START, BASE_START},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM b",
         "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM b - 0 1"},
        {BASE, "M6pM/9/P8/9/2C1C1C2/9/3pPp3/9/M7M b - 15 40",
         "M6pM/9/P8/9/2C1C1C2/9/3pPp3/9/M7M b - 15 40"},
        {STRENGTH, STRENGTH_START, STRENGTH_START},
        {DRAGONS, STRENGTH_START, STRENGTH_START},
        {DRAGONS, "M6p1M/7p11/9/2P21P34/1P1P3P4P5P3C2/2P11P24/9/9/M7M b ec 1 1",
         "M6p1M/7p11/9/2P21P34/1P1P3P4P5P3C2/2P11P24/9/9/M7M b ce 1 1"},
        {DRAGONS, "M6p1M/9/9/4P24/2C1p51C2/9/9/9/M3P43M w e",
         "M6p1M/9/9/4P24/2C1p51C2/9/9/9/M3P43M w e 0 1"},
    };
    unsigned char pos[512];
    char out[FEN_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const Game *g = t_game(cases[i].game);
        t_load(g, cases[i].in, pos);
        g->fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, cases[i].out);
    }
}
END_TEST

START_TEST(fen_rejections)
{
    static const struct {
        const char *game, *fen;
    } bad[] = {
        {BASE, ""},
        {BASE, "w"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM/9 w - 0 1"},
        {BASE, "MpppppppMp/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPP w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPX w - 0 1"},
        {BASE, "1pppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C3C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2CMC1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/C8/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1P1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "PpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/09/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/45/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM x - 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w c 0 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - -1 1"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 0"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 x"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/9/2PP1PP2/MPPPPPPPM w - 0 1 extra"},
        {BASE, "MpppppppM/2pp1pp2/9/9/2C1C1C2/9/P8/2PP1PP2/MPPPPPPPM w - 0 1"},
        {BASE, "M6pM/9/9/9/2C1C1C2/9/9/P8/MP6M w - 0 1"},
        {BASE, "M7M/9/9/9/2C1C1C2/9/9/p8/MP6M b - 0 1"},
        {STRENGTH, BASE_START},
        {STRENGTH, "Mp1p2p3p6p3p2p1M/2p4p51p5p42/9/9/2C1C1C2/9/9/2P4P51P5P42/MP1P2P3P6P3P2P7M "
                   "w - 0 1"},
        {STRENGTH, "Mp1p2p3p6p3p2p1M/2p4p51p5p42/9/9/2C1C1C2/9/9/2P4P51P5P42/MP1P2P3P6P3P2P0M "
                   "w - 0 1"},
        {STRENGTH, "Mp1p2p3p6p3p2p1M/2p4p51p5p42/9/9/2C1C1C2/9/9/2P4P51P5P42/MP1P2P3P6P3P2P6M "
                   "w - 0 1"},
        {STRENGTH, "M6p1M/9/9/9/2C1P31C2/9/9/8P1/M6p1M w - 0 1"},
        {STRENGTH, "M6p1M/9/9/9/2C1C1C2/9/9/8P6/M6p1M w e 0 1"},
        {DRAGONS, "M6p1M/9/9/9/2C1P51C2/9/9/8P1/M6p1M w - 0 1"},
        {DRAGONS, "M6p1M/9/9/9/2C1P41C2/9/9/8P1/M6p1M w e 0 1"},
        {DRAGONS, "M6p1M/9/9/9/2C1P31C2/9/9/8P1/M6p1M w e 0 1"},
        {DRAGONS, "M6p1M/7p11/9/2P26/1P3C1P4C1C2/2P16/9/9/M7M b - 1 12"},
        {DRAGONS, "M6p1M/9/9/9/2C1P51C2/9/9/8P1/M6p1M w ee 0 1"},
        {DRAGONS, "M6p1M/9/9/9/2C1P51C2/9/9/8P1/M6p1M w ex 0 1"},
        {DRAGONS, "M6p1M/9/9/9/2C1P51C2/9/9/8P1/M6p1M w E 0 1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(t_game(bad[i].game), bad[i].fen), "%s accepted bad FEN '%s'",
                      bad[i].game, bad[i].fen);
}
END_TEST

START_TEST(notation)
{
    const Game *g = t_game(STRENGTH);
    unsigned char pos[512];
    char s[MOVE_STR_MAX];
    t_load(g, STRENGTH_START, pos);
    Move m = g->parse_move(pos, "d2d7");
    ck_assert(m != MOVE_NONE);
    g->move_to_str(pos, m, s);
    ck_assert_str_eq(s, "d2d7");
    static const char *const bad[] = {
        "d2d8",
        "d2",
        "d2d7x",
        "d2d7xd",
        "d2d7xd8",
        "d2d7xd8x",
        "j1j2",
        "d0d1",
        "e1e5",
        "e1e2e3",
        "",
        "0000",
        "D2D7",
        "d2d7 ",
        "\xff\xfe\x01\x02",
        "e1e2xe3",
        "a1a2",
        "d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7d2d7"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(g->parse_move(pos, bad[i]) == MOVE_NONE, "accepted '%s'", bad[i]);
    /* a forced strength capture has only its x spelling */
    t_load(g, "M7M/P41p46/9/p38/2C1C1C2/9/8p2/7p2P1/M7M w - 0 1", pos);
    m = g->parse_move(pos, "a8a7xa6");
    ck_assert(m != MOVE_NONE);
    g->move_to_str(pos, m, s);
    ck_assert_str_eq(s, "a8a7xa6");
    ck_assert(g->parse_move(pos, "a8a7") == MOVE_NONE);
    ck_assert(g->parse_move(pos, "a8a7xa5") == MOVE_NONE);
    ck_assert(g->parse_move(pos, "a8b8xc8") == MOVE_NONE);
    /* the plain move and the strength capture are two moves */
    t_load(g, "M7M/9/9/7p6P5/2C1C1C2/7p21/8p3/7p2P1/M7M w - 0 1", pos);
    Move plain = g->parse_move(pos, "i6i4"), strength = g->parse_move(pos, "i6i4xh4");
    ck_assert(plain != MOVE_NONE && strength != MOVE_NONE && plain != strength);
    ck_assert(g->parse_move(pos, "i6i4xi3") == MOVE_NONE);
    /* no strength capture of a piece the custodial capture takes anyway */
    t_load(g, "M6p1M/9/9/9/2C1C1C2/3p15/1P3p21p6P33/9/M2P54M w - 0 1", pos);
    ck_assert(g->parse_move(pos, "d1d3xd4") != MOVE_NONE);
    ck_assert(g->parse_move(pos, "d1d3xc3") == MOVE_NONE);
    ck_assert(g->parse_move(pos, "d1d3xe3") == MOVE_NONE);
    /* the base game has no x suffix */
    const Game *base = t_game(BASE);
    t_load(base, "M6pM/7p1/9/9/2C1C1C2/9/2Pp5/4P4/M7M w - 0 1", pos);
    ck_assert(base->parse_move(pos, "e2e3") != MOVE_NONE);
    ck_assert(base->parse_move(pos, "e2e3xd3") == MOVE_NONE);
}
END_TEST

START_TEST(random_game_invariants)
{
    static const struct {
        const char *game, *fen;
    } starts[] = {
        {BASE, BASE_START},
        {STRENGTH, STRENGTH_START},
        {DRAGONS, STRENGTH_START},
        /* caves one piece short of taming for both sides */
        {DRAGONS, "Mp1p2p3p62p1M/2p4p55/9/2P21p51p42/1P3C1C1Cp31/2P11P41p22/9/3P52P42/"
                  "MP12P6P3P2P1M w - 0 1"},
    };
    const Game *g = t_game(starts[_i].game);
    ck_assert_int_gt(t_random_games(g, starts[_i].fen, 40, 160, 0x3D + (uint64_t)_i), 1000);
}
END_TEST

START_TEST(forced_wins)
{
    static const struct {
        const char *game, *fen;
        int plies;
        const char *winning;
    } puzzles[] = {
        /* e1e3 takes d3 against c3 */
        {BASE, "M6pM/9/9/9/2C1C1C2/9/2Pp5/9/M3P3M w - 0 1", 1, "e1e3"},
        /* e1e3 takes d3 and f3 at once */
        {BASE, "M6pM/9/9/9/2C1C1C2/9/2Pp1pP2/9/M3P3M w - 0 1", 1, "e1e3"},
        /* both black pieces are walled in: any quiet e1 move leaves black without a move */
        {BASE, "MpP3PpM/1P5P1/9/9/2C1C1C2/9/9/9/M3P3M w - 0 1", 1, NULL},
        /* d5 can only step to d4 or d6 (b9 is walled in); white waits, then lands on d5
         * from the other side and takes it against d3 or d7 */
        {BASE, "MpP5M/1P7/3P5/9/2CpC1C2/9/3P5/6P2/M7M w - 0 1", 3, NULL},
        /* the same for black: d5 is caught between caves, b1 walled in */
        {BASE, "M7M/6p2/3p5/9/2CPC1C2/9/3p5/1p7/MPp5M b - 0 1", 3, NULL},
        /* a8a7xa6 leaves black one piece */
        {STRENGTH, "M6p2M/P48/9/p38/2C1C1C2/9/9/8P1/M7M w - 0 1", 1, NULL},
        /* e1e3 takes three custodially, whatever their strength */
        {STRENGTH, "M6p1M/9/9/9/2C1C1C2/4p64/2P3p51p5P32/9/M3P43M w - 0 1", 1, NULL},
        /* the d5 trap with strength-1 pieces, so that no strength capture interferes */
        {STRENGTH, "Mp1P15M/1P17/3P15/9/2Cp1C1C2/9/3P15/6P22/M7M w - 0 1", 3, NULL},
        /* black: a2a3xa4 leaves white one piece */
        {STRENGTH, "M6p1M/9/9/9/2C1C1C2/P38/9/p47P1/M7M b - 0 1", 1, NULL},
        /* walled in (strength 1 everywhere, nothing can be taken by strength) */
        {STRENGTH, "Mp1P13P1p1M/1P15P11/9/9/2C1C1C2/9/9/9/M3P23M w - 0 1", 1, NULL},
        /* a dragon on its cave is captured like a piece: e1e4 takes e5 against e6 */
        {DRAGONS, "M6p1M/9/9/4P24/2C1p51C2/9/9/9/M3P43M w e 0 1", 1, NULL},
        /* the e5 dragon leaves its cave and takes e7 by strength */
        {DRAGONS, "M6p1M/9/4p44/9/2C1P51C2/9/9/8P1/M7M w e 0 1", 1, NULL},
        /* an own dragon on its cave is a partner: e1e3 takes e4 */
        {DRAGONS, "M6p1M/9/9/9/2C1P51C2/4p64/9/9/M3P43M w e 0 1", 1, NULL},
        /* the d5 trap and the walled-in pair of the strength variant */
        {DRAGONS, "Mp1P15M/1P17/3P15/9/2Cp1C1C2/9/3P15/6P22/M7M w - 0 1", 3, NULL},
        {DRAGONS, "Mp1P13P1p1M/1P15P11/9/9/2C1C1C2/9/9/9/M3P23M w - 0 1", 1, NULL},
    };
    t_search_finds_win(puzzles[_i].game, puzzles[_i].fen, puzzles[_i].plies, puzzles[_i].winning);
}
END_TEST

START_TEST(evaluation)
{
    static const char *const games[] = {BASE, STRENGTH, DRAGONS};
    const Game *g = t_game(games[_i]);
    unsigned char pos[512], flipped[512];
    char terms[1024];
    /* the start is symmetric: both sides to move see the same score */
    t_load(g, game_start_fen(g, NULL), pos);
    g->make_null(pos, flipped);
    ck_assert_int_eq(g->evaluate(pos), g->evaluate(flipped));
    g->eval_terms(pos, terms, sizeof terms);
    ck_assert_ptr_nonnull(strstr(terms, "material"));
    /* two pieces against five favour the five, whoever is to move */
    t_load(g,
           _i == 0 ? "MpP5M/1P7/3P5/9/2CpC1C2/9/3P5/6P2/M7M w - 0 1"
                   : "Mp1P15M/1P17/3P15/9/2Cp1C1C2/9/3P15/6P22/M7M w - 0 1",
           pos);
    g->make_null(pos, flipped);
    ck_assert_int_gt(g->evaluate(pos), 0);
    ck_assert_int_lt(g->evaluate(flipped), 0);
}
END_TEST

/* Each term the evaluation is built from reacts in a position made for it. */
START_TEST(eval_terms_react)
{
    /* material: a strength-6 piece on a2 is worth more than a strength-1 piece there */
    ck_assert_int_gt(t_eval_term(t_game(STRENGTH), "M6p1M/p18/9/9/2C1C1C2/9/9/P68/M6P1M w - 0 1",
                                 "material", P1),
                     t_eval_term(t_game(STRENGTH), "M6p1M/p18/9/9/2C1C1C2/9/9/P18/M6P1M w - 0 1",
                                 "material", P1));
    /* threats: e1e3 would take d3 against c3; nothing is threatened at the start */
    ck_assert_int_gt(
        t_eval_term(t_game(BASE), "M6pM/9/9/9/2C1C1C2/9/2Pp5/9/M3P3M w - 0 1", "threats", P1), 0);
    ck_assert_int_eq(t_eval_term(t_game(BASE), BASE_START, "threats", P1), 0);
    /* caves: three white pieces around the untamed c5, none black; the strength variant
     * has no caves to tame */
    static const char *const ring3 = "M6p1M/7p11/9/2P26/1P3C1C1C2/2P16/3P45/9/M7M w - 7 12";
    ck_assert_int_gt(t_eval_term(t_game(DRAGONS), ring3, "caves", P1), 0);
    ck_assert_int_eq(t_eval_term(t_game(STRENGTH), ring3, "caves", P1), 0);
    /* mobility: the start position's rook moves */
    ck_assert_int_gt(t_eval_term(t_game(BASE), BASE_START, "mobility", P1), 0);
    /* pressure (base game only): b1 can reach b8, next to black's c8 */
    ck_assert_int_gt(t_eval_term(t_game(BASE), BASE_START, "pressure", P1), 0);
    ck_assert_int_eq(t_eval_term(t_game(STRENGTH), STRENGTH_START, "pressure", P1), 0);
    /* forks (base game only): white, not to move, threatens d3 and f3 (e1e3, against c3
     * and g3), worth more than twice the threat on d3 alone */
    ck_assert_int_gt(
        t_eval_term(t_game(BASE), "M6pM/9/9/9/2C1C1C2/9/2Pp1pP2/9/M3P3M b - 0 1", "threats", P1),
        2 * t_eval_term(t_game(BASE), "M6pM/9/9/9/2C1C1C2/9/2Pp1p3/9/M3P3M b - 0 1", "threats",
                        P1));
}
END_TEST

START_TEST(threats)
{
    const Game *g = t_game(BASE);
    unsigned char pos[512];
    /* black to move: white's e1e3 would take d3 and leave black one piece */
    t_load(g, "M6pM/9/9/9/2C1C1C2/9/2Pp5/9/M3P3M b - 0 1", pos);
    ck_assert(g->threat(pos));
    t_load(g, BASE_START, pos);
    ck_assert(!g->threat(pos));
    /* four black pieces, but no white move takes three */
    t_load(g, "M6pM/9/9/p8/2C1C1C2/9/2Pp5/9/MP2P3M b - 0 1", pos);
    ck_assert(!g->threat(pos));
}
END_TEST

Suite *threedragons_suite(void)
{
    Suite *s = suite_create("threedragons");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, start_perft, 0, 3);
    tcase_add_test(tc, start_moves);
    tcase_add_loop_test(tc, hand_checked_lists, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_loop_test(tc, move_effects, 0, (int)(sizeof effects / sizeof *effects));
    tcase_add_test(tc, dragon_leaves_cave);
    tcase_add_loop_test(tc, perft_matches_generic, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_loop_test(tc, bench_positions, 0, 3);
    tcase_add_test(tc, results);
    tcase_add_test(tc, fen_round_trips);
    tcase_add_test(tc, fen_rejections);
    tcase_add_test(tc, notation);
    tcase_add_loop_test(tc, random_game_invariants, 0, 4);
    tcase_add_loop_test(tc, forced_wins, 0, 15);
    tcase_add_loop_test(tc, evaluation, 0, 3);
    tcase_add_test(tc, threats);
    tcase_add_test(tc, eval_terms_react);
    suite_add_tcase(s, tc);
    return s;
}
