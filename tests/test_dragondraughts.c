/*
 * Dragon-draughts (Turkish draughts): perft, hand-checked move lists, FEN, notation,
 * results, invariants, forced wins and a naive second generator. Every expected list below
 * is worked out from the rules (docs/dragondraughts.md) square by square, never copied from
 * the engine.
 */
#include <stdlib.h>
#include <string.h>

#include "core/perft.h"
#include "core/rng.h"
#include "movegen/dragondraughts/dragondraughts.h"
#include "tests/helpers.h"

#define DD_START "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1"

static const Game *dd(void) { return t_game("dragondraughts"); }

static void assert_same_move(const char *fen, const char *a, const char *b)
{
    unsigned char pos[256];
    t_load(dd(), fen, pos);
    Move ma = dd()->parse_move(pos, a), mb = dd()->parse_move(pos, b);
    ck_assert_msg(ma != MOVE_NONE && ma == mb, "%s and %s differ in %s", a, b, fen);
}

static void assert_rejected(const char *fen, const char *move)
{
    unsigned char pos[256];
    t_load(dd(), fen, pos);
    ck_assert_msg(dd()->parse_move(pos, move) == MOVE_NONE, "accepted '%s' in %s", move, fen);
}

START_TEST(alias_finds_the_game) { ck_assert_ptr_eq(t_game("turkish"), dd()); }
END_TEST

/* The rules file's table for depths 1-6; depth 7 see capture_paths_match_table. */
START_TEST(start_perft)
{
    static const uint64_t expected[] = {1, 8, 64, 708, 7538, 85090, 931312, 10782308};
    for (int d = 0; d <= 7; d++)
        ck_assert_uint_eq(t_perft(dd(), DD_START, d), expected[d]);
}
END_TEST

/* The game's own perft (bulk counting) against the generic one through the table. */
START_TEST(perft_matches_generic)
{
    DdPos p;
    t_load(dd(), "8/1ppppppp/2pp1ppp/Kp2p3/8/1PPPPPPP/PPPPPPPP/8 w 0 4", &p);
    ck_assert_uint_eq(perft(dd(), &p, 4), perft_generic(dd(), &p, 4));
    t_load(dd(), DD_START, &p);
    ck_assert_uint_eq(perft(dd(), &p, 5), perft_generic(dd(), &p, 5));
}
END_TEST

/* Counts capture paths instead of moves: each path of a move is a separate branch. */
typedef struct PathCount {
    Move target;
    uint64_t paths;
} PathCount;

static void count_path(void *ctx, const int *path, int length, Move move)
{
    (void)path, (void)length;
    PathCount *pc = ctx;
    pc->paths += move == pc->target;
}

static uint64_t path_perft(const Game *g, const DdPos *p, int depth)
{
    Move moves[MAX_MOVES];
    int n = g->gen_moves(p, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        PathCount pc = {.target = moves[i], .paths = 1};
        if (dd_move_is_capture(moves[i])) {
            pc.paths = 0;
            dd_capture_paths(p, dd_move_from(moves[i]), count_path, &pc);
        }
        if (depth == 1) {
            total += pc.paths;
            continue;
        }
        DdPos child;
        g->make_move(p, moves[i], &child);
        total += pc.paths * path_perft(g, &child, depth - 1);
    }
    return total;
}

/*
 * The rules file's depth-7 figure, 10782382, is 74 more than the distinct-move count
 * 10782308: it counts capture paths. The first leaves where they differ are Daimyo
 * captures such as a5c5f5 / a5d5f5 below (same origin, destination and captured set,
 * so one move by the rules' move identity). Counting paths reproduces the table exactly.
 */
START_TEST(capture_paths_match_table)
{
    DdPos p;
    t_load(dd(), DD_START, &p);
    ck_assert_uint_eq(path_perft(dd(), &p, 6), 931312);
    ck_assert_uint_eq(path_perft(dd(), &p, 7), 10782382);
}
END_TEST

START_TEST(start_moves)
{
    t_assert_moves(dd(), DD_START, "a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4");
}
END_TEST

