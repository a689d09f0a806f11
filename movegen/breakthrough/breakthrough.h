/*
 * Breakthrough position (rules for players: docs/rules/breakthrough.md).
 *
 * Squares as in core/board8.h (a1 = 0, ..., h8 = 63). White (P1) moves up.
 * A move is from | to << 6; both squares fit in 6 bits and from != to, so a move is
 * never 0.
 */
#pragma once

#include "core/bitboard.h"
#include "core/board8.h"
#include "core/game.h"

typedef struct BtPos {
    Bb64 men[2]; /* by player: P1 white, P2 black */
    uint64_t key;
    int side;
    int halfmove; /* every move is irreversible, so this stays 0 after the first move */
    int fullmove;
} BtPos;

/* Each move is an origin square and one of three steps, and any FEN may fill the board
 * with one side's men: 64 * 3 bounds every list. */
enum { BT_MAX_MOVES = 64 * 3 };

static inline int bt_move_from(Move m) { return (int)(m & 63); }
static inline int bt_move_to(Move m) { return (int)((m >> 6) & 63); }
static inline Move bt_move_make(int from, int to) { return (Move)from | (Move)to << 6; }

/* Squares attacked (diagonally forward) by the men of `player`. */
static inline Bb64 bt_attacks(Bb64 men, int player)
{
    return player == P1 ? ((men & ~B8_FILE_A_BB) << 7) | ((men & ~B8_FILE_H_BB) << 9)
                        : ((men & ~B8_FILE_A_BB) >> 9) | ((men & ~B8_FILE_H_BB) >> 7);
}

/* The rules as the Game table (games/breakthrough.c) uses them. */
void bt_init(void);
bool bt_fen_read(void *pos, const char *fen, char *err, size_t err_size);
void bt_fen_write(const void *pos, char *buf, size_t size);
void bt_display(const void *pos, char *buf, size_t size);
int bt_gen_moves(const void *pos, Move *moves);
int bt_gen_noisy(const void *pos, Move *moves);
bool bt_is_noisy(const void *pos, Move m);
int bt_gen_quiet(const void *pos, Move *moves);
bool bt_has_legal_move(const void *pos);
bool bt_move_is_legal(const void *pos, Move m);
void bt_make_move(const void *pos, Move m, void *out);
void bt_make_null(const void *pos, void *out);
/* The number of legal moves, by popcounts (perft's last ply). */
uint64_t bt_count_moves(const void *pos);
Move bt_parse_move(const void *pos, const char *s);
uint64_t bt_key(const void *pos);
uint64_t bt_key_from_scratch(const void *pos);
int bt_side(const void *pos);
int bt_halfmove(const void *pos);
Result bt_result(const void *pos);
int bt_noisy_order(const void *pos, Move m);
bool bt_threat(const void *pos);

extern const struct GameDescription breakthrough_description;
