/*
 * The search: iterative deepening with aspiration windows over a principal-variation
 * alpha-beta (negamax), a quiescence search over each game's noisy moves, and the usual
 * selectivity: transposition-table cutoffs, reverse futility, null move, late move
 * reductions and pruning, futility pruning and threat extensions. Every pruning rule is
 * switched by the game's SearchParams and its margins scale with the game's margin_unit,
 * so no game is named here.
 *
 * The node is lazy: the hash probe and its cut-off, the static evaluation, reverse futility
 * and the null move all come before a single move is generated, and a node learns that
 * the game is over for want of a move from the game's has_legal_move, which stops at the
 * first one. The moves then come from the staged picker (search/movepick.h), which lists
 * the quiet moves only when the table move, the good noisy moves and the killers did not
 * end the node; quiescence lists noisy moves only.
 *
 * Positions are copied per ply (copy-make) into the thread's position array; what a ply
 * knows about itself lives in the thread's SearchStack and its move lists in the thread's
 * arena, so the recursion's frames stay small. Draws by repetition and by the no-progress
 * rule are found here, the game's own results through its table; every draw is scored by
 * the job's contempt (draw_score).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/util.h"
#include "search/movepick.h"
#include "search/timeman.h"
#include "search/worker.h"

/* Tunables. Margins are in hundredths of the game's margin_unit (MARGIN_SCALE). */
enum {
    TIME_CHECK_INTERVAL = 1024, /* nodes between the main thread's clock checks */
    MARGIN_SCALE = 100,
    ASPIRATION_MIN_DEPTH = 4,
    ASPIRATION_DELTA = 20, /* first half-window */
    ASPIRATION_GROWTH = 2, /* a failed window grows by 1 / this of itself */
    RFP_MAX_DEPTH = 7,
    RFP_MARGIN = 80, /* per ply of depth */
    RFP_IMPROVING_BONUS = 60,
    NMP_MIN_DEPTH = 3,
    NMP_BASE_REDUCTION = 3,
    NMP_DEPTH_DIVISOR = 4,
    NMP_EVAL_DIVISOR = 200, /* one more ply of reduction per this much eval surplus */
    NMP_MAX_EVAL_REDUCTION = 3,
    IIR_MIN_DEPTH = 4,
    FUTILITY_MAX_DEPTH = 6,
    FUTILITY_BASE = 100,
    FUTILITY_PER_DEPTH = 90,
    LMP_MAX_DEPTH = 8,
    LMP_BASE = 3, /* quiet moves searched: (base + depth^2) / divisor */
    LMP_NOT_IMPROVING_DIVISOR = 2,
    LMR_MIN_DEPTH = 3,
    LMR_TABLE_MOVES = 64,            /* the reduction table's move-number columns */
    LMR_HISTORY_DIVISOR = 6000,      /* one ply less (more) reduction per this much history */
    THREAT_EXTENSION_PLY_FACTOR = 2, /* extend only while ply < factor * root depth */
    QS_THREAT_MAX_PLY = 4,           /* quiescence plies in which threats are answered */
    HISTORY_MAX = 16000,
    HISTORY_BONUS_CAP = 1600, /* the bonus is depth^2, capped here */
    MS_PER_SECOND = 1000,
    /* The nearest earlier ply that can repeat a position: two, as in the rules, for a move
     * can leave a game's repetition key as it was (DragonQi's bow turns: the situation
     * ignores bows), so a turn by each side repeats it. */
    REPETITION_FIRST_BACK = 2,
    REPETITIONS_FOR_DRAW = 2, /* earlier occurrences of a situation: the rules' third */
    HELPER_DEPTH_SKEW = 1,    /* odd helper threads start this much deeper */
    /* Skill: a weakened search keeps at least SKILL_LINES lines and picks among them at
     * depth 1 + level (see skill_pick); the weakness grows by SKILL_WEAKNESS_STEP per level
     * below full strength from SKILL_WEAKNESS_MIN, in 1/SKILL_SCALE units. */
    SKILL_LINES = 4,
    SKILL_WEAKNESS_MIN = 80,
    SKILL_WEAKNESS_STEP = 2,
    SKILL_SCALE = 128,
};

#define LMR_BASE 0.75
#define LMR_DIVISOR 2.25
#define BEST_MOVE_CHANGE_DECAY 0.5 /* per iteration, of the best-move changes counted */

static int lmr_table[MAX_PLY + 2][LMR_TABLE_MOVES];

static void init_lmr(void)
{
    for (int d = 1; d < MAX_PLY + 2; d++)
        for (int m = 1; m < LMR_TABLE_MOVES; m++)
            lmr_table[d][m] = (int)(LMR_BASE + log(d) * log(m) / LMR_DIVISOR);
}

static inline void *pos_at(SearchThread *t, int ply)
{
    return t->positions + (size_t)ply * t->game->pos_size;
}