static const struct {
    const char *fen, *moves;
} hand_checked[] = {
    /* a man steps forward or sideways, never back */
    {"8/7p/8/8/3P4/8/8/8 w 0 1", "d4c4 d4d5 d4e4"},
    /* board edges: no wrap from the a-file to the h-file */
    {"8/8/8/7p/P7/8/8/8 w 0 1", "a4a5 a4b4"},
    {"8/8/8/7p/P7/8/8/8 b 0 1", "h5g5 h5h4"},
    /* an enemy man behind cannot be taken (men never capture backward), either side */
    {"8/8/8/8/3P4/3p4/8/8 w 0 1", "d4c4 d4d5 d4e4"},
    {"8/8/8/8/3P4/3p4/8/8 b 0 1", "d3c3 d3d2 d3e3"},
    /* capture is compulsory: d5 is jumped, the other man may not move */
    {"8/7p/8/3p4/3P4/8/8/8 w 0 1", "d4d6"},
    /* most captures: c3-e3-e5 takes d3 and e4; c3-c5 takes only c4 */
    {"8/8/8/8/2p1p3/2Pp4/8/8 w 0 1", "c3e3e5"},
    /* two equally long sequences, both legal; h5xh6 (one piece) is not */
    {"8/8/7p/7P/1p3p2/2pPp3/8/8 w 0 1", "d3b3b5 d3f3f5"},
    /* quiet promotion square ahead, and black men promote on rank 1 */
    {"8/2P5/8/8/8/8/8/7k w 0 1", "c7b7 c7c8 c7d7"},
    {"8/8/8/8/8/8/1p6/7K b 0 1", "b2a2 b2b1 b2c2"},
    /* a man reaching rank 8 mid-capture goes on as a man: d6xd7 to d8, then xe8 to f8;
     * a Daimyo on f8 could go on down over f5, a man cannot */
    {"4k3/3p4/3P4/5p2/8/8/8/8 w 0 1", "d6d8f8"},
    /* a Daimyo flies: d4 up to d5 (own d6), down to d1, left to a4, right to e4 (f4-g4 is
     * a pair, nothing to land on) */
    {"8/8/3P4/8/3K1pp1/8/8/8 w 0 1", "d4d5 d4d3 d4d2 d4d1 d4c4 d4b4 d4a4 d4e4 d6d7 d6c6 d6e6"},
    /* a Daimyo capture lands on any empty square beyond */
    {"8/8/8/8/8/p7/8/K7 w 0 1", "a1a4 a1a5 a1a6 a1a7 a1a8"},
    /* no 180-degree turn: after e4xc4 (to b4 or a4) it may not come back over g4, and
     * after e4xg4 (to h4) not back over c4, so each takes one piece */
    {"8/8/8/8/2p1K1p1/8/8/8 w 0 1", "e4a4 e4b4 e4h4"},
    /* the same move by two paths is one move: a5xb5 landing on c5 or d5, then xe5 to f5,
     * g5 or h5; printed by the path that sorts first */
    {"8/8/8/Kp2p3/8/8/8/8 w 0 1", "a5c5f5 a5c5g5 a5c5h5"},
    /* captured pieces leave at once, so the path crosses an emptied square: a4xc4 to e4
     * (f4 own), xe6 to e7 (e8 own), xd7 to c7 (b7 own), then down through c4 (gone) over
     * c2 to c1: four pieces. a4xc4 to d4, xd7 to d8 takes only two. */
    {"4K3/1P1p4/4p3/8/K1p2P2/8/2p5/8 w 0 1", "a4e4e7c7c1"},
    /* a removal opens a capture: b4 blocks c4's landing square until it is taken, so
     * b1xb4 to b6, xd6 to e6 (f6 own), xe5 to e4 (e3 own), then xc4 landing on b4 or a4 */
    {"8/1P6/3p1P2/4p3/1pp5/4P3/8/1K6 w 0 1", "b1b6e6e4a4 b1b6e6e4b4"},
    /* a loop through the origin: b2xb4 to b6, xd6 to f6, xf4 to f2, xd2 to c2/b2/a2, or
     * the other way round b2xd2 to f2, xf4 to f6, xd6 to b6, xb4 to b3/b2/b1; ending on
     * b2 both ways takes the same four pieces: one move */
    {"8/8/3p4/8/1p3p2/8/1K1p4/8 w 0 1", "b2b6f6f2a2 b2b6f6f2b2 b2b6f6f2c2 b2f2f6b6b1 b2f2f6b6b3"},
    /* A Daimyo's loop back to its origin, either way round: up a1xa4 to a8 (a5-a7 lead
     * nowhere: ranks 5-7 hold no piece with room beyond), xd8 to h8 (e8-g8: files e-g
     * empty below), xh5 to h1 (h4-h2: ranks empty, a4 gone), xe1 to d1, c1, b1 or a1; or
     * right a1xe1 to h1, xh5 to h8, xd8 to a8, xa4 to a3, a2 or a1. Ending on a1 takes the
     * same four pieces both ways: one move, six in all. */
    {"3k4/8/8/7p/p7/8/8/K3k3 w 0 1",
     "a1a8h8h1a1 a1a8h8h1b1 a1a8h8h1c1 a1a8h8h1d1 a1h1h8a8a2 a1h1h8a8a3"},
    /* Ending on the square of the first piece taken: a1xa3 to a6 (a4 only reaches f4 to
     * g4/h4; a5, a7, a8 reach nothing), xd6 to f6, xf4 to f3, xc3 over the emptied a3's
     * rank to b3 or onto a3 itself. The h7-h8 pair cannot be jumped (no square beyond). */
    {"7k/7p/3p4/8/5p2/p1p5/8/K7 w 0 1", "a1a6f6f3a3 a1a6f6f3b3"},
    /* Crossing an emptied square: c1xc3 to c5, xe5 to g5, xg4 to g3, xe3 along rank 3
     * through c3 (taken first) to b3, the one landing from which b2 can be jumped (to b1):
     * five pieces. Landing on g2 instead takes b2 from the side (to a2) but misses e3. */
    {"8/8/8/4p3/6p1/2p1p3/1p6/2K5 w 0 1", "c1c5g5g3b3b1"},
    /* Landing on an emptied square and jumping on from it: a1xa3 to a6, xd6 to f6, xf4 to
     * f3, xc3 onto a3, then up over a4-a6 (a6 left again) and a7 to a8: five pieces. Going
     * straight up from a4, a5 or a6 over a7 takes only two. */
    {"8/p7/3p4/8/5p2/p1p5/8/K7 w 0 1", "a1a6f6f3a3a8"},
    /* Both at once, five pieces every way: up a1xa3 to a4 or a5, xa6 to a8, xd8 to g8, xg7
     * to g5, xd5 to c5, b5 or a5; or a1xa3 to a5, xd5 to g5, xg7 to g8, xd8 to a8, xa6
     * down to a5, a4, a3 (taken first), a2 or a1 (the origin). a5 ends both routes with
     * the same pieces: seven moves. */
    {"3k4/6p1/p7/3p4/8/p7/8/K7 w 0 1",
     "a1a4a8g8g5a5 a1a4a8g8g5b5 a1a4a8g8g5c5 a1a5g5g8a8a1 a1a5g5g8a8a2 a1a5g5g8a8a3 "
     "a1a5g5g8a8a4"},
    /* man, three jumps: up-right-up and right-up-up both end on d6 with different pieces;
     * right-up-left ends on b4 */
    {"8/8/8/3p4/2p5/1p1p4/1Pp5/8 w 0 1", "b2b4d4d6 b2d2d4b4 b2d2d4d6"},
    /* black captures down and promotes; the side without pieces has no moves */
    {"8/8/8/8/8/3p4/3P4/8 b 0 1", "d3d1"},
    {"8/8/8/8/8/8/8/K7 b 0 1", ""},
    /* blocked: a2 cannot step to a1 or b2 nor jump b2 (c2 taken) */
    {"8/8/8/8/8/P7/pPP5/K7 b 0 1", ""},
};

