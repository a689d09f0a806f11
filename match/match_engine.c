#include "match/match_engine.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/util.h"

/* How long a process that was told `quit`, or that closed its output, gets to exit. */
enum { CLIENT_QUIT_GRACE_MS = 1000, CLIENT_EXIT_GRACE_MS = 200, CLIENT_QUIT_WRITE_MS = 100 };

void match_log(MatchLog *log, const char *fmt, ...)
{
    if (!log || !log->out)
        return;
    va_list ap;
    va_start(ap, fmt);
    output_vline(log->out, fmt, ap);
    va_end(ap);
}

void client_init(EngineClient *c, const EngineConfig *config, const Game *game, const char *name,
                 int abort_fd, MatchLog *log)
{
    *c = (EngineClient){.config = config, .game = game, .abort_fd = abort_fd, .log = log};
    c->proc.to_engine = c->proc.from_engine = -1;
    snprintf(c->name, sizeof c->name, "%s", name);
}

static void forget_handshake(EngineClient *c)
{
    for (int i = 0; i < c->offered_count; i++)
        free(c->offered[i]);
    free(c->offered);
    c->offered = NULL;
    c->offered_count = 0;
    c->variant_value = NULL;
    c->variant_problem[0] = c->option_errors[0] = c->id_name[0] = 0;
}

void client_free(EngineClient *c)
{
    client_quit(c);
    forget_handshake(c);
}

static int64_t timeout_us(const EngineClient *c) { return c->config->timeout_ms * 1000; }

static bool send_line_within(EngineClient *c, const char *line, int64_t wait_us, int abort_fd)
{
    if (c->log && c->log->traffic)
        match_log(c->log, "%s > %s", c->name, line);
    return proc_write_line(&c->proc, line, clock_now_us() + wait_us, abort_fd);
}

static bool send_line(EngineClient *c, const char *line)
{
    return send_line_within(c, line, timeout_us(c), c->abort_fd);
}

static ProcRead receive_line(EngineClient *c, int64_t deadline_us, const char **line)
{
    ProcRead r = proc_read_line(&c->proc, deadline_us, c->abort_fd, line);
    if (r == PROC_LINE && c->log && c->log->traffic)
        match_log(c->log, "%s < %s", c->name, *line);
    return r;
}

/* The status after a failed exchange: the process died, stopped answering, or the match
 * is stopping. Dead and silent processes are killed and reaped here. */
static ClientStatus failure(EngineClient *c, ProcRead how, const char *waiting_for, char *detail,
                            size_t size)
{
    char exit_text[128];
    c->ready = false;
    if (how == PROC_ABORTED) {
        snprintf(detail, size, "match stopped");
        return CLIENT_ABORTED;
    }
    if (how == PROC_EOF || !proc_running(&c->proc)) {
        proc_describe_exit(&c->proc, CLIENT_EXIT_GRACE_MS, exit_text, sizeof exit_text);
        snprintf(detail, size, "%s %s", c->name, exit_text);
        proc_stop(&c->proc, 0);
        return CLIENT_CRASH;
    }
    snprintf(detail, size, "%s sent no %s within %" PRId64 " ms", c->name, waiting_for,
             c->config->timeout_ms);
    client_kill(c);
    return CLIENT_HANG;
}

/* After a failed write: a dead engine shows EOF on its output; a live one stopped reading. */
static ClientStatus write_failure(EngineClient *c, const char *waiting_for, char *detail,
                                  size_t size)
{
    const char *line;
    ProcRead r;
    int64_t deadline = clock_now_us() + CLIENT_EXIT_GRACE_MS * 1000;
    while ((r = receive_line(c, deadline, &line)) == PROC_LINE)
        ;
    return failure(c, r, waiting_for, detail, size);
}

static bool word_is(const char *line, const char *word)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == 0 || isspace((unsigned char)line[n]));
}

/* The score of an `info` line, in centipawns (`score mate N` as +-MATCH_MATE_SCORE, a mate
 * against the engine for N <= 0); false for a line without one, a bound (lowerbound,
 * upperbound) or a line other than the first of a MultiPV search. */
bool client_info_score(const char *line, int *score)
{
    if (!word_is(line, "info"))
        return false;
    bool found = false;
    long value = 0;
    for (const char *s = line + 4;;) {
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        size_t n = strcspn(s, " \t");
        const char *next = s + n;
        if (word_is(s, "lowerbound") || word_is(s, "upperbound"))
            return false;
        if (word_is(s, "multipv") && strtol(next, NULL, 10) != 1)
            return false;
        if (word_is(s, "string"))
            break; /* the rest of the line is free text */
        if (word_is(s, "score")) {
            while (isspace((unsigned char)*next))
                next++;
            bool mate = word_is(next, "mate");
            if (!mate && !word_is(next, "cp"))
                return false;
            char *end;
            value = strtol(next + (mate ? 4 : 2), &end, 10);
            if (end == next + (mate ? 4 : 2) || (*end && !isspace((unsigned char)*end)))
                return false;
            if (mate)
                value = value > 0 ? MATCH_MATE_SCORE : -MATCH_MATE_SCORE;
            else if (value > MATCH_MATE_SCORE || value < -MATCH_MATE_SCORE)
                value = value > 0 ? MATCH_MATE_SCORE : -MATCH_MATE_SCORE;
            found = true;
            next = end;
        }
        s = next;
    }
    if (found)
        *score = (int)value;
    return found;
}

