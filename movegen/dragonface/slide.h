/*
 * Ambassador slides four directions at a time, for counting moves (perft) and for the
 * evaluation's attack maps.
 *
 * DfQuad holds four 128-bit boards as two vectors of 64-bit lanes: lane i of `lo`/`hi`
 * is the low/high word of the board for direction i of a group. The "up" group is
 * N NE E NW (shifts to higher squares), the "down" group S SW W SE, with the same step
 * sizes lane by lane (11, 12, 1, 10), so one occluded fill serves four directions. Every
 * shift is by 1-63 bits, so a 128-bit shift is two lane shifts and an or.
 */
#pragma once

#include "movegen/dragonface/dragonface.h"

/* Helpers taking a constant direction or group are always inlined so that the shifts and
 * masks fold to immediates. */
#define DF_INLINE static inline __attribute__((always_inline))

typedef uint64_t DfV4 __attribute__((vector_size(32)));
typedef struct DfQuad {
    DfV4 lo, hi;
} DfQuad;

static const DfV4 df_quad_delta = {11, 12, 1, 10};
static const DfV4 df_quad_delta2 = {22, 24, 2, 20};
static const DfV4 df_quad_delta4 = {44, 48, 4, 40};
/* The fourth doubling: 8 steps east-west, a harmless repeat of 4 steps elsewhere. */
static const DfV4 df_quad_delta8 = {44, 48, 8, 40};
static const DfV4 df_quad_only_ew = {0, 0, ~0ULL, 0};

DF_INLINE DfQuad df_quad_splat(Bb128 b)
{
    uint64_t lo = bb128_lo(b), hi = bb128_hi(b);
    return (DfQuad){{lo, lo, lo, lo}, {hi, hi, hi, hi}};
}

/* The four boards f(first), f(first + 1), ... of a group. */
DF_INLINE DfQuad df_quad_of(int first_dir, Bb128 (*f)(int))
{
    DfQuad q;
    for (int i = 0; i < 4; i++) {
        Bb128 b = f(first_dir + i);
        q.lo[i] = bb128_lo(b);
        q.hi[i] = bb128_hi(b);
    }
    return q;
}

DF_INLINE Bb128 df_quad_lane(DfQuad q, int i) { return DF_BB(q.lo[i], q.hi[i]); }
DF_INLINE DfQuad df_quad_and(DfQuad a, DfQuad b) { return (DfQuad){a.lo & b.lo, a.hi & b.hi}; }
DF_INLINE DfQuad df_quad_or(DfQuad a, DfQuad b) { return (DfQuad){a.lo | b.lo, a.hi | b.hi}; }

/* The shift counts come by pointer: a 256-bit vector argument would change the calling
 * convention between builds with and without AVX (clang's -Wpsabi). */
DF_INLINE DfQuad df_quad_shift(DfQuad a, const DfV4 *counts, bool up)
{
    DfV4 k = *counts;
    if (up)
        return (DfQuad){a.lo << k, (a.hi << k) | (a.lo >> (64 - k))};
    return (DfQuad){(a.lo >> k) | (a.hi << (64 - k)), a.hi >> k};
}

static inline Bb128 df_step_ok_of(int dir) { return DF_STEP_OK[dir]; }

/* One step in each lane's direction, dropping squares that would wrap or leave the board. */
DF_INLINE DfQuad df_quad_step(DfQuad a, bool up)
{
    return df_quad_and(df_quad_shift(a, &df_quad_delta, up),
                       df_quad_of(up ? DF_N : DF_S, df_step_ok_of));
}

/* Occluded fill (Kogge-Stone) of one group: per direction, the squares the Ambassadors
 * reach over `empty` squares plus the first occupied square of each line. Free Ambassadors
 * set out only in directions that enter the Territories. Lines are at most 8 steps long
 * except east-west (10), which alone takes the fourth doubling. */
DF_INLINE DfQuad df_slide_quad(Bb128 terr_amb, Bb128 free_amb, Bb128 empty, bool up)
{
    int first = up ? DF_N : DF_S;
    DfQuad ok = df_quad_of(first, df_step_ok_of), exits = df_quad_of(first, df_zone_exit);
    DfQuad gen = df_quad_or(df_quad_splat(terr_amb), df_quad_and(df_quad_splat(free_amb), exits));
    DfQuad pro = df_quad_and(df_quad_splat(empty), ok);
    gen = df_quad_or(gen, df_quad_and(pro, df_quad_shift(gen, &df_quad_delta, up)));
    pro = df_quad_and(pro, df_quad_shift(pro, &df_quad_delta, up));
    gen = df_quad_or(gen, df_quad_and(pro, df_quad_shift(gen, &df_quad_delta2, up)));
    pro = df_quad_and(pro, df_quad_shift(pro, &df_quad_delta2, up));
    gen = df_quad_or(gen, df_quad_and(pro, df_quad_shift(gen, &df_quad_delta4, up)));
    DfQuad ew = df_quad_shift(pro, &df_quad_delta4, up);
    pro = df_quad_and(pro, (DfQuad){ew.lo | ~df_quad_only_ew, ew.hi | ~df_quad_only_ew});
    gen = df_quad_or(gen, df_quad_and(pro, df_quad_shift(gen, &df_quad_delta8, up)));
    return df_quad_step(gen, up);
}