START_TEST(hand_checked_lists)
{
    t_assert_moves_counted(dd(), hand_checked[_i].fen, hand_checked[_i].moves);
}
END_TEST

/*
 * A Daimyo ending its capture on a square it emptied, or on its origin, is its own move:
 * origin and final square are part of the move, not recovered from the board. The game
 * below ends with h8xf8 to d8, xd7 to d5, xc5 to a5, xa6 to a7, xc7 back onto d7, which
 * it emptied two jumps before (counts and FENs from an independent implementation).
 */
#define DD_LOOP_GAME                                                                               \
    "g3g4 b6b5 a3a4 a6a5 a4a6a8 e6e5 a8h8 f6f5 g4h4 f7f6 d3d4 g7f7 c3c4 b5c5 h8c8 c5c3a3a1 "       \
    "c8h8 a1a8 d4e4 d6e6 h4g4 c6c5 e4d4 b7b6 g4h4 b6a6 h3g3 f7g7 g3h3 e6d6 d4e4 d6c6 "             \
    "e4e6e8 a8f8"
#define DD_LOOP_BEFORE "5k1K/2pp2pp/p1p2ppp/2p2p2/7P/4PP1P/1PPPPPPP/8 w 0 18"

START_TEST(capture_ending_on_emptied_square)
{
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(dd(), DD_START, pos);
    t_play(dd(), pos, DD_LOOP_GAME);
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, DD_LOOP_BEFORE);
    t_play(dd(), pos, "h8d8d5a5a7d7");
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/3K2pp/2p2ppp/5p2/7P/4PP1P/1PPPPPPP/8 b 0 18");
    ck_assert_uint_eq(dd()->key(pos), dd()->key_from_scratch(pos));
    ck_assert_uint_eq(t_perft(dd(), DD_LOOP_BEFORE, 3), 262);
    /* origin and destination name it alone */
    assert_same_move(DD_LOOP_BEFORE, "h8d7", "h8d8d5a5a7d7");
    t_load(dd(), DD_LOOP_BEFORE, pos);
    dd()->move_to_str(pos, dd()->parse_move(pos, "h8d7"), out);
    ck_assert_str_eq(out, "h8d8d5a5a7d7");
}
END_TEST

