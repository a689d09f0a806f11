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

#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

typedef struct SearchPool SearchPool;

/* The state of one root move, kept across iterations for ordering and MultiPV. */
typedef struct RootMove {
    Move move;
    Score score, previous_score;
    int seldepth;
    int pv_length;
    Move pv[MAX_PLY];
} RootMove;

/* One ply of the search (after Weiss's Stack): what the node at that ply knows about
 * itself and leaves for its children and parent to read. */
typedef struct SearchStack {
    Move move;          /* the move played from this ply; MOVE_NONE: a null move */
    Move killers[2];    /* quiet moves that cut off at this ply, newest first */
    Score static_eval;  /* SCORE_NONE until the node evaluated */
    signed char threat; /* Game.threat() of this ply's position: -1 not known yet */
    int pv_length;
    Move pv[MAX_PLY + 2]; /* the principal variation from this ply down */
} SearchStack;

typedef struct SearchThread {
    int id;
    SearchPool *pool;
    pthread_t handle;
    const Game *game;

    unsigned char *positions; /* (MAX_PLY + 2) positions, one per ply, copy-make */
    uint64_t *keys;           /* history keys then one key per ply, for repetitions */
    int key_base;             /* index in keys of the root position */
    SearchStack *stack;       /* (MAX_PLY + 2) plies */

    /* Move lists live here, game->max_moves entries per ply, instead of in the frames of
     * the recursion: per ply the moves and their order scores, and the quiet moves tried
     * (for the history maluses). */
    Move *arena_moves;
    int *arena_scores;
    Move *arena_quiets;

    RootMove *root_moves;
    int root_count;
    int multipv_index; /* the root move being searched as the k-th line */
    int root_depth;    /* the iteration's depth */

    int16_t *history;    /* [2][move_index_count]: side to move, move index */
    Move *counter_moves; /* [move_index_count]: best reply to the previous move */

    _Atomic uint64_t nodes;
    int seldepth;
    /* The last completed iteration, written under pool->lock so that the main thread
     * can choose among the threads while they run. */
    int completed_depth;
    Score completed_score;
    Move completed_best, completed_ponder;
    double best_move_changes;
} SearchThread;

typedef void (*PoolTask)(void *arg, const atomic_bool *stop);

struct SearchPool {
    SearchThread *threads;
    int thread_count;
    int allocated_for_count;
    const Game *allocated_for_game;

    TT *tt;
    SearchJob job; /* root and history point into the pool's own buffers */
    unsigned char *root;
    uint64_t *history;
    int history_capacity;

    atomic_bool stop;
    atomic_bool pondering; /* in `go ponder` or `go infinite`: wait before reporting */
    atomic_bool running;   /* the main thread has not finished its job */
    /* The main thread lives as long as the pool and sleeps between jobs, so a search costs
     * no thread creation (many short searches from a GUI, thousands from a fuzzer). */
    bool main_started, main_quit, job_waiting;
    pthread_t main_thread;
    pthread_cond_t job_ready, job_done; /* with lock: a job to run; the job has ended */
    pthread_mutex_t lock;
    pthread_cond_t wake;

    int64_t start_ms; /* when the search started (for `time` and `nps`) */
    TimeManager time; /* the plan for this move and our clock (search/timeman.h) */

    /* The answer. `bestmove` is printed once, by whoever comes first: the main thread at
     * the end of the search, or pool_stop itself from the published move, so that `stop`
     * is answered at once even when a busy machine is slow to schedule the search
     * threads. Both fields and every `info` line are guarded by `lock`, so no `info`
     * follows the `bestmove`. */
    bool reported;  /* this search's bestmove has been printed */
    bool published; /* published_best holds the last completed iteration's move */
    Move published_best, published_ponder;
    Move skill_best, skill_ponder; /* a weakened level's choice, which the answer takes */

    PoolTask task; /* a background task instead of a search (perft) */
    void *task_arg;
};

SearchPool *pool_create(void);
void pool_destroy(SearchPool *pool);
void pool_set_threads(SearchPool *pool, int count); /* only while idle */

/* Starts a search in the background and returns at once. The pool must be idle. */
void pool_start(SearchPool *pool, TT *tt, const SearchJob *job);
/* Runs `task` on the pool's main thread in the background (stoppable by pool_stop). */
void pool_run_task(SearchPool *pool, PoolTask task, void *arg);

void pool_stop(SearchPool *pool);
void pool_ponderhit(SearchPool *pool);
/* Waits until the running search or task has finished and reported. */
void pool_wait(SearchPool *pool);
bool pool_busy(SearchPool *pool);
/* A search (not a task) is running that only a stop ends: infinite, or pondering. */
bool pool_waits_for_stop(SearchPool *pool);
/* Forgets what earlier searches learned (histories, killers). */
void pool_clear(SearchPool *pool);

/* With pool->lock held: records the answer, the main thread's last completed iteration's
 * best and ponder moves unless a helper completed a deeper iteration with a better score
 * (with MultiPV the main thread's lines decide). */
void pool_publish_locked(SearchPool *pool);

uint64_t pool_nodes(SearchPool *pool);
int64_t pool_elapsed_ms(const SearchPool *pool);

/* Implemented by search.c: one thread's iterative deepening, and the per-search reset. */
void search_thread_run(SearchThread *thread);
void search_thread_prepare(SearchThread *thread);
