#include "search/thread.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/util.h"
#include "search/timeman.h"

SearchPool *pool_create(void)
{
    SearchPool *pool = xcalloc(1, sizeof *pool);
    pthread_mutex_init(&pool->shared.lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->job_ready, NULL);
    pthread_cond_init(&pool->job_done, NULL);
    pool->shared.thread_count = 1;
    pool->shared.reported = true; /* no search yet: nothing to answer */
    return pool;
}

static void free_threads(SearchPool *pool)
{
    for (int i = 0; i < pool->shared.allocated_for_count; i++) {
        SearchThread *t = &pool->shared.threads[i];
        free(t->positions);
        free(t->stack);
        free(t->arena_moves);
        free(t->arena_scores);
        free(t->arena_quiets);
        free(t->keys);
        free(t->history);
        free(t->counter_moves);
        free(t->root_moves);
    }
    free(pool->shared.threads);
    pool->shared.threads = NULL;
    pool->shared.allocated_for_count = 0;
    pool->allocated_for_game = NULL;
}

void pool_destroy(SearchPool *pool)
{
    pool_stop(pool);
    pool_wait(pool);
    if (pool->main_started) {
        pthread_mutex_lock(&pool->shared.lock);
        pool->main_quit = true;
        pthread_cond_signal(&pool->job_ready);
        pthread_mutex_unlock(&pool->shared.lock);
        pthread_join(pool->main_thread, NULL);
    }
    free_threads(pool);
    free(pool->root);
    free(pool->history);
    pthread_mutex_destroy(&pool->shared.lock);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->job_ready);
    pthread_cond_destroy(&pool->job_done);
    free(pool);
}

void pool_set_threads(SearchPool *pool, int count)
{
    pool->shared.thread_count = count < 1 ? 1 : count;
}

/* Sizes every thread's tables for the job's game; histories survive when nothing changed. */
static void allocate_threads(SearchPool *pool, const Game *game)
{
    if (pool->allocated_for_game == game &&
        pool->shared.allocated_for_count == pool->shared.thread_count)
        return;
    free_threads(pool);
    pool->shared.threads = xcalloc((size_t)pool->shared.thread_count, sizeof(SearchThread));
    for (int i = 0; i < pool->shared.thread_count; i++) {
        SearchThread *t = &pool->shared.threads[i];
        t->id = i;
        t->shared = &pool->shared;
        t->game = game;
        size_t plies = MAX_PLY + 2, list = (size_t)game->max_moves;
        t->positions = xcalloc(plies, game->pos_size);
        t->stack = xcalloc(plies, sizeof(SearchStack));
        t->arena_moves = xcalloc(plies * list, sizeof(Move));
        t->arena_scores = xcalloc(plies * list, sizeof(int));
        t->arena_quiets = xcalloc(plies * list, sizeof(Move));
        t->history = xcalloc(2 * (size_t)game->move_index_count, sizeof(int16_t));
        t->counter_moves = xcalloc(game->move_index_count, sizeof(Move));
    }
    pool->shared.allocated_for_count = pool->shared.thread_count;
    pool->allocated_for_game = game;
}

void pool_clear(SearchPool *pool)
{
    for (int i = 0; i < pool->shared.allocated_for_count; i++) {
        SearchThread *t = &pool->shared.threads[i];
        memset(t->history, 0, 2 * (size_t)t->game->move_index_count * sizeof(int16_t));
        memset(t->counter_moves, 0, t->game->move_index_count * sizeof(Move));
        for (int ply = 0; ply < MAX_PLY + 2; ply++)
            t->stack[ply].killers[0] = t->stack[ply].killers[1] = MOVE_NONE;
    }
}

/* Move lists and per-ply state live in each thread's heap (SearchStack and the move
 * arena), so a search frame is a few hundred bytes and MAX_PLY of them, quiescence plies
 * included, fit a small stack; the size is set rather than left to the platform, whose
 * default varies from 128 KB to 8 MB. */
enum { SEARCH_STACK_BYTES = 4 * 1024 * 1024 };

static bool start_thread(pthread_t *handle, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SEARCH_STACK_BYTES);
    bool ok = pthread_create(handle, &attr, fn, arg) == 0;
    pthread_attr_destroy(&attr);
    return ok;
}

static void *helper_main(void *arg)
{
    search_thread_run(arg);
    return NULL;
}

/* Blocks while the search must not report yet (go infinite, or pondering). A job run
 * inline, on the caller's thread because no main thread could be started (the
 * single-threaded WebAssembly build has none), does not wait: the caller is the one
 * thread that could have sent the stop. */
static void wait_while_pondering(SearchPool *pool)
{
    if (!pool->main_started)
        return;
    pthread_mutex_lock(&pool->shared.lock);
    while (!atomic_load(&pool->shared.stop) &&
           (pool->shared.job.limits.infinite || atomic_load(&pool->shared.pondering)))
        pthread_cond_wait(&pool->wake, &pool->shared.lock);
    pthread_mutex_unlock(&pool->shared.lock);
}

/* With pool->shared.lock held: prints the answer unless it is already out (or not yet known,
 * before the root moves are ready; the main thread answers then). */
static void report_once_locked(SearchPool *pool)
{
    if (pool->shared.reported || !pool->shared.published)
        return;
    shared_publish_locked(&pool->shared);
    pool->shared.reported = true;
    pool->shared.job.report.bestmove(pool->shared.job.report.ctx, pool->shared.published_best,
                                     pool->shared.published_ponder);
}

