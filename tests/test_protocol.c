/*
 * Protocol: feeds text to the engine and checks the exact replies, including every
 * error path. Sessions run through protocol_loop as the binary does.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/registry.h"
#include "protocol/protocol.h"
#include "tests/helpers.h"

#define BT "setoption name UCI_Variant value breakthrough\n"

START_TEST(uci_handshake)
{
    char *out = t_session("uci\n");
    ck_assert_ptr_nonnull(strstr(out, "id name wyrm"));
    ck_assert_ptr_nonnull(strstr(out, "\nid author "));
    ck_assert_ptr_nonnull(strstr(out, "\noption name UCI_Variant type combo default "));
    ck_assert_ptr_nonnull(strstr(out, " var breakthrough"));
    ck_assert_ptr_nonnull(strstr(out, "\noption name Hash type spin default 16 min 1 max "));
    ck_assert_ptr_nonnull(
        strstr(out, "\noption name Threads type spin default 1 min 1 max 1024\n"));
    ck_assert_ptr_nonnull(strstr(out, "\noption name MultiPV type spin default 1 min 1 max 256\n"));
    ck_assert_ptr_nonnull(strstr(out, "\noption name Ponder type check default false\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "\noption name Move Overhead type spin default 10 min 0 max 5000\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "\noption name NoProgressPlies type spin default 200 min 0 max 100000\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "\noption name Contempt type spin default 20 min -100 max 100\n"));
    ck_assert_ptr_nonnull(strstr(out, "\noption name Clear Hash type button\n"));
    size_t n = strlen(out);
    ck_assert(n > 6 && strcmp(out + n - 6, "uciok\n") == 0);
    free(out);
    out = t_session("ugi\n");
    n = strlen(out);
    ck_assert(n > 6 && strcmp(out + n - 6, "ugiok\n") == 0);
    free(out);
}
END_TEST

START_TEST(isready_and_unknown)
{
    t_expect_session("isready\n", "readyok\n");
    t_expect_session("\n   \nfoo bar\nisready\n",
                     "info string error: unknown command 'foo'\nreadyok\n");
    t_expect_session("\xff\xfe garbage\x01\nisready\n",
                     "info string error: unknown command '\xff\xfe'\nreadyok\n");
}
END_TEST

START_TEST(position_and_display)
{
    char *out = t_session(BT "position startpos moves a2a3 h7h6\nd\n");
    ck_assert_ptr_nonnull(
        strstr(out, "\nFen: pppppppp/ppppppp1/7p/8/8/P7/1PPPPPPP/PPPPPPPP w 0 2\n"));
    ck_assert_ptr_nonnull(strstr(out, "\nSide to move: white\nResult: none\n"));
    ck_assert_ptr_nonnull(strstr(out, "Game: breakthrough\n"));
    free(out);
    t_expect_session(BT "position fen 7p/8/8/8/2p1p3/3P4/8/8 w 0 1\nmoves\n", "d3c4 d3d4 d3e4\n");
}
END_TEST

START_TEST(position_errors_keep_state)
{
    char buf[256];
    char *out = t_session(BT "position startpos moves a2a3\n"
                             "position fen xx\n"
                             "position startpos moves b7b6 a2a4\n"
                             "position fen 8/8/8 w 0 1 moves a2a3\n"
                             "position\n"
                             "position startpos garbage\n"
                             "position fen\n"
                             "position fen moves\n"
                             "d\n");
    ck_assert_int_eq(t_count_lines(out, "info string error: "), 7);
    ck_assert_ptr_nonnull(strstr(out, "info string error: invalid breakthrough position: "
                                      "expected board, side, [halfmove, fullmove]: 'xx'\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'b7b6' (move 1)\n"));
    ck_assert_ptr_nonnull(strstr(
        out, "info string error: usage: position startpos|fen <FEN> [moves <m1> <m2> ...]\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: invalid breakthrough position: board "
                                      "must have 8 ranks of 8 squares\n"));
    ck_assert_ptr_nonnull(
        strstr(out, "info string error: unexpected token 'garbage' after startpos\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: position fen needs a FEN\n"));
    ck_assert(t_last_line(out, "Fen: ", buf, sizeof buf));
    ck_assert_str_eq(buf, "Fen: pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1");
    free(out);
}
END_TEST

/* A `position` that only adds moves to the last one replays just the new moves; a longer
 * line with a bad new move, a line that leaves the old one, a shorter line and another
 * start position are all built as they are sent. */
