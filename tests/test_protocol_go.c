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

#include "core/registry.h"
#include "match/match_proc.h"
#include "protocol/protocol.h"
#include "tests/helpers.h"
#include "tests/search_puzzle.h"
#include "tests/test_dragonqi.h"

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
    t_assert_same_text(batch, both);
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
    const char *two_lines = strstr(out, "multipv 2");
    ck_assert(two_lines != NULL && two_lines > second);
    ck_assert_int_eq(t_count_lines(second, "info depth 4 seldepth"), 2);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

/* isready answers at once; d, behind the queued position, waits for the search to end
 * and the position to be set (tests/test_protocol_queue.c has every such command). */
START_TEST(display_waits_for_queued_position)
{
    char buf[256];
    char *out = t_session(BT "go infinite\nposition startpos moves a2a3\nd\nisready\nstop\n");
    const char *fen = strstr(out, "Fen: "), *ready = strstr(out, "readyok\n"),
               *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(fen);
    ck_assert_ptr_nonnull(best);
    ck_assert(best < fen && ready && ready < best);
    ck_assert(t_last_line(out, "Fen: ", buf, sizeof buf));
    ck_assert_str_eq(buf, "Fen: pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1");
    free(out);
}
END_TEST

/* Reads the engine's lines up to one that starts with `prefix`, copied into buf. */
static void read_until(EngineProc *e, const char *prefix, char *buf, size_t size)
{
    const char *line;
    for (;;) {
        ProcRead r = proc_read_line(e, clock_now_us() + 20000000, -1, &line);
        ck_assert_int_eq(r, PROC_LINE);
        if (strncmp(line, prefix, strlen(prefix)) == 0) {
            snprintf(buf, size, "%s", line);
            return;
        }
    }
}

/* A GUI that sends `position` and `isready` the moment it reads a `bestmove` (or a
 * perft's count) finds the position set when `readyok` comes: the search has ended, so
 * nothing waits. Repeated, since it is a race against the search threads' last steps. */
