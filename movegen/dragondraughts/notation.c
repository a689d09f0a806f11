/*
 * Dragon-draughts notation: origin and every landing square (`e3e4`, `b3b5d5`).
 *
 * A capture may have several paths (a Daimyo choosing where to land before a straight
 * continuation, loops run either way round); the move value keeps origin, final square and
 * captured set but no path, so the paths are listed again from the position when a move is
 * printed or parsed. Printing picks the path whose string sorts first; parsing accepts any
 * path of a legal move, and origin plus destination alone when exactly one legal move has
 * them.
 */
#include <string.h>

#include "movegen/dragondraughts/dragondraughts.h"

/* Sort key of a square in its text: file letter first, then rank digit. */
static int text_key(int sq) { return (sq % 8) * 8 + sq / 8; }

static void write_square(char *buf, int sq)
{
    buf[0] = (char)('a' + sq % 8);
    buf[1] = (char)('1' + sq / 8);
}

/* The path of `target` whose text sorts first. */
typedef struct FirstPath {
    Move target;
    int path[DD_MAX_PATH];
    int length; /* 0 until a path of `target` is seen */
} FirstPath;

static bool sorts_before(const int *a, const int *b, int length)
{
    for (int i = 0; i < length; i++)
        if (text_key(a[i]) != text_key(b[i]))
            return text_key(a[i]) < text_key(b[i]);
    return false;
}

static void keep_first_path(void *ctx, const int *path, int length, Move move)
{
    FirstPath *fp = ctx;
    if (move != fp->target || (fp->length && !sorts_before(path, fp->path, length)))
        return;
    memcpy(fp->path, path, sizeof(int) * (size_t)length);
    fp->length = length;
}

int dd_move_path(const DdPos *p, Move m, int *path)
{
    FirstPath fp = {.target = m};
    int from = dd_move_from(m);
    if (dd_move_is_capture(m))
        dd_capture_paths(p, from, keep_first_path, &fp);
    if (!fp.length) {
        fp.path[0] = from;
        fp.path[1] = dd_move_to(m);
        fp.length = 2;
    }
    memcpy(path, fp.path, sizeof(int) * (size_t)fp.length);
    return fp.length;
}

void dd_move_to_str(const void *pos, Move m, char *buf)
{
    int path[DD_MAX_PATH];
    int length = dd_move_path(pos, m, path);
    for (int i = 0; i < length; i++)
        write_square(buf + 2 * i, path[i]);
    buf[2 * length] = 0;
}

/* Reads `str` as 2 to DD_MAX_PATH squares; their count, or 0 if it is not such a list. */
static int read_squares(const char *str, int *squares)
{
    int n = 0;
    for (; str[2 * n]; n++) {
        if (n == DD_MAX_PATH)
            return 0;
        int file = str[2 * n] - 'a', rank = str[2 * n + 1] - '1';
        if (file < 0 || file > 7 || rank < 0 || rank > 7)
            return 0;
        squares[n] = rank * 8 + file;
    }
    return n >= 2 ? n : 0;
}

/* The capture whose path is exactly `squares`. */
typedef struct PathMatch {
    const int *squares;
    int length;
    Move found;
} PathMatch;

static void match_path(void *ctx, const int *path, int length, Move move)
{
    PathMatch *pm = ctx;
    if (length == pm->length && memcmp(path, pm->squares, sizeof(int) * (size_t)length) == 0)
        pm->found = move;
}

Move dd_parse_move(const void *pos, const char *str)
{
    const DdPos *p = pos;
    int squares[DD_MAX_PATH];
    int length = read_squares(str, squares);
    if (!length)
        return MOVE_NONE;
    Move moves[MAX_MOVES];
    int n = dd_gen_moves(p, moves);
    Move found = MOVE_NONE;
    if (length == 2) {
        /* origin and destination: a quiet move, a one-jump capture or a shorthand */
        for (int i = 0; i < n; i++) {
            if (dd_move_from(moves[i]) != squares[0] || dd_move_to(moves[i]) != squares[1])
                continue;
            if (found)
                return MOVE_NONE;
            found = moves[i];
        }
        return found;
    }
    if (!(p->pieces[p->side] & dd_bit(squares[0])))
        return MOVE_NONE;
    PathMatch pm = {.squares = squares, .length = length};
    dd_capture_paths(p, squares[0], match_path, &pm);
    for (int i = 0; i < n && pm.found; i++)
        if (moves[i] == pm.found)
            return pm.found;
    return MOVE_NONE;
}