static inline bool stopped(const SearchThread *t)
{
    return atomic_load_explicit(&t->shared->stop, memory_order_relaxed);
}

static inline int margin(const SearchThread *t, int hundredths)
{
    return t->game->params.margin_unit * hundredths / MARGIN_SCALE;
}

/* The main thread stops the search when a limit is reached. */
static void check_limits(SearchThread *t)
{
    SearchShared *shared = t->shared;
    uint64_t nodes = atomic_load_explicit(&t->nodes, memory_order_relaxed);
    if (shared->job.limits.nodes && shared->thread_count == 1 && nodes >= shared->job.limits.nodes)
        atomic_store(&shared->stop, true);
    if (nodes % TIME_CHECK_INTERVAL)
        return;
    if (shared->job.limits.nodes && shared_nodes(shared) >= shared->job.limits.nodes)
        atomic_store(&shared->stop, true);
    if (!atomic_load(&shared->pondering) && timeman_hard_limit_reached(&shared->time))
        atomic_store(&shared->stop, true);
}

static inline void count_node(SearchThread *t, int ply)
{
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (ply > t->seldepth)
        t->seldepth = ply;
    if (t->id == 0)
        check_limits(t);
}

/* The game's evaluation, held inside the range the search reserves for it. */
static inline Score evaluate(const SearchThread *t, const void *pos)
{
    return score_clamp_eval(t->game->evaluate(pos));
}

/* A draw is worth -contempt to the side to move at the root and +contempt to the other:
 * with contempt > 0 the root side plays on rather than repeat in a level position. */
static inline Score draw_score(const SearchThread *t, int ply)
{
    int contempt = t->shared->job.contempt;
    return (Score)(ply & 1 ? contempt : -contempt);
}

static Score result_score(const SearchThread *t, Result r, int ply)
{
    return r == RESULT_WIN    ? score_win_in(ply)
           : r == RESULT_LOSS ? score_loss_in(ply)
                              : draw_score(t, ply);
}

/* A draw by repetition or by the no-progress rule. A repetition is a draw when the
 * whole position came back inside the search (whoever repeated it can do so again), or
 * when its situation comes back the third time (the rules' truce). A situation that came
 * back with something else changed (DragonQi's bows, which the situation leaves out) is
 * no draw the second time: the bow turned may be a plan's first move, and a bow turned
 * in reply must not refute it. */
static bool is_draw(SearchThread *t, const void *pos, int ply)
{
    const Game *g = t->game;
    int limit = t->shared->job.no_progress_plies;
    if (limit && g->halfmove_clock(pos) >= limit)
        return true;
    int index = t->key_base + ply;
    uint64_t key = t->keys[index];
    /* the same side to move: every second ply, back to the last null move at most (a pass
     * is not a move of the game, so what it repeats is no repetition) */
    int window = game_repetition_plies(g, pos), repeats = 0;
    if (window > t->stack[ply].plies_from_null)
        window = t->stack[ply].plies_from_null;
    for (int i = index - REPETITION_FIRST_BACK; i >= 0 && i >= index - window; i -= 2) {
        if (t->keys[i] != key)
            continue;
        if (i >= t->key_base && t->stack[i - t->key_base].key == t->stack[ply].key)
            return true;
        if (++repeats >= REPETITIONS_FOR_DRAW)
            return true;
    }
    return false;
}

/* A new position at `ply` (below the root): its key for repetitions, its table bucket
 * fetched, its distance from a null move, and nothing known of it yet. */
static inline void enter(SearchThread *t, int ply)
{
    const Game *g = t->game;
    const void *pos = pos_at(t, ply);
    t->keys[t->key_base + ply] = game_repetition_key(g, pos);
    t->stack[ply].key = g->key(pos);
    tt_prefetch(t->shared->tt, t->stack[ply].key);
    const SearchStack *parent = &t->stack[ply - 1];
    t->stack[ply].plies_from_null = parent->move == MOVE_NONE ? 0 : parent->plies_from_null + 1;
    t->stack[ply].threat = -1;
}

/* Makes `move` into ply + 1; returns the child. */
static inline void *play(SearchThread *t, int ply, Move move)
{
    void *child = pos_at(t, ply + 1);
    t->game->make_move(pos_at(t, ply), move, child);
    t->stack[ply].move = move;
    enter(t, ply + 1);
    return child;
}

/* The root move about to be searched, once the search has run long enough for a GUI to
 * want progress; under the lock so that nothing follows the bestmove. */
static void report_currmove(SearchThread *t, Move move, int searched)
{
    SearchShared *shared = t->shared;
    if (t->id != 0 || !shared->job.report.currmove ||
        shared_elapsed_ms(shared) < SEARCH_CURRMOVE_AFTER_MS)
        return;
    pthread_mutex_lock(&shared->lock);
    if (!shared->reported)
        shared->job.report.currmove(shared->job.report.ctx, t->root_depth, move,
                                    searched + t->multipv_index);
    pthread_mutex_unlock(&shared->lock);
}

