/*
 * The commands that run a task in the background instead of a search: perft, bench,
 * perftsuite and stoplatency. Each reports its end (job_ended) before its last line, as a
 * search does with its bestmove, so that what is queued behind it runs in turn.
 */
#include <inttypes.h>

#include "core/util.h"
#include "protocol/session.h"

enum { STOPLATENCY_THREADS_MAX = 1024, STOPLATENCY_COUNT_MAX = 100000 };

static void perft_move(void *ctx, const char *move, uint64_t nodes)
{
    output_line(((Protocol *)ctx)->out, "%s: %" PRIu64, move, nodes);
}

static void perft_done(void *ctx, uint64_t total, bool stopped)
{
    Protocol *p = ctx;
    job_ended(p); /* before the last line, as for a bestmove */
    if (stopped)
        output_line(p->out, "info string perft stopped");
    else
        output_line(p->out, "\nNodes searched: %" PRIu64, total);
}

void task_perft(Protocol *p, const char *depth_str)
{
    long long depth;
    if (!depth_str || !parse_int(depth_str, 1, MAX_PLY, &depth)) {
        char msg[ERR_MAX];
        snprintf(msg, sizeof msg, "perft needs a depth from 1 to %d", MAX_PLY);
        protocol_error(p, "%s", msg);
        return;
    }
    job_starting(p, true);
    engine_perft(p->engine, (int)depth, (PerftReport){p, perft_move, perft_done});
}

static void bench_line(void *ctx, const char *text)
{
    output_line(((Protocol *)ctx)->out, "%s", text);
}

static BenchOutput bench_output(Protocol *p) { return (BenchOutput){p, bench_line}; }

static void bench_task(void *arg, const atomic_bool *stop)
{
    Protocol *p = arg;
    bench_run(&p->bench_args, bench_output(p), stop);
    job_ended(p);
}

void task_bench(Protocol *p, const Tokens *t)
{
    char err[ERR_MAX];
    if (!bench_parse_args((const char *const *)t->items + 1, t->count - 1, &p->bench_args, err)) {
        protocol_error(p, "%s", err);
        return;
    }
    job_starting(p, true);
    engine_run(p->engine, bench_task, p);
}

static void stoplatency_task(void *arg, const atomic_bool *stop)
{
    Protocol *p = arg;
    bench_stop_latency(engine_game(p->engine), p->latency_count, p->latency_threads,
                       bench_output(p), stop);
    job_ended(p);
}

void task_stoplatency(Protocol *p, const Tokens *t)
{
    long long count = 100, threads = 1;
    if ((t->count > 1 && !parse_int(t->items[1], 1, STOPLATENCY_COUNT_MAX, &count)) ||
        (t->count > 2 && !parse_int(t->items[2], 1, STOPLATENCY_THREADS_MAX, &threads)) ||
        t->count > 3) {
        protocol_error(p, "%s", "usage: stoplatency [count] [threads]");
        return;
    }
    p->latency_count = (int)count;
    p->latency_threads = (int)threads;
    job_starting(p, true);
    engine_run(p->engine, stoplatency_task, p);
}

static void perftsuite_task(void *arg, const atomic_bool *stop)
{
    Protocol *p = arg;
    bench_perft_suite(bench_output(p), stop);
    job_ended(p);
}

void task_perftsuite(Protocol *p, const Tokens *t)
{
    (void)t;
    job_starting(p, true);
    engine_run(p->engine, perftsuite_task, p);
}
