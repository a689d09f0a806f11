#include "search/movepick.h"

static inline const Game *game_of(const MovePicker *mp) { return mp->thread->game; }

static void init_common(MovePicker *mp, SearchThread *t, int ply)
{
    const Game *g = t->game;
    size_t slice = (size_t)ply * (size_t)g->max_moves;
    mp->thread = t;
    mp->ply = ply;
    mp->pos = t->positions + (size_t)ply * g->pos_size;
    mp->moves = t->arena_moves + slice;
    mp->scores = t->arena_scores + slice;
    mp->noisy_count = mp->count = mp->next = mp->bad_next = 0;
    mp->noisy_ready = mp->quiets_ready = mp->tt_in_noisy = false;
    mp->skip_quiets = false;
    mp->served_count = 0;
    mp->tt_move = mp->counter = MOVE_NONE;
    mp->history = t->history + (size_t)g->side_to_move(mp->pos) * g->move_index_count;
    mp->last_noisy = false;
    mp->last_history = 0;
}

void movepick_init(MovePicker *mp, SearchThread *t, int ply, Move tt_move, bool noisy_only)
{
    init_common(mp, t, ply);
    mp->stage = PICK_TABLE;
    mp->noisy_only = noisy_only;
    mp->tt_move = tt_move;
    /* The move that last refuted the opponent's previous move, read now: the table is
     * indexed by that move alone, so the node's own subtrees may overwrite the entry
     * before the picker reaches it. A noisy-only picker never gets that far. */
    if (!noisy_only && ply > 0 && t->stack[ply - 1].move != MOVE_NONE) {
        const Game *g = t->game;
        const void *prev = t->positions + (size_t)(ply - 1) * g->pos_size;
        mp->counter = t->counter_moves[g->move_index(prev, t->stack[ply - 1].move)];
    }
}

void movepick_init_list(MovePicker *mp, SearchThread *t, int ply)
{
    init_common(mp, t, ply);
    mp->stage = PICK_LIST;
    mp->noisy_only = false;
}

void movepick_add(MovePicker *mp, Move move) { mp->moves[mp->count++] = move; }

/* Removes moves[i] from the range [i, *end) by moving the range's last move into it. */
static void drop(MovePicker *mp, int i, int *end)
{
    (*end)--;
    mp->moves[i] = mp->moves[*end];
    mp->scores[i] = mp->scores[*end];
}

/* Takes the table move out of the noisy list, where the table stage hands it out, and
 * notes that it was there (so it is legal). */
static void take_out_table_move(MovePicker *mp)
{
    int n = mp->noisy_count;
    for (int i = 0; i < n && mp->tt_move != MOVE_NONE; i++)
        if (mp->moves[i] == mp->tt_move) {
            drop(mp, i, &n);
            mp->tt_in_noisy = true;
            break;
        }
    mp->noisy_count = mp->count = n;
}

int movepick_noisy_count(MovePicker *mp)
{
    if (mp->noisy_ready)
        return mp->noisy_count;
    const Game *g = game_of(mp);
    int n = g->gen_noisy(mp->pos, mp->moves);
    for (int i = 0; i < n; i++)
        mp->scores[i] = g->noisy_order(mp->pos, mp->moves[i]);
    mp->noisy_count = mp->count = n;
    mp->noisy_ready = true;
    take_out_table_move(mp);
    return mp->noisy_count;
}

bool movepick_has_noisy(MovePicker *mp) { return movepick_noisy_count(mp) > 0 || mp->tt_in_noisy; }

void movepick_set_tt_move(MovePicker *mp, Move tt_move)
{
    mp->tt_move = tt_move;
    if (mp->noisy_ready)
        take_out_table_move(mp);
}

/* The index of the best-scored move in [from, end). */
static int best_index(const MovePicker *mp, int from, int end)
{
    int best = from;
    for (int i = from + 1; i < end; i++)
        if (mp->scores[i] > mp->scores[best])
            best = i;
    return best;
}

static void swap(MovePicker *mp, int a, int b)
{
    Move m = mp->moves[a];
    int s = mp->scores[a];
    mp->moves[a] = mp->moves[b], mp->scores[a] = mp->scores[b];
    mp->moves[b] = m, mp->scores[b] = s;
}

static bool already_served(const MovePicker *mp, Move m)
{
    if (m == mp->tt_move)
        return true;
    for (int i = 0; i < mp->served_count; i++)
        if (mp->served[i] == m)
            return true;
    return false;
}

static void generate_quiets(MovePicker *mp)
{
    const Game *g = game_of(mp);
    int start = mp->noisy_count;
    int end = start + g->gen_quiet(mp->pos, mp->moves + start);
    for (int i = start; i < end; i++) {
        if (already_served(mp, mp->moves[i])) {
            drop(mp, i--, &end);
            continue;
        }
        mp->scores[i] = mp->history[g->move_index(mp->pos, mp->moves[i])];
    }
    mp->count = end;
    mp->next = start;
    mp->quiets_ready = true;
}

