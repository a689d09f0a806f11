#include "core/board8.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/describe.h"
#include "core/grid.h"

/* The board field into `pos` through `place`; false with a one-line reason. */
static bool board_read(void *pos, const char *board, B8Place place, char *err, size_t err_size)
{
    int rank = B8_RANKS - 1, file = 0;
    for (const char *c = board; *c; c++) {
        if (*c == '/') {
            if (file != B8_FILES || rank == 0) {
                snprintf(err, err_size, "rank %d does not have %d squares", rank + 1, B8_FILES);
                return false;
            }
            rank--, file = 0;
            continue;
        }
        if (isdigit((unsigned char)*c)) {
            /* a run of digits is one count, so "44" is 44 squares, not 4 and 4 */
            if (*c == '0') {
                snprintf(err, err_size, "empty-square count starts with 0 in rank %d", rank + 1);
                return false;
            }
            int run = *c - '0';
            for (; isdigit((unsigned char)c[1]); c++)
                run = run > B8_FILES ? run : run * 10 + (c[1] - '0');
            file += run;
        } else {
            if (file < B8_FILES && !place(pos, b8_square(file, rank), *c)) {
                snprintf(err, err_size, "bad character '%c' in board", *c);
                return false;
            }
            file++;
        }
        if (file > B8_FILES) {
            snprintf(err, err_size, "rank %d has more than %d squares", rank + 1, B8_FILES);
            return false;
        }
    }
    if (rank != 0 || file != B8_FILES) {
        snprintf(err, err_size, "board must have %d ranks of %d squares", B8_RANKS, B8_FILES);
        return false;
    }
    return true;
}

/* The board field of `pos` (B8_BOARD_MAX bytes at most). */
static void board_write(const void *pos, B8LetterAt letter_at, char out[B8_BOARD_MAX])
{
    int n = 0;
    for (int rank = B8_RANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < B8_FILES; file++) {
            char c = letter_at(pos, b8_square(file, rank));
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty), empty = 0;
            out[n++] = c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = 0;
}

/* grid_draw's square text for an 8x8 game: `pos` is a B8Drawn. */
typedef struct B8Drawn {
    const void *pos;
    B8LetterAt letter_at;
} B8Drawn;

static void b8_cell(const void *drawn, int file, int rank, char *text)
{
    const B8Drawn *d = drawn;
    text[0] = d->letter_at(d->pos, b8_square(file, rank));
    text[1] = 0;
}

void b8_board_draw(const void *pos, B8LetterAt letter_at, char *buf, size_t size)
{
    B8Drawn drawn = {pos, letter_at};
    grid_draw(&drawn, B8_FILES, B8_RANKS, 1, b8_cell, buf, size);
}

static bool side_read(const char *s, int *side, char *err, size_t err_size)
{
    if (strcmp(s, "w") == 0 || strcmp(s, "b") == 0) {
        *side = s[0] == 'w' ? P1 : P2;
        return true;
    }
    snprintf(err, err_size, "side to move must be 'w' or 'b', not '%s'", s);
    return false;
}

static bool counter_read(const char *s, int *out)
{
    long v = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s))
            return false;
        v = v * 10 + (*s - '0');
        if (v > B8_COUNTER_MAX)
            return false;
    }
    *out = (int)v;
    return true;
}

bool b8_fen_read(void *pos, const char *fen, B8Place place, int *side, int *halfmove, int *fullmove,
                 char *err, size_t err_size)
{
    char board[128], side_field[8], half[16], full[16], extra[2];
    int fields = sscanf(fen, "%127s %7s %15s %15s %1s", board, side_field, half, full, extra);
    if (fields != 2 && fields != 4) {
        snprintf(err, err_size, "expected board, side, [halfmove, fullmove]: '%.60s'", fen);
        return false;
    }
    if (!board_read(pos, board, place, err, err_size) ||
        !side_read(side_field, side, err, err_size))
        return false;
    *halfmove = 0;
    *fullmove = 1;
    if (fields == 4 &&
        (!counter_read(half, halfmove) || !counter_read(full, fullmove) || *fullmove < 1)) {
        snprintf(err, err_size, "bad move counters '%s %s'", half, full);
        return false;
    }
    return true;
}

void b8_fen_write(const void *pos, B8LetterAt letter_at, int side, int halfmove, int fullmove,
                  char *buf, size_t size)
{
    char board[B8_BOARD_MAX];
    board_write(pos, letter_at, board);
    snprintf(buf, size, "%s %c %d %d", board, side == P1 ? 'w' : 'b', halfmove, fullmove);
}

int b8_parse_square(const char *s)
{
    if (!s[0] || !s[1])
        return -1;
    int file = s[0] - 'a', rank = s[1] - '1';
    if (file < 0 || file >= B8_FILES || rank < 0 || rank >= B8_RANKS)
        return -1;
    return b8_square(file, rank);
}

void b8_from_to_write(int from, int to, char *buf)
{
    char a[DESCRIBE_NAME_MAX], b[DESCRIBE_NAME_MAX];
    describe_grid_name(B8_FILES, from, a);
    describe_grid_name(B8_FILES, to, b);
    snprintf(buf, MOVE_STR_MAX, "%s%s", a, b);
}

void b8_from_to_move_to_str(const void *pos, Move m, char *buf)
{
    (void)pos;
    b8_from_to_write((int)(m & 63), (int)((m >> 6) & 63), buf);
}

uint32_t b8_from_to_move_index(const void *pos, Move m)
{
    (void)pos;
    return (uint32_t)(m & 4095);
}

bool b8_from_to_read(const char *s, int *from, int *to)
{
    if (strlen(s) != 4)
        return false;
    *from = b8_parse_square(s);
    *to = b8_parse_square(s + 2);
    return *from >= 0 && *to >= 0;
}
