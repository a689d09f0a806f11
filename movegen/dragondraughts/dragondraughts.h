/*
 * Dragon-draughts, i.e. Turkish draughts (rules as implemented: docs/dragondraughts.md).
 *
 * Squares as in core/board8.h (a1 = 0, ..., h8 = 63). White (P1) moves up.
 * pieces[side] holds every piece of a side; `kings` holds the Daimyos of both sides, so a
 * side's men are pieces[side] & ~kings.
 *
 * Move layout (bits of the 64-bit Move):
 *   0-5    origin square
 *   6-11   final square
 *   12-27  the captured pieces, as a mask over the opponent's pieces in square order
 *          (bit 12 + i: the opponent's i-th lowest-numbered piece before the move)
 * Origin and final square are explicit because a Daimyo may end its capture on a square
 * it emptied earlier in the same move, or on its own origin: neither is "the one empty
 * square" of the position, and several such moves can share origin and captured set. The
 * captured set is relative to the position (at most DD_MAX_PIECES opponents, so 16 bits),
 * so a move is read with the position it belongs to. Two paths with the same origin, final
 * square and captured set are one move by the rules and give the same value, so
 * deduplication is an integer comparison. A quiet move has different origin and final
 * squares and a capture a non-empty mask, so a move is never 0.
 */
#pragma once

#include "core/bitboard.h"
#include "core/board8.h"
#include "core/game.h"

typedef struct DdPos {
    Bb64 pieces[2]; /* by player: P1 white, P2 black */
    Bb64 kings;     /* Daimyos of both players */
    uint64_t key;
    int side;
    int halfmove; /* plies since the last capture or man move (the no-progress rule) */
    /* Plies since the last capture or forward man move: a man's sideways step can be
     * stepped back, so repetitions reach past it (the halfmove clock does not). */
    int reversible;
    int fullmove;
} DdPos;

/* Directions; the opposite of d is d ^ 1. */
enum { DD_UP = 0, DD_DOWN = 1, DD_LEFT = 2, DD_RIGHT = 3, DD_DIRS = 4 };

enum {
    DD_MAX_PIECES = 16, /* per side: the start position's count, which never grows */
    /* a capture takes at most every enemy piece: origin plus one landing per capture */
    DD_MAX_PATH = DD_MAX_PIECES + 1,
};

/* The board's edges under the draughts code's own names (values from core/board8.h). */
#define DD_FILE_A_BB B8_FILE_A_BB
#define DD_FILE_H_BB B8_FILE_H_BB
#define DD_RANK_1_BB B8_RANK_1_BB
#define DD_RANK_2_BB B8_RANK_2_BB
#define DD_RANK_7_BB B8_RANK_7_BB
#define DD_RANK_8_BB B8_RANK_8_BB

static inline Bb64 dd_bit(int sq) { return b8_bit(sq); }

/* The rank where `player`'s men are promoted. */
static inline Bb64 dd_last_rank(int player) { return player == P1 ? DD_RANK_8_BB : DD_RANK_1_BB; }

/* Every square one step from `b` in `dir`, dropping steps off the board. */
static inline Bb64 dd_shift(Bb64 b, int dir)
{
    switch (dir) {
    case DD_UP:
        return b << 8;
    case DD_DOWN:
        return b >> 8;
    case DD_LEFT:
        return (b & ~DD_FILE_A_BB) >> 1;
    default:
        return (b & ~DD_FILE_H_BB) << 1;
    }
}

/* A man's forward direction. */
static inline int dd_forward(int player) { return player == P1 ? DD_UP : DD_DOWN; }

/* The three directions a man of `player` moves and captures in. */
static inline int dd_man_dir(int player, int i) { return i == 0 ? dd_forward(player) : i + 1; }

/* Men of `player` one step from promotion with the square ahead empty. */
static inline Bb64 dd_runners(const DdPos *p, int player)
{
    Bb64 men = p->pieces[player] & ~p->kings;
    Bb64 empty = ~(p->pieces[P1] | p->pieces[P2]);
    return men & dd_shift(dd_last_rank(player) & empty, dd_forward(player) ^ 1);
}

enum { DD_MOVE_TO_SHIFT = 6, DD_MOVE_CAPTURED_SHIFT = 12, DD_SQUARE_MASK = 63 };

