/*
 * Protocol: the commands that only read the engine (`uci`, `ugi`, `d`, `moves`, `eval`,
 * `query`, `json`, `help`, `version`) answer at once when nothing is queued, and in turn
 * behind queued commands, so each answers about the position the commands before it set.
 * Only `isready`, `stop`, `ponderhit` and `quit` act ahead of the queue.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/helpers.h"

#define BT "setoption name UCI_Variant value breakthrough\n"
#define AFTER_A2A3 "position startpos moves a2a3\n"

/* Each command that reads, with the input that makes its answer depend on the position. */
static const char *const READERS[] = {
    "d\n",   "moves\n", "eval\n", "json\n",    "query p1turn\n", "query gameover\n",
    "uci\n", "ugi\n",   "help\n", "version\n",
};

/* `text` less its search lines (info depth, currmove, ...), which a running search
 * prints between the answers. */
static char *without_info(const char *text)
{
    char *out = malloc(strlen(text) + 1);
    ck_assert_ptr_nonnull(out);
    size_t n = 0;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) + 1 : strlen(s);
        if (strncmp(s, "info ", 5) != 0) {
            memcpy(out + n, s, len);
            n += len;
        }
        s += len;
    }
    out[n] = 0;
    return out;
}

/* Nothing queued: the answer comes at once, while the search runs, before its bestmove,
 * and is what the command answers with no search at all. */
START_TEST(reader_answers_at_once)
{
    const char *cmd = READERS[_i];
    char input[256];
    snprintf(input, sizeof input, BT "go infinite\n%sstop\n", cmd);
    char *out = t_session(input);
    char *answer = without_info(out);
    snprintf(input, sizeof input, BT "%s", cmd);
    char *alone = t_session(input);
    ck_assert_msg(strncmp(answer, alone, strlen(alone)) == 0, "%sgot:\n%s\nexpected first:\n%s",
                  cmd, answer, alone);
    ck_assert_msg(strncmp(answer + strlen(alone), "bestmove ", 9) == 0, "%s%s", cmd, answer);
    ck_assert_int_eq(t_count_lines(answer, ""), t_count_lines(alone, "") + 1);
    free(out), free(answer), free(alone);
}
END_TEST

/* Behind a queued position: the answer waits for the search to end and the position to be
 * set, and is what the command answers about that position. */
START_TEST(reader_answers_in_turn)
{
    const char *cmd = READERS[_i];
    char input[256];
    snprintf(input, sizeof input, BT "go infinite\n" AFTER_A2A3 "%sstop\n", cmd);
    char *out = t_session(input);
    char *answer = without_info(out);
    snprintf(input, sizeof input, BT AFTER_A2A3 "%s", cmd);
    char *alone = t_session(input);
    ck_assert_msg(strncmp(answer, "bestmove ", 9) == 0, "%s%s", cmd, answer);
    const char *after = strchr(answer, '\n') + 1;
    ck_assert_msg(strcmp(after, alone) == 0, "%sgot:\n%s\nexpected:\n%s", cmd, after, alone);
    free(out), free(answer), free(alone);
}
END_TEST

/* The case that showed the fault: a query piped behind a search and a new position. */
START_TEST(query_after_queued_position)
{
    char *out = t_session("ugi\n" BT "position startpos\ngo depth 3\n" AFTER_A2A3 "query p1turn\n");
    char buf[256];
    ck_assert(t_last_line(out, "response ", buf, sizeof buf));
    ck_assert_str_eq(buf, "response false");
    const char *best = strstr(out, "bestmove "), *response = strstr(out, "response ");
    ck_assert(best && response && best < response);
    free(out);
}
END_TEST

/* isready stays ahead of the queue: it says that wyrm is alive, not that the queue is
 * empty. */
START_TEST(isready_acts_ahead)
{
    char *out = t_session(BT "go infinite\n" AFTER_A2A3 "d\nisready\nstop\n");
    const char *ready = strstr(out, "readyok\n"), *best = strstr(out, "bestmove "),
               *fen = strstr(out, "Fen: ");
    ck_assert(ready && best && fen);
    ck_assert(ready < best && best < fen);
    free(out);
}
END_TEST

Suite *protocol_queue_suite(void)
{
    Suite *s = suite_create("protocol_queue");
    TCase *tc = tcase_create("readers");
    tcase_set_timeout(tc, 60);
    int n = (int)(sizeof READERS / sizeof *READERS);
    tcase_add_loop_test(tc, reader_answers_at_once, 0, n);
    tcase_add_loop_test(tc, reader_answers_in_turn, 0, n);
    tcase_add_test(tc, query_after_queued_position);
    tcase_add_test(tc, isready_acts_ahead);
    suite_add_tcase(s, tc);
    return s;
}
