/*
 * Command parsing and replies. Every error is one `info string error: ...` line and leaves
 * the engine as it was. Commands that change state first stop a running search (its
 * bestmove is printed), so every `go` gets exactly one `bestmove`.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/bench.h"
#include "engine/describe.h"
#include "engine/perft.h"
#include "engine/registry.h"
#include "protocol/json.h"
#include "protocol/protocol.h"

#define ENGINE_NAME "wyrm 1.0"
#define ENGINE_AUTHOR "the wyrm developers"

enum { SPIN_MULTIPV_MAX = 256, SPIN_OVERHEAD_MAX = 5000, SPIN_NO_PROGRESS_MAX = 100000,
       SPIN_THREADS_MAX = 1024 };

typedef struct Tokens {
    char *buf;
    char **items;
    int count;
} Tokens;

/* What a running perft needs; owned by the protocol while the task runs. */
typedef struct PerftTask {
    Protocol *protocol;
    const Game *game;
    unsigned char *pos;
    int depth;
} PerftTask;

struct Protocol {
    Engine *engine;
    Output *out;
    Dialect dialect;
    const Game *go_game;      /* position the running search started from, for PVs */
    unsigned char *go_root;
    /* Clock bookkeeping for the lag estimate (see measure_lag). */
    int64_t go_start_ms, go_used_ms; /* when the last go arrived; how long until bestmove */
    int go_side;                     /* side to move at the last go; -1: no clock given */
    int64_t go_clock, go_inc;        /* its clock and increment at that go */
    int64_t lag;                     /* decaying maximum of the measured lags */
    PerftTask perft;
};

static void error(Protocol *p, const char *fmt, const char *arg)
{
    char msg[ERR_MAX];
    snprintf(msg, sizeof msg, fmt, arg);
    output_line(p->out, "info string error: %s", msg);
}

static Tokens tokenize(const char *line)
{
    Tokens t = {strdup(line), NULL, 0};
    size_t cap = 16;
    t.items = malloc(cap * sizeof *t.items);
    if (!t.buf || !t.items)
        abort();
    for (char *s = t.buf; *s;) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        if ((size_t)t.count == cap) {
            cap *= 2;
            t.items = realloc(t.items, cap * sizeof *t.items);
            if (!t.items)
                abort();
        }
        t.items[t.count++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        if (*s)
            *s++ = 0;
    }
    return t;
}

static void tokens_free(Tokens *t)
{
    free(t->buf);
    free(t->items);
}

/* Joins tokens [from, to) with single spaces into buf. */
static void join(const Tokens *t, int from, int to, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = from; i < to && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i > from ? " " : "", t->items[i]);
}

static bool parse_int64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Stops a running search or perft and waits for its report. */
static void settle(Protocol *p)
{
    engine_stop(p->engine);
    engine_wait(p->engine);
}

/* ---- search reports ---------------------------------------------------------------- */

static void format_pv(Protocol *p, const Move *pv, int n, char *buf, size_t size)
{
    const Game *g = p->go_game;
    unsigned char *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    if (!pos || !next)
        abort();
    memcpy(pos, p->go_root, g->pos_size);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + MOVE_STR_MAX + 1 < size; i++) {
        char move[MOVE_STR_MAX];
        g->move_to_str(pos, pv[i], move);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", move);
        g->make_move(pos, pv[i], next);
        memcpy(pos, next, g->pos_size);
    }
    free(pos);
    free(next);
}

static void report_info(void *ctx, const SearchInfo *info)
{
    Protocol *p = ctx;
    char pv[MAX_PLY * (MOVE_STR_MAX + 1)], score[64];
    format_pv(p, info->pv, info->pv_length, pv, sizeof pv);
    if (score_is_win(info->score))
        snprintf(score, sizeof score, "mate %d", score_mate_moves(info->score));
    else
        snprintf(score, sizeof score, "cp %d", (int)info->score);
    const char *bound = info->bound == INFO_LOWER   ? " lowerbound"
                        : info->bound == INFO_UPPER ? " upperbound"
                                                    : "";
    output_line(p->out,
                "info depth %d seldepth %d multipv %d score %s%s nodes %" PRIu64 " nps %" PRIu64
                " hashfull %d time %" PRId64 " pv %s",
                info->depth, info->seldepth, info->multipv, score, bound, info->nodes, info->nps,
                info->hashfull, info->time_ms, pv);
}

