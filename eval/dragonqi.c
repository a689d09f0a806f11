/*
 * DragonQi evaluation, from the side to move's point of view.
 *
 * Terms, per side:
 *   material   every force type (a Dwarf/Gnome is the unit), the vessels of its current
 *              colour (§4.3: a captured crew's vessel serves the captor), the creatures
 *              still waiting to be set afire, and a confined royal's lost powers;
 *   mobility   cells the sliders, jumpers and Knights reach on their land;
 *   advance    Dwarfs/Gnomes toward the opposing beaches (aboard included), landings that
 *              promote on the next move, Elves/Trolls racing to the exchange rank while an
 *              exchange is on offer (§6.6);
 *   munitions  arrows and cannonballs left;
 *   safety     enemy fire creatures whose flights cover the cells around the royal (they
 *              fly over every force but the shield, so nothing else blocks them), enemy
 *              forces near the royal, and our birds and creatures standing on an enemy
 *              archer's line (arrows ignore every force, §6.5);
 *   threats    a flag-bearer near the enemy Banner (§6.8), the Prince near the Warlord and
 *              the Red Witch near the Prince (§6.9), and a royal or the Witch aboard off
 *              the enemy beach, ready to land and set a creature afire (§6.2);
 *   naval      occupied vessels of its colour and Flagships with crews (they can fire);
 *   reach      for the side ahead in material only, by its lead once that is a tenth of
 *              what the other side has and that side's army is thinned: how few moves
 *              its flag-bearers and Direct Capturers need to win, across the ocean
 *              included; the Storm Queen's arrows, which she forfeits on becoming the
 *              Witch, count as gone there; the Prince's way only while few Storm
 *              forces stand on the Storm's land.
 */
#include "eval/dragonqi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/eval_table.h"
#include "movegen/dragonqi/dragonqi.h"
#include "nnue/embed.h"
#include "nnue/nnue.h"

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
    DQ_V_QUEEN = 900,       /* the TrueBorn Queen at war */
    DQ_V_STORM_QUEEN = 450, /* a queen bound to her own land */
    DQ_V_PRINCESS = 350,    /* her arrows, and the TrueBorn Queen she stands for */
    DQ_V_EMPRESS = 1000,
    DQ_V_WITCH = 500,
    DQ_V_DRAGON = 1200,
    DQ_V_ELDER = 700,
    DQ_V_YOUNGER = 500,
    DQ_V_LIBRARIAN = 60,
    DQ_V_SHIP = 120,
    DQ_V_FLAGSHIP = 200,
    DQ_V_ARROW = 40,
    /* A creature still waiting is a threat in reserve: setting it afire adds the creature
     * but confines the royal (no more flag, no more Sword), so the interchange is worth
     * its difference, not the creature's whole value. */
    DQ_V_DRAGON_WAITING = 850,
    DQ_V_ELDER_WAITING = 450,
    DQ_V_YOUNGER_WAITING = 300,
    DQ_CONFINED = 150,
    DQ_V_CANNONBALL = 30,
    DQ_MOBILITY = 4,       /* per reachable cell */
    DQ_ADVANCE = 6,        /* per rank a Dwarf/Gnome has advanced beyond its start */
    DQ_LANDING_READY = 60, /* a Dwarf/Gnome aboard off the opposing beach */
    DQ_ELF_RACE = 25,      /* per rank an Elf/Troll has climbed toward its exchange */
    DQ_FLYER_SQUARE = 30,  /* per cell around the royal an enemy creature covers */
    DQ_ROYAL_NEAR = 12,    /* per enemy force within two cells of the royal */
    DQ_ARROW_EXPOSED = 35, /* percent of a force's value when an archer can shoot it */
    DQ_ARROW_TO_MOVE = 80, /* ... when that archer's side is to move */
    DQ_CREW = 25,          /* an occupied vessel of our colour */
    DQ_GUNS_MANNED = 40,   /* an occupied Flagship of our colour with cannonballs */
    DQ_AFIRE_READY = 80,   /* a royal or the Witch aboard off the beach that sets afire */
    DQ_TEMPO = 10,
};

/* A flag-bearer at Chebyshev distance 1, 2, 3 from a covering cell of the enemy Banner;
 * the Prince at distance 2 (one step from a Sword) from the Warlord, the Witch likewise. */
static const int flag_near[4] = {0, 160, 70, 25};
static const int sword_near[3] = {0, 0, 90};

static const int type_value[DQ_TYPES] = {
    [DQ_QUEEN] = DQ_V_QUEEN,         [DQ_EMPRESS] = DQ_V_EMPRESS,   [DQ_WITCH] = DQ_V_WITCH,
    [DQ_DRAGON] = DQ_V_DRAGON,       [DQ_PRINCESS] = DQ_V_PRINCESS, [DQ_ELDER] = DQ_V_ELDER,
    [DQ_YOUNGER] = DQ_V_YOUNGER,     [DQ_PAWN] = DQ_V_PAWN,         [DQ_ELF] = DQ_V_ELF,
    [DQ_DEFENDER] = DQ_V_DEFENDER,   [DQ_GUARD] = DQ_V_GUARD,       [DQ_KNIGHT] = DQ_V_KNIGHT,
    [DQ_LKNIGHT] = DQ_V_LKNIGHT,     [DQ_CROSSBOW] = DQ_V_CROSSBOW, [DQ_SIEGE] = DQ_V_SIEGE,
    [DQ_BUCCANEER] = DQ_V_BUCCANEER, [DQ_RANGER] = DQ_V_RANGER,     [DQ_TOWER] = DQ_V_TOWER,
    [DQ_TOWERBIRD] = DQ_V_TOWERBIRD, [DQ_FORTRESS] = DQ_V_FORTRESS, [DQ_BIRD] = DQ_V_BIRD,
    [DQ_SCEPTRE] = DQ_V_SCEPTRE,     [DQ_TALISMAN] = DQ_V_TALISMAN, [DQ_WIZARD] = DQ_V_WIZARD,
    [DQ_LIBRARIAN] = DQ_V_LIBRARIAN,
};

int dq_value(int code)
{
    if (code == dq_code(DQ_QUEEN, DQ_STORM))
        return DQ_V_STORM_QUEEN;
    return code ? type_value[dq_type(code)] : 0;
}

typedef struct DqTerms {
    int material, mobility, advance, munitions, safety, threats, naval;
} DqTerms;