START_TEST(position_right_after_bestmove)
{
    const char *wyrm = getenv("WYRM");
    ck_assert_msg(wyrm != NULL, "WYRM must name the engine binary");
    char *argv[] = {(char *)wyrm, NULL}, err[256], buf[512];
    EngineProc e = {0};
    ck_assert_msg(proc_start(&e, argv, err, sizeof err), "%s", err);
    int64_t deadline = clock_now_us() + 20000000;
    ck_assert(proc_write_line(&e, "setoption name UCI_Variant value breakthrough", deadline, -1));
    for (int i = 0; i < 30; i++) {
        bool perft = i % 3 == 2;
        ck_assert(proc_write_line(&e, "position startpos", deadline, -1));
        ck_assert(proc_write_line(&e, perft ? "perft 2" : "go depth 3", deadline, -1));
        read_until(&e, perft ? "Nodes searched" : "bestmove ", buf, sizeof buf);
        ck_assert(proc_write_line(&e, "position startpos moves a2a3\nisready\nd", deadline, -1));
        read_until(&e, "readyok", buf, sizeof buf);
        read_until(&e, "Fen: ", buf, sizeof buf);
        ck_assert_str_eq(buf, "Fen: pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1");
    }
    proc_stop(&e, 2000);
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

/* ---- go mate ------------------------------------------------------------------------ */

/* One position per game whose shortest forced win is known: the full-width search of
 * t_forced_win_plies confirms the distance from the rules alone. */
static const struct {
    const char *game, *fen, *why;
    int plies;
} MATES[] = {
    {"breakthrough", "7p/8/6P1/8/8/8/8/8 w 0 1",
     "g6 is two steps from the last rank and no step reaches it at once; after g6f7 the "
     "lone h8 piece cannot take it, and f7 steps onto the eighth rank",
     3},
    {"dragondraughts", "8/8/8/8/p7/8/P7/7K w 0 1",
     "nothing can be taken now; after a waiting Daimyo move Black's only man must step "
     "from a4 to a3, next to a2, which jumps it: Black has no piece left",
     3},
    {"dragonface", "11/1g7e1/7E1g1/11/11/11/1A6A2/11/11 w - - 0 1",
     "no piece reaches the Emperor j8 at once; after i3i7 (or b3g8) one does next move "
     "whatever dark replies",
     3},
    {"dragonsgate", "d7/8/8/3D4/8/8/8/8 w 0 1",
     "d5 steps to d6, d7 and through on d8; North's only Dragon, a8, can neither block "
     "three files away nor take it",
     5},
    {"threedragons", "MpP5M/1P7/3P5/9/2CpC1C2/9/3P5/6P2/M7M w - 0 1",
     "d5 can only step to d4 or d6 (b9 is walled in); White waits, then lands beside it "
     "and takes it against d3 or d7",
     3},
    {"dragonqi", NULL, "the King e11 steps to e12, then plants", 3},
};

static void mate_fen(int i, char *fen, size_t size)
{
    if (MATES[i].fen)
        snprintf(fen, size, "%s", MATES[i].fen);
    else
        dqt_fen(fen, size, "Ke11 ka15 Fe2", "F " DQT_PLAIN);
}

/* go mate N stops at the win in N moves, prints it as score mate N and plays a winning
 * move; go mate N-1 finds no shorter win (and answers with the same distance). */
START_TEST(go_mate_finds_shortest_win)
{
    char fen[FEN_MAX], in[4096], buf[512], best[64];
    mate_fen(_i, fen, sizeof fen);
    const Game *g = t_game(MATES[_i].game);
    int plies = MATES[_i].plies, moves = (plies + 1) / 2;
    ck_assert_msg(t_forced_win_plies(g, fen, plies) == plies, "%s: %s", MATES[_i].game,
                  MATES[_i].why);
    snprintf(in, sizeof in, "setoption name UCI_Variant value %s\nposition fen %s\ngo mate %d\n",
             MATES[_i].game, fen, moves);
    char *out = t_session(in);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    ck_assert(t_last_line(out, "info depth ", buf, sizeof buf));
    char want[32];
    snprintf(want, sizeof want, " score mate %d ", moves);
    ck_assert_msg(strstr(buf, want) != NULL, "%s: %s", MATES[_i].game, buf);
    ck_assert(t_last_line(out, "bestmove ", buf, sizeof buf));
    ck_assert_int_eq(sscanf(buf, "bestmove %63s", best), 1);
    ck_assert_msg(t_move_wins_within(g, fen, best, plies), "%s: %s does not win", MATES[_i].game,
                  best);
    free(out);
    snprintf(in, sizeof in,
             "setoption name UCI_Variant value %s\nposition fen %s\ngo mate %d depth %d\n",
             MATES[_i].game, fen, moves - 1, plies + 4);
    out = t_session(in);
    ck_assert(t_last_line(out, "info depth ", buf, sizeof buf));
    ck_assert_msg(strstr(buf, want) != NULL, "%s: %s", MATES[_i].game, buf);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    free(out);
}
END_TEST

/* An infinite search with a mate limit answers by itself once it finds the win, with
 * no stop (as Stockfish does); without the limit it waits. */
START_TEST(go_mate_ends_infinite_search)
{
    char *out = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&out, &size);
    Engine *e = engine_create();
    Protocol *p = protocol_create(e, mem);
    protocol_handle(p, "setoption name UCI_Variant value breakthrough");
    protocol_handle(p, "position fen 7p/8/6P1/8/8/8/8/8 w 0 1");
    protocol_handle(p, "go infinite mate 2");
    for (int i = 0; i < 500 && engine_busy(e); i++) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    ck_assert(!engine_busy(e));
    fflush(mem);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    protocol_handle(p, "go infinite");
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    ck_assert(engine_busy(e));
    protocol_handle(p, "stop");
    protocol_finish(p);
    protocol_destroy(p);
    engine_destroy(e);
    fclose(mem);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

START_TEST(go_mate_bad_values)
{
    char *out = t_session(BT "go mate 0 depth 1\ngo mate x depth 1\n");
    ck_assert_int_eq(t_count_lines(out, "info string error: bad value for go mate, ignored"), 2);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

/* ---- searchmoves ---------------------------------------------------------------------- */

/* Every pv and the bestmove start with one of `allowed` (space-separated, padded). */
static void assert_only_moves(const char *out, const char *allowed)
{
    int seen = 0;
    for (const char *s = out; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
        char move[64], padded[70];
        const char *pv = strstr(s, " pv ");
        const char *eol = strchr(s, '\n');
        if (strncmp(s, "bestmove ", 9) == 0)
            sscanf(s, "bestmove %63s", move);
        else if (strncmp(s, "info depth ", 11) == 0 && pv && (!eol || pv < eol))
            sscanf(pv, " pv %63s", move);
        else
            continue;
        snprintf(padded, sizeof padded, " %s ", move);
        ck_assert_msg(strstr(allowed, padded) != NULL, "%s not in%s", move, allowed);
        seen++;
    }
    ck_assert_int_gt(seen, 1);
}

START_TEST(searchmoves_restrict_root)
{
    /* several moves; left alone the search answers a2b3 here */
    char *out = t_session(BT "go depth 5 searchmoves a2a3 b2b3\n");
    assert_only_moves(out, " a2a3 b2b3 ");
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 1);
    free(out);
    /* one move, exactly as printed */
    out = t_session(BT "go depth 1 searchmoves h2h3\n");
    ck_assert_msg(t_matches(out, "^info depth 1 seldepth [0-9]+ multipv 1 score cp -?[0-9]+ "
                                 "nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv h2h3$"),
                  "%s", out);
    ck_assert(t_matches(out, "^bestmove h2h3$"));
    ck_assert_int_eq(t_count_lines(out, ""), 2);
    free(out);
    /* MultiPV beyond the list: one line per allowed move */
    out = t_session(BT "setoption name MultiPV value 3\ngo depth 3 searchmoves g2g3 c2c3\n");
    assert_only_moves(out, " g2g3 c2c3 ");
    ck_assert_int_eq(t_count_lines(out, "info depth 3 "), 2);
    ck_assert_int_eq(t_count_lines(out, "info depth 3 seldepth"), 2);
    ck_assert_int_eq(t_count_lines(out, "multipv 3"), 0);
    free(out);
    /* after other parameters, and followed by one */
    out = t_session(BT "position startpos moves a2a3\ngo searchmoves h7h6 depth 2\n");
    assert_only_moves(out, " h7h6 ");
    ck_assert_int_eq(t_count_lines(out, "info depth 2 "), 1);
    free(out);
}
END_TEST

START_TEST(searchmoves_errors)
{
    char *out = t_session(BT "go depth 2 searchmoves zz a2a3 a2a3 a7a6\n");
    ck_assert_int_eq(t_count_lines(out, "info string error: "), 2);
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'zz' in searchmoves, "
                                      "ignored\n"));
    ck_assert_ptr_nonnull(strstr(out, "info string error: illegal move 'a7a6' in searchmoves, "
                                      "ignored\n"));
    assert_only_moves(out, " a2a3 ");
    free(out);
    /* nothing legal left: every move is searched, and a bestmove still comes */
    out = t_session(BT "go depth 2 searchmoves\ngo depth 2 searchmoves a1a1\n");
    ck_assert_int_eq(t_count_lines(out, "info string error: illegal move 'a1a1'"), 1);
    ck_assert_int_eq(t_count_lines(out, "bestmove "), 2);
    free(out);
}
END_TEST