static void report_bestmove(void *ctx, Move best, Move ponder)
{
    Protocol *p = ctx;
    const Game *g = p->go_game;
    p->go_used_ms = now_ms() - p->go_start_ms;
    char best_str[MOVE_STR_MAX] = "0000", ponder_str[MOVE_STR_MAX] = "";
    if (best != MOVE_NONE)
        g->move_to_str(p->go_root, best, best_str);
    if (best != MOVE_NONE && ponder != MOVE_NONE && p->dialect != DIALECT_UGI) {
        unsigned char *next = malloc(g->pos_size);
        if (!next)
            abort();
        g->make_move(p->go_root, best, next);
        g->move_to_str(next, ponder, ponder_str);
        free(next);
    }
    if (ponder_str[0])
        output_line(p->out, "bestmove %s ponder %s", best_str, ponder_str);
    else
        output_line(p->out, "bestmove %s", best_str);
}

/* ---- commands ------------------------------------------------------------------------- */

static void cmd_id(Protocol *p, Dialect dialect)
{
    if (p->dialect == DIALECT_NONE)
        p->dialect = dialect;
    output_line(p->out, "id name %s", ENGINE_NAME);
    output_line(p->out, "id author %s", ENGINE_AUTHOR);
    char vars[4096];
    size_t n = 0;
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", g->name);
        for (const char *const *a = g->aliases; a && *a; a++)
            n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", *a);
    }
    output_line(p->out, "option name UCI_Variant type combo default %s%s",
                registry_default()->name, vars);
    output_line(p->out, "option name Hash type spin default %d min 1 max %d",
                ENGINE_HASH_DEFAULT_MB, TT_MB_MAX);
    output_line(p->out, "option name Threads type spin default 1 min 1 max %d", SPIN_THREADS_MAX);
    output_line(p->out, "option name MultiPV type spin default 1 min 1 max %d", SPIN_MULTIPV_MAX);
    output_line(p->out, "option name Ponder type check default false");
    output_line(p->out, "option name Move Overhead type spin default %d min 0 max %d",
                ENGINE_OVERHEAD_DEFAULT, SPIN_OVERHEAD_MAX);
    output_line(p->out, "option name NoProgressPlies type spin default %d min 0 max %d",
                ENGINE_NO_PROGRESS_DEFAULT, SPIN_NO_PROGRESS_MAX);
    output_line(p->out, "option name Contempt type spin default %d min %d max %d",
                ENGINE_CONTEMPT_DEFAULT, -ENGINE_CONTEMPT_MAX, ENGINE_CONTEMPT_MAX);
    output_line(p->out, "option name Clear Hash type button");
    /* Game-declared options, once per name. */
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        for (int j = 0; j < g->option_count; j++) {
            bool seen = false;
            for (int k = 0; k < i && !seen; k++)
                for (int m = 0; m < registry_game(k)->option_count; m++)
                    seen |= strcasecmp(registry_game(k)->options[m].name, g->options[j].name) == 0;
            if (seen)
                continue;
            const GameOption *o = &g->options[j];
            n = 0;
            for (int c = 0; c < o->choice_count; c++)
                n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", o->choices[c]);
            output_line(p->out, "option name %s type combo default %s%s", o->name,
                        o->choices[o->default_choice], vars);
        }
    }
    output_line(p->out, dialect == DIALECT_UGI ? "ugiok" : "uciok");
}

static bool set_spin(Protocol *p, const char *name, const char *value, int64_t lo, int64_t hi,
                     int *target)
{
    int64_t v;
    if (!parse_int64(value, lo, hi, &v)) {
        char msg[ERR_MAX];
        snprintf(msg, sizeof msg, "invalid value '%.64s' for option %s (%" PRId64 "..%" PRId64 ")",
                 value, name, lo, hi);
        error(p, "%s", msg);
        return false;
    }
    *target = (int)v;
    return true;
}

