#include "bench/bench.h"

#include <ctype.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/perft.h"
#include "core/registry.h"
#include "core/util.h"
#include "engine/engine.h"
#include "search/thread.h"

enum { BENCH_DEFAULT_HASH = 16, BENCH_MAX_HASH = 65536, BENCH_MAX_THREADS = 1024 };

bool bench_parse_args(const char *const *args, int count, BenchArgs *out, char *err)
{
    *out = (BenchArgs){NULL, 0, 1, BENCH_DEFAULT_HASH};
    int i = 0;
    if (count > 0 && strcasecmp(args[0], "all") != 0 && registry_find(args[0]))
        out->game = registry_find(args[0]), i = 1;
    else if (count > 0 && strcasecmp(args[0], "all") == 0)
        i = 1;
    else if (count > 0 && !isdigit((unsigned char)args[0][0]) && args[0][0] != '-') {
        snprintf(err, ERR_MAX, "bench: unknown game '%.64s' (a game id, all, or a depth)", args[0]);
        return false;
    }
    int *fields[] = {&out->depth, &out->threads, &out->hash_mb};
    static const int lo[] = {0, 1, 1}, hi[] = {MAX_PLY - 1, BENCH_MAX_THREADS, BENCH_MAX_HASH};
    static const char *names[] = {"depth", "threads", "hash"};
    for (int f = 0; i < count; i++, f++) {
        long long v;
        if (f == 3 || !parse_int(args[i], lo[f], hi[f], &v)) {
            snprintf(err, ERR_MAX,
                     f == 3 ? "usage: bench [game|all] [depth] [threads] [hash] (extra '%.64s')"
                            : "bench: bad %s '%.64s'",
                     f == 3 ? args[i] : names[f], args[i]);
            if (f == 3)
                snprintf(err, ERR_MAX, "usage: bench [game|all] [depth] [threads] [hash]");
            return false;
        }
        *fields[f] = (int)v;
    }
    return true;
}

void bench_print(BenchOutput out, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    out.line(out.ctx, line);
}

typedef struct BenchResult {
    const Game *game;
    const void *root;
    char best[MOVE_STR_MAX];
    int depth;
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    bool done;
} BenchResult;

static void bench_info(void *ctx, const SearchInfo *info)
{
    ((BenchResult *)ctx)->depth = info->depth;
}

static void bench_bestmove(void *ctx, Move best, Move ponder)
{
    BenchResult *r = ctx;
    (void)ponder;
    game_move_text(r->game, r->root, best, r->best);
    pthread_mutex_lock(&r->lock);
    r->done = true;
    pthread_cond_signal(&r->done_cond);
    pthread_mutex_unlock(&r->lock);
}

/* Waits for the search's bestmove, stopping the search when `stop` is set. */
static void wait_for_search(Engine *e, BenchResult *r, const atomic_bool *stop)
{
    enum { STOP_POLL_NS = 2000000 };
    pthread_mutex_lock(&r->lock);
    while (!r->done) {
        if (stop && atomic_load(stop)) {
            pthread_mutex_unlock(&r->lock);
            engine_stop(e);
            pthread_mutex_lock(&r->lock);
            continue;
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += STOP_POLL_NS;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&r->done_cond, &r->lock, &until);
    }
    pthread_mutex_unlock(&r->lock);
    engine_wait(e);
}

uint64_t bench_run(const BenchArgs *args, BenchOutput out, const atomic_bool *stop)
{
    Engine *e = engine_create();
    char err[ERR_MAX], value[32];
    uint64_t total_nodes = 0;
    int64_t total_ms = 0;
    snprintf(value, sizeof value, "%d", args->hash_mb);
    engine_set_option(e, "Hash", value, err);
    snprintf(value, sizeof value, "%d", args->threads);
    engine_set_option(e, "Threads", value, err);
    for (int gi = 0; gi < registry_count() && !(stop && atomic_load(stop)); gi++) {
        const Game *g = registry_game(gi);
        if (args->game && args->game != g)
            continue;
        int count = 0;
        while (g->bench_fens && g->bench_fens[count])
            count++;
        for (int i = 0; i < count && !(stop && atomic_load(stop)); i++) {
            if (!engine_set_game(e, g->name, err) ||
                !engine_set_position(e, g->bench_fens[i], NULL, 0, err)) {
                bench_print(out, "info string error: bench %s position %d: %s", g->name, i + 1,
                            err);
                continue;
            }
            engine_new_game(e);
            BenchResult r = {g,    engine_position(e),        "0000",
                             0,    PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
                             false};
            SearchLimits limits = {.depth = args->depth ? args->depth : g->bench_depth,
                                   .time = {-1, -1},
                                   .multipv = 1};
            int64_t start = clock_now_ms();
            engine_go(e, &limits, (SearchReport){&r, bench_info, bench_bestmove, NULL});
            wait_for_search(e, &r, stop);
            int64_t ms = clock_now_ms() - start;
            uint64_t nodes = engine_nodes(e);
            total_nodes += nodes;
            total_ms += ms;
            bench_print(out,
                        "bench %-22s %2d/%-2d depth %2d nodes %10" PRIu64 " time %6" PRId64
                        " bestmove %s",
                        g->name, i + 1, count, r.depth, nodes, ms, r.best);
        }
    }
    engine_destroy(e);
    bench_print(out, "%s", "");
    bench_print(out, "Total time (ms) : %" PRId64, total_ms);
    bench_print(out, "Nodes/second    : %" PRIu64,
                total_ms > 0 ? total_nodes * 1000 / (uint64_t)total_ms : total_nodes * 1000);
    bench_print(out, "Nodes searched  : %" PRIu64, total_nodes);
    return total_nodes;
}

bool bench_perft_suite(BenchOutput out, const atomic_bool *stop)
{
    bool all_ok = true;
    for (int gi = 0; gi < registry_count() && !(stop && atomic_load(stop)); gi++) {
        const Game *g = registry_game(gi);
        int depth = 0;
        while (g->perft_reference && g->perft_reference[depth])
            depth++;
        if (!depth)
            continue;
        unsigned char *pos = malloc(g->pos_size);
        char err[ERR_MAX];
        if (!pos || !g->fen_read(pos, game_start_fen(g, NULL), err, sizeof err))
            abort();
        int64_t start = clock_now_ms();
        uint64_t nodes = perft(g, pos, depth);
        int64_t ms = clock_now_ms() - start;
        bool ok = nodes == g->perft_reference[depth - 1];
        all_ok &= ok;
        bench_print(out,
                    "perft %-22s depth %d nodes %12" PRIu64 " %s time %6" PRId64
                    " ms  %10.1f Mnodes/s",
                    g->name, depth, nodes, ok ? "ok  " : "FAIL", ms,
                    ms > 0 ? (double)nodes / (double)ms / 1000.0 : 0.0);
        free(pos);
    }
    bench_print(out, "%s", all_ok ? "perftsuite: all match" : "perftsuite: MISMATCH");
    return all_ok;
}
