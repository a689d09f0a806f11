/*
 * DragonQi move generation for the forces on land (§4.4-4.5, §5, §6.6, §6.10).
 *
 * Every force generates from masks: steps and leaps from per-cell tables, slides and
 * cannon-style jumps from the kingdom-bounded rays (first and second occupied cell by bit
 * scan), flights from the rays cut at a shield, glides from the other kingdom's part of
 * the vertical and diagonal rays. Land rays never leave the kingdom: a slide ends at the
 * coast (embarking, the forces aboard and the vessels are ocean.c's and vessel.c's), and
 * target cells e0/e16 are never destinations.
 */
#include <string.h>

#include "movegen/dragonqi/gen.h"

enum { ORTH = DQ_ORTH_DIRS, DIAG = DQ_DIAG_DIRS, ALL = DQ_ALL_DIRS };

/* Removes from `prey` the cells holding `victim` (a type counted in p->count). */
static DqBb spare(const DqGen *g, DqBb prey, int victim)
{
    if (!g->p->count[victim])
        return prey;
    for (DqBb b = prey; bb_any(b);) {
        int c = bb_pop(&b);
        if (g->p->sq[c] == victim)
            bb_clear(&prey, c);
    }
    return prey;
}

DqBb dq_prey_of(const DqGen *g, int code)
{
    DqBb prey = g->prey;
    switch (dq_type(code)) {
    case DQ_ROYAL: /* the Forest Sword and the Dark Crystal (§4.2) */
        if (g->us == DQ_STORM && g->p->royal[DQ_FOREST] != DQ_NO_CELL)
            bb_clear(&prey, g->p->royal[DQ_FOREST]);
        return g->us == DQ_FOREST ? spare(g, prey, dq_code(DQ_WITCH, DQ_STORM)) : prey;
    case DQ_ELDER:
    case DQ_YOUNGER:
    case DQ_DRAGON: /* the shields */
        return spare(g, prey, dq_code(DQ_LIBRARIAN, g->them));
    default:
        return prey;
    }
}

static void slides(const DqGen *g, int c, int dirs, DqBb prey, Targets *t)
{
    for (int d = 0; d < DQ_DIRS; d++) {
        if (!(dirs >> d & 1))
            continue;
        DqBb r = dq_geo.ray_land[c][d], b = bb_and(r, g->occ);
        if (bb_any(b)) {
            int f = bb_first(b, d);
            r = bb_minus(r, dq_geo.ray_land[f][d]);
            bb_clear(&r, f);
            if (bb_has(prey, f))
                bb_set(&t->capture, f);
        }
        t->quiet = bb_or(t->quiet, r);
    }
}

/* Cannon-style captures: exactly one screen, then the first occupied cell (§4.4). */
static void jumps(const DqGen *g, int c, int dirs, DqBb prey, Targets *t)
{
    for (int d = 0; d < DQ_DIRS; d++) {
        if (!(dirs >> d & 1))
            continue;
        DqBb b = bb_and(dq_geo.ray_land[c][d], g->occ);
        if (!bb_any(b))
            continue;
        DqBb b2 = bb_and(dq_geo.ray_land[bb_first(b, d)][d], g->occ);
        if (!bb_any(b2))
            continue;
        int target = bb_first(b2, d);
        if (bb_has(prey, target))
            bb_set(&t->capture, target);
    }
}

/* Flights and blazes of the fire creatures, stopped by the enemy Librarian/Jailer. */
static void flights(const DqGen *g, int c, int dirs, DqBb prey, Targets *t)
{
    int shield = dq_code(DQ_LIBRARIAN, g->them);
    for (int d = 0; d < DQ_DIRS; d++) {
        if (!(dirs >> d & 1))
            continue;
        DqBb r = dq_geo.ray_land[c][d];
        for (DqBb s = bb_and(r, g->occ); bb_any(s);) {
            int f = bb_first(s, d);
            if (g->p->sq[f] == shield) {
                r = bb_minus(r, dq_geo.ray_land[f][d]);
                bb_clear(&r, f);
                break;
            }
            bb_clear(&s, f);
        }
        t->quiet = bb_or(t->quiet, bb_minus(r, g->occ));
        t->capture = bb_or(t->capture, bb_and(r, prey));
    }
}

