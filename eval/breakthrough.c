/*
 * Breakthrough evaluation, from the side to move's point of view.
 *
 * Terms: material; advancement (a runner near the goal row is worth far more than one at
 * home, growing quadratically); home-row guards (men left on the home row stop
 * breakthroughs); and a bonus for men on their last step that no enemy can capture.
 */
#include <stdio.h>

#include "movegen/breakthrough/breakthrough.h"

enum {
    BT_MAN_VALUE = 100,
    BT_ADVANCE_STEP = 4,   /* times rank squared */
    BT_HOME_GUARD = 12,    /* per man still on the home row */
    BT_SAFE_RUNNER = 400,  /* man one step from the goal that cannot be taken */
    BT_TEMPO = 10,
};

typedef struct BtTerms {
    int material, advance, guard, runner;
} BtTerms;

static int advance_of(Bb64 men, int player)
{
    int sum = 0;
    while (men) {
        int sq = bb64_pop_lsb(&men);
        int r = player == P1 ? sq / 8 : 7 - sq / 8;
        sum += r * r;
    }
    return sum * BT_ADVANCE_STEP;
}

static BtTerms terms_of(const BtPos *p, int player)
{
    BtTerms t;
    Bb64 men = p->men[player];
    Bb64 home = player == P1 ? BT_RANK_1_BB : BT_RANK_8_BB;
    Bb64 last = player == P1 ? 0x00FF000000000000ULL : 0x000000000000FF00ULL;
    Bb64 enemy_attacks = bt_attacks(p->men[!player], !player);
    t.material = bb64_popcount(men) * BT_MAN_VALUE;
    t.advance = advance_of(men, player);
    t.guard = bb64_popcount(men & home) * BT_HOME_GUARD;
    t.runner = bb64_popcount(men & last & ~enemy_attacks) * BT_SAFE_RUNNER;
    return t;
}

static int total(BtTerms t) { return t.material + t.advance + t.guard + t.runner; }

void breakthrough_eval_init(void) {}

Score breakthrough_evaluate(const void *vp)
{
    const BtPos *p = vp;
    int us = p->side;
    return total(terms_of(p, us)) - total(terms_of(p, !us)) + BT_TEMPO;
}

void breakthrough_eval_terms(const void *vp, char *buf, size_t size)
{
    const BtPos *p = vp;
    BtTerms w = terms_of(p, P1), b = terms_of(p, P2);
    snprintf(buf, size,
             "term      white  black\n"
             "material  %5d  %5d\n"
             "advance   %5d  %5d\n"
             "guard     %5d  %5d\n"
             "runner    %5d  %5d\n"
             "tempo     %d for the side to move\n"
             "total     %d (side to move)\n",
             w.material, b.material, w.advance, b.advance, w.guard, b.guard, w.runner,
             b.runner, BT_TEMPO, breakthrough_evaluate(p));
}
