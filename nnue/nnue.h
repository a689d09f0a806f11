/*
 * The learned evaluation: a small network over sparse board features (an "efficiently
 * updatable" network, after Stockfish's and Ethereal's NNUE).
 *
 * Architecture, the same for every game (sizes per net):
 *   features (0/1, feature_count of them, listed by the game's evaluation per perspective)
 *     -> hidden layer of `hidden` neurons, one accumulator per perspective, weights shared
 *        by both perspectives (the game turns the board for the second one)
 *     -> squared clipped ReLU: clamp(x, 0, 1)^2
 *     -> the side to move's `hidden` outputs then the other side's -> one output
 *   evaluation = output * scale (evaluation units), from the side to move's view;
 *   a net "on the hand-written evaluation" (format version 2) adds its output to that
 *   evaluation instead: it learns what the hand-written terms miss, and the terms stay.
 *
 * Integer form (what the search runs and the net file holds):
 *   accumulator = b1 + sum of w1 rows, int16, scaled by NNUE_QA (1.0 = 255);
 *   output = (sum of clamp(a, 0, QA) * w2 * clamp(a, 0, QA)) / QA + b2, int32, scaled by
 *   QA * QB; w2 is int16 scaled by NNUE_QB (64) and limited to |w2| <= NNUE_W2_MAX so that
 *   clamp(a) * w2 fits in 16 bits (the vector path multiplies there first);
 *   evaluation = output * scale / (QA * QB).
 * The sum is taken modulo 2^32 in both the vector and the portable path, so the two give
 * the same bits whatever the order of additions.
 *
 * Net file (little-endian), NNUE_HEADER_SIZE bytes of header then the parameters:
 *   0   char[8]  magic "WYRMNNUE"
 *   8   u32      format version: NNUE_VERSION (the net alone) or NNUE_VERSION_ON_HAND
 *                (the net added to the hand-written evaluation); the layout is the same
 *   12  u32      feature_count
 *   16  u32      hidden (a multiple of NNUE_HIDDEN_STEP, at most NNUE_HIDDEN_MAX)
 *   20  i32      scale (evaluation units per output unit)
 *   24  char[32] game id, NUL-padded
 *   56  u64      checksum: FNV-1a 64 of every byte after the header
 *   64  i16 w1[feature_count][hidden], i16 b1[hidden], i16 w2[2 * hidden], i32 b2
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/bitboard.h"
#include "core/types.h"

enum {
    NNUE_VERSION = 1,
    NNUE_VERSION_ON_HAND = 2,
    NNUE_HEADER_SIZE = 64,
    NNUE_GAME_NAME_MAX = 32,
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_W2_MAX = 127, /* |w2| bound: QA * 127 < 2^15 */
    NNUE_HIDDEN_STEP = 16,
    NNUE_HIDDEN_MAX = 1024,
    NNUE_ACTIVE_MAX = 256, /* most features one perspective of a position may list */
    NNUE_PLANES_MAX = 16,  /* most boards a game's `planes` may fill */
    NNUE_ERR_MAX = 256,
};

/* A loaded net (the integer parameters). */
typedef struct NnueNet {
    uint32_t feature_count, hidden;
    int32_t scale;
    bool on_hand; /* the output is added to the hand-written evaluation (version 2) */
    char game[NNUE_GAME_NAME_MAX];
    uint64_t checksum;
    uint64_t id; /* unique per load: the accumulator caches key on it */
    int16_t *w1, *b1, *w2;
    int32_t b2;
} NnueNet;

/* Lists the active features of `pos` seen by `perspective` (P1 or P2), ascending, at most
 * max_active of them; returns how many. */
typedef int (*NnueFeatureFn)(const void *pos, int perspective, uint16_t *out);

/* Optional, for a game whose inputs are the squares of a few boards: fills `out` with
 * those boards seen by `perspective`, the same number for every position, and returns
 * it; board k's square s is feature k * plane_size + s (the last board may hold a few
 * inputs that are not squares in its first bits), and `features` lists the same
 * features. The search's accumulator cache then finds what changed board by board (what
 * came and went on each) instead of comparing two sorted lists. */
typedef int (*NnuePlaneFn)(const void *pos, int perspective, Bb128 *out);

/* A game's learned evaluation: what the game declares (its id, feature set and embedded
 * net) and the net in use, which the engine's options change while no search runs. */
typedef struct NnueSlot {
    const char *game;
    uint32_t feature_count;
    int max_active;
    uint32_t default_hidden; /* the hidden size `wyrm train` uses for this game */
    NnueFeatureFn features;
    NnuePlaneFn planes; /* NULL: the cache compares `features` lists */
    uint32_t plane_size;
    int (*side_to_move)(const void *pos);
    Score (*hand)(const void *pos); /* the hand-written evaluation, side to move's view */
    /* The net built into the binary (nnue/embed.h), its first byte and one past its last;
     * NULL: none. */
    const unsigned char *embedded, *embedded_end;

    NnueNet *net;              /* NULL: no net, the hand-written evaluation is used */
    bool disabled;             /* the `Use NNUE` option is off */
    char source[NNUE_ERR_MAX]; /* "<embedded>", a file path, or "" */
} NnueSlot;