/* ---- currmove ------------------------------------------------------------------------- */

START_TEST(currmove_after_one_second)
{
    const char *lines[] = {"setoption name UCI_Variant value breakthrough", "go infinite", "stop"};
    /* A root move must begin after the first second: 6 s leaves room for a first move of a
     * deep iteration that runs long on a machine busy with other work. */
    char *out = t_session_timed(lines, 3, 6000);
    int n = t_count_lines(out, "info depth ");
    int cur = 0;
    for (const char *s = out; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
        int depth, number;
        char move[16];
        if (sscanf(s, "info depth %d currmove %15s currmovenumber %d", &depth, move, &number) != 3)
            continue;
        cur++;
        ck_assert_int_ge(number, 1);
        ck_assert_int_le(number, 22);
        ck_assert_int_ge(depth, 1);
    }
    ck_assert_msg(cur > 0 && n > cur, "%s", out);
    ck_assert(t_matches(out, "^info depth [0-9]+ currmove [a-h][1-8][a-h][1-8] currmovenumber "
                             "[0-9]+$"));
    /* nothing after the bestmove */
    const char *best = strstr(out, "bestmove ");
    ck_assert(best && strchr(best, '\n') && !strstr(strchr(best, '\n'), "info"));
    free(out);
    /* a search that ends within the second prints none */
    char *quick = t_session(BT "go depth 3\n");
    ck_assert(strstr(quick, "currmove") == NULL);
    free(quick);
}
END_TEST

