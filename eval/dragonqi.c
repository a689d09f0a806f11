/*
 * DragonQi evaluation, from the side to move's point of view (first version).
 *
 * Terms: material (a Dwarf/Gnome is the unit); mobility (cells the sliders, jumpers and
 * Knights reach on their land, free or enemy-held); advancement of Dwarfs/Gnomes toward
 * their beaches; unreleased birds' potential (a tower with its bird is worth more); and the
 * munitions left (arrows and cannonballs).
 */
#include <stdio.h>

#include "movegen/dragonqi/dragonqi.h"

enum {
    DQ_V_PAWN = 100,
    DQ_V_ELF = 220,
    DQ_V_DEFENDER = 130,
    DQ_V_GUARD = 140,
    DQ_V_KNIGHT = 300,
    DQ_V_LKNIGHT = 340,
    DQ_V_CROSSBOW = 380,
    DQ_V_SIEGE = 520,
    DQ_V_BUCCANEER = 300,
    DQ_V_RANGER = 420,
    DQ_V_TOWER = 460,
    DQ_V_TOWERBIRD = 560,
    DQ_V_FORTRESS = 900,
    DQ_V_BIRD = 350,
    DQ_V_SCEPTRE = 850,
    DQ_V_TALISMAN = 950,
    DQ_V_WIZARD = 1100,
    DQ_V_QUEEN = 900,        /* the TrueBorn Queen at war */
    DQ_V_STORM_QUEEN = 450,  /* a queen bound to her own land */
    DQ_V_PRINCESS = 350,     /* her arrows, and the TrueBorn Queen she stands for */
    DQ_V_EMPRESS = 1000,
    DQ_V_WITCH = 500,
    DQ_V_DRAGON = 1200,
    DQ_V_ELDER = 700,
    DQ_V_YOUNGER = 500,
    DQ_V_LIBRARIAN = 60,
    DQ_V_ARROW = 40,
    DQ_V_CANNONBALL = 30,
    DQ_MOBILITY = 4,  /* per reachable cell */
    DQ_ADVANCE = 6,   /* per rank a Dwarf/Gnome has advanced beyond its start */
    DQ_TEMPO = 10,
};

static const int type_value[DQ_TYPES] = {
    [DQ_QUEEN] = DQ_V_QUEEN,         [DQ_EMPRESS] = DQ_V_EMPRESS,
    [DQ_WITCH] = DQ_V_WITCH,         [DQ_DRAGON] = DQ_V_DRAGON,
    [DQ_PRINCESS] = DQ_V_PRINCESS,
    [DQ_ELDER] = DQ_V_ELDER,         [DQ_YOUNGER] = DQ_V_YOUNGER,
    [DQ_PAWN] = DQ_V_PAWN,           [DQ_ELF] = DQ_V_ELF,
    [DQ_DEFENDER] = DQ_V_DEFENDER,   [DQ_GUARD] = DQ_V_GUARD,
    [DQ_KNIGHT] = DQ_V_KNIGHT,       [DQ_LKNIGHT] = DQ_V_LKNIGHT,
    [DQ_CROSSBOW] = DQ_V_CROSSBOW,   [DQ_SIEGE] = DQ_V_SIEGE,
    [DQ_BUCCANEER] = DQ_V_BUCCANEER, [DQ_RANGER] = DQ_V_RANGER,
    [DQ_TOWER] = DQ_V_TOWER,         [DQ_TOWERBIRD] = DQ_V_TOWERBIRD,
    [DQ_FORTRESS] = DQ_V_FORTRESS,   [DQ_BIRD] = DQ_V_BIRD,
    [DQ_SCEPTRE] = DQ_V_SCEPTRE,     [DQ_TALISMAN] = DQ_V_TALISMAN,
    [DQ_WIZARD] = DQ_V_WIZARD,       [DQ_LIBRARIAN] = DQ_V_LIBRARIAN,
};

int dq_value(int code)
{
    if (code == dq_code(DQ_QUEEN, DQ_STORM))
        return DQ_V_STORM_QUEEN;
    return code ? type_value[dq_type(code)] : 0;
}

typedef struct DqTerms {
    int material, mobility, advance, munitions;
} DqTerms;

