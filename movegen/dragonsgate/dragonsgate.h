/*
 * Dragon's Gate position (rules for players: docs/rules/dragonsgate.md).
 *
 * Squares as in core/board8.h (a1 = 0, ..., h8 = 63). South (P1, `w`, `D`)
 * moves up, North (P2, `b`, `d`) moves down. A position is the two players' Dragons as
 * bitboards, the Zobrist key, the side to move and the two move counters.
 *
 * A move is from | to << 6 (bits 0-5 origin, 6-11 destination; from != to, so never 0).
 * Origin and destination alone identify every legal move: a step changes the rank by one
 * forward, a fly by two forward, a withdrawal by one backward, so the kind and direction
 * follow from the squares, and the Dragon taken by a withdrawal stands on 2 * from - to.
 *
 * Directions: each player has three forward directions (straight, toward file a, toward
 * file h); a withdrawal goes the opposite way of the forward direction in which its victim
 * stands.
 */
#pragma once

#include "core/bitboard.h"
#include "core/board8.h"
#include "core/game.h"

typedef struct DgPos {
    Bb64 dragons[2]; /* by player: P1 South, P2 North */
    uint64_t key;
    int32_t side;
    int32_t halfmove; /* every move is irreversible, so only null moves raise it */
    int32_t fullmove;
} DgPos;

enum {
    DG_MAX_DRAGONS = 16,
    DG_DIRS = 3,
    /* a move is an origin and one of three kinds (step, fly, withdrawal) in one of three
     * directions: 64 * 9 bounds every list, whatever a FEN holds */
    DG_MAX_MOVES = 64 * 3 * DG_DIRS,
};

/* Compass directions on the board (north = toward rank 8). */
typedef enum { DG_N, DG_NW, DG_NE, DG_S, DG_SE, DG_SW } DgDir;

static inline int dg_move_from(Move m) { return (int)(m & 63); }
static inline int dg_move_to(Move m) { return (int)((m >> 6) & 63); }
static inline Move dg_move_make(int from, int to) { return (Move)from | (Move)to << 6; }

/* The row a player wins by reaching: the enemy's home row. */
static inline Bb64 dg_goal_row(int player) { return player == P1 ? B8_RANK_8_BB : B8_RANK_1_BB; }

/* Ranks counted from the player's own home row (0) to its goal row (7). */
static inline int dg_rel_rank(int sq, int player) { return player == P1 ? sq / 8 : 7 - sq / 8; }

/* The i-th forward direction of a player (0 straight, 1 toward file a, 2 toward file h). */
static inline DgDir dg_forward(int player, int i)
{
    return player == P1 ? (DgDir)(DG_N + i) : (DgDir)(DG_S + i);
}

static inline DgDir dg_opposite(DgDir d) { return (DgDir)(d < DG_S ? d + 3 : d - 3); }

/* Square-number change of one step in direction d. */
static inline int dg_delta(DgDir d)
{
    static const int delta[6] = {8, 7, 9, -8, -7, -9};
    return delta[d];
}

/* Every bit moved one square in direction d; bits leaving the board are dropped. */
static inline Bb64 dg_shift(Bb64 b, DgDir d)
{
    switch (d) {
    case DG_N:
        return b << 8;
    case DG_NW:
        return (b & ~B8_FILE_A_BB) << 7;
    case DG_NE:
        return (b & ~B8_FILE_H_BB) << 9;
    case DG_S:
        return b >> 8;
    case DG_SE:
        return (b & ~B8_FILE_H_BB) >> 7;
    default:
        return (b & ~B8_FILE_A_BB) >> 9;
    }
}

/* Destinations of every move of `player`, by kind and forward direction i (see the
 * layout above for how an origin follows from its destination). */
typedef struct DgTargets {
    Bb64 step[DG_DIRS]; /* one square in forward direction i */
    Bb64 fly[DG_DIRS];  /* two squares in forward direction i, over a friendly Dragon */
    Bb64 take[DG_DIRS]; /* one square back, taking the enemy in forward direction i */
} DgTargets;

static inline DgTargets dg_targets(Bb64 own, Bb64 enemy, int player)
{
    Bb64 empty = ~(own | enemy);
    DgTargets t;
    for (int i = 0; i < DG_DIRS; i++) {
        DgDir fwd = dg_forward(player, i), back = dg_opposite(fwd);
        t.step[i] = dg_shift(own, fwd) & empty;
        t.fly[i] = dg_shift(dg_shift(own, fwd) & own, fwd) & empty;
        t.take[i] = dg_shift(own & dg_shift(enemy, back), back) & empty;
    }
    return t;
}

/* Enemy Dragons that `player` could take by withdrawal if it were to move. */
static inline Bb64 dg_capturable(Bb64 own, Bb64 enemy, int player)
{
    Bb64 empty = ~(own | enemy), victims = 0;
    for (int i = 0; i < DG_DIRS; i++) {
        DgDir fwd = dg_forward(player, i);
        victims |= dg_shift(own & dg_shift(empty, fwd), fwd) & enemy;
    }
    return victims;
}

/* Goal-row squares `player` could reach with its next move (steps and flies). */
static inline Bb64 dg_goal_reach(Bb64 own, Bb64 enemy, int player)
{
    Bb64 empty = ~(own | enemy), reach = 0;
    for (int i = 0; i < DG_DIRS; i++) {
        DgDir fwd = dg_forward(player, i);
        reach |= dg_shift(own, fwd) | dg_shift(dg_shift(own, fwd) & own, fwd);
    }
    return reach & empty & dg_goal_row(player);
}

/* Cone in front of a square for a player: the squares ahead whose file is no farther from
 * it than their rank is (filled in by the game's init). */
extern Bb64 dg_front_cone[2][64];

/* The rules as the Game table (games/dragonsgate.c) uses them. */
void dg_init(void);
bool dg_fen_read(void *pos, const char *fen, char *err, size_t err_size);
void dg_fen_write(const void *pos, char *buf, size_t size);
void dg_display(const void *pos, char *buf, size_t size);
int dg_gen_moves(const void *pos, Move *moves);
int dg_gen_noisy(const void *pos, Move *moves);
int dg_gen_quiet(const void *pos, Move *moves);
bool dg_has_legal_move(const void *pos);
bool dg_move_is_legal(const void *pos, Move m);
bool dg_is_noisy(const void *pos, Move m);
void dg_make_move(const void *pos, Move m, void *out);
void dg_make_null(const void *pos, void *out);
uint64_t dg_perft(const void *pos, int depth);
Move dg_parse_move(const void *pos, const char *s);
uint64_t dg_key(const void *pos);
uint64_t dg_key_from_scratch(const void *pos);
int dg_side(const void *pos);
int dg_halfmove(const void *pos);
Result dg_result(const void *pos);
int dg_noisy_order(const void *pos, Move m);
bool dg_threat(const void *pos);

extern const struct GameDescription dragonsgate_description;
