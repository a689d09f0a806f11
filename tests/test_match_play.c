/*
 * Whole matches against the scripted fake engine (tests/fake): games played to their end
 * by the rules, then one match for each way an engine can fail (an illegal move, a crash,
 * a hang, a time loss, a failed start), the SPRT stop with concurrent games, and the UGI
 * conversation. FAKE_ENGINE names the fake's binary (make test sets it).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "match/match.h"
#include "match/match_game.h"
#include "match/match_pgn.h"
#include "tests/helpers.h"
#include "tests/match_run.h"

/* A match with a PGN file: the outputs and the PGN's text. */
typedef struct PlayedMatch {
    int status;
    char *out, *log, *pgn;
} PlayedMatch;

/* Runs `wyrm match` with the words of `args` (t_run_match's '%' and '_') plus a PGN file. */
static PlayedMatch run_match(const char *args)
{
    /* The process id and a count: no two runs, here or in a parallel test run, share it. */
    static int runs;
    char pgn_path[128];
    snprintf(pgn_path, sizeof pgn_path, "/tmp/wyrm-match-test-%d-%d.pgn", (int)getpid(), runs++);
    const char *extra[] = {"-pgn", pgn_path, NULL};
    MatchOutput run = t_run_match(args, extra);
    PlayedMatch result = {run.status, run.out, run.log, t_read_file(pgn_path)};
    unlink(pgn_path);
    return result;
}

static void match_output_free(PlayedMatch *m)
{
    free(m->out);
    free(m->log);
    free(m->pgn);
}

static int count_substr(const char *text, const char *needle)
{
    int n = 0;
    for (const char *s = text; (s = strstr(s, needle)); s += strlen(needle))
        n++;
    return n;
}

/* Check's failure messages have a size limit: they show the start of long texts only. */
static void assert_contains(const char *text, const char *needle)
{
    ck_assert_msg(strstr(text, needle) != NULL, "expected \"%s\" in:\n%.3000s", needle, text);
}

static void assert_matches(const char *text, const char *pattern)
{
    regex_t re;
    ck_assert_int_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NEWLINE), 0);
    int rc = regexec(&re, text, 0, NULL, 0);
    regfree(&re);
    ck_assert_msg(rc == 0, "expected /%s/ in:\n%.3000s", pattern, text);
}

/* ---- whole matches against the fake engine -------------------------------------------- */

START_TEST(match_legal_games_and_pgn)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_name=alpha -engine "
                              "cmd=%_name=beta proto=ugi -each depth=1 -games 2 -debug");
    ck_assert_msg(m.status == 0, "%s", m.log);
    /* Both play the first legal move: replay that game here and compare. */
    const Game *g = t_game("breakthrough");
    Referee r;
    char err[256];
    ck_assert(referee_start(&r, g, g->start_fen, 200, 0, err, sizeof err));
    Move moves[MAX_MOVES];
    while (referee_judge(&r).termination == TERM_NONE) {
        ck_assert(g->gen_moves(r.pos, moves) > 0);
        referee_play(&r, moves[0]);
    }
    Outcome end = referee_judge(&r);
    char line[1024];
    snprintf(line, sizeof line, "Game 1/2 alpha vs beta: %s {rules: %s}\n", pgn_result(&end),
             end.detail);
    assert_contains(m.out, line);
    snprintf(line, sizeof line, "[PlyCount \"%d\"]\n", r.played);
    ck_assert_int_eq(count_substr(m.pgn, line), 2);
    GameRecord expected = {.number = 1,
                           .game = g,
                           .names = {"alpha", "beta"},
                           .tc = {"depth=1", "depth=1"},
                           .moves = r.moves,
                           .plies = r.played,
                           .outcome = end};
    snprintf(expected.start_fen, sizeof expected.start_fen, "%s", r.start_fen);
    char *text = pgn_format(&expected, "DATE");
    /* Everything after the Date tag is the same text. */
    ck_assert_ptr_nonnull(strstr(m.pgn, strstr(text, "[Round")));
    free(text);
    referee_free(&r);
    assert_contains(m.out, "Match: alpha vs beta, breakthrough, 2 games, concurrency 1\n");
    assert_contains(m.out, "Score of alpha vs beta: 1 - 1 - 0  [0.500] 2\n");
    assert_contains(m.out, "\nFinished: 2 of 2 games\n");
    assert_contains(m.out, "Elo difference (alpha - beta): 0.0 +/- inf (95%), score 50.0%, "
                           "LOS 50.0%\n");
    /* The UGI engine is told the game (it offers UCI_Variant) and gets p1/p2 clocks. */
    assert_contains(m.log, "fake-engine > ugi\n");
    assert_contains(m.log, "beta < ugiok\n");
    assert_contains(m.log, "beta > setoption name UCI_Variant value breakthrough\n");
    assert_contains(m.log, "beta > uginewgame\n");
    assert_contains(m.log, "alpha > ucinewgame\n");
    assert_contains(m.log, "alpha > go depth 1\n");
    assert_contains(m.log,
                    "alpha > position fen pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1\n");
    assert_contains(m.log, "alpha > quit\n");
    /* The UGI engine is asked for the result of each game and agrees. */
    ck_assert_int_eq(count_substr(m.log, "beta > query result\n"), 2);
    snprintf(line, sizeof line, "beta < response %s\n", end.winner == P1 ? "p1win" : "p2win");
    ck_assert_int_eq(count_substr(m.log, line), 2);
    ck_assert_ptr_null(strstr(m.log, "warning"));
    match_output_free(&m);

    m = run_match("-game breakthrough -engine cmd=%_liar name=liar proto=ugi -engine cmd=% "
                  "-each depth=1 -games 1");
    snprintf(line, sizeof line,
             "warning: game 1: liar answers `query result` with 'draw'; by "
             "the referee's rules it is %s (%s)\n",
             end.winner == P1 ? "p1win" : "p2win", end.detail);
    ck_assert_str_eq(m.log, line);
    match_output_free(&m);

    m = run_match("-game breakthrough -engine cmd=%_name=alpha proto=ugi -engine cmd=% "
                  "-each tc=60+1 -games 1 -debug");
    assert_matches(m.log, "^alpha > go p1time 60000 p2time 60000 p1inc 1000 p2inc 1000$");
    assert_matches(m.log, "^fake > go wtime [0-9]+ btime 60000 winc 1000 binc 1000$");
    match_output_free(&m);
}
END_TEST

