/*
 * Move ordering: scores a node's moves once and hands them out best first.
 *
 * Order: the table move; noisy moves by the game's noisy_order; the two killers and the
 * counter move; the remaining quiet moves by history. At the root the moves come in the
 * given order (the previous iteration's ranking). The table move is handed out before the
 * others are scored, since it often ends the node at once.
 */
#pragma once

#include "search/thread.h"

typedef struct MovePicker {
    SearchThread *thread;
    int ply;
    Move *moves;
    Move tt_move;
    int count, next;
    bool in_order, scored;
    int scores[MAX_MOVES];
    int history[MAX_MOVES];
    bool noisy[MAX_MOVES];
    bool last_noisy;     /* of the move last returned */
    int last_history;    /* its history score (quiet moves), for reductions */
} MovePicker;

void movepick_init(MovePicker *mp, SearchThread *t, int ply, Move *moves, int count,
                   Move tt_move, bool in_order);
Move movepick_next(MovePicker *mp);
