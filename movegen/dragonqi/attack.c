/*
 * DragonQi attack detection (§7): is a royal under attack?
 *
 * Item 1 (capture patterns) is computed backwards from the royal's cell: the eight
 * neighbours for steppers, the leap tables for the Knights, and per ray the first occupied
 * cell (sliders), the second (cannon-style jumpers, the first being the screen) and every
 * fire creature up to a shield. Forces aboard vessels are few: each one's captures are
 * generated forwards (ocean.c) and tested against the royal's cell; rams look at the
 * vessels beside it, cannon along its sea rays (screen, then the Flagship). Items 4
 * (Sword) and 5 (Crystal) try the one-step moves of the Prince or Red Witch, on foot or
 * aboard, that could reach the royal, so they only run when those are near.
 */
#include <string.h>

#include "movegen/dragonqi/dragonqi.h"

/* Capture capabilities per force code, for attack detection. */
enum {
    CAP_STEPS = 0xFF, /* bit d: captures one step in direction d */
    CAP_SLIDE_ORTH = 1 << 8,
    CAP_SLIDE_DIAG = 1 << 9,
    CAP_JUMP_ORTH = 1 << 10,
    CAP_JUMP_DIAG = 1 << 11,
    CAP_FLY_ORTH = 1 << 12,
    CAP_FLY_DIAG = 1 << 13,
    CAP_PALACE = 1 << 14, /* its steps stay inside its own palace/citadel */
};

static uint32_t caps[DQ_CODES];

static uint32_t dir_bit(int d) { return 1u << d; }

void dq_attack_init(void)
{
    for (int s = 0; s < 2; s++) {
        int fwd = s == DQ_FOREST ? DQ_N : DQ_S;
        uint32_t diag_fwd = dir_bit((fwd + 1) & 7) | dir_bit((fwd + 7) & 7);
        uint32_t elf = dir_bit(fwd) | diag_fwd | dir_bit(DQ_E) | dir_bit(DQ_W);
        uint32_t slide = CAP_SLIDE_ORTH | CAP_SLIDE_DIAG;
        uint32_t t[DQ_TYPES] = {
            [DQ_ROYAL] = CAP_STEPS,
            [DQ_QUEEN] = slide,
            [DQ_EMPRESS] = slide,
            [DQ_WITCH] = CAP_STEPS,
            [DQ_DRAGON] = CAP_FLY_ORTH | CAP_FLY_DIAG,
            [DQ_ELDER] = CAP_FLY_ORTH,
            [DQ_YOUNGER] = CAP_FLY_DIAG,
            [DQ_PAWN] = diag_fwd,
            [DQ_ELF] = elf,
            [DQ_DEFENDER] = elf,
            [DQ_GUARD] = CAP_STEPS | CAP_PALACE,
            [DQ_CROSSBOW] = CAP_JUMP_ORTH,
            [DQ_SIEGE] = CAP_SLIDE_ORTH | CAP_JUMP_ORTH,
            [DQ_BUCCANEER] = CAP_SLIDE_DIAG,
            [DQ_RANGER] = CAP_SLIDE_DIAG | CAP_JUMP_DIAG,
            [DQ_TOWER] = CAP_SLIDE_ORTH,
            [DQ_TOWERBIRD] = CAP_SLIDE_ORTH,
            [DQ_FORTRESS] = slide,
            [DQ_BIRD] = CAP_STEPS,
            [DQ_SCEPTRE] = slide,
            [DQ_TALISMAN] = slide,
            [DQ_WIZARD] = slide | CAP_JUMP_ORTH | CAP_JUMP_DIAG,
        };
        for (int type = 0; type < DQ_TYPES; type++)
            caps[dq_code(type, s)] = t[type];
    }
}

bool dq_attacks_along(int code, bool diagonal)
{
    return caps[code] & (diagonal ? CAP_SLIDE_DIAG | CAP_JUMP_DIAG | CAP_FLY_DIAG
                                  : CAP_SLIDE_ORTH | CAP_JUMP_ORTH | CAP_FLY_ORTH);
}

bool dq_can_capture(int attacker, int victim)
{
    int a = dq_type(attacker), v = dq_type(victim);
    if (dq_side(attacker) == dq_side(victim))
        return false;
    switch (v) {
    case DQ_PRINCESS:
        return false;
    case DQ_ROYAL:
        return !(a == DQ_ROYAL && dq_side(attacker) == DQ_STORM);
    case DQ_WITCH:
        return a != DQ_ROYAL;
    case DQ_LIBRARIAN:
        return dq_side(victim) == DQ_FOREST ? a != DQ_ELDER && a != DQ_YOUNGER : a != DQ_DRAGON;
    default:
        return true;
    }
}