static void update_pv(SearchStack *ss, Move move)
{
    ss->pv[0] = move;
    memcpy(&ss->pv[1], ss[1].pv, sizeof(Move) * (size_t)ss[1].pv_length);
    ss->pv_length = ss[1].pv_length + 1;
}

/* Whether the side to move at `ply` faces a threat it must answer (games that extend
 * threats only); asked once per position. */
static inline bool threatened(SearchThread *t, int ply)
{
    const Game *g = t->game;
    SearchStack *ss = &t->stack[ply];
    if (!g->params.threat_extension || !g->threat)
        return false;
    if (ss->threat < 0)
        ss->threat = g->threat(pos_at(t, ply));
    return ss->threat;
}

static void history_update(int16_t *entry, int bonus)
{
    if (bonus > HISTORY_BONUS_CAP)
        bonus = HISTORY_BONUS_CAP;
    if (bonus < -HISTORY_BONUS_CAP)
        bonus = -HISTORY_BONUS_CAP;
    *entry += (int16_t)(bonus - *entry * abs(bonus) / HISTORY_MAX);
}

/* A quiet move caused a cutoff: remember it as a killer and counter move, reward it and
 * punish the quiet moves tried before it. */
static void update_quiet_stats(SearchThread *t, int ply, Move best, const Move *tried, int n,
                               int depth)
{
    const Game *g = t->game;
    const void *pos = pos_at(t, ply);
    SearchStack *ss = &t->stack[ply];
    int side = g->side_to_move(pos);
    int16_t *hist = t->history + (size_t)side * g->move_index_count;
    int bonus = depth * depth;
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    if (ply > 0 && ss[-1].move != MOVE_NONE)
        t->counter_moves[g->move_index(pos_at(t, ply - 1), ss[-1].move)] = best;
    history_update(&hist[g->move_index(pos, best)], bonus);
    for (int i = 0; i < n; i++)
        if (tried[i] != best)
            history_update(&hist[g->move_index(pos, tried[i])], -bonus);
}

static inline int bound_of(Score best, Score original_alpha, Score beta)
{
    return best >= beta ? TT_BOUND_LOWER : best > original_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
}

static inline bool tt_cuts(const TTHit *hit, Score alpha, Score beta)
{
    return hit->bound == TT_BOUND_EXACT || (hit->bound == TT_BOUND_LOWER && hit->score >= beta) ||
           (hit->bound == TT_BOUND_UPPER && hit->score <= alpha);
}

/* Quiescence's move picker: all moves when a threat must be answered (returned), else the
 * noisy ones. */
static bool qsearch_picker(SearchThread *t, int ply, int qply, Move tt_move, MovePicker *mp)
{
    bool answer_threat = qply < QS_THREAT_MAX_PLY && threatened(t, ply);
    movepick_init(mp, t, ply, tt_move, !answer_threat);
    return answer_threat;
}

static Score qsearch(SearchThread *t, int ply, Score alpha, Score beta, int qply)
{
    const Game *g = t->game;
    void *pos = pos_at(t, ply);
    SearchStack *ss = &t->stack[ply];
    bool pv_node = beta - alpha > 1;
    count_node(t, ply);
    ss->pv_length = 0;

    /* 1. Game over by the rules, or drawn. */
    Result r = g->result(pos);
    if (r != RESULT_NONE)
        return result_score(t, r, ply);
    if (is_draw(t, pos, ply))
        return draw_score(t, ply);

    /* 2. The table: a bound good enough ends the node. Games with a cheap evaluation
     * (params.eval_first) evaluate first and see which moves they have, while the table's
     * bucket is on its way; otherwise the evaluation the table keeps saves computing it. */
    uint64_t key = g->key(pos);
    bool early = g->params.eval_first;
    Score eval = SCORE_NONE;
    bool answer_threat = false;
    MovePicker mp;
    if (early) {
        eval = evaluate(t, pos);
        answer_threat = qsearch_picker(t, ply, qply, MOVE_NONE, &mp);
        if (g->params.noisy_forced)
            movepick_noisy_count(&mp);
    }
    TTHit hit;
    bool tt_hit = tt_probe(t->shared->tt, key, ply, &hit);
    if (tt_hit && !pv_node && tt_cuts(&hit, alpha, beta))
        return hit.score;
    if (!early)
        eval = tt_hit && hit.eval != SCORE_NONE ? hit.eval : evaluate(t, pos);

    /* 3. Games whose captures never run out stop quiescence at a fixed depth. */
    if (g->params.qsearch_max_plies && qply >= g->params.qsearch_max_plies)
        return eval;

    /* 4. Which moves: the noisy ones, or all of them when a threat must be answered (the
     * quiescence analogue of check evasions). Compulsory noisy moves (the table move among
     * them) are listed now, since they forbid standing pat; otherwise nothing is generated
     * before the stand-pat test. Whether any move exists at all: a listed noisy move says
     * so; the noisy moves are listed for it only when they will be searched anyway (no
     * stand-pat cut-off), and otherwise it is asked of has_legal_move, which stops at the
     * first move. */
    if (early)
        movepick_set_tt_move(&mp, tt_hit ? hit.move : MOVE_NONE);
    else
        answer_threat = qsearch_picker(t, ply, qply, tt_hit ? hit.move : MOVE_NONE, &mp);
    bool compulsory = g->params.noisy_forced && movepick_has_noisy(&mp);
    bool forced = answer_threat || compulsory;
    bool searched_anyway = forced || eval < beta;
    if (!compulsory && !(searched_anyway && movepick_has_noisy(&mp)) && !g->has_legal_move(pos))
        return result_score(t, g->no_moves_result, ply);
    if (ply >= MAX_PLY)
        return eval;

    /* 5. Stand pat, unless the moves are compulsory. */
    Score best = -SCORE_INFINITE, original_alpha = alpha;
    if (!forced) {
        best = eval;
        if (best >= beta) {
            if (!tt_hit)
                tt_store(t->shared->tt, key, ply, MOVE_NONE, best, eval, 0, TT_BOUND_LOWER);
            return best;
        }
        if (best > alpha)
            alpha = best;
    }

    /* 6. Captures and the like, best first. */
    Move best_move = MOVE_NONE;
    for (Move m; (m = movepick_next(&mp)) != MOVE_NONE;) {
        play(t, ply, m);
        Score score = -qsearch(t, ply + 1, -beta, -alpha, qply + 1);
        if (stopped(t))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                update_pv(ss, m);
                if (score >= beta)
                    break;
            }
        }
    }
    tt_store(t->shared->tt, key, ply, best_move, best, eval, 0,
             bound_of(best, original_alpha, beta));
    return best;
}

