/*
 * Three Dragons position (rules for players: docs/rules/threedragons.md), shared by the
 * three games threedragons, threedragons-strength and threedragons-dragons.
 *
 * Squares: a1 = 0, b1 = 1, ..., i9 = 80 (sq = 9 * rank + file), bits 0-80 of a Bb128.
 * Mountains a1 i1 a9 i9 and caves c5 e5 g5 are fixed masks, never stored: a square of
 * MOUNTAINS never holds a piece, a square of CAVES holds one only while a tamed dragon
 * stands on it (that piece is simply in men[] like any other).
 *
 * TdPos:
 *   men[2]       pieces by player (P1 white, P2 black), dragons on their caves included;
 *   strength[6]  strength[s - 1] = pieces of strength s, both players (colour comes from
 *                men); all zero in the base game, otherwise a partition of men[0] | men[1];
 *   key          Zobrist key of men, strength, tamed caves, side and variant;
 *   halfmove     plies since the last capture; fullmove starts at 1;
 *   side         P1 or P2 to move;
 *   tamed        bit c (TD_CAVE_C/E/G) set once cave c has given its dragon;
 *   variant      TD_BASE, TD_STRENGTH or TD_DRAGONS (fixed by the game that read the FEN).
 *
 * A dragon that has left its cave is an ordinary piece: every piece is barred from every
 * cave, so nothing in the state needs to remember it (see docs/threedragons.md).
 *
 * Move: from | to << 7 | (victim + 1) << 14, victim being the square taken by a strength
 * capture (0 in that field for the plain move). from != to, so a move is never 0.
 */
#pragma once

#include "core/bitboard.h"
#include "core/game.h"

enum { TD_FILES = 9, TD_RANKS = 9, TD_SQUARES = 81, TD_MAX_STRENGTH = 6 };
/* A move is its destination, the direction it arrives from and either the plain landing or
 * one of the three other neighbours taken: 81 * 4 * 4 bounds every list. */
enum { TD_MAX_MOVES = TD_SQUARES * 4 * 4 };
enum { TD_BASE = 0, TD_STRENGTH = 1, TD_DRAGONS = 2 };
enum { TD_NORTH = 0, TD_EAST = 1, TD_SOUTH = 2, TD_WEST = 3, TD_DIRS = 4 };
enum { TD_CAVE_C = 0, TD_CAVE_E = 1, TD_CAVE_G = 2, TD_CAVE_COUNT = 3 };
enum { TD_START_MEN = 11 }; /* pieces per side at the start */

typedef struct TdPos {
    Bb128 men[2];
    Bb128 strength[TD_MAX_STRENGTH];
    uint64_t key;
    int32_t halfmove;
    int32_t fullmove;
    uint8_t side;
    uint8_t tamed;
    uint8_t variant;
} TdPos;

#define TD_BOARD (((Bb128)1 << 81) - 1)
/* a1, a2, ..., a9 */
#define TD_FILE_A_BB ((Bb128)0x8040201008040201ULL | ((Bb128)0x100ULL << 64))
#define TD_FILE_I_BB (TD_FILE_A_BB << 8)
#define TD_MOUNTAINS (bb128_bit(0) | bb128_bit(8) | bb128_bit(72) | bb128_bit(80))
#define TD_CAVES (bb128_bit(38) | bb128_bit(40) | bb128_bit(42))

static inline int td_square(int file, int rank) { return rank * TD_FILES + file; }
static inline int td_file(int sq) { return sq % TD_FILES; }
static inline int td_rank(int sq) { return sq / TD_FILES; }

/* The cave squares c5, e5, g5 and their dragons' strengths. */
static inline int td_cave_square(int cave) { return 38 + 2 * cave; }
static inline int td_dragon_strength(int cave) { return cave == TD_CAVE_E ? 5 : 3; }

/* Moves every bit one square in direction `dir`, dropping what leaves the board. */
static inline Bb128 td_shift(Bb128 b, int dir)
{
    switch (dir) {
    case TD_NORTH:
        return (b << TD_FILES) & TD_BOARD;
    case TD_EAST:
        return (b & ~TD_FILE_I_BB) << 1;
    case TD_SOUTH:
        return b >> TD_FILES;
    default:
        return (b & ~TD_FILE_A_BB) >> 1;
    }
}

static inline int td_opposite(int dir) { return dir ^ 2; }
static inline int td_delta(int dir)
{
    static const int delta[TD_DIRS] = {TD_FILES, 1, -TD_FILES, -1};
    return delta[dir];
}

