/*
 * Dragon's Gate: move generation, make, FEN, notation and result.
 *
 * Generation is nine shift-and-mask expressions per side (step, fly and withdrawal in each
 * of the three forward directions); perft counts the last ply with popcounts instead of
 * generating it.
 */
#include "movegen/dragonsgate/dragonsgate.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/rng.h"

static uint64_t zobrist_dragons[2][64];
static uint64_t zobrist_side;

Bb64 dg_front_cone[2][64];

static void dg_init(void)
{
    uint64_t seed = 0xD6A6045ULL;
    for (int p = 0; p < 2; p++)
        for (int sq = 0; sq < 64; sq++)
            zobrist_dragons[p][sq] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
    for (int sq = 0; sq < 64; sq++) {
        for (int other = 0; other < 64; other++) {
            int df = abs(other % 8 - sq % 8), dr = other / 8 - sq / 8;
            if (dr > 0 && df <= dr)
                dg_front_cone[P1][sq] |= 1ULL << other;
            if (dr < 0 && df <= -dr)
                dg_front_cone[P2][sq] |= 1ULL << other;
        }
    }
}

static Bb64 bit(int sq) { return 1ULL << sq; }

/* Over when the player who just moved stands on its goal row, or the side to move has no
 * Dragon left (the one way the no-move loss is cheap to see). */
static Result dg_result(const void *vp)
{
    const DgPos *p = vp;
    int us = p->side, them = !us;
    if ((p->dragons[them] & dg_goal_row(them)) || !p->dragons[us])
        return RESULT_LOSS;
    return RESULT_NONE;
}

/* The side-specific generation, with the player a constant after inlining. */
static DgTargets targets_of(const DgPos *p)
{
    const Bb64 south = p->dragons[P1], north = p->dragons[P2];
    return p->side == P1 ? dg_targets(south, north, P1) : dg_targets(north, south, P2);
}

/* Appends one move per destination bit; the origin is `to - delta`. */
static int add_moves(Move *moves, int n, Bb64 dests, int delta)
{
    while (dests) {
        int to = bb64_pop_lsb(&dests);
        moves[n++] = dg_move_make(to - delta, to);
    }
    return n;
}

/* The withdrawals when `takes`, and the steps and flies that land in `keep_quiet`. */
static int gen_filtered(const DgPos *p, Move *moves, bool takes, Bb64 keep_quiet)
{
    if (dg_result(p) != RESULT_NONE)
        return 0;
    DgTargets t = targets_of(p);
    int n = 0;
    for (int i = 0; i < DG_DIRS; i++) {
        int d = dg_delta(dg_forward(p->side, i));
        if (takes)
            n = add_moves(moves, n, t.take[i], -d);
        n = add_moves(moves, n, t.fly[i] & keep_quiet, 2 * d);
        n = add_moves(moves, n, t.step[i] & keep_quiet, d);
    }
    return n;
}

static int dg_gen_moves(const void *vp, Move *moves) { return gen_filtered(vp, moves, true, ~0ULL); }

/* Noisy: every withdrawal (it captures) and every move onto the goal row (it wins). */
static int dg_gen_noisy(const void *vp, Move *moves)
{
    const DgPos *p = vp;
    return gen_filtered(p, moves, true, dg_goal_row(p->side));
}

static int dg_gen_quiet(const void *vp, Move *moves)
{
    const DgPos *p = vp;
    return gen_filtered(p, moves, false, ~dg_goal_row(p->side));
}

static bool dg_has_legal_move(const void *vp)
{
    const DgPos *p = vp;
    if (dg_result(p) != RESULT_NONE)
        return false;
    DgTargets t = targets_of(p);
    for (int i = 0; i < DG_DIRS; i++)
        if (t.take[i] | t.fly[i] | t.step[i])
            return true;
    return false;
}

/* Each kind of move in each direction has its own distance from origin to destination, and
 * a target square stands for the one origin at that distance behind it, so a move is legal
 * exactly when its destination is among the targets of the kind its distance names. */
