/*
 * Dragon-draughts, i.e. Turkish draughts (rules: shared/rules/dragondraughts.md).
 *
 * Squares: a1 = 0, b1 = 1, ..., h8 = 63 (sq = 8 * rank + file). White (P1) moves up.
 * pieces[side] holds every piece of a side; `kings` holds the Daimyos of both sides, so a
 * side's men are pieces[side] & ~kings.
 *
 * Move layout (after Scan): a move is the bitboard of the squares it touches, i.e. its
 * origin, its final square and every piece it captures. The position it belongs to tells
 * them apart: the origin is the one square holding a piece of the side to move, the
 * captured squares hold enemy pieces and the final square is the one empty square (there
 * is none when a Daimyo's capture loop ends where it started). So a move identifies origin,
 * destination and captured set exactly as the rules identify moves: two capture paths
 * with the same three give the same value and deduplication is an integer comparison.
 * The origin bit is always set, so a move is never 0.
 */
#pragma once

#include "engine/bitboard.h"
#include "engine/game.h"

typedef struct DraughtsPos {
    Bb64 pieces[2]; /* by player: P1 white, P2 black */
    Bb64 kings;     /* Daimyos of both players */
    uint64_t key;
    int side;
    int halfmove; /* plies since the last capture or man move (the no-progress rule) */
    /* Plies since the last capture or forward man move: a man's sideways step can be
     * stepped back, so repetitions reach past it (the halfmove clock does not). */
    int reversible;
    int fullmove;
} DraughtsPos;

/* Directions; the opposite of d is d ^ 1. */
enum { DD_UP = 0, DD_DOWN = 1, DD_LEFT = 2, DD_RIGHT = 3, DD_DIRS = 4 };

enum {
    DD_MAX_PIECES = 16, /* per side: the start position's count, which never grows */
    /* a capture takes at most every enemy piece: origin plus one landing per capture */
    DD_MAX_PATH = DD_MAX_PIECES + 1,
};

#define DD_FILE_A_BB 0x0101010101010101ULL
#define DD_FILE_H_BB 0x8080808080808080ULL
#define DD_RANK_1_BB 0x00000000000000FFULL
#define DD_RANK_2_BB 0x000000000000FF00ULL
#define DD_RANK_7_BB 0x00FF000000000000ULL
#define DD_RANK_8_BB 0xFF00000000000000ULL

static inline Bb64 dd_bit(int sq) { return 1ULL << sq; }

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
static inline Bb64 dd_runners(const DraughtsPos *p, int player)
{
    Bb64 men = p->pieces[player] & ~p->kings;
    Bb64 empty = ~(p->pieces[P1] | p->pieces[P2]);
    return men & dd_shift(dd_last_rank(player) & empty, dd_forward(player) ^ 1);
}

/* Move parts, read with the position the move belongs to. */
static inline int dd_move_from(const DraughtsPos *p, Move m)
{
    return bb64_lsb(m & p->pieces[p->side]);
}

static inline int dd_move_to(const DraughtsPos *p, Move m)
{
    Bb64 to = m & ~(p->pieces[P1] | p->pieces[P2]);
    return to ? bb64_lsb(to) : dd_move_from(p, m);
}

static inline Bb64 dd_move_captured(const DraughtsPos *p, Move m)
{
    return m & p->pieces[!p->side];
}

/* movegen.c */
void draughts_init_tables(void);
/* Squares a Daimyo on `sq` reaches along `dir` over empty squares, plus the first piece
 * (`occ`) in the way, if any. */
Bb64 draughts_slide(int dir, int sq, Bb64 occ);
/* The legal moves (the most-capturing sequences when any capture exists); their count. */
int draughts_gen_moves(const DraughtsPos *p, Move *moves);
/* Only the captures (empty when none is possible). */
int draughts_gen_captures(const DraughtsPos *p, Move *moves);
/* The non-capturing moves, whether or not a capture is compulsory. */
int draughts_gen_quiet(const DraughtsPos *p, Move *moves);
/* Number of non-capturing moves `player`'s pieces have, whoever is to move. */
int draughts_quiet_count(const DraughtsPos *p, int player);
/* Whether `player`'s pieces have any non-capturing move (the first one found decides). */
bool draughts_has_quiet(const DraughtsPos *p, int player);
/* Pieces of `victim` that the other player could jump at once if it were to move. */
Bb64 draughts_attacked(const DraughtsPos *p, int victim);
uint64_t draughts_perft(const void *pos, int depth);

/* Every complete capture path of the piece on `origin` is passed to `visit` with its
 * squares (origin first), its length and its move. Paths are not filtered by the
 * most-captures rule; a visitor compares with a legal move. */
typedef void (*DraughtsPathVisit)(void *ctx, const int *path, int length, Move move);
void draughts_capture_paths(const DraughtsPos *p, int origin, DraughtsPathVisit visit,
                            void *ctx);

/* dragondraughts.c */
void draughts_make_move(const void *pos, Move m, void *out);

/* notation.c */
void draughts_move_to_str(const void *pos, Move m, char *buf);
Move draughts_parse_move(const void *pos, const char *str);

/* eval/dragondraughts.c */
Score draughts_evaluate(const void *pos);
void draughts_eval_terms(const void *pos, char *buf, size_t size);