/* Bit of `sq`'s piece in a captured mask: its rank among the opponent's pieces `enemy`. */
static inline unsigned dd_capture_bit(Bb64 enemy, int sq)
{
    return 1u << bb64_popcount(enemy & (dd_bit(sq) - 1));
}

static inline Move dd_move_make(int from, int to, unsigned captured_mask)
{
    return (Move)from | ((Move)to << DD_MOVE_TO_SHIFT) |
           ((Move)captured_mask << DD_MOVE_CAPTURED_SHIFT);
}

static inline int dd_move_from(Move m) { return (int)(m & DD_SQUARE_MASK); }

static inline int dd_move_to(Move m) { return (int)((m >> DD_MOVE_TO_SHIFT) & DD_SQUARE_MASK); }

static inline bool dd_move_is_capture(Move m) { return (m >> DD_MOVE_CAPTURED_SHIFT) != 0; }

/* The squares of the pieces `m` captures in `p`, the position it belongs to. */
static inline Bb64 dd_move_captured(const DdPos *p, Move m)
{
    Bb64 enemy = p->pieces[!p->side], captured = 0;
    for (Move mask = m >> DD_MOVE_CAPTURED_SHIFT; mask; mask >>= 1, enemy &= enemy - 1)
        if (mask & 1)
            captured |= enemy & -enemy;
    return captured;
}

/* movegen.c */
void dd_init_tables(void);
/* Squares a Daimyo on `sq` reaches along `dir` over empty squares, plus the first piece
 * (`occ`) in the way, if any. */
Bb64 dd_slide(int dir, int sq, Bb64 occ);
/* The legal moves (the most-capturing sequences when any capture exists); their count. */
int dd_gen_moves(const void *pos, Move *moves);
/* Only the captures (empty when none is possible): the game's noisy moves. */
int dd_gen_noisy(const void *pos, Move *moves);
/* The non-capturing moves, whether or not a capture is compulsory. */
int dd_gen_quiet_unforced(const DdPos *p, Move *moves);
/* Number of non-capturing moves `player`'s pieces have, whoever is to move. */
int dd_quiet_count(const DdPos *p, int player);
/* Whether `player`'s pieces have any non-capturing move (the first one found decides). */
bool dd_has_quiet(const DdPos *p, int player);
/* Pieces of `victim` that the other player could jump at once if it were to move. */
Bb64 dd_attacked(const DdPos *p, int victim);
/* The number of legal moves, the quiet ones by popcount (perft's last ply). */
uint64_t dd_count_moves(const void *pos);

/* Every complete capture path of the piece on `origin` is passed to `visit` with its
 * squares (origin first), its length and its move. Paths are not filtered by the
 * most-captures rule; a visitor compares with a legal move. */
typedef void (*DdPathVisit)(void *ctx, const int *path, int length, Move move);
void dd_capture_paths(const DdPos *p, int origin, DdPathVisit visit, void *ctx);

/* dragondraughts.c */
void dd_make_move(const void *pos, Move m, void *out);

/* notation.c */
/* The squares of the move's printed path (origin, every landing); their count. */
int dd_move_path(const DdPos *p, Move m, int *path);
void dd_move_to_str(const void *pos, Move m, char *buf);
Move dd_parse_move(const void *pos, const char *str);

/* The rules as the Game table (games/dragondraughts.c) uses them. */
void dd_init(void);
bool dd_fen_read(void *pos, const char *fen, char *err, size_t err_size);
void dd_fen_write(const void *pos, char *buf, size_t size);
void dd_display(const void *pos, char *buf, size_t size);
bool dd_is_noisy(const void *pos, Move m);
int dd_gen_quiet(const void *pos, Move *moves);
bool dd_has_legal_move(const void *pos);
bool dd_move_is_legal(const void *pos, Move m);
void dd_make_null(const void *pos, void *out);
uint64_t dd_key(const void *pos);
uint64_t dd_key_from_scratch(const void *pos);
int dd_side(const void *pos);
int dd_halfmove(const void *pos);
int dd_reversible(const void *pos);
Result dd_result(const void *pos);
uint32_t dd_move_index(const void *pos, Move m);
int dd_noisy_order(const void *pos, Move m);
bool dd_threat(const void *pos);

/* describe.c */
extern const struct GameDescription dd_description;