static bool dg_move_is_legal(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    if (m != dg_move_make(from, to) || !(p->dragons[p->side] & bit(from)) ||
        dg_result(p) != RESULT_NONE)
        return false;
    DgTargets t = targets_of(p);
    for (int i = 0; i < DG_DIRS; i++) {
        int d = dg_delta(dg_forward(p->side, i));
        Bb64 set = to - from == -d ? t.take[i] : to - from == 2 * d ? t.fly[i]
                 : to - from == d  ? t.step[i] : 0;
        if (set & bit(to))
            return true;
    }
    return false;
}

static bool is_withdrawal(int side, int from, int to) { return side == P1 ? to < from : to > from; }

static bool dg_is_noisy(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    return is_withdrawal(p->side, from, to) || (bit(to) & dg_goal_row(p->side));
}

static void dg_make_move(const void *vp, Move m, void *out)
{
    const DgPos *p = vp;
    DgPos *q = out;
    int us = p->side, them = !us, from = dg_move_from(m), to = dg_move_to(m);
    *q = *p;
    q->dragons[us] ^= bit(from) | bit(to);
    q->key ^= zobrist_dragons[us][from] ^ zobrist_dragons[us][to] ^ zobrist_side;
    if (is_withdrawal(us, from, to)) {
        int victim = 2 * from - to;
        q->dragons[them] ^= bit(victim);
        q->key ^= zobrist_dragons[them][victim];
    }
    q->side = them;
    q->halfmove = 0;
    q->fullmove += us == P2;
}

static void dg_make_null(const void *vp, void *out)
{
    const DgPos *p = vp;
    DgPos *q = out;
    *q = *p;
    q->side = !p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->fullmove += p->side == P2;
}

/*
 * Perft works on the two bitboards alone (no key, no counters) and with the player a
 * constant: perft_south and perft_north call each other, each an inlined copy of
 * perft_body. The last ply is counted with popcounts.
 */
static uint64_t perft_south(Bb64 own, Bb64 enemy, int depth);
static uint64_t perft_north(Bb64 own, Bb64 enemy, int depth);

/* The number of moves of `player`, by popcounts (the last ply of perft). */
static inline __attribute__((always_inline)) uint64_t count_moves(Bb64 own, Bb64 enemy,
                                                                   int player)
{
    if ((enemy & dg_goal_row(!player)) || !own)
        return 0;
    Bb64 empty = ~(own | enemy);
    int n = 0;
    for (int i = 0; i < DG_DIRS; i++) {
        DgDir fwd = dg_forward(player, i), back = dg_opposite(fwd);
        n += bb64_popcount(dg_shift(own, fwd) & empty);
        n += bb64_popcount(dg_shift(dg_shift(own, fwd) & own, fwd) & empty);
        n += bb64_popcount(dg_shift(own & dg_shift(enemy, back), back) & empty);
    }
    return (uint64_t)n;
}

/* A child position, `player` to move: counted in place when it is the last ply, so the
 * ply before the leaves makes no call per move. */
static inline __attribute__((always_inline)) uint64_t perft_child(Bb64 own, Bb64 enemy,
                                                                   int player, int depth)
{
    if (depth == 1)
        return count_moves(own, enemy, player);
    return player == P1 ? perft_south(own, enemy, depth) : perft_north(own, enemy, depth);
}

/* One child per move of forward direction i, each searched to depth - 1 (depth >= 2). */
static inline __attribute__((always_inline)) uint64_t perft_dir(Bb64 own, Bb64 enemy,
                                                                 int player, int i, int depth)
{
    DgDir fwd = dg_forward(player, i), back = dg_opposite(fwd);
    Bb64 empty = ~(own | enemy);
    Bb64 step = dg_shift(own, fwd) & empty;
    Bb64 fly = dg_shift(dg_shift(own, fwd) & own, fwd) & empty;
    Bb64 take = dg_shift(own & dg_shift(enemy, back), back) & empty;
    int d = dg_delta(fwd), them = !player;
    uint64_t total = 0;
    while (step) {
        int to = bb64_pop_lsb(&step);
        total += perft_child(enemy, own ^ bit(to) ^ bit(to - d), them, depth - 1);
    }
    while (fly) {
        int to = bb64_pop_lsb(&fly);
        total += perft_child(enemy, own ^ bit(to) ^ bit(to - 2 * d), them, depth - 1);
    }
    while (take) {
        int to = bb64_pop_lsb(&take);
        total += perft_child(enemy ^ bit(to + 2 * d), own ^ bit(to) ^ bit(to + d), them,
                             depth - 1);
    }
    return total;
}