/* What a client does with the other lines while it waits for a word. */
typedef void (*LineSeen)(EngineClient *c, const char *line);

/* Waiting for readyok: keeps the first `info string error` line in option_errors. */
static void note_option_error(EngineClient *c, const char *line)
{
    if (strncmp(line, "info string error", 17) == 0 && !c->option_errors[0])
        snprintf(c->option_errors, sizeof c->option_errors, "%s", line);
}

/* Waits for a line that is exactly `word` (uciok, ugiok, readyok), handing every other
 * line, leading blanks dropped, to `seen`. */
static ClientStatus await_word(EngineClient *c, const char *word, LineSeen seen, char *detail,
                               size_t size)
{
    int64_t deadline = clock_now_us() + timeout_us(c);
    const char *line;
    for (;;) {
        ProcRead r = receive_line(c, deadline, &line);
        if (r != PROC_LINE)
            return failure(c, r, word, detail, size);
        while (isspace((unsigned char)*line))
            line++;
        if (word_is(line, word))
            return CLIENT_OK;
        seen(c, line);
    }
}

static void remember_option(EngineClient *c, const char *line)
{
    const char *name = line + strlen("option name ");
    const char *end = strstr(name, " type ");
    size_t len = end ? (size_t)(end - name) : strlen(name);
    c->offered = xrealloc(c->offered, sizeof *c->offered * (size_t)(c->offered_count + 1));
    char *copy = xmalloc(len + 1);
    memcpy(copy, name, len);
    copy[len] = 0;
    c->offered[c->offered_count++] = copy;
    if (strcasecmp(copy, "UCI_Variant") != 0 || !end)
        return;
    /* The combo's choices: every word after a `var` token. */
    char offered[CLIENT_DETAIL_MAX] = "";
    size_t used = 0;
    c->variant_value = NULL;
    for (const char *s = strstr(end, " var "); s; s = strstr(s, " var ")) {
        s += 5;
        size_t n = strcspn(s, " \t");
        if (used + n + 2 < sizeof offered)
            used += (size_t)snprintf(offered + used, sizeof offered - used, "%s%.*s",
                                     used ? " " : "", (int)n, s);
        if (strncasecmp(s, c->game->name, n) == 0 && c->game->name[n] == 0)
            c->variant_value = c->game->name;
        for (const char *const *a = c->game->aliases; a && *a && !c->variant_value; a++)
            if (strncasecmp(s, *a, n) == 0 && (*a)[n] == 0)
                c->variant_value = *a;
    }
    if (!c->variant_value)
        snprintf(c->variant_problem, sizeof c->variant_problem,
                 "%.100s does not play %.64s (its UCI_Variant offers: %.300s)", c->name,
                 c->game->name, used ? offered : "nothing");
}

/* Waiting for uciok or ugiok: the engine's name and the options it offers. */
static void note_identity(EngineClient *c, const char *line)
{
    if (strncmp(line, "id name ", 8) == 0) {
        snprintf(c->id_name, sizeof c->id_name, "%s", line + 8);
        if (c->adopt_id_name)
            snprintf(c->name, sizeof c->name, "%s", c->id_name);
    } else if (strncmp(line, "option name ", 12) == 0) {
        remember_option(c, line);
    }
}

static bool offers(const EngineClient *c, const char *option)
{
    for (int i = 0; i < c->offered_count; i++)
        if (strcasecmp(c->offered[i], option) == 0)
            return true;
    return false;
}

/* `setoption name N value V`, or `setoption name N` for a button (value NULL). */
static bool send_option(EngineClient *c, const char *name, const char *value)
{
    size_t size = strlen(name) + (value ? strlen(value) : 0) + 32;
    char *cmd = xmalloc(size);
    if (value)
        snprintf(cmd, size, "setoption name %s value %s", name, value);
    else
        snprintf(cmd, size, "setoption name %s", name);
    bool ok = send_line(c, cmd);
    free(cmd);
    return ok;
}