/* FNV-1a 64 of `size` bytes, the checksum of net files. */
uint64_t nnue_checksum(const void *data, size_t size);

/* Reads a net from memory, checked against the slot's game and feature count. NULL with a
 * one-line reason in err (NNUE_ERR_MAX bytes) when it is not a valid net for this slot. */
NnueNet *nnue_net_parse(const NnueSlot *slot, const void *data, size_t size, char *err);
NnueNet *nnue_net_load(const NnueSlot *slot, const char *path, char *err);
void nnue_net_free(NnueNet *net);

/* Writes a net to `path`; false with the reason in err. */
bool nnue_net_save(const NnueNet *net, const char *path, char *err);

/* The EvalFile value that names the built-in net. */
#define NNUE_EMBEDDED_NAME "<embedded>"

/* Installs the embedded net (if any) once at start-up (the registry calls it). */
void nnue_slot_init(NnueSlot *slot);
/* Replaces the slot's net by the file at `path` (NNUE_EMBEDDED_NAME: the built-in net, or
 * none, so the hand-written evaluation, in a build without one); on error the previous
 * net stays and err says why. Only while no search runs. */
bool nnue_slot_load(NnueSlot *slot, const char *path, char *err);

static inline bool nnue_active(const NnueSlot *slot) { return slot->net && !slot->disabled; }

/* The net's evaluation of `pos`, side to move's view, the hand-written evaluation
 * included for a net on it (the search clamps it, as every evaluation, with
 * score_clamp_eval). Keeps a
 * per-thread accumulator cache: the features the thread evaluated last, so a position
 * near the last one costs the changed rows only. */
Score nnue_evaluate(const NnueSlot *slot, const void *pos);
/* The same, recomputed from nothing without touching the cache (tests, `eval`). */
Score nnue_evaluate_refresh(const NnueSlot *slot, const void *pos);

/* The layers, exposed so the tests can hold the paths to each other. */
void nnue_refresh_accumulator(const NnueNet *net, const uint16_t *features, int count,
                              int16_t *acc);
void nnue_update_accumulator(const NnueNet *net, const uint16_t *added, int add_count,
                             const uint16_t *removed, int remove_count, int16_t *acc);
/* The output sum over both accumulators (stm first), before the bias and the scale:
 * the vectorised path where the build has one, and the portable path. */
int32_t nnue_output_sum(const NnueNet *net, const int16_t *stm, const int16_t *nstm);
int32_t nnue_output_sum_portable(const NnueNet *net, const int16_t *stm, const int16_t *nstm);
bool nnue_vectorised(void);
/* Output sum -> evaluation units (no clamp). */
Score nnue_scale_output(const NnueNet *net, int32_t sum);

/* The lines `eval` adds to a game's hand-written terms: the net's score, where the net
 * came from and its size, and which evaluation the search uses. */
void nnue_describe(const NnueSlot *slot, const void *pos, char *buf, size_t size);

/* Appends the squares of an 8x8 bitboard as features base + square, seen by `perspective`:
 * P2 sees the board with its ranks turned (a1 <-> a8), so that both sides' men walk up
 * the same feature rows. Ascending when the bases ascend. Returns the new count. */
static inline int nnue_squares64(uint64_t b, int perspective, int base, uint16_t *out, int n)
{
    if (perspective)
        b = __builtin_bswap64(b);
    while (b) {
        out[n++] = (uint16_t)(base + __builtin_ctzll(b));
        b &= b - 1;
    }
    return n;
}

/* A board of `files` x `ranks` squares in a 128-bit board (square = rank * files + file)
 * with its ranks turned (rank r <-> ranks - 1 - r): how P2 sees it. A game turns each of
 * its position's boards once and then lists the squares of the boards it makes of them. */
static inline Bb128 nnue_turn128(Bb128 b, int files, int ranks)
{
    Bb128 turned = 0, row = ((Bb128)1 << files) - 1;
    for (int r = 0; r < ranks; r++)
        turned |= ((b >> (files * r)) & row) << (files * (ranks - 1 - r));
    return turned;
}

/* Appends the squares of a 128-bit board as features base + square. Ascending when the
 * bases ascend. Returns the new count. */
static inline int nnue_squares128(Bb128 b, int base, uint16_t *out, int n)
{
    while (b) {
        out[n++] = (uint16_t)(base + bb128_lsb(b));
        b &= b - 1;
    }
    return n;
}

/* Lists the features of `count` boards of `plane_size` squares each (board k's square s
 * is feature k * plane_size + s), ascending. Returns how many. */
static inline int nnue_planes_list(const Bb128 *planes, int count, uint32_t plane_size,
                                   uint16_t *out)
{
    int n = 0;
    for (int k = 0; k < count; k++)
        n = nnue_squares128(planes[k], (int)(k * plane_size), out, n);
    return n;
}

/* A game's evaluate: the net where one is in use, otherwise the hand-written one. */
static inline Score nnue_or_hand(const NnueSlot *slot, const void *pos)
{
    return nnue_active(slot) ? nnue_evaluate(slot, pos) : slot->hand(pos);
}