static inline __attribute__((always_inline)) uint64_t perft_body(Bb64 own, Bb64 enemy,
                                                                  int player, int depth)
{
    if (depth == 1)
        return count_moves(own, enemy, player);
    if ((enemy & dg_goal_row(!player)) || !own)
        return 0;
    return perft_dir(own, enemy, player, 0, depth) + perft_dir(own, enemy, player, 1, depth) +
           perft_dir(own, enemy, player, 2, depth);
}

static uint64_t perft_south(Bb64 own, Bb64 enemy, int depth)
{
    return perft_body(own, enemy, P1, depth);
}

static uint64_t perft_north(Bb64 own, Bb64 enemy, int depth)
{
    return perft_body(own, enemy, P2, depth);
}

static uint64_t dg_perft(const void *vp, int depth)
{
    const DgPos *p = vp;
    if (depth <= 0)
        return 1;
    Bb64 own = p->dragons[p->side], enemy = p->dragons[!p->side];
    return p->side == P1 ? perft_south(own, enemy, depth) : perft_north(own, enemy, depth);
}

static uint64_t dg_key_from_scratch(const void *vp)
{
    const DgPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->dragons[pl]; b;)
            key ^= zobrist_dragons[pl][bb64_pop_lsb(&b)];
    return key;
}

static uint64_t dg_key(const void *vp) { return ((const DgPos *)vp)->key; }
static int dg_side(const void *vp) { return ((const DgPos *)vp)->side; }
static int dg_halfmove(const void *vp) { return ((const DgPos *)vp)->halfmove; }

/* A decimal counter: digits only, at most 1000000. */
static bool read_count(const char *s, int32_t *out)
{
    size_t len = strlen(s);
    if (len == 0 || len > 7)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    long v = strtol(s, NULL, 10);
    if (v > 1000000)
        return false;
    *out = (int32_t)v;
    return true;
}

/* Board field: 8 ranks from 8 down to 1, `D` South, `d` North, a number for a run of
 * empty squares (no leading zero; it may not run past the edge). */
static bool read_board(DgPos *p, const char *board, char *err, size_t err_size)
{
    int rank = 7, file = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != 8 || rank == 0) {
                snprintf(err, err_size, "rank %d does not have 8 squares", rank + 1);
                return false;
            }
            rank--, file = 0;
        } else if (*c >= '1' && *c <= '9') {
            char *end;
            long run = strtol(c, &end, 10);
            file += run > 8 ? 9 : (int)run;
            c = end - 1;
        } else if (*c == 'D' || *c == 'd') {
            if (file < 8)
                p->dragons[*c == 'D' ? P1 : P2] |= bit(rank * 8 + file);
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
    return true;
}

/* States no game can reach: more Dragons than the set, the side to move already through
 * the gate, two Dragons through it, or the player who just moved without a Dragon. */
static bool check_reachable(const DgPos *p, char *err, size_t err_size)
{
    int us = p->side, them = !us;
    if (bb64_popcount(p->dragons[P1]) > DG_MAX_DRAGONS ||
        bb64_popcount(p->dragons[P2]) > DG_MAX_DRAGONS) {
        snprintf(err, err_size, "a side has more than %d Dragons", DG_MAX_DRAGONS);
        return false;
    }
    if (p->dragons[us] & dg_goal_row(us)) {
        snprintf(err, err_size, "the side to move already stands on the enemy home row");
        return false;
    }
    if (bb64_popcount(p->dragons[them] & dg_goal_row(them)) > 1) {
        snprintf(err, err_size, "more than one Dragon on the enemy home row");
        return false;
    }
    if (!p->dragons[them]) {
        snprintf(err, err_size, "the side that just moved has no Dragon");
        return false;
    }
    return true;
}

