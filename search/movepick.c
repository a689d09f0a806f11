#include "search/movepick.h"

enum {
    ORDER_TT = 1 << 30,
    ORDER_NOISY = 1 << 26,
    ORDER_KILLER = 1 << 24,
};

void movepick_init(MovePicker *mp, SearchThread *t, int ply, Move *moves, int count,
                   Move tt_move, bool in_order)
{
    mp->thread = t;
    mp->ply = ply;
    mp->moves = moves;
    mp->count = count;
    mp->next = 0;
    mp->in_order = in_order;
    mp->scored = false;
    mp->tt_move = in_order ? MOVE_NONE : tt_move;
}

/* Scores the moves from `next` on. */
static void score_moves(MovePicker *mp)
{
    SearchThread *t = mp->thread;
    int ply = mp->ply;
    const Game *g = t->game;
    const void *pos = t->stack + (size_t)ply * g->pos_size;
    int side = g->side_to_move(pos);
    const int16_t *hist = t->history + (size_t)side * g->move_index_count;
    Move counter = MOVE_NONE;
    if (ply > 0 && t->current_move[ply - 1] != MOVE_NONE)
        counter = t->counter_moves[g->move_index(t->stack + (size_t)(ply - 1) * g->pos_size,
                                                 t->current_move[ply - 1])];
    Move tt_move = mp->tt_move;
    for (int i = mp->next; i < mp->count; i++) {
        Move m = mp->moves[i];
        mp->noisy[i] = g->is_noisy(pos, m);
        mp->history[i] = mp->noisy[i] ? 0 : hist[g->move_index(pos, m)];
        if (m == tt_move)
            mp->scores[i] = ORDER_TT;
        else if (mp->noisy[i])
            mp->scores[i] = ORDER_NOISY + g->noisy_order(pos, m);
        else if (m == t->killers[ply][0])
            mp->scores[i] = ORDER_KILLER + 2;
        else if (m == t->killers[ply][1])
            mp->scores[i] = ORDER_KILLER + 1;
        else if (m == counter)
            mp->scores[i] = ORDER_KILLER;
        else
            mp->scores[i] = mp->history[i];
    }
}

static void swap(MovePicker *mp, int a, int b)
{
    Move m = mp->moves[a];
    int s = mp->scores[a], h = mp->history[a];
    bool noisy = mp->noisy[a];
    mp->moves[a] = mp->moves[b], mp->scores[a] = mp->scores[b];
    mp->history[a] = mp->history[b], mp->noisy[a] = mp->noisy[b];
    mp->moves[b] = m, mp->scores[b] = s, mp->history[b] = h, mp->noisy[b] = noisy;
}

Move movepick_next(MovePicker *mp)
{
    if (mp->next >= mp->count)
        return MOVE_NONE;
    if (mp->tt_move != MOVE_NONE) {
        Move tt_move = mp->tt_move;
        mp->tt_move = MOVE_NONE;
        for (int i = 0; i < mp->count; i++)
            if (mp->moves[i] == tt_move) {
                const Game *g = mp->thread->game;
                const void *pos = mp->thread->stack + (size_t)mp->ply * g->pos_size;
                mp->moves[i] = mp->moves[0];
                mp->moves[0] = tt_move;
                mp->next = 1;
                mp->last_noisy = g->is_noisy(pos, tt_move);
                mp->last_history = 0;
                return tt_move;
            }
    }
    if (!mp->scored) {
        score_moves(mp);
        mp->scored = true;
    }
    int best = mp->next;
    if (!mp->in_order)
        for (int i = mp->next + 1; i < mp->count; i++)
            if (mp->scores[i] > mp->scores[best])
                best = i;
    int n = mp->next++;
    swap(mp, best, n);
    mp->last_noisy = mp->noisy[n];
    mp->last_history = mp->history[n];
    return mp->moves[n];
}
