/*
 * A small deterministic generator (splitmix64) for Zobrist keys, bench openings and
 * random playouts. Each user keeps its own state, so threads never share one.
 */
#pragma once

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform value in [0, n), n > 0. */
static inline uint64_t rng_below(uint64_t *state, uint64_t n) { return rng_next(state) % n; }