/* Moves that differ only in a final square emptied during the move, or the origin. */
START_TEST(final_square_on_emptied_squares)
{
    /* a8xa6 to a5, then down xa4 to a2, xc2 to g2, xg4 to g5, xe5 to d5-a5; or right
     * xe5 to g5, xg4 to g2, xc2 to a2, xa4 up over a5 to a6 (taken first), a7 or a8 (the
     * origin). a5 is one move by both routes: seven. */
    t_assert_moves(dd(), "K7/1K1K3p/p7/4k3/p5p1/8/2p5/8 w 0 1",
                   "a8a5a2g2g5a5 a8a5a2g2g5b5 a8a5a2g2g5c5 a8a5a2g2g5d5 a8a5g5g2a2a6 "
                   "a8a5g5g2a2a7 a8a5g5g2a2a8");
    /* All seven black pieces round two rectangles, each run both ways: d7xb7 to a7, xa6
     * to a3, xd3 to e3 or h3, and from e3 xe2, xf1, xh5 to h7, xg7 to a7-f7 along rank 7
     * (d7 the origin, b7 emptied), from h3 xh5, xg7 to e7, xe2, xf1 to g1/h1; the reverse
     * runs add g7, h7 and e3-h3 (with e7 as the turn). Kd2 takes three at most (xe2 to
     * h2, xh5 to h7, xg7). Fourteen moves, the independent count. */
    t_assert_moves(dd(), "8/1p1K2p1/k7/7p/8/3p4/3Kp3/5k2 w 0 1",
                   "d7a7a3e3e1h1h7a7 d7a7a3e3e1h1h7b7 d7a7a3e3e1h1h7c7 d7a7a3e3e1h1h7d7 "
                   "d7a7a3e3e1h1h7e7 d7a7a3e3e1h1h7f7 d7a7a3h3h7e7e1g1 d7a7a3h3h7e7e1h1 "
                   "d7h7h1e1e3a3a7g7 d7h7h1e1e3a3a7h7 d7h7h1e1e7a7a3e3 d7h7h1e1e7a7a3f3 "
                   "d7h7h1e1e7a7a3g3 d7h7h1e1e7a7a3h3");
    /* make puts the Daimyo on the final square, whatever was there before the move */
    static const struct {
        const char *fen, *move, *after;
    } played[] = {
        {"7k/7p/3p4/8/5p2/p1p5/8/K7 w 0 1", "a1a6f6f3a3", "7k/7p/8/8/8/K7/8/8 b 0 1"},
        {"3k4/6p1/p7/3p4/8/p7/8/K7 w 0 1", "a1a5g5g8a8a3", "8/8/8/8/8/K7/8/8 b 0 1"},
        {"3k4/6p1/p7/3p4/8/p7/8/K7 w 0 1", "a1a5g5g8a8a1", "8/8/8/8/8/8/8/K7 b 0 1"},
        {"8/p7/3p4/8/5p2/p1p5/8/K7 w 0 1", "a1a6f6f3a3a8", "K7/8/8/8/8/8/8/8 b 0 1"},
        {"3k4/8/8/7p/p7/8/8/K3k3 w 0 1", "a1h1h8a8a1", "8/8/8/8/8/8/8/K7 b 0 1"},
    };
    for (size_t i = 0; i < sizeof played / sizeof *played; i++)
        t_assert_played(dd(), played[i].fen, played[i].move, played[i].after);
    /* the short form: a final square that only one move has, whatever it held before */
    const char *both = "3k4/6p1/p7/3p4/8/p7/8/K7 w 0 1";
    assert_same_move(both, "a1a1", "a1a5g5g8a8a1");
    assert_same_move(both, "a1a3", "a1a5g5g8a8a3");
    assert_same_move(both, "a1a5", "a1a4a8g8g5a5");
    assert_same_move(both, "a1a5", "a1a5g5g8a8a5");
    assert_same_move(both, "a1a5", "a1a5a8g8g5a5");
    assert_same_move("7k/7p/3p4/8/5p2/p1p5/8/K7 w 0 1", "a1a3", "a1a6f6f3a3");
    /* landings that are not the end of a longest capture */
    assert_rejected(both, "a1a8");
    assert_rejected(both, "a1a5g5g8a8");
    assert_rejected(both, "a1a6");
}
END_TEST

/*
 * A second, naive generator straight from the rules text: a board of 64 cells, one step at
 * a time, no bitboards, no shared code with movegen.c. Each move is (origin, final square,
 * captured squares); the engine's moves, decoded, must be the same set along random games.
 */
typedef struct RefMove {
    int from, to;
    Bb64 captured;
} RefMove;

typedef struct RefGen {
    int cell[64]; /* 1 own piece, -1 enemy, 0 empty; the mover is lifted off its origin */
    int side, origin, best, count;
    bool king;
    RefMove moves[MAX_MOVES];
} RefGen;

static const int ref_df[4] = {0, 0, -1, 1}, ref_dr[4] = {1, -1, 0, 0}; /* up down left right */

/* The square one step from `sq` in direction `d`, -1 off the board. */
static int ref_step(int sq, int d)
{
    int file = sq % 8 + ref_df[d], rank = sq / 8 + ref_dr[d];
    return file < 0 || file > 7 || rank < 0 || rank > 7 ? -1 : rank * 8 + file;
}

static void ref_record(RefGen *g, int to, Bb64 captured, int count)
{
    if (count < g->best)
        return;
    if (count > g->best)
        g->best = count, g->count = 0;
    for (int i = 0; i < g->count; i++)
        if (g->moves[i].from == g->origin && g->moves[i].to == to &&
            g->moves[i].captured == captured)
            return;
    g->moves[g->count++] = (RefMove){g->origin, to, captured};
}

