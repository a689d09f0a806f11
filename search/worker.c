#include "search/worker.h"

#include "core/util.h"

void shared_publish_locked(SearchShared *shared)
{
    const SearchThread *chosen = &shared->threads[0];
    for (int i = 1; i < shared->thread_count && shared->job.limits.multipv <= 1; i++) {
        const SearchThread *t = &shared->threads[i];
        if (t->completed_depth > chosen->completed_depth &&
            t->completed_score > chosen->completed_score)
            chosen = t;
    }
    shared->published_best = chosen->completed_best;
    shared->published_ponder = chosen->completed_ponder;
    if (shared->skill_best != MOVE_NONE) {
        shared->published_best = shared->skill_best;
        shared->published_ponder = shared->skill_ponder;
    }
    shared->published = true;
}

uint64_t shared_nodes(const SearchShared *shared)
{
    uint64_t n = 0;
    for (int i = 0; i < shared->allocated_for_count; i++)
        n += atomic_load_explicit(&shared->threads[i].nodes, memory_order_relaxed);
    return n;
}

int64_t shared_elapsed_ms(const SearchShared *shared) { return clock_now_ms() - shared->start_ms; }
