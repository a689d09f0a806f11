/*
 * Dragon's Gate: move generation, make, FEN, notation and result (the rules; the Game
 * table is games/dragonsgate.c).
 *
 * Generation is nine shift-and-mask expressions per side (step, fly and withdrawal in each
 * of the three forward directions); perft counts the last ply with popcounts instead of
 * generating it.
 */
#include "movegen/dragonsgate/dragonsgate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

static uint64_t zobrist_dragons[2][64];
static uint64_t zobrist_side;

Bb64 dg_front_cone[2][64];

void dg_init(void)
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

/* Over when the player who just moved stands on its goal row, or the side to move has no
 * Dragon left (the one way the no-move loss is cheap to see). */
Result dg_result(const void *vp)
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

int dg_gen_moves(const void *vp, Move *moves) { return gen_filtered(vp, moves, true, ~0ULL); }

/* Noisy: every withdrawal (it captures) and every move onto the goal row (it wins). */
int dg_gen_noisy(const void *vp, Move *moves)
{
    const DgPos *p = vp;
    return gen_filtered(p, moves, true, dg_goal_row(p->side));
}

int dg_gen_quiet(const void *vp, Move *moves)
{
    const DgPos *p = vp;
    return gen_filtered(p, moves, false, ~dg_goal_row(p->side));
}

bool dg_has_legal_move(const void *vp)
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
bool dg_move_is_legal(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    if (m != dg_move_make(from, to) || !(p->dragons[p->side] & b8_bit(from)) ||
        dg_result(p) != RESULT_NONE)
        return false;
    DgTargets t = targets_of(p);
    for (int i = 0; i < DG_DIRS; i++) {
        int d = dg_delta(dg_forward(p->side, i));
        Bb64 set = to - from == -d      ? t.take[i]
                   : to - from == 2 * d ? t.fly[i]
                   : to - from == d     ? t.step[i]
                                        : 0;
        if (set & b8_bit(to))
            return true;
    }
    return false;
}

static bool is_withdrawal(int side, int from, int to) { return side == P1 ? to < from : to > from; }

bool dg_is_noisy(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    return is_withdrawal(p->side, from, to) || (b8_bit(to) & dg_goal_row(p->side));
}

void dg_make_move(const void *vp, Move m, void *out)
{
    const DgPos *p = vp;
    DgPos *q = out;
    int us = p->side, them = !us, from = dg_move_from(m), to = dg_move_to(m);
    *q = *p;
    q->dragons[us] ^= b8_bit(from) | b8_bit(to);
    q->key ^= zobrist_dragons[us][from] ^ zobrist_dragons[us][to] ^ zobrist_side;
    if (is_withdrawal(us, from, to)) {
        int victim = 2 * from - to;
        q->dragons[them] ^= b8_bit(victim);
        q->key ^= zobrist_dragons[them][victim];
    }
    q->side = them;
    q->halfmove = 0;
    q->fullmove += us == P2;
}

void dg_make_null(const void *vp, void *out)
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
static inline __attribute__((always_inline)) uint64_t count_moves(Bb64 own, Bb64 enemy, int player)
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
static inline __attribute__((always_inline)) uint64_t perft_child(Bb64 own, Bb64 enemy, int player,
                                                                  int depth)
{
    if (depth == 1)
        return count_moves(own, enemy, player);
    return player == P1 ? perft_south(own, enemy, depth) : perft_north(own, enemy, depth);
}

/* One child per move of forward direction i, each searched to depth - 1 (depth >= 2). */
static inline __attribute__((always_inline)) uint64_t perft_dir(Bb64 own, Bb64 enemy, int player,
                                                                int i, int depth)
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
        total += perft_child(enemy, own ^ b8_bit(to) ^ b8_bit(to - d), them, depth - 1);
    }
    while (fly) {
        int to = bb64_pop_lsb(&fly);
        total += perft_child(enemy, own ^ b8_bit(to) ^ b8_bit(to - 2 * d), them, depth - 1);
    }
    while (take) {
        int to = bb64_pop_lsb(&take);
        total += perft_child(enemy ^ b8_bit(to + 2 * d), own ^ b8_bit(to) ^ b8_bit(to + d), them,
                             depth - 1);
    }
    return total;
}

static inline __attribute__((always_inline)) uint64_t perft_body(Bb64 own, Bb64 enemy, int player,
                                                                 int depth)
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

uint64_t dg_perft(const void *vp, int depth)
{
    const DgPos *p = vp;
    if (depth <= 0)
        return 1;
    Bb64 own = p->dragons[p->side], enemy = p->dragons[!p->side];
    return p->side == P1 ? perft_south(own, enemy, depth) : perft_north(own, enemy, depth);
}

uint64_t dg_key_from_scratch(const void *vp)
{
    const DgPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->dragons[pl]; b;)
            key ^= zobrist_dragons[pl][bb64_pop_lsb(&b)];
    return key;
}

uint64_t dg_key(const void *vp) { return ((const DgPos *)vp)->key; }
int dg_side(const void *vp) { return ((const DgPos *)vp)->side; }
int dg_halfmove(const void *vp) { return ((const DgPos *)vp)->halfmove; }

/* FEN letters: D a South Dragon, d a North one. */
static bool dg_place(void *vp, int sq, char letter)
{
    return b8_man_place(((DgPos *)vp)->dragons, "Dd", sq, letter);
}

static char dg_letter_at(const void *vp, int sq)
{
    return b8_man_letter(((const DgPos *)vp)->dragons, "Dd", sq);
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

bool dg_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    DgPos *p = vp;
    memset(p, 0, sizeof *p);
    if (!b8_fen_read(p, fen, dg_place, &p->side, &p->halfmove, &p->fullmove, err, err_size))
        return false;
    if (!check_reachable(p, err, err_size))
        return false;
    p->key = dg_key_from_scratch(p);
    return true;
}

void dg_fen_write(const void *vp, char *buf, size_t size)
{
    const DgPos *p = vp;
    b8_fen_write(p, dg_letter_at, p->side, p->halfmove, p->fullmove, buf, size);
}

void dg_display(const void *pos, char *buf, size_t size)
{
    b8_board_draw(pos, dg_letter_at, buf, size);
}

/* Origin and destination name a move completely (see the header), so the string maps to
 * one candidate, which must then be among the legal moves. */
Move dg_parse_move(const void *vp, const char *s)
{
    const DgPos *p = vp;
    int from, to;
    if (!b8_from_to_read(s, &from, &to))
        return MOVE_NONE;
    Move want = dg_move_make(from, to);
    return game_move_in_list(p, want, dg_gen_moves) ? want : MOVE_NONE;
}

enum {
    DG_ORDER_WIN = 1000,    /* a move through the gate ends the game */
    DG_ORDER_CAPTURE = 100, /* plus the victim's advance: the nearest threat goes first */
};

int dg_noisy_order(const void *vp, Move m)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    if (b8_bit(to) & dg_goal_row(p->side))
        return DG_ORDER_WIN;
    if (is_withdrawal(p->side, from, to))
        return DG_ORDER_CAPTURE + dg_rel_rank(2 * from - to, !p->side);
    return 0;
}

/* The opponent can pass the gate with its next move unless this move stops it. */
bool dg_threat(const void *vp)
{
    const DgPos *p = vp;
    int them = !p->side;
    return dg_goal_reach(p->dragons[them], p->dragons[p->side], them) != 0;
}
