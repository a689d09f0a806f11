/*
 * Dragon-draughts (Turkish draughts) evaluation, from the side to move's point of view.
 *
 * Terms, each counted for both players:
 * - material: men, and Daimyos worth several men (a flying orthogonal king dominates open
 *   boards and catches stray men);
 * - advance: by the steps a man has taken from its start rank; the last two steps before
 *   promotion are worth most (a man that has left the rows behind it is worth a little
 *   less for the first steps);
 * - runner: a man one step from promotion with its promotion square free;
 * - guard: men still on the home rank (rank 2 for white) keep enemy men from slipping
 *   through to promotion;
 * - support: men with a friendly piece right behind them cannot be jumped from the front;
 * - attacked: pieces the opponent could jump at once (counted for both sides; at a quiet
 *   node the side to move has no capture, so this measures the threats it faces);
 * - mobility: non-capturing moves (men and Daimyos), since a side that runs out of moves
 *   loses and tempo fights decide endgames.
 * A small bonus goes to the side to move.
 *
 * The Daimyo's value, the advance table, the runner and the attacked weight come from a
 * least-squares fit of the terms to the engine's own depth-10 scores of 3,652 quiet
 * positions from self-play (docs/dragondraughts.md).
 */
#include "eval/dragondraughts.h"

#include <stdio.h>

#include "nnue/embed.h"
#include "nnue/nnue.h"

#include "core/eval_table.h"
#include "movegen/dragondraughts/dragondraughts.h"

enum {
    DD_MAN_VALUE = 100,
    DD_KING_VALUE = 340,
    DD_RUNNER = 14,    /* man on the rank before promotion, promotion square free */
    DD_HOME_GUARD = 6, /* per man on the home rank */
    DD_SUPPORTED = 4,  /* per man with an own piece directly behind */
    DD_ATTACKED = 15,  /* per own piece the opponent can jump now */
    DD_MOBILITY = 2,   /* per non-capturing move */
    DD_TEMPO = 10,
};

typedef struct DdTerms {
    int material, advance, runner, guard, support, attacked, mobility;
} DdTerms;

/* Men by steps taken from the start rank toward promotion. */
static const int dd_advance[6] = {0, -8, -2, 2, 54, 141};

static int advance_of(Bb64 men, int player)
{
    int sum = 0;
    while (men) {
        int sq = bb64_pop_lsb(&men);
        int steps = player == P1 ? sq / 8 - 1 : 6 - sq / 8;
        sum += dd_advance[steps < 0 ? 0 : steps > 5 ? 5 : steps];
    }
    return sum;
}

static DdTerms terms_of(const DdPos *p, int player)
{
    DdTerms t;
    Bb64 own = p->pieces[player], men = own & ~p->kings;
    Bb64 home = player == P1 ? DD_RANK_2_BB : DD_RANK_7_BB;
    t.material = bb64_popcount(men) * DD_MAN_VALUE + bb64_popcount(own & p->kings) * DD_KING_VALUE;
    t.advance = advance_of(men, player);
    t.runner = bb64_popcount(dd_runners(p, player)) * DD_RUNNER;
    t.guard = bb64_popcount(men & home) * DD_HOME_GUARD;
    t.support = bb64_popcount(men & dd_shift(own, dd_forward(player))) * DD_SUPPORTED;
    t.attacked = -bb64_popcount(dd_attacked(p, player)) * DD_ATTACKED;
    t.mobility = dd_quiet_count(p, player) * DD_MOBILITY;
    return t;
}

static int total(DdTerms t)
{
    return t.material + t.advance + t.runner + t.guard + t.support + t.attacked + t.mobility;
}

static Score dd_hand_evaluate(const void *pos)
{
    const DdPos *p = pos;
    int us = p->side;
    return total(terms_of(p, us)) - total(terms_of(p, !us)) + DD_TEMPO;
}

void dd_eval_terms(const void *pos, char *buf, size_t size)
{
    const DdPos *p = pos;
    DdTerms w = terms_of(p, P1), b = terms_of(p, P2);
    static const char *const sides[2] = {"white", "black"};
    const EvalRow rows[] = {
        {"material", {w.material, b.material}, false},
        {"advance", {w.advance, b.advance}, false},
        {"runner", {w.runner, b.runner}, false},
        {"guard", {w.guard, b.guard}, false},
        {"support", {w.support, b.support}, false},
        {"attacked", {w.attacked, b.attacked}, false},
        {"mobility", {w.mobility, b.mobility}, false},
        {"sum", {total(w), total(b)}, false},
        {"tempo", {DD_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             dd_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(&dd_nnue, p, buf + n, size - (size_t)n);
}

/* Learned evaluation inputs: the perspective's men, its Daimyos, the enemy's men and the
 * enemy's Daimyos on each of the 64 squares (4 x 64), the board turned for Black. The
 * no-progress count is left out: it decides only long Daimyo endings. */
static int net_features(const void *pos, int perspective, uint16_t *out)
{
    const DdPos *p = pos;
    Bb64 own = p->pieces[perspective], enemy = p->pieces[!perspective];
    int n = nnue_squares64(own & ~p->kings, perspective, 0, out, 0);
    n = nnue_squares64(own & p->kings, perspective, 64, out, n);
    n = nnue_squares64(enemy & ~p->kings, perspective, 128, out, n);
    return nnue_squares64(enemy & p->kings, perspective, 192, out, n);
}

NNUE_EMBED(dragondraughts_net)

NnueSlot dd_nnue = {
    .game = "dragondraughts",
    .feature_count = 4 * 64,
    .max_active = 64,
    .default_hidden = 128,
    .features = net_features,
    .side_to_move = dd_side,
    .hand = dd_hand_evaluate,
    .embedded = NNUE_EMBEDDED(dragondraughts_net),
};

Score dd_evaluate(const void *pos) { return nnue_or_hand(&dd_nnue, pos); }
