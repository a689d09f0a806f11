/*
 * DragonQi vessel actions (§4.8, §5.28, §6.13): sail, ram, re-align, fire, and the Trident
 * opening's double re-alignment; their generation and their effects on the position.
 *
 * A vessel acts for the side of her current colour (her occupant's side, else her
 * original side), with or without an occupant, and carries her occupant (passage, §4.7):
 * a sail or ram that brings the Prince or the Red Witch beside the enemy royal is a
 * Direct Capture (§6.9).
 */
#include "movegen/dragonqi/gen.h"

static const char fire_turn[2] = {2, 6}; /* lines of fire: bow + 90 and bow - 90 degrees */

/* Is the force `code`, arriving on `to`, a Prince or Red Witch beside the enemy royal? */
static bool direct_capture(const DqPos *p, int code, int to)
{
    int enemy = code == dq_code(DQ_ROYAL, DQ_FOREST)  ? p->royal[DQ_STORM]
                : code == dq_code(DQ_WITCH, DQ_STORM) ? p->royal[DQ_FOREST]
                                                      : DQ_NO_CELL;
    return enemy != DQ_NO_CELL && bb_has(dq_geo.adj[enemy], to);
}

/* The target of a cannon shot from the flagship on c along direction d (§4.8): over water
 * only, the first vessel met is the screen and must be occupied, the next one is the
 * target and must be of another colour than `coloured`; DQ_NO_CELL if none. */
int dq_cannon_target(int c, int d, const DqSea *s, DqBb coloured)
{
    DqBb v = bb_and(dq_geo.sea[c][d], s->vessels);
    if (!bb_any(v))
        return DQ_NO_CELL;
    int screen = bb_first(v, d);
    if (!bb_has(s->occupied, screen))
        return DQ_NO_CELL;
    DqBb beyond = bb_and(v, dq_geo.ray[screen][d]);
    if (!bb_any(beyond))
        return DQ_NO_CELL;
    int target = bb_first(beyond, d);
    return bb_has(coloured, target) ? DQ_NO_CELL : target;
}

static int cannon_index(int vessel)
{
    return vessel & DQ_VES_ORIG_FOREST ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON;
}

void dq_gen_vessels(DqGen *g)
{
    const DqPos *p = g->p;
    const DqSea *s = &g->sea;
    for (DqBb b = s->coloured; bb_any(b);) {
        int c = bb_pop(&b), v = dq_vessel(p, c), bow = v & DQ_VES_BOW, occupant = p->sq[c];
        int to = dq_geo.next[c][bow];
        if (to != DQ_NO_CELL && dq_geo.kingdom[to] == DQ_OCEAN && to != DQ_E8 &&
            !bb_has(s->coloured, to)) {
            /* sail onto empty water, or ram a vessel of the other colour */
            Move m = dq_move_make(DQ_MK_SAIL, c, to, 0, p->sq[to]);
            if (bb_has(s->vessels, to))
                m = dq_move_with_sinking(m);
            if (occupant && direct_capture(p, occupant, to))
                m = dq_move_with_win(m);
            dq_gen_add(g, m, NULL, 0);
        }
        Move realign = dq_move_make(DQ_MK_REALIGN, c, c, 0, 0);
        /* turning a vessel in place changes no attack unless she carries the royal (or
         * the Sword is near): then it is legal exactly when we are not in check */
        bool plain = !g->test_all && !g->in_check && c != p->royal[g->us];
        for (int d = 0; d < DQ_DIRS && g->stage != GEN_NOISY; d++) {
            if (d == bow || dq_geo.next[c][d] == DQ_NO_CELL)
                continue;
            if (plain)
                g->moves[g->n++] = dq_move_with_dirs(realign, d, 0);
            else
                dq_gen_add(g, dq_move_with_dirs(realign, d, 0), NULL, 0);
        }
        if (!(v & DQ_VES_FLAGSHIP) || !occupant || !p->mun[cannon_index(v)])
            continue;
        for (int i = 0; i < 2; i++) {
            int t = dq_cannon_target(c, (bow + fire_turn[i]) & 7, s, s->coloured);
            if (t != DQ_NO_CELL)
                dq_gen_add(g, dq_move_with_sinking(dq_move_make(DQ_MK_FIRE, c, t, 0, p->sq[t])),
                           NULL, 0);
        }
    }
}

void dq_gen_trident(DqGen *g)
{
    const DqPos *p = g->p;
    int d10 = dq_cell(3, 10), f10 = dq_cell(5, 10);
    int bow1 = dq_vessel(p, d10) & DQ_VES_BOW, bow2 = dq_vessel(p, f10) & DQ_VES_BOW;
    Move m = dq_move_make(DQ_MK_TRIDENT, d10, f10, 0, 0);
    for (int d1 = 0; d1 < DQ_DIRS; d1++)
        for (int d2 = 0; d2 < DQ_DIRS; d2++)
            if (d1 != bow1 && d2 != bow2)
                dq_gen_add(g, dq_move_with_dirs(m, d1, d2), NULL, 0);
}

/* Sinks the vessel on c (§4.8): her occupant is captured; a Flagship's cannonballs and
 * harbour immunity go down with her. */
static void sink(DqPos *q, int c)
{
    int v = dq_vessel(q, c);
    if (q->sq[c])
        dq_capture_at(q, c);
    if (v & DQ_VES_FLAGSHIP) {
        dq_key_munition(q, cannon_index(v), 0);
        q->flags &=
            (uint16_t) ~(v & DQ_VES_ORIG_FOREST ? DQ_FLAG_GREEN_HARBOUR : DQ_FLAG_RED_HARBOUR);
    }
    dq_put_vessel(q, c, 0);
}

static void realign(DqPos *q, int c, int bow)
{
    dq_put_vessel(q, c, (dq_vessel(q, c) & ~DQ_VES_BOW) | bow);
}

bool dq_make_vessel(DqPos *q, Move m)
{
    int from = dq_move_from(m), to = dq_move_to(m);
    switch (dq_move_kind(m)) {
    case DQ_MK_SAIL: {
        int v = dq_vessel(q, from), occupant = q->sq[from];
        if (dq_vessel(q, to))
            sink(q, to);
        if (occupant)
            dq_take(q, from);
        dq_put_vessel(q, from, 0);
        dq_put_vessel(q, to, v);
        /* a Flagship that moves has left her home harbour for good (§4.9) */
        if (v & DQ_VES_FLAGSHIP)
            q->flags &=
                (uint16_t) ~(v & DQ_VES_ORIG_FOREST ? DQ_FLAG_GREEN_HARBOUR : DQ_FLAG_RED_HARBOUR);
        if (!occupant)
            return false;
        dq_put(q, to, occupant);
        return dq_arrive(q, occupant, to);
    }
    case DQ_MK_REALIGN:
        realign(q, from, dq_move_dir1(m));
        return false;
    case DQ_MK_FIRE:
        sink(q, to);
        dq_key_munition(q, cannon_index(dq_vessel(q, from)),
                        q->mun[cannon_index(dq_vessel(q, from))] - 1);
        return false;
    default: /* the Trident opening */
        realign(q, from, dq_move_dir1(m));
        realign(q, to, dq_move_dir2(m));
        q->flags &= (uint16_t)~DQ_FLAG_TRIDENT;
        return false;
    }
}
