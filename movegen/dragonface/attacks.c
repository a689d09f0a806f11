/*
 * Dragon Face attack maps for the evaluation and the threat test: where Ambassadors
 * reach, which enemy pieces a side could capture, and whether an Emperor can be taken.
 */
#include "movegen/dragonface/slide.h"

void df_slide_reach(const DfPos *p, int player, Bb128 reach[DF_DIRS])
{
    Bb128 own = p->occ[player], empty = DF_BOARD & ~(own | p->occ[!player]);
    Bb128 terr_amb = own & p->amb & DF_TERR, free_amb = own & p->amb & p->free;
    DfQuad up = df_slide_quad(terr_amb, free_amb, empty, true);
    DfQuad down = df_slide_quad(terr_amb, free_amb, empty, false);
    for (int i = 0; i < 4; i++) {
        reach[DF_N + i] = df_quad_lane(up, i);
        reach[DF_S + i] = df_quad_lane(down, i);
    }
}

Bb128 df_capture_targets(const DfPos *p, int player, const Bb128 reach[DF_DIRS], Bb128 immune)
{
    Bb128 own = p->occ[player], empty = DF_BOARD & ~(own | p->occ[!player]);
    Bb128 open = empty & DF_TERR, capt = p->occ[!player] & DF_TERR & ~immune;
    Bb128 emperor = own & p->emp;
    Bb128 gov = own & ~p->emp & ~p->amb & DF_TERR;
    Bb128 two = gov & df_rights_bb(p->rights);
    Bb128 targets = 0;
    for (int d = 0; d < DF_DIRS; d++) {
        int back = df_opposite(d);
        Bb128 land_ok = df_shift(empty, back);
        targets |= df_shift(emperor, d) & capt & df_shift(open, back);
        targets |= reach[d] & capt & land_ok;
    }
    const int *fwd = df_forward(player);
    for (int i = 0; i < 2; i++) {
        int d = fwd[i];
        Bb128 land_ok = df_shift(empty, df_opposite(d));
        targets |= (df_shift(gov, d) | df_shift(df_shift(two, d) & open, d)) & capt & land_ok;
    }
    return targets;
}

/* Looks back from the Emperor along each line whose square beyond it is empty: the
 * nearest piece there captures it if it is an enemy able to move that way. */
bool df_emperor_attacked(const DfPos *p, int player)
{
    Bb128 emperor = p->occ[player] & p->emp;
    if (!emperor)
        return false;
    int sq = bb128_lsb(emperor), them = !player;
    Bb128 all = p->occ[P1] | p->occ[P2], empty = DF_BOARD & ~all;
    Bb128 movers = p->occ[them] & DF_TERR, gov = df_governors(p);
    const int *fwd = df_forward(them);
    for (int d = 0; d < DF_DIRS; d++) {
        Bb128 land = df_shift(emperor, d) & empty;
        int back = df_opposite(d);
        Bb128 behind = df_ray[back][sq] & all;
        if (!land || !behind)
            continue;
        Bb128 attacker = bb128_bit(df_first(behind, back));
        /* A free Ambassador's line into the Territories starts with a Territory step. */
        if (attacker & p->occ[them] & p->amb & (DF_TERR | p->free))
            return true;
        if (!(attacker & movers))
            continue;
        Bb128 next = df_shift(emperor, back);
        if ((attacker & next & p->emp) && (land & DF_TERR))
            return true;
        bool forward_diagonal = d == fwd[0] || d == fwd[1];
        if ((attacker & gov) && forward_diagonal &&
            ((attacker & next) || (attacker & df_shift(next, back) & df_rights_bb(p->rights))))
            return true;
    }
    return false;
}