static bool dg_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DgPos *p = vp;
    char board[128], side[8], half[16], full[16], extra[2];
    memset(p, 0, sizeof *p);
    int fields = sscanf(fen, "%127s %7s %15s %15s %1s", board, side, half, full, extra);
    if (fields != 2 && fields != 4) {
        snprintf(err, err_size, "expected board, side[, halfmove, fullmove]: '%.60s'", fen);
        return false;
    }
    if (!read_board(p, board, err, err_size))
        return false;
    if (strcmp(side, "w") == 0)
        p->side = P1;
    else if (strcmp(side, "b") == 0)
        p->side = P2;
    else {
        snprintf(err, err_size, "side to move must be 'w' or 'b', not '%s'", side);
        return false;
    }
    p->fullmove = 1;
    if (fields == 4 && (!read_count(half, &p->halfmove) || !read_count(full, &p->fullmove) ||
                        p->fullmove < 1)) {
        snprintf(err, err_size, "bad move counters '%s %s'", half, full);
        return false;
    }
    if (!check_reachable(p, err, err_size))
        return false;
    p->key = dg_key_from_scratch(p);
    return true;
}

static char square_char(const DgPos *p, int sq, char empty)
{
    return (p->dragons[P1] & bit(sq)) ? 'D' : (p->dragons[P2] & bit(sq)) ? 'd' : empty;
}

static void dg_fen_write(const void *vp, char *buf, size_t size)
{
    const DgPos *p = vp;
    char out[FEN_MAX];
    int n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = square_char(p, rank * 8 + file, 0);
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
    snprintf(buf, size, "%s %c %d %d", out, p->side == P1 ? 'w' : 'b', (int)p->halfmove,
             (int)p->fullmove);
}

static void dg_display(const void *vp, char *buf, size_t size)
{
    const DgPos *p = vp;
    size_t n = 0;
    for (int rank = 7; rank >= 0 && n < size; rank--) {
        n += (size_t)snprintf(buf + n, size - n, " %d ", rank + 1);
        for (int file = 0; file < 8 && n < size; file++)
            n += (size_t)snprintf(buf + n, size - n, " %c", square_char(p, rank * 8 + file, '.'));
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "\n");
    }
    if (n < size)
        snprintf(buf + n, size - n, "    a b c d e f g h\n");
}

static void dg_move_to_str(const void *vp, Move m, char *buf)
{
    (void)vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    snprintf(buf, MOVE_STR_MAX, "%c%d%c%d", 'a' + from % 8, from / 8 + 1, 'a' + to % 8,
             to / 8 + 1);
}

/* Origin and destination name a move completely (see the header), so the string maps to
 * one candidate, which must then be among the legal moves. */
static Move dg_parse_move(const void *vp, const char *s)
{
    const DgPos *p = vp;
    if (strlen(s) != 4)
        return MOVE_NONE;
    int ff = s[0] - 'a', fr = s[1] - '1', tf = s[2] - 'a', tr = s[3] - '1';
    if (ff < 0 || ff > 7 || fr < 0 || fr > 7 || tf < 0 || tf > 7 || tr < 0 || tr > 7)
        return MOVE_NONE;
    Move want = dg_move_make(fr * 8 + ff, tr * 8 + tf), moves[MAX_MOVES];
    int n = dg_gen_moves(p, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == want)
            return want;
    return MOVE_NONE;
}

static uint32_t dg_move_index(const void *vp, Move m)
{
    (void)vp;
    return (uint32_t)(m & 4095);
}

enum {
    DG_ORDER_WIN = 1000,    /* a move through the gate ends the game */
    DG_ORDER_CAPTURE = 100, /* plus the victim's advance: the nearest threat goes first */
};

static int dg_noisy_order(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    if (bit(to) & dg_goal_row(p->side))
        return DG_ORDER_WIN;
    if (is_withdrawal(p->side, from, to))
        return DG_ORDER_CAPTURE + dg_rel_rank(2 * from - to, !p->side);
    return 0;
}

/* The opponent can pass the gate with its next move unless this move stops it. */
static bool dg_threat(const void *vp)
{
    const DgPos *p = vp;
    int them = !p->side;
    return dg_goal_reach(p->dragons[them], p->dragons[p->side], them) != 0;
}