/* Fire creatures of `x` on the ray from `cell` in direction d, up to the shield of the
 * defending side (§5.8-5.10). */
static bool flown_at(const DqPos *p, int cell, int d, int x, DqBb occ)
{
    uint32_t need = dq_dir_diagonal(d) ? CAP_FLY_DIAG : CAP_FLY_ORTH;
    int shield = dq_code(DQ_LIBRARIAN, !x);
    for (DqBb r = bb_and(dq_geo.ray_land[cell][d], occ); bb_any(r);) {
        int c = bb_first(r, d), code = p->sq[c];
        if (code == shield)
            return false;
        if (dq_side(code) == x && (caps[code] & need))
            return true;
        bb_clear(&r, c);
    }
    return false;
}

/* Item 1: some force of side x on land could capture a force of the other side on `cell`. */
static bool captured_from_land(const DqPos *p, int cell, int x)
{
    int k = dq_geo.kingdom[cell];
    if (k > DQ_KINGDOM_F)
        return false; /* a force on land never attacks a water cell */
    DqBb land = dq_geo.land[k], theirs = bb_and(p->men[x], land);
    if (!bb_any(theirs))
        return false;
    int victim = p->sq[cell];
    bool royal_victim = dq_type(victim) == DQ_ROYAL;
    for (int d = 0; d < DQ_DIRS; d++) {
        int a = dq_geo.next[cell][d];
        if (a == DQ_NO_CELL || !bb_has(theirs, a))
            continue;
        int code = p->sq[a];
        uint32_t cp = caps[code];
        if (!(cp & dir_bit((d + 4) & 7)))
            continue;
        if ((cp & CAP_PALACE) && !bb_has(dq_geo.palace[x], cell))
            continue;
        if (royal_victim && dq_type(code) == DQ_ROYAL && x == DQ_STORM)
            continue; /* the Warlord never attacks the Prince */
        return true;
    }
    for (DqBb k1 = bb_and(dq_geo.leap_n[cell], theirs); bb_any(k1);)
        if (dq_type(p->sq[bb_pop(&k1)]) == DQ_KNIGHT)
            return true;
    for (DqBb k2 = bb_and(dq_geo.leap_h[p->variant][cell], theirs); bb_any(k2);)
        if (dq_type(p->sq[bb_pop(&k2)]) == DQ_LKNIGHT)
            return true;
    DqBb occ = bb_or(p->men[0], p->men[1]);
    if (bb_meets(dq_geo.lines[cell], theirs)) {
        for (int d = 0; d < DQ_DIRS; d++) {
            DqBb ray = dq_geo.ray_land[cell][d];
            if (!bb_meets(ray, theirs))
                continue;
            DqBb r = bb_and(ray, occ);
            int f = bb_first(r, d), code = p->sq[f];
            bool diag = dq_dir_diagonal(d);
            if (dq_side(code) == x && (caps[code] & (diag ? CAP_SLIDE_DIAG : CAP_SLIDE_ORTH)))
                return true;
            DqBb r2 = bb_and(dq_geo.ray_land[f][d], occ);
            if (!bb_any(r2))
                continue;
            int j = p->sq[bb_first(r2, d)];
            if (dq_side(j) == x && (caps[j] & (diag ? CAP_JUMP_DIAG : CAP_JUMP_ORTH)))
                return true;
        }
    }
    int creatures = x == DQ_FOREST
                        ? p->count[dq_code(DQ_DRAGON, x)]
                        : p->count[dq_code(DQ_ELDER, x)] + p->count[dq_code(DQ_YOUNGER, x)];
    if (creatures)
        for (int d = 0; d < DQ_DIRS; d++)
            if (flown_at(p, cell, d, x, occ))
                return true;
    return false;
}

/* Items 1-3 from the ocean (§7.1): a force of side x aboard a vessel could capture on
 * `cell` (boarding or disembarking with a capture, a sea jump), a vessel of x's colour
 * has her bow on it (ram), or an occupied x-coloured Flagship with a cannonball could
 * fire at it. */
