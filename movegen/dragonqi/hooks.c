/*
 * DragonQi: the small rules functions the Game table (games/dragonqi.c) points at:
 * start-up, generation and key accessors, the null move and the threat test.
 */
#include "movegen/dragonqi/dragonqi.h"

void dq_init(void)
{
    dq_board_init();
    dq_position_init();
    dq_attack_init();
}

bool dq_is_noisy(const void *pos, Move m)
{
    (void)pos;
    return dq_move_noisy(m);
}

/* Legality depends on every rule of the game (vessels, enclosures, the royal's safety),
 * which only the generator knows: a plain move of a force on land is looked up among that
 * force's moves; any other move in its one stage, found from its fields where they name
 * real cells (a stray value may name none: both stages then). */
bool dq_move_is_legal(const void *pos, Move m)
{
    const DqPos *p = pos;
    if (m == MOVE_NONE)
        return false;
    int from = dq_move_from(m);
    if (from >= DQ_CELLS || dq_move_to(m) >= DQ_CELLS)
        return game_move_in_list(pos, m, dq_gen_noisy) || game_move_in_list(pos, m, dq_gen_quiet);
    if (dq_move_kind(m) == DQ_MK_NORMAL && !dq_move_empress(m) &&
        bb_has(bb_or(dq_geo.land[0], dq_geo.land[1]), from) && p->sq[from] &&
        dq_side(p->sq[from]) == p->side)
        return dq_force_move_legal(p, m);
    return game_move_in_list(pos, m, dq_move_noisy(m) ? dq_gen_noisy : dq_gen_quiet);
}

uint32_t dq_move_index(const void *pos, Move m)
{
    (void)pos;
    return (uint32_t)(dq_move_from(m) * DQ_CELLS + dq_move_to(m));
}

void dq_make_null(const void *pos, void *out)
{
    const DqPos *p = pos;
    DqPos *q = out;
    *q = *p;
    dq_key_ep(q, 0);
    unsigned old_flags = q->flags;
    if (p->side == DQ_STORM)
        q->flags &= (uint16_t)~DQ_FLAG_EMPRESS;
    dq_key_flags(q, old_flags);
    q->side = (uint8_t)!p->side;
    q->key ^= dq_key_side();
    q->sit_key ^= dq_key_side();
    q->halfmove++;
    q->rep_plies++;
    q->fullmove += p->side == DQ_FOREST;
    q->in_check = -1;
}

/* The side to move must answer now: the enemy's flag-bearer stands on a covering cell of
 * our Banner and plants next move, or one step from one and plants in two (§6.8; an
 * approach the search must not prune away as it would a quiet position). An attacked
 * royal is not reported: the Sword and the Crystal make "in check" so frequent around a
 * roaming Red Witch or a Prince ashore that extending every one multiplies the tree
 * (about 25 times at depth 7 in the last bench position), while a royal left en prise is
 * refuted by the capture one ply later. */
bool dq_threat(const void *pos)
{
    const DqPos *p = pos;
    int them = !p->side, b0 = dq_banner_cell(them, 0), b1 = dq_banner_cell(them, 1);
    DqBb near = bb_and(bb_or(dq_geo.adj[b0], dq_geo.adj[b1]), p->men[them]);
    while (bb_any(near))
        if (dq_flag_bearer(p->sq[bb_pop(&near)]))
            return true;
    return false;
}

uint64_t dq_key(const void *pos) { return ((const DqPos *)pos)->key; }
uint64_t dq_key_from_scratch(const void *pos) { return dq_key_from_scratch_full(pos, NULL); }
int dq_side_to_move(const void *pos) { return ((const DqPos *)pos)->side; }
int dq_halfmove(const void *pos) { return ((const DqPos *)pos)->halfmove; }
/* §8: a situation ignores bows, rights, pools, munitions, flags and ep, and vessel actions
 * do not end the window in which it may recur. */
uint64_t dq_repetition_key(const void *pos) { return ((const DqPos *)pos)->sit_key; }
int dq_repetition_plies(const void *pos) { return ((const DqPos *)pos)->rep_plies; }