static void ref_jumps(RefGen *g, int sq, int last, Bb64 captured, int count)
{
    bool went_on = false;
    for (int d = 0; d < 4; d++) {
        /* men: forward (up for white) and sideways; nobody turns straight back */
        if ((!g->king && d == (g->side == P1 ? 1 : 0)) || (last >= 0 && d == (last ^ 1)))
            continue;
        int mid = ref_step(sq, d);
        while (g->king && mid >= 0 && g->cell[mid] == 0)
            mid = ref_step(mid, d);
        if (mid < 0 || g->cell[mid] != -1)
            continue;
        g->cell[mid] = 0;
        for (int land = ref_step(mid, d); land >= 0 && g->cell[land] == 0;
             land = g->king ? ref_step(land, d) : -1) {
            went_on = true;
            ref_jumps(g, land, d, captured | dd_bit(mid), count + 1);
        }
        g->cell[mid] = -1;
    }
    if (!went_on && count > 0)
        ref_record(g, sq, captured, count);
}

static int ref_moves(const DdPos *p, RefGen *g)
{
    g->side = p->side, g->best = 1, g->count = 0;
    for (int sq = 0; sq < 64; sq++)
        g->cell[sq] = (p->pieces[p->side] >> sq & 1) - (int)(p->pieces[!p->side] >> sq & 1);
    for (int sq = 0; sq < 64; sq++)
        if (g->cell[sq] == 1) {
            g->origin = sq, g->king = p->kings >> sq & 1, g->cell[sq] = 0;
            ref_jumps(g, sq, -1, 0, 0);
            g->cell[sq] = 1;
        }
    if (g->count) /* capturing is compulsory */
        return g->count;
    for (int sq = 0; sq < 64; sq++) /* one step for men, any distance for Daimyos */
        for (int d = 0; d < 4 && g->cell[sq] == 1; d++) {
            if (!(p->kings >> sq & 1) && d == (p->side == P1 ? 1 : 0))
                continue;
            for (int to = ref_step(sq, d); to >= 0 && g->cell[to] == 0;
                 to = p->kings >> sq & 1 ? ref_step(to, d) : -1)
                g->moves[g->count++] = (RefMove){sq, to, 0};
        }
    return g->count;
}

START_TEST(reference_generator_agrees)
{
    static const char *const starts[] = {
        DD_START,
        "8/kppp1ppk/1pp2pp1/8/8/1PP2PP1/KPPP1PPK/8 w 0 1",
        "K7/1K1K3p/p7/4k3/p5p1/8/2p5/8 w 0 1",
        "8/1p1K2p1/k7/7p/8/3p4/3Kp3/5k2 w 0 1",
        "3k4/6p1/p7/3p4/8/p7/8/K7 w 0 1",
        "8/pk1pp1kp/1pp2pp1/8/8/1PP2PP1/PK1PP1KP/8 b 0 1",
    };
    uint64_t seed = 17;
    long compared = 0;
    static RefGen ref;
    for (size_t s = 0; s < sizeof starts / sizeof *starts; s++)
        for (int game = 0; game < 40; game++) {
            DdPos p, next;
            t_load(dd(), starts[s], &p);
            for (int ply = 0; ply < 120; ply++) {
                Move moves[MAX_MOVES];
                int n = dd()->gen_moves(&p, moves);
                ck_assert_int_eq(ref_moves(&p, &ref), n);
                for (int i = 0; i < n; i++) {
                    RefMove m = {dd_move_from(moves[i]), dd_move_to(moves[i]),
                                 dd_move_captured(&p, moves[i])};
                    bool found = false;
                    for (int j = 0; j < ref.count && !found; j++)
                        found = ref.moves[j].from == m.from && ref.moves[j].to == m.to &&
                                ref.moves[j].captured == m.captured;
                    ck_assert_msg(found, "engine move %d not in the reference list", i);
                    for (int j = 0; j < i; j++)
                        ck_assert(moves[j] != moves[i]);
                }
                compared++;
                if (!n || dd()->result(&p) != RESULT_NONE)
                    break;
                dd()->make_move(&p, moves[rng_below(&seed, (uint64_t)n)], &next);
                p = next;
            }
        }
    ck_assert_int_gt(compared, 5000);
}
END_TEST

/* Small trees worked out by hand. */
START_TEST(hand_checked_perft)
{
    /* a5c5f5 etc.: every capture takes both black men, black then has no move */
    ck_assert_uint_eq(t_perft(dd(), "8/8/8/Kp2p3/8/8/8/8 w 0 1", 2), 0);
    /* three man moves, each answered by h7h6 or h7g7 */
    ck_assert_uint_eq(t_perft(dd(), "8/7p/8/8/3P4/8/8/8 w 0 1", 2), 6);
    /* b2b1 promotes and must be taken at once (h1 over b1 to a1); after b2a2 or b2c2 the
     * Daimyo h1 has h2-h8 and g1-a1, 14 moves */
    ck_assert_uint_eq(t_perft(dd(), "8/8/8/8/8/8/1p6/7K b 0 1", 2), 1 + 14 + 14);
}
END_TEST

START_TEST(promotion_at_end_of_move)
{
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(dd(), "4k3/3p4/3P4/5p2/8/8/8/8 w 3 9", pos);
    t_play(dd(), pos, "d6d8f8");
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "5K2/8/8/5p2/8/8/8/8 b 0 9");
    t_load(dd(), "8/2P5/8/8/8/8/8/7k w 0 1", pos);
    t_play(dd(), pos, "c7c8");
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "2K5/8/8/8/8/8/8/7k b 0 1");
    t_load(dd(), "8/8/8/8/8/3p4/3P4/8 b 0 1", pos);
    t_play(dd(), pos, "d3d1");
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/8/3k4 w 0 2");
    ck_assert_int_eq(dd()->result(pos), RESULT_LOSS);
}
END_TEST

