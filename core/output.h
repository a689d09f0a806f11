/*
 * Line output shared by the protocol thread and the search thread: every line is written
 * whole and flushed, under one lock, so replies never interleave.
 */
#pragma once

#include <stdio.h>

typedef struct Output Output;

Output *output_create(FILE *out);
void output_destroy(Output *o);

/* Writes one line (a newline is added). */
void output_line(Output *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Writes text that may hold several lines, as one block. */
void output_block(Output *o, const char *text);
