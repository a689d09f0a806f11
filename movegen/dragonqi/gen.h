/*
 * Internal to the DragonQi move generator: the state one generation pass shares between
 * movegen.c (forces on land), ocean.c (embarking and the forces aboard vessels), vessel.c
 * (vessel actions) and special.c (Towering/Castling, arrows, releases, planting). Every
 * move is tested for legality (§7.3) as it is added.
 */
#pragma once

#include "movegen/dragonqi/dragonqi.h"

/* Moves a force could make from a given cell: quiet destinations and captures. */
typedef struct Targets {
    DqBb quiet, capture;
} Targets;

typedef struct DqGen {
    const DqPos *p;
    int us, them;
    DqBb occ;  /* every force, e0/e16 included (on water: the occupants) */
    DqBb prey; /* enemy forces on the grid that our forces may capture in general */
    DqSea sea; /* vessels seen by our forces */
    /* Legality shortcut: unless `test_all`, a move by another force than the royal that
     * changes no cell of `royal_lines` cannot expose it (see may_expose). */
    bool test_all;
    bool in_check; /* the royal is attacked now: moves that cannot change it are illegal */
    DqBb royal_lines;
    GenStage stage; /* GEN_NOISY keeps only dq_move_noisy() moves, GEN_QUIET only the rest */
    bool any_only;  /* one legal move is enough (whether the side has a move at all) */
    Move *moves;
    int n;
} DqGen;

/* The enemy cells this force may capture: the general prey minus its own exceptions. */
DqBb dq_prey_of(const DqGen *g, int code);

/* Whether the pass keeps `m` (all moves, or those of its stage). */
static inline bool dq_gen_wants(const DqGen *g, Move m)
{
    return g->stage == GEN_ALL || dq_move_noisy(m) == (g->stage == GEN_NOISY);
}

/* Adds `m` and its variants `m | extra[i]` if the move is legal (and of the pass's stage). */
void dq_gen_add(DqGen *g, Move m, const Move *extra, int extra_count);
/* Adds the moves of the force on `from` to every target (captures included). */
void dq_gen_targets(DqGen *g, int from, const Targets *t);

void dq_gen_specials(DqGen *g);

/* events.c: does the landing of `code` from `from` onto `to` offer `/A` (§6.2)? The
 * springing of an alerted Librarian/Jailer (§6.4), and the `/E` pass over Storm's finished
 * list (§6.2.4). */
bool dq_afire_trigger(const DqPos *p, int code, int from, int to);
void dq_gen_springs(DqGen *g);
void dq_gen_empress(DqGen *g);

/* ocean.c: embarking from land (added to a land force's targets) and the forces aboard. */
void dq_embark_targets(const DqGen *g, int c, Targets *t);
void dq_gen_aboard(DqGen *g, int c);

/* vessel.c: sail, ram, re-align, fire, and the Trident opening. */
void dq_gen_vessels(DqGen *g);
void dq_gen_trident(DqGen *g);
