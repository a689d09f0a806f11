/*
 * Protocol stress: the built engine ($WYRM, started as a GUI starts it) is driven through
 * thousands of seeded random commands, valid and invalid: go with every kind of limit,
 * stop, ponderhit, isready, position (start, FEN, move lists, illegal moves, bad FENs),
 * setoption (Threads and Hash changed between searches, bad values), game switches,
 * garbage lines, and sessions that end with `quit` in the middle of a search or with the
 * end of input.
 *
 * The test keeps its own model of the engine's state through the game tables and checks
 * every reply: exactly one bestmove per go, in order; each bestmove legal in the position
 * its go was given (0000 exactly when that position's game is over); one readyok per
 * isready; exactly the expected number of error lines; a clean exit; and every reply
 * within a deadline, so a deadlock fails the test instead of hanging it.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/rng.h"
#include "match/match_proc.h"
#include "tests/helpers.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
enum { STRESS_COMMANDS = 1200 }; /* sanitized engines run several times slower */
#else
enum { STRESS_COMMANDS = 4000 };
#endif

enum {
    SESSION_COMMANDS_MAX = 400, /* a session ends (quit or end of input) after this many */
    REPLY_DEADLINE_MS = 20000,  /* longest wait for any expected reply */
    STRESS_WALL_MS = 100000,    /* the whole run; well under the test case's timeout */
    LINE_MOVES_MAX = 60,        /* plies of a random game line before it restarts */
    PENDING_MAX = SESSION_COMMANDS_MAX,
};

static const char *const stress_games[] = {
    "breakthrough",          "dragonface",           "dragonsgate",    "threedragons",
    "threedragons-strength", "threedragons-dragons", "dragondraughts", "dragonqi",
};

/* What the test believes the engine holds. */
typedef struct Model {
    const Game *game;
    unsigned char *start, *pos;
    char start_fen[FEN_MAX];
    bool from_fen;
    char moves[LINE_MOVES_MAX][MOVE_STR_MAX];
    uint64_t keys[LINE_MOVES_MAX + 1];
    int played;
    int no_progress;
} Model;

/* One go waiting for its bestmove: where it searched, and whether its game was over. */
typedef struct Pending {
    unsigned char *pos;
    const Game *game;
    bool over;
} Pending;

typedef struct Session {
    EngineProc proc;
    Model *model;
    Pending pending[PENDING_MAX];
    int gos, bestmoves, isreadys, readyoks, errors_expected, errors;
    int64_t deadline_us;
} Session;

static void model_reset(Model *m, const Game *g)
{
    m->game = g;
    m->start = realloc(m->start, g->pos_size);
    m->pos = realloc(m->pos, g->pos_size);
    snprintf(m->start_fen, sizeof m->start_fen, "%s", game_start_fen(g, NULL));
    t_load(g, m->start_fen, m->start);
    memcpy(m->pos, m->start, g->pos_size);
    m->from_fen = false;
    m->played = 0;
}

static bool model_over(const Model *m)
{
    GameOverReason why;
    int limit = m->game->no_progress_plies ? m->game->no_progress_plies : m->no_progress;
    return game_over(m->game, m->pos, m->keys, m->played, limit, &why) != RESULT_NONE;
}

/* Plays a random legal move on the model's line; false if the game has none. */
static bool model_extend(Model *m, uint64_t *seed)
{
    const Game *g = m->game;
    Move moves[MAX_MOVES];
    int n = g->gen_moves(m->pos, moves);
    if (n == 0 || m->played == LINE_MOVES_MAX || model_over(m))
        return false;
    Move mv = moves[rng_below(seed, (uint64_t)n)];
    unsigned char *next = malloc(g->pos_size);
    g->move_to_str(m->pos, mv, m->moves[m->played]);
    m->keys[m->played++] = game_repetition_key(g, m->pos);
    g->make_move(m->pos, mv, next);
    memcpy(m->pos, next, g->pos_size);
    free(next);
    return true;
}

/* ---- replies ---------------------------------------------------------------------- */

static void check_bestmove(Session *s, const char *line)
{
    ck_assert_msg(s->bestmoves < s->gos, "bestmove without a go: %s", line);
    Pending *p = &s->pending[s->bestmoves++];
    char move[MOVE_STR_MAX] = "";
    ck_assert_msg(sscanf(line, "bestmove %63s", move) == 1, "bad line: %s", line);
    if (p->over) {
        ck_assert_msg(strcmp(move, "0000") == 0, "%s: move %s in a finished game", p->game->name,
                      move);
    } else {
        char fen[FEN_MAX];
        p->game->fen_write(p->pos, fen, sizeof fen);
        ck_assert_msg(p->game->parse_move(p->pos, move) != MOVE_NONE,
                      "%s: bestmove %s is not legal in %s", p->game->name, move, fen);
    }
    free(p->pos);
    p->pos = NULL;
}