START_TEST(match_illegal_move)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_name=good -engine "
                              "cmd=%_mode=illegal_after=2_name=bad -each depth=1 -games 2");
    ck_assert_int_eq(m.status, 0);
    assert_contains(m.out, "Game 1/2 good vs bad: 1-0 {illegal move: bad plays an illegal move "
                           "'a1a1'}\n");
    assert_contains(m.out, "Game 2/2 bad vs good: 0-1 {illegal move: bad plays an illegal move "
                           "'a1a1'}\n");
    assert_contains(m.pgn, "[Termination \"illegal move\"]\n[PlyCount \"5\"]\n");
    /* The process is kept after an illegal move, so its fourth `go` comes first in game 2. */
    assert_contains(m.pgn, "[Termination \"illegal move\"]\n[PlyCount \"0\"]\n");
    assert_contains(m.pgn, "{bad plays an illegal move 'a1a1'} 0-1\n");
    assert_contains(m.out, "illegal move                      0          2      0\n");
    match_output_free(&m);
}
END_TEST

START_TEST(match_crash_and_restart)
{
    /* The crashing engine is started again for game 2 and crashes again on its 2nd move. */
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_name=good -engine "
                              "cmd=%_mode=crash_after=1_name=bad -each depth=1 -games 2");
    ck_assert_int_eq(m.status, 0);
    assert_contains(m.out, "Game 1/2 good vs bad: 1-0 {crash: bad exited with status 3}\n");
    assert_contains(m.out, "Game 2/2 bad vs good: 0-1 {crash: bad exited with status 3}\n");
    assert_contains(m.pgn, "[Termination \"crash\"]\n[PlyCount \"3\"]\n");
    assert_contains(m.pgn, "[Termination \"crash\"]\n[PlyCount \"2\"]\n");
    match_output_free(&m);
    m = run_match("-game breakthrough -engine cmd=%_mode=killself_name=bad -engine "
                  "cmd=%_name=good -each depth=1 -games 1");
    assert_contains(m.out, "Game 1/1 bad vs good: 0-1 {crash: bad killed by signal 9 (SIGKILL)}\n");
    assert_contains(m.out, "Score of bad vs good: 0 - 1 - 0  [0.000] 1\n");
    match_output_free(&m);
}
END_TEST

/* The timeouts also bound the start-up handshake, so they leave room for a sanitizer build
 * starting slowly on a busy machine. */