static bool attacked_from_sea(const DqPos *p, int cell, int x)
{
    DqBb aboard = bb_and(p->men[x], dq_geo.ocean);
    bool water = dq_geo.kingdom[cell] == DQ_OCEAN;
    if (bb_any(aboard)) {
        DqSea s;
        dq_sea_of(p, x, &s);
        for (DqBb b = aboard; bb_any(b);) {
            int c = bb_pop(&b);
            DqBb quiet;
            if (dq_can_capture(p->sq[c], p->sq[cell]) &&
                bb_has(dq_aboard_targets(p, c, &s, bb_bit(cell), &quiet), cell))
                return true;
        }
    }
    if (!water)
        return false;
    for (DqBb v = bb_and(p->vessels, dq_geo.adj[cell]); bb_any(v);) {
        int c = bb_pop(&v);
        if (dq_vessel_colour(p, c) == x && dq_geo.next[c][dq_vessel(p, c) & DQ_VES_BOW] == cell)
            return true;
    }
    if (!p->mun[DQ_MUN_GREEN_CANNON] && !p->mun[DQ_MUN_RED_CANNON])
        return false;
    DqBb occ = bb_or(p->men[0], p->men[1]);
    for (int d = 0; d < DQ_DIRS; d++) {
        /* walking from the target: the screen (occupied), then the firing Flagship */
        DqBb v = bb_and(dq_geo.sea[cell][d], p->vessels);
        if (!bb_any(v) || !bb_has(occ, bb_first(v, d)))
            continue;
        DqBb beyond = bb_and(v, dq_geo.ray[bb_first(v, d)][d]);
        if (!bb_any(beyond))
            continue;
        int f = bb_first(beyond, d), vessel = dq_vessel(p, f), turn = (d - vessel) & 7;
        int balls = p->mun[vessel & DQ_VES_ORIG_FOREST ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON];
        if ((vessel & DQ_VES_FLAGSHIP) && p->sq[f] && dq_side(p->sq[f]) == x && balls &&
            (turn == 2 || turn == 6))
            return true;
    }
    return false;
}

/* The bow cell of the vessel on c if she could sail or ram there for `side` (§4.8). */
static int sail_cell(const DqPos *p, int c, int side)
{
    int to = dq_geo.next[c][dq_vessel(p, c) & DQ_VES_BOW];
    if (to == DQ_NO_CELL || dq_geo.kingdom[to] != DQ_OCEAN || to == DQ_E8)
        return DQ_NO_CELL;
    return dq_vessel(p, to) && dq_vessel_colour(p, to) == side ? DQ_NO_CELL : to;
}

/* Item 5: the Red Witch could move, on foot or aboard, to a different cell next to the
 * Prince's `cell`. */
static bool crystal_threat(const DqPos *p, int cell)
{
    int witch_code = dq_code(DQ_WITCH, DQ_STORM);
    if (!p->count[witch_code])
        return false;
    for (DqBb w = bb_and(p->men[DQ_STORM], dq_geo.grid); bb_any(w);) {
        int c = bb_pop(&w);
        if (p->sq[c] != witch_code)
            continue;
        if (dq_distance(c, cell) > 2)
            return false;
        DqBb near = dq_geo.adj[cell], to;
        bb_clear(&near, cell);
        if (dq_geo.kingdom[c] == DQ_OCEAN) {
            DqSea s;
            dq_sea_of(p, DQ_STORM, &s);
            DqBb prey = bb_and(p->men[DQ_FOREST], dq_geo.grid);
            DqBb quiet, capture = dq_aboard_targets(p, c, &s, prey, &quiet);
            to = bb_or(capture, quiet);
            int sail = sail_cell(p, c, DQ_STORM);
            if (sail != DQ_NO_CELL)
                bb_set(&to, sail);
            return bb_meets(to, near);
        }
        for (to = bb_and(bb_and(dq_geo.adj[c], near), dq_geo.land[DQ_KINGDOM_F]); bb_any(to);) {
            int t = bb_pop(&to);
            if (!p->sq[t] || dq_can_capture(witch_code, p->sq[t]))
                return true;
        }
        return false;
    }
    return false;
}

/* Items 1-3: capture patterns from land and sea, rams and cannon. */
static bool capturable_at(const DqPos *p, int cell, int side)
{
    return captured_from_land(p, cell, !side) || attacked_from_sea(p, cell, !side);
}

bool dq_royal_capturable(const DqPos *p, int side)
{
    int cell = p->royal[side];
    return cell != DQ_NO_CELL && capturable_at(p, cell, side);
}

bool dq_cell_attacked(const DqPos *p, int cell, int side)
{
    if (capturable_at(p, cell, side))
        return true;
    return side == DQ_FOREST && crystal_threat(p, cell);
}

/* Would the Sword move `m` (Forest to move) leave the Prince unattacked where he arrives,
 * with the Warlord still on his cell (§6.9)? */
static bool sword_safe(const DqPos *forest, Move m)
{
    DqPos q;
    if (!dq_make_core(forest, m, &q))
        return false;
    return !dq_cell_attacked(&q, q.royal[DQ_FOREST], DQ_FOREST);
}

