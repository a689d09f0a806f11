/*
 * Bit helpers shared by the games: 64-bit boards (8x8 games) and 128-bit boards
 * (the 99-square and 81-square games). Square numbering is the game's business; these
 * helpers only count, find and clear bits.
 */
#pragma once

#include <stdint.h>

typedef uint64_t Bb64;
typedef unsigned __int128 Bb128;

static inline int bb64_popcount(Bb64 b) { return __builtin_popcountll(b); }
static inline int bb64_lsb(Bb64 b) { return __builtin_ctzll(b); }
static inline int bb64_pop_lsb(Bb64 *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

static inline Bb128 bb128_bit(int sq) { return (Bb128)1 << sq; }
static inline Bb128 bb128_make(uint64_t lo, uint64_t hi) { return ((Bb128)hi << 64) | lo; }
static inline uint64_t bb128_lo(Bb128 b) { return (uint64_t)b; }
static inline uint64_t bb128_hi(Bb128 b) { return (uint64_t)(b >> 64); }
static inline int bb128_popcount(Bb128 b)
{
    return __builtin_popcountll(bb128_lo(b)) + __builtin_popcountll(bb128_hi(b));
}
static inline int bb128_lsb(Bb128 b)
{
    uint64_t lo = bb128_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(bb128_hi(b));
}
static inline int bb128_pop_lsb(Bb128 *b)
{
    int sq = bb128_lsb(*b);
    *b &= *b - 1;
    return sq;
}