/* One step onto the neighbours `cells` within `area`: empty ones, or prey. */
static void steps(const DqGen *g, DqBb cells, DqBb area, DqBb prey, Targets *t)
{
    cells = bb_and(cells, area);
    t->quiet = bb_or(t->quiet, bb_minus(cells, g->occ));
    t->capture = bb_or(t->capture, bb_and(cells, prey));
}

static int forward_dir(int side) { return side == DQ_FOREST ? DQ_N : DQ_S; }

/* Does this Elf/Troll move earn the exchange of §6.6? */
static bool earns_exchange(const DqGen *g, int from, int to)
{
    int home = g->us == DQ_FOREST ? DQ_RANKS : 1;
    return dq_geo.y[to] == home && dq_geo.y[from] != home;
}

static int exchanges(const DqGen *g, Move *extra)
{
    const DqPos *p = g->p;
    bool forest = g->us == DQ_FOREST;
    int n = 0, pool = forest ? DQ_POOL_H : DQ_POOL_h;
    if (forest ? p->encl[DQ_ENC_STORMTOWER] == 'W' : p->encl[DQ_ENC_SCHOLARS] == 'w')
        extra[n++] = dq_move_with_exchange(0, DQ_X_CAPTIVE);
    static const int kinds[3] = {DQ_X_LKNIGHT, DQ_X_KNIGHT, DQ_X_RANGER};
    for (int i = 0; i < 3; i++)
        if (p->pool[pool + i])
            extra[n++] = dq_move_with_exchange(0, kinds[i]);
    return n;
}

static bool may_expose(const DqGen *g, Move m);

/* Is `m` legal: our royal unattacked after it (§7.3)? A move that cannot change whether
 * the royal is attacked is legal exactly when we are not in check. */
static bool legal(const DqGen *g, Move m)
{
    if (!may_expose(g, m))
        return !g->in_check;
    DqPos q;
    dq_make_core(g->p, m, &q);
    return !dq_royal_attacked(&q, g->us);
}

static void keep(DqGen *g, Move m)
{
    if (dq_gen_wants(g, m))
        g->moves[g->n++] = m;
}

/* A landing that offers `/A` (§6.2): the variant exists only when the plain move is legal,
 * and must be legal itself on its own final position (for the Prince on e0 beside the
 * Warlord, a Sword Direct Capture tested with the Warlord still there). */
static void gen_add_afire(DqGen *g, Move m)
{
    if (!legal(g, m))
        return;
    keep(g, m);
    Move a = dq_move_with_afire(m);
    DqPos q;
    if (dq_make_core(g->p, a, &q))
        a = dq_move_with_win(a);
    if (!dq_royal_attacked(&q, g->us))
        keep(g, a);
}

