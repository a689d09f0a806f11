/*
 * DragonQi make-move (copy-make), in the order of §7.4: the action, captures and their
 * consequences (pools, Forest Talisman, munitions), automatic transformations, Direct
 * Capture, the move's suffix choices, then flags, counters and side to move. The key is
 * updated incrementally through the writers of position.c.
 */
#include <string.h>

#include "movegen/dragonqi/dragonqi.h"

/* Towering/Castling rights lost when a move starts on, ends on or captures on cell c. */
static unsigned rights_touched(int c)
{
    switch (c) {
    case DQ_E1:
        return DQ_FLAG_TOWER_A | DQ_FLAG_TOWER_I;
    case DQ_A1:
        return DQ_FLAG_TOWER_A;
    case DQ_I1:
        return DQ_FLAG_TOWER_I;
    case DQ_E15:
        return DQ_FLAG_CASTLE_A | DQ_FLAG_CASTLE_I;
    case DQ_A15:
        return DQ_FLAG_CASTLE_A;
    case DQ_I15:
        return DQ_FLAG_CASTLE_I;
    default:
        return 0;
    }
}

void dq_capture_at(DqPos *q, int c)
{
    int code = q->sq[c], type = dq_type(code), side = dq_side(code);
    dq_take(q, c);
    q->flags &= (uint16_t)~rights_touched(c);
    int pool = type == DQ_LKNIGHT ? 0 : type == DQ_KNIGHT ? 1 : type == DQ_RANGER ? 2 : -1;
    if (pool >= 0) {
        int index = (side == DQ_FOREST ? DQ_POOL_H : DQ_POOL_h) + pool;
        if (q->pool[index] < 2)
            dq_key_pool(q, index, q->pool[index] + 1);
    }
    if (type == DQ_QUEEN)
        dq_key_munition(q, side == DQ_FOREST ? DQ_MUN_QUEEN_WAR : DQ_MUN_STORM_QUEEN, 0);
    int talisman = dq_code(DQ_TALISMAN, DQ_FOREST);
    if (type == DQ_DRAGON && q->count[talisman]) {
        for (DqBb b = q->men[DQ_FOREST]; bb_any(b);) {
            int t = bb_pop(&b);
            if (q->sq[t] == talisman)
                dq_take(q, t);
        }
    }
}

/* The force an exchanging Elf/Troll becomes (§6.6), updating the enclosure or pool. */
static int exchange_into(DqPos *q, int us, int x)
{
    int pool = us == DQ_FOREST ? DQ_POOL_H : DQ_POOL_h;
    switch (x) {
    case DQ_X_CAPTIVE:
        dq_key_enclosure(q, us == DQ_FOREST ? DQ_ENC_STORMTOWER : DQ_ENC_SCHOLARS, '-');
        return dq_code(DQ_WIZARD, us);
    case DQ_X_LKNIGHT:
        dq_key_pool(q, pool, q->pool[pool] - 1);
        return dq_code(DQ_LKNIGHT, us);
    case DQ_X_KNIGHT:
        dq_key_pool(q, pool + 1, q->pool[pool + 1] - 1);
        return dq_code(DQ_KNIGHT, us);
    default:
        dq_key_pool(q, pool + 2, q->pool[pool + 2] - 1);
        return dq_code(DQ_RANGER, us);
    }
}

static bool adjacent_to_royal(const DqPos *q, int side, int c)
{
    int r = q->royal[side];
    return r != DQ_NO_CELL && bb_has(dq_geo.adj[r], c);
}

bool dq_arrive(DqPos *q, int code, int to)
{
    if (code == dq_code(DQ_ROYAL, DQ_FOREST))
        return adjacent_to_royal(q, DQ_STORM, to);
    if (code == dq_code(DQ_WITCH, DQ_STORM) && adjacent_to_royal(q, DQ_FOREST, to)) {
        int prince = q->royal[DQ_FOREST];
        if (prince == DQ_E0)
            dq_key_enclosure(q, DQ_ENC_WHITEROOM, '-');
        dq_take(q, prince); /* the Dark Crystal (§6.9) */
    }
    return false;
}