/* Cells reached along the given rays up to and including the first occupied one: a land
 * ray runs unbroken from c, so that is the distance to the first occupied cell, or the
 * ray's length when none stands on it. */
static int ray_reach(DqBb occ, int c, bool orth, bool diag)
{
    int n = 0;
    unsigned dirs = (orth ? DQ_ORTH_DIRS : 0) | (diag ? DQ_DIAG_DIRS : 0);
    for (; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        DqBb b = bb_and(dq_geo.ray_land[c][d], occ);
        n += bb_any(b) ? dq_distance(c, bb_first(b, d)) : dq_geo.land_len[c][d];
    }
    return n;
}

static int mobility_of(const DqPos *p, int c, DqBb occ, DqBb own)
{
    int code = p->sq[c];
    DqBb land = dq_geo.land[dq_geo.kingdom[c]];
    switch (dq_type(code)) {
    case DQ_QUEEN:
    case DQ_EMPRESS:
    case DQ_FORTRESS:
    case DQ_SCEPTRE:
    case DQ_TALISMAN:
    case DQ_WIZARD:
        return ray_reach(occ, c, true, true);
    case DQ_TOWER:
    case DQ_TOWERBIRD:
    case DQ_CROSSBOW:
    case DQ_SIEGE:
        return ray_reach(occ, c, true, false);
    case DQ_BUCCANEER:
    case DQ_RANGER:
        return ray_reach(occ, c, false, true);
    case DQ_KNIGHT:
        return bb_count(bb_minus(bb_and(dq_geo.leap_n[c], land), own));
    case DQ_LKNIGHT:
        return bb_count(bb_minus(bb_and(dq_geo.leap_h[p->variant][c], land), own));
    default:
        return 0;
    }
}

/* The cells a fire creature on c covers: its rays on its land, up to the enemy shield. */
static DqBb flight_cover(const DqPos *p, int c)
{
    int code = p->sq[c], type = dq_type(code);
    int shield = dq_code(DQ_LIBRARIAN, !dq_side(code));
    DqBb cover = bb_none(), occ = bb_or(p->men[0], p->men[1]);
    for (int d = 0; d < DQ_DIRS; d++) {
        if ((type == DQ_ELDER && dq_dir_diagonal(d)) || (type == DQ_YOUNGER && !dq_dir_diagonal(d)))
            continue;
        DqBb r = dq_geo.ray_land[c][d];
        for (DqBb s = bb_and(r, occ); bb_any(s);) {
            int f = bb_first(s, d);
            if (p->sq[f] == shield) {
                r = bb_minus(r, dq_geo.ray_land[f][d]);
                break;
            }
            bb_clear(&s, f);
        }
        cover = bb_or(cover, r);
    }
    return cover;
}

static bool is_creature(int type)
{
    return type == DQ_DRAGON || type == DQ_ELDER || type == DQ_YOUNGER;
}

/* Is an exchange on offer to an Elf (Forest) or Troll (Storm) reaching its home rank? */
static bool exchange_on_offer(const DqPos *p, int side)
{
    int pool = side == DQ_FOREST ? DQ_POOL_H : DQ_POOL_h;
    bool captive =
        side == DQ_FOREST ? p->encl[DQ_ENC_STORMTOWER] == 'W' : p->encl[DQ_ENC_SCHOLARS] == 'w';
    return captive || p->pool[pool] || p->pool[pool + 1] || p->pool[pool + 2];
}

/* The enemy archer with arrows who may shoot the forces of `side` (§6.5), DQ_NO_CELL if
 * none: the Storm Queen against Forest's birds and Dragon on S-land, the Queen at War
 * (or the Princess, against Ravens only) against Storm's birds and Serpents on F-land. */
static int archer_against(const DqPos *p, int side, bool *birds_only)
{
    int enemy = !side, queen = dq_code(DQ_QUEEN, enemy);
    *birds_only = false;
    int mun = enemy == DQ_STORM ? p->mun[DQ_MUN_STORM_QUEEN] : p->mun[DQ_MUN_QUEEN_WAR];
    if (p->count[queen] && mun) {
        for (DqBb b = bb_and(p->men[enemy], dq_geo.land[enemy]); bb_any(b);) {
            int c = bb_pop(&b);
            if (p->sq[c] == queen)
                return c;
        }
    }
    if (enemy == DQ_FOREST && p->encl[DQ_ENC_LIBRARY] == 'Q' && p->mun[DQ_MUN_PRINCESS]) {
        *birds_only = true;
        return DQ_E2;
    }
    return DQ_NO_CELL;
}

/* The cells within two steps of c (Chebyshev distance 2, e0/e16 included). */
static DqBb within_two(int c)
{
    DqBb near = dq_geo.adj[c];
    for (DqBb b = dq_geo.adj[c]; bb_any(b);)
        near = bb_or(near, dq_geo.adj[bb_pop(&b)]);
    return near;
}

/* The cell of the first force of `code` on the grid (the count says there is one). */
static int find(const DqPos *p, int code)
{
    for (DqBb b = bb_and(p->men[dq_side(code)], dq_geo.grid); bb_any(b);) {
        int c = bb_pop(&b);
        if (p->sq[c] == code)
            return c;
    }
    return DQ_NO_CELL;
}

static void safety_terms(const DqPos *p, int side, DqTerms *t)
{
    int royal = p->royal[side], enemy = !side;
    if (royal != DQ_NO_CELL) {
        DqBb around = dq_geo.adj[royal], theirs = bb_and(p->men[enemy], dq_geo.grid);
        t->safety -= DQ_ROYAL_NEAR * bb_count(bb_and(theirs, within_two(royal)));
        int creatures = enemy == DQ_FOREST ? p->count[dq_code(DQ_DRAGON, enemy)]
                                           : p->count[dq_code(DQ_ELDER, enemy)] +
                                                 p->count[dq_code(DQ_YOUNGER, enemy)];
        for (DqBb b = creatures ? theirs : bb_none(); bb_any(b);) {
            int c = bb_pop(&b);
            if (is_creature(dq_type(p->sq[c])))
                t->safety -= DQ_FLYER_SQUARE * bb_count(bb_and(flight_cover(p, c), around));
        }
    }
    bool birds_only;
    int archer = archer_against(p, side, &birds_only);
    if (archer == DQ_NO_CELL)
        return;
    DqBb exposed = bb_and(bb_and(p->men[side], dq_geo.lines[archer]), dq_geo.land[enemy]);
    int rate = p->side == enemy ? DQ_ARROW_TO_MOVE : DQ_ARROW_EXPOSED, worst = 0;
    for (; bb_any(exposed);) {
        int c = bb_pop(&exposed), type = dq_type(p->sq[c]);
        bool target = type == DQ_BIRD || (!birds_only && is_creature(type));
        if (target && dq_value(p->sq[c]) > worst)
            worst = dq_value(p->sq[c]);
    }
    t->safety -= worst * rate / 100; /* one arrow per move: the best target counts */
}