void dq_gen_targets(DqGen *g, int from, const Targets *t)
{
    const DqPos *p = g->p;
    int code = p->sq[from], type = dq_type(code);
    int enemy_royal = p->royal[g->them];
    bool sword = code == dq_code(DQ_ROYAL, DQ_FOREST) || code == dq_code(DQ_WITCH, DQ_STORM);
    DqBb all = bb_or(t->quiet, t->capture);
    if (g->stage == GEN_NOISY && dq_geo.kingdom[from] != DQ_OCEAN) {
        /* quiet moves from land are noisy only as a Direct Capture, an exchange, en
         * passant or a flag-bearer's approach to the Banner (a landing from a vessel may
         * also promote: dq_gen_add sorts those) */
        DqBb special = bb_none();
        if (sword && enemy_royal != DQ_NO_CELL)
            special = dq_geo.adj[enemy_royal];
        if (type == DQ_ELF) {
            special = dq_geo.rank[g->us == DQ_FOREST ? DQ_RANKS : 1];
            if (p->ep)
                bb_set(&special, p->ep);
        }
        if (dq_flag_bearer(code)) {
            for (int i = 0; i < 2; i++) {
                int banner = dq_banner_cell(g->us, i);
                bb_set(&special, banner);
                if (dq_banner_distance(g->us, from) >= 2) /* approaching it */
                    special = bb_or(special, bb_and(dq_geo.adj[banner], dq_geo.grid));
            }
        }
        all = bb_or(t->capture, bb_and(t->quiet, special));
    }
    /* A plain force on land that no line of the royal passes through, out of check: its
     * moves to cells off those lines are legal as they stand (what dq_gen_add would find
     * through may_expose, without the call). */
    bool plain = !g->test_all && !g->in_check && !sword && type != DQ_ROYAL && type != DQ_ELF &&
                 dq_geo.kingdom[from] != DQ_OCEAN && !bb_has(g->royal_lines, from);
    /* Asked only whether a move exists: such a move answers at once, untested. */
    if (plain && g->any_only) {
        DqBb off_lines = bb_minus(all, g->royal_lines);
        if (bb_any(off_lines)) {
            int to = bb_lsb(off_lines);
            keep(g, dq_move_make(DQ_MK_NORMAL, from, to, code, p->sq[to]));
            return;
        }
    }
    while (bb_any(all)) {
        int to = bb_pop(&all);
        Move m = dq_move_make(DQ_MK_NORMAL, from, to, code, p->sq[to]);
        if (plain && !bb_has(g->royal_lines, to)) {
            if (dq_gen_wants(g, m))
                g->moves[g->n++] = m;
            continue;
        }
        if (sword && enemy_royal != DQ_NO_CELL && bb_has(dq_geo.adj[enemy_royal], to))
            m = dq_move_with_win(m);
        Move extra[4];
        int n = 0;
        if (type == DQ_ELF && earns_exchange(g, from, to))
            n = exchanges(g, extra);
        if (!dq_move_wins(m) && dq_afire_trigger(p, code, from, to))
            gen_add_afire(g, m);
        else
            dq_gen_add(g, m, extra, n);
        if (type == DQ_ELF && to == p->ep && p->ep)
            dq_gen_add(g, dq_move_make(DQ_MK_EP, from, to, code, p->sq[dq_ep_victim(g->us, to)]),
                       NULL, 0);
    }
}

static void gen_pawn(DqGen *g, int c, DqBb land, DqBb prey, Targets *t)
{
    const DqPos *p = g->p;
    int fwd = forward_dir(g->us), one = dq_geo.next[c][fwd];
    if (one != DQ_NO_CELL && bb_has(land, one) && !p->sq[one]) {
        bb_set(&t->quiet, one);
        int second = g->us == DQ_FOREST ? 2 : 14, two = dq_geo.next[one][fwd];
        if (dq_geo.y[c] == second && bb_has(land, two) && !p->sq[two])
            bb_set(&t->quiet, two);
    }
    Targets diagonal = {bb_none(), bb_none()};
    steps(g, dq_geo.diag_fwd[g->us][c], land, prey, &diagonal);
    t->capture = diagonal.capture;
}

/* The maiden flight (§6.12): the bird glides up its file to any empty cell of the other
 * kingdom; the tower stays. */
static void gen_releases(DqGen *g, int from)
{
    for (DqBb to = bb_minus(dq_geo.glide_v[from], g->occ); bb_any(to);)
        dq_gen_add(g, dq_move_make(DQ_MK_RELEASE, from, bb_pop(&to), g->p->sq[from], 0), NULL, 0);
}

