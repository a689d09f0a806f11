/*
 * Reading and dispatch: the text protocol's lines split into words and handed to the
 * command they name, and the commands that set up and read the engine. Every error is one
 * `info string error: ...` line and leaves the engine as it was. The queue (queue.c)
 * decides when a command runs, report.c prints a search's reports, tasks.c runs perft
 * and bench; what `go` and `bestmove` show of the GUI's clock goes to the engine's time
 * manager.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/describe.h"
#include "core/util.h"
#include "protocol/help.h"
#include "protocol/json.h"
#include "protocol/session.h"

#define ENGINE_NAME "wyrm 1.0"
#define ENGINE_AUTHOR "the wyrm developers"

void protocol_error(Protocol *p, const char *fmt, const char *arg)
{
    char msg[ERR_MAX];
    snprintf(msg, sizeof msg, fmt, arg);
    p->error_count++;
    if (p->errors) {
        fprintf(p->errors, "wyrm: %s\n", msg);
        fflush(p->errors);
    } else {
        output_line(p->out, "info string error: %s", msg);
    }
}

static void error_line_too_long(Protocol *p)
{
    char msg[ERR_MAX];
    snprintf(msg, sizeof msg, "input line longer than %d bytes ignored", PROTOCOL_LINE_MAX);
    protocol_error(p, "%s", msg);
}

Tokens tokens_split(const char *line)
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
            t.items = xrealloc(t.items, cap * sizeof *t.items);
        }
        t.items[t.count++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        if (*s)
            *s++ = 0;
    }
    return t;
}

void tokens_free(Tokens *t)
{
    free(t->buf);
    free(t->items);
}

void tokens_join(const Tokens *t, int from, int to, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = from; i < to && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i > from ? " " : "", t->items[i]);
}

/* ---- commands ------------------------------------------------------------------------- */

static void cmd_id(Protocol *p, Dialect dialect)
{
    if (p->dialect == DIALECT_NONE)
        p->dialect = dialect;
    output_line(p->out, "id name %s", ENGINE_NAME);
    output_line(p->out, "id author %s", ENGINE_AUTHOR);
    help_option_lines(p->out, p->engine);
    output_line(p->out, dialect == DIALECT_UGI ? "ugiok" : "uciok");
}

static void cmd_setoption(Protocol *p, const Tokens *t)
{
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
        protocol_error(p, "%s", "usage: setoption name <name> [value <value>]");
        return;
    }
    tokens_join(t, name_at, value_at, name, sizeof name);
    tokens_join(t, value_at + 1, t->count, value, sizeof value);
    if (!engine_set_option(p->engine, name, value_at < t->count ? value : NULL, err))
        protocol_error(p, "%s", err);
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
        protocol_error(p, "%s", "usage: position startpos|fen <FEN> [moves <m1> <m2> ...]");
        return;
    }
    if (startpos && moves_at != 2) {
        protocol_error(p, "unexpected token '%.64s' after startpos", t->items[2]);
        return;
    }
    if (has_fen && moves_at == 2) {
        protocol_error(p, "%s", "position fen needs a FEN");
        return;
    }
    if (has_fen)
        tokens_join(t, 2, moves_at, fen, sizeof fen);
    int move_count = moves_at < t->count ? t->count - moves_at - 1 : 0;
    if (!engine_set_position(p->engine, has_fen ? fen : NULL,
                             (const char *const *)t->items + moves_at + 1, move_count, err))
        protocol_error(p, "%s", err);
}

/* Every word `go` knows; `searchmoves` takes the moves up to the next of them. */
static bool is_go_keyword(const char *tok)
{
    static const char *const words[] = {"wtime",       "btime",    "winc",  "binc",      "p1time",
                                        "p2time",      "p1inc",    "p2inc", "movestogo", "depth",
                                        "nodes",       "movetime", "mate",  "infinite",  "ponder",
                                        "searchmoves", "perft"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcmp(tok, words[i]) == 0)
            return true;
    return false;
}

/* Reads the moves after `searchmoves` from t->items[at]; returns the index after them.
 * An illegal or repeated move is reported and left out. */
