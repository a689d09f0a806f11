/*
 * DragonQi moves that are not a force's own step or slide: Towering/Castling with the
 * Guard/Warder choices (§6.1), arrow shots (§6.5) and planting a flag (§6.8).
 */
#include "movegen/dragonqi/gen.h"

static unsigned towering_right(int side, int wing)
{
    static const unsigned right[2][2] = {{DQ_FLAG_CASTLE_A, DQ_FLAG_CASTLE_I},
                                         {DQ_FLAG_TOWER_A, DQ_FLAG_TOWER_I}};
    return right[side][wing];
}

static int home_rank(int side) { return side == DQ_FOREST ? 1 : DQ_RANKS; }

/* The cell `i` files from the royal's home cell toward the wing (i = 1, 2, 3). */
static int wing_cell(int side, int wing, int i)
{
    return dq_cell(DQ_FILE_E + (wing ? i : -i), home_rank(side));
}

bool dq_royal_safe_at(const DqPos *p, int side, int cell)
{
    DqPos q = *p;
    int from = q.royal[side], code = q.sq[from];
    dq_take(&q, from);
    dq_put(&q, cell, code);
    return !dq_royal_attacked(&q, side);
}

bool dq_towering_ready(const DqPos *p, int side, int wing)
{
    if (!(p->flags & towering_right(side, wing)))
        return false;
    for (int i = 1; i <= 3; i++)
        if (p->sq[wing_cell(side, wing, i)])
            return false;
    if (dq_royal_attacked(p, side))
        return false;
    for (int i = 1; i <= 3; i++)
        if (!dq_royal_safe_at(p, side, wing_cell(side, wing, i)))
            return false;
    return true;
}

void dq_towering_board(DqPos *q, int side, int wing)
{
    int royal = q->royal[side], code = q->sq[royal];
    int tower = dq_cell(wing ? 8 : 0, home_rank(side));
    bool talisman = side == DQ_STORM && q->encl[DQ_ENC_WHITEROOM] != 'D';
    dq_take(q, royal);
    dq_put(q, wing_cell(side, wing, 3), code);
    dq_take(q, tower);
    dq_put(q, wing_cell(side, wing, 2), dq_code(talisman ? DQ_TALISMAN : DQ_SCEPTRE, side));
}

bool dq_towering_legal(const DqPos *p, int side, int wing)
{
    if (!dq_towering_ready(p, side, wing))
        return false;
    DqPos q = *p;
    dq_towering_board(&q, side, wing);
    return !dq_royal_attacked(&q, side);
}

/* Palace index of a cell for the /B field: 3 * (rank - first palace rank) + file - d. */
int dq_palace_index(int side, int c)
{
    return 3 * (dq_geo.y[c] - (side == DQ_FOREST ? 1 : 13)) + dq_geo.x[c] - 3;
}

static void gen_towering(DqGen *g)
{
    const DqPos *p = g->p;
    int guards[2], count = 0, guard = dq_code(DQ_GUARD, g->us);
    for (DqBb b = bb_and(p->men[g->us], dq_geo.palace[g->us]); bb_any(b);) {
        int c = bb_pop(&b);
        if (p->sq[c] == guard && count < 2)
            guards[count++] = dq_palace_index(g->us, c);
    }
    for (int wing = 0; wing < 2; wing++) {
        if (!dq_towering_ready(p, g->us, wing))
            continue;
        int from = p->royal[g->us], to = wing_cell(g->us, wing, 3);
        Move m = dq_move_make(DQ_MK_TOWERING, from, to, p->sq[from], 0);
        int enemy = p->royal[g->them];
        if (g->us == DQ_FOREST && enemy != DQ_NO_CELL && bb_has(dq_geo.adj[enemy], to))
            m = dq_move_with_win(m);
        Move extra[3];
        int n = 0;
        for (int subset = 1; subset < 1 << count; subset++) {
            int mask = 0;
            for (int i = 0; i < count; i++)
                if (subset >> i & 1)
                    mask |= 1 << guards[i];
            extra[n++] = dq_move_with_guards(0, mask);
        }
        dq_gen_add(g, m, extra, n);
    }
}

