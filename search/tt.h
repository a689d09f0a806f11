/*
 * Transposition table, shared by every search thread without locks.
 *
 * Layout. The table is an array of 64-byte buckets, one cache line each, holding four
 * 16-byte entries. An entry is two 64-bit words:
 *
 *   data  bits  0-15  key check: the low 16 bits of the position key
 *         bits 16-23  depth + TT_DEPTH_OFFSET (quiescence entries have depth <= 0)
 *         bits 24-25  bound (0 = empty slot, upper, lower, exact)
 *         bits 26-31  generation (search number, modulo 64)
 *         bits 32-47  score (int16, win scores stored relative to the node, see below)
 *         bits 48-63  static evaluation (int16)
 *   check move ^ data ^ key
 *
 * The bucket is chosen from the high bits of the key (multiply-shift, so any table size
 * works) and the key check from the low bits, so the two never overlap.
 *
 * False hits. Only 16 bits of the key are checked beyond the bucket, so a probe takes an
 * entry of another position once in 65,536 probes of a full bucket, per slot (four slots:
 * about one probe in 16,000 that reaches a full bucket). The check word decodes the move
 * with the probing key, so for a position that wrote no entry here the move comes out as
 * garbage: the search never plays a table move before the game's move_is_legal accepts it,
 * and a garbage 64-bit value is almost never a legal move. What a false hit can really
 * cost is its score: a bound of another position may cut one node off wrongly. That is
 * one wrong leaf in thousands of nodes, which alpha-beta above it nearly always absorbs
 * (the same position is searched again at other depths and plies, and a false cut-off
 * must also survive every re-search of the line); every strong engine accepts the same
 * rate, and the scores are trusted for that reason: rare, local and self-correcting,
 * while checking more bits would cost a larger entry and fewer entries per cache line.
 *
 * Lock-free use. Each word is written and read atomically (relaxed), but the pair is not:
 * a reader may see the data of one write and the check word of another. Because the check
 * word folds in the data and the full key, such a torn pair decodes to a garbage move,
 * which move_is_legal rejects; and the data word alone is always self-consistent. So torn
 * writes cost at most a lost hint.
 *
 * Replacement. A store goes to the slot already holding this position, else to the slot
 * of least worth, where worth = depth - TT_AGE_WEIGHT * age and age counts searches since
 * the slot was written or last found by a probe (a probe refreshes the generation, so
 * entries the current search still uses are not aged out). A store for the same position
 * keeps the old move when it brings none and does not overwrite an entry of the current
 * search deeper by more than TT_KEEP_DEEPER_BY unless it is exact.
 *
 * Win scores are distances from the root; the table keeps them as distances from the node
 * (tt_score_to_tt / tt_score_from_tt), so a hit at another ply still means the same win.
 */
#pragma once

#include <stdatomic.h>

#include "core/types.h"

enum {
    TT_BOUND_NONE = 0,
    TT_BOUND_UPPER = 1,
    TT_BOUND_LOWER = 2,
    TT_BOUND_EXACT = 3,
    TT_DEPTH_OFFSET = 8, /* stored depths run from -TT_DEPTH_OFFSET */
    TT_BUCKET_ENTRIES = 4,
    TT_AGE_WEIGHT = 8,     /* plies of depth one search of age is worth in replacement */
    TT_KEEP_DEEPER_BY = 2, /* a same-search entry deeper than this is kept from bounds */
    TT_MB_MAX = 33554432,  /* the option's upper bound: 32 TB; allocation decides really */
};

typedef struct TTEntry {
    _Atomic uint64_t data;
    _Atomic uint64_t check;
} TTEntry;

typedef struct TTBucket {
    TTEntry entries[TT_BUCKET_ENTRIES];
} TTBucket;

typedef struct TT {
    TTBucket *buckets; /* aligned to a huge page inside `memory` */
    void *memory;      /* the mapping, of mapped_bytes */
    size_t mapped_bytes;
    uint64_t bucket_count;
    size_t size_mb;
    uint8_t generation;
} TT;

/* What a probe found. */
typedef struct TTHit {
    Move move;
    Score score; /* already adjusted to the probing ply */
    Score eval;
    int depth;
    int bound;
} TTHit;

/* Allocates `mb` megabytes. On failure prints nothing, keeps the old table and returns
 * false. */
bool tt_resize(TT *tt, size_t mb);
void tt_free(TT *tt);
/* Zeroes the table, split among `threads` threads (the search's Threads): clearing a large
 * table is bound by memory bandwidth, which one core alone does not reach. */
void tt_clear(TT *tt, int threads);
void tt_new_search(TT *tt);

/* Finds the position's entry; a hit written by an earlier search is brought to the current
 * generation, so that what the search still uses is not replaced as old. */
bool tt_probe(TT *tt, uint64_t key, int ply, TTHit *hit);
void tt_store(TT *tt, uint64_t key, int ply, Move move, Score score, Score eval, int depth,
              int bound);
void tt_prefetch(const TT *tt, uint64_t key);

/* Permille of sampled slots written in the current search. */
int tt_hashfull(const TT *tt);

Score tt_score_to_tt(Score score, int ply);
Score tt_score_from_tt(Score score, int ply);
