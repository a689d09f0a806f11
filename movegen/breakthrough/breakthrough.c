/*
 * Breakthrough: move generation, make, FEN, notation and result (the rules; the Game table
 * is games/breakthrough.c).
 *
 * Generation is three shifts per side (straight, two diagonals); perft counts the last
 * ply with popcounts instead of generating it.
 */
#include "movegen/breakthrough/breakthrough.h"

#include <stdio.h>
#include <string.h>

#include "core/rng.h"

static uint64_t zobrist_men[2][64];
static uint64_t zobrist_side;

void bt_init(void)
{
    uint64_t seed = 0xB7EA11C0FFEEULL;
    for (int p = 0; p < 2; p++)
        for (int sq = 0; sq < 64; sq++)
            zobrist_men[p][sq] = rng_next(&seed);
    zobrist_side = rng_next(&seed);
}

static Bb64 goal_row(int player) { return player == P1 ? B8_RANK_8_BB : B8_RANK_1_BB; }

/* The squares where a move is tactical even without a capture: the last step before the
 * goal, from which a man threatens to win at once, and the goal row. (Steps onto the rank
 * before are left to the main search: in quiescence they multiplied the nodes, and the
 * eval already sees a man there that nothing can stop.) */
static Bb64 attack_zone(int player)
{
    return player == P1 ? B8_RANK_7_BB | B8_RANK_8_BB : B8_RANK_2_BB | B8_RANK_1_BB;
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
    t.left = shift_forward(own & ~B8_FILE_A_BB, us) >> 1 & ~own;
    t.right = shift_forward(own & ~B8_FILE_H_BB, us) << 1 & ~own;
    return t;
}

Result bt_result(const void *vp)
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

int bt_gen_moves(const void *vp, Move *moves) { return generate(vp, moves, GEN_ALL); }
int bt_gen_noisy(const void *vp, Move *moves) { return generate(vp, moves, GEN_NOISY); }
int bt_gen_quiet(const void *vp, Move *moves) { return generate(vp, moves, GEN_QUIET); }

bool bt_has_legal_move(const void *vp)
{
    const BtPos *p = vp;
    BtTargets t = targets(p);
    return bt_result(p) == RESULT_NONE && (t.straight | t.left | t.right);
}

/* A move is the pair of squares; it is legal when the origin holds a man of the side to
 * move and the destination is among that kind of step's targets. */
bool bt_move_is_legal(const void *vp, Move m)
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

bool bt_is_noisy(const void *vp, Move m)
{
    const BtPos *p = vp;
    return (noisy_squares(p) >> bt_move_to(m) & 1) != 0;
}

void bt_make_move(const void *vp, Move m, void *out)
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

void bt_make_null(const void *vp, void *out)
{
    const BtPos *p = vp;
    BtPos *q = out;
    *q = *p;
    q->side = !p->side;
    q->key ^= zobrist_side;
    q->halfmove++;
    q->fullmove += p->side == P2;
}

uint64_t bt_count_moves(const void *vp)
{
    const BtPos *p = vp;
    if (bt_result(p) != RESULT_NONE)
        return 0;
    BtTargets t = targets(p);
    return (uint64_t)(bb64_popcount(t.straight) + bb64_popcount(t.left) + bb64_popcount(t.right));
}

uint64_t bt_key_from_scratch(const void *vp)
{
    const BtPos *p = vp;
    uint64_t key = p->side == P2 ? zobrist_side : 0;
    for (int pl = 0; pl < 2; pl++)
        for (Bb64 b = p->men[pl]; b;)
            key ^= zobrist_men[pl][bb64_pop_lsb(&b)];
    return key;
}

uint64_t bt_key(const void *vp) { return ((const BtPos *)vp)->key; }
int bt_side(const void *vp) { return ((const BtPos *)vp)->side; }
int bt_halfmove(const void *vp) { return ((const BtPos *)vp)->halfmove; }

/* FEN letters: P a white man, p a black one. */
static bool bt_place(void *vp, int sq, char letter)
{
    return b8_man_place(((BtPos *)vp)->men, "Pp", sq, letter);
}

static char bt_letter_at(const void *vp, int sq)
{
    return b8_man_letter(((const BtPos *)vp)->men, "Pp", sq);
}

bool bt_fen_read(void *vp, const char *fen, char *err, size_t err_size)
{
    BtPos *p = vp;
    memset(p, 0, sizeof *p);
    if (!b8_fen_read(p, fen, bt_place, &p->side, &p->halfmove, &p->fullmove, err, err_size))
        return false;
    bool white_won = (p->men[P1] & B8_RANK_8_BB) || !p->men[P2];
    bool black_won = (p->men[P2] & B8_RANK_1_BB) || !p->men[P1];
    if (white_won && black_won) {
        snprintf(err, err_size, "both sides have already won");
        return false;
    }
    p->key = bt_key_from_scratch(p);
    return true;
}

void bt_fen_write(const void *vp, char *buf, size_t size)
{
    const BtPos *p = vp;
    b8_fen_write(p, bt_letter_at, p->side, p->halfmove, p->fullmove, buf, size);
}

void bt_display(const void *pos, char *buf, size_t size)
{
    b8_board_draw(pos, bt_letter_at, buf, size);
}

Move bt_parse_move(const void *vp, const char *s)
{
    const BtPos *p = vp;
    int from, to;
    if (!b8_from_to_read(s, &from, &to))
        return MOVE_NONE;
    Move want = bt_move_make(from, to);
    return game_move_in_list(p, want, bt_gen_moves) ? want : MOVE_NONE;
}

/* Noisy move order: a step onto the goal row wins, so it comes first; then captures, the
 * victim nearest its own goal first (its advance is how far the capture square lies from
 * ours). */
enum {
    BT_ORDER_GOAL = 1000,   /* above any capture */
    BT_ORDER_CAPTURE = 100, /* plus the victim's advance, 0 to BT_LAST_RANK */
    BT_LAST_RANK = B8_RANKS - 1,
};

int bt_noisy_order(const void *vp, Move m)
{
    const BtPos *p = vp;
    int to = bt_move_to(m);
    int advance = p->side == P1 ? b8_rank(to) : BT_LAST_RANK - b8_rank(to);
    bool capture = (p->men[!p->side] >> to) & 1;
    return (advance == BT_LAST_RANK ? BT_ORDER_GOAL : 0) +
           (capture ? BT_ORDER_CAPTURE + (BT_LAST_RANK - advance) : 0);
}

/* The opponent has a man one step from its goal row: it wins next move unless answered. */
bool bt_threat(const void *vp)
{
    const BtPos *p = vp;
    int them = !p->side;
    Bb64 last = them == P1 ? B8_RANK_7_BB : B8_RANK_2_BB;
    return (p->men[them] & last) != 0;
}
