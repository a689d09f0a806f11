/*
 * Breakthrough: move generation, make, FEN, notation and result.
 *
 * Generation is three shifts per side (straight, two diagonals); perft counts the last
 * ply with popcounts instead of generating it.
 */
#include "movegen/breakthrough/breakthrough.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"

static uint64_t zobrist_men[2][64];
static uint64_t zobrist_side;

static void bt_init(void)
{
    uint64_t seed = 0xB7EA11C0FFEEULL;
    for (int p = 0; p < 2; p++)
        for (int sq = 0; sq < 64; sq++)
            zobrist_men[p][sq] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
    breakthrough_eval_init();
}

static Bb64 goal_row(int player) { return player == P1 ? BT_RANK_8_BB : BT_RANK_1_BB; }

/* The squares where a move is tactical even without a capture: the last step before the
 * goal, from which a man threatens to win at once, and the goal row. (Steps onto the rank
 * before are left to the main search: in quiescence they multiplied the nodes, and the
 * eval already sees a man there that nothing can stop.) */
static Bb64 attack_zone(int player)
{
    return player == P1 ? 0x00FF000000000000ULL | BT_RANK_8_BB
                        : 0x000000000000FF00ULL | BT_RANK_1_BB;
}

/* Forward step direction in square numbers for each player. */
static int forward(int player) { return player == P1 ? 8 : -8; }

static Bb64 shift_forward(Bb64 b, int player) { return player == P1 ? b << 8 : b >> 8; }

/* Destinations of the three move kinds for `player`; the origin is dest - delta. */
typedef struct BtTargets {
    Bb64 straight, left, right; /* left: toward file a, right: toward file h */
    int d_straight, d_left, d_right;
} BtTargets;

static BtTargets targets(const BtPos *p)
{
    int us = p->side;
    Bb64 own = p->men[us], empty = ~(p->men[0] | p->men[1]);
    BtTargets t;
    t.d_straight = forward(us);
    t.d_left = forward(us) - 1;
    t.d_right = forward(us) + 1;
    t.straight = shift_forward(own, us) & empty;
    t.left = shift_forward(own & ~BT_FILE_A_BB, us) >> 1 & ~own;
    t.right = shift_forward(own & ~BT_FILE_H_BB, us) << 1 & ~own;
    return t;
}

static Result bt_result(const void *vp)
{
    const BtPos *p = vp;
    int us = p->side, them = !us;
    if ((p->men[them] & goal_row(them)) || !p->men[us])
        return RESULT_LOSS;
    if ((p->men[us] & goal_row(us)) || !p->men[them])
        return RESULT_WIN;
    return RESULT_NONE;
}

static int add_moves(Move *moves, int n, Bb64 dests, int delta)
{
    while (dests) {
        int to = bb64_pop_lsb(&dests);
        moves[n++] = bt_move_make(to - delta, to);
    }
    return n;
}

/* Noisy: captures, steps onto the last rank before the goal and onto the goal row. */
static Bb64 noisy_squares(const BtPos *p) { return p->men[!p->side] | attack_zone(p->side); }

static int generate(const BtPos *p, Move *moves, GenStage stage)
{
    if (bt_result(p) != RESULT_NONE)
        return 0;
    BtTargets t = targets(p);
    Bb64 keep = stage == GEN_ALL     ? ~0ULL
                : stage == GEN_NOISY ? noisy_squares(p)
                                     : ~noisy_squares(p);
    int n = add_moves(moves, 0, t.left & keep, t.d_left);
    n = add_moves(moves, n, t.straight & keep, t.d_straight);
    return add_moves(moves, n, t.right & keep, t.d_right);
}

static int bt_gen_moves(const void *vp, Move *moves) { return generate(vp, moves, GEN_ALL); }
static int bt_gen_noisy(const void *vp, Move *moves) { return generate(vp, moves, GEN_NOISY); }
static int bt_gen_quiet(const void *vp, Move *moves) { return generate(vp, moves, GEN_QUIET); }