static void threat_terms(const DqPos *p, int side, DqTerms *t)
{
    int enemy = !side, enemy_royal = p->royal[enemy];
    DqBb bearers = bb_none();
    int royal = p->royal[side];
    if (royal != DQ_NO_CELL && dq_geo.kingdom[royal] != DQ_OCEAN &&
        dq_geo.kingdom[royal] == enemy && royal != DQ_E0 && royal != DQ_E16)
        bb_set(&bearers, royal);
    int witch = dq_code(DQ_WITCH, DQ_STORM);
    int w = side == DQ_STORM && p->count[witch] ? find(p, witch) : DQ_NO_CELL;
    if (w != DQ_NO_CELL) {
        if (dq_geo.kingdom[w] == DQ_KINGDOM_F)
            bb_set(&bearers, w);
        if (enemy_royal != DQ_NO_CELL && dq_distance(w, enemy_royal) <= 2)
            t->threats += sword_near[dq_distance(w, enemy_royal)];
        if (dq_geo.y[w] == 6 && p->encl[DQ_ENC_DUNGEON] == 'y')
            t->threats += DQ_AFIRE_READY;
    }
    if (royal != DQ_NO_CELL && dq_geo.kingdom[royal] == DQ_OCEAN &&
        (side == DQ_FOREST ? dq_geo.y[royal] == 10 && p->encl[DQ_ENC_WHITEROOM] == 'D'
                           : dq_geo.y[royal] == 6 && (p->flags & DQ_FLAG_NO_LANDING) &&
                                 p->encl[DQ_ENC_STAIRWELL] == 'd'))
        t->threats += DQ_AFIRE_READY;
    if (side == DQ_FOREST && royal != DQ_NO_CELL && enemy_royal != DQ_NO_CELL &&
        dq_distance(royal, enemy_royal) <= 2 && royal != DQ_E0)
        t->threats += sword_near[dq_distance(royal, enemy_royal)];
    while (bb_any(bearers)) {
        int d = dq_banner_distance(side, bb_pop(&bearers));
        if (d >= 1 && d <= 3)
            t->threats += flag_near[d];
    }
}

/* ---- reach: how many moves a side's winners need to win -------------------------- *
 * The flag-bearers (the Warlord and the Red Witch for the Storm, the Prince for the
 * Forest) and the Direct Capturers (the Witch against the Prince, the Prince against the
 * Warlord) are counted in moves along the way their scope allows (§6.1, §6.3): a step on
 * land, embarking onto a vessel of their colour (plus the moves that vessel needs to come
 * alongside), a cell at sea (one more to turn the bow first), landing. Forces in the way
 * are not counted: the search sees them; what the evaluation alone can tell is whether
 * a way exists and how long it is, the thing a lead needs to become a win. The Storm
 * Queen's slides to her vessel are the exception: a Gnome of her own that closes her
 * line can leave it only by embarking, which takes the vessel. */
enum { REACH_FAR = 32, REACH_HORIZON = 16, REACH_STEP = 25, REACH_LEAD = 600 };

/* Which kingdom a bearer may step from (row) into (column): S-land, F-land, ocean. */
typedef bool DqScope[3][3];
static const DqScope scope_warlord = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
static const DqScope scope_witch = {{0, 0, 0}, {0, 1, 0}, {0, 1, 1}};
static const DqScope scope_prince = {{1, 0, 0}, {0, 1, 1}, {1, 0, 1}};

/* Moves for an empty vessel of side's fleet to come to each ocean cell (REACH_FAR: none). */
static void ferry_moves(const DqPos *p, int side, uint8_t *ferry)
{
    memset(ferry, REACH_FAR, DQ_OCEAN_CELLS);
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v);
        if (p->sq[c] || dq_vessel_colour(p, c) != side)
            continue;
        for (int o = 0; o < DQ_OCEAN_CELLS; o++) {
            int d = dq_distance(c, DQ_OCEAN_FIRST + o);
            if (d < ferry[o])
                ferry[o] = (uint8_t)d;
        }
    }
}

/* A traveller's way so far: moves to each cell, and at sea the bows the vessel under it
 * may have on arriving there that soon (bit d for direction d; REACH_ANY_BOW: a vessel
 * that came to fetch it, free to point anywhere). Arriving a move later with a better bow
 * never helps, since turning costs one move: the bows of the fewest moves are enough. */
enum { REACH_ANY_BOW = 1 << DQ_DIRS };
typedef struct DqReach {
    uint8_t dist[DQ_CELLS];
    uint16_t bows[DQ_CELLS];
} DqReach;

static void reach_clear(DqReach *r) { memset(r->dist, REACH_FAR, sizeof r->dist); }

/* Reaching c after `moves` moves, aboard a vessel with `bows` at sea. */
static bool reach_arrive(DqReach *r, int c, int moves, int bows)
{
    if (moves > r->dist[c])
        return false;
    if (moves == r->dist[c]) {
        r->bows[c] |= (uint16_t)bows;
        return false;
    }
    r->dist[c] = (uint8_t)moves;
    r->bows[c] = (uint16_t)bows;
    return true;
}

/* The bow of the vessel on c as a set (REACH_ANY_BOW on land). */
static int bow_at(const DqPos *p, int c)
{
    return dq_geo.kingdom[c] == DQ_OCEAN ? 1 << (dq_vessel(p, c) & DQ_VES_BOW) : REACH_ANY_BOW;
}

/* The fewest moves from the seeds to a win (REACH_HORIZON or more when none is near): a
 * cell of `capture` wins on arrival (a Direct Capture), one of `plant` a move later. The
 * way never goes through `avoid`. At sea a step onto a vessel is one move (boarding);
 * onto open water it is a sail, one move along the bow and two otherwise (a turn first). */
