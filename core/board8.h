/*
 * The 8x8 boards of Breakthrough, Dragon's Gate and Dragon-draughts: one place for their
 * geometry, their file and rank masks, reading square names and the text of the board
 * (names are written by describe_grid_name, the one namer of every grid game).
 *
 * Squares: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (sq = 8 * rank + file), one
 * bit each of a Bb64. Rank 1 is the first player's home side.
 *
 * Text: the FEN board field lists the ranks from 8 down to 1, separated by '/', each rank
 * from file a to h, one letter per piece and a decimal count (no leading zero) for a run
 * of empty squares; a count never runs past the edge. The drawing of `d` shows rank 8 on
 * top, '.' for an empty square, and the file letters underneath. A game supplies its
 * letters through two callbacks. The side to move ('w' or 'b') and the two move counters
 * follow the board field, so the whole FEN is read and written here.
 */
#pragma once

#include <stddef.h>

#include "core/bitboard.h"
#include "core/types.h"

enum {
    B8_FILES = 8,
    B8_RANKS = 8,
    B8_SQUARES = B8_FILES * B8_RANKS,
    B8_FILE_A = 0,
    B8_FILE_H = B8_FILES - 1,
    B8_BOARD_MAX = B8_SQUARES + B8_RANKS, /* FEN board field: letters, '/'s and the NUL */
    B8_COUNTER_MAX = 1000000,             /* the largest move counter a FEN may give */
};

#define B8_FILE_A_BB 0x0101010101010101ULL
#define B8_FILE_H_BB 0x8080808080808080ULL
#define B8_RANK_1_BB 0x00000000000000FFULL
#define B8_RANK_2_BB 0x000000000000FF00ULL
#define B8_RANK_7_BB 0x00FF000000000000ULL
#define B8_RANK_8_BB 0xFF00000000000000ULL
/* Every square of ranks `from` to `to`, and of files `from` to `to` (0-based, inclusive;
 * constant expressions, so tables can use them). */
#define B8_RANKS_BB(from, to) ((~0ULL >> 8 * (7 - (to))) & (~0ULL << 8 * (from)))
#define B8_FILES_BB(from, to) (((0xFFULL >> (7 - (to))) & (0xFFULL << (from))) * B8_FILE_A_BB)

static inline int b8_square(int file, int rank) { return rank * B8_FILES + file; }
static inline int b8_file(int sq) { return sq % B8_FILES; }
static inline int b8_rank(int sq) { return sq / B8_FILES; }
static inline Bb64 b8_bit(int sq) { return 1ULL << sq; }

/* The letter of the piece on `sq`, or 0 for an empty square. */
typedef char (*B8LetterAt)(const void *pos, int sq);
/* Puts the piece written `letter` on `sq`; false if no piece has that letter. */
typedef bool (*B8Place)(void *pos, int sq, char letter);

/* For games with one kind of piece, men[side] holding a side's squares and letters[side]
 * its FEN letter ("Pp"): the letter on `sq` (0 if empty), and placing a letter. */
static inline char b8_man_letter(const Bb64 men[2], const char letters[2], int sq)
{
    return (men[P1] >> sq) & 1 ? letters[P1] : (men[P2] >> sq) & 1 ? letters[P2] : 0;
}

static inline bool b8_man_place(Bb64 men[2], const char letters[2], int sq, char letter)
{
    if (letter != letters[P1] && letter != letters[P2])
        return false;
    men[letter == letters[P1] ? P1 : P2] |= b8_bit(sq);
    return true;
}

/* Draws the board of `pos` for `d`, truncated to `size`. */
void b8_board_draw(const void *pos, B8LetterAt letter_at, char *buf, size_t size);

/* Reads a whole FEN, "<board> <side> [<halfmove> <fullmove>]": the board through `place`
 * into `pos` (already cleared), the side ('w' is P1, 'b' is P2) and the counters (decimal,
 * at most B8_COUNTER_MAX, fullmove from 1; 0 and 1 when both are left out). False with a
 * one-line reason on anything else; the game then checks what its rules forbid. */
bool b8_fen_read(void *pos, const char *fen, B8Place place, int *side, int *halfmove, int *fullmove,
                 char *err, size_t err_size);
/* Writes the whole FEN of `pos` as b8_fen_read reads it. */
void b8_fen_write(const void *pos, B8LetterAt letter_at, int side, int halfmove, int fullmove,
                  char *buf, size_t size);

/* Square names are describe_grid_name(B8_FILES, ...)'s (core/describe.h): "a1" to "h8".
 * The square named by the first two characters of `s`; -1 if they name none (a shorter
 * string included). */
int b8_parse_square(const char *s);
/* A move written as origin then destination, "a2a3" (MOVE_STR_MAX bytes). */
void b8_from_to_write(int from, int to, char *buf);
/* Reads exactly "<origin><destination>"; false on anything else. */
bool b8_from_to_read(const char *s, int *from, int *to);
/* For the games whose move is its origin and destination alone, from | to << 6 (squares as
 * b8_square numbers them), a Game table's move_to_str and move_index: the text "a2a3", and
 * the move itself as the index (4096 of them). */
void b8_from_to_move_to_str(const void *pos, Move m, char *buf);
uint32_t b8_from_to_move_index(const void *pos, Move m);
