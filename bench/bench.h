/*
 * bench: fixed-depth searches of every game's bench positions; the total node count with
 * one thread is deterministic and serves as the search's signature.
 * perftsuite: each game's start-position perft at its deepest reference depth.
 */
#pragma once

#include <stdatomic.h>

#include "core/game.h"

/* Where bench results go: one call per line (no newline). */
typedef struct BenchOutput {
    void *ctx;
    void (*line)(void *ctx, const char *text);
} BenchOutput;

typedef struct BenchArgs {
    const Game *game; /* NULL: every game */
    int depth;        /* 0: each game's bench_depth */
    int threads;
    int hash_mb;
} BenchArgs;

/* Parses `[game|all] [depth] [threads] [hash]`; depth 0 is each game's bench_depth. */
bool bench_parse_args(const char *const *args, int count, BenchArgs *out, char *err);

/* Each of these runs in the foreground and reports its lines through `out`; `stop`, when
 * set, ends it early (after the running search, or between positions). */

/* Runs the bench and reports per position and the totals; returns the node count. */
uint64_t bench_run(const BenchArgs *args, BenchOutput out, const atomic_bool *stop);

/* Returns true when every game's perft matches its reference. */
bool bench_perft_suite(BenchOutput out, const atomic_bool *stop);

/* Starts `count` infinite searches of `game`'s start position with `threads` threads,
 * stops each after a varying delay and prints how long `bestmove` took to follow the
 * stop (maximum, mean, 99th percentile). Returns the maximum in microseconds. */
int64_t bench_stop_latency(const Game *game, int count, int threads, BenchOutput out,
                           const atomic_bool *stop);

/* Formats one line and reports it through out. */
void bench_print(BenchOutput out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