START_TEST(position_extends_line)
{
    char buf[256];
    char *out = t_session(BT "position startpos moves a2a3 h7h6\n"
                             "position startpos moves a2a3 h7h6 b2b3\n"
                             "d\n"
                             "position startpos moves a2a3 h7h6 b2b3 g7g6 a3a3\n"
                             "d\n"
                             "position startpos moves a2a3 g7g6 b2b3\n"
                             "d\n"
                             "position startpos moves a2a3\n"
                             "d\n"
                             "position fen 7p/8/8/8/2p1p3/3P4/8/8 w 0 1 moves d3c4\n"
                             "position fen 7p/8/8/8/2p1p3/3P4/8/8 w 0 1 moves d3c4 h8h7\n"
                             "d\n"
                             "position startpos moves d3c4 h8h7\n");
    const char *want[] = {
        "Fen: pppppppp/ppppppp1/7p/8/8/PP6/2PPPPPP/PPPPPPPP b 0 2",
        "Fen: pppppppp/ppppppp1/7p/8/8/PP6/2PPPPPP/PPPPPPPP b 0 2",
        "Fen: pppppppp/pppppp1p/6p1/8/8/PP6/2PPPPPP/PPPPPPPP b 0 2",
        "Fen: pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1",
        "Fen: 8/7p/8/8/2P1p3/8/8/8 w 0 2",
    };
    const char *at = out;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        at = strstr(at, "\nFen: ");
        ck_assert_ptr_nonnull(at);
        at++;
        snprintf(buf, sizeof buf, "%.*s", (int)strcspn(at, "\n"), at);
        ck_assert_str_eq(buf, want[i]);
    }
    ck_assert_int_eq(t_count_lines(out, "info string error: "), 2);
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'a3a3' (move 5)\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'd3c4' (move 1)\n"));
    free(out);
}
END_TEST

START_TEST(setoption_errors)
{
    t_expect_session("setoption name Foo value 1\n"
                     "setoption name Hash value 0\n"
                     "setoption name Hash value abc\n"
                     "setoption name Threads value 1025\n"
                     "setoption name MultiPV value -1\n"
                     "setoption name Ponder value maybe\n"
                     "setoption name UCI_Variant value nosuchgame\n"
                     "setoption name Threads\n"
                     "setoption\n"
                     "setoption name\n"
                     "setoption name Move Overhead value 5001\n"
                     "setoption name NoProgressPlies value x\n"
                     "setoption name Contempt value 101\n"
                     "setoption name contempt value -100\n"
                     "setoption name hash value 8\n"
                     "setoption name clear hash\n"
                     "setoption name move overhead value 30\n"
                     "isready\n",
                     "info string error: unknown option 'Foo'\n"
                     "info string error: invalid value '0' for option Hash (1..33554432)\n"
                     "info string error: invalid value 'abc' for option Hash (1..33554432)\n"
                     "info string error: invalid value '1025' for option Threads (1..1024)\n"
                     "info string error: invalid value '-1' for option MultiPV (1..256)\n"
                     "info string error: invalid value 'maybe' for option Ponder (true or false)\n"
                     "info string error: unknown game 'nosuchgame'\n"
                     "info string error: option Threads needs a value\n"
                     "info string error: usage: setoption name <name> [value <value>]\n"
                     "info string error: usage: setoption name <name> [value <value>]\n"
                     "info string error: invalid value '5001' for option Move Overhead (0..5000)\n"
                     "info string error: invalid value 'x' for option NoProgressPlies (0..100000)\n"
                     "info string error: invalid value '101' for option Contempt (-100..100)\n"
                     "readyok\n");
}
END_TEST

START_TEST(hash_too_large_keeps_table)
{
    char *out = t_session("setoption name Hash value 33554432\nisready\n");
    ck_assert_ptr_nonnull(strstr(out, "info string error: cannot allocate a 33554432 MB hash "
                                      "table; keeping 16 MB\n"));
    ck_assert_ptr_nonnull(strstr(out, "readyok\n"));
    free(out);
}
END_TEST

START_TEST(perft_divide_format)
{
    char *out = t_session(BT "perft 2\n");
    ck_assert_int_eq(t_count_lines(out, "a2a3: 22"), 1);
    ck_assert_int_eq(t_count_lines(out, "h2h3: 22"), 1);
    ck_assert_ptr_nonnull(strstr(out, "\n\nNodes searched: 484\n"));
    free(out);
    out = t_session(BT "go perft 3\n");
    ck_assert_ptr_nonnull(strstr(out, "\n\nNodes searched: 11132\n"));
    free(out);
    t_expect_session(BT "perft 0\nperft x\nperft\n",
                     "info string error: perft needs a depth from 1 to 128\n"
                     "info string error: perft needs a depth from 1 to 128\n"
                     "info string error: perft needs a depth from 1 to 128\n");
}
END_TEST

