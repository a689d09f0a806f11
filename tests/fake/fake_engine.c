/*
 * A scripted engine for the match runner's tests: it speaks UCI and UGI well enough for
 * `wyrm match`, plays the first legal move of the position (wyrm's own rules), and can be
 * told to misbehave from a given move on:
 *
 *   fake-engine [mode=legal|illegal|crash|killself|hang|flag|mute] [after=N] [sleep=MS]
 *               [think=MS] [name=NAME] [liar] [score=cp:N|mate:N|none] [bound]
 *
 *   legal     always a legal move (the default)
 *   illegal   answers `bestmove a1a1`
 *   crash     exits with status 3 instead of answering
 *   killself  dies by SIGKILL instead of answering
 *   hang      never answers again, not even `stop`
 *   flag      sleeps `sleep` ms (ignoring `stop`), then answers a legal move
 *   mute      never answers `uci` / `ugi`
 *
 * `after=N`: the first N `go` commands of the process are answered legally. `think=MS`:
 * every legal answer waits that long first. It answers `query result` by the rules (win,
 * loss or no legal move; it keeps no history), or always `draw` with `liar`.
 *
 * Before each legal answer it reports `info depth 1 score cp 0 pv MOVE`; `score=` sets that
 * score (`cp:-600`, `mate:-2`) or leaves it out (`none`), and `bound` follows the line
 * with `info depth 2 score cp 31000 lowerbound`, a bound a match must not read as the
 * score.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/registry.h"

typedef enum {
    MODE_LEGAL,
    MODE_ILLEGAL,
    MODE_CRASH,
    MODE_KILLSELF,
    MODE_HANG,
    MODE_FLAG,
    MODE_MUTE
} Mode;

typedef struct Fake {
    Mode mode;
    int after, sleep_ms, think_ms, goes;
    bool liar, bound;
    const char *name;
    const char *score; /* "cp 0", "mate -2", "" for none */
    char score_text[32];
    const Game *game;
    unsigned char *pos, *next;
} Fake;

static void say(const char *fmt, const char *arg)
{
    printf(fmt, arg);
    putchar('\n');
    fflush(stdout);
}

static void nap(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000};
    while (nanosleep(&t, &t) != 0)
        ;
}

static void set_game(Fake *f, const Game *g)
{
    char err[256];
    f->game = g;
    f->pos = realloc(f->pos, g->pos_size);
    f->next = realloc(f->next, g->pos_size);
    if (!f->pos || !f->next || !g->fen_read(f->pos, game_start_fen(g, NULL), err, sizeof err))
        abort();
}

static void identify(const Fake *f, const char *ok)
{
    if (f->mode == MODE_MUTE)
        return;
    say("id name %s", f->name);
    say("id author %s", "the wyrm tests");
    char vars[1024] = "";
    size_t n = 0;
    for (int i = 0; i < registry_count(); i++)
        n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", registry_game(i)->name);
    printf("option name UCI_Variant type combo default %s%s\n", f->game->name, vars);
    say("option name Hash type spin default 1 min 1 max %s", "1024");
    say("option name Threads type spin default 1 min 1 max %s", "64");
    say("%s", ok);
}

static void set_option(Fake *f, char *line)
{
    char *name = strstr(line, "name "), *value = strstr(line, " value ");
    if (!name || !value)
        return;
    *value = 0;
    name += 5;
    value += 7;
    if (strcasecmp(name, "UCI_Variant") == 0) {
        const Game *g = registry_find(value);
        if (g)
            set_game(f, g);
        else
            say("info string error: unknown game '%s'", value);
    } else if (strcasecmp(name, "Hash") == 0 || strcasecmp(name, "Threads") == 0) {
        if (atoi(value) < 1)
            say("info string error: invalid value '%s'", value);
    } else {
        say("info string error: unknown option '%s'", name);
    }
}

static void set_position(Fake *f, char *line)
{
    char err[256], *moves = strstr(line, " moves");
    if (moves)
        *moves = 0;
    const char *fen =
        strncmp(line, "position fen ", 13) == 0 ? line + 13 : game_start_fen(f->game, NULL);
    if (!f->game->fen_read(f->pos, fen, err, sizeof err)) {
        say("info string error: %s", err);
        return;
    }
    if (!moves)
        return;
    for (char *m = strtok(moves + 6, " "); m; m = strtok(NULL, " ")) {
        Move move = f->game->parse_move(f->pos, m);
        if (move == MOVE_NONE) {
            say("info string error: illegal move '%s'", m);
            return;
        }
        f->game->make_move(f->pos, move, f->next);
        memcpy(f->pos, f->next, f->game->pos_size);
    }
}