static void job_finished(SearchPool *pool)
{
    pthread_mutex_lock(&pool->shared.lock);
    atomic_store(&pool->running, false);
    pthread_cond_broadcast(&pool->job_done);
    pthread_mutex_unlock(&pool->shared.lock);
}

/* One search on the main thread. */
static void run_job(SearchPool *pool)
{
    tt_new_search(pool->shared.tt);
    for (int i = 0; i < pool->shared.thread_count; i++)
        search_thread_prepare(&pool->shared.threads[i]);
    pthread_mutex_lock(&pool->shared.lock);
    shared_publish_locked(&pool->shared);
    pthread_mutex_unlock(&pool->shared.lock);
    int started = 1;
    for (int i = 1; i < pool->shared.thread_count; i++, started++)
        if (!start_thread(&pool->shared.threads[i].handle, helper_main, &pool->shared.threads[i]))
            break;
    search_thread_run(&pool->shared.threads[0]);
    wait_while_pondering(pool);
    atomic_store(&pool->shared.stop, true);
    /* Answer before joining the helpers: they only need to notice the stop flag. */
    pthread_mutex_lock(&pool->shared.lock);
    report_once_locked(pool);
    pthread_mutex_unlock(&pool->shared.lock);
    for (int i = 1; i < started; i++)
        pthread_join(pool->shared.threads[i].handle, NULL);
    job_finished(pool);
}

/* The main thread: runs each job launch() hands it, until the pool is destroyed. */
static void *pool_main(void *arg)
{
    SearchPool *pool = arg;
    pthread_mutex_lock(&pool->shared.lock);
    for (;;) {
        while (!pool->job_waiting && !pool->main_quit)
            pthread_cond_wait(&pool->job_ready, &pool->shared.lock);
        if (pool->main_quit)
            break;
        pool->job_waiting = false;
        pthread_mutex_unlock(&pool->shared.lock);
        run_job(pool);
        pthread_mutex_lock(&pool->shared.lock);
    }
    pthread_mutex_unlock(&pool->shared.lock);
    return NULL;
}

static void launch(SearchPool *pool)
{
    pthread_mutex_lock(&pool->shared.lock);
    pool->shared.reported = false;
    pool->shared.published = false;
    pool->shared.skill_best = pool->shared.skill_ponder = MOVE_NONE;
    pthread_mutex_unlock(&pool->shared.lock);
    atomic_store(&pool->shared.stop, false);
    atomic_store(&pool->running, true);
    pool->shared.start_ms = clock_now_ms();
    timeman_clock_start(&pool->shared.time, pool->shared.start_ms);
    if (!pool->main_started && start_thread(&pool->main_thread, pool_main, pool))
        pool->main_started = true;
    if (!pool->main_started) {
        /* No thread: run inline, which still answers exactly once. */
        run_job(pool);
        return;
    }
    pthread_mutex_lock(&pool->shared.lock);
    pool->job_waiting = true;
    pthread_cond_signal(&pool->job_ready);
    pthread_mutex_unlock(&pool->shared.lock);
}

void pool_start(SearchPool *pool, TT *tt, const SearchJob *job)
{
    pool_wait(pool);
    const Game *game = job->game;
    allocate_threads(pool, game);
    pool->shared.tt = tt;
    pool->shared.job = *job;
    free(pool->root);
    pool->root = xcalloc(1, game->pos_size);
    memcpy(pool->root, job->root, game->pos_size);
    pool->shared.job.root = pool->root;

    /* Positions before the last irreversible move can never repeat. */
    int keep = game_repetition_plies(game, job->root);
    if (keep > job->history_length)
        keep = job->history_length;
    free(pool->history);
    pool->history = xcalloc((size_t)keep + 1, sizeof(uint64_t));
    memcpy(pool->history, job->history + (job->history_length - keep),
           (size_t)keep * sizeof(uint64_t));
    pool->shared.job.history = pool->history;
    pool->shared.job.history_length = keep;
    for (int i = 0; i < pool->shared.thread_count; i++) {
        SearchThread *t = &pool->shared.threads[i];
        free(t->keys);
        t->keys = xcalloc((size_t)keep + MAX_PLY + 4, sizeof(uint64_t));
    }

    atomic_store(&pool->shared.pondering, job->limits.ponder);
    timeman_start(&pool->shared.time, &job->limits, game->side_to_move(job->root),
                  game->params.moves_left);
    launch(pool);
}

void pool_stop(SearchPool *pool)
{
    pthread_mutex_lock(&pool->shared.lock);
    atomic_store(&pool->shared.stop, true);
    pthread_cond_broadcast(&pool->wake);
    report_once_locked(pool);
    pthread_mutex_unlock(&pool->shared.lock);
}

void pool_ponderhit(SearchPool *pool)
{
    pthread_mutex_lock(&pool->shared.lock);
    if (atomic_load(&pool->shared.pondering)) {
        timeman_clock_start(&pool->shared.time, clock_now_ms());
        atomic_store(&pool->shared.pondering, false);
    }
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->shared.lock);
}

void pool_wait(SearchPool *pool)
{
    pthread_mutex_lock(&pool->shared.lock);
    while (atomic_load(&pool->running))
        pthread_cond_wait(&pool->job_done, &pool->shared.lock);
    pthread_mutex_unlock(&pool->shared.lock);
}

bool pool_busy(SearchPool *pool) { return atomic_load(&pool->running); }

bool pool_waits_for_stop(SearchPool *pool)
{
    return atomic_load(&pool->running) &&
           (pool->shared.job.limits.infinite || atomic_load(&pool->shared.pondering));
}
