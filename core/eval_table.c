#include "core/eval_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends at `at` (which may be past the end: then only counts); returns the new length. */
static size_t append(char *buf, size_t size, size_t at, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(at < size ? buf + at : NULL, at < size ? size - at : 0, fmt, args);
    va_end(args);
    return at + (n > 0 ? (size_t)n : 0);
}

int eval_table_write(char *buf, size_t size, const char *const sides[2], const EvalRow *rows,
                     int count, int total)
{
    int width = (int)strlen("total");
    for (int i = 0; i < count; i++)
        if ((int)strlen(rows[i].name) > width)
            width = (int)strlen(rows[i].name);
    width += 2;
    int first = (int)strlen(sides[0]), second = (int)strlen(sides[1]);
    size_t len = append(buf, size, 0, "%-*s%s  %s\n", width, "term", sides[0], sides[1]);
    for (int i = 0; i < count; i++) {
        const EvalRow *r = &rows[i];
        if (r->for_mover)
            len = append(buf, size, len, "%-*s%d for the side to move\n", width, r->name,
                         r->value[0]);
        else
            len = append(buf, size, len, "%-*s%*d  %*d\n", width, r->name, first, r->value[0],
                         second, r->value[1]);
    }
    len = append(buf, size, len, "%-*s%d (side to move)\n", width, "total", total);
    return (int)len;
}