static void gen_force(DqGen *g, int c)
{
    const DqPos *p = g->p;
    int code = p->sq[c], k = dq_geo.kingdom[c];
    /* only royals and fire creatures have exceptions to the general prey */
    int t0 = dq_type(code);
    bool special = t0 == DQ_ROYAL || t0 == DQ_DRAGON || t0 == DQ_ELDER || t0 == DQ_YOUNGER;
    DqBb land = dq_geo.land[k], prey = bb_and(special ? dq_prey_of(g, code) : g->prey, land);
    /* For the noisy list, a force whose only noisy moves are captures and that has no prey
     * on its lines or Knight's leaps has nothing to add (the royal, the Red Witch and the
     * Elf/Troll have noisy quiet moves: Sword, flag threats, exchanges, en passant). */
    if (g->stage == GEN_NOISY && t0 != DQ_ROYAL && t0 != DQ_WITCH && t0 != DQ_ELF &&
        !bb_meets(prey,
                  bb_or(dq_geo.lines[c], bb_or(dq_geo.leap_n[c], dq_geo.leap_h[p->variant][c]))))
        return;
    Targets t = {bb_none(), bb_none()};
    switch (dq_type(code)) {
    case DQ_ROYAL:
    case DQ_WITCH:
    case DQ_BIRD:
        steps(g, dq_geo.adj[c], land, prey, &t);
        if (dq_type(code) == DQ_BIRD) {
            t.quiet = bb_minus(dq_geo.land_orth[c], g->occ);
            t.quiet = bb_or(t.quiet, bb_minus(dq_geo.glide_v[c], g->occ));
        }
        break;
    case DQ_QUEEN:
    case DQ_FORTRESS:
    case DQ_SCEPTRE:
        slides(g, c, ALL, prey, &t);
        break;
    case DQ_EMPRESS:
    case DQ_TALISMAN:
    case DQ_WIZARD:
        slides(g, c, ALL, prey, &t);
        t.quiet = bb_or(t.quiet, bb_minus(bb_or(dq_geo.glide_v[c], dq_geo.glide_d[c]), g->occ));
        if (dq_type(code) == DQ_WIZARD)
            jumps(g, c, ALL, prey, &t);
        break;
    case DQ_DRAGON:
        flights(g, c, ALL, prey, &t);
        break;
    case DQ_ELDER:
        flights(g, c, ORTH, prey, &t);
        break;
    case DQ_YOUNGER:
        flights(g, c, DIAG, prey, &t);
        break;
    case DQ_PAWN:
        gen_pawn(g, c, land, prey, &t);
        break;
    case DQ_ELF:
    case DQ_DEFENDER:
        steps(g, dq_geo.fwd_side[g->us][c], land, prey, &t);
        break;
    case DQ_GUARD:
        steps(g, dq_geo.adj[c], dq_geo.palace[g->us], prey, &t);
        break;
    case DQ_LIBRARIAN:
        steps(g, dq_geo.adj[c], land, bb_none(), &t);
        break;
    case DQ_KNIGHT:
        t.quiet = bb_minus(bb_and(dq_geo.leap_n[c], land), g->occ);
        t.capture = bb_and(dq_geo.leap_n[c], prey);
        break;
    case DQ_LKNIGHT:
        t.quiet = bb_minus(bb_and(dq_geo.leap_h[p->variant][c], land), g->occ);
        t.capture = bb_and(dq_geo.leap_h[p->variant][c], prey);
        break;
    case DQ_CROSSBOW:
        slides(g, c, ORTH, bb_none(), &t);
        jumps(g, c, ORTH, prey, &t);
        break;
    case DQ_SIEGE:
        slides(g, c, ORTH, prey, &t);
        jumps(g, c, ORTH, prey, &t);
        break;
    case DQ_BUCCANEER:
        slides(g, c, DIAG, prey, &t);
        break;
    case DQ_RANGER:
        slides(g, c, DIAG, prey, &t);
        jumps(g, c, DIAG, prey, &t);
        break;
    case DQ_TOWER:
    case DQ_TOWERBIRD:
        slides(g, c, ORTH, prey, &t);
        if (dq_type(code) == DQ_TOWERBIRD && g->stage != GEN_NOISY)
            gen_releases(g, c);
        break;
    default: /* the Woodland Princess moves only by her arrows */
        return;
    }
    /* embarking onto an unoccupied vessel is quiet, but for the Prince beside the Warlord */
    if (g->stage != GEN_NOISY || dq_type(code) == DQ_ROYAL)
        dq_embark_targets(g, c, &t);
    dq_gen_targets(g, c, &t);
}