static Score negamax(SearchThread *t, int ply, int depth, Score alpha, Score beta, bool cut_node);

/* Step 1 of a node below the root: the game is over by the rules, drawn, or a win too far
 * to matter (mate distance pruning narrows the window). True with *score when that ends
 * the node. */
static bool node_is_decided(SearchThread *t, int ply, Score *alpha, Score *beta, Score *score)
{
    const void *pos = pos_at(t, ply);
    Result r = t->game->result(pos);
    if (r != RESULT_NONE) {
        *score = result_score(t, r, ply);
        return true;
    }
    if (is_draw(t, pos, ply)) {
        *score = draw_score(t, ply);
        return true;
    }
    if (*alpha < score_loss_in(ply))
        *alpha = score_loss_in(ply);
    if (*beta > score_win_in(ply + 1))
        *beta = score_win_in(ply + 1);
    *score = *alpha;
    return *alpha >= *beta;
}

/* Step 5, reverse futility: far above beta near the leaves, the eval stands. In games
 * where noisy moves are compulsory (draughts), a capture to make means the static eval
 * does not describe the node: only then are the noisy moves listed to see. */
static bool reverse_futility_holds(SearchThread *t, MovePicker *mp, int depth, Score eval,
                                   Score beta, bool improving)
{
    const SearchParams *sp = &t->game->params;
    return sp->reverse_futility && depth <= RFP_MAX_DEPTH && !score_is_win(beta) &&
           eval - margin(t, RFP_MARGIN * depth - (improving ? RFP_IMPROVING_BONUS : 0)) >= beta &&
           !(sp->noisy_forced && movepick_has_noisy(mp));
}

/* Step 6, the null move: if passing still beats beta, a real move will too. True with
 * *score when it cuts; *score 0 when the search was stopped meanwhile (see stopped). */
static bool null_move_cuts(SearchThread *t, int ply, int depth, Score eval, Score beta,
                           bool cut_node, Score *score)
{
    const Game *g = t->game;
    int surplus = (eval - beta) / (margin(t, NMP_EVAL_DIVISOR) + 1);
    int reduction = NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR +
                    (surplus < NMP_MAX_EVAL_REDUCTION ? surplus : NMP_MAX_EVAL_REDUCTION);
    g->make_null(pos_at(t, ply), pos_at(t, ply + 1));
    t->stack[ply].move = MOVE_NONE;
    enter(t, ply + 1);
    *score = -negamax(t, ply + 1, depth - reduction, -beta, -beta + 1, !cut_node);
    if (stopped(t)) {
        *score = 0;
        return true;
    }
    return *score >= beta && !score_is_win(*score);
}

/* How the move loop treats every move of one node: settled once, before the first move. */
typedef struct MoveLoop {
    int depth;
    bool pv_node, cut_node;
    bool may_prune_quiets;  /* late move and futility pruning may drop quiet moves */
    int lmp_limit;          /* quiet moves searched before the rest are pruned */
    bool futility;          /* futility pruning applies at this depth */
    Score futility_value;   /* the eval plus the margin a quiet move may hope to gain */
    bool may_reduce;        /* late move reductions apply */
    int reduction_bias;     /* plies added to every reduction at this node */
    bool parent_threatened; /* the threat stood before the opponent's last move */
    bool may_extend;        /* threat extensions still apply at this ply */
} MoveLoop;

