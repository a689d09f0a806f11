/*
 * DragonQi on and across Trafalgar Ocean (§4.3-4.7, §5): embarking from land, and every
 * move of a force aboard a vessel by its own powers (boarding, boarding with a capture,
 * disembarking with or without a capture, the Crossbowman's sea jumps).
 *
 * A ray from a water cell splits into its sea part (ocean cells, e8 included) and the
 * shore beyond it (`dq_geo.sea`, `dq_geo.shore`); a ray from land into its land prefix and
 * the sea after it. A slide from a vessel meets either a vessel first (the only one it may
 * board) or, over empty water, the land where it may go on over empty cells; a slide from
 * land over empty cells and empty water may end only on the first vessel (embarking).
 * Entry transformations (§6.7) happen in make.c.
 */
#include "movegen/dragonqi/gen.h"

void dq_sea_of(const DqPos *p, int side, DqSea *s)
{
    DqBb occ = bb_or(p->men[0], p->men[1]);
    s->vessels = p->vessels;
    s->occupied = bb_and(p->vessels, occ);
    s->boardable = p->vessels;
    s->own_free = bb_none();
    s->coloured = bb_none();
    for (DqBb b = p->vessels; bb_any(b);) {
        int c = bb_pop(&b), original = (dq_vessel(p, c) & DQ_VES_ORIG_FOREST) != 0;
        if (dq_vessel_colour(p, c) == side)
            bb_set(&s->coloured, c);
        if (!p->sq[c] && original == side)
            bb_set(&s->own_free, c);
    }
    /* §4.9: the harbour flag is set only while that Flagship is in her home harbour */
    if (side == DQ_FOREST && (p->flags & DQ_FLAG_RED_HARBOUR))
        bb_clear(&s->boardable, DQ_STORM_HARBOUR);
    if (side == DQ_STORM && (p->flags & DQ_FLAG_GREEN_HARBOUR))
        bb_clear(&s->boardable, DQ_TRAFALGAR_HARBOUR);
}

/* The vessels on `cells` a force may board: quiet when unoccupied, a capture when `prey`. */
static DqBb board(const DqSea *s, DqBb cells, DqBb prey, DqBb *quiet)
{
    DqBb v = bb_and(cells, s->boardable);
    *quiet = bb_or(*quiet, bb_minus(v, s->occupied));
    return bb_and(v, prey);
}

/* Slides from a vessel (§4.5.3-4): the first vessel of the ray, or the shore beyond empty
 * water up to its first occupied cell. */
static DqBb slides_from_sea(const DqPos *p, int c, int dirs, const DqSea *s, DqBb prey, DqBb *quiet)
{
    DqBb occ = bb_or(p->men[0], p->men[1]), capture = bb_none();
    for (int d = 0; d < DQ_DIRS; d++) {
        if (!(dirs >> d & 1))
            continue;
        DqBb v = bb_and(dq_geo.sea[c][d], s->vessels);
        if (bb_any(v)) {
            capture = bb_or(capture, board(s, bb_bit(bb_first(v, d)), prey, quiet));
            continue;
        }
        DqBb shore = dq_geo.shore[c][d], o = bb_and(shore, occ);
        if (bb_any(o)) {
            int f = bb_first(o, d);
            shore = bb_minus(shore, dq_geo.ray[f][d]);
            bb_clear(&shore, f);
            if (bb_has(prey, f))
                bb_set(&capture, f);
        }
        *quiet = bb_or(*quiet, bb_and(shore, dq_geo.grid));
    }
    return capture;
}

/* The Crossbowman's jumps from a vessel (§5.17): the screen is the first vessel and must
 * be occupied; the target is the next vessel (a capturable opposing occupant) or, when
 * the ray reaches land first, the first occupied land cell. */
static DqBb jumps_from_sea(const DqPos *p, int c, const DqSea *s, DqBb prey)
{
    DqBb occ = bb_or(p->men[0], p->men[1]), capture = bb_none();
    for (int d = DQ_N; d < DQ_DIRS; d += 2) {
        DqBb v = bb_and(dq_geo.sea[c][d], s->vessels);
        if (!bb_any(v))
            continue;
        int screen = bb_first(v, d);
        if (!bb_has(s->occupied, screen))
            continue;
        DqBb beyond = bb_and(v, dq_geo.ray[screen][d]);
        if (bb_any(beyond)) {
            int t = bb_first(beyond, d);
            if (bb_has(s->boardable, t) && bb_has(prey, t))
                bb_set(&capture, t);
            continue;
        }
        DqBb o = bb_and(dq_geo.shore[c][d], occ);
        if (bb_any(o) && bb_has(prey, bb_first(o, d)))
            bb_set(&capture, bb_first(o, d));
    }
    return capture;
}

/* Steps and leaps from a vessel onto `cells`: the vessels there may be boarded, the land
 * cells of `land` (the mover's scope) entered; captures among `prey`. */
static DqBb steps_from_sea(const DqPos *p, DqBb cells, DqBb land, const DqSea *s, DqBb prey,
                           DqBb *quiet)
{
    DqBb capture = board(s, cells, prey, quiet);
    land = bb_and(land, cells);
    *quiet = bb_or(*quiet, bb_minus(land, bb_or(p->men[0], p->men[1])));
    return bb_or(capture, bb_and(land, prey));
}

/* The Dwarf's/Gnome's moves from a vessel (§5.11): straight forward it boards an
 * unoccupied vessel or lands on the empty opposing Beach cell; diagonally forward it only
 * captures, aboard or ashore. */
