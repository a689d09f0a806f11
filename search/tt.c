#include "search/tt.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The data word's fields (tt.h): shift and mask of each. */
enum {
    HUGE_PAGE = 2 * 1024 * 1024, /* the table is aligned to it, to be mapped in huge pages */
    KEY_BITS = 64,
    CHECK_MASK = 0xFFFF,
    DEPTH_SHIFT = 16,
    DEPTH_MASK = 0xFF,
    BOUND_SHIFT = 24,
    BOUND_MASK = 3,
    GENERATION_SHIFT = 26,
    GENERATION_MASK = 63,
    SCORE_SHIFT = 32,
    EVAL_SHIFT = 48,
    MB = 1024 * 1024,
    HASHFULL_SAMPLE_BUCKETS = 250, /* 1,000 slots: hashfull is per mille */
    CLEAR_MAX_THREADS = 64,
};

static uint64_t pack(uint64_t key, int depth, int bound, int generation, Score score, Score eval)
{
    return (key & CHECK_MASK) | (uint64_t)(uint8_t)(depth + TT_DEPTH_OFFSET) << DEPTH_SHIFT |
           (uint64_t)(bound & BOUND_MASK) << BOUND_SHIFT |
           (uint64_t)(generation & GENERATION_MASK) << GENERATION_SHIFT |
           (uint64_t)(uint16_t)(int16_t)score << SCORE_SHIFT |
           (uint64_t)(uint16_t)(int16_t)eval << EVAL_SHIFT;
}

static int data_depth(uint64_t d)
{
    return (int)((d >> DEPTH_SHIFT) & DEPTH_MASK) - TT_DEPTH_OFFSET;
}
static int data_bound(uint64_t d) { return (int)((d >> BOUND_SHIFT) & BOUND_MASK); }
static int data_generation(uint64_t d) { return (int)((d >> GENERATION_SHIFT) & GENERATION_MASK); }
static Score data_score(uint64_t d) { return (int16_t)(uint16_t)(d >> SCORE_SHIFT); }
static Score data_eval(uint64_t d) { return (int16_t)(uint16_t)(d >> EVAL_SHIFT); }
static bool data_checks(uint64_t d, uint64_t key) { return (d & CHECK_MASK) == (key & CHECK_MASK); }

static uint64_t data_with_generation(uint64_t d, int generation)
{
    uint64_t field = (uint64_t)GENERATION_MASK << GENERATION_SHIFT;
    return (d & ~field) | (uint64_t)(generation & GENERATION_MASK) << GENERATION_SHIFT;
}

static TTBucket *bucket_of(const TT *tt, uint64_t key)
{
    return &tt->buckets[(uint64_t)(((unsigned __int128)key * tt->bucket_count) >> KEY_BITS)];
}

/* Physical memory in MB, or 0 if unknown: requests beyond it are refused up front, since
 * the kernel may grant a larger mapping and then fail when the pages are touched. */
static size_t physical_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages / (MB / (size_t)page) : 0;
}

