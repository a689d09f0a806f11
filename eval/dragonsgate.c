/*
 * Dragon's Gate evaluation, from the side to move's point of view.
 *
 * Terms, each counted for both players:
 * - material: Dragons on the board;
 * - advance: the race to the gate, growing with the square of the rank, since a Dragon
 *   near the goal ties down far more defence than one at home;
 * - blocked: Dragons with no forward move at all (every step and fly shut); such a
 *   Dragon's file is jammed, and a player whose Dragons are all blocked has lost;
 * - threat: enemy Dragons this player could take by withdrawal if it were to move (contact
 *   is mutual, so what counts is who has the empty square behind);
 * - runner: safe runners, Dragons with no enemy anywhere in the cone in front of them (the
 *   squares an enemy would need to reach to block or take them), more the farther on;
 * - gate: the player can pass the gate with its next move; such a Dragon stands on its
 *   seventh rank, where nothing can take it (the squares behind its attackers are off the
 *   board), so only a full blockade or a faster win stops it;
 * - race: the player whose nearest safe runner reaches the gate first, counting who moves.
 */
#include "eval/dragonsgate.h"

#include <stdio.h>

#include "nnue/embed.h"
#include "nnue/nnue.h"

#include "core/eval_table.h"
#include "movegen/dragonsgate/dragonsgate.h"

enum {
    DG_ADVANCE_STEP = 3, /* times the relative rank squared */
    DG_BLOCKED = -15,    /* per Dragon with no forward move */
    DG_THREAT = 25,      /* per enemy Dragon open to a withdrawal */
    DG_AT_GATE = 400,    /* a move through the gate is ready */
    DG_RACE = 150,       /* the nearest safe runner arrives first */
    DG_TEMPO = 8,        /* the side to move takes first in every mutual contact */
    DG_NO_RUNNER = 8,    /* distance used when a player has no safe runner */
};

/* Bonus for a safe runner by relative rank (0 home row, 7 goal row). */
static const int DG_RUNNER_BONUS[8] = {0, 0, 5, 15, 35, 70, 140, 0};

typedef struct DgTerms {
    int material, advance, blocked, threat, runner, gate, race;
    int runner_distance; /* moves the nearest safe runner needs to the gate */
} DgTerms;

/* Dragons of `player` that have a step or a fly forward. */
static Bb64 movable(Bb64 own, Bb64 enemy, int player)
{
    Bb64 empty = ~(own | enemy), can = 0;
    for (int i = 0; i < DG_DIRS; i++) {
        DgDir back = dg_opposite(dg_forward(player, i));
        can |= own & dg_shift(empty, back);
        can |= own & dg_shift(own & dg_shift(empty, back), back);
    }
    return can;
}

static DgTerms terms_of(const DgPos *p, int player)
{
    DgTerms t = {0};
    Bb64 own = p->dragons[player], enemy = p->dragons[!player];
    t.material = bb64_popcount(own) * DG_DRAGON_VALUE;
    t.blocked = bb64_popcount(own & ~movable(own, enemy, player)) * DG_BLOCKED;
    t.threat = bb64_popcount(dg_capturable(own, enemy, player)) * DG_THREAT;
    t.gate = dg_goal_reach(own, enemy, player) ? DG_AT_GATE : 0;
    t.runner_distance = DG_NO_RUNNER;
    for (Bb64 b = own; b;) {
        int sq = bb64_pop_lsb(&b), rank = dg_rel_rank(sq, player);
        t.advance += rank * rank * DG_ADVANCE_STEP;
        if (!(dg_front_cone[player][sq] & enemy)) {
            t.runner += DG_RUNNER_BONUS[rank];
            if (7 - rank < t.runner_distance)
                t.runner_distance = 7 - rank;
        }
    }
    return t;
}

static int total(DgTerms t)
{
    return t.material + t.advance + t.blocked + t.threat + t.runner + t.gate + t.race;
}

/* Terms of both players; the race goes to the side to move on equal distance, since it
 * arrives a ply earlier. */
static void terms_both(const DgPos *p, DgTerms *t)
{
    int us = p->side, them = !us;
    t[P1] = terms_of(p, P1);
    t[P2] = terms_of(p, P2);
    int du = t[us].runner_distance, dt = t[them].runner_distance;
    if (du < DG_NO_RUNNER && du <= dt)
        t[us].race = DG_RACE;
    else if (dt < du)
        t[them].race = DG_RACE;
}

static Score dragonsgate_hand_evaluate(const void *vp)
{
    const DgPos *p = vp;
    DgTerms t[2];
    terms_both(p, t);
    return total(t[p->side]) - total(t[!p->side]) + DG_TEMPO;
}

void dragonsgate_eval_terms(const void *vp, char *buf, size_t size)
{
    const DgPos *p = vp;
    DgTerms t[2];
    terms_both(p, t);
    const DgTerms w = t[P1], b = t[P2];
    static const char *const sides[2] = {"white", "black"};
    const EvalRow rows[] = {
        {"material", {w.material, b.material}, false},
        {"advance", {w.advance, b.advance}, false},
        {"blocked", {w.blocked, b.blocked}, false},
        {"threat", {w.threat, b.threat}, false},
        {"runner", {w.runner, b.runner}, false},
        {"gate", {w.gate, b.gate}, false},
        {"race", {w.race, b.race}, false},
        {"tempo", {DG_TEMPO, 0}, true},
    };
    int n = eval_table_write(buf, size, sides, rows, (int)(sizeof rows / sizeof *rows),
                             dragonsgate_hand_evaluate(p));
    if (n >= 0 && (size_t)n < size)
        nnue_describe(&dragonsgate_nnue, p, buf + n, size - (size_t)n);
}

/* Learned evaluation inputs: a Dragon of the perspective's side or of the enemy on each
 * of the 64 squares (2 x 64), the board turned for North. */
static int net_features(const void *pos, int perspective, uint16_t *out)
{
    const DgPos *p = pos;
    int n = nnue_squares64(p->dragons[perspective], perspective, 0, out, 0);
    return nnue_squares64(p->dragons[!perspective], perspective, 64, out, n);
}

NNUE_EMBED(dragonsgate_net)

NnueSlot dragonsgate_nnue = {
    .game = "dragonsgate",
    .feature_count = 2 * 64,
    .max_active = 64,
    .default_hidden = 128,
    .features = net_features,
    .side_to_move = dg_side,
    .hand = dragonsgate_hand_evaluate,
    .embedded = NNUE_EMBEDDED(dragonsgate_net),
};

Score dragonsgate_evaluate(const void *pos) { return nnue_or_hand(&dragonsgate_nnue, pos); }
