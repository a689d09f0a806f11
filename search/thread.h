/*
 * The search threads (Lazy SMP) and the pool that runs them.
 *
 * A search runs on its own "main" thread so that the protocol keeps reading input (and
 * answers `isready` and `stop`) while it thinks. The main thread starts Threads-1
 * helpers; every thread searches the same root with its own position stack, killers and
 * histories, and they share only the transposition table and the stop flag. The main
 * thread alone manages time, reports progress and chooses the move.
 *
 * Per-thread state that outlives one search (histories) is kept between searches and
 * cleared by pool_clear (ucinewgame).
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>

#include "search/worker.h"

typedef struct SearchPool SearchPool;

struct SearchPool {
    SearchShared shared; /* what the search threads see (search/worker.h) */
    const Game *allocated_for_game;

    unsigned char *root;
    uint64_t *history;
    int history_capacity;

    atomic_bool running; /* the main thread has not finished its job */
    /* The main thread lives as long as the pool and sleeps between jobs, so a search costs
     * no thread creation (many short searches from a GUI, thousands from a fuzzer). */
    bool main_started, main_quit, job_waiting;
    pthread_t main_thread;
    pthread_cond_t job_ready, job_done; /* with shared.lock: a job to run; the job has ended */
    pthread_cond_t wake;
};

SearchPool *pool_create(void);
void pool_destroy(SearchPool *pool);
void pool_set_threads(SearchPool *pool, int count); /* only while idle */

/* Starts a search in the background and returns at once. The pool must be idle. */
void pool_start(SearchPool *pool, TT *tt, const SearchJob *job);

void pool_stop(SearchPool *pool);
void pool_ponderhit(SearchPool *pool);
/* Waits until the running search has finished and reported. */
void pool_wait(SearchPool *pool);
bool pool_busy(SearchPool *pool);
/* A search is running that only a stop ends: infinite, or pondering. */
bool pool_waits_for_stop(SearchPool *pool);
/* Forgets what earlier searches learned (histories, killers). */
void pool_clear(SearchPool *pool);