static bool bt_has_legal_move(const void *vp)
{
    const BtPos *p = vp;
    BtTargets t = targets(p);
    return bt_result(p) == RESULT_NONE && (t.straight | t.left | t.right);
}

/* A move is the pair of squares; it is legal when the origin holds a man of the side to
 * move and the destination is among that kind of step's targets. */
static bool bt_move_is_legal(const void *vp, Move m)
{
    const BtPos *p = vp;
    int from = bt_move_from(m), to = bt_move_to(m);
    if (m != bt_move_make(from, to) || !(p->men[p->side] >> from & 1) ||
        bt_result(p) != RESULT_NONE)
        return false;
    BtTargets t = targets(p);
    int delta = to - from;
    Bb64 dest = 1ULL << to;
    return (delta == t.d_straight && (t.straight & dest)) ||
           (delta == t.d_left && (t.left & dest)) || (delta == t.d_right && (t.right & dest));
}

static bool bt_is_noisy(const void *vp, Move m)
{
    const BtPos *p = vp;
    return (noisy_squares(p) >> bt_move_to(m) & 1) != 0;
}

static void bt_make_move(const void *vp, Move m, void *out)
{
    const BtPos *p = vp;
    BtPos *q = out;
    int us = p->side, them = !us, from = bt_move_from(m), to = bt_move_to(m);
    *q = *p;
    q->men[us] ^= (1ULL << from) | (1ULL << to);
    q->key ^= zobrist_men[us][from] ^ zobrist_men[us][to] ^ zobrist_side;
    if (q->men[them] & (1ULL << to)) {
        q->men[them] ^= 1ULL << to;
        q->key ^= zobrist_men[them][to];
    }
    q->side = them;
    q->halfmove = 0;
    q->fullmove += us == P2;
}

static void bt_make_null(const void *vp, void *out)
{
    const BtPos *p = vp;
    BtPos *q = out;
    *q = *p;
    q->side = !p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->fullmove += p->side == P2;
}

static uint64_t count_moves(const BtPos *p)
{
    if (bt_result(p) != RESULT_NONE)
        return 0;
    BtTargets t = targets(p);
    return (uint64_t)(bb64_popcount(t.straight) + bb64_popcount(t.left) +
                      bb64_popcount(t.right));
}

static uint64_t bt_perft(const void *vp, int depth)
{
    const BtPos *p = vp;
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return count_moves(p);
    Move moves[MAX_MOVES];
    int n = bt_gen_moves(p, moves);
    uint64_t total = 0;
    BtPos child;
    for (int i = 0; i < n; i++) {
        bt_make_move(p, moves[i], &child);
        total += bt_perft(&child, depth - 1);
    }
    return total;
}

static uint64_t bt_key_from_scratch(const void *vp)
{
    const BtPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->men[pl]; b;)
            key ^= zobrist_men[pl][bb64_pop_lsb(&b)];
    return key;
}

static uint64_t bt_key(const void *vp) { return ((const BtPos *)vp)->key; }
static int bt_side(const void *vp) { return ((const BtPos *)vp)->side; }
static int bt_halfmove(const void *vp) { return ((const BtPos *)vp)->halfmove; }

/* Reads a non-negative decimal field; false on anything else or overflow. */
static bool read_count(const char *s, int *out)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return false;
    long v = strtol(s, &end, 10);
    if (*end || v > 1000000)
        return false;
    *out = (int)v;
    return true;
}

