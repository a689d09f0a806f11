/*
 * Internal to the DragonQi move generator: the state one generation pass shares between
 * movegen.c (forces moving by their own powers) and special.c (Towering/Castling, arrows,
 * releases, planting). Every move is tested for legality (§7.3) as it is added.
 */
#pragma once

#include "movegen/dragonqi/dragonqi.h"

typedef struct DqGen {
    const DqPos *p;
    int us, them;
    DqBb occ;  /* every force, e0/e16 included */
    DqBb prey; /* enemy forces on the grid that our forces may capture in general */
    /* Legality shortcut: unless `test_all`, a move by another force than the royal that
     * changes no cell of `royal_lines` cannot expose it (see may_expose). */
    bool test_all;
    DqBb royal_lines;
    bool noisy_only; /* keep only dq_move_noisy() moves (the quiescence search's) */
    Move *moves;
    int n;
} DqGen;

/* Adds `m` and its variants `m | extra[i]` if the move is legal (and, with noisy_only,
 * those of them that are noisy). */
void dq_gen_add(DqGen *g, Move m, const Move *extra, int extra_count);

void dq_gen_specials(DqGen *g);
