/*
 * DragonQi board geometry (rules for players: docs/rules/dragonqi.md §1).
 *
 * Cells: index = 9 * y + x, x = file (a = 0 ... i = 8), y = rank 0 ... 16. The grid is ranks
 * 1-15 (cells 9 ... 143); the only cells of ranks 0 and 16 are the target cells e0 (index 4,
 * the White Room) and e16 (index 148, the Stairwell). The twelve sealed and dormant places
 * have no geometry: they live in the position's enclosure field, never in a bitboard.
 *
 * DqBb: a bitboard of 153 bits in three 64-bit words (bit c of the board is bit c % 64 of
 * word c / 64). Directions N, NE, E, NW raise the index (+9, +10, +1, +8); S, SW, W, SE
 * lower it, so the first cell of a ray met from its origin is the lowest set bit for the
 * first group and the highest for the second.
 *
 * Kingdoms are numbered like the sides: 0 = Storm (S-land, ranks 11-15, and e16), 1 = Forest
 * (F-land, ranks 1-5, and e0), so "own land" of side s is kingdom s. Ranks 6-10 are ocean.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

enum {
    DQ_FILES = 9,
    DQ_RANKS = 15,
    DQ_CELLS = 153,
    DQ_NO_CELL = 255,
    DQ_FILE_E = 4, /* the middle file: Banners, Warlord and Prince */
    DQ_E0 = 4,
    DQ_E2 = 22, /* the Princess's cell */
    DQ_E3 = 31,
    DQ_E4 = 40, /* the Banner cells the Storm's flag-bearers plant on */
    DQ_E12 = 112,
    DQ_E13 = 121, /* those the Forest's Prince plants on */
    DQ_E16 = 148,
    DQ_E8 = 76,
    DQ_A1 = 9,
    DQ_E1 = 13,
    DQ_I1 = 17, /* the Towering cells */
    DQ_A15 = 135,
    DQ_E15 = 139,
    DQ_I15 = 143,
    DQ_TRAFALGAR_HARBOUR = 58, /* e6, home of the Green Flagship */
    DQ_STORM_HARBOUR = 94,     /* e10, home of the Red Flagship */
    DQ_OCEAN_FIRST = 54,       /* a6 */
    DQ_OCEAN_CELLS = 45,       /* a6 ... i10 */
};

enum { DQ_KINGDOM_S = 0, DQ_KINGDOM_F = 1, DQ_OCEAN = 2, DQ_OFF = 3 };

enum { DQ_N, DQ_NE, DQ_E, DQ_SE, DQ_S, DQ_SW, DQ_W, DQ_NW, DQ_DIRS };
/* Direction sets, bit d for direction d. */
enum { DQ_ORTH_DIRS = 0x55, DQ_DIAG_DIRS = 0xAA, DQ_ALL_DIRS = 0xFF };

typedef struct DqBb {
    uint64_t w[3];
} DqBb;

static inline int dq_cell(int file, int rank) { return rank * DQ_FILES + file; }
static inline int dq_file_of(int c) { return c % DQ_FILES; }
static inline int dq_rank_of(int c) { return c / DQ_FILES; }
static inline bool dq_dir_rises(int d) { return d <= DQ_E || d == DQ_NW; }
static inline bool dq_dir_diagonal(int d) { return d & 1; }

static inline DqBb bb_none(void) { return (DqBb){{0, 0, 0}}; }
static inline DqBb bb_bit(int c)
{
    DqBb b = bb_none();
    b.w[c >> 6] = 1ULL << (c & 63);
    return b;
}
static inline bool bb_has(DqBb b, int c) { return (b.w[c >> 6] >> (c & 63)) & 1; }
static inline void bb_set(DqBb *b, int c) { b->w[c >> 6] |= 1ULL << (c & 63); }
static inline void bb_clear(DqBb *b, int c) { b->w[c >> 6] &= ~(1ULL << (c & 63)); }
static inline void bb_flip(DqBb *b, int c) { b->w[c >> 6] ^= 1ULL << (c & 63); }
static inline DqBb bb_and(DqBb a, DqBb b)
{
    return (DqBb){{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}};
}
static inline DqBb bb_or(DqBb a, DqBb b)
{
    return (DqBb){{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}};
}
static inline DqBb bb_xor(DqBb a, DqBb b)
{
    return (DqBb){{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]}};
}
/* a without b */
static inline DqBb bb_minus(DqBb a, DqBb b)
{
    return (DqBb){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]}};
}
static inline bool bb_any(DqBb b) { return (b.w[0] | b.w[1] | b.w[2]) != 0; }
static inline bool bb_meets(DqBb a, DqBb b) { return bb_any(bb_and(a, b)); }
static inline bool bb_equal(DqBb a, DqBb b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2];
}
static inline int bb_count(DqBb b)
{
    return __builtin_popcountll(b.w[0]) + __builtin_popcountll(b.w[1]) +
           __builtin_popcountll(b.w[2]);
}
/* Lowest / highest set cell of a non-empty board. */
static inline int bb_lsb(DqBb b)
{
    return b.w[0]   ? __builtin_ctzll(b.w[0])
           : b.w[1] ? 64 + __builtin_ctzll(b.w[1])
                    : 128 + __builtin_ctzll(b.w[2]);
}
static inline int bb_msb(DqBb b)
{
    return b.w[2]   ? 191 - __builtin_clzll(b.w[2])
           : b.w[1] ? 127 - __builtin_clzll(b.w[1])
                    : 63 - __builtin_clzll(b.w[0]);
}
static inline int bb_pop(DqBb *b)
{
    int i = b->w[0] ? 0 : b->w[1] ? 1 : 2;
    int c = 64 * i + __builtin_ctzll(b->w[i]);
    b->w[i] &= b->w[i] - 1;
    return c;
}
/* The first cell of `ray_part` met walking from the ray's origin in direction d. */
static inline int bb_first(DqBb ray_part, int d)
{
    return dq_dir_rises(d) ? bb_lsb(ray_part) : bb_msb(ray_part);
}
/* Shifts toward higher cells by n (0 < n < 64), bits beyond cell 191 drop. */
static inline DqBb bb_up(DqBb b, int n)
{
    return (DqBb){
        {b.w[0] << n, (b.w[1] << n) | (b.w[0] >> (64 - n)), (b.w[2] << n) | (b.w[1] >> (64 - n))}};
}
static inline DqBb bb_down(DqBb b, int n)
{
    return (DqBb){
        {(b.w[0] >> n) | (b.w[1] << (64 - n)), (b.w[1] >> n) | (b.w[2] << (64 - n)), b.w[2] >> n}};
}
/* One step of every cell in direction d; cells leaving the grid (and e0/e16) are dropped
 * except where a step of the rules reaches e0 or e16. */
