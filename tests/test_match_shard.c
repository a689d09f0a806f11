/*
 * Matches past one run: the pentanomial figures against values worked out by hand, the
 * tally of pairs, -shard / -results / -merge (a sharded match merged gives the games and
 * the report of the unsharded one; partial and inconsistent results files), the
 * TigerIncrement clock as engines see it, and a DragonQi match scored in game points.
 * WYRM and FAKE_ENGINE name the binaries (make test sets them).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/engine.h"
#include "match/match.h"
#include "match/match_report.h"
#include "match/match_stats.h"
#include "tests/helpers.h"
#include "tests/match_run.h"

/* The absolute path of the wyrm binary that WYRM names (tests change into directories of
 * their own). */
static const char *wyrm_binary(void)
{
    static char full[PATH_MAX];
    const char *path = getenv("WYRM");
    ck_assert_msg(path && access(path, X_OK) == 0,
                  "WYRM must name the wyrm binary (run the tests through make test)");
    ck_assert_ptr_nonnull(realpath(path, full));
    return full;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void assert_contains(const char *text, const char *needle)
{
    ck_assert_msg(strstr(text, needle) != NULL, "expected \"%s\" in:\n%.3000s", needle, text);
}

/* Equal texts; on a difference, where it starts (Check's messages have a size limit). */
static void assert_same(const char *got, const char *expected)
{
    size_t i = 0;
    while (got[i] && got[i] == expected[i])
        i++;
    ck_assert_msg(got[i] == expected[i],
                  "texts differ at byte %zu:\n  got      %.300s\n  expected %.300s", i, got + i,
                  expected + i);
}

/* A fresh directory for one test's files. */
static void temp_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/wyrm-shard-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* ---- pentanomial statistics ----------------------------------------------------------- */

static void assert_pairs_elo(int p0, int p1, int p2, int p3, int p4, const char *expected)
{
    PairCounts pairs = {{p0, p1, p2, p3, p4}};
    EloEstimate e;
    ck_assert(match_elo_pairs(&pairs, &e));
    char line[128];
    t_elo_line(&e, line, sizeof line);
    ck_assert_str_eq(line, expected);
}

static void assert_pairs_llr(double elo0, double elo1, const int n[5], const char *expected)
{
    SprtConfig sprt = {.enabled = true, .elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05};
    PairCounts pairs;
    memcpy(pairs.n, n, sizeof pairs.n);
    char buf[32];
    snprintf(buf, sizeof buf, "%.4f", match_sprt_llr_pairs(&sprt, &pairs));
    ck_assert_msg(strcmp(buf, expected) == 0, "LLR(%g, %g) = %s, expected %s", elo0, elo1, buf,
                  expected);
}

START_TEST(pentanomial_known_values)
{
    /* By hand: pairs scoring 1/2 and 3/4, five each. s = (5 * 0.5 + 5 * 0.75) / 10 = 0.625,
     * elo = -400 log10(1/0.625 - 1) = -400 log10(0.6) = 88.74. Every pair is 0.125 from
     * s, so v = 0.015625 and se = sqrt(v / 10) = 0.039528; s +- 1.959964 se =
     * [0.547526, 0.702474], Elo 33.09 and 149.21: margin (149.21 - 33.09) / 2 = 58.06.
     * LOS = Phi(0.125 / 0.039528) = Phi(3.1623) = 0.9992. */
    assert_pairs_elo(0, 0, 5, 5, 0, "0.6250 88.74 +- 58.06 los 0.9992");
    /* Symmetric: s = 0.5, elo 0, LOS 1/2; v = (2 * 0.25 + 4 * 0.0625) / 10 = 0.075,
     * se = sqrt(0.0075) = 0.086603, interval [0.330262, 0.669738]: +-122.82. */
    assert_pairs_elo(1, 2, 4, 2, 1, "0.5000 -0.00 +- 122.82 los 0.5000");
    /* No spread: the interval is the point itself, and the sign decides the LOS. */
    assert_pairs_elo(0, 0, 0, 3, 0, "0.7500 190.85 +- 0.00 los 1.0000");
    EloEstimate e;
    PairCounts none = {{0}};
    ck_assert(!match_elo_pairs(&none, &e));

    /* A symmetric sample under symmetric bounds: the nearest distributions at -5 and +5
     * are mirror images with the same likelihood, so the LLR is exactly 0. */
    SprtConfig symmetric = {.enabled = true, .elo0 = -5, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    PairCounts mirrored = {{1, 2, 4, 2, 1}};
    ck_assert(fabs(match_sprt_llr_pairs(&symmetric, &mirrored)) < 1e-9);
    /* Worked out with the same maximum-likelihood formula over the five pair scores in a
     * separate double-precision program (bisection for the tilt, fishtest's 0.001 for an
     * empty cell). */
    assert_pairs_llr(0, 10, (const int[]){2, 10, 30, 15, 3}, "0.4038");
    assert_pairs_llr(-5, 5, (const int[]){2, 10, 30, 15, 3}, "0.5300");
    assert_pairs_llr(0, 10, (const int[]){10, 20, 40, 25, 5}, "-0.4375");
    assert_pairs_llr(0, 10, (const int[]){0, 0, 5, 5, 0}, "0.2836");
    assert_pairs_llr(0, 100, (const int[]){0, 0, 0, 0, 6}, "1.4822");
    assert_pairs_llr(0, 10, (const int[]){0, 0, 0, 0, 0}, "0.0000");
    /* The model picks the verdict: six won pairs do not decide at elo1 = 100 where
     * twelve won games do. */
    SprtConfig sprt = {.enabled = true, .elo1 = 100, .alpha = 0.05, .beta = 0.05};
    MatchScore twelve = {12, 0, 0};
    PairCounts six = {{0, 0, 0, 0, 6}};
    ck_assert_int_eq(match_sprt_verdict_model(&sprt, &twelve, &six), SPRT_H1);
    sprt.model = SPRT_PENTANOMIAL;
    ck_assert_int_eq(match_sprt_verdict_model(&sprt, &twelve, &six), SPRT_CONTINUE);
}
END_TEST

/* Games come in any order; a pair counts once both games are in. */
START_TEST(tally_pairs)
{
    GameResult results[7] = {0};
    MatchTally t = {0};
    /* number, engine 1's halves, termination, points, plies */
    const GameResult in[] = {
        {2, 0, TERM_RULES, {0, 2}, 40},      {5, 2, TERM_TIME_FORFEIT, {2, 0}, 9},
        {1, 2, TERM_RULES, {2, 0}, 51},      {4, 1, TERM_REPETITION, {1, 1}, 30},
        {7, 1, TERM_MAX_PLIES, {1, 1}, 300}, {3, 2, TERM_ILLEGAL_MOVE, {2, 0}, 12},
    };
    for (size_t i = 0; i < sizeof in / sizeof *in; i++)
        tally_add(&t, results, 7, &in[i]);
    /* (1, 2): W L = 2 halves; (3, 4): W D = 3; 5 and 7 alone (6 missing; 7 is the odd
     * last game). */
    ck_assert_int_eq(t.score.wins, 3);
    ck_assert_int_eq(t.score.draws, 2);
    ck_assert_int_eq(t.score.losses, 1);
    ck_assert(t.pairs.n[0] == 0 && t.pairs.n[1] == 0 && t.pairs.n[2] == 1 && t.pairs.n[3] == 1 &&
              t.pairs.n[4] == 0);
    ck_assert_int_eq(t.terminations[TERM_RULES][0], 1); /* game 2: engine 1 lost */
    ck_assert_int_eq(t.terminations[TERM_RULES][1], 1);
    ck_assert_int_eq(t.terminations[TERM_TIME_FORFEIT][1], 1);
    ck_assert_int_eq(t.terminations[TERM_REPETITION][LOSER_DRAW], 1);
    ck_assert(t.points[0] == 8 && t.points[1] == 4);
}
END_TEST

/* ---- arguments ------------------------------------------------------------------------ */

static bool parse_line(const char *line, MatchConfig *config, char *err)
{
    char copy[1024], *argv[64], *rest = NULL;
    int argc = 0;
    bool help;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *w = strtok_r(copy, " ", &rest); w && argc < 64; w = strtok_r(NULL, " ", &rest))
        argv[argc++] = w;
    return match_parse_args(argc, (const char *const *)argv, NULL, config, &help, err, ERR_MAX);
}

START_TEST(args_shards_tiger_model)
{
    MatchConfig c;
    char err[ERR_MAX];
    ck_assert_msg(parse_line("-engine cmd=a tiger=100+2/10+30.5 -engine cmd=b tc=5+0.1 "
                             "-games 20 -shard 3/4 -results r.txt -openings random:4 -seed 9 "
                             "-sprt elo0=0 elo1=5 model=pentanomial",
                             &c, err),
                  "%s", err);
    const TimeControl *tiger = &c.engines[0].tc;
    ck_assert(tiger->base_ms == 100000 && tiger->inc_ms == 2000 && tiger->cutoff == 10 &&
              tiger->final_ms == 30500);
    ck_assert_int_eq(c.engines[1].tc.cutoff, 0);
    char text[64];
    match_tc_describe(tiger, text, sizeof text);
    ck_assert_str_eq(text, "tiger=100+2/10+30.5");
    ck_assert(c.shard == 3 && c.shards == 4);
    ck_assert_str_eq(c.results_path, "r.txt");
    ck_assert_int_eq(c.sprt.model, SPRT_PENTANOMIAL);
    match_config_free(&c);
    /* -each's TigerIncrement clock reaches both engines; the default model is trinomial. */
    ck_assert(parse_line("-engine cmd=a -engine cmd=b -each tiger=60+1/40+0 -sprt elo0=0 elo1=5",
                         &c, err));
    ck_assert(c.engines[1].tc.cutoff == 40 && c.engines[1].tc.inc_ms == 1000);
    ck_assert(c.shard == 1 && c.shards == 1);
    ck_assert_int_eq(c.sprt.model, SPRT_TRINOMIAL);
    match_config_free(&c);

    static const struct {
        const char *args, *error;
    } cases[] = {
        {"-engine cmd=a tiger=100+2", "-engine: tiger= expects RESERVE+INCREMENT/CUTOFF+FINAL "
                                      "(seconds, moves; e.g. 6000+120/100+7200), not '100+2'"},
        {"-engine cmd=a tiger=100+2/0+5", "-engine: tiger= expects"},
        {"-engine cmd=a tiger=0+2/10+5", "-engine: tiger= expects"},
        {"-engine cmd=a tiger=100+2/10+x", "-engine: tiger= expects"},
        {"-engine cmd=a tiger=100+1/10+5 movetime=5", "-engine: tc= and movetime= exclude"},
        {"-shard 3", "-shard expects K/N (part K of N, e.g. 2/8), not '3'"},
        {"-shard 0/4", "-shard: '0/4' is not K/N with 1 <= K <= N"},
        {"-shard 5/4", "-shard: '5/4' is not K/N with 1 <= K <= N"},
        {"-shard 1/x", "-shard: '1/x' is not K/N with 1 <= K <= N"},
        {"-engine cmd=a depth=1 -engine cmd=b depth=1 -games 5 -shard 1/4",
         "-shard: 4 parts of 5 games: a part needs a pair at least"},
        {"-engine cmd=a depth=1 -engine cmd=b depth=1 -games 8 -shard 1/4 -openings random:3",
         "-shard with random openings needs -seed (the same for every part)"},
        {"-sprt elo0=0 elo1=5 model=binomial",
         "-sprt: model= must be trinomial or pentanomial, not 'binomial'"},
        {"-results", "-results needs a value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        err[0] = 0;
        ck_assert_msg(!parse_line(cases[i].args, &c, err), "accepted: %s", cases[i].args);
        ck_assert_msg(strncmp(err, cases[i].error, strlen(cases[i].error)) == 0,
                      "%s:\n  got      %s\n  expected %s", cases[i].args, err, cases[i].error);
    }
}
END_TEST

/* ---- shards and the merge, through the wyrm binary ------------------------------------- */

/* Runs a shell command line; its exit status. */
static int shell(const char *cmd)
{
    int status = system(cmd);
    ck_assert_msg(status != -1 && WIFEXITED(status), "cannot run: %s", cmd);
    return WEXITSTATUS(status);
}

/* The games of a PGN file by game number, without the Date tag (a run may cross
 * midnight). Returns how many; games[n] is NULL when game n is absent. */
static int pgn_games(char *text, char **games, int max)
{
    int count = 0;
    for (int i = 0; i < max; i++)
        games[i] = NULL;
    char *at = strstr(text, "[Event ");
    while (at) {
        char *next = strstr(at + 1, "[Event ");
        if (next)
            next[-1] = 0;
        char *round = strstr(at, "[Round \"");
        ck_assert_ptr_nonnull(round);
        int n = atoi(round + 8);
        ck_assert(n >= 1 && n < max && !games[n]);
        games[n] = round; /* from the Round tag on: Event, Site and Date are alike */
        /* Without the blank line that separates it from the next game. */
        for (size_t len = strlen(round); len > 0 && round[len - 1] == '\n';)
            round[--len] = 0;
        count++;
        at = next;
    }
    return count;
}

/* The report: from the status line to the end. */
static const char *report_of(const char *out)
{
    const char *at = strstr(out, "\nFinished: ");
    ck_assert_msg(at != NULL, "no report in:\n%.3000s", out);
    return at;
}

START_TEST(shard_merge_equals_unsharded)
{
    /* Room for the command with the binary's path three times over. */
    static char match[3 * PATH_MAX + 512], cmd[sizeof match + 512];
    char dir[64], path[128];
    temp_dir(dir, sizeof dir);
    const char *wyrm = wyrm_binary();
    /* Wyrm against itself at two node counts: deterministic games, different results. */
    snprintf(match, sizeof match,
             "%s match -game breakthrough -engine cmd=%s name=small nodes=150 -engine cmd=%s "
             "name=large nodes=600 -each threads=1 hash=1 -games 14 -openings random:4 depth=1 "
             "-seed 11 -sprt elo0=-20 elo1=20 model=pentanomial",
             wyrm, wyrm, wyrm);
    snprintf(cmd, sizeof cmd, "cd %s && %s -pgn all.pgn -results all.res > all.out", dir, match);
    ck_assert_int_eq(shell(cmd), 0);
    /* Three shards, one with two games at once, merged in another order. */
    for (int k = 1; k <= 3; k++) {
        snprintf(cmd, sizeof cmd,
                 "cd %s && %s -shard %d/3 -concurrency %d -pgn s%d.pgn -results s%d.res > s%d.out",
                 dir, match, k, k == 2 ? 2 : 1, k, k, k);
        ck_assert_int_eq(shell(cmd), 0);
    }
    snprintf(cmd, sizeof cmd, "cd %s && %s match -merge s3.res s1.res s2.res > merged.out", dir,
             wyrm);
    ck_assert_int_eq(shell(cmd), 0);

    snprintf(path, sizeof path, "%s/all.out", dir);
    char *all = t_read_file(path);
    snprintf(path, sizeof path, "%s/merged.out", dir);
    char *merged = t_read_file(path);
    assert_same(report_of(merged), report_of(all));
    assert_contains(merged, "Merged 3 of 3 shards of small vs large, breakthrough, 14 games: "
                            "3 finished, 0 running, 0 stopped by the SPRT, 0 interrupted\n");
    /* Both models are reported; 7 pairs from 14 games. */
    assert_contains(all, "SPRT (pentanomial, elo0=-20 elo1=20 alpha=0.05 beta=0.05): LLR ");
    assert_contains(all, "(for comparison: the test uses the pentanomial model)\n");

    /* The same games, each played once: pairs 1, 4, 7 in shard 1; 2, 5 in 2; 3, 6 in 3. */
    enum { MAX = 16 };
    char *every[MAX], *shard_games[MAX], *texts[4];
    snprintf(path, sizeof path, "%s/all.pgn", dir);
    texts[0] = t_read_file(path);
    ck_assert_int_eq(pgn_games(texts[0], every, MAX), 14);
    static const int expected_rounds[3][6] = {
        {1, 2, 7, 8, 13, 14}, {3, 4, 9, 10, 0, 0}, {5, 6, 11, 12, 0, 0}};
    for (int k = 1; k <= 3; k++) {
        snprintf(path, sizeof path, "%s/s%d.pgn", dir, k);
        texts[k] = t_read_file(path);
        int n = pgn_games(texts[k], shard_games, MAX);
        ck_assert_int_eq(n, k == 1 ? 6 : 4);
        for (int i = 0; i < n; i++) {
            int round = expected_rounds[k - 1][i];
            ck_assert_msg(shard_games[round] != NULL, "shard %d lacks game %d", k, round);
            assert_same(shard_games[round], every[round]);
        }
        snprintf(path, sizeof path, "%s/s%d.out", dir, k);
        char *out = t_read_file(path);
        char line[128];
        snprintf(line, sizeof line,
                 "Shard %d/3: %d of the 14 games (pair %d and every 3 pairs "
                 "after it)\n",
                 k, n, k);
        assert_contains(out, line);
        free(out);
    }
    /* A results file: its header, then one line a game as it ended, then the end. */
    snprintf(path, sizeof path, "%s/s2.res", dir);
    char *res = t_read_file(path);
    assert_contains(res, "wyrm-match-results 2\ngame breakthrough\nengine1 small\nengine2 large\n"
                         "games 14\nshard 2/3\nseed 11\nopenings random:4 depth=1 margin=100\n"
                         "sprt -20 20 0.050000000000000003 0.050000000000000003 pentanomial\n"
                         "result ");
    ck_assert_int_eq(strlen(strstr(res, "end finished\n")), strlen("end finished\n"));
    free(res);
    for (int k = 0; k < 4; k++)
        free(texts[k]);
    free(all);
    free(merged);
    remove_dir(dir);
}
END_TEST

/* ---- merging hand-written results files ------------------------------------------------ */

static const char *HEADER = "wyrm-match-results 1\ngame breakthrough\nengine1 new\nengine2 old\n"
                            "games 8\nshard %d/2\nseed 5\nopenings startpos\n"
                            "sprt 0 50 0.05 0.05 pentanomial\n";

/* Merges the files (texts) in a fresh directory; the report or the error. */
static int merge_texts(const char *const *texts, int count, char **out, char **log)
{
    char dir[64], paths[8][128];
    const char *args[8];
    temp_dir(dir, sizeof dir);
    for (int i = 0; i < count; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%d.res", dir, i + 1);
        spit(paths[i], texts[i]);
        args[i] = paths[i];
    }
    size_t out_size, log_size;
    FILE *o = open_memstream(out, &out_size), *l = open_memstream(log, &log_size);
    int status = match_merge(count, args, o, l);
    fclose(o);
    fclose(l);
    /* Error lines name the file: keep its base name only. */
    char prefix[80];
    snprintf(prefix, sizeof prefix, "%s/", dir);
    for (char *at; (at = strstr(*log, prefix));)
        memmove(at, at + strlen(prefix), strlen(at + strlen(prefix)) + 1);
    remove_dir(dir);
    return status;
}

START_TEST(merge_partial_and_errors)
{
    char first[1024], second[1024], *out, *log;
    /* Shard 1 (games 1, 2, 5, 6) finished; shard 2 (3, 4, 7, 8) still running, its last
     * record half written. */
    snprintf(first, sizeof first, HEADER, 1);
    strcat(first, "result 2 L rules 0 2\nresult 1 W rules 2 0\nresult 5 W time_forfeit 2 0\n"
                  "result 6 W illegal_move 2 0\nend finished\n");
    snprintf(second, sizeof second, HEADER, 2);
    strcat(second, "result 3 D threefold_repetition 1 1\nresult 4 W rules 2 0\nresult 7 W ru");
    const char *files[] = {first, second};
    ck_assert_int_eq(merge_texts(files, 2, &out, &log), 0);
    ck_assert_str_eq(log, "");
    assert_same(
        out,
        "Merged 2 of 2 shards of new vs old, breakthrough, 8 games: 1 finished, 1 running, 0 "
        "stopped by the SPRT, 0 interrupted\n"
        "\n"
        "In progress: 6 of 8 games\n"
        "engine                     wins  draws losses     points\n"
        "new                           4      1      1        4.5\n"
        "old                           1      1      4        1.5\n"
        "Elo difference (new - old): 190.8 +/- inf (95%), score 75.0%, LOS 91.0%\n"
        "Pairs (0, 1/2, 1, 3/2, 2 points of 2): 0, 0, 1, 1, 1\n"
        "Elo from pairs (new - old): 190.8 +/- 335.9 (95%), score 75.0%, LOS 98.3%\n"
        "SPRT (trinomial, elo0=0 elo1=50 alpha=0.05 beta=0.05): LLR 0.45, bounds [-2.94, 2.94]: "
        "no decision (for comparison: the test uses the pentanomial model)\n"
        "SPRT (pentanomial, elo0=0 elo1=50 alpha=0.05 beta=0.05): LLR 0.40, bounds [-2.94, "
        "2.94]: no decision\n"
        "termination               lost by 1  lost by 2  draws\n"
        "rules                             1          2      0\n"
        "threefold repetition              0          0      1\n"
        "illegal move                      0          1      0\n"
        "time forfeit                      0          1      0\n"
        "progress                       games   share\n"
        "decided                            5   83.3%\n"
        "drawn by repetition                1   16.7%\n"
        "drawn by the no-progress rule      0    0.0%\n"
        "drawn at the ply cap               0    0.0%\n"
        "drawn otherwise                    0    0.0%\n"
        "length in moves: unknown (the results files do not give it)\n");
    free(out);
    free(log);

    /* Enough won pairs decide the test: the launcher may stop the shards. */
    char many[4096];
    snprintf(many, sizeof many,
             "wyrm-match-results 1\ngame breakthrough\nengine1 new\nengine2 "
             "old\ngames 400\nshard 1/1\nseed 5\nopenings startpos\n"
             "sprt 0 50 0.05 0.05 pentanomial\n");
    for (int g = 1; g <= 60; g++) {
        char line[64];
        snprintf(line, sizeof line, "result %d %c rules %d %d\n", g, g % 4 == 0 ? 'D' : 'W',
                 g % 4 == 0 ? 1 : 2, g % 4 == 0 ? 1 : 0);
        strcat(many, line);
    }
    const char *decided[] = {many};
    ck_assert_int_eq(merge_texts(decided, 1, &out, &log), 0);
    assert_contains(out, "\nStopped by SPRT: 60 of 400 games\n");
    assert_contains(out, "SPRT (pentanomial, elo0=0 elo1=50 alpha=0.05 beta=0.05): LLR ");
    assert_contains(out, "2.94]: H1 accepted\n");
    free(out);
    free(log);

    static const struct {
        const char *second_records, *error;
        int shard;
    } bad[] = {
        {"result 1 W rules 2 0\n", "2.res:10: a game number outside the shard\n", 2},
        {"result 3 W rules 2 0\nresult 3 W rules 2 0\n", "2.res:11: a game given twice\n", 2},
        {"result 3 X rules 2 0\n", "2.res:10: the result is not W, D or L\n", 2},
        {"result 3 W checkmate 2 0\n", "2.res:10: unknown termination 'checkmate'\n", 2},
        {"garbage\n", "2.res:10: expected 'result N W|D|L TERMINATION P1 P2' or 'end ...'\n", 2},
        {"result 3 W rules 2 0 40\n",
         "2.res:10: expected 'result N W|D|L TERMINATION P1 P2' or 'end ...'\n", 2},
        {"end finished\nresult 3 W rules 2 0\n", "2.res:11: a record after the end record\n", 2},
        {"", "2.res:6: this shard is already in an earlier file\n", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(second, sizeof second, HEADER, bad[i].shard);
        strcat(second, bad[i].second_records);
        const char *pair[] = {first, second};
        ck_assert_int_eq(merge_texts(pair, 2, &out, &log), 1);
        char expected[256];
        snprintf(expected, sizeof expected, "wyrm match: -merge: %s", bad[i].error);
        ck_assert_str_eq(log, expected);
        ck_assert_str_eq(out, "");
        free(out);
        free(log);
    }
    /* Another match's file. */
    snprintf(second, sizeof second, HEADER, 2);
    *strstr(second, "old") = 'O';
    const char *other[] = {first, second};
    ck_assert_int_eq(merge_texts(other, 2, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 2.res:3: not the same pairing as the first file "
                          "(its engines differ)\n");
    free(out);
    free(log);
    /* A test -sprt would not accept (elo0 above elo1). */
    const char *bad_test[] = {"wyrm-match-results 1\ngame breakthrough\nengine1 a\nengine2 b\n"
                              "games 4\nshard 1/1\nseed 1\nopenings startpos\n"
                              "sprt 5 0 0.05 0.05 trinomial\n"};
    ck_assert_int_eq(merge_texts(bad_test, 1, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 1.res: bad sprt line '5 0 0.05 0.05 trinomial'\n");
    free(out);
    free(log);
    const char *not_results[] = {"PGN?\n"};
    ck_assert_int_eq(merge_texts(not_results, 1, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 1.res:1: expected the 'wyrm-match-results' line "
                          "of a wyrm match results file\n");
    free(out);
    free(log);
}
END_TEST

/* Runs of one pairing with other seeds add up: their games together, their pairs each in
 * their own run, the test of the run that has one. */
START_TEST(merge_runs)
{
    static const char *RUN = "wyrm-match-results 2\ngame breakthrough\nengine1 new\nengine2 old\n"
                             "games %d\nshard %d/%d\nseed %d\nopenings random:8 depth=4 "
                             "margin=100\nsprt %s\n";
    char a[1024], b[1024], c[1024], *out, *log;
    /* seed 1, SPRT: pairs (1, 2) W W and (3, 4) W L; seed 2, no test: (1, 2) L D */
    snprintf(a, sizeof a, RUN, 4, 1, 1, 1, "0 10 0.05 0.05 pentanomial");
    strcat(a, "result 1 W rules 2 0 30\nresult 2 W rules 2 0 40\nresult 3 W rules 2 0 50\n"
              "result 4 L rules 0 2 60\nend stopped\n");
    snprintf(b, sizeof b, RUN, 2, 1, 1, 2, "none");
    strcat(b, "result 1 L rules 0 2 70\nresult 2 D threefold_repetition 1 1 80\nend finished\n");
    const char *files[] = {b, a};
    ck_assert_int_eq(merge_texts(files, 2, &out, &log), 0);
    ck_assert_str_eq(log, "");
    assert_contains(out, "Merged 2 files of 2 runs of new vs old, breakthrough, 6 games in all: 1 "
                         "finished, 0 running, 1 stopped by the SPRT, 0 interrupted\n"
                         "\nIn progress: 6 of 6 games\n"
                         "engine                     wins  draws losses     points\n"
                         "new                           3      1      2        3.5\n");
    assert_contains(out, "Pairs (0, 1/2, 1, 3/2, 2 points of 2): 0, 1, 1, 0, 1\n");
    assert_contains(out, "SPRT (pentanomial, elo0=0 elo1=10 alpha=0.05 beta=0.05): LLR ");
    assert_contains(out, "length in moves: median 27, shortest 15, longest 40\n");
    free(out);
    free(log);
    /* Within a run (same seed and openings) the game count must agree; across runs a test
     * other than an earlier run's is refused. */
    snprintf(c, sizeof c, RUN, 6, 1, 1, 1, "0 10 0.05 0.05 pentanomial");
    const char *counts[] = {a, c};
    ck_assert_int_eq(merge_texts(counts, 2, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 2.res:5: not the same match as the first file "
                          "(its number of games differs)\n");
    free(out);
    free(log);
    snprintf(c, sizeof c, RUN, 2, 1, 1, 3, "0 5 0.05 0.05 pentanomial");
    const char *tests[] = {a, b, c};
    ck_assert_int_eq(merge_texts(tests, 3, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 3.res:9: another SPRT than an earlier run's\n");
    free(out);
    free(log);
    /* A test -sprt would not accept is named by the file that brought it: the third file,
     * though only the second run (the first has two shards). */
    char s1[512], s2[512];
    snprintf(s1, sizeof s1, RUN, 4, 1, 2, 1, "none");
    snprintf(s2, sizeof s2, RUN, 4, 2, 2, 1, "none");
    snprintf(c, sizeof c, RUN, 2, 1, 1, 3, "5 0 0.05 0.05 trinomial");
    const char *named[] = {s1, s2, c};
    ck_assert_int_eq(merge_texts(named, 3, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 3.res: bad sprt line '5 0 0.05 0.05 trinomial'\n");
    free(out);
    free(log);
}
END_TEST

/* The progress lines of format 2 files: decided games, draws by kind, early repetitions
 * (before move 100: 198 plies is move 99, 199 is move 100) and the median length. */
START_TEST(merge_progress)
{
    char text[2048], *out, *log;
    snprintf(text, sizeof text, "%s",
             "wyrm-match-results 2\ngame breakthrough\nengine1 new\nengine2 old\n"
             "games 8\nshard 1/1\nseed 5\nopenings startpos\nsprt none\n"
             "result 1 W rules 2 0 61\nresult 2 D threefold_repetition 1 1 198\n"
             "result 3 D threefold_repetition 1 1 199\nresult 4 L adjudication 0 2 40\n"
             "result 5 D no_progress 1 1 400\nresult 6 D max_plies 1 1 500\n"
             "result 7 D adjudication 1 1 90\nresult 8 W time_forfeit 2 0 0\nend finished\n");
    const char *files[] = {text};
    ck_assert_int_eq(merge_texts(files, 1, &out, &log), 0);
    ck_assert_str_eq(log, "");
    assert_contains(out, "progress                       games   share\n"
                         "decided                            3   37.5%\n"
                         "drawn by repetition                2   25.0%\n"
                         "  of them before move 100          1   12.5%\n"
                         "drawn by the no-progress rule      1   12.5%\n"
                         "drawn at the ply cap               1   12.5%\n"
                         "drawn otherwise                    1   12.5%\n"
                         /* moves 31, 99, 100, 20, 200, 250, 45, 0: sorted 0 20 31 45 99 100
                          * 200 250, the middle two 45 and 99. */
                         "length in moves: median 72, shortest 0, longest 250\n");
    free(out);
    free(log);
    /* A format 2 record without its length, and a negative one. */
    char *cut = strstr(text, " 61\n");
    memcpy(cut, "\n", 2);
    ck_assert_int_eq(merge_texts(files, 1, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 1.res:10: expected 'result N W|D|L TERMINATION "
                          "P1 P2 PLIES' or 'end ...'\n");
    free(out);
    free(log);
    snprintf(text, sizeof text, "%s",
             "wyrm-match-results 2\ngame breakthrough\nengine1 new\nengine2 old\n"
             "games 2\nshard 1/1\nseed 5\nopenings startpos\nsprt none\n"
             "result 1 W rules 2 0 -3\n");
    ck_assert_int_eq(merge_texts(files, 1, &out, &log), 1);
    ck_assert_str_eq(log, "wyrm match: -merge: 1.res:10: a negative length\n");
    free(out);
    free(log);
}
END_TEST

/* ---- the TigerIncrement clock and game points, against the fake engine ----------------- */

typedef struct Run {
    char *out, *log, *results;
} Run;

/* A match in-process (t_run_match's words) with a results file. */
static Run run(const char *args)
{
    char dir[64], results[128];
    temp_dir(dir, sizeof dir);
    snprintf(results, sizeof results, "%s/r.res", dir);
    const char *extra[] = {"-results", results, NULL};
    MatchOutput m = t_run_match(args, extra);
    ck_assert_int_eq(m.status, 0);
    Run r = {m.out, m.log, t_read_file(results)};
    remove_dir(dir);
    return r;
}

static void run_free(Run *r)
{
    free(r->out);
    free(r->log);
    free(r->results);
}

/* The n-th line (1-based) of `text` starting with `prefix`, copied into buf. */
static void nth_line(const char *text, const char *prefix, int n, char *buf, size_t size)
{
    size_t len = strlen(prefix);
    for (const char *at = text; *at;) {
        if (strncmp(at, prefix, len) == 0 && --n == 0) {
            snprintf(buf, size, "%.*s", (int)strcspn(at, "\n"), at);
            return;
        }
        const char *end = strchr(at, '\n');
        if (!end)
            break;
        at = end + 1;
    }
    ck_abort_msg("no line %d starting '%s' in:\n%.3000s", n, prefix, text);
}

START_TEST(tiger_clock_go_lines)
{
    /* 60 s reserve, 1 s after each of the first 3 moves, 10 s more after the 3rd; the
     * fake answers at once, so each clock is the arithmetic less a few ms. */
    Run r = run("-game breakthrough -engine cmd=% name=uci -engine cmd=% name=ugi proto=ugi "
                "-each tiger=60+1/3+10 -games 1 -maxplies 10 -debug");
    char line[256];
    nth_line(r.log, "uci > go ", 1, line, sizeof line);
    ck_assert_str_eq(line, "uci > go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 3");
    nth_line(r.log, "ugi > go ", 1, line, sizeof line);
    ck_assert_msg(strncmp(line, "ugi > go p1time 6", 17) == 0 &&
                      strstr(line, " p2time 60000 p1inc 1000 p2inc 1000 movestogo 3"),
                  "%s", line);
    nth_line(r.log, "uci > go ", 3, line, sizeof line);
    ck_assert_msg(strstr(line, " winc 1000 binc 1000 movestogo 1"), "%s", line);
    /* After its 3rd move each side has 60 + 3 + 10 s less what it used: the countdown,
     * no increment and no movestogo. */
    nth_line(r.log, "uci > go ", 4, line, sizeof line);
    ck_assert_msg(strncmp(line, "uci > go wtime 72", 17) == 0 && strstr(line, " btime 72") &&
                      strstr(line, " winc 0 binc 0") && !strstr(line, "movestogo"),
                  "%s", line);
    nth_line(r.log, "uci > go ", 5, line, sizeof line);
    ck_assert_msg(strstr(line, " winc 0 binc 0") && !strstr(line, "movestogo"), "%s", line);
    assert_contains(r.out, "Engine uci: ");
    assert_contains(r.out, "(uci), tiger=60+1/3+10\n");
    assert_contains(r.out, "{max plies: draw adjudicated after 10 plies}\n");
    /* No random openings, so no seed: the shards of such a match, started at different
     * seconds, must still merge. */
    assert_contains(r.results, "\nseed 0\nopenings startpos\n");
    run_free(&r);
}
END_TEST

START_TEST(dragonqi_game_points)
{
    /* A loss by a fault scores as a loss on time: 5 + 1/2 nominal to the winner. */
    Run r = run("-game dragonqi -engine cmd=%_name=good -engine cmd=%_mode=illegal_name=bad "
                "-each depth=1 -games 2");
    assert_contains(r.out,
                    "engine                     wins  draws losses     points  game points\n"
                    "good                          2      0      0        2.0         11.0\n"
                    "bad                           0      0      2        0.0          0.0\n");
    assert_contains(r.results, "result 1 W illegal_move 11 0 1\nresult 2 W illegal_move 11 0 0\n");
    run_free(&r);
    /* Truces: the adjudicated draw and the threefold repetition score 1 - 1. */
    r = run("-game dragonqi -engine cmd=% name=a -engine cmd=% name=b -each depth=1 -games 2 "
            "-maxplies 3");
    assert_contains(r.out,
                    "a                             0      2      0        1.0          2.0\n");
    assert_contains(r.results, "result 1 D max_plies 2 2 3\nresult 2 D max_plies 2 2 3\n");
    run_free(&r);
}
END_TEST

Suite *match_shard_suite(void)
{
    Suite *s = suite_create("matchshard");
    TCase *tc = tcase_create("shards");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, pentanomial_known_values);
    tcase_add_test(tc, tally_pairs);
    tcase_add_test(tc, args_shards_tiger_model);
    tcase_add_test(tc, shard_merge_equals_unsharded);
    tcase_add_test(tc, merge_partial_and_errors);
    tcase_add_test(tc, merge_progress);
    tcase_add_test(tc, merge_runs);
    tcase_add_test(tc, tiger_clock_go_lines);
    tcase_add_test(tc, dragonqi_game_points);
    suite_add_tcase(s, tc);
    return s;
}