START_TEST(query_commands)
{
    t_expect_session(BT "query gameover\nquery p1turn\nquery result\n",
                     "response false\nresponse true\nresponse none\n");
    t_expect_session(BT "position fen P7/8/8/8/8/8/p7/8 b 0 1\nquery gameover\nquery p1turn\n"
                        "query result\nquery foo\n",
                     "response true\nresponse false\nresponse p1win\n"
                     "info string error: unknown query 'foo' (gameover, p1turn, result)\n");
    t_expect_session("query\n", "info string error: unknown query '' (gameover, p1turn, result)\n");
}
END_TEST

START_TEST(go_finished_game)
{
    t_expect_session(BT "position fen P7/8/8/8/8/8/p7/8 b 0 1\ngo depth 3\n", "bestmove 0000\n");
}
END_TEST

START_TEST(go_depth_reports)
{
    char *out = t_session(BT "go depth 3\n");
    ck_assert_msg(t_matches(out,
                            "^info depth 3 seldepth [0-9]+ multipv 1 score cp -?[0-9]+ nodes "
                            "[0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv [a-h][1-8][a-h][1-8]"
                            " [a-h][1-8][a-h][1-8] [a-h][1-8][a-h][1-8]$"),
                  "%s", out);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    ck_assert(t_matches(out, "^bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]$"));
    free(out);
    /* UGI: exactly two words */
    out = t_session("ugi\n" BT "go depth 3\n");
    ck_assert(t_matches(out, "^bestmove [a-h][1-8][a-h][1-8]$"));
    free(out);
}
END_TEST

START_TEST(go_bad_parameters_still_answer)
{
    char *out = t_session(BT "go depth x foo 7 depth 2\n");
    ck_assert_ptr_nonnull(strstr(out, "info string error: bad value for go depth, ignored\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: unknown go parameter 'foo' ignored\n"));
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    free(out);
}
END_TEST

START_TEST(stop_infinite_one_bestmove)
{
    char *out = t_session(BT "go infinite\nisready\nstop\nisready\ngo infinite\ngo depth 2\n"
                             "go ponder\nponderhit\nstop\n");
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 4);
    ck_assert_int_eq(t_count_lines(out, "readyok"), 2);
    free(out);
}
END_TEST

/* isready during a search is answered at once: before the bestmove of an infinite search,
 * which only `stop` ends. */
START_TEST(isready_during_search)
{
    char *out = t_session(BT "go infinite\nisready\nstop\n");
    const char *ready = strstr(out, "readyok\n"), *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(ready);
    ck_assert_ptr_nonnull(best);
    ck_assert(ready < best);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    free(out);
}
END_TEST

START_TEST(clock_limits_answer)
{
    char *out = t_session(BT "go wtime 100 btime 100 winc 0 binc 0\n"
                             "go p1time 50 p2time 50 p1inc 10 p2inc 10 movestogo 3\n"
                             "go movetime 20\ngo nodes 500\ngo wtime -10 btime 10\n");
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 5);
    free(out);
}
END_TEST

START_TEST(long_and_odd_lines)
{
    size_t n = 1 << 20;
    char *big = malloc(n + 64);
    memset(big, 'x', n);
    strcpy(big + n, "\nisready\n");
    char *out = t_session(big);
    ck_assert_str_eq(out, "info string error: unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                          "xxxxxxxxxxxxxxxxxxxxxxxxxxxx'\nreadyok\n");
    free(out);
    free(big);
    /* a NUL inside a line is a bad byte, not the line's end */
    static const char nul_line[] = "isre\0dy\nisready\n";
    out = t_session_n(nul_line, sizeof nul_line - 1);
    ck_assert_str_eq(out, "info string error: unknown command 'isre?dy'\nreadyok\n");
    free(out);
}
END_TEST

START_TEST(nodes_search_deterministic)
{
    const char *in = BT "ucinewgame\nposition startpos moves d2d3 e7e6\ngo nodes 20000\n";
    char *a = t_session(in), *b = t_session(in);
    t_strip_timing(a);
    t_strip_timing(b);
    t_assert_same_text(a, b);
    ck_assert_int_eq(t_count_lines(a, "bestmove "), 1);
    free(a);
    free(b);
}
END_TEST

/* `go nodes N` twice in one session, each after `ucinewgame`, prints the same lines: the
 * new game forgets the table, the histories and the killers. */
START_TEST(nodes_search_repeats_after_new_game)
{
    static const char *const games[][2] = {
        {BT, "ucinewgame\nposition startpos moves d2d3 e7e6\ngo nodes 30000\n"},
        {"setoption name UCI_Variant value dragondraughts\n",
         "ucinewgame\nposition startpos moves d3d4\ngo nodes 30000\n"},
    };
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        const char *parts[] = {games[g][0], games[g][1], games[g][1]};
        char *out = t_session_parts(parts, 3);
        t_strip_timing(out);
        ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
        size_t half = strlen(out) / 2;
        ck_assert_int_eq(strlen(out) % 2, 0);
        char *first = strndup(out, half);
        t_assert_same_text(out + half, first);
        free(first);
        ck_assert_int_eq(t_count_lines(out + half, "bestmove "), 1);
        free(out);
    }
}
END_TEST

