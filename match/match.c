/*
 * The match: a thread per concurrent game, each owning one process of each engine, taking
 * games from the schedule (every game, or a shard's pairs) through a shared counter;
 * results, the running score, the PGN, the results file and the SPRT decision go through
 * one lock. Stopping (an SPRT decision or Ctrl-C) writes a byte into the abort pipe, which
 * every wait on an engine also polls, so no thread sleeps through it.
 */
#include "match/match.h"

#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/util.h"
#include "match/match_game.h"
#include "match/match_openings.h"
#include "match/match_pgn.h"
#include "match/match_report.h"

/* The write end of the running match's abort pipe, for the Ctrl-C handler; -1: none. */
static atomic_int interrupt_fd = -1;
static atomic_int interrupted;

typedef struct Match {
    const MatchConfig *config;
    FILE *out;
    MatchLog log;
    OpeningBook book;
    FILE *pgn;
    char date[16];
    int abort_pipe[2];
    char names[MATCH_ENGINES][CLIENT_NAME_MAX];

    int *schedule; /* the games this run plays (0-based numbers), in order */
    int scheduled;
    ResultsFile results_file;

    pthread_mutex_t lock; /* guards everything below */
    int next_game;        /* the next schedule entry to hand out */
    bool stopping;        /* hand out no more games, ignore late results */
    MatchTally tally;
    GameResult *results; /* by game number - 1 */
    char **pending_pgn;  /* finished games' PGN waiting for their turn, by schedule entry */
    int next_pgn;
    SprtVerdict verdict;
} Match;

typedef struct Worker {
    Match *match;
    pthread_t thread;
    EngineClient clients[MATCH_ENGINES];
} Worker;

static void stop_match(Match *m)
{
    m->stopping = true;
    char byte = 1;
    /* The pipe is ours, empty and non-blocking: the write cannot fail in a way that matters. */
    ssize_t written = write(m->abort_pipe[1], &byte, 1);
    (void)written;
}

static void print_score(Match *m)
{
    const MatchScore *s = &m->tally.score;
    const SprtConfig *sprt = &m->config->sprt;
    int n = match_score_games(s);
    fprintf(m->out, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", m->names[0], m->names[1],
            s->wins, s->losses, s->draws, n ? (s->wins + 0.5 * s->draws) / n : 0.0, n);
    if (sprt->enabled)
        fprintf(m->out, "SPRT: LLR %.2f [%.2f, %.2f]\n",
                sprt->model == SPRT_PENTANOMIAL ? match_sprt_llr_pairs(sprt, &m->tally.pairs)
                                                : match_sprt_llr(sprt, s),
                match_sprt_lower(sprt), match_sprt_upper(sprt));
}

/* Writes the PGN of every finished game whose predecessors are all written. */
static void flush_pgn(Match *m, bool all)
{
    while (m->next_pgn < m->scheduled &&
           (m->pending_pgn[m->next_pgn] || (all && m->next_pgn < m->next_game))) {
        if (m->pending_pgn[m->next_pgn] && m->pgn) {
            fputs(m->pending_pgn[m->next_pgn], m->pgn);
            fflush(m->pgn);
        }
        free(m->pending_pgn[m->next_pgn]);
        m->pending_pgn[m->next_pgn++] = NULL;
    }
}

/* Counts a finished game; `entry` is its place in the schedule. */
static void record_game(Match *m, const GameRecord *r, int entry)
{
    pthread_mutex_lock(&m->lock);
    const Outcome *o = &r->outcome;
    if (o->termination == TERM_ABORTED || m->stopping) {
        /* A game is aborted only when the abort pipe is readable: the match is ending. */
        m->stopping = true;
        pthread_mutex_unlock(&m->lock);
        return;
    }
    GameResult result = game_result_of(r);
    tally_add(&m->tally, m->results, m->config->games, &result);
    results_add(&m->results_file, &result);
    fprintf(m->out, "Game %d/%d %s vs %s: %s {%s: %s}\n", r->number, m->config->games, r->names[P1],
            r->names[P2], pgn_result(o), match_termination_name(o->termination), o->detail);
    print_score(m);
    fflush(m->out);
    m->pending_pgn[entry] = pgn_format(r, m->date);
    flush_pgn(m, false);
    /* A shard plays on: the test decides on the merge of every shard's games. */
    if (m->config->sprt.enabled && m->config->shards == 1) {
        m->verdict = report_verdict(&m->config->sprt, &m->tally);
        if (m->verdict != SPRT_CONTINUE)
            stop_match(m);
    }
    pthread_mutex_unlock(&m->lock);
}

