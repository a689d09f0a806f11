/*
 * DragonQi position bookkeeping: Zobrist tables and the only functions that write forces
 * and vessels, so the bitboards, counts, royal cells and both keys never drift apart.
 *
 * Two keys are kept: `key` over the complete state (except the move counters, which must
 * stay out so that repetitions and transpositions are found) and `sit_key` over the §8
 * repetition situation only. A situation component is xored into both.
 */
#include <string.h>

#include "core/rng.h"
#include "movegen/dragonqi/dragonqi.h"

static uint64_t z_piece[DQ_CODES][DQ_CELLS];
static uint64_t z_vessel_sit[2][2][DQ_CELLS]; /* [flagship][current colour][cell] */
static uint64_t z_vessel_orig[2][DQ_CELLS];   /* [original side][cell] */
static uint64_t z_bow[8][DQ_CELLS];
static uint64_t z_side;
static uint64_t z_encl[DQ_ENCLOSURES][4];
static uint64_t z_pool[DQ_POOLS][4];
static uint64_t z_mun[DQ_MUNITIONS][8];
static uint64_t z_flag[DQ_FLAG_COUNT];
static uint64_t z_ep[DQ_CELLS];
static uint64_t z_variant[DQ_VARIATIONS];

/* The allowed characters of each field-3 slot; the index is the Zobrist state. */
static const char *const encl_chars[DQ_ENCLOSURES] = {"DK-", "QF", "01-", "w-",
                                                      "dk-", "yx", "01-", "W-"};

void dq_position_init(void)
{
    uint64_t seed = 0xD2A60C1DEA5ULL;
    for (int c = 0; c < DQ_CODES; c++)
        for (int s = 0; s < DQ_CELLS; s++)
            z_piece[c][s] = rng_next(&seed);
    for (int s = 0; s < DQ_CELLS; s++) {
        for (int k = 0; k < 2; k++) {
            z_vessel_sit[k][0][s] = rng_next(&seed);
            z_vessel_sit[k][1][s] = rng_next(&seed);
            z_vessel_orig[k][s] = rng_next(&seed);
        }
        for (int b = 0; b < 8; b++)
            z_bow[b][s] = rng_next(&seed);
        z_ep[s] = rng_next(&seed);
    }
    z_side = rng_next(&seed);
    for (int i = 0; i < DQ_ENCLOSURES; i++)
        for (int j = 0; j < 4; j++)
            z_encl[i][j] = rng_next(&seed);
    for (int i = 0; i < DQ_POOLS; i++)
        for (int j = 0; j < 4; j++)
            z_pool[i][j] = rng_next(&seed);
    for (int i = 0; i < DQ_MUNITIONS; i++)
        for (int j = 0; j < 8; j++)
            z_mun[i][j] = rng_next(&seed);
    for (int i = 0; i < DQ_FLAG_COUNT; i++)
        z_flag[i] = rng_next(&seed);
    for (int i = 0; i < DQ_VARIATIONS; i++)
        z_variant[i] = rng_next(&seed);
}

uint64_t dq_key_side(void) { return z_side; }

static int encl_index(int slot, char value)
{
    const char *at = strchr(encl_chars[slot], value);
    return at ? (int)(at - encl_chars[slot]) : 0;
}

/* The situation identifies a Librarian/Jailer in his room lowered and on alert (§8). */
static int encl_sit_index(int slot, char value)
{
    if ((slot == DQ_ENC_DESK || slot == DQ_ENC_JAILER) && value == '1')
        value = '0';
    return encl_index(slot, value);
}

static uint64_t vessel_sit_key(const DqPos *p, int c)
{
    int v = dq_vessel(p, c);
    return z_vessel_sit[(v & DQ_VES_FLAGSHIP) != 0][dq_vessel_colour(p, c)][c];
}

static uint64_t vessel_extra_key(int c, int v)
{
    return z_vessel_orig[(v & DQ_VES_ORIG_FOREST) != 0][c] ^ z_bow[v & DQ_VES_BOW][c];
}

static bool has_vessel(const DqPos *p, int c)
{
    return dq_geo.kingdom[c] == DQ_OCEAN && dq_vessel(p, c) != 0;
}