/* Handles one engine line; the lines other than these (info, d, moves) are not counted. */
static void take_line(Session *s, const char *line)
{
    if (strncmp(line, "bestmove ", 9) == 0)
        check_bestmove(s, line);
    else if (strcmp(line, "readyok") == 0)
        s->readyoks++;
    else if (strncmp(line, "info string error: ", 19) == 0)
        s->errors++;
}

/* Reads replies until `done` holds; every wait is bounded by the session's deadline. */
static void read_until(Session *s, bool (*done)(const Session *))
{
    while (!done(s)) {
        const char *line;
        ProcRead r = proc_read_line(&s->proc, s->deadline_us, -1, &line);
        ck_assert_msg(r != PROC_TIMEOUT,
                      "no reply in time (gos %d bestmoves %d isready %d "
                      "readyok %d)",
                      s->gos, s->bestmoves, s->isreadys, s->readyoks);
        ck_assert_msg(r == PROC_LINE, "the engine closed its output early");
        take_line(s, line);
    }
}

/* Takes what has already arrived without waiting. */
static void drain(Session *s)
{
    const char *line;
    while (proc_read_line(&s->proc, clock_now_us(), -1, &line) == PROC_LINE)
        take_line(s, line);
}

static bool all_ready(const Session *s) { return s->readyoks == s->isreadys; }

static void send(Session *s, const char *line)
{
    s->deadline_us = clock_now_us() + (int64_t)REPLY_DEADLINE_MS * 1000;
    ck_assert_msg(proc_write_line(&s->proc, line, s->deadline_us, -1), "cannot write: %s", line);
    drain(s);
}

/* ---- commands ---------------------------------------------------------------------- */

static void cmd_go(Session *s, uint64_t *seed)
{
    static const char *const limits[] = {
        "depth 1",
        "depth 2",
        "depth 3",
        "nodes 300",
        "nodes 3000",
        "movetime 5",
        "movetime 20",
        "wtime 300 btime 300 winc 5 binc 5",
        "p1time 150 p2time 150",
        "wtime 2000 btime 2000 movestogo 40",
        "wtime -5 btime 100",
        "infinite",
        "ponder wtime 300 btime 300",
        "depth 2 nodes 500",
        "depth x nodes 400",
        "foo depth 2",
    };
    int pick = (int)rng_below(seed, sizeof limits / sizeof *limits);
    char line[128];
    snprintf(line, sizeof line, "go %s", limits[pick]);
    Model *m = s->model;
    Pending *p = &s->pending[s->gos++];
    p->game = m->game;
    p->pos = malloc(m->game->pos_size);
    memcpy(p->pos, m->pos, m->game->pos_size);
    p->over = model_over(m);
    s->errors_expected += strstr(line, " x ") || strstr(line, "foo");
    send(s, line);
}

static void cmd_position(Session *s, uint64_t *seed)
{
    Model *m = s->model;
    int kind = (int)rng_below(seed, 10);
    bool illegal = kind == 9;
    if (illegal) {
        /* The line played so far and an illegal move: refused, the engine (and so the
         * model) keeps what it had. */
        s->errors_expected++;
    } else if (kind < 2 || m->played == LINE_MOVES_MAX) { /* a new line from a start or FEN */
        if (kind == 1 && m->played) {
            m->game->fen_write(m->pos, m->start_fen, sizeof m->start_fen);
            memcpy(m->start, m->pos, m->game->pos_size);
            m->from_fen = true;
        } else {
            model_reset(m, m->game);
        }
        m->played = 0;
    } else if (kind < 7) { /* the game goes on by a few plies */
        for (int k = 1 + (int)rng_below(seed, 3); k > 0 && model_extend(m, seed); k--)
            ;
    }
    size_t size = FEN_MAX + LINE_MOVES_MAX * MOVE_STR_MAX + 64, n = 0;
    char *line = malloc(size);
    n += (size_t)(m->from_fen ? snprintf(line, size, "position fen %s", m->start_fen)
                              : snprintf(line, size, "position startpos"));
    if (m->played || illegal)
        n += (size_t)snprintf(line + n, size - n, " moves");
    for (int i = 0; i < m->played; i++)
        n += (size_t)snprintf(line + n, size - n, " %s", m->moves[i]);
    if (illegal)
        snprintf(line + n, size - n, " zz9");
    send(s, line);
    free(line);
}