static void cmd_setoption(Protocol *p, const Tokens *t)
{
    Engine *e = p->engine;
    char name[256], value[1024], err[ERR_MAX];
    int name_at = -1, value_at = t->count;
    for (int i = 1; i < t->count; i++) {
        if (name_at < 0 && strcmp(t->items[i], "name") == 0)
            name_at = i + 1;
        else if (name_at >= 0 && strcmp(t->items[i], "value") == 0) {
            value_at = i;
            break;
        }
    }
    if (name_at < 0 || name_at >= value_at) {
        error(p, "%s", "usage: setoption name <name> [value <value>]");
        return;
    }
    join(t, name_at, value_at, name, sizeof name);
    join(t, value_at + 1, t->count, value, sizeof value);
    bool has_value = value_at < t->count;
    settle(p);
    if (strcasecmp(name, "Clear Hash") == 0) {
        engine_clear_hash(e);
        return;
    }
    if (!has_value) {
        error(p, "option %s needs a value", name);
        return;
    }
    if (strcasecmp(name, "UCI_Variant") == 0) {
        if (!engine_set_game(e, value, err))
            error(p, "%s", err);
    } else if (strcasecmp(name, "Hash") == 0) {
        int64_t mb;
        if (!parse_int64(value, 1, TT_MB_MAX, &mb))
            error(p, "invalid value '%.64s' for option Hash", value);
        else if (!engine_set_hash(e, mb, err))
            error(p, "%s", err);
    } else if (strcasecmp(name, "Threads") == 0) {
        set_spin(p, "Threads", value, 1, SPIN_THREADS_MAX, &e->threads);
    } else if (strcasecmp(name, "MultiPV") == 0) {
        set_spin(p, "MultiPV", value, 1, SPIN_MULTIPV_MAX, &e->multipv);
    } else if (strcasecmp(name, "Move Overhead") == 0) {
        set_spin(p, "Move Overhead", value, 0, SPIN_OVERHEAD_MAX, &e->move_overhead);
    } else if (strcasecmp(name, "NoProgressPlies") == 0) {
        set_spin(p, "NoProgressPlies", value, 0, SPIN_NO_PROGRESS_MAX, &e->no_progress_plies);
    } else if (strcasecmp(name, "Contempt") == 0) {
        set_spin(p, "Contempt", value, -ENGINE_CONTEMPT_MAX, ENGINE_CONTEMPT_MAX, &e->contempt);
    } else if (strcasecmp(name, "Ponder") == 0) {
        if (strcasecmp(value, "true") == 0 || strcasecmp(value, "false") == 0)
            e->ponder = strcasecmp(value, "true") == 0;
        else
            error(p, "invalid value '%.64s' for option Ponder (true or false)", value);
    } else if (!engine_set_game_option(e, name, value, err)) {
        error(p, "%s", err);
    }
}

static void cmd_position(Protocol *p, const Tokens *t)
{
    char fen[FEN_MAX], err[ERR_MAX];
    int moves_at = t->count;
    for (int i = 1; i < t->count; i++)
        if (strcmp(t->items[i], "moves") == 0) {
            moves_at = i;
            break;
        }
    bool startpos = t->count > 1 && strcmp(t->items[1], "startpos") == 0;
    bool has_fen = t->count > 1 && strcmp(t->items[1], "fen") == 0;
    if (!startpos && !has_fen) {
        error(p, "%s", "usage: position startpos|fen <FEN> [moves <m1> <m2> ...]");
        return;
    }
    if (startpos && moves_at != 2) {
        error(p, "unexpected token '%.64s' after startpos", t->items[2]);
        return;
    }
    if (has_fen && moves_at == 2) {
        error(p, "%s", "position fen needs a FEN");
        return;
    }
    if (has_fen)
        join(t, 2, moves_at, fen, sizeof fen);
    int move_count = moves_at < t->count ? t->count - moves_at - 1 : 0;
    settle(p);
    if (!engine_set_position(p->engine, has_fen ? fen : NULL,
                             (const char *const *)t->items + moves_at + 1, move_count, err))
        error(p, "%s", err);
}

static void perft_line(void *ctx, const char *move, uint64_t nodes)
{
    output_line(((Protocol *)ctx)->out, "%s: %" PRIu64, move, nodes);
}

static void perft_task(void *arg, const atomic_bool *stop)
{
    PerftTask *task = arg;
    Protocol *p = task->protocol;
    uint64_t total = perft_divide(task->game, task->pos, task->depth, perft_line, p, stop);
    if (atomic_load(stop))
        output_line(p->out, "info string perft stopped");
    else
        output_line(p->out, "\nNodes searched: %" PRIu64, total);
}

static void start_perft(Protocol *p, const char *depth_str)
{
    int64_t depth;
    if (!depth_str || !parse_int64(depth_str, 1, MAX_PLY, &depth)) {
        error(p, "perft needs a depth from 1 to %s", "128");
        return;
    }
    settle(p);
    Engine *e = p->engine;
    PerftTask *task = &p->perft;
    free(task->pos);
    task->pos = malloc(e->game->pos_size);
    if (!task->pos)
        abort();
    memcpy(task->pos, e->pos, e->game->pos_size);
    task->protocol = p;
    task->game = e->game;
    task->depth = (int)depth;
    pool_run_task(e->pool, perft_task, task);
}

