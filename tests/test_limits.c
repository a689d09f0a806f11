/*
 * Resource limits of the protocol: move lists of 100,000 plies and beyond the engine's
 * bound, lines longer than the input limit, hash sizes no machine has, and a perft too
 * deep to finish. Each either works or is refused with one error line that leaves the
 * engine as it was; nothing runs on after `stop`.
 *
 * Long reversible lines come from Dragon-draughts Daimyos (kings), which move back and
 * forth without capturing: a1a2 h8h7 a2a1 h7h8 returns to the start in four plies and
 * neither resets the halfmove clock (docs/dragondraughts.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "protocol/protocol.h"
#include "tests/helpers.h"

#define DD "setoption name UCI_Variant value dragondraughts\n"
#define KINGS "7k/8/8/8/8/8/8/K7 w 0 1"

enum { SHUFFLE_CYCLES = 25000 }; /* 4 plies each: 100,000 plies */

/* "position fen KINGS moves" + `cycles` shuffles + `tail`, as one malloc'd line. */
static char *shuffle_line(int cycles, const char *tail)
{
    static const char cycle[] = " a1a2 h8h7 a2a1 h7h8";
    size_t size = 64 + sizeof KINGS + (size_t)cycles * (sizeof cycle - 1) + strlen(tail);
    char *line = malloc(size), *end = line;
    end += sprintf(end, "position fen " KINGS " moves");
    for (int i = 0; i < cycles; i++)
        end = memcpy(end, cycle, sizeof cycle - 1), end += sizeof cycle - 1;
    sprintf(end, "%s\n", tail);
    return line;
}

static char *concat(const char *a, const char *b, const char *c)
{
    char *s = malloc(strlen(a) + strlen(b) + strlen(c) + 1);
    strcpy(s, a);
    strcat(s, b);
    strcat(s, c);
    return s;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *s = strstr(text, needle); s; s = strstr(s + 1, needle))
        n++;
    return n;
}

START_TEST(position_100k_moves)
{
    /* 100,000 Daimyo plies back to the start: the halfmove clock counts them all and the
     * fullmove number grows by one per pair. The default NoProgressPlies (200) has long
     * drawn the game, so go answers at once with the null move. */
    char *line = shuffle_line(SHUFFLE_CYCLES, "");
    char *in = concat(DD, line, "d\nquery result\ngo depth 3\n");
    char *out = t_session(in);
    ck_assert_ptr_nonnull(strstr(out, "\nFen: "
                                      "7k/8/8/8/8/8/8/K7 w 100000 50001\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nResult: Draw: 200 plies without progress\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nresponse draw\nbestmove 0000\n"));
    ck_assert_int_eq(count(out, "error"), 0);
    free(in);
    free(out);
    free(line);

    /* Without the no-progress rule, two fresh squares at the end make a position never
     * seen before: the game goes on and the search, given all 100,002 plies of history
     * for its repetition checks, answers with one legal Daimyo move from b1. */
    line = shuffle_line(SHUFFLE_CYCLES, " a1b1 h8g8");
    in = concat(DD "setoption name NoProgressPlies value 0\n", line,
                "d\nquery result\ngo depth 3\n");
    out = t_session(in);
    ck_assert_ptr_nonnull(strstr(out, "\nFen: "
                                      "6k1/8/8/8/8/8/8/1K6 w 100002 50002\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nresponse none\n"));
    ck_assert_int_eq(count(out, "bestmove "), 1);
    ck_assert_ptr_nonnull(strstr(out, "bestmove b1"));
    ck_assert_int_eq(count(out, "error"), 0);
    free(in);
    free(out);
    free(line);
}
END_TEST

START_TEST(position_100k_moves_bad_last)
{
    /* One illegal ply after 100,000 legal ones: refused with its number, the engine keeps
     * the position it had. */
    char *line = shuffle_line(SHUFFLE_CYCLES, " a1a1");
    char *in = concat(DD "position startpos moves a3a4\n", line, "d\n");
    char *out = t_session(in);
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'a1a1' (move 100001)\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "\nFen: 8/pppppppp/pppppppp/8/P7/1PPPPPPP/PPPPPPPP/8 b 0 1\n"));
    free(in);
    free(out);
    free(line);
}
END_TEST

START_TEST(position_too_many_moves_refused)
{
    /* Beyond POSITION_MAX_MOVES the list is refused before any move is read. */
    char *line = shuffle_line(POSITION_MAX_MOVES / 4, " a1a2");
    char *in = concat(DD, line, "d\n");
    char *out = t_session(in);
    char expected[128];
    snprintf(expected, sizeof expected, "info string error: too many moves (%d, at most %d)\n",
             POSITION_MAX_MOVES + 1, POSITION_MAX_MOVES);
    ck_assert_ptr_nonnull(strstr(out, expected));
    ck_assert_ptr_nonnull(
        strstr(out, "\nFen: 8/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/8 w 0 1\n"));
    free(in);
    free(out);
    free(line);
}
END_TEST

START_TEST(line_beyond_input_limit)
{
    /* A line longer than PROTOCOL_LINE_MAX is reported and dropped whole; the next line
     * is read as usual. */
    size_t n = PROTOCOL_LINE_MAX + 100;
    char *in = malloc(n + 64);
    memcpy(in, "position startpos moves ", 24);
    memset(in + 24, 'x', n - 24);
    strcpy(in + n, "\nisready\n");
    char *out = t_session_n(in, strlen(in));
    char expected[128];
    snprintf(expected, sizeof expected,
             "info string error: input line longer than %d bytes ignored\nreadyok\n",
             PROTOCOL_LINE_MAX);
    ck_assert_str_eq(out, expected);
    free(in);
    free(out);
}
END_TEST

START_TEST(hash_refused_keeps_table)
{
    /* A size no machine has is refused; the table set before stays and searches use it. */
    char *out = t_session(DD "setoption name Hash value 4\nsetoption name Hash value 33554432\n"
                             "go depth 2\n");
    ck_assert_ptr_nonnull(strstr(out, "info string error: cannot allocate a 33554432 MB hash "
                                      "table; keeping 4 MB\n"));
    ck_assert_int_eq(count(out, "bestmove "), 1);
    ck_assert_int_eq(count(out, "error"), 1);
    free(out);
}
END_TEST

START_TEST(perft_stops_at_any_depth)
{
    /* A perft far too deep to finish ends on `stop` (a `quit` waits for it, as for any
     * complete command, so a GUI sends stop + quit); a partial count is not printed as a
     * result. */
    char *out = t_session(DD "perft 40\nstop\nisready\n");
    ck_assert_int_eq(count(out, "info string perft stopped\n"), 1);
    ck_assert_int_eq(count(out, "readyok\n"), 1);
    ck_assert_int_eq(count(out, ": "), 0);
    free(out);
    out = t_session(DD "go perft 40\nstop\nquit\n");
    ck_assert_str_eq(out, "info string perft stopped\n");
    free(out);
}
END_TEST

Suite *limits_suite(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = tcase_create("limits");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, position_100k_moves);
    tcase_add_test(tc, position_100k_moves_bad_last);
    tcase_add_test(tc, position_too_many_moves_refused);
    tcase_add_test(tc, line_beyond_input_limit);
    tcase_add_test(tc, hash_refused_keeps_table);
    tcase_add_test(tc, perft_stops_at_any_depth);
    suite_add_tcase(s, tc);
    return s;
}
