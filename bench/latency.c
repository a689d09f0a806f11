/*
 * Stop latency: the time from `stop` to `bestmove`, which the protocol requires to stay
 * under 10 ms. Measured inside the engine (the protocol thread reads `stop` as soon as
 * it arrives, so pipe transport adds only microseconds).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench/bench.h"
#include "core/rng.h"
#include "core/util.h"
#include "engine/engine.h"

typedef struct LatencyProbe {
    pthread_mutex_t lock;
    pthread_cond_t done;
    bool answered;
    int64_t answered_us;
} LatencyProbe;

static void on_bestmove(void *ctx, Move best, Move ponder)
{
    LatencyProbe *p = ctx;
    (void)best, (void)ponder;
    pthread_mutex_lock(&p->lock);
    p->answered = true;
    p->answered_us = clock_now_us();
    pthread_cond_signal(&p->done);
    pthread_mutex_unlock(&p->lock);
}

static int compare_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int64_t bench_stop_latency(const Game *game, int count, int threads, BenchOutput out,
                           const atomic_bool *stop)
{
    enum { MIN_DELAY_MS = 5, DELAY_SPREAD_MS = 200 };
    Engine *e = engine_create();
    char err[ERR_MAX];
    if (!engine_set_game(e, game->name, err))
        abort();
    char value[32];
    snprintf(value, sizeof value, "%d", threads);
    if (!engine_set_option(e, "Threads", value, err))
        abort();
    int64_t *samples = calloc((size_t)count, sizeof *samples);
    LatencyProbe probe = {.answered = false};
    pthread_mutex_init(&probe.lock, NULL);
    pthread_cond_init(&probe.done, NULL);
    uint64_t seed = 0x57095;
    int done = 0;
    for (int i = 0; i < count && !(stop && atomic_load(stop)); i++, done++) {
        SearchLimits limits = {.infinite = true, .time = {-1, -1}, .multipv = 1};
        probe.answered = false;
        engine_go(e, &limits, (SearchReport){&probe, NULL, on_bestmove, NULL});
        int64_t delay = MIN_DELAY_MS + (int64_t)rng_below(&seed, DELAY_SPREAD_MS);
        struct timespec ts = {(time_t)(delay / 1000), (long)(delay % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        int64_t stop_us = clock_now_us();
        engine_stop(e);
        pthread_mutex_lock(&probe.lock);
        while (!probe.answered)
            pthread_cond_wait(&probe.done, &probe.lock);
        samples[i] = probe.answered_us - stop_us;
        pthread_mutex_unlock(&probe.lock);
        engine_wait(e);
    }
    count = done > 0 ? done : 1;
    qsort(samples, (size_t)count, sizeof *samples, compare_i64);
    int64_t sum = 0;
    for (int i = 0; i < count; i++)
        sum += samples[i];
    int64_t max = samples[count - 1];
    bench_print(out,
                "stop latency %s, %d threads, %d stops: max %" PRId64 " us, mean %" PRId64
                " us, p99 %" PRId64 " us",
                game->name, threads, count, max, sum / count,
                samples[(count * 99) / 100 - (count >= 100)]);
    free(samples);
    pthread_mutex_destroy(&probe.lock);
    pthread_cond_destroy(&probe.done);
    engine_destroy(e);
    return max;
}
