/*
 * The protocol's own state, shared by its files and by nothing outside protocol/:
 * uci.c reads the lines and dispatches the commands, queue.c keeps the commands that wait
 * their turn and sequences the jobs, report.c prints what a search reports, tasks.c runs
 * perft, bench, perftsuite and stoplatency.
 */
#pragma once

#include <stdatomic.h>

#include "bench/bench.h"
#include "protocol/input.h"
#include "protocol/protocol.h"

/* A command line split into words, in one buffer. */
typedef struct Tokens {
    char *buf;
    char **items;
    int count;
} Tokens;

Tokens tokens_split(const char *line);
void tokens_free(Tokens *t);
/* Joins tokens [from, to) with single spaces into buf. */
void tokens_join(const Tokens *t, int from, int to, char *buf, size_t size);

/* A command waiting its turn. */
typedef struct Pending {
    struct Pending *next;
    bool quit; /* the line is a quit */
    char line[];
} Pending;

struct Protocol {
    Engine *engine;
    Output *out;
    Dialect dialect;

    /* Commands that wait for the running job (a search, perft or bench) to end, in order
     * of arrival (see protocol_handle). */
    Pending *queue, *queue_tail;
    bool quit_received;    /* nothing after a quit is read */
    bool task_running;     /* the job is a perft or bench: quit waits for it */
    unsigned job_seq;      /* jobs started */
    atomic_uint ended_seq; /* the last job that has reported its end */
    Input *input;          /* set while protocol_loop reads */

    /* Arguments of the running foreground task. */
    BenchArgs bench_args;
    int latency_count, latency_threads;

    FILE *errors; /* command-line use: errors go here as "wyrm: ..." */
    int error_count;
};

/* One error line (`info string error: ...`, or "wyrm: ..." on the command line). */
void protocol_error(Protocol *p, const char *fmt, const char *arg);
/* uci.c: runs a line whose turn has come. */
void protocol_run_line(Protocol *p, const char *line);

/* ---- queue.c ---- */
/* A job (search, perft, bench) starts; `task`: one a quit waits for. */
void job_starting(Protocol *p, bool task);
/* The running job has reported its end: the next queued command may run. */
void job_ended(Protocol *p);
void queue_push(Protocol *p, const char *line, bool quit);
/* Runs queued commands while nothing runs, or once the running job has reported its end. */
void queue_pump(Protocol *p);
void queue_free(Protocol *p);
/* input_wait's condition: the running job has ended and commands wait for their turn. */
bool queue_may_run(void *ctx);

/* ---- report.c ---- */
/* The callbacks through which a search started by `go` reports to p. */
SearchReport report_callbacks(Protocol *p);
void report_bestmove(void *ctx, Move best, Move ponder);

/* ---- tasks.c ---- */
/* perft D (and go perft D): the depth's text, NULL when missing. */
void task_perft(Protocol *p, const char *depth);
void task_bench(Protocol *p, const Tokens *t);
void task_perftsuite(Protocol *p, const Tokens *t);
void task_stoplatency(Protocol *p, const Tokens *t);
