/*
 * Move ordering in stages (after Ethereal's move picker): a node asks for its moves one
 * at a time, and each stage generates only what it hands out, so a node that cuts off
 * early never lists the moves it did not need.
 *
 * Stages, walked forward in the order of PickStage: the table move (checked with the
 * game's move_is_legal, nothing generated); the noisy moves the game rates as gains
 * (noisy_order >= 0), best first; the two killers and the counter move; the quiet moves by
 * history (generated on entry); last the noisy moves the game rates as losses. Where
 * move_is_legal has to consult the generator (Game.move_is_legal_cheap is false), the
 * quiet moves are generated when the good noisy moves end, and the killers are taken from
 * that list. Once the search prunes the quiet moves (movepick_skip_quiets), the walk
 * jumps forward to the bad noisy moves. In quiescence only the table move and the noisy moves come
 * out; at the root the given list comes out in its order (the previous iteration's ranking).
 *
 * Lists live in the thread's arena, one slice per ply: the noisy moves at the front, the
 * quiet moves after them.
 */
#pragma once

#include "search/worker.h"

typedef enum {
    PICK_TABLE,
    PICK_GEN_NOISY,
    PICK_GOOD_NOISY,
    PICK_KILLER_1,
    PICK_KILLER_2,
    PICK_COUNTER,
    PICK_QUIET,
    PICK_BAD_NOISY,
    PICK_DONE,
    PICK_LIST, /* the root's list, in order */
} PickStage;

typedef struct MovePicker {
    SearchThread *thread;
    const void *pos;
    int ply;
    PickStage stage;
    bool noisy_only;   /* quiescence: the table move and the noisy moves */
    bool skip_quiets;  /* pruned before the quiet stages began: skip them */
    bool quiets_ready; /* the quiet moves are in the list */
    bool noisy_ready;
    bool tt_in_noisy; /* the table move was among the noisy moves listed (so it is legal) */
    Move *moves;
    int *scores;
    int noisy_count; /* moves[0, noisy_count) are the noisy moves */
    int count;       /* moves[noisy_count, count) are the quiet moves, once generated */
    int next;        /* the next move of the current stage's range */
    int bad_next;    /* the first bad noisy move not yet handed out */
    Move tt_move, counter;
    Move served[3]; /* killers and counter handed out, not to repeat from the list */
    int served_count;
    const int16_t *history; /* the side to move's history */
    bool last_noisy;        /* of the move last returned */
    int last_history;       /* its history score (quiet moves), for reductions */
} MovePicker;

/* `tt_move` may be anything (MOVE_NONE, a torn table entry): it is checked before use. */
void movepick_init(MovePicker *mp, SearchThread *t, int ply, Move tt_move, bool noisy_only);
/* Hands out the moves the caller then appends with movepick_add, in that order (the root). */
void movepick_init_list(MovePicker *mp, SearchThread *t, int ply);
void movepick_add(MovePicker *mp, Move move);
/* The table move, once it is known, when the picker was started without it (noisy moves
 * listed before the table was read); it leaves a noisy list already made. */
void movepick_set_tt_move(MovePicker *mp, Move tt_move);
/* The number of noisy moves besides the table move, generating them now if they are not
 * yet. */
int movepick_noisy_count(MovePicker *mp);
/* Whether the position has a noisy move, the table move included. */
bool movepick_has_noisy(MovePicker *mp);
/* The search prunes every further quiet move: none is generated or handed out. */
void movepick_skip_quiets(MovePicker *mp);
/* The next move, MOVE_NONE when there is none left. */
Move movepick_next(MovePicker *mp);