void dq_put(DqPos *p, int c, int code)
{
    uint64_t z = z_piece[code][c];
    if (has_vessel(p, c))
        z ^= vessel_sit_key(p, c);
    p->sq[c] = (uint8_t)code;
    if (has_vessel(p, c))
        z ^= vessel_sit_key(p, c);
    p->key ^= z;
    p->sit_key ^= z;
    bb_set(&p->men[dq_side(code)], c);
    p->count[code]++;
    if (dq_type(code) == DQ_ROYAL)
        p->royal[dq_side(code)] = (uint8_t)c;
}

void dq_take(DqPos *p, int c)
{
    int code = p->sq[c];
    uint64_t z = z_piece[code][c];
    if (has_vessel(p, c))
        z ^= vessel_sit_key(p, c);
    p->sq[c] = 0;
    if (has_vessel(p, c))
        z ^= vessel_sit_key(p, c);
    p->key ^= z;
    p->sit_key ^= z;
    bb_clear(&p->men[dq_side(code)], c);
    p->count[code]--;
    if (dq_type(code) == DQ_ROYAL)
        p->royal[dq_side(code)] = DQ_NO_CELL;
}

void dq_put_vessel(DqPos *p, int c, int vessel)
{
    int old = dq_vessel(p, c);
    if (old) {
        uint64_t z = vessel_sit_key(p, c);
        p->sit_key ^= z;
        p->key ^= z ^ vessel_extra_key(c, old);
        bb_clear(&p->vessels, c);
    }
    p->ves[c - DQ_OCEAN_FIRST] = (uint8_t)vessel;
    if (vessel) {
        uint64_t z = vessel_sit_key(p, c);
        p->sit_key ^= z;
        p->key ^= z ^ vessel_extra_key(c, vessel);
        bb_set(&p->vessels, c);
    }
}

void dq_key_flags(DqPos *p, unsigned old_flags)
{
    for (unsigned diff = old_flags ^ p->flags; diff; diff &= diff - 1)
        p->key ^= z_flag[__builtin_ctz(diff)];
}

void dq_key_enclosure(DqPos *p, int slot, char value)
{
    char old = p->encl[slot];
    p->key ^= z_encl[slot][encl_index(slot, old)] ^ z_encl[slot][encl_index(slot, value)];
    p->sit_key ^=
        z_encl[slot][encl_sit_index(slot, old)] ^ z_encl[slot][encl_sit_index(slot, value)];
    p->encl[slot] = value;
}

void dq_key_pool(DqPos *p, int pool, int value)
{
    p->key ^= z_pool[pool][p->pool[pool]] ^ z_pool[pool][value];
    p->pool[pool] = (uint8_t)value;
}

void dq_key_munition(DqPos *p, int index, int value)
{
    p->key ^= z_mun[index][p->mun[index]] ^ z_mun[index][value];
    p->mun[index] = (uint8_t)value;
}

void dq_key_ep(DqPos *p, int ep)
{
    if (p->ep)
        p->key ^= z_ep[p->ep];
    p->ep = (uint8_t)ep;
    if (ep)
        p->key ^= z_ep[ep];
}

uint64_t dq_key_from_scratch_full(const DqPos *p, uint64_t *sit_key)
{
    uint64_t sit = p->side == DQ_FOREST ? z_side : 0;
    for (int c = 0; c < DQ_CELLS; c++) {
        if (p->sq[c])
            sit ^= z_piece[p->sq[c]][c];
        if (has_vessel(p, c))
            sit ^= vessel_sit_key(p, c);
    }
    for (int i = 0; i < DQ_ENCLOSURES; i++)
        sit ^= z_encl[i][encl_sit_index(i, p->encl[i])];
    uint64_t key = sit;
    for (int i = 0; i < DQ_ENCLOSURES; i++)
        key ^= z_encl[i][encl_sit_index(i, p->encl[i])] ^ z_encl[i][encl_index(i, p->encl[i])];
    for (int c = DQ_OCEAN_FIRST; c < DQ_OCEAN_FIRST + DQ_OCEAN_CELLS; c++)
        if (has_vessel(p, c))
            key ^= vessel_extra_key(c, dq_vessel(p, c));
    for (int i = 0; i < DQ_POOLS; i++)
        key ^= z_pool[i][p->pool[i]];
    for (int i = 0; i < DQ_MUNITIONS; i++)
        key ^= z_mun[i][p->mun[i]];
    for (int i = 0; i < DQ_FLAG_COUNT; i++)
        if (p->flags & (1u << i))
            key ^= z_flag[i];
    if (p->ep)
        key ^= z_ep[p->ep];
    key ^= z_variant[p->variant];
    if (sit_key)
        *sit_key = sit;
    return key;
}