/* The force a moving force becomes at the end of its move (§6.7): entering the opposing
 * land from the ocean, embarking (the Storm Queen, a tower losing its bird), or a Palace
 * Defender/Citadel Watcher leaving its palace. */
static int transformation(int code, int from, int to)
{
    int us = dq_side(code), type = dq_type(code);
    if (dq_geo.kingdom[to] == DQ_OCEAN && dq_geo.kingdom[from] != DQ_OCEAN) {
        if (type == DQ_TOWERBIRD)
            return dq_code(DQ_TOWER, us); /* the bird is lost (§5.21) */
        if (type == DQ_QUEEN)
            return dq_code(DQ_WITCH, us); /* only the Storm Queen embarks (§5.5) */
    }
    if (type == DQ_DEFENDER && !bb_has(dq_geo.palace[us], to))
        return dq_code(DQ_PAWN, us);
    if (!dq_enters(code, from, to))
        return code;
    switch (type) {
    case DQ_PAWN:
        return dq_code(DQ_ELF, us);
    case DQ_CROSSBOW:
        return dq_code(DQ_SIEGE, us);
    case DQ_BUCCANEER:
        return dq_code(DQ_RANGER, us);
    case DQ_TOWER:
        return dq_code(DQ_FORTRESS, us);
    default:
        return code;
    }
}

/* A force moving by its own powers, en passant included; returns the pending Sword. Sets
 * *reset for the 100-ply counter and *gone when no earlier situation can recur (a Dwarf
 * or Gnome leaving land, an Elf or Troll changing rank; captures and transformations are
 * found by the caller). */
static bool make_force_move(DqPos *q, Move m, bool *reset, bool *gone)
{
    int us = q->side, from = dq_move_from(m), to = dq_move_to(m);
    int code = q->sq[from], type = dq_type(code);
    if (dq_move_kind(m) == DQ_MK_EP) {
        dq_capture_at(q, dq_ep_victim(us, to));
        *reset = true;
    } else if (q->sq[to]) {
        dq_capture_at(q, to);
        *reset = true;
    }
    dq_take(q, from);
    int now = transformation(code, from, to);
    if (type == DQ_ELF && dq_move_exchange(m))
        now = exchange_into(q, us, dq_move_exchange(m));
    if (dq_type(now) == DQ_WITCH)
        dq_key_munition(q, DQ_MUN_STORM_QUEEN, 0); /* her arrows are forfeited (§5.5) */
    dq_put(q, to, now);
    if (type == DQ_PAWN || type == DQ_ELF || dq_type(now) == DQ_PAWN)
        *reset = true;
    int dy = dq_geo.y[to] - dq_geo.y[from];
    *gone = (type == DQ_PAWN && dq_geo.kingdom[from] != DQ_OCEAN) || (type == DQ_ELF && dy);
    if (type == DQ_PAWN && (dy == 2 || dy == -2))
        dq_key_ep(q, (from + to) / 2);
    q->flags &= (uint16_t) ~(rights_touched(from) | rights_touched(to));
    /* §6.2.2: flag d records that the Warlord has never landed in the Forest */
    if (code == dq_code(DQ_ROYAL, DQ_STORM) && dq_geo.kingdom[from] == DQ_OCEAN &&
        dq_geo.kingdom[to] == DQ_KINGDOM_F)
        q->flags &= (uint16_t)~DQ_FLAG_NO_LANDING;
    return dq_arrive(q, code, to);
}

