/*
 * DragonQi great events (§6.2-6.4): the `/A` interchanges that set the Ice Dragon and the
 * Winged Serpents afire with all their consequences (Sceptres into Talismans, the Jailer
 * and the Librarian on alert, the Empress option, the TrueBorn Queen going to war), the
 * Storm Empress choice `/E`, and the springing of the Librarian and the Jailer.
 *
 * The triggers are landings that the ordinary generation already produces (dq_gen_targets
 * asks dq_afire_trigger); the `/E` versions are added by a pass over Storm's finished list,
 * since they double every legal Storm move but the excluded ones (§6.2.4, §13.2).
 */
#include "movegen/dragonqi/gen.h"

bool dq_afire_trigger(const DqPos *p, int code, int from, int to)
{
    if (dq_geo.kingdom[from] != DQ_OCEAN)
        return false;
    if (code == dq_code(DQ_ROYAL, DQ_FOREST)) /* §6.2.1: onto the Storm Beaches */
        return dq_geo.kingdom[to] == DQ_KINGDOM_S && p->encl[DQ_ENC_WHITEROOM] == 'D';
    if (dq_geo.kingdom[to] != DQ_KINGDOM_F)
        return false;
    if (code == dq_code(DQ_ROYAL, DQ_STORM)) /* §6.2.2: the first landing in the Forest */
        return (p->flags & DQ_FLAG_NO_LANDING) && p->encl[DQ_ENC_STAIRWELL] == 'd';
    return code == dq_code(DQ_WITCH, DQ_STORM) && p->encl[DQ_ENC_DUNGEON] == 'y'; /* §6.2.3 */
}

/* Replaces every force `from_code` on the board by `to_code` (Sceptres into Talismans). */
static void transform_all(DqPos *q, int from_code, int to_code)
{
    if (!q->count[from_code])
        return;
    for (DqBb b = q->men[dq_side(from_code)]; bb_any(b);) {
        int c = bb_pop(&b);
        if (q->sq[c] == from_code) {
            dq_take(q, c);
            dq_put(q, c, to_code);
        }
    }
}

/* §6.3: the TrueBorn Queen at War takes the Princess's place on e2 with the two library
 * arrows and the Princess's remaining ones; the Princess goes to the library. */
static void queen_to_war(DqPos *q)
{
    if (q->encl[DQ_ENC_LIBRARY] != 'Q')
        return;
    int e2 = DQ_E2;
    dq_take(q, e2);
    dq_put(q, e2, dq_code(DQ_QUEEN, DQ_FOREST));
    dq_key_enclosure(q, DQ_ENC_LIBRARY, 'F');
    dq_key_munition(q, DQ_MUN_QUEEN_WAR, q->mun[DQ_MUN_RESERVE] + q->mun[DQ_MUN_PRINCESS]);
    dq_key_munition(q, DQ_MUN_RESERVE, 0);
    dq_key_munition(q, DQ_MUN_PRINCESS, 0);
}

bool dq_make_afire(DqPos *q, int to)
{
    int code = q->sq[to];
    dq_take(q, to);
    if (code == dq_code(DQ_ROYAL, DQ_FOREST)) {
        /* §6.2.1: the Ice Dragon takes his place, the Prince goes to the White Room */
        dq_put(q, to, dq_code(DQ_DRAGON, DQ_FOREST));
        dq_put(q, DQ_E0, code);
        dq_key_enclosure(q, DQ_ENC_WHITEROOM, 'K');
        transform_all(q, dq_code(DQ_SCEPTRE, DQ_FOREST), dq_code(DQ_TALISMAN, DQ_FOREST));
        transform_all(q, dq_code(DQ_SCEPTRE, DQ_STORM), dq_code(DQ_TALISMAN, DQ_STORM));
        if (q->encl[DQ_ENC_JAILER] == '0')
            dq_key_enclosure(q, DQ_ENC_JAILER, '1');
        if (q->count[dq_code(DQ_QUEEN, DQ_STORM)])
            q->flags |= DQ_FLAG_EMPRESS;
        int warlord = q->royal[DQ_STORM];
        return warlord != DQ_NO_CELL && bb_has(dq_geo.adj[DQ_E0], warlord);
    }
    if (code == dq_code(DQ_ROYAL, DQ_STORM)) {
        /* §6.2.2: the Elder Serpent lands, the Warlord goes to the Stairwell */
        dq_put(q, to, dq_code(DQ_ELDER, DQ_STORM));
        dq_put(q, DQ_E16, code);
        dq_key_enclosure(q, DQ_ENC_STAIRWELL, 'k');
    } else {
        /* §6.2.3: the Younger Serpent lands, the Red Witch goes to the Central Dungeon */
        dq_put(q, to, dq_code(DQ_YOUNGER, DQ_STORM));
        dq_key_enclosure(q, DQ_ENC_DUNGEON, 'x');
    }
    if (q->encl[DQ_ENC_DESK] == '0')
        dq_key_enclosure(q, DQ_ENC_DESK, '1');
    queen_to_war(q); /* before Storm's legality test (§6.3 DECISION) */
    return false;
}

void dq_make_empress(DqPos *q)
{
    int queen = dq_code(DQ_QUEEN, DQ_STORM);
    transform_all(q, queen, dq_code(DQ_EMPRESS, DQ_STORM));
    dq_key_munition(q, DQ_MUN_STORM_QUEEN, 0); /* arrows forfeited to the Jailer's office */
}

void dq_make_spring(DqPos *q, Move m)
{
    int us = q->side;
    dq_put(q, dq_move_to(m), dq_code(DQ_LIBRARIAN, us));
    dq_key_enclosure(q, us == DQ_FOREST ? DQ_ENC_DESK : DQ_ENC_JAILER, '-');
}

void dq_gen_springs(DqGen *g)
{
    const DqPos *p = g->p;
    int us = g->us;
    if (g->stage == GEN_NOISY || p->encl[us == DQ_FOREST ? DQ_ENC_DESK : DQ_ENC_JAILER] != '1')
        return;
    int from = us == DQ_FOREST ? DQ_E0 : DQ_E16, code = dq_code(DQ_LIBRARIAN, us);
    /* off the royal's lines, out of check, the new force changes no attack */
    bool plain = !g->test_all && !g->in_check && !bb_has(g->royal_lines, from);
    for (DqBb to = bb_minus(dq_geo.land[us], g->occ); bb_any(to);) {
        int c = bb_pop(&to);
        Move m = dq_move_make(DQ_MK_SPRING, from, c, code, 0);
        if (plain && !bb_has(g->royal_lines, c))
            g->moves[g->n++] = m;
        else
            dq_gen_add(g, m, NULL, 0);
    }
}

void dq_gen_empress(DqGen *g)
{
    const DqPos *p = g->p;
    int queen = dq_code(DQ_QUEEN, DQ_STORM), n = g->n;
    if (g->us != DQ_STORM || !(p->flags & DQ_FLAG_EMPRESS) || !p->count[queen])
        return;
    for (int i = 0; i < n; i++) {
        Move m = g->moves[i];
        if (dq_move_wins(m))
            continue; /* a Direct Capture or a planting ends the game (§13.2) */
        DqPos q;
        dq_make_core(p, m, &q);
        /* the Queen embarked (now the Red Witch), or Forest is left without a move */
        if (!q.count[queen] || !dq_has_legal_move(&q))
            continue;
        g->moves[g->n++] = dq_move_with_empress(m);
    }
}
