/*
 * The search: iterative deepening over a plain alpha-beta with quiescence.
 *
 * Positions are copied per ply (copy-make) into the thread's stack. Draws by repetition
 * and by the no-progress rule are found here, the game's own results through the table.
 */
#include <stdlib.h>
#include <string.h>

#include "search/thread.h"

enum { TIME_CHECK_INTERVAL = 1024 };

static inline void *pos_at(SearchThread *t, int ply)
{
    return t->stack + (size_t)ply * t->game->pos_size;
}

static inline bool stopped(const SearchThread *t)
{
    return atomic_load_explicit(&t->pool->stop, memory_order_relaxed);
}

/* The main thread stops the search when a limit is reached. */
static void check_limits(SearchThread *t)
{
    SearchPool *pool = t->pool;
    uint64_t nodes = atomic_load_explicit(&t->nodes, memory_order_relaxed);
    if (pool->job.limits.nodes && pool->thread_count == 1 && nodes >= pool->job.limits.nodes)
        atomic_store(&pool->stop, true);
    if (nodes % TIME_CHECK_INTERVAL)
        return;
    if (pool->job.limits.nodes && pool_nodes(pool) >= pool->job.limits.nodes)
        atomic_store(&pool->stop, true);
    if (pool->hard_ms && !atomic_load(&pool->pondering) &&
        now_ms() - atomic_load(&pool->clock_start_ms) >= pool->hard_ms)
        atomic_store(&pool->stop, true);
}

static inline void count_node(SearchThread *t)
{
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (t->id == 0)
        check_limits(t);
}

static Score result_score(Result r, int ply)
{
    return r == RESULT_WIN ? score_win_in(ply) : r == RESULT_LOSS ? score_loss_in(ply) : SCORE_DRAW;
}

/* A draw by repetition (one earlier occurrence inside the search, or two overall) or by
 * the no-progress rule. */
static bool is_draw(SearchThread *t, const void *pos, int ply)
{
    const Game *g = t->game;
    int halfmove = g->halfmove_clock(pos);
    int limit = t->pool->job.no_progress_plies;
    if (limit && halfmove >= limit)
        return true;
    int index = t->key_base + ply;
    uint64_t key = t->keys[index];
    int repeats = 0;
    for (int i = index - 2; i >= 0 && i >= index - halfmove; i -= 2)
        if (t->keys[i] == key && (i >= t->key_base || ++repeats >= 2))
            return true;
    return false;
}

static void update_pv(SearchThread *t, int ply, Move move)
{
    t->pv_table[ply][0] = move;
    memcpy(&t->pv_table[ply][1], t->pv_table[ply + 1], sizeof(Move) * (size_t)t->pv_length[ply + 1]);
    t->pv_length[ply] = t->pv_length[ply + 1] + 1;
}

/* Orders moves in place: noisy moves first by the game's order, quiet moves after. */
static void order_moves(SearchThread *t, const void *pos, Move *moves, int n)
{
    int scores[MAX_MOVES];
    const Game *g = t->game;
    for (int i = 0; i < n; i++)
        scores[i] = g->is_noisy(pos, moves[i]) ? 1000000 + g->noisy_order(pos, moves[i]) : 0;
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int s = scores[i], j = i - 1;
        for (; j >= 0 && scores[j] < s; j--)
            moves[j + 1] = moves[j], scores[j + 1] = scores[j];
        moves[j + 1] = m, scores[j + 1] = s;
    }
}