static void *worker_run(void *arg)
{
    Worker *w = arg;
    Match *m = w->match;
    char fen[FEN_MAX];
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int entry = m->stopping || m->next_game >= m->scheduled ? -1 : m->next_game++;
        pthread_mutex_unlock(&m->lock);
        if (entry < 0)
            break;
        int game = m->schedule[entry];
        /* Games 2k and 2k+1 share opening k, the engines swapping sides. */
        int swapped = game % 2;
        openings_get(&m->book, game / 2, fen);
        GameSetup setup = {
            .config = m->config, .number = game + 1, .fen = fen, .engine_of_p1 = swapped};
        setup.players[P1] = &w->clients[swapped];
        setup.players[P2] = &w->clients[!swapped];
        GameRecord record;
        match_play_game(&setup, &record);
        record_game(m, &record, entry);
        game_record_free(&record);
    }
    for (int k = 0; k < MATCH_ENGINES; k++)
        client_free(&w->clients[k]);
    return NULL;
}

/* Starts each engine once before any game, so that a wrong command, an engine that does
 * not play the game or a rejected option stops the match with a clear error. */
static bool check_engines(Match *m, EngineClient *clients)
{
    const MatchConfig *c = m->config;
    char detail[CLIENT_DETAIL_MAX];
    for (int k = 0; k < MATCH_ENGINES; k++) {
        char label[CLIENT_NAME_MAX];
        snprintf(label, sizeof label, "%.100s",
                 c->engines[k].name ? c->engines[k].name : c->engines[k].argv[0]);
        client_init(&clients[k], &c->engines[k], c->game, label, m->abort_pipe[0], &m->log);
        clients[k].adopt_id_name = !c->engines[k].name;
        if (client_start(&clients[k], detail, sizeof detail) != CLIENT_OK) {
            match_log(&m->log, "wyrm match: engine %d (%.200s): %s", k + 1, c->engines[k].cmd,
                      detail);
            client_free(&clients[0]);
            client_free(&clients[1]);
            return false;
        }
        snprintf(m->names[k], sizeof m->names[k], "%s",
                 c->engines[k].name      ? c->engines[k].name
                 : clients[k].id_name[0] ? clients[k].id_name
                                         : c->engines[k].argv[0]);
    }
    if (strcmp(m->names[0], m->names[1]) == 0)
        for (int k = 0; k < MATCH_ENGINES; k++) {
            char base[CLIENT_NAME_MAX];
            snprintf(base, sizeof base, "%.120s", m->names[k]);
            snprintf(m->names[k], sizeof m->names[k], "%.100s#%d", base, k + 1);
        }
    for (int k = 0; k < MATCH_ENGINES; k++) {
        clients[k].adopt_id_name = false;
        snprintf(clients[k].name, sizeof clients[k].name, "%s", m->names[k]);
    }
    return true;
}