static MoveLoop move_loop_settle(SearchThread *t, int ply, int depth, Score eval, bool pv_node,
                                 bool cut_node, bool improving, bool in_threat)
{
    const SearchParams *sp = &t->game->params;
    return (MoveLoop){
        .depth = depth,
        .pv_node = pv_node,
        .cut_node = cut_node,
        .may_prune_quiets = ply > 0 && !pv_node && !in_threat,
        .lmp_limit = sp->late_move_pruning && depth <= LMP_MAX_DEPTH
                         ? (LMP_BASE + depth * depth) / (improving ? 1 : LMP_NOT_IMPROVING_DIVISOR)
                         : INT_MAX,
        .futility = sp->futility && depth <= FUTILITY_MAX_DEPTH,
        .futility_value = eval + margin(t, FUTILITY_BASE + FUTILITY_PER_DEPTH * depth),
        .may_reduce = sp->late_move_reductions && depth >= LMR_MIN_DEPTH && !in_threat,
        .reduction_bias = !improving + cut_node - pv_node,
        .parent_threatened = ply > 0 && threatened(t, ply - 1),
        .may_extend = ply < THREAT_EXTENSION_PLY_FACTOR * t->root_depth,
    };
}

/* Step 8a: near the leaves, once enough quiet moves were searched or none can raise alpha,
 * the remaining quiet moves are not even generated. */
static inline bool prunes_quiets(const MoveLoop *loop, int quiet_count, Score alpha)
{
    return loop->may_prune_quiets &&
           (quiet_count >= loop->lmp_limit || (loop->futility && loop->futility_value <= alpha));
}

/* Step 8c: searches the move just played as the `searched`-th: late move reductions, then
 * the principal-variation re-searches. */
static Score search_move(SearchThread *t, int ply, const MoveLoop *loop, int new_depth, Score alpha,
                         Score beta, int searched, bool reducible, int history)
{
    int depth = loop->depth;
    bool pv_node = loop->pv_node, cut_node = loop->cut_node;
    Score score;
    if (loop->may_reduce && searched > 1 + pv_node && reducible) {
        int r = lmr_table[depth][searched < LMR_TABLE_MOVES ? searched : LMR_TABLE_MOVES - 1];
        r += loop->reduction_bias - history / LMR_HISTORY_DIVISOR;
        if (r < 0)
            r = 0;
        int reduced = new_depth - r < 1 ? 1 : new_depth - r;
        if (reduced > new_depth)
            reduced = new_depth;
        score = -negamax(t, ply + 1, reduced, -alpha - 1, -alpha, true);
        if (score > alpha && reduced < new_depth)
            score = -negamax(t, ply + 1, new_depth, -alpha - 1, -alpha, !cut_node);
    } else if (!pv_node || searched > 1) {
        score = -negamax(t, ply + 1, new_depth, -alpha - 1, -alpha, !cut_node);
    } else {
        score = alpha + 1; /* force the full-window search of the first move */
    }
    if (pv_node && (searched == 1 || (score > alpha && score < beta)))
        score = -negamax(t, ply + 1, new_depth, -beta, -alpha, false);
    return score;
}

/* ---- the root's own bookkeeping ------------------------------------------------------- */

/* The root searches its own list: the root moves from the line being searched on (MultiPV
 * lines before it are done), best first. */
static void root_picker(SearchThread *t, MovePicker *mp)
{
    movepick_init_list(mp, t, 0);
    for (int i = t->multipv_index; i < t->root_count; i++)
        movepick_add(mp, t->root_moves[i].move);
}

/* A root move has been searched: the first, or one that raised alpha, keeps its score and
 * principal variation (a new best move counts as a change, for the time manager); any
 * other only failed low and sorts last. */
static void root_record(SearchThread *t, Move m, Score score, Score alpha, int searched)
{
    RootMove *rm = NULL;
    for (int i = t->multipv_index; i < t->root_count && !rm; i++)
        if (t->root_moves[i].move == m)
            rm = &t->root_moves[i];
    if (searched == 1 || score > alpha) {
        const SearchStack *child = &t->stack[1];
        rm->score = score;
        rm->seldepth = t->seldepth;
        rm->pv[0] = m;
        memcpy(rm->pv + 1, child->pv, sizeof(Move) * (size_t)child->pv_length);
        rm->pv_length = child->pv_length + 1;
        if (searched > 1)
            t->best_move_changes += 1.0;
    } else {
        rm->score = -SCORE_INFINITE;
    }
}

/* ---- the node ------------------------------------------------------------------------- */

