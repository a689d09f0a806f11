/*
 * Protocol input read on a thread of its own, so that the protocol thread can wait for
 * "a line arrived, or the running search finished" and start a queued command the moment
 * a search ends, even while no input comes.
 *
 * Lines are split at '\n'; a NUL byte becomes '?' (it would cut the line short); a line
 * longer than the limit is dropped whole and delivered as a marker (too_long). A last
 * line without its newline still counts.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct InputLine {
    struct InputLine *next;
    bool too_long; /* the line was dropped; text is empty */
    char text[];
} InputLine;

typedef struct Input Input;

/* Starts reading `in` (a stream with a descriptor, or a memory stream). */
Input *input_start(FILE *in, size_t line_max);

/* Waits until lines are waiting, input has ended, or ready(ctx) holds (checked under the
 * input's lock; whoever makes it true calls input_wake). Returns the waiting lines in
 * order (the caller frees each) and sets *ended once the input is exhausted. */
InputLine *input_wait(Input *input, bool (*ready)(void *ctx), void *ctx, bool *ended);

/* Wakes input_wait to check ready() again; callable from any thread. */
void input_wake(Input *input);

/* Stops the reader (even one blocked on a terminal), joins it and frees what is left. */
void input_stop(Input *input);