/* Could this move change whether our royal is attacked? Only through a cell of one of its
 * `royal_lines` (the rays, over its land and the sea beyond, on which an enemy force
 * stands: sliders, jumpers, fire creatures, forces aboard, flagships' cannon), unless the
 * royal itself moves (on foot or aboard), the shortcut is off, or a force leaves a vessel
 * of the enemy fleet, which reverts to the enemy's colour and may ram (§4.3). Steppers and
 * leapers are enemy forces we cannot move, a ram needs an enemy-coloured bow already
 * beside the royal, and the Sword and Crystal cases switch the shortcut off. */
static bool may_expose(const DqGen *g, Move m)
{
    if (g->test_all || dq_type(dq_move_piece(m)) == DQ_ROYAL)
        return true;
    int kind = dq_move_kind(m), from = dq_move_from(m), to = dq_move_to(m);
    /* In check, a move may also end the attack from afar: a vessel action (a sail may
     * carry the Red Witch, whose Crystal takes the Prince; a shot sinks a crew), the Red
     * Witch's own move, or the capture of the Ice Dragon (the Forest Talisman goes with
     * him, §6.2.1). */
    if (g->in_check && (kind == DQ_MK_SAIL || kind == DQ_MK_FIRE ||
                        dq_move_piece(m) == dq_code(DQ_WITCH, DQ_STORM) ||
                        dq_move_captured(m) == dq_code(DQ_DRAGON, DQ_FOREST)))
        return true;
    if (kind == DQ_MK_PLANT || kind == DQ_MK_REALIGN)
        return from == g->p->royal[g->us];
    if (kind == DQ_MK_EP && bb_has(g->royal_lines, dq_ep_victim(g->us, to)))
        return true;
    if (dq_geo.kingdom[from] == DQ_OCEAN &&
        (from == g->p->royal[g->us] ||
         (kind == DQ_MK_NORMAL && ((dq_vessel(g->p, from) & DQ_VES_ORIG_FOREST) != 0) != g->us)))
        return true;
    return kind == DQ_MK_TOWERING || kind == DQ_MK_TRIDENT || bb_has(g->royal_lines, from) ||
           bb_has(g->royal_lines, to);
}

void dq_gen_add(DqGen *g, Move m, const Move *extra, int extra_count)
{
    bool base = dq_gen_wants(g, m);
    if (!base && !extra_count)
        return;
    if (!legal(g, m))
        return;
    if (base)
        g->moves[g->n++] = m;
    for (int i = 0; i < extra_count; i++)
        if (dq_gen_wants(g, m | extra[i]))
            g->moves[g->n++] = m | extra[i];
}

/* Is the Red Witch on the grid within two cells of the Prince (so that a Forest move may
 * let her, or the vessel carrying her, reach a cell beside him: a vessel to board, a cell
 * for her vessel to sail to)? */
static bool witch_near(const DqPos *p, int prince)
{
    int witch = dq_code(DQ_WITCH, DQ_STORM);
    if (!p->count[witch])
        return false;
    for (DqBb b = bb_and(p->men[DQ_STORM], dq_geo.grid); bb_any(b);) {
        int c = bb_pop(&b);
        if (p->sq[c] == witch)
            return dq_distance(c, prince) <= 2;
    }
    return false;
}

/* Could the Prince, aboard, land with `/A` and so reach e0 beside the Warlord (§6.2.1)? */
static bool sword_by_afire_possible(const DqPos *p)
{
    int prince = p->royal[DQ_FOREST], warlord = p->royal[DQ_STORM];
    return p->encl[DQ_ENC_WHITEROOM] == 'D' && prince != DQ_NO_CELL &&
           dq_geo.kingdom[prince] == DQ_OCEAN && warlord != DQ_NO_CELL &&
           bb_has(dq_geo.adj[DQ_E0], warlord);
}