/* Cells of side `s` forces of the given types on land `land`. */
static DqBb forces_of(const DqPos *p, int s, DqBb land, int type1, int type2)
{
    DqBb out = bb_none();
    for (DqBb b = bb_and(p->men[s], land); bb_any(b);) {
        int c = bb_pop(&b), t = dq_type(p->sq[c]);
        if (t == type1 || t == type2)
            bb_set(&out, c);
    }
    return out;
}

static void shoot(DqGen *g, int from, DqBb targets)
{
    targets = bb_and(targets, dq_geo.lines[from]);
    while (bb_any(targets)) {
        int to = bb_pop(&targets);
        dq_gen_add(g, dq_move_make(DQ_MK_ARROW, from, to, g->p->sq[from], g->p->sq[to]), NULL, 0);
    }
}

static void gen_arrows(DqGen *g)
{
    const DqPos *p = g->p;
    if (g->us == DQ_FOREST) {
        DqBb fland = dq_geo.land[DQ_KINGDOM_F];
        int e2 = DQ_E2;
        if (p->encl[DQ_ENC_LIBRARY] == 'Q' && p->mun[DQ_MUN_PRINCESS] &&
            p->count[dq_code(DQ_BIRD, DQ_STORM)])
            shoot(g, e2, forces_of(p, DQ_STORM, fland, DQ_BIRD, DQ_BIRD));
        int serpents_and_ravens = p->count[dq_code(DQ_BIRD, DQ_STORM)] +
                                  p->count[dq_code(DQ_ELDER, DQ_STORM)] +
                                  p->count[dq_code(DQ_YOUNGER, DQ_STORM)];
        if (p->mun[DQ_MUN_QUEEN_WAR] && p->count[dq_code(DQ_QUEEN, DQ_FOREST)] &&
            serpents_and_ravens) {
            DqBb prey = bb_or(forces_of(p, DQ_STORM, fland, DQ_BIRD, DQ_ELDER),
                              forces_of(p, DQ_STORM, fland, DQ_YOUNGER, DQ_YOUNGER));
            DqBb queen = forces_of(p, DQ_FOREST, fland, DQ_QUEEN, DQ_QUEEN);
            if (bb_any(prey) && bb_any(queen))
                shoot(g, bb_lsb(queen), prey);
        }
    } else if (p->mun[DQ_MUN_STORM_QUEEN] && p->count[dq_code(DQ_QUEEN, DQ_STORM)] &&
               p->count[dq_code(DQ_BIRD, DQ_FOREST)] + p->count[dq_code(DQ_DRAGON, DQ_FOREST)]) {
        DqBb sland = dq_geo.land[DQ_KINGDOM_S];
        DqBb prey = forces_of(p, DQ_FOREST, sland, DQ_BIRD, DQ_DRAGON);
        DqBb queen = forces_of(p, DQ_STORM, sland, DQ_QUEEN, DQ_QUEEN);
        if (bb_any(prey) && bb_any(queen))
            shoot(g, bb_lsb(queen), prey);
    }
}

static void gen_planting(DqGen *g)
{
    const DqPos *p = g->p;
    for (int i = 0; i < 2; i++) {
        int c = dq_banner_cell(g->us, i), code = p->sq[c];
        if (code == dq_code(DQ_ROYAL, g->us) ||
            (g->us == DQ_STORM && code == dq_code(DQ_WITCH, DQ_STORM)))
            dq_gen_add(g, dq_move_with_win(dq_move_make(DQ_MK_PLANT, c, c, code, 0)), NULL, 0);
    }
}

void dq_gen_specials(DqGen *g)
{
    if (g->p->flags & (towering_right(g->us, 0) | towering_right(g->us, 1)))
        gen_towering(g);
    gen_arrows(g);
    gen_planting(g);
}