START_TEST(match_hang)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_name=good -engine "
                              "cmd=%_mode=hang_name=bad timeout=1000 -each depth=1 -games 2");
    ck_assert_int_eq(m.status, 0);
    assert_contains(m.out,
                    "Game 1/2 good vs bad: 1-0 {hang: bad sent no bestmove within 1000 ms}\n");
    assert_contains(m.out,
                    "Game 2/2 bad vs good: 0-1 {hang: bad sent no bestmove within 1000 ms}\n");
    assert_contains(m.out, "hang                              0          2      0\n");
    match_output_free(&m);
    /* With a clock, a silent engine is sent `stop` when its time is up. The good engine
     * moves first and gets a long clock, so a busy machine cannot make it lose on time. */
    m = run_match("-game breakthrough -engine cmd=%_name=good tc=60 -engine "
                  "cmd=%_mode=hang_name=bad tc=0.1 -each timeout=1000 -games 1");
    assert_contains(m.out, "{hang: bad sent no bestmove after stop within 1000 ms}\n");
    match_output_free(&m);
}
END_TEST

/* The slow engine moves first and sleeps 300 ms: at least that is measured, whatever the
 * machine's load, and it is the only timing the assertions depend on. */
START_TEST(match_time_forfeit)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_mode=flag_sleep=300_name=slow "
                              "-engine cmd=%_name=good -each tc=0.1+0 timemargin=50 -games 1");
    ck_assert_int_eq(m.status, 0);
    assert_matches(m.out,
                   "^Game 1/1 slow vs good: 0-1 \\{time forfeit: slow loses on time: "
                   "([3-9][0-9]{2}|[0-9]{4,}) ms used, 100 ms allowed \\(\\+50 ms margin\\)\\}$");
    assert_contains(m.pgn, "[Termination \"time forfeit\"]\n[PlyCount \"0\"]\n");
    match_output_free(&m);
    m = run_match("-game breakthrough -engine cmd=%_mode=flag_sleep=300_name=slow "
                  "-engine cmd=%_name=good -each movetime=50 timemargin=20 -games 1");
    assert_matches(m.out, "\\{time forfeit: slow loses on time: ([3-9][0-9]{2}|[0-9]{4,}) ms "
                          "used, 50 ms "
                          "allowed \\(\\+20 ms margin\\)\\}$");
    match_output_free(&m);
}
END_TEST

START_TEST(match_sprt_stop_and_concurrency)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_name=good -engine "
                              "cmd=%_mode=illegal_name=bad -each depth=1 -games 100 "
                              "-concurrency 3 -sprt elo0=0 elo1=100");
    ck_assert_int_eq(m.status, 0);
    assert_contains(m.out, "\nStopped by SPRT: 12 of 100 games\n");
    assert_contains(m.out, "SPRT (trinomial, elo0=0 elo1=100 alpha=0.05 beta=0.05): LLR 2.96, "
                           "bounds [-2.94, 2.94]: H1 accepted\n");
    assert_contains(m.out, "good                         12      0      0       12.0\n");
    /* Only counted games reach the PGN, in game order whatever order they finished in
     * (which twelve they are depends on the threads' timing). */
    ck_assert_int_eq(count_substr(m.pgn, "[Event "), 12);
    int last = 0;
    for (const char *at = m.pgn; (at = strstr(at, "[Round \"")); at++) {
        int round = atoi(at + 8);
        ck_assert_int_gt(round, last);
        last = round;
    }
    match_output_free(&m);
}
END_TEST

/* -resign and -draw against fakes that report chosen scores: every game ends at the exact
 * ply where the runs of scores are long enough (by the rules, these games run 40 plies). */
