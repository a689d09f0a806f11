/*
 * The forward pass: accumulators (refreshed, or updated from the features that changed
 * since the thread's last evaluation) and the output layer, with an AVX2 path and a
 * portable one that give the same bits (nnue/nnue.h).
 *
 * The search copies positions and calls the evaluation with a position only, so the
 * accumulators cannot live on the search stack. Instead each thread keeps the features
 * and accumulators of the last position it evaluated, per perspective; the search's next
 * evaluation is usually a move or two away from it, so the difference of the two sorted
 * feature lists is short, and only those rows are added or taken away.
 */
#include <string.h>

#include "nnue/nnue.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

/* Vector of 16 int16 lanes: hidden sizes are multiples of it. */
_Static_assert(NNUE_HIDDEN_STEP == 16, "the vector loops step 16 lanes");

typedef struct NnueCache {
    uint64_t net_id; /* 0: empty */
    int count[2];
    uint16_t features[2][NNUE_ACTIVE_MAX];
    Bb128 planes[2][NNUE_PLANES_MAX]; /* a game with `planes`: its boards instead */
    _Alignas(64) int16_t acc[2][NNUE_HIDDEN_MAX];
} NnueCache;

static _Thread_local NnueCache cache;

bool nnue_vectorised(void)
{
#if defined(__AVX2__)
    return true;
#else
    return false;
#endif
}

/* acc += row, or acc -= row when `subtract` (a constant where it is called, so each use
 * compiles to one loop). */
static inline __attribute__((always_inline)) void apply_row(int16_t *acc, const int16_t *row,
                                                            uint32_t hidden, bool subtract)
{
#if defined(__AVX2__)
    for (uint32_t i = 0; i < hidden; i += 16) {
        __m256i a = _mm256_load_si256((const __m256i *)(acc + i));
        __m256i w = _mm256_loadu_si256((const __m256i *)(row + i));
        _mm256_store_si256((__m256i *)(acc + i),
                           subtract ? _mm256_sub_epi16(a, w) : _mm256_add_epi16(a, w));
    }
#else
    for (uint32_t i = 0; i < hidden; i++) {
        uint16_t w = subtract ? (uint16_t) - (uint16_t)row[i] : (uint16_t)row[i];
        acc[i] = (int16_t)(uint16_t)((uint16_t)acc[i] + w);
    }
#endif
}

static void add_row(int16_t *acc, const int16_t *row, uint32_t hidden)
{
    apply_row(acc, row, hidden, false);
}

static void sub_row(int16_t *acc, const int16_t *row, uint32_t hidden)
{
    apply_row(acc, row, hidden, true);
}

void nnue_refresh_accumulator(const NnueNet *net, const uint16_t *features, int count, int16_t *acc)
{
    memcpy(acc, net->b1, net->hidden * sizeof *acc);
    for (int i = 0; i < count; i++)
        add_row(acc, net->w1 + (size_t)features[i] * net->hidden, net->hidden);
}

void nnue_update_accumulator(const NnueNet *net, const uint16_t *added, int add_count,
                             const uint16_t *removed, int remove_count, int16_t *acc)
{
    for (int i = 0; i < remove_count; i++)
        sub_row(acc, net->w1 + (size_t)removed[i] * net->hidden, net->hidden);
    for (int i = 0; i < add_count; i++)
        add_row(acc, net->w1 + (size_t)added[i] * net->hidden, net->hidden);
}

/* clamp(a, 0, QA) * w2 * clamp(a, 0, QA) summed modulo 2^32. */
static uint32_t half_sum_portable(const int16_t *acc, const int16_t *w2, uint32_t hidden)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < hidden; i++) {
        int v = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        int16_t vw = (int16_t)(v * w2[i]); /* fits: |w2| <= NNUE_W2_MAX */
        sum += (uint32_t)(vw * v);
    }
    return sum;
}

int32_t nnue_output_sum_portable(const NnueNet *net, const int16_t *stm, const int16_t *nstm)
{
    uint32_t sum = half_sum_portable(stm, net->w2, net->hidden) +
                   half_sum_portable(nstm, net->w2 + net->hidden, net->hidden);
    return (int32_t)sum;
}

int32_t nnue_output_sum(const NnueNet *net, const int16_t *stm, const int16_t *nstm)
{
#if defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = _mm256_setzero_si256();
    for (int side = 0; side < 2; side++) {
        const int16_t *acc = side ? nstm : stm, *w2 = net->w2 + (side ? net->hidden : 0);
        for (uint32_t i = 0; i < net->hidden; i += 16) {
            __m256i a = _mm256_load_si256((const __m256i *)(acc + i));
            __m256i v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            __m256i w = _mm256_loadu_si256((const __m256i *)(w2 + i));
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(v, w), v));
        }
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return _mm_cvtsi128_si32(s);
#else
    return nnue_output_sum_portable(net, stm, nstm);