static Score negamax(SearchThread *t, int ply, int depth, Score alpha, Score beta, bool cut_node)
{
    const Game *g = t->game;
    const SearchParams *sp = &g->params;
    SearchShared *shared = t->shared;
    SearchStack *ss = &t->stack[ply];
    bool root = ply == 0, pv_node = beta - alpha > 1;
    void *pos = pos_at(t, ply);
    Score score;

    if (depth <= 0 || ply >= MAX_PLY)
        return qsearch(t, ply, alpha, beta, 0);
    count_node(t, ply);
    ss->pv_length = 0;
    ss[1].killers[0] = ss[1].killers[1] = MOVE_NONE;

    /* 1. Game over by the rules, drawn, or a win too far to matter (mate distance). */
    if (!root && node_is_decided(t, ply, &alpha, &beta, &score))
        return score;

    /* 2. The table: cut off at non-PV nodes when the stored bound decides. */
    uint64_t key = g->key(pos);
    TTHit hit;
    bool tt_hit = tt_probe(shared->tt, key, ply, &hit);
    Move tt_move = root ? t->root_moves[t->multipv_index].move : tt_hit ? hit.move : MOVE_NONE;
    if (tt_hit && !pv_node && hit.depth >= depth && tt_cuts(&hit, alpha, beta))
        return hit.score;

    /* 3. No legal move ends the game. Asked of has_legal_move, which stops at the first
     * move it finds: nothing is listed before the cut-offs below have had their chance. */
    MovePicker mp;
    if (root)
        root_picker(t, &mp);
    else if (!g->has_legal_move(pos))
        return result_score(t, g->no_moves_result, ply);
    else
        movepick_init(&mp, t, ply, tt_move, false);

    /* 4. Static evaluation, and whether it improved over our previous turn. */
    Score eval = tt_hit && hit.eval != SCORE_NONE ? hit.eval : evaluate(t, pos);
    ss->static_eval = eval;
    bool improving = ply >= 2 && eval > ss[-2].static_eval;
    bool in_threat = threatened(t, ply);

    /* 5. Reverse futility (reverse_futility_holds). */
    if (!pv_node && !in_threat && reverse_futility_holds(t, &mp, depth, eval, beta, improving))
        return eval;

    /* 6. Null move (null_move_cuts). */
    if (!pv_node && !in_threat && sp->null_move && g->make_null && depth >= NMP_MIN_DEPTH &&
        ply > 0 && eval >= beta && ss[-1].move != MOVE_NONE && !score_is_win(beta) &&
        null_move_cuts(t, ply, depth, eval, beta, cut_node, &score))
        return score;

    /* 7. Internal iterative reduction: without a table move this node was not searched
     * before, so spend less on it. */
    if (!root && tt_move == MOVE_NONE && depth >= IIR_MIN_DEPTH && (pv_node || cut_node))
        depth--;

    /* 8. The move loop. What decides pruning and reductions but does not depend on the
     * move is settled once here. */
    Score best = -SCORE_INFINITE, original_alpha = alpha;
    Move best_move = MOVE_NONE;
    Move *quiets = t->arena_quiets + (size_t)ply * (size_t)g->max_moves;
    int quiet_count = 0, searched = 0;
    MoveLoop loop = move_loop_settle(t, ply, depth, eval, pv_node, cut_node, improving, in_threat);
    for (Move m; (m = movepick_next(&mp)) != MOVE_NONE;) {
        bool noisy = mp.last_noisy;
        bool late = searched > 0 && best > -SCORE_WIN_BOUND;

        /* 8a. Late quiet moves pruned (prunes_quiets). */
        if (!noisy && late && prunes_quiets(&loop, quiet_count, alpha)) {
            movepick_skip_quiets(&mp);
            continue;
        }

        play(t, ply, m);
        searched++;
        if (root)
            report_currmove(t, m, searched);
        if (!noisy)
            quiets[quiet_count++] = m;

        /* 8b. Extend moves that create a threat the opponent must answer; one that already
         * stood before the opponent's last move (a runner nobody can stop) is no news, and
         * extending every move under it would never let the depth fall. */
        bool gives_threat = threatened(t, ply + 1);
        int extension = gives_threat && !loop.parent_threatened && loop.may_extend;

        /* 8c. Late move reductions and the PVS re-searches (search_move). */
        score = search_move(t, ply, &loop, depth - 1 + extension, alpha, beta, searched,
                            !noisy && !gives_threat, mp.last_history);
        if (stopped(t))
            return 0;
        if (root)
            root_record(t, m, score, alpha, searched);

        /* 8d. A new best move; a cut-off rewards a quiet one (killers, history). */
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                if (pv_node)
                    update_pv(ss, m);
                if (score >= beta) {
                    if (!noisy)
                        update_quiet_stats(t, ply, m, quiets, quiet_count - 1, depth);
                    break;
                }
                alpha = score;
            }
        }
    }

    /* 9. Every move was pruned: the node fails low at the static eval. */
    if (searched == 0)
        return root ? alpha : eval;

    /* 10. The table keeps the result (at the root, only that of the first line). */
    if (t->multipv_index == 0 || !root)
        tt_store(shared->tt, key, ply, best_move, best, eval, depth,
                 bound_of(best, original_alpha, beta));
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

