/*
 * The text protocol (docs/protocol.md): UCI and UGI dialects plus the extensions
 * (d, json, moves, perft, bench, eval, query). This layer only parses and prints; the engine
 * object does the work.
 */
#pragma once

#include <stdio.h>

#include "core/output.h"
#include "engine/engine.h"

typedef enum { DIALECT_NONE, DIALECT_UCI, DIALECT_UGI } Dialect;

typedef struct Protocol Protocol;

Protocol *protocol_create(Engine *engine, FILE *out);
void protocol_destroy(Protocol *p);

/*
 * Handles one line. Only `stop`, `ponderhit` and `quit` act on a running job (a search,
 * perft or bench) and `isready` answers at once; `uci`, `d`, `moves`, `eval`, `query` and
 * the like answer at once when nothing is queued and otherwise in turn, so they always
 * see the position the commands before them set; every other command waits until the
 * job before it has ended, in order of arrival (a `quit` ends a running search but waits
 * for a perft or bench).
 * Returns false once `quit` has been received.
 */
bool protocol_handle(Protocol *p, const char *line);

/* The end of input: runs what is queued in turn, lets searches with a limit finish and
 * stops those that would never end on their own; returns when the engine is idle. */
void protocol_finish(Protocol *p);

/* Reads lines (on a thread of its own) and handles them until `quit` or the end of
 * input, then finishes as protocol_finish. */
void protocol_loop(Protocol *p, FILE *in);

/* Command-line use: errors go to `errors` as "wyrm: <message>" lines. */
void protocol_command_line(Protocol *p, FILE *errors);
/* Errors reported so far. */
int protocol_error_count(const Protocol *p);

/* Upper bound on one input line; longer lines are reported and dropped. */
enum { PROTOCOL_LINE_MAX = 32 * 1024 * 1024 };
