/*
 * Three Dragons evaluation (all three variants), from the side to move's point of view.
 *
 * Terms, per side: material (in the strength variants a piece is worth more the stronger
 * it is: it can take more, and fewer enemies can take it by strength); mobility (rook
 * moves); capture threats (enemy pieces this side could take with its next move,
 * custodially or by strength; the side to move can carry one of them out at once, so it
 * gets a bonus when it has any); and, in the dragons variant, cave control (own pieces
 * around a cave that is still untamed and that the opponent does not contest).
 *
 * The base game, where captures are custodial only and a side can shut itself into a
 * position that cannot be captured, adds two terms to find play before that happens:
 * pressure (squares one move away that touch an enemy piece: a piece is only ever taken
 * by a piece landing beside it) and forks (the side not to move threatening two or more
 * pieces, which one move rarely parries and quiescence, seeing captures only, misses).
 * In the strength variants, where contact alone threatens, both terms made the search
 * tree several times larger (bench: 3.4 and 3.7 million nodes instead of 0.9 and 1.0),
 * and without them the one-ply search already lost every game there.
 */
#include "eval/threedragons.h"

#include <stdio.h>

#include "core/eval_table.h"
#include "eval/threedragons_net.h"
#include "movegen/threedragons/threedragons.h"
#include "nnue/nnue.h"

enum {
    TD_MAN_VALUE = 100,     /* a piece of the base game, and of strength 3 */
    TD_MOBILITY = 2,        /* per rook move */
    TD_THREAT = 15,         /* per enemy piece this side could take with one move */
    TD_THREAT_ON_MOVE = 40, /* the side to move has a capture to make now */
    TD_FORK = 60,           /* the side not to move threatens two or more pieces at once */
    TD_PRESSURE = 4,        /* per square one move away that touches an enemy piece */
    TD_TEMPO = 10,
};

/* Piece value by strength 1..6 (index 0 unused). */
static const int STRENGTH_VALUE[TD_MAX_STRENGTH + 1] = {0, 70, 85, 100, 115, 130, 145};

/* Untamed cave with `n` own pieces around it and no enemy one: closer to a dragon (four
 * never stays untamed: the fourth piece tames it). */
static const int CAVE_RING[TD_DIRS + 1] = {0, 4, 14, 40, 0};

typedef struct TdTerms {
    int material, mobility, pressure, threats, caves;
} TdTerms;

static int material_of(const TdPos *p, int player)
{
    if (!td_has_strength(p))
        return bb128_popcount(p->men[player]) * TD_MAN_VALUE;
    int sum = 0;
    for (int s = 1; s <= TD_MAX_STRENGTH; s++)
        sum += bb128_popcount(p->men[player] & p->strength[s - 1]) * STRENGTH_VALUE[s];
    return sum;
}

/* Enemy pieces `player` could take with one move (custodially or by strength). */
static Bb128 threatened_by(const TdPos *p, int player, Bb128 empty)
{
    Bb128 reach = td_rook_reach(p->men[player], empty), victims = 0;
    for (int dir = 0; dir < TD_DIRS; dir++)
        victims |= td_shift(reach & td_custodial_landings(p, player, dir), dir);
    if (!td_has_strength(p))
        return victims;
    Bb128 weaker = 0;
    for (int s = 1; s <= TD_MAX_STRENGTH; s++) {
        Bb128 pieces = p->men[player] & p->strength[s - 1];
        if (pieces && weaker)
            victims |= td_neighbours(td_rook_reach(pieces, empty)) & weaker & p->men[!player];
        weaker |= p->strength[s - 1];
    }
    return victims;
}

static int caves_of(const TdPos *p, int player)
{
    if (p->variant != TD_DRAGONS)
        return 0;
    int sum = 0;
    for (int c = 0; c < TD_CAVE_COUNT; c++) {
        Bb128 ring = td_cave_neighbours(c);
        if (!(p->tamed >> c & 1) && !(ring & p->men[!player]))
            sum += CAVE_RING[bb128_popcount(ring & p->men[player])];
    }
    return sum;
}