ClientStatus client_start(EngineClient *c, char *detail, size_t size)
{
    client_kill(c);
    forget_handshake(c);
    const EngineConfig *cfg = c->config;
    char err[CLIENT_DETAIL_MAX];
    if (!proc_start(&c->proc, cfg->argv, err, sizeof err)) {
        snprintf(detail, size, "%s", err);
        return CLIENT_START_FAILED;
    }
    bool ugi = cfg->proto == PROTO_UGI;
    const char *hello_ok = ugi ? "ugiok" : "uciok";
    if (!send_line(c, ugi ? "ugi" : "uci"))
        return write_failure(c, hello_ok, detail, size);
    ClientStatus hello = await_word(c, hello_ok, note_identity, detail, size);
    if (hello != CLIENT_OK)
        return hello;
    if (c->variant_problem[0]) {
        snprintf(detail, size, "%s", c->variant_problem);
        client_kill(c);
        return CLIENT_START_FAILED;
    }
    /* UCI engines learn the game from UCI_Variant; a UGI engine only if it offers it. */
    if (!c->variant_value && !ugi)
        c->variant_value = c->game->name;
    if (c->variant_value && !send_option(c, "UCI_Variant", c->variant_value))
        return write_failure(c, "readyok", detail, size);
    for (int i = 0; i < cfg->option_count; i++) {
        const EngineOption *o = &cfg->options[i];
        if (c->offered_count > 0 && !offers(c, o->name)) {
            snprintf(detail, size, "%s has no option '%s'", c->name, o->name);
            client_kill(c);
            return CLIENT_START_FAILED;
        }
        if (!send_option(c, o->name, o->value))
            return write_failure(c, "readyok", detail, size);
    }
    if (!send_line(c, "isready"))
        return write_failure(c, "readyok", detail, size);
    ClientStatus status = await_word(c, "readyok", note_option_error, detail, size);
    if (status == CLIENT_OK && c->option_errors[0]) {
        snprintf(detail, size, "%s rejected its settings: %s", c->name, c->option_errors);
        client_kill(c);
        return CLIENT_START_FAILED;
    }
    c->ready = status == CLIENT_OK;
    return status;
}

ClientStatus client_new_game(EngineClient *c, char *detail, size_t size)
{
    bool ugi = c->config->proto == PROTO_UGI;
    if (!send_line(c, ugi ? "uginewgame" : "ucinewgame") || !send_line(c, "isready"))
        return write_failure(c, "readyok", detail, size);
    return await_word(c, "readyok", note_option_error, detail, size);
}

MoveReply client_go(EngineClient *c, const char *position, const char *go, int64_t budget_us)
{
    MoveReply reply = {.status = CLIENT_OK};
    if (!send_line(c, position) || !send_line(c, go)) {
        reply.status = write_failure(c, "bestmove", reply.detail, sizeof reply.detail);
        return reply;
    }
    int64_t start = clock_now_us();
    int64_t deadline = start + (budget_us > 0 ? budget_us : timeout_us(c));
    bool stopped = false;
    const char *line;
    for (;;) {
        ProcRead r = receive_line(c, deadline, &line);
        if (r == PROC_LINE) {
            while (isspace((unsigned char)*line))
                line++;
            if (!word_is(line, "bestmove")) {
                reply.scored |= client_info_score(line, &reply.score);
                continue;
            }
            reply.elapsed_us = clock_now_us() - start;
            const char *move = line + 8;
            while (isspace((unsigned char)*move))
                move++;
            size_t n = strcspn(move, " \t");
            snprintf(reply.move, sizeof reply.move, "%.*s", (int)n, move);
            reply.late = stopped || (budget_us > 0 && reply.elapsed_us > budget_us);
            return reply;
        }
        if (r == PROC_TIMEOUT && budget_us > 0 && !stopped) {
            /* Out of time: the game is lost, but an engine that still answers `stop` can
             * stay for the next game. */
            send_line(c, "stop");
            stopped = true;
            deadline = clock_now_us() + timeout_us(c);
            continue;
        }
        reply.status = failure(c, r, stopped ? "bestmove after stop" : "bestmove", reply.detail,
                               sizeof reply.detail);
        reply.elapsed_us = clock_now_us() - start;
        return reply;
    }
}

ClientStatus client_query_result(EngineClient *c, const char *position, char *answer, size_t size,
                                 char *detail, size_t detail_size)
{
    if (!send_line(c, position) || !send_line(c, "query result"))
        return write_failure(c, "response", detail, detail_size);
    int64_t deadline = clock_now_us() + timeout_us(c);
    const char *line;
    for (;;) {
        ProcRead r = receive_line(c, deadline, &line);
        if (r != PROC_LINE)
            return failure(c, r, "response", detail, detail_size);
        while (isspace((unsigned char)*line))
            line++;
        if (word_is(line, "response")) {
            const char *word = line + 8;
            while (isspace((unsigned char)*word))
                word++;
            snprintf(answer, size, "%.*s", (int)strcspn(word, " \t"), word);
            return CLIENT_OK;
        }
    }
}

void client_quit(EngineClient *c)
{
    /* Not abortable: `quit` is how a stopping match ends its engines. */
    if (proc_running(&c->proc))
        send_line_within(c, "quit", CLIENT_QUIT_WRITE_MS * 1000, -1);
    proc_stop(&c->proc, CLIENT_QUIT_GRACE_MS);
    c->ready = false;
}

void client_kill(EngineClient *c)
{
    proc_stop(&c->proc, 0);
    c->ready = false;
}