START_TEST(halfmove_clock)
{
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(dd(), "7k/8/8/8/8/8/P7/K7 w 5 10", pos);
    t_play(dd(), pos, "a1b1");
    ck_assert_int_eq(dd()->halfmove_clock(pos), 6);
    t_play(dd(), pos, "h8g8");
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "6k1/8/8/8/8/8/P7/1K6 w 7 11");
    t_play(dd(), pos, "a2a3");
    ck_assert_int_eq(dd()->halfmove_clock(pos), 0);
    t_play(dd(), pos, "g8g3 a3a4 g3b3");
    ck_assert_int_eq(dd()->halfmove_clock(pos), 1);
    /* a Daimyo's capture resets it too */
    t_load(dd(), "8/8/8/8/8/p7/8/K7 w 9 1", pos);
    t_play(dd(), pos, "a1a8");
    ck_assert_int_eq(dd()->halfmove_clock(pos), 0);
}
END_TEST

/* A man's sideways step resets the halfmove clock (no-progress rule) but can be stepped
 * back, so a repetition reaches past it: a4b4 a6b6 b4a4 b6a6 twice brings the start
 * position back a third time, a draw. */
START_TEST(repetition_across_sideways_steps)
{
    unsigned char pos[256];
    static const char *const line[] = {"a4b4", "a6b6", "b4a4", "b6a6",
                                       "a4b4", "a6b6", "b4a4", "b6a6"};
    uint64_t keys[9];
    GameOverReason why;
    t_load(dd(), "8/8/k7/8/P7/8/8/8 w 0 1", pos);
    for (int i = 0; i < 8; i++) {
        keys[i] = dd()->key(pos);
        ck_assert_int_eq(game_over(dd(), pos, keys, i, 200, &why), RESULT_NONE);
        t_play(dd(), pos, line[i]);
    }
    ck_assert_int_eq(dd()->halfmove_clock(pos), 1);
    ck_assert_int_eq(game_over(dd(), pos, keys, 8, 200, &why), RESULT_DRAW);
    ck_assert_int_eq(why, GAME_OVER_REPETITION);
    /* a forward step cannot be undone: the count starts again */
    t_play(dd(), pos, "a4a5");
    ck_assert_int_eq(dd()->repetition_plies(pos), 0);
}
END_TEST

START_TEST(results)
{
    unsigned char pos[256];
    Move moves[MAX_MOVES];
    t_load(dd(), DD_START, pos);
    ck_assert_int_eq(dd()->result(pos), RESULT_NONE);
    t_load(dd(), "8/8/8/8/8/8/8/K7 b 0 1", pos);
    ck_assert_int_eq(dd()->result(pos), RESULT_LOSS);
    ck_assert_int_eq(dd()->gen_moves(pos, moves), 0);
    /* blocked: the game goes on by result() but there is no move, which loses */
    t_load(dd(), "8/8/8/8/8/P7/pPP5/K7 b 0 1", pos);
    ck_assert_int_eq(dd()->result(pos), RESULT_NONE);
    ck_assert_int_eq(dd()->gen_moves(pos, moves), 0);
    ck_assert_int_eq(dd()->no_moves_result, RESULT_LOSS);
}
END_TEST

START_TEST(fen_round_trip_and_errors)
{
    unsigned char pos[256];
    char out[FEN_MAX];
    t_load(dd(), "8/8/3p4/8/1p3p2/8/1K1p4/8 b 12 40", pos);
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/3p4/8/1p3p2/8/1K1p4/8 b 12 40");
    t_load(dd(), "4K3/1P1p4/4p3/8/K1p2P2/8/2p5/8 w 0 1", pos);
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "4K3/1P1p4/4p3/8/K1p2P2/8/2p5/8 w 0 1");
    t_load(dd(), "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w", pos);
    dd()->fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, DD_START);
    ck_assert_uint_eq(dd()->key(pos), dd()->key_from_scratch(pos));
    static const char *bad[] = {
        "",
        "w",
        "8/8/8 w 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP w 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8/8 w 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPX/8 w 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPQ/8 w 0 1",
        "8/ppppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "8/ppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "9/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "44/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "08/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 x 0 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w -1 1",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 0",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 x",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1 extra",
        "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 99999999999 1",
        /* 17 white pieces */
        "8/pppppppp/pppppppp/8/K7/PPPPPPPP/PPPPPPPP/8 w 0 1",
        /* men on their last rank (would be Daimyos) or behind their start ranks */
        "P7/8/8/8/8/8/8/7k w 0 1",
        "8/8/8/8/8/8/8/p6K w 0 1",
        "8/8/8/8/8/8/8/P6k w 0 1",
        "p7/8/8/8/8/8/8/7K w 0 1",
        /* the side that just moved has no pieces; no pieces at all */
        "8/8/8/8/8/8/8/K7 w 0 1",
        "8/8/8/8/8/8/8/8 w 0 1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(t_fen_rejected(dd(), bad[i]), "accepted bad FEN '%s'", bad[i]);
}
END_TEST

