/*
 * DragonQi move strings (§9): the one canonical string of every move, and parsing by
 * matching it against the legal moves.
 */
#include <string.h>

#include "movegen/dragonqi/dragonqi.h"

static const char *const dir_names[DQ_DIRS] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

static int put(char *out, const char *s)
{
    size_t len = strlen(s);
    memcpy(out, s, len);
    return (int)len;
}

/* "<from><sep><to>": arrows, cannon shots, maiden flights, sails. */
static int write_pair(char *out, int from, char sep, int to)
{
    int n = dq_cell_name(from, out);
    out[n++] = sep;
    return n + dq_cell_name(to, out + n);
}

/* The /B cells in ascending file order, ties by ascending rank (§13.5). */
static int write_guards(int side, int mask, char *out)
{
    int n = 0, y0 = side == DQ_FOREST ? 1 : 13;
    out[n++] = '/';
    out[n++] = 'B';
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++)
            if (mask >> (3 * y + x) & 1)
                n += dq_cell_name(dq_cell(3 + x, y0 + y), out + n);
    return n;
}

void dq_move_to_str(const void *pos, Move m, char *buf)
{
    const DqPos *p = pos;
    int from = dq_move_from(m), to = dq_move_to(m), n = 0;
    static const char exchange[] = " CKNR";
    switch (dq_move_kind(m)) {
    case DQ_MK_ARROW:
    case DQ_MK_FIRE:
        n += write_pair(buf, from, 'x', to);
        break;
    case DQ_MK_RELEASE:
        n += write_pair(buf, from, '^', to);
        break;
    case DQ_MK_SPRING:
        buf[n++] = from == DQ_E0 ? 'L' : 'l';
        buf[n++] = '@';
        n += dq_cell_name(to, buf + n);
        break;
    case DQ_MK_PLANT:
        n += dq_cell_name(from, buf + n);
        buf[n++] = '=';
        buf[n++] = 'F';
        break;
    case DQ_MK_SAIL:
        n += write_pair(buf, from, '~', to);
        break;
    case DQ_MK_REALIGN:
        n += dq_cell_name(from, buf + n);
        buf[n++] = '~';
        n += put(buf + n, dir_names[dq_move_dir1(m)]);
        break;
    case DQ_MK_TRIDENT:
        n += dq_cell_name(from, buf + n);
        buf[n++] = '~';
        n += put(buf + n, dir_names[dq_move_dir1(m)]);
        buf[n++] = '&';
        n += dq_cell_name(to, buf + n);
        buf[n++] = '~';
        n += put(buf + n, dir_names[dq_move_dir2(m)]);
        break;
    default:
        n += dq_cell_name(from, buf + n);
        n += dq_cell_name(to, buf + n);
        break;
    }
    if (dq_move_kind(m) == DQ_MK_EP)
        n += put(buf + n, "/EP");
    if (dq_move_guards(m))
        n += write_guards(p->side, dq_move_guards(m), buf + n);
    if (dq_move_exchange(m)) {
        buf[n++] = '/';
        buf[n++] = 'X';
        buf[n++] = exchange[dq_move_exchange(m)];
    }
    if (dq_move_afire(m))
        n += put(buf + n, "/A");
    if (dq_move_empress(m))
        n += put(buf + n, "/E");
    buf[n] = 0;
}

Move dq_parse_move(const void *pos, const char *str)
{
    size_t len = strnlen(str, MOVE_STR_MAX);
    if (len < 3 || len >= MOVE_STR_MAX)
        return MOVE_NONE;
    Move moves[MAX_MOVES];
    char buf[MOVE_STR_MAX];
    int n = dq_gen_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        dq_move_to_str(pos, moves[i], buf);
        if (strcmp(buf, str) == 0)
            return moves[i];
    }
    return MOVE_NONE;
}