static int parse_searchmoves(Protocol *p, const Tokens *t, int at, SearchLimits *limits)
{
    for (; at < t->count && !is_go_keyword(t->items[at]); at++) {
        Move m = engine_parse_move(p->engine, t->items[at]);
        bool repeated = false;
        for (int j = 0; j < limits->searchmove_count; j++)
            repeated |= limits->searchmoves[j] == m;
        if (m == MOVE_NONE)
            protocol_error(p, "illegal move '%.64s' in searchmoves, ignored", t->items[at]);
        else if (!repeated && limits->searchmove_count < MAX_MOVES)
            limits->searchmoves[limits->searchmove_count++] = m;
    }
    return at;
}

static void cmd_go(Protocol *p, const Tokens *t)
{
    Engine *e = p->engine;
    if (t->count > 1 && strcmp(t->items[1], "perft") == 0) {
        task_perft(p, t->count > 2 ? t->items[2] : NULL);
        return;
    }
    SearchLimits limits = {.time = {-1, -1}}; /* multipv, move_overhead: the options */
    static const struct {
        const char *name;
        int player; /* -1: not a clock field */
        bool is_inc;
    } clocks[] = {{"wtime", P1, false}, {"btime", P2, false},  {"winc", P1, true},
                  {"binc", P2, true},   {"p1time", P1, false}, {"p2time", P2, false},
                  {"p1inc", P1, true},  {"p2inc", P2, true}};
    for (int i = 1; i < t->count; i++) {
        const char *tok = t->items[i], *val = i + 1 < t->count ? t->items[i + 1] : NULL;
        long long v;
        if (strcmp(tok, "infinite") == 0) {
            limits.infinite = true;
            continue;
        }
        if (strcmp(tok, "ponder") == 0) {
            limits.ponder = true;
            continue;
        }
        if (strcmp(tok, "searchmoves") == 0) {
            i = parse_searchmoves(p, t, i + 1, &limits) - 1;
            continue;
        }
        bool known = false, ok = false;
        for (size_t c = 0; c < sizeof clocks / sizeof *clocks && !known; c++) {
            if (strcmp(tok, clocks[c].name))
                continue;
            known = true;
            /* A clock past zero (a GUI's overstepped flag) means: move at once. */
            if ((ok = val && parse_int(val, INT64_MIN / 4, INT64_MAX / 4, &v))) {
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
                if ((ok = val && parse_int(val, 1, MAX_PLY - 1, &v)))
                    limits.depth = (int)v;
            } else if (strcmp(tok, "nodes") == 0) {
                if ((ok = val && parse_int(val, 1, INT64_MAX, &v)))
                    limits.nodes = (uint64_t)v;
            } else if (strcmp(tok, "movetime") == 0) {
                if ((ok = val && parse_int(val, 0, INT64_MAX / 4, &v)))
                    limits.movetime = v > 0 ? v : 1;
            } else if (strcmp(tok, "mate") == 0) {
                if ((ok = val && parse_int(val, 1, MAX_PLY / 2, &v)))
                    limits.mate = (int)v;
            } else if (strcmp(tok, "movestogo") == 0) {
                if ((ok = val && parse_int(val, 0, 100000, &v)))
                    limits.movestogo = (int)v;
            } else {
                known = false;
            }
        }
        if (!known) {
            protocol_error(p, "unknown go parameter '%.64s' ignored", tok);
            continue;
        }
        if (!ok)
            protocol_error(p, "bad value for go %s, ignored", tok);
        i++;
    }
    limits.lag = engine_lag_at_go(e, &limits);
    SearchReport report = report_callbacks(p);
    if (engine_game_end(e).result != RESULT_NONE) {
        report_bestmove(p, MOVE_NONE, MOVE_NONE);
        return;
    }
    job_starting(p, false);
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
    const Game *g = engine_game(p->engine);
    if (g->result_info && engine_game_end(p->engine).result != RESULT_NONE) {
        char info[512];
        g->result_info(engine_position(p->engine), info, sizeof info);
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
        output_line(p->out, "response %s",
                    engine_game(e)->side_to_move(engine_position(e)) == P1 ? "true" : "false");
    else if (strcmp(what, "result") == 0) {
        print_result_info(p);
        output_line(p->out, "response %s", result_word(&end));
    } else
        protocol_error(p, "unknown query '%.64s' (gameover, p1turn, result)", what);
}

static void cmd_display(Protocol *p, const Tokens *t)
{
    (void)t;
    Engine *e = p->engine;
    const Game *g = engine_game(e);
    const void *pos = engine_position(e);
    char board[16384], fen[FEN_MAX];
    g->display(pos, board, sizeof board);
    g->fen_write(pos, fen, sizeof fen);
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
    output_line(p->out, "Key: %016" PRIX64, g->key(pos));
    output_line(p->out, "Side to move: %s", g->side_names[g->side_to_move(pos)]);
    if (end.result == RESULT_NONE) {
        output_line(p->out, "Result: none");
        return;
    }
    Verdict v;
    describe_verdict(g, pos, end.why, end.winner, engine_no_progress_limit(e), &v);
    output_line(p->out, "Result: %s", v.text);
}

static void cmd_json(Protocol *p, const Tokens *t)
{
    (void)t;
    char *line = json_position(p->engine);
    output_line(p->out, "%s", line);
    free(line);
}

static void cmd_moves(Protocol *p, const Tokens *t)
{
    (void)t;
    const Game *g = engine_game(p->engine);
    const void *pos = engine_position(p->engine);
    Move moves[MAX_MOVES];
    int n = g->gen_moves(pos, moves);
    size_t size = (size_t)n * MOVE_STR_MAX + 1, len = 0;
    char *line = xmalloc(size);
    line[0] = 0;
    for (int i = 0; i < n; i++) {
        char m[MOVE_STR_MAX];
        g->move_to_str(pos, moves[i], m);
        len += (size_t)snprintf(line + len, size - len, "%s%s", i ? " " : "", m);
    }
    output_line(p->out, "%s", line);
    free(line);
}

static void cmd_eval(Protocol *p, const Tokens *t)
{
    (void)t;
    char terms[8192];
    engine_game(p->engine)->eval_terms(engine_position(p->engine), terms, sizeof terms);
    output_block(p->out, terms);
}

static void cmd_version(Protocol *p, const Tokens *t)
{
    (void)t;
    help_version(p->out, ENGINE_NAME);
}

static void cmd_help(Protocol *p, const Tokens *t)
{
    (void)t;
    help_usage(p->out, p->engine);
}

static void cmd_uci(Protocol *p, const Tokens *t) { (void)t, cmd_id(p, DIALECT_UCI); }
static void cmd_ugi(Protocol *p, const Tokens *t) { (void)t, cmd_id(p, DIALECT_UGI); }
static void cmd_isready(Protocol *p, const Tokens *t) { (void)t, output_line(p->out, "readyok"); }
static void cmd_stop(Protocol *p, const Tokens *t) { (void)t, engine_stop(p->engine); }
static void cmd_ponderhit(Protocol *p, const Tokens *t) { (void)t, engine_ponderhit(p->engine); }

static void cmd_newgame(Protocol *p, const Tokens *t)
{
    (void)t;
    engine_new_game(p->engine);
    engine_lag_reset(p->engine);
}

static void cmd_perft(Protocol *p, const Tokens *t)
{
    task_perft(p, t->count > 1 ? t->items[1] : NULL);
}

/* Runs when its turn comes, the engine idle: nothing queued after it runs. */
static void cmd_quit(Protocol *p, const Tokens *t)
{
    (void)t;
    queue_free(p);
}

/* ---- dispatch ------------------------------------------------------------------------- */

/* When a command acts. READ: a command that only reads the engine (d, moves, query, ...);
 * it answers on arrival when nothing is queued (a search may run meanwhile, from the
 * position as last set), and otherwise in turn, so it always answers about the position
 * the commands before it set. IN_TURN: once every job and command before it has finished.
 * CONTROL: on arrival, ahead of anything queued, on the running job (isready says only
 * that wyrm is alive). */
typedef enum { READ, IN_TURN, CONTROL } When;

typedef struct Command {
    const char *name;
    When when;
    void (*run)(Protocol *p, const Tokens *t);
} Command;

static const Command COMMANDS[] = {
    {"uci", READ, cmd_uci},
    {"ugi", READ, cmd_ugi},
    {"isready", CONTROL, cmd_isready},
    {"setoption", IN_TURN, cmd_setoption},
    {"ucinewgame", IN_TURN, cmd_newgame},
    {"uginewgame", IN_TURN, cmd_newgame},
    {"position", IN_TURN, cmd_position},
    {"go", IN_TURN, cmd_go},
    {"stop", CONTROL, cmd_stop},
    {"ponderhit", CONTROL, cmd_ponderhit},
    {"quit", IN_TURN, cmd_quit},
    {"query", READ, cmd_query},
    {"d", READ, cmd_display},
    {"moves", READ, cmd_moves},
    {"json", READ, cmd_json},
    {"eval", READ, cmd_eval},
    {"perft", IN_TURN, cmd_perft},
    {"bench", IN_TURN, task_bench},
    {"perftsuite", IN_TURN, task_perftsuite},
    {"stoplatency", IN_TURN, task_stoplatency},
    {"help", READ, cmd_help},
    {"version", READ, cmd_version},
};

/* The command named by the first word of line, or NULL; the word is copied to name. */
static const Command *find_command(const char *line, char *name, size_t size)
{
    while (*line && isspace((unsigned char)*line))
        line++;
    size_t n = 0;
    while (line[n] && !isspace((unsigned char)line[n]))
        n++;
    snprintf(name, size, "%.*s", (int)n, line);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (strlen(COMMANDS[i].name) == n && strncmp(COMMANDS[i].name, line, n) == 0)
            return &COMMANDS[i];
    return NULL;
}

static void run_line(Protocol *p, const Command *c, const char *line)
{
    Tokens t = tokens_split(line);
    c->run(p, &t);
    tokens_free(&t);
}

void protocol_run_line(Protocol *p, const char *line)
{
    char name[16];
    run_line(p, find_command(line, name, sizeof name), line);
}

Protocol *protocol_create(Engine *engine, FILE *out)
{
    Protocol *p = xcalloc(1, sizeof *p);
    p->engine = engine;
    p->out = output_create(out);
    engine_lag_reset(engine);
    atomic_init(&p->ended_seq, 0);
    return p;
}

void protocol_destroy(Protocol *p)
{
    engine_stop(p->engine);
    engine_wait(p->engine);
    queue_free(p);
    output_destroy(p->out);
    free(p);
}

void protocol_command_line(Protocol *p, FILE *errors) { p->errors = errors; }
int protocol_error_count(const Protocol *p) { return p->error_count; }

bool protocol_handle(Protocol *p, const char *line)
{
    if (p->quit_received)
        return false;
    queue_pump(p); /* what could run already runs before this line is read */
    char name[128];
    const Command *c = find_command(line, name, sizeof name);
    if (!name[0])
        ;
    else if (!c)
        protocol_error(p, "unknown command '%.64s'", name);
    else if (c->when == CONTROL || (c->when == READ && !p->queue))
        run_line(p, c, line);
    else {
        if (c->run == cmd_quit) {
            p->quit_received = true;
            if (engine_busy(p->engine) && !p->task_running)
                engine_stop(p->engine);
        }
        queue_push(p, line, c->run == cmd_quit);
    }
    queue_pump(p);
    return !p->quit_received;
}

void protocol_loop(Protocol *p, FILE *in)
{
    p->input = input_start(in, PROTOCOL_LINE_MAX);
    for (bool ended = false; !ended && !p->quit_received;) {
        InputLine *lines = input_wait(p->input, queue_may_run, p, &ended);
        for (InputLine *l = lines, *next; l; l = next) {
            next = l->next;
            if (l->too_long && !p->quit_received)
                error_line_too_long(p);
            else
                protocol_handle(p, l->text);
            free(l);
        }
        if (queue_may_run(p)) {
            engine_wait(p->engine);
            queue_pump(p);
        }
    }
    /* At the end of input the queue runs in turn; a search with a limit (a script's
     * `go depth 10`) may finish, one that would never end on its own is stopped. */
    protocol_finish(p);
    Input *input = p->input;
    p->input = NULL;
    input_stop(input);
}