static int reach_moves(const DqPos *p, const DqScope scope, const uint8_t *ferry, DqReach *r,
                       DqBb plant, DqBb capture, DqBb avoid)
{
    DqBb bucket[REACH_HORIZON], done = bb_none();
    for (int d = 0; d < REACH_HORIZON; d++)
        bucket[d] = bb_none();
    for (int c = 0; c < DQ_CELLS; c++)
        if (r->dist[c] < REACH_HORIZON)
            bb_set(&bucket[r->dist[c]], c);
    int best = REACH_HORIZON;
    for (int d = 0; d < best; d++) {
        while (bb_any(bucket[d])) {
            int c = bb_pop(&bucket[d]);
            if (bb_has(done, c) || r->dist[c] != d)
                continue;
            bb_set(&done, c);
            if (bb_has(capture, c) || bb_has(plant, c)) {
                int win = d + !bb_has(capture, c);
                best = win < best ? win : best;
                continue;
            }
            int k = dq_geo.kingdom[c];
            for (int dir = 0; dir < DQ_DIRS; dir++) {
                int m = dq_geo.next[c][dir];
                if (m == DQ_NO_CELL || m == DQ_E8 || !bb_has(dq_geo.grid, m) ||
                    !scope[k][dq_geo.kingdom[m]] || bb_has(avoid, m))
                    continue;
                int cost = 1, bows = REACH_ANY_BOW;
                if (dq_geo.kingdom[m] == DQ_OCEAN) {
                    if (k != DQ_OCEAN) { /* embarking, once a vessel is alongside */
                        cost += ferry[m - DQ_OCEAN_FIRST];
                        if (!ferry[m - DQ_OCEAN_FIRST])
                            bows = bow_at(p, m);
                    } else if (dq_vessel(p, m)) { /* boarding */
                        bows = bow_at(p, m);
                    } else { /* sailing */
                        cost = r->bows[c] & (REACH_ANY_BOW | 1 << dir) ? 1 : 2;
                        bows = 1 << dir;
                    }
                }
                if (reach_arrive(r, m, d + cost, bows) && d + cost < REACH_HORIZON)
                    bb_set(&bucket[d + cost], m);
            }
        }
    }
    return best;
}

static int reach_from(const DqPos *p, const DqScope scope, const uint8_t *ferry, int from,
                      DqBb plant, DqBb capture, DqBb avoid)
{
    DqReach r;
    reach_clear(&r);
    reach_arrive(&r, from, 0, bow_at(p, from));
    return reach_moves(p, scope, ferry, &r, plant, capture, avoid);
}

/* What a winner `moves` away from its win is worth: REACH_STEP for each move fewer than
 * REACH_HORIZON. */
static int reach_worth(int moves)
{
    return moves < REACH_HORIZON ? REACH_STEP * (REACH_HORIZON - moves) : 0;
}

/* The cells of ray d on c's land before the first occupied one: where a slide ends. */
static DqBb land_slide(DqBb occ, int c, int d)
{
    DqBb r = dq_geo.ray_land[c][d], b = bb_and(r, occ);
    if (bb_any(b)) {
        int f = bb_first(b, d);
        r = bb_minus(r, dq_geo.ray_land[f][d]);
        bb_clear(&r, f);
    }
    return r;
}

/* The fewest slides the Storm Queen on q needs to reach each cell of her land over empty
 * cells, up to REACH_QUEEN_SLIDES (REACH_FAR: farther); returns the cells reached. */
enum { REACH_QUEEN_SLIDES = 4 };
static DqBb queen_slides(DqBb occ, int q, uint8_t *slides)
{
    memset(slides, REACH_FAR, DQ_CELLS);
    slides[q] = 0;
    DqBb seen = bb_bit(q), frontier = seen;
    for (int n = 1; n <= REACH_QUEEN_SLIDES && bb_any(frontier); n++) {
        DqBb next = bb_none();
        while (bb_any(frontier)) {
            int c = bb_pop(&frontier);
            for (int d = 0; d < DQ_DIRS; d++)
                next = bb_or(next, land_slide(occ, c, d));
        }
        frontier = bb_minus(next, seen);
        seen = bb_or(seen, frontier);
        for (DqBb b = frontier; bb_any(b);)
            slides[bb_pop(&b)] = (uint8_t)n;
    }
    return seen;
}

/* The worth of `side`'s ways to win, each counted by its fewest moves (to plant, or to a
 * Direct Capture): the Prince's for the Forest; for the Storm the Warlord's and the Red
 * Witch's (or the Storm Queen's, who becomes her by embarking), both, so that bringing
 * either closer counts. A royal's way keeps two cells from the enemy force whose Direct
 * Capture would take him (the Prince's Sword for the Warlord, the Witch's Crystal for the
 * Prince): one move of it would end the game the other way. `w` is the Witch's cell, `q`
 * the Storm Queen's when the Witch is not on the board (DQ_NO_CELL: none). */
static int reach_value(const DqPos *p, int side, int w, int q)
{
    uint8_t ferry[DQ_OCEAN_CELLS];
    ferry_moves(p, side, ferry);
    int royal = p->royal[side], enemy_royal = p->royal[!side];
    DqBb banner = bb_bit(dq_banner_cell(side, 0));
    bb_set(&banner, dq_banner_cell(side, 1));
    DqBb beside = enemy_royal != DQ_NO_CELL ? dq_geo.adj[enemy_royal] : bb_none();
    if (side == DQ_FOREST) {
        if (royal == DQ_NO_CELL || royal == DQ_E0)
            return 0;
        DqBb avoid = w != DQ_NO_CELL ? within_two(w) : bb_none();
        return reach_worth(reach_from(p, scope_prince, ferry, royal, banner, beside, avoid));
    }
    int v = 0;
    if (royal != DQ_NO_CELL && royal != DQ_E16) {
        DqBb sword =
            enemy_royal != DQ_NO_CELL && enemy_royal != DQ_E0 ? within_two(enemy_royal) : bb_none();
        v += reach_worth(reach_from(p, scope_warlord, ferry, royal, banner, bb_none(), sword));
    }
    DqReach r;
    reach_clear(&r);
    if (w != DQ_NO_CELL) {
        reach_arrive(&r, w, 0, bow_at(p, w));
    } else if (q != DQ_NO_CELL) {
        /* The Storm Queen becomes the Witch by sliding aboard an empty Red vessel on the
         * first water cell of one of her lines, over empty land: her slides to a cell of
         * such a line, one more onto the vessel, and the vessel's moves to come there. */
        uint8_t slides[DQ_CELLS];
        DqBb occ = bb_or(p->men[DQ_STORM], p->men[DQ_FOREST]);
        DqBb from = queen_slides(occ, q, slides);
        bb_clear(&occ, q); /* her own cell is empty once she slides */
        while (bb_any(from)) {
            int x = bb_pop(&from);
            /* as the move generator lets her: southward over empty land (§5.5) */
            for (int d = DQ_SE; d <= DQ_SW; d++) {
                if (bb_meets(dq_geo.ray_land[x][d], occ) || !bb_any(dq_geo.sea[x][d]))
                    continue;
                int c = bb_first(dq_geo.sea[x][d], d), o = c - DQ_OCEAN_FIRST;
                if (ferry[o] < REACH_FAR)
                    reach_arrive(&r, c, slides[x] + 1 + ferry[o],
                                 ferry[o] ? REACH_ANY_BOW : bow_at(p, c));
            }
        }
    }
    return v + reach_worth(reach_moves(p, scope_witch, ferry, &r, banner, beside, bb_none()));
}