/* How much the clock lost on our last move beyond the time until our bestmove: the
 * previous clock plus the increment, less the clock now, less the time used. A busy
 * machine or a slow pipe shows up here long before it costs a game on time. The estimate
 * keeps the largest recent value and forgets it slowly (LAG_DECAY_PERCENT per move). */
enum { LAG_DECAY_PERCENT = 90, LAG_MAX_MS = 1000 };

static void measure_lag(Protocol *p, const SearchLimits *limits, int side)
{
    if (p->go_side == side && limits->time[side] >= 0 && !limits->ponder) {
        int64_t lag = p->go_clock + p->go_inc - limits->time[side] - p->go_used_ms;
        int64_t decayed = p->lag * LAG_DECAY_PERCENT / 100;
        if (lag > LAG_MAX_MS)
            lag = LAG_MAX_MS;
        p->lag = lag > decayed ? lag : decayed;
    }
    p->go_side = limits->time[side] >= 0 && !limits->ponder && !limits->infinite ? side : -1;
    p->go_clock = limits->time[side];
    p->go_inc = limits->inc[side];
}

static void cmd_go(Protocol *p, const Tokens *t)
{
    Engine *e = p->engine;
    if (t->count > 1 && strcmp(t->items[1], "perft") == 0) {
        start_perft(p, t->count > 2 ? t->items[2] : NULL);
        return;
    }
    SearchLimits limits = {.time = {-1, -1}, .multipv = e->multipv,
                           .move_overhead = e->move_overhead};
    static const struct {
        const char *name;
        int player; /* -1: not a clock field */
        bool is_inc;
    } clocks[] = {{"wtime", P1, false}, {"btime", P2, false}, {"winc", P1, true},
                  {"binc", P2, true},   {"p1time", P1, false}, {"p2time", P2, false},
                  {"p1inc", P1, true},  {"p2inc", P2, true}};
    for (int i = 1; i < t->count; i++) {
        const char *tok = t->items[i], *val = i + 1 < t->count ? t->items[i + 1] : NULL;
        int64_t v;
        if (strcmp(tok, "infinite") == 0) {
            limits.infinite = true;
            continue;
        }
        if (strcmp(tok, "ponder") == 0) {
            limits.ponder = true;
            continue;
        }
        bool known = false, ok = false;
        for (size_t c = 0; c < sizeof clocks / sizeof *clocks && !known; c++) {
            if (strcmp(tok, clocks[c].name))
                continue;
            known = true;
            /* A clock past zero (a GUI's overstepped flag) means: move at once. */
            if ((ok = val && parse_int64(val, INT64_MIN / 4, INT64_MAX / 4, &v))) {
                if (v < 0)
                    v = 0;
                if (clocks[c].is_inc)
                    limits.inc[clocks[c].player] = v;
                else
                    limits.time[clocks[c].player] = v;
            }
        }
        if (!known) {
            known = true;
            if (strcmp(tok, "depth") == 0) {
                if ((ok = val && parse_int64(val, 1, MAX_PLY - 1, &v)))
                    limits.depth = (int)v;
            } else if (strcmp(tok, "nodes") == 0) {
                if ((ok = val && parse_int64(val, 1, INT64_MAX, &v)))
                    limits.nodes = (uint64_t)v;
            } else if (strcmp(tok, "movetime") == 0) {
                if ((ok = val && parse_int64(val, 0, INT64_MAX / 4, &v)))
                    limits.movetime = v > 0 ? v : 1;
            } else if (strcmp(tok, "movestogo") == 0) {
                if ((ok = val && parse_int64(val, 0, 100000, &v)))
                    limits.movestogo = (int)v;
            } else {
                known = false;
            }
        }
        if (!known) {
            error(p, "unknown go parameter '%.64s' ignored", tok);
            continue;
        }
        if (!ok)
            error(p, "bad value for go %s, ignored", tok);
        i++;
    }
    settle(p);
    p->go_start_ms = now_ms();
    measure_lag(p, &limits, e->game->side_to_move(e->pos));
    limits.lag = p->lag;
    p->go_game = e->game;
    free(p->go_root);
    p->go_root = malloc(e->game->pos_size);
    if (!p->go_root)
        abort();
    memcpy(p->go_root, e->pos, e->game->pos_size);
    SearchReport report = {p, report_info, report_bestmove};
    if (engine_game_end(e).result != RESULT_NONE) {
        report_bestmove(p, MOVE_NONE, MOVE_NONE);
        return;
    }
    engine_go(e, &limits, report);
}