/* MultiPV 3: at every depth three info lines, multipv 1, 2, 3 in order, each with a
 * different first move, best score first. */
START_TEST(multipv_three_lines)
{
    static const char *const inputs[] = {
        BT "setoption name MultiPV value 3\nposition startpos moves d2d3 e7e6\n"
           "go depth 5\n",
        "setoption name UCI_Variant value dragondraughts\nsetoption name MultiPV value 3\n"
        "go depth 5\n",
    };
    for (size_t in = 0; in < sizeof inputs / sizeof *inputs; in++) {
        char *out = t_session(inputs[in]);
        int expect_depth = 1, expect_k = 1, last_score = 0;
        char first_moves[3][32];
        for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
            if (strncmp(line, "info depth ", 11) != 0)
                continue;
            int depth, k, score;
            char move[32];
            ck_assert_msg(sscanf(line, "info depth %d seldepth %*d multipv %d score cp %d", &depth,
                                 &k, &score) == 3,
                          "%s", line);
            ck_assert_int_eq(depth, expect_depth);
            ck_assert_int_eq(k, expect_k);
            const char *pv = strstr(line, " pv ");
            ck_assert_ptr_nonnull(pv);
            ck_assert_int_eq(sscanf(pv, " pv %31s", move), 1);
            strcpy(first_moves[k - 1], move);
            for (int j = 0; j < k - 1; j++)
                ck_assert_str_ne(first_moves[j], move);
            if (k > 1)
                ck_assert_int_le(score, last_score);
            last_score = score;
            if (++expect_k > 3)
                expect_k = 1, expect_depth++;
        }
        ck_assert_int_eq(expect_depth, 6);
        ck_assert_int_eq(expect_k, 1);
        free(out);
    }
}
END_TEST

START_TEST(bench_and_latency_errors)
{
    t_expect_session("bench foo\nbench all -1\nbench breakthrough 5 0\nbench all 1 1 0\n"
                     "bench all 1 1 1 1\nstoplatency 0\nstoplatency 10 0\nstoplatency 1 1 1\n"
                     "isready\n",
                     "info string error: bench: unknown game 'foo' (a game id, all, or a depth)\n"
                     "info string error: bench: bad depth '-1'\n"
                     "info string error: bench: bad threads '0'\n"
                     "info string error: bench: bad hash '0'\n"
                     "info string error: usage: bench [game|all] [depth] [threads] [hash]\n"
                     "info string error: usage: stoplatency [count] [threads]\n"
                     "info string error: usage: stoplatency [count] [threads]\n"
                     "info string error: usage: stoplatency [count] [threads]\n"
                     "readyok\n");
    /* one game at depth 1: a line per position, then the three totals, signature last */
    char *out = t_session("bench breakthrough 1\n");
    ck_assert_int_ge(t_count_lines(out, "bench breakthrough "), 10);
    ck_assert_msg(t_matches(out, "^Total time \\(ms\\) : [0-9]+$") &&
                      t_matches(out, "^Nodes/second    : [0-9]+$"),
                  "%s", out);
    size_t n = strlen(out);
    const char *last = out + n - 1;
    while (last > out && last[-1] != '\n')
        last--;
    ck_assert_msg(strncmp(last, "Nodes searched  : ", 18) == 0, "%s", last);
    free(out);
}
END_TEST