static void answer_legal(Fake *f)
{
    Move moves[MAX_MOVES];
    char text[MOVE_STR_MAX] = "0000";
    if (f->game->result(f->pos) == RESULT_NONE && f->game->gen_moves(f->pos, moves) > 0)
        f->game->move_to_str(f->pos, moves[0], text);
    if (f->score[0])
        printf("info depth 1 score %s pv %s\n", f->score, text);
    else
        say("info depth 1 pv %s", text);
    if (f->bound)
        say("info depth 2 score cp 31000 %s", "lowerbound");
    say("bestmove %s", text);
}

static void query_result(const Fake *f)
{
    GameOverReason why;
    Result r = game_over(f->game, f->pos, NULL, 0, 0, &why);
    int side = f->game->side_to_move(f->pos);
    const char *word = r == RESULT_NONE                    ? "none"
                       : r == RESULT_DRAW                  ? "draw"
                       : (r == RESULT_WIN) == (side == P1) ? "p1win"
                                                           : "p2win";
    say("response %s", f->liar ? "draw" : word);
}

static void go(Fake *f)
{
    bool misbehave = ++f->goes > f->after;
    if (!misbehave || f->mode == MODE_LEGAL || f->mode == MODE_MUTE) {
        if (f->think_ms)
            nap(f->think_ms);
        answer_legal(f);
        return;
    }
    switch (f->mode) {
    case MODE_ILLEGAL:
        say("bestmove %s", "a1a1");
        break;
    case MODE_CRASH:
        exit(3);
    case MODE_KILLSELF:
        raise(SIGKILL);
        break;
    case MODE_HANG:
        for (;;)
            pause();
    case MODE_FLAG:
        nap(f->sleep_ms);
        answer_legal(f);
        break;
    default:
        break;
    }
}

int main(int argc, char **argv)
{
    registry_init();
    Fake f = {.name = "fake", .score = "cp 0"};
    static const char *const modes[] = {"legal", "illegal", "crash", "killself",
                                        "hang",  "flag",    "mute"};
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "mode=", 5) == 0) {
            for (int m = 0; m < (int)(sizeof modes / sizeof *modes); m++)
                if (strcmp(argv[i] + 5, modes[m]) == 0)
                    f.mode = (Mode)m;
        } else if (strncmp(argv[i], "after=", 6) == 0) {
            f.after = atoi(argv[i] + 6);
        } else if (strncmp(argv[i], "sleep=", 6) == 0) {
            f.sleep_ms = atoi(argv[i] + 6);
        } else if (strncmp(argv[i], "think=", 6) == 0) {
            f.think_ms = atoi(argv[i] + 6);
        } else if (strncmp(argv[i], "name=", 5) == 0) {
            f.name = argv[i] + 5;
        } else if (strcmp(argv[i], "liar") == 0) {
            f.liar = true;
        } else if (strcmp(argv[i], "bound") == 0) {
            f.bound = true;
        } else if (strncmp(argv[i], "score=", 6) == 0) {
            const char *v = argv[i] + 6, *colon = strchr(v, ':');
            if (colon)
                snprintf(f.score_text, sizeof f.score_text, "%.*s %s", (int)(colon - v), v,
                         colon + 1);
            f.score = colon ? f.score_text : "";
        }
    }
    set_game(&f, registry_default());
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (strcmp(line, "uci") == 0 || strcmp(line, "ugi") == 0)
            identify(&f, line[1] == 'c' ? "uciok" : "ugiok");
        else if (strcmp(line, "isready") == 0)
            say("%s", "readyok");
        else if (strncmp(line, "setoption ", 10) == 0)
            set_option(&f, line);
        else if (strncmp(line, "position ", 9) == 0)
            set_position(&f, line);
        else if (strncmp(line, "go", 2) == 0)
            go(&f);
        else if (strcmp(line, "query result") == 0)
            query_result(&f);
        else if (strcmp(line, "quit") == 0)
            break;
    }
    free(line);
    free(f.pos);
    free(f.next);
    return 0;
}