static Score qsearch(SearchThread *t, int ply, Score alpha, Score beta)
{
    const Game *g = t->game;
    void *pos = pos_at(t, ply);
    count_node(t);
    t->pv_length[ply] = 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    Result r = g->result(pos);
    if (r != RESULT_NONE)
        return result_score(r, ply);
    if (is_draw(t, pos, ply))
        return SCORE_DRAW;
    Move moves[MAX_MOVES];
    int n = g->gen_noisy(pos, moves);
    bool forced = g->params.noisy_forced && n > 0;
    if (n == 0 && g->gen_moves(pos, moves) == 0)
        return result_score(g->no_moves_result, ply);
    if (ply >= MAX_PLY)
        return g->evaluate(pos);
    Score best = -SCORE_INFINITE;
    if (!forced) {
        best = g->evaluate(pos);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    order_moves(t, pos, moves, n);
    for (int i = 0; i < n; i++) {
        g->make_move(pos, moves[i], pos_at(t, ply + 1));
        t->keys[t->key_base + ply + 1] = g->key(pos_at(t, ply + 1));
        Score score = -qsearch(t, ply + 1, -beta, -alpha);
        if (stopped(t))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(t, ply, moves[i]);
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

static Score alphabeta(SearchThread *t, int ply, int depth, Score alpha, Score beta)
{
    const Game *g = t->game;
    void *pos = pos_at(t, ply);
    if (depth <= 0 || ply >= MAX_PLY)
        return qsearch(t, ply, alpha, beta);
    count_node(t);
    t->pv_length[ply] = 0;
    Result r = g->result(pos);
    if (r != RESULT_NONE)
        return result_score(r, ply);
    if (is_draw(t, pos, ply))
        return SCORE_DRAW;
    Move moves[MAX_MOVES];
    int n = g->gen_moves(pos, moves);
    if (n == 0)
        return result_score(g->no_moves_result, ply);
    order_moves(t, pos, moves, n);
    Score best = -SCORE_INFINITE;
    for (int i = 0; i < n; i++) {
        g->make_move(pos, moves[i], pos_at(t, ply + 1));
        t->keys[t->key_base + ply + 1] = g->key(pos_at(t, ply + 1));
        Score score = -alphabeta(t, ply + 1, depth - 1, -beta, -alpha);
        if (stopped(t))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(t, ply, moves[i]);
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Searches the root moves from index `first` on; earlier ones are this iteration's
 * better lines (MultiPV). Returns the best score among them. */
static Score search_root(SearchThread *t, int depth, int first)
{
    const Game *g = t->game;
    void *pos = pos_at(t, 0);
    Score alpha = -SCORE_INFINITE, beta = SCORE_INFINITE, best = -SCORE_INFINITE;
    count_node(t);
    for (int i = first; i < t->root_count; i++) {
        RootMove *rm = &t->root_moves[i];
        g->make_move(pos, rm->move, pos_at(t, 1));
        t->keys[t->key_base + 1] = g->key(pos_at(t, 1));
        t->seldepth = 0;
        Score score = -alphabeta(t, 1, depth - 1, -beta, -alpha);
        if (stopped(t))
            return best;
        rm->score = i == first || score > alpha ? score : -SCORE_INFINITE;
        if (score > alpha) {
            alpha = score;
            rm->seldepth = t->seldepth;
            rm->pv[0] = rm->move;
            memcpy(rm->pv + 1, t->pv_table[1], sizeof(Move) * (size_t)t->pv_length[1]);
            rm->pv_length = t->pv_length[1] + 1;
        }
        if (score > best)
            best = score;
    }
    return best;
}

static void sort_root_moves(RootMove *moves, int n)
{
    for (int i = 1; i < n; i++) {
        RootMove tmp = moves[i];
        int j = i - 1;
        for (; j >= 0 && moves[j].score < tmp.score; j--)
            moves[j + 1] = moves[j];
        moves[j + 1] = tmp;
    }
}

static void report_lines(SearchThread *t, int depth, int lines)
{
    SearchPool *pool = t->pool;
    int64_t elapsed = pool_elapsed_ms(pool);
    uint64_t nodes = pool_nodes(pool);
    for (int k = 0; k < lines; k++) {
        const RootMove *rm = &t->root_moves[k];
        SearchInfo info = {
            .depth = depth,
            .seldepth = rm->seldepth > depth ? rm->seldepth : depth,
            .multipv = k + 1,
            .score = rm->score,
            .bound = INFO_EXACT,
            .nodes = nodes,
            .nps = elapsed > 0 ? nodes * 1000 / (uint64_t)elapsed : nodes * 1000,
            .hashfull = tt_hashfull(pool->tt),
            .time_ms = elapsed,
            .pv_length = rm->pv_length,
        };
        memcpy(info.pv, rm->pv, sizeof(Move) * (size_t)rm->pv_length);
        pool->job.report.info(pool->job.report.ctx, &info);
    }
}

void search_thread_prepare(SearchThread *t)
{
    SearchPool *pool = t->pool;
    const Game *g = t->game;
    memcpy(pos_at(t, 0), pool->job.root, g->pos_size);
    memcpy(t->keys, pool->job.history, sizeof(uint64_t) * (size_t)pool->job.history_length);
    t->key_base = pool->job.history_length;
    t->keys[t->key_base] = g->key(pos_at(t, 0));
    Move moves[MAX_MOVES];
    int n = g->result(pos_at(t, 0)) == RESULT_NONE ? g->gen_moves(pos_at(t, 0), moves) : 0;
    order_moves(t, pos_at(t, 0), moves, n);
    free(t->root_moves);
    t->root_moves = calloc((size_t)(n ? n : 1), sizeof(RootMove));
    if (!t->root_moves)
        abort();
    for (int i = 0; i < n; i++) {
        t->root_moves[i].move = moves[i];
        t->root_moves[i].score = -SCORE_INFINITE;
        t->root_moves[i].pv[0] = moves[i];
        t->root_moves[i].pv_length = 1;
    }
    t->root_count = n;
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    t->completed_depth = 0;
    t->completed_best = n ? moves[0] : MOVE_NONE;
    t->completed_score = -SCORE_INFINITE;
}

void search_thread_run(SearchThread *t)
{
    SearchPool *pool = t->pool;
    const SearchLimits *limits = &pool->job.limits;
    int max_depth = limits->depth > 0 && limits->depth < MAX_PLY ? limits->depth : MAX_PLY - 1;
    int lines = limits->multipv < t->root_count ? limits->multipv : t->root_count;
    if (lines < 1)
        lines = 1;
    if (t->root_count == 0)
        return;
    for (int depth = 1; depth <= max_depth; depth++) {
        for (int k = 0; k < lines && !stopped(t); k++) {
            search_root(t, depth, k);
            if (!stopped(t))
                sort_root_moves(t->root_moves + k, t->root_count - k);
        }
        if (stopped(t))
            break;
        t->completed_depth = depth;
        t->completed_best = t->root_moves[0].move;
        t->completed_score = t->root_moves[0].score;
        if (t->id != 0)
            continue;
        report_lines(t, depth, lines);
        int64_t used = now_ms() - atomic_load(&pool->clock_start_ms);
        if (pool->soft_ms && !atomic_load(&pool->pondering) && used >= pool->soft_ms)
            break;
        if (score_is_win(t->completed_score) && !limits->infinite &&
            !atomic_load(&pool->pondering) && depth >= SCORE_WIN - abs(t->completed_score))
            break;
    }
}
