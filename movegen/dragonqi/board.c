/*
 * DragonQi geometry tables: every ray, leap and region is computed once here so that move
 * generation and attack detection are masks and bit scans.
 */
#include "movegen/dragonqi/board.h"

#include <stdio.h>
#include <string.h>

DqGeometry dq_geo;

static bool exists(int x, int y)
{
    if (x < 0 || x >= DQ_FILES)
        return false;
    if (y >= 1 && y <= DQ_RANKS)
        return true;
    return x == 4 && (y == 0 || y == 16);
}

static int kingdom_of(int x, int y)
{
    if (!exists(x, y))
        return DQ_OFF;
    if (y <= 5)
        return DQ_KINGDOM_F;
    if (y >= 11)
        return DQ_KINGDOM_S;
    return DQ_OCEAN;
}

static void add_leaps(DqBb *out, int x, int y, const int (*offsets)[2], int n)
{
    for (int i = 0; i < n; i++) {
        int tx = x + offsets[i][0], ty = y + offsets[i][1];
        if (exists(tx, ty))
            bb_set(out, dq_cell(tx, ty));
    }
}

/* The eight sign combinations of (a, b) and (b, a), duplicates allowed. */
static int expand(int a, int b, int (*out)[2], int n)
{
    static const int signs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int s = 0; s < 4; s++) {
        out[n][0] = a * signs[s][0], out[n][1] = b * signs[s][1], n++;
        out[n][0] = b * signs[s][0], out[n][1] = a * signs[s][1], n++;
    }
    return n;
}

static void init_leaps(int x, int y)
{
    int c = dq_cell(x, y), off[64][2], n;
    n = expand(1, 2, off, 0);
    add_leaps(&dq_geo.leap_n[c], x, y, off, n);
    /* Lance (§5.16): (3,1) and (3,2) families. */
    n = expand(3, 2, off, expand(3, 1, off, 0));
    add_leaps(&dq_geo.leap_h[0][c], x, y, off, n);
    /* Sword: (1,1), (2,2) and the knight's (1,2). */
    n = expand(1, 2, off, expand(2, 2, off, expand(1, 1, off, 0)));
    add_leaps(&dq_geo.leap_h[1][c], x, y, off, n);
    /* Pike: (0,1), (0,2) and the knight's (1,2). */
    n = expand(1, 2, off, expand(0, 2, off, expand(0, 1, off, 0)));
    add_leaps(&dq_geo.leap_h[2][c], x, y, off, n);
}

/* The segments of one ray: the origin's land prefix, then the ocean, then the land beyond
 * (sea and shore; the shore of an e-file ray ends at e0 or e16, which only attacks may
 * reach), plus the glide cells of the other kingdom. */
static void init_ray(int x, int y, int d)
{
    int c = dq_cell(x, y), k = kingdom_of(x, y);
    enum { LAND, SEA, SHORE, DONE } part = k == DQ_OCEAN ? SEA : LAND;
    for (int tx = x + dq_geo.dx[d], ty = y + dq_geo.dy[d]; exists(tx, ty);
         tx += dq_geo.dx[d], ty += dq_geo.dy[d]) {
        int t = dq_cell(tx, ty), kt = kingdom_of(tx, ty);
        bool grid = ty >= 1 && ty <= DQ_RANKS;
        bb_set(&dq_geo.ray[c][d], t);
        if (part == LAND && (kt != k || !grid))
            part = kt == DQ_OCEAN ? SEA : DONE;
        if (part == SEA && kt != DQ_OCEAN)
            part = k == DQ_OCEAN ? SHORE : DONE;
        DqBb *seg = part == LAND    ? &dq_geo.ray_land[c][d]
                    : part == SEA   ? &dq_geo.sea[c][d]
                    : part == SHORE ? &dq_geo.shore[c][d]
                                    : NULL;
        if (seg)
            bb_set(seg, t);
        if (k <= DQ_KINGDOM_F && kt == !k && grid && d != DQ_E && d != DQ_W)
            bb_set(d == DQ_N || d == DQ_S ? &dq_geo.glide_v[c] : &dq_geo.glide_d[c], t);
    }
    dq_geo.reach[c][d] = bb_or(dq_geo.ray_land[c][d], dq_geo.sea[c][d]);
    dq_geo.land_len[c][d] = (uint8_t)bb_count(dq_geo.ray_land[c][d]);
}