/* ---- Skill Level ---------------------------------------------------------------------- */

START_TEST(skill_full_strength_unchanged)
{
    const char *search = "position startpos moves d2d3 e7e6\ngo depth 6\n";
    char plain[256], full[256];
    snprintf(plain, sizeof plain, BT "%s", search);
    snprintf(full, sizeof full, BT "setoption name Skill Level value 20\n%s", search);
    char *a = stripped(plain), *b = stripped(full);
    t_assert_same_text(a, b);
    free(a), free(b);
    t_expect_session("setoption name Skill Level value 21\nsetoption name skill level value -1\n",
                     "info string error: invalid value '21' for option Skill Level (0..20)\n"
                     "info string error: invalid value '-1' for option Skill Level (0..20)\n");
}
END_TEST

/* Level 0 searches four lines and answers with a legal move, not always the best line's;
 * the choice depends only on the position, so it repeats. */
START_TEST(skill_low_level_weaker)
{
    static const char *const positions[] = {
        "startpos",
        "startpos moves d2d3 e7e6",
        "startpos moves a2a3 h7h6 b2b3",
        "startpos moves g2g3 b7b6",
        "startpos moves c2c3 d7d6 c3c4",
    };
    int differs = 0;
    const Game *g = t_game("breakthrough");
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
        char in[512], best[64], top[64], buf[512];
        snprintf(in, sizeof in, BT "setoption name Skill Level value 0\nposition %s\ngo depth 4\n",
                 positions[i]);
        char *out = t_session(in), *again = t_session(in);
        ck_assert(t_last_line(out, "bestmove ", buf, sizeof buf));
        ck_assert_int_eq(sscanf(buf, "bestmove %63s", best), 1);
        ck_assert(t_last_line(again, "bestmove ", buf, sizeof buf));
        ck_assert_int_eq(strncmp(buf + 9, best, strlen(best)), 0);
        ck_assert_int_eq(t_count_lines(out, "info depth 4 seldepth"), 4);
        ck_assert(t_last_line(out, "info depth 4 seldepth", buf, sizeof buf));
        char *line1 = strstr(out, "info depth 4 seldepth");
        ck_assert_int_eq(sscanf(strstr(line1, " pv "), " pv %63s", top), 1);
        differs += strcmp(best, top) != 0;
        /* legal in the position searched */
        char moves_in[512];
        snprintf(moves_in, sizeof moves_in, BT "position %s\nmoves\n", positions[i]);
        char *legal = t_session(moves_in), padded[70], padded_list[8192];
        snprintf(padded, sizeof padded, " %s ", best);
        snprintf(padded_list, sizeof padded_list, " %.*s ", (int)strcspn(legal, "\n"), legal);
        ck_assert_msg(strstr(padded_list, padded) != NULL, "%s illegal", best);
        (void)g;
        free(out), free(again), free(legal);
    }
    ck_assert_int_gt(differs, 0);
}
END_TEST

/* ---- the command line ------------------------------------------------------------------ */

