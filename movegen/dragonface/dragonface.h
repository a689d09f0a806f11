/*
 * Dragon Face position (rules for players: docs/rules/dragonface.md).
 *
 * Squares: a1 = 0, b1 = 1, ..., k1 = 10, a2 = 11, ..., k9 = 98 (sq = 11 * rank + file),
 * bits of a Bb128; bits 99-127 are always clear. The Territories are b2-j8 (DF_TERR), the
 * Sacrifice Zone the ring around them (DF_ZONE). Light (P1) moves up.
 *
 * DfPos:
 *   occ[2]   squares of each player's pieces (a free Ambassador's square counts once);
 *   emp, amb Emperors and Ambassadors of both players; every other occupied square holds a
 *            Governor (a Zone square in `free` holds an Ambassador with its Governor under it);
 *   free     Zone squares holding a free (revived) Ambassador, which may leave the Zone;
 *            every other Ambassador in the Zone is trapped;
 *   rights   Governors that still have the two-square right: bit i (0-6) is c3 + i (light),
 *            bit 7 + i is c7 + i (dark); only unmoved Governors on those squares have it;
 *   immune   square of the piece converted on the previous ply, or -1;
 *   reversible plies since the last ply that changed the Zone or took a two-square right:
 *            the window of repetitions. A capture resets the halfmove clock but can be
 *            undone (the converted piece may be converted back), so positions repeat across
 *            captures and Governor moves; the Zone and the rights only ever change one way.
 *
 * Move (opaque to shared code; from != to, so never 0):
 *   bits  0-6   origin square          bits 7-13  destination (landing) square
 *   bits 14-20  captured square         bit 21     capture flag
 *   bits 22-28  revived Ambassador      bit 29     revival flag
 *   bits 30-31  moving kind (DF_EMPEROR, DF_AMBASSADOR, DF_GOVERNOR)
 * A move is identified by origin, destination and revival square; the rest follows from
 * them and speeds up make_move.
 */
#pragma once

#include "core/bitboard.h"
#include "core/game.h"

enum {
    DF_FILES = 11,
    DF_RANKS = 9,
    DF_SQUARES = 99,
    DF_NO_SQUARE = -1,
    DF_SQ_C3 = 2 * DF_FILES + 2, /* the Governors' start squares: c3-i3 and c7-i7 */
    DF_SQ_C7 = 6 * DF_FILES + 2,
    DF_GOVERNOR_FILES = 7,
};

enum { DF_EMPEROR = 0, DF_AMBASSADOR = 1, DF_GOVERNOR = 2 };

/* Directions; the first four step to higher square numbers. */
enum { DF_N, DF_NE, DF_E, DF_NW, DF_S, DF_SW, DF_W, DF_SE, DF_DIRS };

typedef struct DfPos {
    Bb128 occ[2];
    Bb128 emp, amb;
    Bb128 free;
    uint64_t key;
    uint16_t rights;
    int8_t immune;
    uint8_t side;
    int32_t halfmove;
    int32_t fullmove;
    int32_t reversible;
} DfPos;

/* A constant 128-bit board from its low and high words (usable in constant expressions). */
#define DF_BB(lo, hi) (((Bb128)(hi) << 64) | (Bb128)(lo))

#define DF_BOARD DF_BB(0xffffffffffffffffULL, 0x00000007ffffffffULL)
#define DF_TERR DF_BB(0xff3fe7fcff9ff000ULL, 0x00000000007fcff9ULL)
#define DF_ZONE (DF_BOARD & ~DF_TERR)
#define DF_FILE_A DF_BB(0x0080100200400801ULL, 0x0000000001002004ULL)
#define DF_FILE_K DF_BB(0x0040080100200400ULL, 0x0000000400801002ULL)
/* Where a Governor that lands may revive: the opponent's back line and the Zone rank
 * behind it (ranks 8-9 for light, 1-2 for dark). */
#define DF_REVIVAL_W DF_BB(0x0000000000000000ULL, 0x00000007ffffe000ULL)
#define DF_REVIVAL_B DF_BB(0x00000000003fffffULL, 0x0000000000000000ULL)

static const int DF_DELTA[DF_DIRS] = {11, 12, 1, 10, -11, -12, -1, -10};

/* Squares a one-step shift in each direction may land on: the board, minus the file a
 * step east would wrap onto (file a) or a step west would wrap onto (file k). */
static const Bb128 DF_STEP_OK[DF_DIRS] = {
    DF_BOARD, DF_BOARD & ~DF_FILE_A, DF_BOARD & ~DF_FILE_A, DF_BOARD & ~DF_FILE_K,
    DF_BOARD, DF_BOARD & ~DF_FILE_K, DF_BOARD & ~DF_FILE_K, DF_BOARD & ~DF_FILE_A,
};

static inline int df_msb(Bb128 b)
{
    uint64_t hi = bb128_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(bb128_lo(b));
}

/* The nearest set square of `b` seen from a square, looking in direction `dir` (b != 0). */
static inline int df_first(Bb128 b, int dir) { return dir < DF_S ? bb128_lsb(b) : df_msb(b); }

static inline int df_opposite(int dir) { return dir ^ 4; }

static inline Bb128 df_shift_by(Bb128 b, int delta) { return delta > 0 ? b << delta : b >> -delta; }

