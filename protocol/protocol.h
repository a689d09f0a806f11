/*
 * The text protocol (shared/protocol.md): UCI and UGI dialects plus the extensions
 * (d, json, moves, perft, bench, eval, query). This layer only parses and prints; the engine
 * object does the work.
 */
#pragma once

#include <stdio.h>

#include "engine/engine.h"
#include "protocol/output.h"

typedef enum { DIALECT_NONE, DIALECT_UCI, DIALECT_UGI } Dialect;

typedef struct Protocol Protocol;

Protocol *protocol_create(Engine *engine, FILE *out);
void protocol_destroy(Protocol *p);

/* Handles one line; returns false after `quit`. */
bool protocol_handle(Protocol *p, const char *line);

/* Reads and handles lines until `quit` or end of input, then stops any search. */
void protocol_loop(Protocol *p, FILE *in);

/* Waits for a background search or perft to finish (command-line use). */
void protocol_wait(Protocol *p);

/* Upper bound on one input line; longer lines are reported and dropped. */
enum { PROTOCOL_LINE_MAX = 32 * 1024 * 1024 };