static const char *result_word(const GameEnd *end)
{
    return end->result == RESULT_NONE ? "none"
           : end->winner == P1        ? "p1win"
           : end->winner == P2        ? "p2win"
                                      : "draw";
}

static void print_result_info(Protocol *p)
{
    Engine *e = p->engine;
    if (e->game->result_info && engine_game_end(e).result != RESULT_NONE) {
        char info[512];
        e->game->result_info(e->pos, info, sizeof info);
        output_line(p->out, "info string result %s", info);
    }
}

static void cmd_query(Protocol *p, const Tokens *t)
{
    Engine *e = p->engine;
    const char *what = t->count > 1 ? t->items[1] : "";
    GameEnd end = engine_game_end(e);
    if (strcmp(what, "gameover") == 0)
        output_line(p->out, "response %s", end.result != RESULT_NONE ? "true" : "false");
    else if (strcmp(what, "p1turn") == 0)
        output_line(p->out, "response %s", e->game->side_to_move(e->pos) == P1 ? "true" : "false");
    else if (strcmp(what, "result") == 0) {
        print_result_info(p);
        output_line(p->out, "response %s", result_word(&end));
    } else
        error(p, "unknown query '%.64s' (gameover, p1turn, result)", what);
}

static void cmd_display(Protocol *p)
{
    Engine *e = p->engine;
    const Game *g = e->game;
    char board[16384], fen[FEN_MAX];
    g->display(e->pos, board, sizeof board);
    g->fen_write(e->pos, fen, sizeof fen);
    GameEnd end = engine_game_end(e);
    output_block(p->out, board);
    output_line(p->out, "Legend:");
    for (const char *s = g->describe->legend; *s;) {
        int len = (int)strcspn(s, "\n");
        output_line(p->out, "  %.*s", len, s);
        s += len + (s[len] == '\n');
    }
    output_line(p->out, "Game: %s", g->name);
    output_line(p->out, "Fen: %s", fen);
    output_line(p->out, "Key: %016" PRIX64, g->key(e->pos));
    output_line(p->out, "Side to move: %s", g->side_names[g->side_to_move(e->pos)]);
    if (end.result == RESULT_NONE) {
        output_line(p->out, "Result: none");
        return;
    }
    Verdict v;
    describe_verdict(g, e->pos, end.why, end.winner, engine_no_progress_limit(e), &v);
    output_line(p->out, "Result: %s", v.text);
}

static void cmd_json(Protocol *p)
{
    char *line = json_position(p->engine);
    output_line(p->out, "%s", line);
    free(line);
}

static void cmd_moves(Protocol *p)
{
    Engine *e = p->engine;
    Move moves[MAX_MOVES];
    int n = e->game->gen_moves(e->pos, moves);
    size_t size = (size_t)n * MOVE_STR_MAX + 1, len = 0;
    char *line = malloc(size);
    if (!line)
        abort();
    line[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[MOVE_STR_MAX];
        e->game->move_to_str(e->pos, moves[i], m);
        len += (size_t)snprintf(line + len, size - len, "%s%s", i ? " " : "", m);
    }
    output_line(p->out, "%s", line);
    free(line);
}

static void cmd_eval(Protocol *p)
{
    Engine *e = p->engine;
    char terms[8192];
    e->game->eval_terms(e->pos, terms, sizeof terms);
    output_block(p->out, terms);
}

static void cmd_bench(Protocol *p, const Tokens *t)
{
    char err[ERR_MAX];
    BenchArgs args;
    if (!bench_parse_args((const char *const *)t->items + 1, t->count - 1, &args, err)) {
        error(p, "%s", err);
        return;
    }
    settle(p);
    bench_run(&args, p->out);
}

static void cmd_stoplatency(Protocol *p, const Tokens *t)
{
    int64_t count = 100, threads = 1;
    if ((t->count > 1 && !parse_int64(t->items[1], 1, 100000, &count)) ||
        (t->count > 2 && !parse_int64(t->items[2], 1, SPIN_THREADS_MAX, &threads)) ||
        t->count > 3) {
        error(p, "%s", "usage: stoplatency [count] [threads]");
        return;
    }
    settle(p);
    bench_stop_latency(p->engine->game, (int)count, (int)threads, p->out);
}