static void print_header(const Match *m)
{
    const MatchConfig *c = m->config;
    fprintf(m->out, "Match: %s vs %s, %s, %d games, concurrency %d\n", m->names[0], m->names[1],
            c->game->name, c->games, c->concurrency);
    if (c->shards > 1)
        fprintf(m->out, "Shard %d/%d: %d of the %d games (pair %d and every %d pairs after it)\n",
                c->shard, c->shards, m->scheduled, c->games, c->shard, c->shards);
    for (int k = 0; k < MATCH_ENGINES; k++) {
        char tc[64];
        match_tc_describe(&c->engines[k].tc, tc, sizeof tc);
        fprintf(m->out, "Engine %s: %s (%s), %s\n", m->names[k], c->engines[k].cmd,
                c->engines[k].proto == PROTO_UGI ? "ugi" : "uci", tc);
    }
    if (c->openings == OPENINGS_STARTPOS)
        fprintf(m->out, "Openings: the start position\n");
    else if (c->openings == OPENINGS_FILE)
        fprintf(m->out, "Openings: %s (%d positions)\n", c->openings_file, m->book.count);
    else
        fprintf(m->out, "Openings: random, %d plies, depth-%d search within %d, seed %llu\n",
                c->random_plies, m->book.depth, m->book.margin, (unsigned long long)c->seed);
    const Adjudication *a = &c->adjudication;
    if (a->resign_moves)
        fprintf(m->out, "Adjudication: a loss at -%d or less for %d moves in a row%s\n",
                a->resign_score, a->resign_moves,
                a->resign_twosided ? ", the opponent agreeing" : "");
    if (a->draw_moves)
        fprintf(m->out, "Adjudication: a draw within +-%d for %d moves in a row, from move %d\n",
                a->draw_score, a->draw_moves, a->draw_from_move);
    fflush(m->out);
}

static void print_report(const Match *m)
{
    const MatchConfig *c = m->config;
    ReportInfo info = {.names = {m->names[0], m->names[1]},
                       .game = c->game,
                       .games = m->scheduled,
                       .sprt = c->sprt,
                       .results = m->results,
                       .result_slots = c->games,
                       .status = atomic_load(&interrupted)     ? REPORT_INTERRUPTED
                                 : m->verdict != SPRT_CONTINUE ? REPORT_SPRT
                                                               : REPORT_FINISHED};
    report_print(m->out, &info, &m->tally);
}

/* The games of this run: all of them, or the pairs of one shard (pair p goes to shard
 * p mod N + 1), so that shards are disjoint, cover the match, and keep pairs whole. */
static void make_schedule(Match *m)
{
    const MatchConfig *c = m->config;
    m->schedule = xmalloc(sizeof *m->schedule * (size_t)c->games);
    for (int game = 0; game < c->games; game++)
        if ((game / 2) % c->shards == c->shard - 1)
            m->schedule[m->scheduled++] = game;
}

static bool open_abort_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return false;
    for (int i = 0; i < 2; i++)
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    return true;
}

/* Everything before the first game; false after printing why the match cannot start. */
static bool set_up(Match *m, EngineClient *checked)
{
    const MatchConfig *c = m->config;
    char err[ERR_MAX];
    if (!open_abort_pipe(m->abort_pipe)) {
        match_log(&m->log, "wyrm match: cannot create a pipe");
        return false;
    }
    /* From here on a Ctrl-C also cuts short the engines' start-up. */
    atomic_store(&interrupt_fd, m->abort_pipe[1]);
    if (!openings_open(&m->book, c, err, sizeof err)) {
        match_log(&m->log, "wyrm match: %s", err);
        return false;
    }
    if (c->pgn_path && !(m->pgn = fopen(c->pgn_path, "w"))) {
        match_log(&m->log, "wyrm match: cannot write the PGN file '%s'", c->pgn_path);
        return false;
    }
    if (!check_engines(m, checked))
        return false;
    const char *names[] = {m->names[0], m->names[1]};
    if (c->results_path && !results_open(&m->results_file, c, names)) {
        match_log(&m->log, "wyrm match: cannot write the results file '%s'", c->results_path);
        client_free(&checked[0]);
        client_free(&checked[1]);
        return false;
    }
    return true;
}