START_TEST(oversized_input_errors)
{
    /* a move list longer than the engine keeps */
    const char *head = BT "position startpos moves";
    size_t moves = 1000001, n = strlen(head);
    char *in = malloc(n + moves * 2 + 64);
    memcpy(in, head, n);
    for (size_t i = 0; i < moves; i++)
        memcpy(in + n + 2 * i, " x", 2);
    strcpy(in + n + 2 * moves, "\nmoves\n");
    char *out = t_session(in), *start_moves = t_session(BT "moves\n"), expected[512];
    snprintf(expected, sizeof expected,
             "info string error: too many moves (1000001, at most 1000000)\n%s", start_moves);
    ck_assert_str_eq(out, expected);
    free(out);
    free(start_moves);
    free(in);
    /* a line past the protocol's limit is dropped whole */
    size_t big = PROTOCOL_LINE_MAX + 1;
    in = malloc(big + 16);
    memset(in, 'y', big);
    strcpy(in + big, "\nisready\n");
    out = t_session(in);
    ck_assert_str_eq(out, "info string error: input line longer than 33554432 bytes ignored\n"
                          "readyok\n");
    free(out);
    free(in);
}
END_TEST

/* A game option's bad value. */
START_TEST(game_option_errors)
{
    t_expect_session("setoption name KnightVariation value Axe\n"
                     "setoption name knightvariation value sword\nisready\n",
                     "info string error: invalid value 'Axe' for option KnightVariation\n"
                     "readyok\n");
}
END_TEST

/* The binary runs one command from its arguments; a bad game name is an error on stderr. */
START_TEST(command_line_use)
{
    const char *wyrm = getenv("WYRM");
    ck_assert_msg(wyrm != NULL, "WYRM must name the engine binary");
    char cmd[1024], buf[4096];
    snprintf(cmd, sizeof cmd, "%s -v breakthrough perft 2 2>&1", wyrm);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    buf[len] = 0;
    ck_assert_int_eq(pclose(f), 0);
    ck_assert_int_eq(t_count_lines(buf, "a2a3: 22"), 1);
    ck_assert_int_eq(t_count_lines(buf, "h2h3: 22"), 1);
    ck_assert_int_eq(t_count_lines(buf, ""), 22 + 2);
    ck_assert_ptr_nonnull(strstr(buf, "\n\nNodes searched: 484\n"));
    snprintf(cmd, sizeof cmd, "%s -v nosuchgame perft 1 2>&1", wyrm);
    f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    len = fread(buf, 1, sizeof buf - 1, f);
    buf[len] = 0;
    int status = pclose(f);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    ck_assert_str_eq(buf, "wyrm: unknown game 'nosuchgame'\n");
}
END_TEST

START_TEST(variant_switch)
{
    char buf[256];
    char *out = t_session("setoption name UCI_Variant value BREAKTHROUGH\nd\n");
    ck_assert(t_last_line(out, "Game: ", buf, sizeof buf));
    ck_assert_str_eq(buf, "Game: breakthrough");
    free(out);
}
END_TEST

START_TEST(eval_prints_terms)
{
    char *out = t_session(BT "eval\n");
    ck_assert_ptr_nonnull(strstr(out, "material"));
    ck_assert_ptr_nonnull(strstr(out, "total"));
    free(out);
}
END_TEST

Suite *protocol_suite(void)
{
    Suite *s = suite_create("protocol");
    TCase *tc = tcase_create("commands");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, uci_handshake);
    tcase_add_test(tc, isready_and_unknown);
    tcase_add_test(tc, position_and_display);
    tcase_add_test(tc, position_errors_keep_state);
    tcase_add_test(tc, position_extends_line);
    tcase_add_test(tc, setoption_errors);
    tcase_add_test(tc, hash_too_large_keeps_table);
    tcase_add_test(tc, perft_divide_format);
    tcase_add_test(tc, query_commands);
    tcase_add_test(tc, go_finished_game);
    tcase_add_test(tc, go_depth_reports);
    tcase_add_test(tc, go_bad_parameters_still_answer);
    tcase_add_test(tc, stop_infinite_one_bestmove);
    tcase_add_test(tc, isready_during_search);
    tcase_add_test(tc, clock_limits_answer);
    tcase_add_test(tc, long_and_odd_lines);
    tcase_add_test(tc, nodes_search_deterministic);
    tcase_add_test(tc, nodes_search_repeats_after_new_game);
    tcase_add_test(tc, multipv_three_lines);
    tcase_add_test(tc, bench_and_latency_errors);
    tcase_add_test(tc, oversized_input_errors);
    tcase_add_test(tc, game_option_errors);
    tcase_add_test(tc, command_line_use);
    tcase_add_test(tc, variant_switch);
    tcase_add_test(tc, eval_prints_terms);
    suite_add_tcase(s, tc);
    return s;
}
