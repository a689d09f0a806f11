/*
 * bench: fixed-depth searches of every game's bench positions; the total node count with
 * one thread is deterministic and serves as the search's signature.
 * perftsuite: each game's start-position perft at its deepest reference depth.
 */
#pragma once

#include "engine/game.h"
#include "protocol/output.h"

typedef struct BenchArgs {
    const Game *game; /* NULL: every game */
    int depth;        /* 0: each game's bench_depth */
    int threads;
    int hash_mb;
} BenchArgs;

/* Parses `[game|all] [depth] [threads] [hash]`; depth 0 is each game's bench_depth. */
bool bench_parse_args(const char *const *args, int count, BenchArgs *out, char *err);

/* Runs the bench and prints per position and the totals; returns the node count. */
uint64_t bench_run(const BenchArgs *args, Output *out);

/* Returns true when every game's perft matches its reference. */
bool bench_perft_suite(Output *out);

/* Starts `count` infinite searches of `game`'s start position with `threads` threads,
 * stops each after a varying delay and prints how long `bestmove` took to follow the
 * stop (maximum, mean, 99th percentile). Returns the maximum in microseconds. */
int64_t bench_stop_latency(const Game *game, int count, int threads, Output *out);