static bool make_towering(DqPos *q, Move m)
{
    int us = q->side, to = dq_move_to(m), wing = dq_geo.x[to] > 4;
    dq_towering_board(q, us, wing);
    for (DqBb b = bb_and(q->men[us], dq_geo.palace[us]); bb_any(b);) {
        int c = bb_pop(&b);
        if (dq_move_guards(m) >> dq_palace_index(us, c) & 1) {
            dq_take(q, c);
            dq_put(q, c, dq_code(DQ_BUCCANEER, us));
        }
    }
    q->flags &= (uint16_t) ~(us == DQ_FOREST ? DQ_FLAG_TOWER_A | DQ_FLAG_TOWER_I
                                             : DQ_FLAG_CASTLE_A | DQ_FLAG_CASTLE_I);
    return us == DQ_FOREST && adjacent_to_royal(q, DQ_STORM, to);
}

static void make_arrow(DqPos *q, Move m)
{
    int shooter = q->sq[dq_move_from(m)];
    int index = dq_type(shooter) == DQ_PRINCESS ? DQ_MUN_PRINCESS
                : dq_side(shooter) == DQ_FOREST ? DQ_MUN_QUEEN_WAR
                                                : DQ_MUN_STORM_QUEEN;
    dq_key_munition(q, index, q->mun[index] - 1);
    dq_capture_at(q, dq_move_to(m));
}

static void make_release(DqPos *q, Move m)
{
    int us = q->side, from = dq_move_from(m);
    dq_take(q, from);
    dq_put(q, from, dq_code(DQ_TOWER, us));
    dq_put(q, dq_move_to(m), dq_code(DQ_BIRD, us));
}

bool dq_make_core(const DqPos *p, Move m, DqPos *q)
{
    *q = *p;
    int us = p->side;
    unsigned old_flags = q->flags;
    bool reset = false, sword = false, gone = false;
    dq_key_ep(q, 0);
    switch (dq_move_kind(m)) {
    case DQ_MK_NORMAL:
    case DQ_MK_EP:
        sword = make_force_move(q, m, &reset, &gone);
        if (dq_move_afire(m)) /* §7.4 step 5, after the Direct Capture check */
            sword = dq_make_afire(q, dq_move_to(m));
        break;
    case DQ_MK_SAIL:
    case DQ_MK_REALIGN:
    case DQ_MK_FIRE:
    case DQ_MK_TRIDENT:
        sword = dq_make_vessel(q, m);
        reset = true; /* every vessel action (§8) */
        break;
    case DQ_MK_TOWERING:
        sword = make_towering(q, m);
        break;
    case DQ_MK_ARROW:
        make_arrow(q, m);
        reset = true;
        break;
    case DQ_MK_RELEASE:
        make_release(q, m);
        break;
    case DQ_MK_PLANT:
        q->flags |= DQ_FLAG_PLANTED;
        break;
    case DQ_MK_SPRING:
        dq_make_spring(q, m);
        break;
    default:
        break;
    }
    if (dq_move_empress(m))
        dq_make_empress(q);
    if (us == DQ_STORM)
        q->flags &= (uint16_t)~DQ_FLAG_EMPRESS; /* the option lapses after one Storm move */
    q->halfmove = reset ? 0 : q->halfmove + 1;
    /* a capture, a sinking, a transformation or an enclosure's change is for good */
    gone = gone || memcmp(p->count, q->count, sizeof p->count) ||
           memcmp(p->encl, q->encl, sizeof p->encl) || bb_count(p->vessels) != bb_count(q->vessels);
    q->rep_plies = gone ? 0 : q->rep_plies + 1;
    q->fullmove += us == DQ_FOREST;
    q->side = (uint8_t)!us;
    q->key ^= dq_key_side();
    q->sit_key ^= dq_key_side();
    dq_key_flags(q, old_flags);
    q->in_check = -1;
    return sword;
}

void dq_finish_sword(DqPos *q)
{
    int warlord = q->royal[DQ_STORM];
    if (warlord == DQ_E16)
        dq_key_enclosure(q, DQ_ENC_STAIRWELL, '-');
    dq_take(q, warlord);
}

void dq_make(const void *pos, Move m, void *out)
{
    DqPos *q = out;
    if (dq_make_core(pos, m, q))
        dq_finish_sword(q);
    q->in_check = dq_royal_attacked(q, q->side);
}