static void cmd_setoption(Session *s, uint64_t *seed)
{
    char line[128];
    Model *m = s->model;
    switch (rng_below(seed, 9)) {
    case 0:
        snprintf(line, sizeof line, "setoption name Threads value %d", 1 + (int)rng_below(seed, 3));
        break;
    case 1:
        snprintf(line, sizeof line, "setoption name Hash value %d", 1 << rng_below(seed, 6));
        break;
    case 2:
        snprintf(line, sizeof line, "setoption name MultiPV value %d", 1 + (int)rng_below(seed, 3));
        break;
    case 3: {
        const Game *g = registry_find(stress_games[rng_below(seed, 8)]);
        snprintf(line, sizeof line, "setoption name UCI_Variant value %s", g->name);
        model_reset(m, g);
        break;
    }
    case 4:
        m->no_progress = (int)rng_below(seed, 3) * 20;
        snprintf(line, sizeof line, "setoption name NoProgressPlies value %d", m->no_progress);
        break;
    case 5:
        snprintf(line, sizeof line, "setoption name Threads value 0");
        s->errors_expected++;
        break;
    case 6:
        snprintf(line, sizeof line, "setoption name Hash value lots");
        s->errors_expected++;
        break;
    case 7:
        snprintf(line, sizeof line, "setoption name Clear Hash");
        break;
    default:
        snprintf(line, sizeof line, "setoption name NoSuchOption value 1");
        s->errors_expected++;
        break;
    }
    send(s, line);
}

static void cmd_other(Session *s, uint64_t *seed)
{
    switch (rng_below(seed, 8)) {
    case 0:
        send(s, "ucinewgame");
        break;
    case 1:
        send(s, "ponderhit");
        break;
    case 2:
        send(s, "position fen not a position at all");
        s->errors_expected++;
        break;
    case 3: {
        char junk[64];
        int len = 1 + (int)rng_below(seed, 40);
        junk[0] = 'X';
        for (int i = 1; i < len; i++)
            junk[i] = (char)(33 + rng_below(seed, 94));
        junk[len] = 0;
        send(s, junk);
        s->errors_expected++;
        break;
    }
    case 4:
        send(s, "");
        break;
    case 5:
        send(s, "query gameover");
        break;
    default:
        send(s, "d");
        break;
    }
}

/* One engine process: `count` commands, then quit (maybe mid-search) or end of input. */
static void run_session(Model *m, int count, uint64_t *seed)
{
    const char *path = getenv("WYRM");
    ck_assert_msg(path && access(path, X_OK) == 0,
                  "WYRM must name the engine binary (run the tests through make test)");
    Session *s = calloc(1, sizeof *s);
    s->model = m;
    char *argv[] = {(char *)path, NULL}, err[256];
    ck_assert_msg(proc_start(&s->proc, argv, err, sizeof err), "cannot start %s: %s", path, err);
    send(s, "uci");
    /* A fresh engine: the default game at its start, defaults for every option. */
    model_reset(m, registry_default());
    m->no_progress = 200;
    for (int i = 0; i < count; i++) {
        uint64_t r = rng_below(seed, 100);
        if (r < 30)
            cmd_go(s, seed);
        else if (r < 42)
            send(s, "stop");
        else if (r < 55) {
            s->isreadys++;
            send(s, "isready");
            if (rng_below(seed, 2))
                read_until(s, all_ready);
        } else if (r < 75)
            cmd_position(s, seed);
        else if (r < 88)
            cmd_setoption(s, seed);
        else
            cmd_other(s, seed);
    }
    s->isreadys++;
    send(s, "isready");
    read_until(s, all_ready);
    if (rng_below(seed, 2)) {
        /* quit during a search: it still answers its go before the process exits */
        cmd_go(s, seed);
        send(s, "quit");
    } else {
        close(s->proc.to_engine);
        s->proc.to_engine = -1;
    }
    for (const char *line;;) {
        ProcRead r = proc_read_line(&s->proc, s->deadline_us, -1, &line);
        ck_assert_msg(r != PROC_TIMEOUT, "the engine did not exit in time");
        if (r != PROC_LINE)
            break;
        take_line(s, line);
    }
    char how[128];
    proc_describe_exit(&s->proc, REPLY_DEADLINE_MS, how, sizeof how);
    int status = s->proc.wait_status;
    proc_stop(&s->proc, 0);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the engine %s", how);
    ck_assert_int_eq(s->bestmoves, s->gos);
    ck_assert_int_eq(s->readyoks, s->isreadys);
    ck_assert_int_eq(s->errors, s->errors_expected);
    for (int i = 0; i < s->gos; i++)
        free(s->pending[i].pos);
    free(s);
}

START_TEST(random_command_stream)
{
    registry_init();
    uint64_t seed = 0x5EED0000ULL + (uint64_t)_i;
    Model m = {0};
    int64_t start = clock_now_us();
    for (int done = 0; done < STRESS_COMMANDS;) {
        int count = 50 + (int)rng_below(&seed, SESSION_COMMANDS_MAX - 50);
        if (count > STRESS_COMMANDS - done)
            count = STRESS_COMMANDS - done;
        run_session(&m, count, &seed);
        done += count;
    }
    int64_t ms = (clock_now_us() - start) / 1000;
    ck_assert_msg(ms < STRESS_WALL_MS, "%d commands took %lld ms", STRESS_COMMANDS, (long long)ms);
    free(m.start);
    free(m.pos);
}
END_TEST

Suite *stress_suite(void)
{
    Suite *s = suite_create("stress");
    TCase *tc = tcase_create("stress");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, random_command_stream, 0, 1);
    suite_add_tcase(s, tc);
    return s;
}