/* Only the rays holding an enemy force that could use them can carry an attack after our
 * move: on the royal's land, a slider, jumper or fire creature of the ray's kind (steppers
 * and leapers are not affected by what stands between); over the sea beyond, any force
 * aboard or Flagship crew (their slides, jumps and shots cross water and shore). Moving
 * forces on other rays cannot create a slide, jump, flight or shot. */
static DqBb royal_lines(const DqPos *p, int them, int royal)
{
    DqBb lines = bb_none();
    for (int d = 0; d < DQ_DIRS; d++) {
        DqBb reach = dq_geo.reach[royal][d], enemies = bb_and(reach, p->men[them]);
        if (!bb_any(enemies))
            continue;
        bool uses = bb_meets(enemies, dq_geo.sea[royal][d]);
        for (DqBb b = bb_and(enemies, dq_geo.ray_land[royal][d]); !uses && bb_any(b);)
            uses = dq_attacks_along(p->sq[bb_pop(&b)], dq_dir_diagonal(d));
        if (uses)
            lines = bb_or(lines, reach);
    }
    return lines;
}

/* The moves of our royal, on land or aboard. */
static void gen_royal(DqGen *g, int royal)
{
    if (bb_has(bb_or(dq_geo.land[0], dq_geo.land[1]), royal))
        gen_force(g, royal);
    else
        dq_gen_aboard(g, royal);
}

/* What every pass needs to know of the position before listing, in `g` (its list empty,
 * the stage and the list's memory still to set); false when the side to move has no move
 * at all (a Banner planted, a royal gone).
 *
 * It is kept for the next pass, which is often on the same position: whether any move
 * exists, then its noisy or quiet moves, or a table move checked against its stage. The
 * whole position is compared, so a hit is exact; one copy per thread. */
static bool setup(const DqPos *p, bool every_test, DqGen *g)
{
    if ((p->flags & DQ_FLAG_PLANTED) || p->royal[0] == DQ_NO_CELL || p->royal[1] == DQ_NO_CELL)
        return false;
    static _Thread_local struct {
        DqPos pos;
        DqGen g;
        bool every_test, valid;
    } last;
    if (last.valid && last.every_test == every_test && memcmp(&last.pos, p, sizeof *p) == 0) {
        *g = last.g;
        g->p = p;
        return true;
    }
    *g = (DqGen){.p = p, .us = p->side, .them = !p->side};
    g->occ = bb_or(p->men[0], p->men[1]);
    dq_sea_of(p, g->us, &g->sea);
    int royal = p->royal[g->us], enemy = p->royal[g->them];
    g->royal_lines = royal_lines(p, g->them, royal);
    /* In check, the attack comes from one of those rays, a neighbour or a Knight's leap
     * (the Sword and the Crystal aside, which test every move below): a move that touches
     * none of them leaves it in place. */
    g->in_check = dq_in_check(p);
    if (g->in_check)
        g->royal_lines = bb_or(bb_or(g->royal_lines, dq_geo.adj[royal]),
                               bb_or(dq_geo.leap_n[royal], dq_geo.leap_h[p->variant][royal]));
    /* Every move needs the test when Storm's Prince might reach a cell beside the Warlord
     * (any Storm force may stop guarding it) or Tower beside him, and Forest's when the
     * Red Witch is near the Prince. */
    g->test_all = every_test ||
                  (g->us == DQ_STORM && enemy != DQ_E0 &&
                   (dq_distance(royal, enemy) <= 2 ||
                    (p->flags & (DQ_FLAG_TOWER_A | DQ_FLAG_TOWER_I) && dq_geo.y[royal] <= 2))) ||
                  (g->us == DQ_STORM && sword_by_afire_possible(p)) ||
                  (g->us == DQ_FOREST && witch_near(p, royal));
    g->prey = bb_and(p->men[g->them], dq_geo.grid);
    if (g->us == DQ_STORM && p->encl[DQ_ENC_LIBRARY] == 'Q')
        bb_clear(&g->prey, DQ_E2); /* Northern Light: the Princess is never taken */
    last.pos = *p;
    last.g = *g;
    last.every_test = every_test;
    last.valid = true;
    return true;
}