/* Every piece of `b` one step in direction `dir`, dropping those that leave the board. */
static inline Bb128 df_shift(Bb128 b, int dir)
{
    return df_shift_by(b, DF_DELTA[dir]) & DF_STEP_OK[dir];
}

static inline Bb128 df_rights_bb(unsigned rights)
{
    return ((Bb128)(rights & 0x7F) << DF_SQ_C3) | ((Bb128)(rights >> 7) << DF_SQ_C7);
}

/* The rights bit of a start square (c3-i3, c7-i7), or 0 for any other square. */
static inline unsigned df_rights_bit(int sq)
{
    if (sq >= DF_SQ_C3 && sq < DF_SQ_C3 + DF_GOVERNOR_FILES)
        return 1u << (sq - DF_SQ_C3);
    if (sq >= DF_SQ_C7 && sq < DF_SQ_C7 + DF_GOVERNOR_FILES)
        return 1u << (sq - DF_SQ_C7 + DF_GOVERNOR_FILES);
    return 0;
}

static inline Bb128 df_revival_line(int player)
{
    return player == P1 ? DF_REVIVAL_W : DF_REVIVAL_B;
}

static inline Bb128 df_governors(const DfPos *p)
{
    return (p->occ[0] | p->occ[1]) & ~p->emp & ~p->amb;
}

static inline Bb128 df_immune_bb(const DfPos *p)
{
    return p->immune >= 0 ? bb128_bit(p->immune) : 0;
}

/* The three forward directions of a player: the diagonals first, then straight. */
static inline const int *df_forward(int player)
{
    static const int fwd[2][3] = {{DF_NW, DF_NE, DF_N}, {DF_SW, DF_SE, DF_S}};
    return fwd[player];
}

/* Ambassadors of `player` that may move: those in the Territories and free ones. */
static inline Bb128 df_movable_ambassadors(const DfPos *p, int player)
{
    return p->occ[player] & p->amb & (DF_TERR | p->free);
}

/* Zone squares from which a first step in `dir` enters the Territories (where a free
 * Ambassador may set out in that direction). */
static inline Bb128 df_zone_exit(int dir) { return df_shift(DF_TERR, df_opposite(dir)) & DF_ZONE; }

/* Squares beyond each square in each direction, up to the edge of the board. */
extern Bb128 df_ray[DF_DIRS][DF_SQUARES];

/* Per direction, the squares `player`'s Ambassadors reach, plus the first occupied square
 * of each line. */
void df_slide_reach(const DfPos *p, int player, Bb128 reach[DF_DIRS]);
/* The enemy pieces `player` could capture if it were to move now (`reach` from
 * df_slide_reach); `immune` (the piece converted on the previous ply, or 0) is excluded. */
Bb128 df_capture_targets(const DfPos *p, int player, const Bb128 reach[DF_DIRS], Bb128 immune);
/* Could the opponent of `player` capture `player`'s Emperor on its next ply? */
bool df_emperor_attacked(const DfPos *p, int player);

static inline int df_move_from(Move m) { return (int)(m & 127); }
static inline int df_move_to(Move m) { return (int)((m >> 7) & 127); }
static inline int df_move_captured(Move m) { return (int)((m >> 14) & 127); }
static inline bool df_move_is_capture(Move m) { return (m >> 21) & 1; }
static inline int df_move_revived(Move m) { return (int)((m >> 22) & 127); }
static inline bool df_move_is_revival(Move m) { return (m >> 29) & 1; }
static inline int df_move_kind(Move m) { return (int)((m >> 30) & 3); }

static inline Move df_move_make(int kind, int from, int to)
{
    return (Move)from | (Move)to << 7 | (Move)kind << 30;
}
static inline Move df_move_with_capture(Move m, int captured)
{
    return m | (Move)captured << 14 | (Move)1 << 21;
}
static inline Move df_move_with_revival(Move m, int revived)
{
    return m | (Move)revived << 22 | (Move)1 << 29;
}

/* Shared with the FEN and notation module. */
uint64_t df_key_from_scratch(const void *pos);
int df_gen_moves(const void *pos, Move *moves);
Result df_result(const void *pos);

bool df_fen_read(void *pos, const char *fen, char *err, size_t err_size);
void df_fen_write(const void *pos, char *buf, size_t size);
void df_display(const void *pos, char *buf, size_t size);
void df_move_to_str(const void *pos, Move move, char *buf);
Move df_parse_move(const void *pos, const char *str);

/* The rules as the Game table (games/dragonface.c) uses them. */
void df_init(void);
int df_gen_noisy(const void *pos, Move *moves);
bool df_is_noisy(const void *pos, Move m);
int df_gen_quiet(const void *pos, Move *moves);
bool df_has_legal_move(const void *pos);
bool df_move_is_legal(const void *pos, Move m);
void df_make_move(const void *pos, Move m, void *out);
void df_make_null(const void *pos, void *out);
/* The number of legal moves, counted set-wise (perft's last ply). */
uint64_t df_count_moves(const void *pos);
uint64_t df_key(const void *pos);
int df_side(const void *pos);
int df_halfmove(const void *pos);
int df_reversible(const void *pos);
uint32_t df_move_index(const void *pos, Move m);
int df_noisy_order(const void *pos, Move m);
bool df_threat(const void *pos);

extern const struct GameDescription dragonface_description;