static bool bt_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    BtPos *p = vp;
    char board[128], side[8], half[16], full[16], extra[2];
    memset(p, 0, sizeof *p);
    int fields = sscanf(fen, "%127s %7s %15s %15s %1s", board, side, half, full, extra);
    if (fields < 2 || fields > 4) {
        snprintf(err, err_size, "expected board, side, [halfmove, fullmove]: '%s'", fen);
        return false;
    }
    int rank = 7, file = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != 8 || rank == 0) {
                snprintf(err, err_size, "rank %d does not have 8 squares", rank + 1);
                return false;
            }
            rank--, file = 0;
        } else if (*c >= '1' && *c <= '8') {
            file += *c - '0';
        } else if (*c == 'P' || *c == 'p') {
            if (file < 8)
                p->men[*c == 'P' ? P1 : P2] |= 1ULL << (rank * 8 + file);
            file++;
        } else {
            snprintf(err, err_size, "bad character '%c' in board", *c);
            return false;
        }
        if (file > 8) {
            snprintf(err, err_size, "rank %d has more than 8 squares", rank + 1);
            return false;
        }
    }
    if (rank != 0 || file != 8) {
        snprintf(err, err_size, "board must have 8 ranks of 8 squares");
        return false;
    }
    if (strcmp(side, "w") == 0)
        p->side = P1;
    else if (strcmp(side, "b") == 0)
        p->side = P2;
    else {
        snprintf(err, err_size, "side to move must be 'w' or 'b', not '%s'", side);
        return false;
    }
    p->fullmove = 1;
    if ((fields >= 3 && !read_count(half, &p->halfmove)) ||
        (fields >= 4 && (!read_count(full, &p->fullmove) || p->fullmove < 1))) {
        snprintf(err, err_size, "bad move counters");
        return false;
    }
    bool white_won = (p->men[P1] & BT_RANK_8_BB) || !p->men[P2];
    bool black_won = (p->men[P2] & BT_RANK_1_BB) || !p->men[P1];
    if (white_won && black_won) {
        snprintf(err, err_size, "both sides have already won");
        return false;
    }
    p->key = bt_key_from_scratch(p);
    return true;
}

static void bt_fen_write(const void *vp, char *buf, size_t size)
{
    const BtPos *p = vp;
    char out[FEN_MAX];
    int n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            Bb64 bit = 1ULL << (rank * 8 + file);
            char c = (p->men[P1] & bit) ? 'P' : (p->men[P2] & bit) ? 'p' : 0;
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = 0;
    snprintf(buf, size, "%s %c %d %d", out, p->side == P1 ? 'w' : 'b', p->halfmove,
             p->fullmove);
}

static void bt_display(const void *vp, char *buf, size_t size)
{
    const BtPos *p = vp;
    size_t n = 0;
    for (int rank = 7; rank >= 0 && n < size; rank--) {
        n += (size_t)snprintf(buf + n, size - n, " %d ", rank + 1);
        for (int file = 0; file < 8 && n < size; file++) {
            Bb64 bit = 1ULL << (rank * 8 + file);
            char c = (p->men[P1] & bit) ? 'P' : (p->men[P2] & bit) ? 'p' : '.';
            n += (size_t)snprintf(buf + n, size - n, " %c", c);
        }
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "\n");
    }
    if (n < size)
        snprintf(buf + n, size - n, "    a b c d e f g h\n");
}

static void bt_move_to_str(const void *vp, Move m, char *buf)
{
    (void)vp;
    int from = bt_move_from(m), to = bt_move_to(m);
    snprintf(buf, MOVE_STR_MAX, "%c%d%c%d", 'a' + from % 8, from / 8 + 1, 'a' + to % 8,
             to / 8 + 1);
}

static Move bt_parse_move(const void *vp, const char *s)
{
    const BtPos *p = vp;
    if (strlen(s) != 4)
        return MOVE_NONE;
    int ff = s[0] - 'a', fr = s[1] - '1', tf = s[2] - 'a', tr = s[3] - '1';
    if (ff < 0 || ff > 7 || fr < 0 || fr > 7 || tf < 0 || tf > 7 || tr < 0 || tr > 7)
        return MOVE_NONE;
    Move want = bt_move_make(fr * 8 + ff, tr * 8 + tf), moves[MAX_MOVES];
    int n = bt_gen_moves(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == want)
            return want;
    return MOVE_NONE;
}

static uint32_t bt_move_index(const void *vp, Move m)
{
    (void)vp;
    return (uint32_t)(m & 4095);
}