static DqBb pawn_from_sea(const DqPos *p, int c, int side, const DqSea *s, DqBb prey, DqBb *quiet)
{
    int fwd = side == DQ_FOREST ? DQ_N : DQ_S, one = dq_geo.next[c][fwd];
    if (dq_geo.kingdom[one] == DQ_OCEAN)
        board(s, bb_bit(one), bb_none(), quiet);
    else if (!p->sq[one])
        bb_set(quiet, one);
    DqBb diagonal = bb_none();
    for (int d = fwd + 1; d <= fwd + 7; d += 6)
        if (dq_geo.next[c][d & 7] != DQ_NO_CELL)
            bb_set(&diagonal, dq_geo.next[c][d & 7]);
    return bb_and(diagonal, bb_or(bb_and(s->boardable, prey), bb_minus(prey, dq_geo.ocean)));
}

DqBb dq_aboard_targets(const DqPos *p, int c, const DqSea *s, DqBb prey, DqBb *quiet)
{
    int code = p->sq[c], side = dq_side(code);
    DqBb lands = bb_or(dq_geo.land[DQ_KINGDOM_S], dq_geo.land[DQ_KINGDOM_F]);
    *quiet = bb_none();
    switch (dq_type(code)) {
    case DQ_ROYAL:
        /* the Prince may leave the ocean only for S-land (§5.1); the Warlord anywhere */
        return steps_from_sea(p, dq_geo.adj[c],
                              side == DQ_FOREST ? dq_geo.land[DQ_KINGDOM_S] : lands, s, prey,
                              quiet);
    case DQ_WITCH: /* never S-land (§5.7) */
        return steps_from_sea(p, dq_geo.adj[c], dq_geo.land[DQ_KINGDOM_F], s, prey, quiet);
    case DQ_KNIGHT:
        return steps_from_sea(p, dq_geo.leap_n[c], lands, s, prey, quiet);
    case DQ_LKNIGHT:
        return steps_from_sea(p, dq_geo.leap_h[p->variant][c], lands, s, prey, quiet);
    case DQ_PAWN:
        return pawn_from_sea(p, c, side, s, prey, quiet);
    case DQ_CROSSBOW:
        slides_from_sea(p, c, DQ_ORTH_DIRS, s, bb_none(), quiet);
        return jumps_from_sea(p, c, s, prey);
    case DQ_BUCCANEER:
        return slides_from_sea(p, c, DQ_DIAG_DIRS, s, prey, quiet);
    case DQ_TOWER:
        return slides_from_sea(p, c, DQ_ORTH_DIRS, s, prey, quiet);
    default:
        return bb_none();
    }
}

/* The first vessel of ray d from land cell c over empty land and empty water (§4.5.2). */
static int first_vessel(const DqGen *g, int c, int d)
{
    if (bb_meets(dq_geo.ray_land[c][d], g->occ))
        return DQ_NO_CELL;
    DqBb v = bb_and(dq_geo.sea[c][d], g->sea.vessels);
    return bb_any(v) ? bb_first(v, d) : DQ_NO_CELL;
}

void dq_embark_targets(const DqGen *g, int c, Targets *t)
{
    const DqPos *p = g->p;
    int code = p->sq[c], dirs = 0;
    DqBb own_free = g->sea.own_free, to = bb_none();
    if (!bb_any(own_free))
        return;
    switch (dq_type(code)) {
    case DQ_ROYAL:
        /* the Prince embarks from F-land only; on S-land he steps within it (§5.1) */
        if (g->us == DQ_STORM || dq_geo.kingdom[c] == DQ_KINGDOM_F)
            to = dq_geo.adj[c];
        break;
    case DQ_PAWN: {
        int one = dq_geo.next[c][g->us == DQ_FOREST ? DQ_N : DQ_S];
        if (one != DQ_NO_CELL)
            to = bb_bit(one);
        break;
    }
    case DQ_KNIGHT:
        to = dq_geo.leap_n[c];
        break;
    case DQ_LKNIGHT:
        to = dq_geo.leap_h[p->variant][c];
        break;
    case DQ_CROSSBOW:
    case DQ_TOWER:
    case DQ_TOWERBIRD:
        dirs = bb_meets(dq_geo.sea_orth[c], own_free) ? DQ_ORTH_DIRS : 0;
        break;
    case DQ_BUCCANEER:
        dirs = bb_meets(dq_geo.sea_diag[c], own_free) ? DQ_DIAG_DIRS : 0;
        break;
    case DQ_QUEEN:
        /* §5.5: the Storm Queen steps from the shore onto a Red vessel alongside: the first
         * water cell of her line, after any number of empty S-land cells */
        if (g->us == DQ_STORM)
            for (int d = DQ_SE; d <= DQ_SW; d++)
                if (!bb_meets(dq_geo.ray_land[c][d], g->occ) && bb_any(dq_geo.sea[c][d]))
                    bb_set(&to, bb_first(dq_geo.sea[c][d], d));
        break;
    default:
        return;
    }
    for (; dirs; dirs &= dirs - 1) {
        int v = first_vessel(g, c, __builtin_ctz((unsigned)dirs));
        if (v != DQ_NO_CELL)
            bb_set(&to, v);
    }
    t->quiet = bb_or(t->quiet, bb_and(to, own_free));
}

void dq_gen_aboard(DqGen *g, int c)
{
    Targets t;
    t.capture = dq_aboard_targets(g->p, c, &g->sea, dq_prey_of(g, g->p->sq[c]), &t.quiet);
    dq_gen_targets(g, c, &t);
}
