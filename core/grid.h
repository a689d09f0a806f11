/*
 * The text board `d` prints for a rectangular grid, the same for every game:
 *
 *      8  p  p  .          a rank per line from the top, led by its number; each square
 *      7  .  P* :          a space and its text in `width` columns ('.' when empty)
 *         a  b  c          the file letters under the first rank
 */
#pragma once

#include <stddef.h>

enum { GRID_CELL_MAX = 8 }; /* a square's text, NUL included */

/* Writes the text of the square at (file, rank) of `pos` into `text` (at most `width`
 * characters, GRID_CELL_MAX bytes); "" for an empty square. */
typedef void (*GridCell)(const void *pos, int file, int rank, char *text);

/* Draws the files x ranks board of `pos` into buf, truncated to `size`. */
void grid_draw(const void *pos, int files, int ranks, int width, GridCell cell, char *buf,
               size_t size);
