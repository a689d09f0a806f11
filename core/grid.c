#include "core/grid.h"

#include <stdio.h>

void grid_draw(const void *pos, int files, int ranks, int width, GridCell cell, char *buf,
               size_t size)
{
    size_t n = 0;
    for (int rank = ranks - 1; rank >= 0 && n < size; rank--) {
        n += (size_t)snprintf(buf + n, size - n, " %d ", rank + 1);
        for (int file = 0; file < files && n < size; file++) {
            char text[GRID_CELL_MAX] = "";
            cell(pos, file, rank, text);
            n += (size_t)snprintf(buf + n, size - n, " %-*s", width, text[0] ? text : ".");
        }
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "\n");
    }
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "   ");
    for (int file = 0; file < files && n < size; file++)
        n += (size_t)snprintf(buf + n, size - n, " %-*c", file < files - 1 ? width : 1, 'a' + file);
    if (n < size)
        snprintf(buf + n, size - n, "\n");
}