static void naval_terms(const DqPos *p, int side, DqTerms *t)
{
    int balls = p->mun[side == DQ_FOREST ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON];
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v), ves = dq_vessel(p, c);
        if (dq_vessel_colour(p, c) != side)
            continue;
        bool flagship = ves & DQ_VES_FLAGSHIP;
        t->material += flagship ? DQ_V_FLAGSHIP : DQ_V_SHIP;
        if (!p->sq[c])
            continue;
        t->naval += DQ_CREW;
        bool own_flagship = flagship && ((ves & DQ_VES_ORIG_FOREST) != 0) == side;
        if (own_flagship && balls)
            t->naval += DQ_GUNS_MANNED;
    }
}

static DqTerms terms_of(const DqPos *p, int side)
{
    DqTerms t = {0, 0, 0, 0, 0, 0, 0};
    DqBb occ = bb_or(p->men[0], p->men[1]), own = p->men[side];
    bool race = exchange_on_offer(p, side);
    int start = side == DQ_FOREST ? 2 : 14, beach_side_sea = side == DQ_FOREST ? 10 : 6;
    for (DqBb b = bb_and(own, dq_geo.grid); bb_any(b);) {
        int c = bb_pop(&b), code = p->sq[c], y = dq_geo.y[c];
        t.material += dq_value(code);
        if (dq_geo.kingdom[c] != DQ_OCEAN)
            t.mobility += DQ_MOBILITY * mobility_of(p, c, occ, own);
        if (dq_type(code) == DQ_PAWN) {
            t.advance += DQ_ADVANCE * (side == DQ_FOREST ? y - start : start - y);
            if (y == beach_side_sea)
                t.advance += DQ_LANDING_READY;
        } else if (dq_type(code) == DQ_ELF && race) {
            t.advance += DQ_ELF_RACE * (side == DQ_FOREST ? y - 11 : 5 - y);
        }
    }
    if (side == DQ_FOREST && p->encl[DQ_ENC_WHITEROOM] == 'D')
        t.material += DQ_V_DRAGON_WAITING;
    if (side == DQ_STORM && p->encl[DQ_ENC_STAIRWELL] == 'd' && (p->flags & DQ_FLAG_NO_LANDING))
        t.material += DQ_V_ELDER_WAITING;
    if (side == DQ_STORM && p->encl[DQ_ENC_DUNGEON] == 'y' &&
        (p->count[dq_code(DQ_WITCH, DQ_STORM)] || p->count[dq_code(DQ_QUEEN, DQ_STORM)]))
        t.material += DQ_V_YOUNGER_WAITING;
    if (p->royal[side] == DQ_E0 || p->royal[side] == DQ_E16)
        t.material -= DQ_CONFINED;
    int arrows = side == DQ_FOREST
                     ? p->mun[DQ_MUN_PRINCESS] + p->mun[DQ_MUN_RESERVE] + p->mun[DQ_MUN_QUEEN_WAR]
                     : p->mun[DQ_MUN_STORM_QUEEN];
    int balls = p->mun[side == DQ_FOREST ? DQ_MUN_GREEN_CANNON : DQ_MUN_RED_CANNON];
    t.munitions = arrows * DQ_V_ARROW + balls * DQ_V_CANNONBALL;
    safety_terms(p, side, &t);
    threat_terms(p, side, &t);
    naval_terms(p, side, &t);
    return t;
}

static int total(DqTerms t)
{
    return t.material + t.mobility + t.advance + t.munitions + t.safety + t.threats + t.naval;
}

/* reach_value depends only on the vessels (cells, bows, occupants' sides), the royals and
 * the Witch or Storm Queen, and while the Queen stands in for the Witch, on which cells of
 * her land are held: moves of other forces, most of a search tree, leave it as it was. A small
 * table per thread remembers it by a key of just those. */
enum { REACH_CACHE_SIZE = 4096 };
typedef struct ReachEntry {
    uint64_t key;
    int value;
} ReachEntry;
static _Thread_local ReachEntry reach_cache[REACH_CACHE_SIZE];

static uint64_t reach_mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

static uint64_t reach_key(const DqPos *p, int side, int w, int q)
{
    /* every field in bits of its own: a seed that shared bits with a cell would let
     * one side's key for one royal's cell equal the other side's for another */
    uint64_t h = reach_mix(0, (uint64_t)p->royal[0] | (uint64_t)p->royal[1] << 8 |
                                  (uint64_t)w << 16 | (uint64_t)q << 24 | (uint64_t)side << 32);
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v), code = p->sq[c];
        h = reach_mix(h, (uint64_t)c | (uint64_t)dq_vessel(p, c) << 8 | (uint64_t)code << 16);
    }
    if (q != DQ_NO_CELL) { /* her slides depend on what stands on her land */
        DqBb held =
            bb_and(bb_or(p->men[DQ_STORM], p->men[DQ_FOREST]), dq_geo.land[dq_geo.kingdom[q]]);
        for (int i = 0; i < 3; i++)
            h = reach_mix(h, held.w[i]);
    }
    return h | 1; /* never 0, the empty entry's key */
}