START_TEST(notation)
{
    const char *dup = "8/8/8/Kp2p3/8/8/8/8 w 0 1";
    const char *loop = "8/8/3p4/8/1p3p2/8/1K1p4/8 w 0 1";
    const char *man3 = "8/8/8/3p4/2p5/1p1p4/1Pp5/8 w 0 1";
    unsigned char pos[256];
    char s[MOVE_STR_MAX];
    /* any path of a move, and origin + destination when only one move has them */
    assert_same_move(dup, "a5c5f5", "a5d5f5");
    assert_same_move(dup, "a5c5g5", "a5g5");
    assert_same_move(loop, "b2b6f6f2b2", "b2f2f6b6b2");
    assert_same_move(loop, "b2b6f6f2b2", "b2b2");
    assert_same_move(loop, "b2f2f6b6b1", "b2b1");
    assert_same_move(man3, "b2d2d4b4", "b2b4");
    assert_same_move(DD_START, "e3e4", "e3e4");
    /* the printed path is the one that sorts first */
    t_load(dd(), loop, pos);
    dd()->move_to_str(pos, dd()->parse_move(pos, "b2f2f6b6b2"), s);
    ck_assert_str_eq(s, "b2b6f6f2b2");
    t_load(dd(), dup, pos);
    dd()->move_to_str(pos, dd()->parse_move(pos, "a5h5"), s);
    ck_assert_str_eq(s, "a5c5h5");
    /* b2-d6 is two different moves (b3, c4, d5 or c2, d3, d5): ambiguous */
    assert_rejected(man3, "b2d6");
    ck_assert(dd()->parse_move(pos, "a5c5f5") != MOVE_NONE);
    /* short paths (not the most captures), wrong landings, paths that are not captures */
    static const char *bad_man3[] = {"b2b4d4", "b2d2",       "b2b4d4d6b6",
                                     "b2b3",   "b2c2d2d4d6", "b2b4c4d4d6"};
    for (size_t i = 0; i < sizeof bad_man3 / sizeof *bad_man3; i++)
        assert_rejected(man3, bad_man3[i]);
    static const char *bad_dup[] = {"a5b5", "a5c5", "a5e5f5", "a5c5e5", "a5c5f5g5", "a5a6"};
    for (size_t i = 0; i < sizeof bad_dup / sizeof *bad_dup; i++)
        assert_rejected(dup, bad_dup[i]);
    static const char *bad_start[] = {
        "e3e5",
        "e2e3",
        "e3d3",
        "e6e5",
        "",
        "e3",
        "e3e4x",
        "e3e",
        "E3E4",
        "e3e4 ",
        "i3i4",
        "e0e1",
        "0000",
        "\xff\xfe\x01\x02",
        "e3e4e5e6e7e8a1a2a3a4a5a6a7a8b1b2b3b4b5b6",
    };
    for (size_t i = 0; i < sizeof bad_start / sizeof *bad_start; i++)
        assert_rejected(DD_START, bad_start[i]);
}
END_TEST

START_TEST(null_move_and_keys)
{
    unsigned char pos[256], next[256];
    t_load(dd(), "8/8/3p4/8/1p3p2/8/1K1p4/8 w 4 7", pos);
    dd()->make_null(pos, next);
    ck_assert_int_eq(dd()->side_to_move(next), P2);
    ck_assert_int_eq(dd()->halfmove_clock(next), 5);
    ck_assert_uint_ne(dd()->key(next), dd()->key(pos));
    ck_assert_uint_eq(dd()->key(next), dd()->key_from_scratch(next));
}
END_TEST

START_TEST(random_game_invariants)
{
    ck_assert_int_gt(t_random_games(dd(), DD_START, 60, 300, 4242), 3000);
    /* Daimyos from the start: flying captures, loops and duplicates are common */
    ck_assert_int_gt(
        t_random_games(dd(), "8/kppp1ppk/1pp2pp1/8/8/1PP2PP1/KPPP1PPK/8 w 0 1", 40, 200, 99), 1000);
}
END_TEST

START_TEST(noisy_moves)
{
    unsigned char pos[256];
    Move moves[MAX_MOVES], noisy[MAX_MOVES];
    t_load(dd(), "8/8/8/Kp2p3/8/8/8/8 w 0 1", pos);
    int n = dd()->gen_moves(pos, moves);
    ck_assert_int_eq(dd()->gen_noisy(pos, noisy), n);
    for (int i = 0; i < n; i++)
        ck_assert_int_ge(dd()->noisy_order(pos, moves[i]), 2000);
    /* a quiet promotion is not noisy: noisy_forced needs noisy = all moves or none */
    t_load(dd(), "8/2P5/8/8/8/8/8/7k w 0 1", pos);
    ck_assert_int_eq(dd()->gen_noisy(pos, noisy), 0);
    ck_assert(dd()->params.noisy_forced);
    ck_assert(!dd()->params.null_move);
}
END_TEST