static void init_rays(int x, int y)
{
    int c = dq_cell(x, y);
    for (int d = 0; d < DQ_DIRS; d++) {
        init_ray(x, y, d);
        dq_geo.lines[c] = bb_or(dq_geo.lines[c], dq_geo.ray[c][d]);
        if (!dq_dir_diagonal(d))
            dq_geo.land_orth[c] = bb_or(dq_geo.land_orth[c], dq_geo.ray_land[c][d]);
        DqBb *sea = dq_dir_diagonal(d) ? &dq_geo.sea_diag[c] : &dq_geo.sea_orth[c];
        *sea = bb_or(*sea, dq_geo.sea[c][d]);
    }
}

void dq_board_init(void)
{
    static const int8_t dx[DQ_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int8_t dy[DQ_DIRS] = {1, 1, 0, -1, -1, -1, 0, 1};
    memset(dq_geo.next, DQ_NO_CELL, sizeof dq_geo.next);
    for (int d = 0; d < DQ_DIRS; d++) {
        dq_geo.dx[d] = dx[d];
        dq_geo.dy[d] = dy[d];
        dq_geo.delta[d] = (int8_t)(dy[d] * DQ_FILES + dx[d]);
    }
    for (int c = 0; c < DQ_CELLS; c++) {
        int x = c % DQ_FILES, y = c / DQ_FILES;
        dq_geo.x[c] = (uint8_t)x;
        dq_geo.y[c] = (uint8_t)y;
        dq_geo.kingdom[c] = (uint8_t)kingdom_of(x, y);
        if (!exists(x, y))
            continue;
        bb_set(&dq_geo.valid, c);
        bb_set(&dq_geo.rank[y], c);
        bb_set(&dq_geo.file[x], c);
        if (y < 1 || y > DQ_RANKS)
            continue;
        bb_set(&dq_geo.grid, c);
        if (dq_geo.kingdom[c] == DQ_OCEAN)
            bb_set(&dq_geo.ocean, c);
        else
            bb_set(&dq_geo.land[dq_geo.kingdom[c]], c);
        if (y == 5 || y == 11)
            bb_set(&dq_geo.beach[y == 5 ? DQ_KINGDOM_F : DQ_KINGDOM_S], c);
        if (x >= 3 && x <= 5 && (y <= 3 || y >= 13))
            bb_set(&dq_geo.palace[y <= 3 ? DQ_KINGDOM_F : DQ_KINGDOM_S], c);
    }
    for (int c = 0; c < DQ_CELLS; c++) {
        int x = dq_geo.x[c], y = dq_geo.y[c];
        if (!exists(x, y))
            continue;
        for (int d = 0; d < DQ_DIRS; d++) {
            int tx = x + dx[d], ty = y + dy[d];
            if (!exists(tx, ty))
                continue;
            int t = dq_cell(tx, ty);
            bb_set(&dq_geo.adj[c], t);
            dq_geo.next[c][d] = (uint8_t)t;
            for (int side = 0; side < 2; side++) {
                int fwd = side ? 1 : -1; /* the rank step forward */
                if (dy[d] == fwd && dx[d] != 0)
                    bb_set(&dq_geo.diag_fwd[side][c], t);
                if (dy[d] == fwd || dy[d] == 0)
                    bb_set(&dq_geo.fwd_side[side][c], t);
            }
        }
        init_rays(x, y);
        init_leaps(x, y);
    }
}

DqBb dq_shift(DqBb b, int d)
{
    if (dq_geo.dx[d] > 0)
        b = bb_minus(b, dq_geo.file[DQ_FILES - 1]);
    else if (dq_geo.dx[d] < 0)
        b = bb_minus(b, dq_geo.file[0]);
    int delta = dq_geo.delta[d];
    b = delta > 0 ? bb_up(b, delta) : bb_down(b, -delta);
    return bb_and(b, dq_geo.valid);
}

int dq_cell_name(int c, char *out) { return sprintf(out, "%c%d", 'a' + dq_geo.x[c], dq_geo.y[c]); }

int dq_parse_cell(const char **s)
{
    const char *p = *s;
    if (*p < 'a' || *p > 'i' || p[1] < '0' || p[1] > '9')
        return -1;
    int x = *p - 'a', y = p[1] - '0';
    p += 2;
    if (y == 0 && x != 4)
        return -1;
    if (y == 1 && *p >= '0' && *p <= '9') {
        y = 10 + (*p - '0');
        p++;
    }
    if (!exists(x, y) || (*p >= '0' && *p <= '9'))
        return -1;
    *s = p;
    return dq_cell(x, y);
}