static int reach_value_cached(const DqPos *p, int side)
{
    /* the Red Witch's cell, or else the Storm Queen's (she stands in for the Witch); the
     * Forest's way depends on the Witch's cell only, so its key leaves the Queen out, and
     * with her what stands on her land: most of its lookups then find their entry */
    int witch = dq_code(DQ_WITCH, DQ_STORM), queen = dq_code(DQ_QUEEN, DQ_STORM);
    int w = p->count[witch] ? find(p, witch) : DQ_NO_CELL;
    int q = side == DQ_STORM && w == DQ_NO_CELL && p->count[queen] ? find(p, queen) : DQ_NO_CELL;
    uint64_t key = reach_key(p, side, w, q);
    ReachEntry *e = &reach_cache[key % REACH_CACHE_SIZE];
    if (e->key != key) {
        e->key = key;
        e->value = reach_value(p, side, w, q);
    }
    return e->value;
}

/* The reach term of the side ahead in material, in proportion to its lead up to
 * REACH_LEAD: a side that is ahead should go and win; one that is level keeps its
 * royal at home. A lead counts only as a share of what the other side has left: none
 * up to REACH_SHARE_MIN percent of it, the whole from REACH_SHARE_FULL percent, in
 * proportion between. And only once that side's army is thinned: nothing while it keeps
 * REACH_ARMY_NONE or more (each army starts with 6,510), the whole from REACH_ARMY_FULL
 * down, in proportion between. While both armies stand, a lead is no winning lead: a
 * royal sent out then sails into a lock-up, and the term's searches, redone at about
 * every other node of a middle-game search, took half the engine's time there
 * (docs/strength.md). The Prince's way, the Forest's only one, ends on the Storm's land,
 * where a lock-up closes round him: it counts only while few Storm forces (the Warlord
 * among them) stand there, the whole with REACH_GUARDS_FULL or fewer, nothing from
 * REACH_GUARDS_NONE, in proportion between. Sent out past more of them, he was locked up
 * away from home in 10 of the 25 games 7862bac lost to 1fd9926 (docs/strength.md). */
enum {
    REACH_SHARE_MIN = 10,
    REACH_SHARE_FULL = 20,
    REACH_ARMY_FULL = 5000,
    REACH_ARMY_NONE = 5500,
    REACH_GUARDS_FULL = 3,
    REACH_GUARDS_NONE = 7,
};
/* v in full while x is at most `full`, falling in proportion to nothing at `none`. */
static int fade(int v, int x, int full, int none)
{
    return x > full ? v * (none - x) / (none - full) : v;
}

static int reach_term(const DqPos *p, const DqTerms *storm, const DqTerms *forest)
{
    int lead = storm->material - forest->material, side = lead > 0 ? DQ_STORM : DQ_FOREST;
    int behind = lead > 0 ? forest->material : storm->material;
    lead = lead < 0 ? -lead : lead;
    /* the lead's share past the minimum, and the span to the whole, in hundredths */
    int over = lead * 100 - REACH_SHARE_MIN * behind;
    int span = (REACH_SHARE_FULL - REACH_SHARE_MIN) * behind;
    if (lead == 0 || (behind > 0 && over <= 0) || behind >= REACH_ARMY_NONE)
        return 0;
    int guards =
        side == DQ_FOREST ? bb_count(bb_and(p->men[DQ_STORM], dq_geo.land[DQ_KINGDOM_S])) : 0;
    if (guards >= REACH_GUARDS_NONE)
        return 0;
    int v = reach_value_cached(p, side);
    /* The Storm Queen forfeits her arrows when she becomes the Witch (§6.7). Counted as
     * hers, they made that step, the one a Storm playing to win needs most, a loss
     * (her arrows and her land's mobility against the Witch's 50 more): once the term
     * counts, they count as gone, and where she has no way the term falls below nothing. */
    if (side == DQ_STORM && !p->count[dq_code(DQ_WITCH, DQ_STORM)] &&
        p->count[dq_code(DQ_QUEEN, DQ_STORM)])
        v -= p->mun[DQ_MUN_STORM_QUEEN] * DQ_V_ARROW;
    v = v * (lead < REACH_LEAD ? lead : REACH_LEAD) / REACH_LEAD;
    if (behind > 0 && over < span)
        v = v * over / span;
    v = fade(v, behind, REACH_ARMY_FULL, REACH_ARMY_NONE);
    v = fade(v, guards, REACH_GUARDS_FULL, REACH_GUARDS_NONE);
    return side == DQ_STORM ? v : -v;
}

static Score dragonqi_hand_evaluate(const void *pos)
{
    const DqPos *p = pos;
    int us = p->side;
    DqTerms s = terms_of(p, DQ_STORM), f = terms_of(p, DQ_FOREST);
    int v = total(s) - total(f) + reach_term(p, &s, &f);
    return (us == DQ_STORM ? v : -v) + DQ_TEMPO;
}

/* ---- the learned evaluation's inputs ------------------------------------------------ *
 * The armies are not images of each other: the Prince's one-way scope and his Sword
 * against the Warlord's free scope, the Storm Queen with her Empress and Red Witch against
 * the Princess and the Queen at War, three fire creatures that fly differently, arrows at
 * different targets. So nothing is turned and no input says "own" or "enemy": an input
 * names an army's force. Each side's view reads the same inputs through weights of its
 * own: Storm's view lists inputs below DQ_NET_VIEW, Forest's the same ones plus
 * DQ_NET_VIEW. The side to move only orders the two views, as in every game.
 *
 * In one view (cell c = 9 * rank + file, file a = 0):
 *   forces   for each force code (type << 1 | side, ascending; a code no army has takes
 *            none), one input per place where that force can stand (§2; a passenger
 *            stands on its vessel's ocean cell), the places ascending with the cell:
 *              a kingdom's land, ranks 1-5 or 11-15 (45): c - 9 or c - 99 (Queens,
 *                Sceptres, Librarian/Jailer, towers with their birds on their own land;
 *                Elves/Trolls, siege engines, Rangers/Raiders, Fortresses on the other;
 *                the Ice Dragon on S-land, the Serpents on F-land)
 *              both lands (90): F-land c - 9, then S-land c - 54 (the Empress, the
 *                released birds, Talismans, Wizard/Magician)
 *              own land and the ocean (90): c - 9 for Forest, c - 54 for Storm (Dwarfs/
 *                Gnomes, Crossbowmen/Catapults, Buccaneers/Pirates, towers without their
 *                birds; the Red Witch: F-land and the ocean, c - 9)
 *              the grid (135): c - 9 (Knights)
 *              a royal (136): the grid and his target cell, e0 first, e16 last
 *              the palace or citadel (9): 3 * (rank - its first rank) + file - d
 *              the Princess: e2 (1)
 *            White and Black Knights have 135 per knight variation: their leaps share
 *            nothing from one variation to the next. Every other input serves all three,
 *            and the variation is an input of its own.
 *   vessels  per ocean cell o = c - 54 (a6 = 0 ... i10 = 44; e8's are never active):
 *            4 * o + kind (Red Ship, Red Flagship, Green Ship, Green Flagship), then
 *            16 * o + 8 * current colour (Storm 0, Forest 1) + bow; the passenger is a
 *            force input on the vessel's cell.
 *   states   the eight enclosures, one input per character each may hold (field 3:
 *            asleep, confined, captive, lowered, on alert, sprung, at work...); the pools,
 *            one input per captured force (up to 2 per kind); the flags A I a i H h d v t
 *            P; the munitions, one input per arrow or cannonball held (up to 2 2 4 3 3 3);
 *            the en-passant cell (a3-i3, a13-i13); the knight variation.
 * The counters (halfmove, fullmove) are left out, as in the other games. */
