/*
 * One search thread's state, and what the threads of one search share.
 *
 * The pool (search/thread.h) owns the threads and starts them; the search (search.c)
 * sees only this: its own SearchThread, and through it the SearchShared of the search
 * (the job, the table, the stop flag, the clock, the answer). So the search calls nothing
 * of the pool, and the pool calls the search only through search_thread_prepare and
 * search_thread_run.
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>

#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

typedef struct SearchThread SearchThread;

/* What every thread of one search reads, and the answer they write under `lock`. */
typedef struct SearchShared {
    TT *tt;
    SearchJob job; /* root and history point into the pool's own buffers */
    atomic_bool stop;
    atomic_bool pondering; /* in `go ponder` or `go infinite`: wait before reporting */
    pthread_mutex_t lock;

    SearchThread *threads;
    int thread_count;        /* threads searching (the Threads option) */
    int allocated_for_count; /* threads allocated, whose node counts add up */

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
} SearchShared;

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
    Move move;           /* the move played from this ply; MOVE_NONE: a null move */
    Move killers[2];     /* quiet moves that cut off at this ply, newest first */
    Score static_eval;   /* SCORE_NONE until the node evaluated */
    signed char threat;  /* Game.threat() of this ply's position: -1 not known yet */
    int plies_from_null; /* plies since the last null move (or since the history began) */
    uint64_t key;        /* the position's whole key (its repetition key may be a part) */
    int pv_length;
    Move pv[MAX_PLY + 2]; /* the principal variation from this ply down */
} SearchStack;

struct SearchThread {
    int id;
    SearchShared *shared; /* what the threads of the search share */
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
    /* The last completed iteration, written under shared->lock so that the main thread
     * can choose among the threads while they run. */
    int completed_depth;
    Score completed_score;
    Move completed_best, completed_ponder;
    double best_move_changes;
};

/* With shared->lock held: records the answer, the main thread's last completed
 * iteration's best and ponder moves unless a helper completed a deeper iteration with a
 * better score (with MultiPV the main thread's lines decide). */
void shared_publish_locked(SearchShared *shared);

/* The nodes every thread has searched, and the time since the search started. */
uint64_t shared_nodes(const SearchShared *shared);
int64_t shared_elapsed_ms(const SearchShared *shared);

/* Implemented by search.c: the per-search reset of one thread, and its iterative
 * deepening. */
void search_thread_prepare(SearchThread *thread);
void search_thread_run(SearchThread *thread);