int match_run(const MatchConfig *config, FILE *out, FILE *log)
{
    Match *m = calloc(1, sizeof *m);
    if (!m || !(m->pending_pgn = calloc((size_t)config->games, sizeof *m->pending_pgn)) ||
        !(m->results = calloc((size_t)config->games, sizeof *m->results)))
        abort();
    m->config = config;
    make_schedule(m);
    m->out = out;
    m->log = (MatchLog){.out = log ? output_create(log) : NULL, .traffic = config->debug};
    m->abort_pipe[0] = m->abort_pipe[1] = -1;
    pthread_mutex_init(&m->lock, NULL);
    time_t now = time(NULL);
    struct tm day;
    localtime_r(&now, &day);
    strftime(m->date, sizeof m->date, "%Y.%m.%d", &day);
    /* A write to an engine that has just died must fail with EPIPE, not kill the runner. */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, previous;
    sigaction(SIGPIPE, &ignore, &previous);

    EngineClient checked[MATCH_ENGINES];
    memset(checked, 0, sizeof checked);
    bool ready = set_up(m, checked);
    if (ready) {
        print_header(m);
        int workers = config->concurrency < m->scheduled ? config->concurrency : m->scheduled;
        Worker *pool = xcalloc((size_t)workers, sizeof *pool);
        for (int i = 0; i < workers; i++) {
            pool[i].match = m;
            for (int k = 0; k < MATCH_ENGINES; k++) {
                if (i == 0)
                    pool[i].clients[k] = checked[k]; /* already started: reuse them */
                else
                    client_init(&pool[i].clients[k], &config->engines[k], config->game, m->names[k],
                                m->abort_pipe[0], &m->log);
            }
            pthread_create(&pool[i].thread, NULL, worker_run, &pool[i]);
        }
        for (int i = 0; i < workers; i++)
            pthread_join(pool[i].thread, NULL);
        free(pool);
        flush_pgn(m, true);
        results_close(&m->results_file, atomic_load(&interrupted)     ? "interrupted"
                                        : m->verdict != SPRT_CONTINUE ? "stopped"
                                                                      : "finished");
        print_report(m);
    }
    atomic_store(&interrupt_fd, -1);
    sigaction(SIGPIPE, &previous, NULL);
    if (m->pgn)
        fclose(m->pgn);
    for (int i = 0; i < 2; i++)
        if (m->abort_pipe[i] >= 0)
            close(m->abort_pipe[i]);
    for (int i = 0; i < m->scheduled; i++)
        free(m->pending_pgn[i]);
    free(m->pending_pgn);
    free(m->results);
    free(m->schedule);
    if (m->book.game)
        openings_close(&m->book);
    pthread_mutex_destroy(&m->lock);
    if (m->log.out)
        output_destroy(m->log.out);
    free(m);
    return ready ? 0 : 1;
}

static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&interrupted, 1);
    int fd = atomic_load(&interrupt_fd);
    char byte = 1;
    if (fd >= 0) {
        ssize_t written = write(fd, &byte, 1);
        (void)written;
    }
}

int match_main(int argc, const char *const *argv, const Game *default_game)
{
    if (argc > 0 && strcmp(argv[0], "-merge") == 0)
        return match_merge(argc - 1, argv + 1, stdout, stderr) ? EXIT_FAILURE : EXIT_SUCCESS;
    MatchConfig config;
    bool help;
    char err[ERR_MAX];
    if (!match_parse_args(argc, argv, default_game, &config, &help, err, sizeof err)) {
        fprintf(stderr, "wyrm match: %s\n", err);
        return EXIT_FAILURE;
    }
    if (help) {
        match_usage(stdout);
        return EXIT_SUCCESS;
    }
    /* The first Ctrl-C ends the games in progress and prints the report; a second one
     * (SA_RESETHAND) kills the runner. */
    struct sigaction on_int = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
    sigaction(SIGINT, &on_int, NULL);
    int status = match_run(&config, stdout, stderr);
    match_config_free(&config);
    if (status != 0)
        return EXIT_FAILURE;
    return atomic_load(&interrupted) ? 128 + SIGINT : EXIT_SUCCESS;
}