enum {
    DQ_NET_GRID = DQ_RANKS * DQ_FILES, /* 135 */
    DQ_NET_FORCES = 3684,              /* the force inputs, counted by dragonqi_net_init */
    DQ_NET_VESSEL = DQ_NET_FORCES,     /* 4 per ocean cell */
    DQ_NET_BOW = DQ_NET_VESSEL + 4 * DQ_OCEAN_CELLS, /* 16 per ocean cell */
    DQ_NET_ENCLOSURE = DQ_NET_BOW + 16 * DQ_OCEAN_CELLS,
    DQ_NET_POOL = DQ_NET_ENCLOSURE + 20, /* the characters of field 3's eight places */
    DQ_NET_FLAG = DQ_NET_POOL + 2 * DQ_POOLS,
    DQ_NET_MUNITION = DQ_NET_FLAG + DQ_FLAG_COUNT,
    DQ_NET_EP = DQ_NET_MUNITION + 17, /* 2 + 2 + 4 + 3 + 3 + 3 */
    DQ_NET_VARIATION = DQ_NET_EP + 2 * DQ_FILES,
    DQ_NET_VIEW = DQ_NET_VARIATION + DQ_VARIATIONS, /* 4,664 */
    DQ_NET_INPUTS = 2 * DQ_NET_VIEW,                /* 9,328 */
    /* Forces on the grid: at most 28 Forest and 29 Storm in any position the rules' reader
     * accepts (11 Dwarf-kind, 2 Guard-kind, 2 Crossbow-kind, 2 tower-kind, 2 birds,
     * Wizard, Librarian, Queen or Princess, royal, 2 + 2 Knights; the Dragon; Storm: the
     * two Serpents); play from the start reaches 27 per army. Vessels 10 of 2 inputs. */
    DQ_NET_MAX_ACTIVE = 57 + 2 * 10 + DQ_ENCLOSURES + 2 * DQ_POOLS + DQ_FLAG_COUNT + 17 + 1 + 1,
    /* 9,328 x 96 x 2 bytes = 1,790,976 bytes of first layer: the file stays under 2 MB */
    DQ_NET_HIDDEN = 96,
    DQ_NET_NONE = 0xFFFF,
};

/* Input of force code `code` on cell c for the Lance (the White and Black Knights add
 * variation * DQ_NET_GRID), at [c][code]; DQ_NET_NONE where that force cannot stand. A
 * row of 64 makes the index a shift. */
enum { DQ_NET_ROW = 64 };
_Static_assert((int)DQ_CODES <= (int)DQ_NET_ROW, "a cell's row holds every force code");
static uint16_t net_force[DQ_CELLS][DQ_NET_ROW];

/* Field 3's characters, in the order of dq_fen_read's enclosures, and the input of each
 * (enclosure, character) from DQ_NET_ENCLOSURE; -1 for a character it never holds. */
static const char *const net_enclosure[DQ_ENCLOSURES] = {"DK-", "QF", "01-", "w-",
                                                         "dk-", "yx", "01-", "W-"};
static int8_t net_enclosure_input[DQ_ENCLOSURES][128];

/* The place of cell c in a kingdom's land (side's numbering), -1 if outside. */
static int land_place(int kingdom, int c)
{
    int y = dq_geo.y[c];
    if (kingdom == DQ_KINGDOM_F)
        return y >= 1 && y <= 5 ? c - dq_cell(0, 1) : -1;
    return y >= 11 && y <= DQ_RANKS ? c - dq_cell(0, 11) : -1;
}

/* ... in a kingdom's land and the ocean. */
static int shore_place(int kingdom, int c)
{
    int y = dq_geo.y[c];
    if (kingdom == DQ_KINGDOM_F)
        return y >= 1 && y <= 10 ? c - dq_cell(0, 1) : -1;
    return y >= 6 && y <= DQ_RANKS ? c - dq_cell(0, 6) : -1;
}

/* The place of force `code` on cell c among its inputs (ascending with c), -1 where it
 * cannot stand (§2 scope; the rules' reader refuses such positions). */
static int net_place(int code, int c)
{
    if (!dq_letter(code) || !bb_has(dq_geo.valid, c))
        return -1;
    int side = dq_side(code), y = dq_geo.y[c];
    bool grid = bb_has(dq_geo.grid, c);
    switch (dq_type(code)) {
    case DQ_ROYAL:
        if (c == (side == DQ_FOREST ? DQ_E0 : DQ_E16))
            return side == DQ_FOREST ? 0 : DQ_NET_GRID;
        return grid ? c - dq_cell(0, 1) + (side == DQ_FOREST) : -1;
    case DQ_QUEEN:
    case DQ_SCEPTRE:
    case DQ_LIBRARIAN:
    case DQ_TOWERBIRD:
        return land_place(side, c);
    case DQ_ELF:
    case DQ_SIEGE:
    case DQ_RANGER:
    case DQ_FORTRESS:
        return land_place(!side, c);
    case DQ_DRAGON:
        return land_place(DQ_KINGDOM_S, c);
    case DQ_ELDER:
    case DQ_YOUNGER:
        return land_place(DQ_KINGDOM_F, c);
    case DQ_PAWN:
    case DQ_CROSSBOW:
    case DQ_BUCCANEER:
    case DQ_TOWER:
        return shore_place(side, c);
    case DQ_WITCH:
        return shore_place(DQ_KINGDOM_F, c);
    case DQ_DEFENDER:
    case DQ_GUARD:
        return bb_has(dq_geo.palace[side], c)
                   ? 3 * (y - (side == DQ_FOREST ? 1 : 13)) + dq_geo.x[c] - DQ_FILE_E + 1
                   : -1;
    case DQ_KNIGHT:
    case DQ_LKNIGHT:
        return grid ? c - dq_cell(0, 1) : -1;
    case DQ_PRINCESS:
        return c == DQ_E2 ? 0 : -1;
    default: { /* Empress, Albatross/Raven, Talismans, Wizard/Magician: both lands */
        int forest = land_place(DQ_KINGDOM_F, c), storm = land_place(DQ_KINGDOM_S, c);
        return forest >= 0 ? forest : storm >= 0 ? 5 * DQ_FILES + storm : -1;
    }
    }
}

