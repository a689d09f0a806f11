/*
 * Breakthrough position (rules: shared/rules/breakthrough.md).
 *
 * Squares: a1 = 0, b1 = 1, ..., h8 = 63 (sq = 8 * rank + file). White (P1) moves up.
 * A move is from | to << 6; both squares fit in 6 bits and from != to, so a move is
 * never 0.
 */
#pragma once

#include "engine/bitboard.h"
#include "engine/game.h"

typedef struct BtPos {
    Bb64 men[2];    /* by player: P1 white, P2 black */
    uint64_t key;
    int side;
    int halfmove;   /* every move is irreversible, so this stays 0 after the first move */
    int fullmove;
} BtPos;

enum {
    BT_FILE_A = 0,
    BT_FILE_H = 7,
    /* each move is an origin square and one of three steps, and any FEN may fill the
     * board with one side's men: 64 * 3 bounds every list */
    BT_MAX_MOVES = 64 * 3,
};

#define BT_FILE_A_BB 0x0101010101010101ULL
#define BT_FILE_H_BB 0x8080808080808080ULL
#define BT_RANK_1_BB 0x00000000000000FFULL
#define BT_RANK_8_BB 0xFF00000000000000ULL

static inline int bt_move_from(Move m) { return (int)(m & 63); }
static inline int bt_move_to(Move m) { return (int)((m >> 6) & 63); }
static inline Move bt_move_make(int from, int to) { return (Move)from | (Move)to << 6; }

/* Squares attacked (diagonally forward) by the men of `player`. */
static inline Bb64 bt_attacks(Bb64 men, int player)
{
    return player == P1 ? ((men & ~BT_FILE_A_BB) << 7) | ((men & ~BT_FILE_H_BB) << 9)
                        : ((men & ~BT_FILE_A_BB) >> 9) | ((men & ~BT_FILE_H_BB) >> 7);
}

void breakthrough_eval_init(void);
Score breakthrough_evaluate(const void *pos);
void breakthrough_eval_terms(const void *pos, char *buf, size_t size);