START_TEST(match_adjudication)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=%_score=cp:-600_name=a -engine "
                              "cmd=%_name=b -each depth=1 -games 2 -resign movecount=3 score=500");
    ck_assert_int_eq(m.status, 0);
    assert_contains(m.out, "Adjudication: a loss at -500 or less for 3 moves in a row\n");
    assert_contains(m.out, "Game 1/2 a vs b: 0-1 {adjudication: black wins: a scored -500 or "
                           "less for 3 moves in a row}\n");
    assert_contains(m.out, "Game 2/2 b vs a: 1-0 {adjudication: white wins: a scored -500 or "
                           "less for 3 moves in a row}\n");
    assert_contains(m.pgn, "[Termination \"adjudication\"]\n[PlyCount \"5\"]\n");
    assert_contains(m.pgn, "[Termination \"adjudication\"]\n[PlyCount \"6\"]\n");
    assert_contains(m.out, "adjudication                      2          0      0\n");
    match_output_free(&m);

    /* Two-sided: the opponent's score of 0 does not agree; then +600 agrees. */
    m = run_match("-game breakthrough -engine cmd=%_score=cp:-600_name=a -engine cmd=%_name=b "
                  "-each depth=1 -games 2 -resign movecount=3 score=500 twosided=true");
    ck_assert_int_eq(count_substr(m.pgn, "[Termination \"rules\"]\n[PlyCount \"40\"]\n"), 2);
    match_output_free(&m);
    m = run_match("-game breakthrough -engine cmd=%_score=cp:-600_name=a -engine "
                  "cmd=%_score=cp:600_name=b -each depth=1 -games 2 -resign movecount=3 "
                  "score=500 twosided=true");
    assert_contains(m.out, "Adjudication: a loss at -500 or less for 3 moves in a row, the "
                           "opponent agreeing\n");
    assert_contains(m.out, "Game 1/2 a vs b: 0-1 {adjudication: black wins: a scored -500 or "
                           "less for 3 moves in a row, its opponent as much in its favour}\n");
    ck_assert_int_eq(count_substr(m.pgn, "[Termination \"adjudication\"]\n[PlyCount \"6\"]\n"), 2);
    match_output_free(&m);

    /* A mate counts; the lowerbound line after it is not read as the score; a move without
     * a score breaks the run. */
    m = run_match("-game breakthrough -engine cmd=%_score=mate:-2_bound_name=a -engine "
                  "cmd=%_name=b -each depth=1 -games 1 -resign movecount=2 score=90000");
    assert_contains(m.pgn, "[Termination \"adjudication\"]\n[PlyCount \"3\"]\n");
    match_output_free(&m);
    m = run_match("-game breakthrough -engine cmd=%_score=none_name=a -engine cmd=%_name=b "
                  "-each depth=1 -games 1 -resign movecount=1 score=1");
    assert_contains(m.pgn, "[Termination \"rules\"]\n[PlyCount \"40\"]\n");
    match_output_free(&m);

    /* Draws: both at 0 from move 10 on; a score of 1 is outside +-0. */
    m = run_match("-game breakthrough -engine cmd=%_name=a -engine cmd=%_name=b -each depth=1 "
                  "-games 2 -draw movecount=3 score=0 movenumber=10");
    assert_contains(m.out, "Adjudication: a draw within +-0 for 3 moves in a row, from move 10\n");
    assert_contains(m.out, "Game 1/2 a vs b: 1/2-1/2 {adjudication: draw: both engines scored "
                           "between -0 and 0 for 3 moves in a row}\n");
    ck_assert_int_eq(count_substr(m.pgn, "[Termination \"adjudication\"]\n[PlyCount \"20\"]\n"), 2);
    assert_contains(m.out, "adjudication                      0          0      2\n");
    match_output_free(&m);
    m = run_match("-game breakthrough -engine cmd=%_score=cp:1_name=a -engine cmd=%_name=b "
                  "-each depth=1 -games 1 -draw movecount=3 score=0");
    assert_contains(m.pgn, "[Termination \"rules\"]\n[PlyCount \"40\"]\n");
    match_output_free(&m);
}
END_TEST

START_TEST(match_setup_errors)
{
    PlayedMatch m = run_match("-game breakthrough -engine cmd=% -engine "
                              "cmd=/nonexistent/engine -each depth=1");
    ck_assert_int_eq(m.status, 1);
    ck_assert_str_eq(m.log, "wyrm match: engine 2 (/nonexistent/engine): cannot start "
                            "'/nonexistent/engine': No such file or directory\n");
    ck_assert_str_eq(m.out, "");
    match_output_free(&m);
    m = run_match("-engine cmd=%_mode=mute name=m -engine cmd=% -each depth=1 timeout=100");
    char expected[4096];
    snprintf(expected, sizeof expected,
             "wyrm match: engine 1 (%s mode=mute): m sent no uciok within 100 ms\n",
             t_fake_engine());
    ck_assert_str_eq(m.log, expected);
    match_output_free(&m);
    m = run_match("-engine cmd=% option.Contempt=5 -engine cmd=% -each depth=1");
    ck_assert_int_eq(m.status, 1);
    assert_contains(m.log, "): fake has no option 'Contempt'\n");
    match_output_free(&m);
    m = run_match("-engine cmd=% -engine cmd=% option.Hash=0 -each depth=1");
    assert_contains(m.log, "): fake rejected its settings: info string error: invalid value "
                           "'0'\n");
    match_output_free(&m);
}
END_TEST

Suite *match_play_suite(void)
{
    Suite *s = suite_create("matchplay");
    TCase *tc = tcase_create("matches");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, match_legal_games_and_pgn);
    tcase_add_test(tc, match_illegal_move);
    tcase_add_test(tc, match_crash_and_restart);
    tcase_add_test(tc, match_hang);
    tcase_add_test(tc, match_time_forfeit);
    tcase_add_test(tc, match_sprt_stop_and_concurrency);
    tcase_add_test(tc, match_adjudication);
    tcase_add_test(tc, match_setup_errors);
    suite_add_tcase(s, tc);
    return s;
}