/* The Prince's moves to a cell beside the Warlord (other than onto him): steps on land,
 * embarking from F-land, boarding and disembarking, and the sail or ram of his vessel. */
static bool sword_by_moving(const DqPos *p, int prince, int warlord)
{
    DqPos f = *p;
    f.side = DQ_FOREST;
    int code = p->sq[prince], k = dq_geo.kingdom[prince];
    DqBb near = dq_geo.adj[warlord], to;
    bb_clear(&near, warlord);
    if (k == DQ_OCEAN) {
        DqSea s;
        dq_sea_of(p, DQ_FOREST, &s);
        DqBb prey = bb_and(p->men[DQ_STORM], dq_geo.grid);
        DqBb quiet, capture = dq_aboard_targets(p, prince, &s, prey, &quiet);
        to = bb_and(bb_or(capture, quiet), near);
        int sail = sail_cell(p, prince, DQ_FOREST);
        if (sail != DQ_NO_CELL && bb_has(near, sail) &&
            sword_safe(&f, dq_move_make(DQ_MK_SAIL, prince, sail, 0, p->sq[sail])))
            return true;
    } else {
        to = bb_and(bb_and(dq_geo.adj[prince], near), dq_geo.land[k]);
        if (k == DQ_KINGDOM_F) {
            DqSea s;
            dq_sea_of(p, DQ_FOREST, &s);
            to = bb_or(to, bb_and(bb_and(dq_geo.adj[prince], near), s.own_free));
        }
    }
    while (bb_any(to)) {
        int t = bb_pop(&to);
        if (p->sq[t] && !dq_can_capture(code, p->sq[t]))
            continue;
        if (sword_safe(&f, dq_move_make(DQ_MK_NORMAL, prince, t, code, p->sq[t])))
            return true;
    }
    return false;
}

/* The Prince aboard lands on the Storm Beaches with `/A` and arrives on e0 beside a
 * Warlord on d1, e1 or f1 (§6.2.1, §7.1 item 4): the plain landing must be legal, and
 * the Prince unattacked on e0 with the Warlord still there. */
static bool sword_by_afire(const DqPos *p, int prince)
{
    DqPos f = *p, q;
    f.side = DQ_FOREST;
    DqSea s;
    dq_sea_of(p, DQ_FOREST, &s);
    DqBb prey = bb_and(p->men[DQ_STORM], dq_geo.grid), quiet;
    DqBb to = bb_or(dq_aboard_targets(p, prince, &s, prey, &quiet), quiet);
    int code = p->sq[prince];
    for (to = bb_and(to, dq_geo.land[DQ_KINGDOM_S]); bb_any(to);) {
        int t = bb_pop(&to);
        Move m = dq_move_make(DQ_MK_NORMAL, prince, t, code, p->sq[t]);
        dq_make_core(&f, m, &q);
        if (!dq_royal_attacked(&q, DQ_FOREST) && sword_safe(&f, dq_move_with_afire(m)))
            return true;
    }
    return false;
}

bool dq_sword_threat(const DqPos *p)
{
    int prince = p->royal[DQ_FOREST], warlord = p->royal[DQ_STORM];
    if (prince == DQ_NO_CELL || warlord == DQ_NO_CELL || prince == DQ_E0)
        return false;
    if (dq_distance(prince, warlord) <= 2 && sword_by_moving(p, prince, warlord))
        return true;
    if (p->encl[DQ_ENC_WHITEROOM] == 'D' && dq_geo.kingdom[prince] == DQ_OCEAN &&
        bb_has(dq_geo.adj[DQ_E0], warlord) && sword_by_afire(p, prince))
        return true;
    /* Towering lands the Prince on b1 or h1: only a Warlord on ranks 1-2 can be beside it */
    if (!(p->flags & (DQ_FLAG_TOWER_A | DQ_FLAG_TOWER_I)) || dq_geo.y[warlord] > 2)
        return false;
    for (int wing = 0; wing < 2; wing++) {
        int landing = dq_cell(wing ? 7 : 1, 1);
        if (bb_has(dq_geo.adj[landing], warlord) && dq_towering_legal(p, DQ_FOREST, wing))
            return true;
    }
    return false;
}

bool dq_royal_attacked(const DqPos *p, int side)
{
    int cell = p->royal[side];
    if (cell == DQ_NO_CELL)
        return false;
    if (dq_cell_attacked(p, cell, side))
        return true;
    return side == DQ_STORM && dq_sword_threat(p);
}