DqBb dq_shift(DqBb b, int d);

/* Geometry tables, filled once by dq_board_init(). */
typedef struct DqGeometry {
    int8_t dx[DQ_DIRS], dy[DQ_DIRS], delta[DQ_DIRS];
    uint8_t x[DQ_CELLS], y[DQ_CELLS], kingdom[DQ_CELLS];
    DqBb valid;     /* grid + e0 + e16 */
    DqBb grid;      /* ranks 1-15 */
    DqBb land[2];   /* kingdom land: [0] S-land, [1] F-land (grid cells only) */
    DqBb ocean;     /* ranks 6-10, e8 included */
    DqBb palace[2]; /* [0] Storm Citadel, [1] Forest Palace */
    DqBb beach[2];  /* [0] Storm Beaches (rank 11), [1] Forest Beaches (rank 5) */
    DqBb rank[17], file[DQ_FILES];
    DqBb adj[DQ_CELLS];                  /* Chebyshev neighbours, e0/e16 included */
    DqBb ray[DQ_CELLS][DQ_DIRS];         /* to the edge over any terrain, ending at e0/e16 */
    DqBb ray_land[DQ_CELLS][DQ_DIRS];    /* prefix of ray inside the origin's kingdom land */
    uint8_t land_len[DQ_CELLS][DQ_DIRS]; /* its cells: a ray_land runs unbroken from c */
    /* The water part of a ray: from a water cell its ocean prefix; from a land cell the
     * ocean cells that follow its land prefix directly (empty when that prefix ends at the
     * edge). e8 is included (transparent, never occupied). */
    DqBb sea[DQ_CELLS][DQ_DIRS];
    DqBb shore[DQ_CELLS][DQ_DIRS]; /* from a water cell: the land after its sea part,
                                      ending at e0/e16 on the e-file (attacks only) */
    /* Where an attack on a force standing here can come from along the ray: the land
     * prefix and the sea after it (land cell), the sea part (water cell). */
    DqBb reach[DQ_CELLS][DQ_DIRS];
    DqBb sea_orth[DQ_CELLS], sea_diag[DQ_CELLS]; /* unions of the orthogonal/diagonal sea */
    DqBb lines[DQ_CELLS];                        /* union of the eight rays */
    DqBb land_orth[DQ_CELLS];                    /* union of the four orthogonal ray_land */
    DqBb glide_v[DQ_CELLS], glide_d[DQ_CELLS];   /* other-kingdom land on vertical/diag rays */
    DqBb leap_n[DQ_CELLS];                       /* Green/Red Knight (+-1,+-2), (+-2,+-1) */
    DqBb leap_h[3][DQ_CELLS];                    /* White/Black Knight per variation */
    uint8_t next[DQ_CELLS][DQ_DIRS]; /* neighbour in each direction, DQ_NO_CELL if none */
    /* Per side ([0] Storm, forward = S; [1] Forest, forward = N): the neighbours forward
     * diagonally (Dwarf/Gnome captures), and forward, forward diagonally and sideways
     * (Elf/Troll, Palace Defender/Citadel Watcher). */
    DqBb diag_fwd[2][DQ_CELLS], fwd_side[2][DQ_CELLS];
} DqGeometry;

extern DqGeometry dq_geo;

void dq_board_init(void);

static inline int dq_distance(int a, int b)
{
    int dx = dq_geo.x[a] - dq_geo.x[b], dy = dq_geo.y[a] - dq_geo.y[b];
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return dx > dy ? dx : dy;
}

/* Writes "e10" style names; returns the length. Parses one, advancing *s; -1 if none. */
int dq_cell_name(int c, char *out);
int dq_parse_cell(const char **s);