/* Captures first, then goal-row moves; among captures, the most advanced victim. */
static int bt_noisy_order(const void *vp, Move m)
{
    const BtPos *p = vp;
    int to = bt_move_to(m);
    int advance = p->side == P1 ? to / 8 : 7 - to / 8;
    bool capture = (p->men[!p->side] >> to) & 1;
    return (advance == 7 ? 1000 : 0) + (capture ? 100 + (7 - advance) : 0);
}

/* The opponent has a man one step from its goal row: it wins next move unless answered. */
static bool bt_threat(const void *vp)
{
    const BtPos *p = vp;
    int them = !p->side;
    Bb64 last = them == P1 ? 0x00FF000000000000ULL : 0x000000000000FF00ULL;
    return (p->men[them] & last) != 0;
}

/* The moves a side is assumed still to play when the clock has no moves-to-go. Games
 * last about 30 moves a side, but the search spends two to four times its share when
 * the best move is unstable, as it often is here; at the default the clock was nearly
 * empty by the middlegame, where Breakthrough games are decided. */
enum { BT_MOVES_LEFT = 60 };

static const char *const bt_bench[] = {
    "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
    "pppppppp/ppppp1pp/5p2/8/8/3P4/PPP1PPPP/PPPPPPPP w 0 2",
    "ppp1pppp/pp1ppp1p/2p3p1/3p4/3P1P2/2P5/PP2PPPP/PPPPP1PP w 0 4",
    "pp1ppp1p/2pp2p1/p3p3/1p3p2/2P1P1P1/P2P4/1PP2PPP/PPP1PPPP b 0 8",
    "1pp2pp1/p2pp2p/8/2p2p2/1P2P1P1/P1P5/3P1PPP/1PP2PP1 w 0 12",
    "2p3p1/pp2pp1p/3p4/1P3p2/4P3/P2P2P1/2P2P1P/1P3PP1 b 0 15",
    "6p1/p2p1p1p/1p6/2p2pP1/3P4/PP6/4PP1P/2P3P1 w 0 20",
    "8/p4p2/1pp1p3/7p/P2P1P2/1P6/2P2P2/8 b 0 25",
    "3p4/8/1p3p2/p7/8/1PP5/P4P2/8 w 0 30",
    "8/2p5/8/8/3P4/8/8/8 w 0 40",
    "p7/8/8/8/8/8/7P/8 b 0 45",
    NULL,
};

static const uint64_t bt_perft_reference[] = {22, 484, 11132, 256036, 6182818, 149264638, 0};

const Game breakthrough_game = {
    .name = "breakthrough",
    .side_names = {"white", "black"},
    .files = 8,
    .ranks = 8,
    .pos_size = sizeof(BtPos),
    .start_fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
    .init = bt_init,
    .fen_read = bt_fen_read,
    .fen_write = bt_fen_write,
    .display = bt_display,
    .gen_moves = bt_gen_moves,
    .gen_noisy = bt_gen_noisy,
    .gen_quiet = bt_gen_quiet,
    .is_noisy = bt_is_noisy,
    .has_legal_move = bt_has_legal_move,
    .move_is_legal = bt_move_is_legal,
    .move_is_legal_cheap = true,
    .max_moves = BT_MAX_MOVES,
    .make_move = bt_make_move,
    .make_null = bt_make_null,
    .perft = bt_perft,
    .move_to_str = bt_move_to_str,
    .parse_move = bt_parse_move,
    .key = bt_key,
    .key_from_scratch = bt_key_from_scratch,
    .side_to_move = bt_side,
    .halfmove_clock = bt_halfmove,
    .result = bt_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = breakthrough_evaluate,
    .eval_terms = breakthrough_eval_terms,
    .move_index_count = 4096,
    .move_index = bt_move_index,
    .noisy_order = bt_noisy_order,
    .threat = bt_threat,
    .params = {
        .null_move = true,
        .reverse_futility = true,
        .futility = true,
        .late_move_reductions = true,
        .late_move_pruning = true,
        .noisy_forced = false,
        .threat_extension = true,
        .margin_unit = 100,
        .moves_left = BT_MOVES_LEFT,
    },
    .bench_fens = bt_bench,
    .bench_depth = 13,
    .perft_reference = bt_perft_reference,
};