static void report_line(SearchThread *t, int depth, int k, InfoBound bound)
{
    SearchShared *shared = t->shared;
    if (!shared->job.report.info)
        return;
    int64_t elapsed = shared_elapsed_ms(shared);
    uint64_t nodes = shared_nodes(shared);
    const RootMove *rm = &t->root_moves[k];
    SearchInfo info = {
        .depth = depth,
        .seldepth = rm->seldepth > depth ? rm->seldepth : depth,
        .multipv = k + 1,
        .score = rm->score == -SCORE_INFINITE ? rm->previous_score : rm->score,
        .bound = bound,
        .nodes = nodes,
        .nps = elapsed > 0 ? nodes * MS_PER_SECOND / (uint64_t)elapsed : nodes * MS_PER_SECOND,
        .hashfull = tt_hashfull(shared->tt),
        .time_ms = elapsed,
        .pv_length = rm->pv_length,
    };
    memcpy(info.pv, rm->pv, sizeof(Move) * (size_t)rm->pv_length);
    shared->job.report.info(shared->job.report.ctx, &info);
}

/* `go searchmoves`: keeps the root moves the limits list (all when none of them is). */
static int restrict_root(const SearchLimits *limits, Move *moves, int n)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < limits->searchmove_count; j++)
            if (moves[i] == limits->searchmoves[j]) {
                moves[kept++] = moves[i];
                break;
            }
    return kept ? kept : n;
}

void search_thread_prepare(SearchThread *t)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_lmr);
    SearchShared *shared = t->shared;
    const Game *g = t->game;
    memcpy(pos_at(t, 0), shared->job.root, g->pos_size);
    memcpy(t->keys, shared->job.history, sizeof(uint64_t) * (size_t)shared->job.history_length);
    t->key_base = shared->job.history_length;
    t->keys[t->key_base] = game_repetition_key(g, pos_at(t, 0));
    for (int ply = 0; ply < MAX_PLY + 2; ply++) {
        SearchStack *ss = &t->stack[ply];
        ss->move = ss->killers[0] = ss->killers[1] = MOVE_NONE;
        ss->static_eval = SCORE_NONE;
        ss->threat = -1;
        ss->pv_length = 0;
    }
    t->stack[0].plies_from_null = t->key_base; /* the whole history */
    t->stack[0].key = g->key(pos_at(t, 0));
    /* The root's moves in the order the move picker gives them (no table move, no
     * killers yet): noisy gains, quiet moves by history, noisy losses; then only those
     * `searchmoves` names, if it names any. */
    Move *moves = xmalloc(sizeof(Move) * (size_t)g->max_moves);
    MovePicker mp;
    movepick_init(&mp, t, 0, MOVE_NONE, false);
    int n = 0;
    bool over = g->result(pos_at(t, 0)) != RESULT_NONE;
    for (Move m; !over && (m = movepick_next(&mp)) != MOVE_NONE;)
        moves[n++] = m;
    int count = restrict_root(&shared->job.limits, moves, n);
    /* Sized by the moves there are, not by max_moves: a root move carries a whole
     * principal variation, and max_moves of them is megabytes to clear for each search. */
    free(t->root_moves);
    t->root_moves = xcalloc(count ? (size_t)count : 1, sizeof(RootMove));
    for (int i = 0; i < count; i++) {
        Move m = moves[i];
        t->root_moves[i] = (RootMove){
            .move = m, .score = -SCORE_INFINITE, .previous_score = -SCORE_INFINITE, .pv_length = 1};
        t->root_moves[i].pv[0] = m;
    }
    free(moves);
    t->root_count = count;
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    t->seldepth = 0;
    t->completed_depth = 0;
    t->completed_best = count ? t->root_moves[0].move : MOVE_NONE;
    t->completed_ponder = MOVE_NONE;
    t->completed_score = -SCORE_INFINITE;
    t->best_move_changes = 0;
}

/* Searches line k at `depth` inside an aspiration window around its last score. */
static void search_line(SearchThread *t, int depth, int k)
{
    RootMove *rm = &t->root_moves[k];
    Score previous = rm->previous_score;
    Score delta = (Score)margin(t, ASPIRATION_DELTA) + 1; /* never a zero window */
    Score alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= ASPIRATION_MIN_DEPTH && previous != -SCORE_INFINITE && !score_is_win(previous)) {
        alpha = previous - delta > -SCORE_INFINITE ? previous - delta : -SCORE_INFINITE;
        beta = previous + delta < SCORE_INFINITE ? previous + delta : SCORE_INFINITE;
    }
    for (;;) {
        t->seldepth = 0;
        Score score = negamax(t, 0, depth, alpha, beta, false);
        sort_root_moves(t->root_moves + k, t->root_count - k);
        if (stopped(t))
            return;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = score - delta > -SCORE_INFINITE ? score - delta : -SCORE_INFINITE;
        } else if (score >= beta) {
            beta = score + delta < SCORE_INFINITE ? score + delta : SCORE_INFINITE;
        } else {
            return;
        }
        delta += delta / ASPIRATION_GROWTH;
    }
}