/* Cells reached along the given rays up to and including the first occupied one. */
static int ray_reach(DqBb occ, int c, bool orth, bool diag)
{
    int n = 0;
    for (int d = 0; d < DQ_DIRS; d++) {
        if (dq_dir_diagonal(d) ? !diag : !orth)
            continue;
        DqBb r = dq_geo.ray_land[c][d], b = bb_and(r, occ);
        if (bb_any(b))
            r = bb_minus(r, dq_geo.ray_land[bb_first(b, d)][d]);
        n += bb_count(r);
    }
    return n;
}

static int mobility_of(const DqPos *p, int c, DqBb occ, DqBb own)
{
    int code = p->sq[c];
    DqBb land = dq_geo.land[dq_geo.kingdom[c]];
    switch (dq_type(code)) {
    case DQ_QUEEN: case DQ_EMPRESS: case DQ_FORTRESS: case DQ_SCEPTRE: case DQ_TALISMAN:
    case DQ_WIZARD:
        return ray_reach(occ, c, true, true);
    case DQ_TOWER: case DQ_TOWERBIRD: case DQ_CROSSBOW: case DQ_SIEGE:
        return ray_reach(occ, c, true, false);
    case DQ_BUCCANEER: case DQ_RANGER:
        return ray_reach(occ, c, false, true);
    case DQ_KNIGHT:
        return bb_count(bb_minus(bb_and(dq_geo.leap_n[c], land), own));
    case DQ_LKNIGHT:
        return bb_count(bb_minus(bb_and(dq_geo.leap_h[p->variant][c], land), own));
    default:
        return 0;
    }
}

static DqTerms terms_of(const DqPos *p, int side)
{
    DqTerms t = {0, 0, 0, 0};
    DqBb occ = bb_or(p->men[0], p->men[1]), own = p->men[side];
    for (DqBb b = bb_and(own, dq_geo.grid); bb_any(b);) {
        int c = bb_pop(&b), code = p->sq[c];
        t.material += dq_value(code);
        if (dq_geo.kingdom[c] != DQ_OCEAN)
            t.mobility += DQ_MOBILITY * mobility_of(p, c, occ, own);
        if (dq_type(code) == DQ_PAWN) {
            int y = dq_geo.y[c], start = side == DQ_FOREST ? 2 : 14;
            t.advance += DQ_ADVANCE * (side == DQ_FOREST ? y - start : start - y);
        }
    }
    int arrows = side == DQ_FOREST ? p->mun[DQ_MUN_PRINCESS] + p->mun[DQ_MUN_RESERVE] +
                                         p->mun[DQ_MUN_QUEEN_WAR]
                                   : p->mun[DQ_MUN_STORM_QUEEN];
    int balls = p->mun[side == DQ_FOREST ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON];
    t.munitions = arrows * DQ_V_ARROW + balls * DQ_V_CANNONBALL;
    return t;
}

static int total(DqTerms t) { return t.material + t.mobility + t.advance + t.munitions; }

Score dragonqi_evaluate(const void *pos)
{
    const DqPos *p = pos;
    int us = p->side;
    int score = total(terms_of(p, us)) - total(terms_of(p, !us)) + DQ_TEMPO;
    if (score >= SCORE_EVAL_MAX)
        score = SCORE_EVAL_MAX - 1;
    if (score <= -SCORE_EVAL_MAX)
        score = -SCORE_EVAL_MAX + 1;
    return score;
}

void dragonqi_eval_terms(const void *pos, char *buf, size_t size)
{
    const DqPos *p = pos;
    DqTerms s = terms_of(p, DQ_STORM), f = terms_of(p, DQ_FOREST);
    snprintf(buf, size,
             "term       storm  forest\n"
             "material   %5d  %6d\n"
             "mobility   %5d  %6d\n"
             "advance    %5d  %6d\n"
             "munitions  %5d  %6d\n"
             "tempo      %d for the side to move\n"
             "total      %d (side to move)\n",
             s.material, f.material, s.mobility, f.mobility, s.advance, f.advance, s.munitions,
             f.munitions, DQ_TEMPO, dragonqi_evaluate(p));
}