/* Runs the binary with `args`, stdout and stderr together; returns its exit status. */
static int run_wyrm(const char *args, char *out, size_t size)
{
    const char *wyrm = getenv("WYRM");
    ck_assert_msg(wyrm != NULL, "WYRM must name the engine binary");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1 </dev/null", wyrm, args);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(out, 1, size - 1, f);
    out[len] = 0;
    int status = pclose(f);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

START_TEST(command_line_errors)
{
    static const struct {
        const char *args, *reply;
        int status;
    } cases[] = {
        {"perft abc", "wyrm: perft needs a depth from 1 to 128\n", 1},
        {"perft", "wyrm: perft needs a depth from 1 to 128\n", 1},
        {"bench chess", "wyrm: bench: unknown game 'chess' (a game id, all, or a depth)\n", 1},
        {"bench all 1 0", "wyrm: bench: bad threads '0'\n", 1},
        {"-v nosuchgame perft 1", "wyrm: unknown game 'nosuchgame'\n", 1},
        {"-v", "wyrm: -v needs a game id (see wyrm --help)\n", 2},
        {"--variant", "wyrm: --variant needs a game id (see wyrm --help)\n", 2},
        {"-x", "wyrm: unknown option '-x' (see wyrm --help)\n", 2},
        {"-v breakthrough --bogus", "wyrm: unknown option '--bogus' (see wyrm --help)\n", 2},
        {"foo", "wyrm: unknown command 'foo'\n", 1},
        {"setoption name Hash value 0",
         "wyrm: invalid value '0' for option Hash "
         "(1..33554432)\n",
         1},
        {"-v breakthrough position fen xx",
         "wyrm: invalid breakthrough position: expected "
         "board, side, [halfmove, fullmove]: 'xx'\n",
         1},
    };
    char buf[4096];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int status = run_wyrm(cases[i].args, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, cases[i].reply) == 0, "wyrm %s: %s", cases[i].args, buf);
        ck_assert_msg(status == cases[i].status, "wyrm %s: exit %d", cases[i].args, status);
    }
}
END_TEST

START_TEST(command_line_help_and_version)
{
    char help[3][8192], buf[8192];
    const char *forms[] = {"--help", "-h", "help"};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(run_wyrm(forms[i], help[i], sizeof help[i]), 0);
        ck_assert_int_eq(strncmp(help[i], "usage: wyrm ", 12), 0);
        ck_assert_str_eq(help[i], help[0]);
    }
    ck_assert(t_matches(help[0], "^  Skill Level      spin   0\\.\\.20, default 20$"));
    ck_assert(
        t_matches(help[0], "^  go \\[depth D\\] \\[nodes N\\] \\[movetime T\\] \\[mate M\\]"));
    ck_assert_ptr_nonnull(strstr(help[0], "[searchmoves M1 M2 ...]"));
    ck_assert_int_eq(run_wyrm("-v breakthrough --help", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, help[0]);
    ck_assert_int_eq(run_wyrm("--version", buf, sizeof buf), 0);
    ck_assert_msg(t_matches(buf, "^wyrm 1\\.0$") &&
                      t_matches(buf, "^build: (gcc|clang) .*, assertions (on|off), 64-bit, C11$"),
                  "%s", buf);
    ck_assert_int_eq(t_count_lines(buf, ""), 2);
    char again[8192];
    ck_assert_int_eq(run_wyrm("version", again, sizeof again), 0);
    ck_assert_str_eq(again, buf);
    /* the protocol knows them too */
    char *out = t_session("version\nisready\n");
    ck_assert_int_eq(strncmp(out, buf, strlen(buf)), 0);
    ck_assert_str_eq(out + strlen(buf), "readyok\n");
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
    tcase_add_test(tc, display_waits_for_queued_position);
    tcase_add_test(tc, piped_perft_then_quit);
    tcase_add_test(tc, stop_ends_perft_and_bench);
    tcase_add_test(tc, quit_stops_searches);
    tcase_add_test(tc, position_right_after_bestmove);
    suite_add_tcase(s, tc);
    tc = tcase_create("go");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, go_mate_finds_shortest_win, 0, sizeof MATES / sizeof *MATES);
    tcase_add_test(tc, go_mate_ends_infinite_search);
    tcase_add_test(tc, go_mate_bad_values);
    tcase_add_test(tc, searchmoves_restrict_root);
    tcase_add_test(tc, searchmoves_errors);
    tcase_add_test(tc, currmove_after_one_second);
    tcase_add_test(tc, skill_full_strength_unchanged);
    tcase_add_test(tc, skill_low_level_weaker);
    suite_add_tcase(s, tc);
    tc = tcase_create("command_line");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, command_line_errors);
    tcase_add_test(tc, command_line_help_and_version);
    suite_add_tcase(s, tc);
    return s;
}