/* With `any_only`, generation stops as soon as a legal move is found (the list is then a
 * non-empty prefix, good only to tell that the side has a move). */
static int generate(const DqPos *p, Move *moves, GenStage stage, bool every_test, bool any_only)
{
    DqGen g;
    if (!setup(p, every_test, &g))
        return 0;
    g.moves = moves;
    g.stage = stage;
    g.any_only = any_only;
    int royal = p->royal[g.us];
    if (p->flags & DQ_FLAG_TRIDENT) {
        dq_gen_trident(&g); /* §6.13: the only move */
        return g.n;
    }
    DqBb lands = bb_or(dq_geo.land[0], dq_geo.land[1]);
    DqBb mine = bb_and(p->men[g.us], lands), aboard = bb_and(p->men[g.us], dq_geo.ocean);
    /* Looking for any move: in check the royal's own steps are the likeliest answers, so
     * they come first; out of check they come last, since each needs the position made
     * and tested while a plain force's move off the royal's lines is legal as it stands. */
    bool royal_apart = any_only && royal != DQ_E0 && royal != DQ_E16;
    if (royal_apart) {
        bb_clear(&mine, royal);
        bb_clear(&aboard, royal);
        if (g.in_check)
            gen_royal(&g, royal);
    }
    /* Looking for any move, the forces off the royal's lines come first: their moves off
     * those lines are legal as they stand, where the others are made and tested. */
    for (DqBb off = any_only ? bb_minus(mine, g.royal_lines) : bb_none(); bb_any(off) && !g.n;) {
        int c = bb_pop(&off);
        bb_clear(&mine, c);
        gen_force(&g, c);
    }
    while (bb_any(mine) && !(any_only && g.n))
        gen_force(&g, bb_pop(&mine));
    while (bb_any(aboard) && !(any_only && g.n))
        dq_gen_aboard(&g, bb_pop(&aboard));
    if (royal_apart && !g.in_check && !g.n)
        gen_royal(&g, royal);
    if (any_only && g.n)
        return g.n;
    dq_gen_vessels(&g);
    dq_gen_specials(&g);
    dq_gen_springs(&g);
    if (!any_only)
        dq_gen_empress(&g); /* only doubles moves already found */
    return g.n;
}

int dq_gen_moves(const void *pos, Move *moves)
{
    return generate(pos, moves, GEN_ALL, false, false);
}

int dq_gen_noisy(const void *pos, Move *moves)
{
    const DqPos *p = pos;
    return generate(p, moves, GEN_NOISY, false, false);
}

int dq_gen_quiet(const void *pos, Move *moves)
{
    const DqPos *p = pos;
    return generate(p, moves, GEN_QUIET, false, false);
}

int dq_gen_legal_unshortened(const DqPos *p, Move *moves)
{
    return generate(p, moves, GEN_ALL, true, false);
}

bool dq_force_move_legal(const DqPos *p, Move m)
{
    DqGen g;
    if (!setup(p, false, &g) || (p->flags & DQ_FLAG_TRIDENT))
        return false;
    Move moves[MAX_MOVES];
    g.moves = moves;
    g.stage = dq_move_noisy(m) ? GEN_NOISY : GEN_QUIET;
    gen_force(&g, dq_move_from(m));
    for (int i = 0; i < g.n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

bool dq_has_legal_move(const void *pos)
{
    const DqPos *p = pos;
    Move moves[MAX_MOVES];
    return generate(p, moves, GEN_ALL, false, true) > 0;
}
