#include "search/tt.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CACHE_LINE = 64, AGE_WEIGHT = 8, GENERATION_MASK = 63 };

static uint64_t pack(uint64_t key, int depth, int bound, int generation, Score score,
                     Score eval)
{
    return (key & 0xFFFF) | (uint64_t)(uint8_t)(depth + TT_DEPTH_OFFSET) << 16 |
           (uint64_t)(bound & 3) << 24 | (uint64_t)(generation & GENERATION_MASK) << 26 |
           (uint64_t)(uint16_t)(int16_t)score << 32 | (uint64_t)(uint16_t)(int16_t)eval << 48;
}

static int data_depth(uint64_t d) { return (int)((d >> 16) & 0xFF) - TT_DEPTH_OFFSET; }
static int data_bound(uint64_t d) { return (int)((d >> 24) & 3); }
static int data_generation(uint64_t d) { return (int)((d >> 26) & GENERATION_MASK); }
static Score data_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 32); }
static Score data_eval(uint64_t d) { return (int16_t)(uint16_t)(d >> 48); }

static TTBucket *bucket_of(const TT *tt, uint64_t key)
{
    return &tt->buckets[(uint64_t)(((unsigned __int128)key * tt->bucket_count) >> 64)];
}

/* Physical memory in MB, or 0 if unknown: requests beyond it are refused up front, since
 * the kernel may grant a larger mapping and then fail when the pages are touched. */
static size_t physical_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages / (1024 * 1024 / (size_t)page) : 0;
}

bool tt_resize(TT *tt, size_t mb)
{
    size_t phys = physical_mb();
    if (mb == 0 || mb > TT_MB_MAX || (phys && mb > phys))
        return false;
    size_t bytes = mb * 1024 * 1024;
    /* calloc hands back fresh zero pages for large blocks, so even tens of GB come at
     * once; the pages are only touched when the search writes them. */
    void *memory = calloc(1, bytes + CACHE_LINE);
    if (!memory)
        return false;
    free(tt->memory);
    tt->memory = memory;
    tt->buckets = (TTBucket *)(((uintptr_t)memory + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1));
    tt->bucket_count = bytes / sizeof(TTBucket);
    tt->size_mb = mb;
    tt->generation = 0;
    return true;
}

void tt_free(TT *tt)
{
    free(tt->memory);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(TT *tt)
{
    /* Written in place, not swapped for a fresh zeroed block: a fresh block faults its
     * pages in one by one during the next search, on the clock, and where page faults are
     * dear (a loaded or virtualised machine) that cost most of a fast game's time. Here
     * the pages are touched once, before the new game's `readyok`, and stay mapped. */
    if (tt->memory)
        memset(tt->buckets, 0, tt->bucket_count * sizeof(TTBucket));
    tt->generation = 0;
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

bool tt_probe(const TT *tt, uint64_t key, int ply, TTHit *hit)
{
    TTBucket *b = bucket_of(tt, key);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->entries[i].data, memory_order_relaxed);
        if ((data & 0xFFFF) != (key & 0xFFFF) || data_bound(data) == TT_BOUND_NONE)
            continue;
        uint64_t check = atomic_load_explicit(&b->entries[i].check, memory_order_relaxed);
        hit->move = check ^ data ^ key;
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
    int best_worth = 1 << 30;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTEntry *e = &b->entries[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        if (data_bound(data) == TT_BOUND_NONE || (data & 0xFFFF) == (key & 0xFFFF)) {
            if (data_bound(data) != TT_BOUND_NONE) {
                if (move == MOVE_NONE)
                    move = atomic_load_explicit(&e->check, memory_order_relaxed) ^ data ^ key;
                if (bound != TT_BOUND_EXACT && data_generation(data) == tt->generation &&
                    data_depth(data) > depth + 2)
                    return;
            }
            slot = e;
            break;
        }
        int age = (tt->generation - data_generation(data)) & GENERATION_MASK;
        int worth = data_depth(data) - AGE_WEIGHT * age;
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
    enum { SAMPLE_BUCKETS = 250 };
    uint64_t n = tt->bucket_count < SAMPLE_BUCKETS ? tt->bucket_count : SAMPLE_BUCKETS;
    int used = 0;
    for (uint64_t i = 0; i < n; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES; j++) {
            uint64_t d = atomic_load_explicit(&tt->buckets[i].entries[j].data,
                                              memory_order_relaxed);
            used += data_bound(d) != TT_BOUND_NONE && data_generation(d) == tt->generation;
        }
    return n ? (int)(used * 1000 / (n * TT_BUCKET_ENTRIES)) : 0;
}