/*
 * Skill below full strength, with shared->lock held: chooses among the first `lines` root
 * moves (best first). Each line's score is raised by a share of what it loses to the best
 * line (the weaker the level, the more of the loss is forgiven) plus a random share of
 * the spread between the lines (at most one margin unit), and the highest total wins.
 * The random numbers come from the root position's key, so a level plays the same move
 * in the same position.
 */
static void skill_pick(SearchThread *t, int lines)
{
    SearchShared *shared = t->shared;
    const RootMove *rm = t->root_moves;
    int handicap = shared->job.skill_handicap;
    int weakness = SKILL_WEAKNESS_MIN + SKILL_WEAKNESS_STEP * handicap;
    Score top = rm[0].score, spread = top - rm[lines - 1].score;
    if (spread > t->game->params.margin_unit)
        spread = (Score)t->game->params.margin_unit;
    uint64_t seed = t->game->key(shared->job.root) ^ (uint64_t)handicap;
    int64_t best_value = INT64_MIN;
    for (int i = 0; i < lines; i++) {
        int64_t loss = (int64_t)top - rm[i].score;
        int64_t push = (weakness * loss + spread * (int64_t)rng_below(&seed, (uint64_t)weakness)) /
                       SKILL_SCALE;
        if (rm[i].score + push > best_value) {
            best_value = rm[i].score + push;
            shared->skill_best = rm[i].move;
            shared->skill_ponder = rm[i].pv_length > 1 ? rm[i].pv[1] : MOVE_NONE;
        }
    }
}

/* Helper threads diversify by starting some iterations deeper. */
static int first_depth(const SearchThread *t)
{
    return 1 + (t->id > 0 && (t->id & 1) ? HELPER_DEPTH_SKEW : 0);
}

void search_thread_run(SearchThread *t)
{
    SearchShared *shared = t->shared;
    const SearchLimits *limits = &shared->job.limits;
    int max_depth = limits->depth > 0 && limits->depth < MAX_PLY ? limits->depth : MAX_PLY - 1;
    int handicap = shared->job.skill_handicap;
    int wanted = handicap && limits->multipv < SKILL_LINES ? SKILL_LINES : limits->multipv;
    int lines = wanted < t->root_count ? wanted : t->root_count;
    if (lines < 1)
        lines = 1;
    if (t->root_count == 0)
        return;
    for (int depth = first_depth(t); depth <= max_depth && !stopped(t); depth++) {
        if (t->id == 0)
            timeman_iteration_begin(&shared->time);
        t->root_depth = depth;
        t->best_move_changes *= BEST_MOVE_CHANGE_DECAY;
        for (int i = 0; i < t->root_count; i++)
            t->root_moves[i].previous_score = t->root_moves[i].score;
        for (int k = 0; k < lines && !stopped(t); k++) {
            t->multipv_index = k;
            search_line(t, depth, k);
        }
        t->multipv_index = 0;
        if (stopped(t))
            break;
        sort_root_moves(t->root_moves, lines);
        pthread_mutex_lock(&shared->lock);
        if (t->id == 0 && handicap && depth <= 1 + SEARCH_SKILL_FULL - handicap)
            skill_pick(t, lines);
        t->completed_depth = depth;
        t->completed_best = t->root_moves[0].move;
        t->completed_score = t->root_moves[0].score;
        t->completed_ponder = t->root_moves[0].pv_length > 1 ? t->root_moves[0].pv[1] : MOVE_NONE;
        /* The main thread publishes the answer for a `stop` and reports, unless a `stop`
         * has answered already. */
        if (t->id == 0 && !shared->reported) {
            shared_publish_locked(shared);
            for (int k = 0; k < lines; k++)
                report_line(t, depth, k, INFO_EXACT);
        }
        pthread_mutex_unlock(&shared->lock);
        if (t->id != 0)
            continue;

        /* go mate N: a forced win in N moves or fewer is the answer, at once even in an
         * infinite or pondering search (as Stockfish does). */
        if (limits->mate && t->completed_score >= SCORE_WIN_BOUND &&
            score_mate_moves(t->completed_score) <= limits->mate) {
            atomic_store(&shared->stop, true);
            break;
        }

        /* Time: spend more while the best move keeps changing or the score drops. */
        bool waiting = limits->infinite || atomic_load(&shared->pondering);
        if (waiting)
            continue;
        if (score_is_win(t->completed_score) && depth >= SCORE_WIN - abs(t->completed_score))
            break;
        if (!timeman_another_iteration(&shared->time, t->root_count == 1 && depth >= 1,
                                       t->best_move_changes, t->completed_score))
            break;
    }
}