bool tt_resize(TT *tt, size_t mb)
{
    size_t phys = physical_mb();
    if (mb == 0 || mb > TT_MB_MAX || (phys && mb > phys))
        return false;
    size_t bytes = mb * MB;
    /* A fresh anonymous mapping is zero pages, so even tens of GB come at once; the pages
     * are only touched when the search writes them. Every probe lands on a random cache
     * line of the table, so with 4 KB pages nearly every probe also misses the TLB: the
     * table is aligned to a huge page and the kernel asked to back it with huge pages
     * (a request it may decline; the table works either way). */
    size_t mapped = bytes + HUGE_PAGE;
    void *memory = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return false;
    if (tt->memory)
        munmap(tt->memory, tt->mapped_bytes);
    tt->memory = memory;
    tt->mapped_bytes = mapped;
    tt->buckets = (TTBucket *)(((uintptr_t)memory + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
#ifdef MADV_HUGEPAGE
    madvise(tt->buckets, bytes, MADV_HUGEPAGE);
#endif
    tt->bucket_count = bytes / sizeof(TTBucket);
    tt->size_mb = mb;
    tt->generation = 0;
    return true;
}

void tt_free(TT *tt)
{
    if (tt->memory)
        munmap(tt->memory, tt->mapped_bytes);
    memset(tt, 0, sizeof *tt);
}

typedef struct ClearSlice {
    TTBucket *first;
    uint64_t count;
} ClearSlice;

static void *clear_slice(void *arg)
{
    ClearSlice *slice = arg;
    memset(slice->first, 0, slice->count * sizeof(TTBucket));
    return NULL;
}

void tt_clear(TT *tt, int threads)
{
    /* Written in place, not swapped for a fresh zeroed block: a fresh block faults its
     * pages in one by one during the next search, on the clock, and where page faults are
     * dear (a loaded or virtualised machine) that cost most of a fast game's time. Here
     * the pages are touched once, before the new game's `readyok`, and stay mapped. */
    tt->generation = 0;
    if (!tt->memory)
        return;
    if (threads < 1)
        threads = 1;
    if (threads > CLEAR_MAX_THREADS)
        threads = CLEAR_MAX_THREADS;
    if ((uint64_t)threads > tt->bucket_count)
        threads = 1;
    ClearSlice slices[CLEAR_MAX_THREADS];
    pthread_t handles[CLEAR_MAX_THREADS];
    bool started[CLEAR_MAX_THREADS] = {false};
    uint64_t per = tt->bucket_count / (uint64_t)threads;
    for (int i = 0; i < threads; i++) {
        slices[i].first = tt->buckets + per * (uint64_t)i;
        slices[i].count = i == threads - 1 ? tt->bucket_count - per * (uint64_t)i : per;
    }
    /* the calling thread clears the first slice; a helper that cannot start leaves its
     * slice to the calling thread too */
    for (int i = 1; i < threads; i++)
        started[i] = pthread_create(&handles[i], NULL, clear_slice, &slices[i]) == 0;
    clear_slice(&slices[0]);
    for (int i = 1; i < threads; i++) {
        if (started[i])
            pthread_join(handles[i], NULL);
        else
            clear_slice(&slices[i]);
    }
}

void tt_new_search(TT *tt) { tt->generation = (uint8_t)((tt->generation + 1) & GENERATION_MASK); }

Score tt_score_to_tt(Score score, int ply)
{
    return score >= SCORE_WIN_BOUND ? score + ply : score <= -SCORE_WIN_BOUND ? score - ply : score;
}

Score tt_score_from_tt(Score score, int ply)
{
    return score >= SCORE_WIN_BOUND ? score - ply : score <= -SCORE_WIN_BOUND ? score + ply : score;
}

bool tt_probe(TT *tt, uint64_t key, int ply, TTHit *hit)
{
    TTBucket *b = bucket_of(tt, key);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTEntry *e = &b->entries[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        if (!data_checks(data, key) || data_bound(data) == TT_BOUND_NONE)
            continue;
        uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
        hit->move = check ^ data ^ key;
        if (data_generation(data) != tt->generation) {
            uint64_t fresh = data_with_generation(data, tt->generation);
            atomic_store_explicit(&e->data, fresh, memory_order_relaxed);
            atomic_store_explicit(&e->check, hit->move ^ fresh ^ key, memory_order_relaxed);
        }
        hit->score = tt_score_from_tt(data_score(data), ply);
        hit->eval = data_eval(data);
        hit->depth = data_depth(data);
        hit->bound = data_bound(data);
        return true;
    }
    return false;
}

void tt_store(TT *tt, uint64_t key, int ply, Move move, Score score, Score eval, int depth,
              int bound)
{
    TTBucket *b = bucket_of(tt, key);
    TTEntry *slot = NULL;
    int best_worth = INT_MAX;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTEntry *e = &b->entries[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        if (data_bound(data) == TT_BOUND_NONE || data_checks(data, key)) {
            if (data_bound(data) != TT_BOUND_NONE) {
                if (move == MOVE_NONE)
                    move = atomic_load_explicit(&e->check, memory_order_relaxed) ^ data ^ key;
                if (bound != TT_BOUND_EXACT && data_generation(data) == tt->generation &&
                    data_depth(data) > depth + TT_KEEP_DEEPER_BY)
                    return;
            }
            slot = e;
            break;
        }
        int age = (tt->generation - data_generation(data)) & GENERATION_MASK;
        int worth = data_depth(data) - TT_AGE_WEIGHT * age;
        if (worth < best_worth)
            best_worth = worth, slot = e;
    }
    if (depth < -TT_DEPTH_OFFSET)
        depth = -TT_DEPTH_OFFSET;
    uint64_t data = pack(key, depth, bound, tt->generation, tt_score_to_tt(score, ply), eval);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->check, move ^ data ^ key, memory_order_relaxed);
}

void tt_prefetch(const TT *tt, uint64_t key) { __builtin_prefetch(bucket_of(tt, key)); }

int tt_hashfull(const TT *tt)
{
    uint64_t n =
        tt->bucket_count < HASHFULL_SAMPLE_BUCKETS ? tt->bucket_count : HASHFULL_SAMPLE_BUCKETS;
    int used = 0;
    for (uint64_t i = 0; i < n; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES; j++) {
            uint64_t d =
                atomic_load_explicit(&tt->buckets[i].entries[j].data, memory_order_relaxed);
            used += data_bound(d) != TT_BOUND_NONE && data_generation(d) == tt->generation;
        }
    enum { PER_MILLE = 1000 };
    return n ? (int)(used * PER_MILLE / (n * TT_BUCKET_ENTRIES)) : 0;
}