/* A killer or counter move, if it is a legal quiet move not handed out yet. */
static bool take_quiet(MovePicker *mp, Move m)
{
    const Game *g = game_of(mp);
    if (m == MOVE_NONE || already_served(mp, m))
        return false;
    if (mp->quiets_ready) {
        for (int i = mp->next; i < mp->count; i++)
            if (mp->moves[i] == m) {
                drop(mp, i, &mp->count);
                mp->served[mp->served_count++] = m;
                return true;
            }
        return false;
    }
    if (!g->move_is_legal(mp->pos, m) || g->is_noisy(mp->pos, m))
        return false;
    mp->served[mp->served_count++] = m;
    return true;
}

static Move hand_out(MovePicker *mp, Move m, bool noisy)
{
    mp->last_noisy = noisy;
    mp->last_history = noisy ? 0 : mp->history[game_of(mp)->move_index(mp->pos, m)];
    return m;
}

void movepick_skip_quiets(MovePicker *mp)
{
    /* Past the good noisy moves (where the search prunes), straight to the bad ones. */
    if (mp->stage > PICK_GOOD_NOISY && mp->stage < PICK_BAD_NOISY)
        mp->stage = PICK_BAD_NOISY;
    else
        mp->skip_quiets = true;
}

/* The stages run forward only, in the order of PickStage. */
Move movepick_next(MovePicker *mp)
{
    const Game *g = game_of(mp);
    SearchStack *ss = &mp->thread->stack[mp->ply];
    for (;;) {
        switch (mp->stage) {
        case PICK_LIST:
            if (mp->next >= mp->count)
                return MOVE_NONE;
            {
                Move m = mp->moves[mp->next++];
                return hand_out(mp, m, g->is_noisy(mp->pos, m));
            }

        case PICK_TABLE:
            mp->stage = PICK_GEN_NOISY;
            /* met among the noisy moves already listed: legal, nothing to check */
            if (mp->tt_in_noisy)
                return hand_out(mp, mp->tt_move, true);
            if (mp->tt_move != MOVE_NONE && g->move_is_legal(mp->pos, mp->tt_move)) {
                bool noisy = g->is_noisy(mp->pos, mp->tt_move);
                if (noisy || !mp->noisy_only)
                    return hand_out(mp, mp->tt_move, noisy);
            }
            mp->tt_move = MOVE_NONE;
            break;

        case PICK_GEN_NOISY:
            movepick_noisy_count(mp);
            mp->next = 0;
            mp->stage = PICK_GOOD_NOISY;
            break;

        case PICK_GOOD_NOISY:
            if (mp->next < mp->noisy_count) {
                int best = best_index(mp, mp->next, mp->noisy_count);
                /* quiescence searches every noisy move; elsewhere the losing ones wait */
                if (mp->scores[best] >= 0 || mp->noisy_only) {
                    swap(mp, best, mp->next);
                    return hand_out(mp, mp->moves[mp->next++], true);
                }
            }
            mp->bad_next = mp->next;
            /* compulsory noisy moves (forced capture) are the whole legal list */
            if (mp->noisy_only || (g->params.noisy_forced && mp->noisy_count > 0) ||
                mp->skip_quiets) {
                mp->stage = PICK_BAD_NOISY;
                break;
            }
            /* without a cheap legality test the killers come from the list made now */
            if (!g->move_is_legal_cheap)
                generate_quiets(mp);
            mp->stage = PICK_KILLER_1;
            break;

        case PICK_KILLER_1:
        case PICK_KILLER_2:
        case PICK_COUNTER: {
            PickStage stage = mp->stage++;
            Move m = stage == PICK_KILLER_1   ? ss->killers[0]
                     : stage == PICK_KILLER_2 ? ss->killers[1]
                                              : mp->counter;
            if (take_quiet(mp, m))
                return hand_out(mp, m, false);
            break;
        }

        case PICK_QUIET:
            if (!mp->quiets_ready)
                generate_quiets(mp);
            if (mp->next < mp->count) {
                int best = best_index(mp, mp->next, mp->count);
                swap(mp, best, mp->next);
                /* a quiet move's score is its history */
                mp->last_noisy = false;
                mp->last_history = mp->scores[mp->next];
                return mp->moves[mp->next++];
            }
            mp->stage = PICK_BAD_NOISY;
            break;

        case PICK_BAD_NOISY:
            if (mp->bad_next < mp->noisy_count) {
                int best = best_index(mp, mp->bad_next, mp->noisy_count);
                swap(mp, best, mp->bad_next);
                return hand_out(mp, mp->moves[mp->bad_next++], true);
            }
            mp->stage = PICK_DONE;
            break;

        case PICK_DONE:
            return MOVE_NONE;
        }
    }
}
