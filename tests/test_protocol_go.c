/*
 * Protocol: the order in which commands act (the queueing rule), `go mate`,
 * `go searchmoves`, `info currmove`, Skill Level and the command line. Sessions are fed
 * whole, as a script pipes them, so every command after a `go` arrives while it runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "engine/registry.h"
#include "protocol/protocol.h"
#include "tests/helpers.h"

#define BT "setoption name UCI_Variant value breakthrough\n"

/* The output of `input`, clock fields stripped. */
static char *stripped(const char *input)
{
    char *out = t_session(input);
    t_strip_timing(out);
    return out;
}

/* Two searches in one batch: the second waits for the first to finish at its own depth
 * (Stockfish's behaviour), so the batch prints exactly what the two searches print
 * apart. ucinewgame between them makes the second independent of the first's table. */
START_TEST(queued_go_waits_for_search)
{
    char *batch = stripped(BT "go depth 6\nucinewgame\nposition startpos moves a2a3\ngo depth 6\n");
    char *first = stripped(BT "go depth 6\n");
    char *second = stripped(BT "ucinewgame\nposition startpos moves a2a3\ngo depth 6\n");
    char *both = malloc(strlen(first) + strlen(second) + 1);
    strcpy(both, first);
    strcat(both, second);
    ck_assert_str_eq(batch, both);
    ck_assert_int_eq(t_count_lines(batch, "bestmove "), 2);
    ck_assert_int_eq(t_count_lines(first, "info depth 6 "), 1);
    free(batch), free(first), free(second), free(both);
}
END_TEST

/* setoption waits too: the first search has one line per depth, the second two. */
START_TEST(queued_setoption_waits)
{
    char *out = t_session(BT "go depth 4\nsetoption name MultiPV value 2\ngo depth 4\n");
    const char *second = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(second);
    ck_assert_ptr_null(strstr(out, "multipv 2") < second ? strstr(out, "multipv 2") : NULL);
    ck_assert_int_eq(t_count_lines(second, "info depth 4 seldepth"), 2);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

/* d and isready answer at once, about the position as last set; the queued position is
 * set only after the search ends. */
START_TEST(display_answers_at_once)
{
    char buf[256];
    char *out = t_session(BT "go infinite\nposition startpos moves a2a3\nd\nisready\nstop\n");
    const char *fen = strstr(out, "Fen: "), *ready = strstr(out, "readyok\n"),
               *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(fen);
    ck_assert_ptr_nonnull(best);
    ck_assert(fen < best && ready && ready < best);
    ck_assert(t_last_line(out, "Fen: ", buf, sizeof buf));
    ck_assert_str_eq(buf, "Fen: pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1");
    free(out);
}
END_TEST

/* perft is a complete command: the quit piped after it acts when it has finished. */
START_TEST(piped_perft_then_quit)
{
    char *alone = t_session(BT "go perft 5\n");
    char *out = t_session(BT "position startpos\ngo perft 5\nquit\nisready\n");
    ck_assert_str_eq(out, alone);
    ck_assert_int_eq(t_count_lines(out, ""), 22 + 2);
    size_t n = strlen(out);
    ck_assert(n > 26 && strcmp(out + n - 26, "\n\nNodes searched: 6182818\n") == 0);
    free(out), free(alone);
    /* the default game, Dragon Face, as the bare binary starts */
    out = t_session("position startpos\ngo perft 4\nquit\n");
    n = strlen(out);
    ck_assert(n > 26 && strcmp(out + n - 26, "\n\nNodes searched: 4075339\n") == 0);
    free(out);
}
END_TEST

/* stop still ends a perft or a bench early, so a GUI's stop + quit is instant. */
START_TEST(stop_ends_perft_and_bench)
{
    char buf[256];
    char *out = t_session(BT "perft 12\nstop\nquit\n");
    ck_assert(t_last_line(out, "", buf, sizeof buf));
    ck_assert_str_eq(buf, "info string perft stopped");
    ck_assert_int_eq(t_count_lines(out, "Nodes searched"), 0);
    free(out);
    out = t_session(BT "bench breakthrough 60\nstop\nquit\n");
    ck_assert_int_le(t_count_lines(out, "bench breakthrough "), 1);
    ck_assert(t_last_line(out, "Nodes searched  : ", buf, sizeof buf));
    free(out);
}
END_TEST

/* quit ends a running search at once (one bestmove) and what was queued behind it runs
 * in turn, its searches stopped as they start: every go gets exactly one bestmove. */
START_TEST(quit_stops_searches)
{
    char *out = t_session(BT "go infinite\ngo depth 60\nquit\ngo depth 3\n");
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

Suite *protocol_go_suite(void)
{
    Suite *s = suite_create("protocol_go");
    TCase *tc = tcase_create("queue");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, queued_go_waits_for_search);
    tcase_add_test(tc, queued_setoption_waits);
    tcase_add_test(tc, display_answers_at_once);
    tcase_add_test(tc, piped_perft_then_quit);
    tcase_add_test(tc, stop_ends_perft_and_bench);
    tcase_add_test(tc, quit_stops_searches);
    suite_add_tcase(s, tc);
    return s;
}
