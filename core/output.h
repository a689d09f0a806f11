/*
 * Line output shared by several threads (the protocol's and the search's; the match
 * runner's game threads): every line is written whole and flushed, under one lock, so
 * lines never interleave.
 */
#pragma once

#include <stdarg.h>
#include <stdio.h>

typedef struct Output Output;

Output *output_create(FILE *out);
void output_destroy(Output *o);

/* Writes one line (a newline is added). */
void output_line(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void output_vline(Output *o, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Writes text that may hold several lines, as one block. */
void output_block(Output *o, const char *text);