static void cmd_perftsuite(Protocol *p)
{
    settle(p);
    bench_perft_suite(p->out);
}

/* ---- dispatch ------------------------------------------------------------------------- */

Protocol *protocol_create(Engine *engine, FILE *out)
{
    Protocol *p = calloc(1, sizeof *p);
    if (!p)
        abort();
    p->engine = engine;
    p->out = output_create(out);
    p->go_side = -1;
    return p;
}

void protocol_destroy(Protocol *p)
{
    settle(p);
    output_destroy(p->out);
    free(p->go_root);
    free(p->perft.pos);
    free(p);
}

void protocol_wait(Protocol *p) { engine_wait(p->engine); }

bool protocol_handle(Protocol *p, const char *line)
{
    Tokens t = tokenize(line);
    bool go_on = true;
    const char *cmd = t.count ? t.items[0] : "";
    if (t.count == 0)
        ;
    else if (strcmp(cmd, "uci") == 0)
        cmd_id(p, DIALECT_UCI);
    else if (strcmp(cmd, "ugi") == 0)
        cmd_id(p, DIALECT_UGI);
    else if (strcmp(cmd, "isready") == 0)
        output_line(p->out, "readyok");
    else if (strcmp(cmd, "setoption") == 0)
        cmd_setoption(p, &t);
    else if (strcmp(cmd, "ucinewgame") == 0 || strcmp(cmd, "uginewgame") == 0) {
        settle(p);
        engine_new_game(p->engine);
        p->go_side = -1;
        p->lag = 0;
    } else if (strcmp(cmd, "position") == 0)
        cmd_position(p, &t);
    else if (strcmp(cmd, "go") == 0)
        cmd_go(p, &t);
    else if (strcmp(cmd, "stop") == 0)
        engine_stop(p->engine);
    else if (strcmp(cmd, "ponderhit") == 0)
        pool_ponderhit(p->engine->pool);
    else if (strcmp(cmd, "query") == 0)
        cmd_query(p, &t);
    else if (strcmp(cmd, "quit") == 0)
        go_on = false;
    else if (strcmp(cmd, "d") == 0)
        cmd_display(p);
    else if (strcmp(cmd, "moves") == 0)
        cmd_moves(p);
    else if (strcmp(cmd, "json") == 0)
        cmd_json(p);
    else if (strcmp(cmd, "perft") == 0)
        start_perft(p, t.count > 1 ? t.items[1] : NULL);
    else if (strcmp(cmd, "eval") == 0)
        cmd_eval(p);
    else if (strcmp(cmd, "bench") == 0)
        cmd_bench(p, &t);
    else if (strcmp(cmd, "perftsuite") == 0)
        cmd_perftsuite(p);
    else if (strcmp(cmd, "stoplatency") == 0)
        cmd_stoplatency(p, &t);
    else
        error(p, "unknown command '%.64s'", cmd);
    tokens_free(&t);
    return go_on;
}

void protocol_loop(Protocol *p, FILE *in)
{
    size_t cap = 4096, len = 0;
    char *line = malloc(cap);
    bool too_long = false, go_on = true;
    if (!line)
        abort();
    for (int c; go_on && (c = getc(in)) != EOF;) {
        if (c != '\n') {
            if (too_long)
                continue;
            if (len + 1 >= PROTOCOL_LINE_MAX) {
                too_long = true;
                continue;
            }
            if (len + 1 >= cap) {
                cap *= 2;
                line = realloc(line, cap);
                if (!line)
                    abort();
            }
            /* A NUL would cut the line short; show it as a bad byte instead. */
            line[len++] = c == 0 ? '?' : (char)c;
            continue;
        }
        line[len] = 0;
        if (too_long)
            error(p, "input line longer than %s bytes ignored", "33554432");
        else
            go_on = protocol_handle(p, line);
        len = 0;
        too_long = false;
    }
    if (go_on && len && !too_long) {
        line[len] = 0;
        go_on = protocol_handle(p, line);
    }
    free(line);
    /* At the end of input a search with a limit (a script's `go depth 10`) may finish;
     * one that would never end on its own, or a `quit`, is stopped. */
    SearchPool *pool = p->engine->pool;
    if (!go_on || (pool->task == NULL && (pool->job.limits.infinite || atomic_load(&pool->pondering))))
        engine_stop(p->engine);
    engine_wait(p->engine);
}