static inline Bb128 td_neighbours(Bb128 b)
{
    return td_shift(b, TD_NORTH) | td_shift(b, TD_EAST) | td_shift(b, TD_SOUTH) |
           td_shift(b, TD_WEST);
}

static inline int td_move_from(Move m) { return (int)(m & 127); }
static inline int td_move_to(Move m) { return (int)((m >> 7) & 127); }
/* The square a strength capture takes, or -1 for the plain move. */
static inline int td_move_victim(Move m) { return (int)((m >> 14) & 127) - 1; }
static inline Move td_move_make(int from, int to, int victim)
{
    return (Move)from | (Move)to << 7 | (Move)(victim + 1) << 14;
}

static inline bool td_has_strength(const TdPos *p) { return p->variant != TD_BASE; }

/* Squares no piece may enter or cross. */
static inline Bb128 td_blockers(const TdPos *p)
{
    return p->men[P1] | p->men[P2] | TD_MOUNTAINS | TD_CAVES;
}

/* Custodial partners of `player`: own pieces, mountains and empty caves. */
static inline Bb128 td_partners(const TdPos *p, int player)
{
    return p->men[player] | TD_MOUNTAINS | (TD_CAVES & ~(p->men[P1] | p->men[P2]));
}

/* Landing squares t of `player` from which the enemy piece at t + dir is taken
 * custodially (its far side t + 2 dir is a partner). */
static inline Bb128 td_custodial_landings(const TdPos *p, int player, int dir)
{
    int back = td_opposite(dir);
    return td_shift(p->men[!player] & td_shift(td_partners(p, player), back), back);
}

/* Pieces of strength below `s` (s in 1..7; 7 means every strength). */
static inline Bb128 td_weaker_than(const TdPos *p, int s)
{
    Bb128 b = 0;
    for (int i = 0; i < s - 1 && i < TD_MAX_STRENGTH; i++)
        b |= p->strength[i];
    return b;
}

/* Strength of the piece on `sq` (1..6), or 0 in the base game. */
static inline int td_strength_at(const TdPos *p, int sq)
{
    Bb128 bit = bb128_bit(sq);
    for (int i = 0; i < TD_MAX_STRENGTH; i++)
        if (p->strength[i] & bit)
            return i + 1;
    return 0;
}

/* Every square one of `pieces` could reach by a rook move through `empty`. */
static inline Bb128 td_rook_reach(Bb128 pieces, Bb128 empty)
{
    Bb128 reach = 0;
    for (int dir = 0; dir < TD_DIRS; dir++)
        for (Bb128 x = td_shift(pieces, dir) & empty; x; x = td_shift(x, dir) & empty)
            reach |= x;
    return reach;
}

/* Number of rook moves of `pieces` through `empty`. */
static inline int td_rook_move_count(Bb128 pieces, Bb128 empty)
{
    int n = 0;
    for (int dir = 0; dir < TD_DIRS; dir++)
        for (Bb128 x = td_shift(pieces, dir) & empty; x; x = td_shift(x, dir) & empty)
            n += bb128_popcount(x);
    return n;
}

/* Neighbour squares of each cave (the four that tame it). */
Bb128 td_cave_neighbours(int cave);

Result td_result(const void *pos);
int td_gen_moves(const void *pos, Move *moves);
int td_gen_noisy(const void *pos, Move *moves);
bool td_is_noisy(const void *pos, Move move);
void td_make_move(const void *pos, Move move, void *out);
void td_make_null(const void *pos, void *out);
/* The number of legal moves, counted per landing square (perft's last ply). */
uint64_t td_count_moves(const void *pos);
uint64_t td_key(const void *pos);
uint64_t td_key_from_scratch(const void *pos);
int td_side_to_move(const void *pos);
int td_halfmove_clock(const void *pos);
void td_init(void);
bool td_threat(const void *pos);
uint32_t td_move_index(const void *pos, Move move);
int td_noisy_order(const void *pos, Move move);

/* FEN, display and notation (fen.c); fen_read takes the variant it reads for. */
bool td_fen_read(TdPos *p, int variant, const char *fen, char *err, size_t err_size);
void td_fen_write(const void *pos, char *buf, size_t size);
void td_display(const void *pos, char *buf, size_t size);
int td_gen_quiet(const void *vp, Move *moves);
bool td_has_legal_move(const void *vp);
bool td_move_is_legal(const void *vp, Move m);
void td_move_to_str(const void *pos, Move move, char *buf);
Move td_parse_move(const void *pos, const char *str);

/* For people and GUIs (describe.c). */
extern const struct GameDescription threedragons_description, threedragons_strength_description,
    threedragons_dragons_description;