/* Opening, middle game and endgame positions from games between shallow searches. */
static const char *const dg_bench[] = {
    "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
    "dddddddd/ddddd1dd/6d1/8/3D4/3D4/DDD1DDDD/DDD1DDDD b 0 2",
    "1dddd1dd/dddddddd/d4d2/4D3/8/3D4/DDD1DDDD/DDDDD1DD b 0 3",
    "dddddddd/dddd4/3D2d1/2D2d2/5d2/8/DDD1DDD1/DDD1DDDD w 0 7",
    "1dddd2d/1ddddddd/4D1d1/8/3D4/1dDD4/DDd2DDD/DDDDD1DD w 0 9",
    "dd1ddddd/ddddD3/3Dd3/8/4dd2/2D5/DDDDDDD1/1DD2DDD b 0 11",
    "4dddd/d1ddd1dd/5d2/2d2D2/1d6/1D6/DDD1DDDD/D2D1DDD w 0 12",
    "1d2d2d/1dddd1dd/d7/2DD2d1/D3d3/1dDD2DD/1Dd2DDD/DDDDD3 b 0 14",
    "dd4dd/ddddd3/4dd2/DD3dd1/8/3DD1D1/D1D2D2/DDDD2DD w 0 13",
    "7d/d2d1ddd/2d5/1dd1dDD1/1d6/5D1D/DDD1D1DD/D2D4 w 0 22",
    "d5d1/1d1dddd1/d7/Dd3ddD/d2D4/1D1D1D2/D2D3D/2D1DD2 b 0 23",
    "7d/5dd1/1dd4d/1d2dDDD/ddd4D/4DDD1/DDDD4/D7 w 0 27",
    "8/1d3d2/3d1d2/3dd1dd/DD1D2d1/1D2D1DD/4D1DD/8 b 0 36",
    "8/6d1/dd1d1d2/8/DDDDDddd/8/3D1D1D/8 w 0 41",
    "8/d7/2ddddd1/3dd3/2d2DDD/D3D3/2D5/8 w 0 42",
    NULL,
};

/* The rules file's table (depths 1-4). */
static const uint64_t dg_perft_reference[] = {42, 1764, 71316, 2883204, 0};

const Game dragonsgate_game = {
    .name = "dragonsgate",
    .side_names = {"white", "black"},
    .files = 8,
    .ranks = 8,
    .pos_size = sizeof(DgPos),
    .start_fen = "dddddddd/dddddddd/8/8/8/8/DDDDDDDD/DDDDDDDD w 0 1",
    .init = dg_init,
    .fen_read = dg_fen_read,
    .fen_write = dg_fen_write,
    .display = dg_display,
    .gen_moves = dg_gen_moves,
    .gen_noisy = dg_gen_noisy,
    .gen_quiet = dg_gen_quiet,
    .is_noisy = dg_is_noisy,
    .has_legal_move = dg_has_legal_move,
    .move_is_legal = dg_move_is_legal,
    .move_is_legal_cheap = true,
    .max_moves = DG_MAX_MOVES,
    .make_move = dg_make_move,
    .make_null = dg_make_null,
    .perft = dg_perft,
    .move_to_str = dg_move_to_str,
    .parse_move = dg_parse_move,
    .key = dg_key,
    .key_from_scratch = dg_key_from_scratch,
    .side_to_move = dg_side,
    .halfmove_clock = dg_halfmove,
    .result = dg_result,
    .no_moves_result = RESULT_LOSS,
    .evaluate = dragonsgate_evaluate,
    .eval_terms = dragonsgate_eval_terms,
    .move_index_count = 4096,
    .move_index = dg_move_index,
    .noisy_order = dg_noisy_order,
    .threat = dg_threat,
    .params = {
        /* Contact is mutual (a Dragon in front of an enemy is also in front of it from the
         * enemy's side) and the player to move takes first, so fronts stall and the side
         * that runs out of spare moves must step into a capture: zugzwang is the rule in
         * the middle game, and a null move would hide it. */
        .null_move = false,
        /* The evaluation is mostly material and advance, and win threats are noisy moves
         * or extended, so margins near the leaves hold as in Breakthrough. */
        .reverse_futility = true,
        .futility = true,
        /* About forty moves a position, most of them quiet advances: reductions and late
         * move pruning are where the depth comes from. */
        .late_move_reductions = true,
        .late_move_pruning = true,
        /* Withdrawal is optional: a player may always step or fly instead. */
        .noisy_forced = false,
        /* A Dragon one move from the gate wins next turn unless blocked or answered by a
         * faster win; such positions must be searched a ply further. */
        .threat_extension = true,
        .margin_unit = DG_DRAGON_VALUE,
    },
    .bench_fens = dg_bench,
    .bench_depth = 9,
    .perft_reference = dg_perft_reference,
};