void dragonqi_net_init(void)
{
    int base = 0;
    for (int code = 0; code < DQ_CODES; code++) {
        int size = 0;
        for (int c = 0; c < DQ_CELLS; c++) {
            int place = net_place(code, c);
            net_force[c][code] = place < 0 ? DQ_NET_NONE : (uint16_t)(base + place);
            size = place >= size ? place + 1 : size;
        }
        base += dq_type(code) == DQ_LKNIGHT ? DQ_VARIATIONS * size : size;
    }
    if (base != DQ_NET_FORCES) { /* a fault of this file, found at start-up */
        fprintf(stderr, "wyrm: DragonQi's force inputs count %d, not %d\n", base, DQ_NET_FORCES);
        abort();
    }
    memset(net_enclosure_input, -1, sizeof net_enclosure_input);
    for (int i = 0, at = 0; i < DQ_ENCLOSURES; i++)
        for (const char *v = net_enclosure[i]; *v; v++)
            net_enclosure_input[i][(int)*v] = (int8_t)at++;
}

static int dq_net_features(const void *pos, int perspective, uint16_t *out)
{
    const DqPos *p = pos;
    int view = perspective == DQ_FOREST ? DQ_NET_VIEW : 0, n = 0;
    /* Forces: each code's inputs follow the lower codes', and within a code the cells
     * come in ascending order, so counting each code first gives every force its rank. */
    int next[DQ_CODES];
    for (int code = 0; code < DQ_CODES; code++) {
        next[code] = n;
        n += p->count[code];
    }
    int knights = view + p->variant * DQ_NET_GRID;
    DqBb men = bb_or(p->men[0], p->men[1]);
    for (int w = 0; w < 3; w++) {
        for (uint64_t bits = men.w[w]; bits; bits &= bits - 1) {
            int c = 64 * w + __builtin_ctzll(bits), code = p->sq[c];
            out[next[code]++] =
                (uint16_t)(net_force[c][code] + (dq_type(code) == DQ_LKNIGHT ? knights : view));
        }
    }
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v), ves = dq_vessel(p, c);
        int kind = ((ves & DQ_VES_ORIG_FOREST) ? 2 : 0) + ((ves & DQ_VES_FLAGSHIP) ? 1 : 0);
        out[n++] = (uint16_t)(view + DQ_NET_VESSEL + 4 * (c - DQ_OCEAN_FIRST) + kind);
    }
    for (DqBb v = p->vessels; bb_any(v);) {
        int c = bb_pop(&v);
        out[n++] = (uint16_t)(view + DQ_NET_BOW + 16 * (c - DQ_OCEAN_FIRST) +
                              8 * dq_vessel_colour(p, c) + (dq_vessel(p, c) & DQ_VES_BOW));
    }
    for (int i = 0; i < DQ_ENCLOSURES; i++) {
        int input = net_enclosure_input[i][p->encl[i] & 127];
        if (input >= 0)
            out[n++] = (uint16_t)(view + DQ_NET_ENCLOSURE + input);
    }
    for (int i = 0; i < DQ_POOLS; i++)
        for (int k = 0; k < p->pool[i] && k < 2; k++)
            out[n++] = (uint16_t)(view + DQ_NET_POOL + 2 * i + k);
    for (int bit = 0; bit < DQ_FLAG_COUNT; bit++)
        if (p->flags >> bit & 1)
            out[n++] = (uint16_t)(view + DQ_NET_FLAG + bit);
    static const int munition_max[DQ_MUNITIONS] = {2, 2, 4, 3, 3, 3};
    for (int i = 0, at = view + DQ_NET_MUNITION; i < DQ_MUNITIONS; at += munition_max[i++])
        for (int k = 0; k < p->mun[i] && k < munition_max[i]; k++)
            out[n++] = (uint16_t)(at + k);
    if (p->ep)
        out[n++] =
            (uint16_t)(view + DQ_NET_EP + (dq_geo.y[p->ep] > 5 ? DQ_FILES : 0) + dq_geo.x[p->ep]);
    out[n++] = (uint16_t)(view + DQ_NET_VARIATION + p->variant);
    return n;
}

NNUE_EMBED(dragonqi_net)

NnueSlot dragonqi_nnue = {
    .game = "dragonqi",
    .feature_count = DQ_NET_INPUTS,
    .max_active = DQ_NET_MAX_ACTIVE,
    .default_hidden = DQ_NET_HIDDEN,
    .features = dq_net_features,
    .side_to_move = dq_side_to_move,
    .hand = dragonqi_hand_evaluate,
    .embedded = NNUE_EMBEDDED(dragonqi_net),
};

Score dragonqi_evaluate(const void *pos) { return nnue_or_hand(&dragonqi_nnue, pos); }

void dragonqi_eval_terms(const void *pos, char *buf, size_t size)
{
    const DqPos *p = pos;
    DqTerms s = terms_of(p, DQ_STORM), f = terms_of(p, DQ_FOREST);
    int reach = reach_term(p, &s, &f);
    static const char *const sides[2] = {"storm", "forest"};
    const EvalRow rows[] = {
        {"material", {s.material, f.material}, false},
        {"mobility", {s.mobility, f.mobility}, false},
        {"advance", {s.advance, f.advance}, false},
        {"munitions", {s.munitions, f.munitions}, false},
        {"safety", {s.safety, f.safety}, false},
        {"threats", {s.threats, f.threats}, false},
        {"naval", {s.naval, f.naval}, false},
        {"reach", {reach > 0 ? reach : 0, reach < 0 ? -reach : 0}, false},
        {"tempo", {DQ_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             dragonqi_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(&dragonqi_nnue, p, buf + n, size - (size_t)n);
}