/* threat(): the opponent has a man about to promote onto a free square */
START_TEST(promotion_threat)
{
    unsigned char pos[256];
    t_load(dd(), "8/8/8/8/8/8/1p6/7K w 0 1", pos);
    ck_assert(dd()->threat(pos));
    t_load(dd(), "8/8/8/8/8/8/1p6/1K6 w 0 1", pos);
    ck_assert(!dd()->threat(pos));
    t_load(dd(), "8/8/8/8/8/8/1p6/7K b 0 1", pos);
    ck_assert(!dd()->threat(pos));
    t_load(dd(), DD_START, pos);
    ck_assert(!dd()->threat(pos));
}
END_TEST

START_TEST(evaluation)
{
    unsigned char pos[256];
    char terms[1024];
    t_load(dd(), DD_START, pos);
    Score white = dd()->evaluate(pos);
    t_load(dd(), "8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 b 0 1", pos);
    ck_assert_int_eq(dd()->evaluate(pos), white);
    /* a Daimyo up: clearly better for its owner, from either side's view */
    t_load(dd(), "8/pppp4/8/8/8/8/PPPP4/K7 w 0 1", pos);
    ck_assert_int_gt(dd()->evaluate(pos), 2 * dd()->params.margin_unit);
    t_load(dd(), "8/pppp4/8/8/8/8/PPPP4/K7 b 0 1", pos);
    ck_assert_int_lt(dd()->evaluate(pos), -2 * dd()->params.margin_unit);
    ck_assert_int_lt(abs(dd()->evaluate(pos)), SCORE_EVAL_MAX);
    dd()->eval_terms(pos, terms, sizeof terms);
    static const char *names[] = {"material", "advance",  "runner",   "guard",
                                  "support",  "attacked", "mobility", "total"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        ck_assert_msg(strstr(terms, names[i]), "eval_terms lacks %s", names[i]);
}
END_TEST

START_TEST(bench_positions_valid)
{
    int count = 0;
    for (const char *const *f = dd()->bench_fens; *f; f++, count++) {
        unsigned char pos[256];
        Move moves[MAX_MOVES];
        t_load(dd(), *f, pos);
        ck_assert_int_gt(dd()->gen_moves(pos, moves), 0);
    }
    ck_assert_int_ge(count, 10);
}
END_TEST

START_TEST(forced_wins)
{
    /* d4xd5 takes black's last piece */
    ck_assert_int_eq(t_forced_win_plies(dd(), "8/8/8/3p4/3P4/8/8/8 w 0 1", 3), 1);
    /* c8c2 leaves the a2 man without a move (a1, b2 taken; b2 cannot be jumped) */
    ck_assert_int_eq(t_forced_win_plies(dd(), "2K5/8/8/8/8/P7/pP6/K7 w 0 1", 3), 1);
    /* the loop capture takes all four black men */
    ck_assert_int_eq(t_forced_win_plies(dd(), "8/8/3p4/8/1p3p2/8/1K1p4/8 w 0 1", 3), 1);
    /* h1h4: a4a3 is jumped by a2, a4b4 by the Daimyo along rank 4 */
    ck_assert_int_eq(t_forced_win_plies(dd(), "8/8/8/8/p7/8/P7/7K w 0 1", 5), 3);
    /* the same for black, mirrored */
    ck_assert_int_eq(t_forced_win_plies(dd(), "7k/p7/8/P7/8/8/8/8 b 0 1", 5), 3);
    /* a shot: d3d4 forces d5xd4 to d3, then the Daimyo a3 takes d3 and, from e3, e6 */
    ck_assert_int_eq(t_forced_win_plies(dd(), "8/8/4p3/3p4/8/K2P4/8/8 w 0 1", 5), 3);
}
END_TEST

Suite *dragondraughts_suite(void)
{
    Suite *s = suite_create("dragondraughts");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, alias_finds_the_game);
    tcase_add_test(tc, start_perft);
    tcase_add_test(tc, perft_matches_generic);
    tcase_add_test(tc, capture_paths_match_table);
    tcase_add_test(tc, start_moves);
    tcase_add_loop_test(tc, hand_checked_lists, 0,
                        (int)(sizeof hand_checked / sizeof *hand_checked));
    tcase_add_test(tc, capture_ending_on_emptied_square);
    tcase_add_test(tc, final_square_on_emptied_squares);
    tcase_add_test(tc, reference_generator_agrees);
    tcase_add_test(tc, hand_checked_perft);
    tcase_add_test(tc, promotion_at_end_of_move);
    tcase_add_test(tc, halfmove_clock);
    tcase_add_test(tc, results);
    tcase_add_test(tc, repetition_across_sideways_steps);
    tcase_add_test(tc, fen_round_trip_and_errors);
    tcase_add_test(tc, notation);
    tcase_add_test(tc, null_move_and_keys);
    tcase_add_test(tc, random_game_invariants);
    tcase_add_test(tc, noisy_moves);
    tcase_add_test(tc, promotion_threat);
    tcase_add_test(tc, evaluation);
    tcase_add_test(tc, bench_positions_valid);
    tcase_add_test(tc, forced_wins);
    suite_add_tcase(s, tc);
    return s;
}