static TdTerms terms_of(const TdPos *p, int player)
{
    TdTerms t;
    Bb128 empty = TD_BOARD & ~td_blockers(p);
    t.material = material_of(p, player);
    t.mobility = td_rook_move_count(p->men[player], empty) * TD_MOBILITY;
    t.pressure = 0;
    if (!td_has_strength(p)) {
        Bb128 reach = td_rook_reach(p->men[player], empty);
        t.pressure = bb128_popcount(reach & td_neighbours(p->men[!player])) * TD_PRESSURE;
    }
    int threatened = bb128_popcount(threatened_by(p, player, empty));
    t.threats = threatened * TD_THREAT;
    if (threatened && player == p->side)
        t.threats += TD_THREAT_ON_MOVE;
    if (threatened >= 2 && player != p->side && !td_has_strength(p))
        t.threats += TD_FORK;
    t.caves = caves_of(p, player);
    return t;
}

static int total(TdTerms t) { return t.material + t.mobility + t.pressure + t.threats + t.caves; }

Score td_hand_evaluate(const void *vp)
{
    const TdPos *p = vp;
    int us = p->side;
    return total(terms_of(p, us)) - total(terms_of(p, !us)) + TD_TEMPO;
}

/* A board as `perspective` sees it: P2's with its ranks turned. */
static Bb128 seen_by(Bb128 b, int perspective)
{
    return perspective ? nnue_turn128(b, TD_FILES, TD_RANKS) : b;
}

/* The inputs as boards, seen by `perspective`: the base game's men of each side and the
 * men each side could take with one move; the strength variants' men of each side and
 * strength, and the dragons variant's tamed dragons as the first squares of one more
 * board (input TD_NET_STRENGTH_INPUTS + cave). */
int td_net_planes(const void *pos, int perspective, Bb128 *out)
{
    const TdPos *p = pos;
    if (!td_has_strength(p)) {
        Bb128 empty = TD_BOARD & ~td_blockers(p);
        out[0] = seen_by(p->men[perspective], perspective);
        out[1] = seen_by(p->men[!perspective], perspective);
        out[2] = seen_by(threatened_by(p, !perspective, empty), perspective);
        out[3] = seen_by(threatened_by(p, perspective, empty), perspective);
        return 4;
    }
    Bb128 own = seen_by(p->men[perspective], perspective);
    Bb128 enemy = seen_by(p->men[!perspective], perspective);
    for (int s = 0; s < TD_MAX_STRENGTH; s++) {
        Bb128 strength = seen_by(p->strength[s], perspective);
        out[s] = strength & own;
        out[TD_MAX_STRENGTH + s] = strength & enemy;
    }
    if (p->variant != TD_DRAGONS)
        return 2 * TD_MAX_STRENGTH;
    out[2 * TD_MAX_STRENGTH] = (Bb128)(p->tamed & ((1u << TD_CAVE_COUNT) - 1));
    return 2 * TD_MAX_STRENGTH + 1;
}

int td_net_features(const void *pos, int perspective, uint16_t *out)
{
    Bb128 planes[NNUE_PLANES_MAX];
    return nnue_planes_list(planes, td_net_planes(pos, perspective, planes), TD_NET_SQUARES, out);
}

int td_net_side(const void *pos) { return ((const TdPos *)pos)->side; }

NNUE_EMBED(threedragons_net)

NnueSlot threedragons_nnue = TD_NET_SLOT("threedragons", TD_NET_BASE_INPUTS, threedragons_net);

/* The rule set's slot: the position knows which game read it. */
static const NnueSlot *td_slot(const TdPos *p)
{
    static const NnueSlot *const slots[] = {[TD_BASE] = &threedragons_nnue,
                                            [TD_STRENGTH] = &threedragons_strength_nnue,
                                            [TD_DRAGONS] = &threedragons_dragons_nnue};
    return slots[p->variant];
}

Score td_evaluate(const void *pos) { return nnue_or_hand(td_slot(pos), pos); }

void td_eval_terms(const void *vp, char *buf, size_t size)
{
    const TdPos *p = vp;
    TdTerms w = terms_of(p, P1), b = terms_of(p, P2);
    static const char *const sides[2] = {"white", "black"};
    const EvalRow rows[] = {
        {"material", {w.material, b.material}, false},
        {"mobility", {w.mobility, b.mobility}, false},
        {"pressure", {w.pressure, b.pressure}, false},
        {"threats", {w.threats, b.threats}, false},
        {"caves", {w.caves, b.caves}, false},
        {"tempo", {TD_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             td_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(td_slot(p), p, buf + n, size - (size_t)n);
}