#endif
}

Score nnue_scale_output(const NnueNet *net, int32_t sum)
{
    int64_t out = (int64_t)(sum / NNUE_QA) + net->b2;
    return (Score)(out * net->scale / (NNUE_QA * NNUE_QB));
}

/* The evaluation from the output sum: the net's, plus the hand-written one for a net on it. */
static Score evaluation(const NnueSlot *slot, const void *pos, int32_t sum)
{
    Score v = nnue_scale_output(slot->net, sum);
    return slot->net->on_hand ? v + slot->hand(pos) : v;
}

Score nnue_evaluate_refresh(const NnueSlot *slot, const void *pos)
{
    const NnueNet *net = slot->net;
    uint16_t features[NNUE_ACTIVE_MAX];
    _Alignas(64) int16_t acc[2][NNUE_HIDDEN_MAX];
    int stm = slot->side_to_move(pos);
    for (int p = 0; p < 2; p++) {
        int count = slot->features(pos, p == 0 ? stm : !stm, features);
        nnue_refresh_accumulator(net, features, count, acc[p]);
    }
    return evaluation(slot, pos, nnue_output_sum(net, acc[0], acc[1]));
}

/* Brings the cache's accumulator of `perspective` to `features`: the rows of the features
 * that came and went, or all rows where that is fewer. */
static void cache_update(const NnueNet *net, int perspective, const uint16_t *features, int count)
{
    const uint16_t *old = cache.features[perspective];
    int old_count = cache.count[perspective];
    uint16_t added[NNUE_ACTIVE_MAX], removed[NNUE_ACTIVE_MAX];
    int adds = 0, removes = 0, i = 0, j = 0;
    while (i < count || j < old_count) {
        if (j == old_count || (i < count && features[i] < old[j]))
            added[adds++] = features[i++];
        else if (i == count || old[j] < features[i])
            removed[removes++] = old[j++];
        else
            i++, j++;
    }
    if (adds + removes < count)
        nnue_update_accumulator(net, added, adds, removed, removes, cache.acc[perspective]);
    else
        nnue_refresh_accumulator(net, features, count, cache.acc[perspective]);
    memcpy(cache.features[perspective], features, (size_t)count * sizeof *features);
    cache.count[perspective] = count;
}

/* The same from a game's boards: the squares that came and went on each board. */
static void cache_update_planes(const NnueSlot *slot, int perspective, const Bb128 *planes,
                                int count)
{
    const NnueNet *net = slot->net;
    Bb128 *old = cache.planes[perspective];
    uint16_t added[NNUE_ACTIVE_MAX], removed[NNUE_ACTIVE_MAX];
    int adds = 0, removes = 0, active = 0;
    for (int k = 0; k < count; k++) {
        int base = (int)(k * slot->plane_size);
        adds = nnue_squares128(planes[k] & ~old[k], base, added, adds);
        removes = nnue_squares128(old[k] & ~planes[k], base, removed, removes);
        active += bb128_popcount(planes[k]);
        old[k] = planes[k];
    }
    if (adds + removes < active) {
        nnue_update_accumulator(net, added, adds, removed, removes, cache.acc[perspective]);
    } else {
        int n = nnue_planes_list(planes, count, slot->plane_size, added);
        nnue_refresh_accumulator(net, added, n, cache.acc[perspective]);
    }
}

Score nnue_evaluate(const NnueSlot *slot, const void *pos)
{
#ifdef NNUE_REFRESH_ONLY
    return nnue_evaluate_refresh(slot, pos);
#else
    const NnueNet *net = slot->net;
    if (cache.net_id != net->id) {
        cache.net_id = net->id;
        cache.count[0] = cache.count[1] = 0;
        memset(cache.planes, 0, sizeof cache.planes);
        for (int p = 0; p < 2; p++)
            memcpy(cache.acc[p], net->b1, net->hidden * sizeof(int16_t));
    }
    if (slot->planes) {
        Bb128 planes[NNUE_PLANES_MAX];
        for (int p = 0; p < 2; p++)
            cache_update_planes(slot, p, planes, slot->planes(pos, p, planes));
    } else {
        uint16_t features[NNUE_ACTIVE_MAX];
        for (int p = 0; p < 2; p++)
            cache_update(net, p, features, slot->features(pos, p, features));
    }
    int stm = slot->side_to_move(pos);
    return evaluation(slot, pos, nnue_output_sum(net, cache.acc[stm], cache.acc[!stm]));
#endif
}
