/*
 * The match runner's parts: statistics against figures worked out by hand, argument
 * parsing and its errors, opening files, random openings, the referee (on Breakthrough, on
 * a Dragon-draughts capture ending on a square it emptied, and on a toy game where
 * positions can repeat) and the PGN text. Whole matches are in
 * test_match_play.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "match/match.h"
#include "match/match_game.h"
#include "match/match_openings.h"
#include "match/match_pgn.h"
#include "match/match_stats.h"
#include "tests/helpers.h"
#include "tests/match_run.h"

/* ---- a toy game whose positions repeat ------------------------------------------------
 * Each side has one token on cells 0..2 and moves it one cell left ("l") or right ("r").
 * Nothing is ever captured, so the halfmove clock only grows. A token on cell 3 is stuck:
 * its side has no legal move. FEN: "<white cell> <black cell> <w|b> <halfmove>". */

typedef struct ShuttlePos {
    int cell[2], side, halfmove;
} ShuttlePos;

static bool shuttle_fen_read(void *vp, const char *fen, char *err, size_t size)
{
    ShuttlePos *p = vp;
    char side;
    int used = 0;
    if (sscanf(fen, "%d %d %c %d%n", &p->cell[0], &p->cell[1], &side, &p->halfmove, &used) != 4 ||
        fen[used] || p->cell[0] < 0 || p->cell[0] > 3 || p->cell[1] < 0 || p->cell[1] > 3 ||
        (side != 'w' && side != 'b')) {
        snprintf(err, size, "bad shuttle FEN");
        return false;
    }
    p->side = side == 'w' ? P1 : P2;
    return true;
}

static void shuttle_fen_write(const void *vp, char *buf, size_t size)
{
    const ShuttlePos *p = vp;
    snprintf(buf, size, "%d %d %c %d", p->cell[0], p->cell[1], p->side == P1 ? 'w' : 'b',
             p->halfmove);
}

/* A move is the destination cell plus one, so that no move is MOVE_NONE. */
static int shuttle_gen_moves(const void *vp, Move *moves)
{
    const ShuttlePos *p = vp;
    int at = p->cell[p->side], n = 0;
    if (at == 3)
        return 0;
    if (at > 0)
        moves[n++] = (Move)at;
    if (at < 2)
        moves[n++] = (Move)at + 2;
    return n;
}

static void shuttle_make_move(const void *vp, Move move, void *out)
{
    ShuttlePos *q = out;
    *q = *(const ShuttlePos *)vp;
    q->cell[q->side] = (int)move - 1;
    q->side = !q->side;
    q->halfmove++;
}

static void shuttle_move_to_str(const void *vp, Move move, char *buf)
{
    const ShuttlePos *p = vp;
    strcpy(buf, (int)move - 1 < p->cell[p->side] ? "l" : "r");
}

static const Game shuttle_game;

static Move shuttle_parse_move(const void *pos, const char *str)
{
    return game_find_move_by_string(&shuttle_game, pos, str);
}

static uint64_t shuttle_key(const void *vp)
{
    const ShuttlePos *p = vp;
    return 1 + (uint64_t)p->cell[0] * 16 + (uint64_t)p->cell[1] * 4 + (uint64_t)p->side;
}

static int shuttle_side(const void *vp) { return ((const ShuttlePos *)vp)->side; }
static int shuttle_halfmove(const void *vp) { return ((const ShuttlePos *)vp)->halfmove; }
static Result shuttle_result(const void *vp)
{
    (void)vp;
    return RESULT_NONE;
}

static const Game shuttle_game = {
    .name = "shuttle",
    .side_names = {"white", "black"},
    .pos_size = sizeof(ShuttlePos),
    .start_fen = "0 0 w 0",
    .fen_read = shuttle_fen_read,
    .fen_write = shuttle_fen_write,
    .gen_moves = shuttle_gen_moves,
    .make_move = shuttle_make_move,
    .move_to_str = shuttle_move_to_str,
    .parse_move = shuttle_parse_move,
    .key = shuttle_key,
    .key_from_scratch = shuttle_key,
    .side_to_move = shuttle_side,
    .halfmove_clock = shuttle_halfmove,
    .result = shuttle_result,
    .no_moves_result = RESULT_LOSS,
};

/* ---- helpers ------------------------------------------------------------------------ */

static void play_text(Referee *r, const char *moves)
{
    char copy[512], *rest = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *m = strtok_r(copy, " ", &rest); m; m = strtok_r(NULL, " ", &rest)) {
        Move move = referee_parse(r, m);
        ck_assert_msg(move != MOVE_NONE, "move %s rejected", m);
        referee_play(r, move);
    }
}

/* ---- statistics ----------------------------------------------------------------------- */

static void assert_elo(int w, int d, int l, const char *expected)
{
    EloEstimate e;
    MatchScore s = {w, d, l};
    ck_assert(match_elo(&s, &e));
    char line[128];
    t_elo_line(&e, line, sizeof line);
    ck_assert_str_eq(line, expected);
}

START_TEST(elo_known_values)
{
    /* By hand: s = 0.7, elo = -400 log10(1/0.7 - 1) = 147.19; sigma^2 = (60*0.09 + 20*0.04
     * + 20*0.49) / 100 = 0.16, s +- 1.96*0.04 = [0.6216, 0.7784]: (253.4 - 86.37) / 2. */
    assert_elo(60, 20, 20, "0.7000 147.19 +- 66.01 los 1.0000");
    assert_elo(11, 0, 9, "0.5500 34.86 +- 164.73 los 0.6726");
    assert_elo(120, 80, 100, "0.5333 23.20 +- 33.82 los 0.9112");
    assert_elo(3, 4, 5, "0.4167 -58.45 +- 176.67 los 0.2398");
    assert_elo(10, 0, 10, "0.5000 -0.00 +- 163.32 los 0.5000");
    assert_elo(1, 0, 0, "1.0000 inf +- inf los 0.8413");
    MatchScore none = {0, 0, 0};
    EloEstimate e;
    ck_assert(!match_elo(&none, &e));
    char buf[32];
    match_format_elo(-0.04, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.0");
    match_format_elo(-INFINITY, buf, sizeof buf);
    ck_assert_str_eq(buf, "-inf");
    match_format_elo(34.86, buf, sizeof buf);
    ck_assert_str_eq(buf, "34.9");
}
END_TEST

static void assert_llr(double elo0, double elo1, int w, int d, int l, const char *expected)
{
    SprtConfig sprt = {.enabled = true, .elo0 = elo0, .elo1 = elo1, .alpha = 0.05, .beta = 0.05};
    MatchScore s = {w, d, l};
    char buf[32];
    snprintf(buf, sizeof buf, "%.4f", match_sprt_llr(&sprt, &s));
    ck_assert_msg(strcmp(buf, expected) == 0, "LLR(%g, %g; %d %d %d) = %s, expected %s", elo0, elo1,
                  w, d, l, buf, expected);
}

START_TEST(sprt_known_values)
{
    SprtConfig sprt = {.enabled = true, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f %.6f", match_sprt_lower(&sprt), match_sprt_upper(&sprt));
    ck_assert_str_eq(buf, "-2.944439 2.944439"); /* ln(0.05/0.95), ln(0.95/0.05) */
    sprt.alpha = 0.1;
    snprintf(buf, sizeof buf, "%.6f %.6f", match_sprt_lower(&sprt), match_sprt_upper(&sprt));
    ck_assert_str_eq(buf, "-2.890372 2.251292"); /* ln(0.05/0.9), ln(0.95/0.1) */
    /* Worked out with the same maximum-likelihood formula in double precision; for large
     * samples the normal approximation N (s1-s0)(2s-s0-s1) / (2 sigma^2) agrees to 1%. */
    assert_llr(0, 10, 120, 80, 100, "0.6158");
    assert_llr(0, 10, 100, 100, 100, "-0.1863");
    assert_llr(0, 10, 1000, 1000, 900, "2.5606");
    assert_llr(0, 10, 3000, 2000, 2600, "11.3563");
    assert_llr(-5, 5, 1000, 1000, 900, "4.3928");
    assert_llr(0, 10, 5, 0, 0, "0.1418");
    assert_llr(0, 10, 0, 0, 5, "-0.1460");
    assert_llr(0, 10, 1, 0, 0, "0.0284");
    assert_llr(0, 10, 0, 0, 0, "0.0000");
    /* All wins: H1 at elo1 = 100 after exactly 12 games. */
    SprtConfig wide = {.enabled = true, .elo1 = 100, .alpha = 0.05, .beta = 0.05};
    MatchScore s = {11, 0, 0};
    ck_assert_int_eq(match_sprt_verdict(&wide, &s), SPRT_CONTINUE);
    s.wins = 12;
    ck_assert_int_eq(match_sprt_verdict(&wide, &s), SPRT_H1);
    s = (MatchScore){0, 0, 12};
    ck_assert_int_eq(match_sprt_verdict(&wide, &s), SPRT_H0);
}
END_TEST

/* ---- arguments ------------------------------------------------------------------------ */

static bool parse_words(const char *line, MatchConfig *config, bool *help, char *err)
{
    char copy[1024], *argv[64], *rest = NULL;
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *w = strtok_r(copy, " ", &rest); w && argc < 64; w = strtok_r(NULL, " ", &rest))
        argv[argc++] = w;
    return match_parse_args(argc, (const char *const *)argv, NULL, config, help, err, ERR_MAX);
}

START_TEST(args_full_command)
{
    const char *argv[] = {"-game",
                          "breakthrough",
                          "-engine",
                          "cmd=./wyrm -x 'a b'",
                          "name=new",
                          "proto=uci",
                          "option.Hash=64",
                          "option.Clear Hash",
                          "-engine",
                          "cmd=./old/wyrm",
                          "name=old",
                          "proto=ugi",
                          "tc=5",
                          "depth=9",
                          "-each",
                          "tc=10+0.1",
                          "threads=2",
                          "timemargin=20",
                          "timeout=3000",
                          "-games",
                          "200",
                          "-openings",
                          "random:8",
                          "depth=3",
                          "margin=50",
                          "-concurrency",
                          "2",
                          "-pgn",
                          "out.pgn",
                          "-seed",
                          "7",
                          "-maxplies",
                          "300",
                          "-noprogress",
                          "100",
                          "-sprt",
                          "elo0=0",
                          "elo1=10",
                          "alpha=0.1",
                          "beta=0.2",
                          "-resign",
                          "movecount=3",
                          "score=600",
                          "twosided=true",
                          "-draw",
                          "movenumber=40",
                          "movecount=8",
                          "score=10",
                          "-debug"};
    MatchConfig c;
    bool help;
    char err[ERR_MAX];
    ck_assert_msg(
        match_parse_args(sizeof argv / sizeof *argv, argv, NULL, &c, &help, err, sizeof err), "%s",
        err);
    ck_assert(!help);
    ck_assert_str_eq(c.game->name, "breakthrough");
    const EngineConfig *a = &c.engines[0], *b = &c.engines[1];
    ck_assert_str_eq(a->cmd, "./wyrm -x 'a b'");
    ck_assert_str_eq(a->argv[0], "./wyrm");
    ck_assert_str_eq(a->argv[1], "-x");
    ck_assert_str_eq(a->argv[2], "a b");
    ck_assert_ptr_null(a->argv[3]);
    ck_assert_str_eq(a->name, "new");
    ck_assert_int_eq(a->proto, PROTO_UCI);
    ck_assert_int_eq(b->proto, PROTO_UGI);
    /* -each's options first, then the engine's own. */
    ck_assert_int_eq(a->option_count, 3);
    ck_assert_str_eq(a->options[0].name, "Threads");
    ck_assert_str_eq(a->options[0].value, "2");
    ck_assert_str_eq(a->options[1].name, "Hash");
    ck_assert_str_eq(a->options[1].value, "64");
    ck_assert_str_eq(a->options[2].name, "Clear Hash");
    ck_assert_ptr_null(a->options[2].value);
    ck_assert_int_eq(b->option_count, 1);
    /* The engine's own clock wins over -each's; -each fills what it left open. */
    ck_assert_int_eq(a->tc.base_ms, 10000);
    ck_assert_int_eq(a->tc.inc_ms, 100);
    ck_assert_int_eq(a->tc.depth, 0);
    ck_assert_int_eq(b->tc.base_ms, 5000);
    ck_assert_int_eq(b->tc.inc_ms, 0);
    ck_assert_int_eq(b->tc.depth, 9);
    ck_assert_int_eq(a->margin_ms, 20);
    ck_assert_int_eq(b->timeout_ms, 3000);
    ck_assert_int_eq(c.games, 200);
    ck_assert_int_eq(c.concurrency, 2);
    ck_assert_int_eq(c.openings, OPENINGS_RANDOM);
    ck_assert_int_eq(c.random_plies, 8);
    ck_assert_int_eq(c.balance_depth, 3);
    ck_assert_int_eq(c.balance_margin, 50);
    ck_assert_str_eq(c.pgn_path, "out.pgn");
    ck_assert_uint_eq(c.seed, 7);
    ck_assert_int_eq(c.max_plies, 300);
    ck_assert_int_eq(c.no_progress, 100);
    ck_assert(c.sprt.enabled && c.sprt.elo0 == 0 && c.sprt.elo1 == 10 && c.sprt.alpha == 0.1 &&
              c.sprt.beta == 0.2);
    const Adjudication *adj = &c.adjudication;
    ck_assert_int_eq(adj->resign_moves, 3);
    ck_assert_int_eq(adj->resign_score, 600);
    ck_assert(adj->resign_twosided);
    ck_assert_int_eq(adj->draw_from_move, 40);
    ck_assert_int_eq(adj->draw_moves, 8);
    ck_assert_int_eq(adj->draw_score, 10);
    ck_assert(c.debug);
    char tc[64];
    match_tc_describe(&b->tc, tc, sizeof tc);
    ck_assert_str_eq(tc, "5+0 depth=9");
    match_config_free(&c);

    ck_assert(parse_words("-engine cmd=a movetime=100 -engine cmd=b nodes=5000", &c, &help, err));
    ck_assert_int_eq(c.games, 2);
    ck_assert_int_eq(c.engines[0].margin_ms, 50);
    ck_assert_int_eq(c.engines[0].timeout_ms, 10000);
    ck_assert_int_eq(c.openings, OPENINGS_STARTPOS);
    ck_assert_int_eq(c.no_progress, 200);
    ck_assert_int_eq(c.adjudication.resign_moves, 0);
    ck_assert_int_eq(c.adjudication.draw_moves, 0);
    match_tc_describe(&c.engines[0].tc, tc, sizeof tc);
    ck_assert_str_eq(tc, "movetime=100");
    match_tc_describe(&c.engines[1].tc, tc, sizeof tc);
    ck_assert_str_eq(tc, "nodes=5000");
    match_config_free(&c);
    ck_assert(parse_words("-engine cmd=a -help", &c, &help, err) && help);
}
END_TEST

START_TEST(args_errors)
{
    static const struct {
        const char *args, *error;
    } cases[] = {
        {"", "a match takes exactly two -engine blocks (got none)"},
        {"-engine cmd=a depth=1", "a match takes exactly two -engine blocks (got one)"},
        {"-engine cmd=a -engine cmd=b -engine cmd=c", "a match takes exactly two -engine blocks"},
        {"-engine cmd=a -engine cmd=b", "-engine 1: no time control (give tc=, movetime=, "
                                        "depth= or nodes=, to it or to -each)"},
        {"-engine name=x depth=1 -engine cmd=b depth=1", "-engine 1: cmd= is missing"},
        {"-engine cmd=a tc=abc",
         "-engine: tc= expects SECONDS[+INCREMENT] (e.g. 10+0.1), not 'abc'"},
        {"-engine cmd=a tc=10+",
         "-engine: tc= expects SECONDS[+INCREMENT] (e.g. 10+0.1), not '10+'"},
        {"-engine cmd=a tc=-1", "-engine: tc= expects SECONDS[+INCREMENT] (e.g. 10+0.1), not '-1'"},
        {"-engine cmd=a tc=nan",
         "-engine: tc= expects SECONDS[+INCREMENT] (e.g. 10+0.1), not 'nan'"},
        {"-engine cmd=a tc=1 movetime=5", "-engine: tc= and movetime= exclude each other"},
        {"-engine cmd=a depth=0", "-engine: depth= expects a depth from 1 to 1000, not '0'"},
        {"-engine cmd=a nodes=x", "-engine: nodes= expects a node count (1 or more), not 'x'"},
        {"-engine cmd=a movetime=", "-engine: movetime= expects milliseconds (1 or more), not ''"},
        {"-engine cmd=a proto=xboard", "-engine: proto= must be uci or ugi, not 'xboard'"},
        {"-engine cmd=a colour=red", "-engine: unknown key 'colour' (see wyrm match -help)"},
        {"-engine cmd=a junk", "-engine: expected KEY=VALUE, got 'junk'"},
        {"-engine cmd=", "cmd= needs a program"},
        {"-engine cmd='a", "cmd='a: unterminated quote"},
        {"-engine cmd=a cmd=b", "-engine: cmd= given twice"},
        {"-engine", "-engine needs KEY=VALUE words (see wyrm match -help)"},
        {"-each cmd=a", "-each: cmd= belongs to one -engine"},
        {"-engine cmd=a threads=0", "-engine: threads= expects a positive whole number, not '0'"},
        {"-engine cmd=a timeout=0", "-engine: timeout= expects milliseconds, not '0'"},
        {"-engine cmd=a option.=1", "-engine: option. needs a name in 'option.=1'"},
        {"-game chess", "unknown game 'chess' (wyrm plays: breakthrough"},
        {"-games 0", "-games: '0' is not a whole number from 1 to 10000000"},
        {"-games", "-games needs a value"},
        {"-games 2 3", "-games takes one value, got also '3'"},
        {"-concurrency x", "-concurrency: 'x' is not a whole number from 1 to 256"},
        {"-maxplies -1", "-maxplies needs a value"},
        {"-noprogress 100001", "-noprogress: '100001' is not a whole number from 0 to 100000"},
        {"-openings", "-openings needs startpos, file:PATH or random:PLIES"},
        {"-openings random:0", "-openings: random:PLIES needs a ply count from 1 to 1000, not '0'"},
        {"-openings book.epd", "-openings: unknown source 'book.epd' (startpos, file:PATH or "
                               "random:PLIES)"},
        {"-openings file:a depth=3", "-openings: unexpected 'depth=3'"},
        {"-openings random:4 depth=0", "-openings: bad value in 'depth=0'"},
        {"-openings random:4 seed=1", "-openings: unexpected 'seed=1' (depth=D or margin=M)"},
        {"-sprt elo0=0", "-sprt needs elo0= and elo1="},
        {"-sprt elo0=5 elo1=0", "-sprt: elo0 must be below elo1 (both within +-1000)"},
        {"-sprt elo0=0 elo1=5 alpha=0.7",
         "-sprt: alpha and beta must lie strictly between 0 and 0.5"},
        {"-sprt elo0=0 elo1=x", "-sprt: expected elo0=, elo1=, alpha= or beta= with a number, got "
                                "'elo1=x'"},
        {"-resign score=500", "-resign needs movecount="},
        {"-resign movecount=3", "-resign needs score="},
        {"-resign movecount=0 score=500",
         "-resign: movecount= needs a whole number from 1 to 10000, not '0'"},
        {"-resign movecount=3 score=0",
         "-resign: score= needs a whole number from 1 to 100000, not '0'"},
        {"-resign movecount=3 score=500 twosided=yes",
         "-resign: twosided= must be true or false, not 'yes'"},
        {"-resign movecount=3 score=500 movenumber=4", "-resign: unexpected 'movenumber=4'"},
        {"-draw movecount=8 score=10 twosided=true", "-draw: unexpected 'twosided=true'"},
        {"-draw movecount=8", "-draw needs score="},
        {"-draw movecount=8 score=-1", "-draw: score= needs a whole number from 0 to 99999, not "
                                       "'-1'"},
        {"-draw movecount=8 score=10 movenumber=x",
         "-draw: movenumber= needs a whole number from 0 to 500000, not 'x'"},
        {"-draw", "-draw needs movecount="},
        {"-debug 1", "-debug takes no value, got '1'"},
        {"-colour red", "unknown option '-colour' (see wyrm match -help)"},
        {"stray", "unexpected 'stray' (options start with '-')"},
        {"-engine cmd=a name=x depth=1 -engine cmd=b name=x depth=1",
         "both engines are named 'x'; give them different names"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        MatchConfig c;
        bool help;
        char err[ERR_MAX] = "";
        ck_assert_msg(!parse_words(cases[i].args, &c, &help, err), "accepted: %s", cases[i].args);
        ck_assert_msg(strncmp(err, cases[i].error, strlen(cases[i].error)) == 0,
                      "%s:\n  got      %s\n  expected %s", cases[i].args, err, cases[i].error);
    }
}
END_TEST

/* The score a match reads from an engine's `info` line for adjudication. */
START_TEST(info_scores)
{
    static const struct {
        const char *line;
        bool scored;
        int score;
    } cases[] = {
        {"info depth 12 seldepth 15 score cp -35 nodes 1000 pv e2e4 e7e5", true, -35},
        {"info score cp 0", true, 0},
        {"info depth 3 score mate 2 pv a2a3", true, MATCH_MATE_SCORE},
        {"info depth 3 score mate -1 pv a2a3", true, -MATCH_MATE_SCORE},
        {"info depth 3 score mate 0", true, -MATCH_MATE_SCORE},
        {"info depth 9 score cp 250000", true, MATCH_MATE_SCORE},
        {"info multipv 1 depth 3 score cp 7 pv a2a3", true, 7},
        {"info multipv 2 depth 3 score cp 5 pv a2a4", false, 0},
        {"info depth 5 score cp 20 lowerbound nodes 9", false, 0},
        {"info depth 5 score cp 20 upperbound", false, 0},
        {"info string score cp 5", false, 0},
        {"info depth 3 nodes 100", false, 0},
        {"info score cp abc", false, 0},
        {"info score cp 12x", false, 0},
        {"info score wdl 500 0 500", false, 0},
        {"bestmove e2e4", false, 0},
        {"information score cp 5", false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int score = 12345;
        bool scored = client_info_score(cases[i].line, &score);
        ck_assert_msg(scored == cases[i].scored, "%s: scored %d", cases[i].line, scored);
        ck_assert_int_eq(score, cases[i].scored ? cases[i].score : 12345);
    }
}
END_TEST

/* ---- openings ------------------------------------------------------------------------- */

static bool read_book(const char *text, OpeningBook *book, char *err)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    ck_assert_ptr_nonnull(in);
    *book = (OpeningBook){0};
    bool ok = openings_read(book, t_game("breakthrough"), in, "book.fen", err, ERR_MAX);
    fclose(in);
    return ok;
}

START_TEST(opening_file_parsing)
{
    OpeningBook book;
    char err[ERR_MAX] = "", fen[FEN_MAX];
    ck_assert_msg(read_book("# two openings\n\n"
                            "  pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1  \r\n"
                            "# a comment\n"
                            "7p/8/8/8/2p1p3/3P4/8/8 w\n",
                            &book, err),
                  "%s", err);
    ck_assert_int_eq(book.count, 2);
    ck_assert_str_eq(book.fens[0], "pppppppp/pppppppp/8/8/8/P7/1PPPPPPP/PPPPPPPP b 0 1");
    ck_assert_str_eq(book.fens[1], "7p/8/8/8/2p1p3/3P4/8/8 w");
    book.source = OPENINGS_FILE;
    openings_get(&book, 3, fen); /* cycles: 3 % 2 */
    ck_assert_str_eq(fen, "7p/8/8/8/2p1p3/3P4/8/8 w");
    openings_close(&book);

    ck_assert(!read_book("P7/8/8/3p4/8/8/8/8 b 0 1\n#\nxx\n", &book, err));
    ck_assert_str_eq(err, "book.fen:1: the game is already over in 'P7/8/8/3p4/8/8/8/8 b 0 1'");
    openings_close(&book);
    ck_assert(!read_book("\n# fine\n7p/8/8/8/8/8/8/P7 w\nxx\n", &book, err));
    ck_assert_str_eq(err, "book.fen:4: invalid breakthrough FEN 'xx': expected board, side, "
                          "[halfmove, fullmove]: 'xx'");
    openings_close(&book);
    ck_assert(!read_book("# nothing\n\n", &book, err));
    ck_assert_str_eq(err, "book.fen: no FEN in the file");
    openings_close(&book);

    MatchConfig c = {.game = t_game("breakthrough"),
                     .openings = OPENINGS_FILE,
                     .openings_file = "/nonexistent/book.fen"};
    ck_assert(!openings_open(&book, &c, err, sizeof err));
    ck_assert_str_eq(err, "cannot read openings file '/nonexistent/book.fen'");
}
END_TEST

START_TEST(random_openings_balanced)
{
    const Game *g = t_game("breakthrough");
    MatchConfig c = {.game = g,
                     .openings = OPENINGS_RANDOM,
                     .random_plies = 6,
                     .balance_depth = 3,
                     .balance_margin = -1,
                     .seed = 42};
    OpeningBook a, b;
    char err[ERR_MAX], fa[FEN_MAX], fb[FEN_MAX];
    ck_assert(openings_open(&a, &c, err, sizeof err));
    ck_assert(openings_open(&b, &c, err, sizeof err));
    ck_assert_int_eq(a.margin, 100); /* the game's margin_unit */
    /* Opening 3 asked first gives what it gives in order: it depends on the seed and 3. */
    openings_get(&b, 3, fb);
    Engine *e = engine_create();
    ck_assert(engine_set_game(e, "breakthrough", err));
    char seen[4][FEN_MAX];
    for (int i = 0; i < 4; i++) {
        openings_get(&a, i, fa);
        snprintf(seen[i], sizeof seen[i], "%s", fa);
        /* Six plies from the start: white to move at move 4, nothing captured to the end. */
        ck_assert_msg(strstr(fa, " w 0 4") != NULL, "%s", fa);
        ck_assert(engine_set_position(e, fa, NULL, 0, err));
        ck_assert_int_eq(engine_game_end(e).result, RESULT_NONE);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(seen[i], seen[j]);
    }
    ck_assert_str_eq(seen[3], fb);
    openings_get(&a, 1, fa);
    ck_assert_str_eq(fa, seen[1]);
    engine_destroy(e);
    openings_close(&a);
    openings_close(&b);
    c.seed = 43;
    ck_assert(openings_open(&a, &c, err, sizeof err));
    openings_get(&a, 0, fa);
    ck_assert_str_ne(fa, seen[0]);
    openings_close(&a);
}
END_TEST

/* ---- referee -------------------------------------------------------------------------- */

START_TEST(referee_repetition_and_clocks)
{
    Referee r;
    char err[256];
    ck_assert(referee_start(&r, &shuttle_game, "0 0 w 0", 0, 0, err, sizeof err));
    /* The start position comes back after 4 plies and again after 8: threefold. */
    play_text(&r, "r r l l r r l");
    ck_assert_int_eq(referee_judge(&r).termination, TERM_NONE);
    play_text(&r, "l");
    Outcome o = referee_judge(&r);
    ck_assert_int_eq(o.termination, TERM_REPETITION);
    ck_assert_int_eq(o.winner, -1);
    ck_assert_str_eq(o.detail, "draw by threefold repetition");
    ck_assert_str_eq(match_termination_name(o.termination), "threefold repetition");
    char *cmd = referee_position_command(&r);
    ck_assert_str_eq(cmd, "position fen 0 0 w 0 moves r r l l r r l l");
    free(cmd);
    ck_assert(referee_parse(&r, "x") == MOVE_NONE);
    ck_assert(referee_parse(&r, "l") == MOVE_NONE); /* cell 0: only right */
    referee_free(&r);

    /* Repetitions count only within the reversible plies the halfmove clock covers. */
    ck_assert(referee_start(&r, &shuttle_game, "0 0 w 0", 0, 0, err, sizeof err));
    play_text(&r, "r r l l r r l");
    ((ShuttlePos *)r.pos)->halfmove = 0;
    play_text(&r, "l");
    ck_assert_int_eq(referee_judge(&r).termination, TERM_NONE);
    referee_free(&r);

    ck_assert(referee_start(&r, &shuttle_game, "0 0 w 0", 5, 0, err, sizeof err));
    play_text(&r, "r r l l");
    ck_assert_int_eq(referee_judge(&r).termination, TERM_NONE);
    play_text(&r, "r");
    o = referee_judge(&r);
    ck_assert_int_eq(o.termination, TERM_NO_PROGRESS);
    ck_assert_str_eq(o.detail, "draw: 5 plies without progress");
    referee_free(&r);

    /* A game's own no-progress rule overrides the setting. */
    Game own = shuttle_game;
    own.no_progress_plies = 3;
    ck_assert(referee_start(&r, &own, "0 0 w 0", 100, 0, err, sizeof err));
    ck_assert_int_eq(r.no_progress, 3);
    play_text(&r, "r r l");
    ck_assert_int_eq(referee_judge(&r).termination, TERM_NO_PROGRESS);
    referee_free(&r);

    ck_assert(referee_start(&r, &shuttle_game, "1 1 w 0", 0, 3, err, sizeof err));
    play_text(&r, "r l l");
    o = referee_judge(&r);
    ck_assert_int_eq(o.termination, TERM_MAX_PLIES);
    ck_assert_int_eq(o.winner, -1);
    ck_assert_str_eq(o.detail, "draw adjudicated after 3 plies");
    referee_free(&r);

    /* No legal move: the game's no_moves_result (a loss) for the side to move. */
    ck_assert(referee_start(&r, &shuttle_game, "0 3 b 0", 0, 0, err, sizeof err));
    o = referee_judge(&r);
    ck_assert_int_eq(o.termination, TERM_NO_MOVES);
    ck_assert_int_eq(o.winner, P1);
    ck_assert_str_eq(o.detail, "black has no legal move");
    referee_free(&r);

    ck_assert(!referee_start(&r, &shuttle_game, "9 9 w 0", 0, 0, err, sizeof err));
    ck_assert_str_eq(err, "invalid shuttle position '9 9 w 0': bad shuttle FEN");
}
END_TEST

START_TEST(referee_breakthrough_rules)
{
    const Game *g = t_game("breakthrough");
    Referee r;
    char err[256];
    ck_assert(referee_start(&r, g, "7p/8/8/8/8/8/1p6/P7 b", 0, 0, err, sizeof err));
    ck_assert_str_eq(r.start_fen, "7p/8/8/8/8/8/1p6/P7 b 0 1");
    ck_assert_int_eq(referee_judge(&r).termination, TERM_NONE);
    ck_assert(referee_parse(&r, "b2b1") != MOVE_NONE);
    ck_assert(referee_parse(&r, "b2a1") != MOVE_NONE); /* captures the white man */
    ck_assert(referee_parse(&r, "b2b3") == MOVE_NONE);
    ck_assert(referee_parse(&r, "") == MOVE_NONE);
    play_text(&r, "b2b1");
    Outcome o = referee_judge(&r);
    ck_assert_int_eq(o.termination, TERM_RULES);
    ck_assert_int_eq(o.winner, P2);
    ck_assert_str_eq(o.detail, "black wins by the rules");
    ck_assert(referee_parse(&r, "a1a2") == MOVE_NONE); /* the game is over */
    referee_free(&r);
}
END_TEST

/* A Dragon-draughts capture that ends on a square it emptied (h8xf8 to d8, xd7 to d5, xc5
 * to a5, xa6 to a7, xc7 back onto d7): the referee takes the engine's short form, makes the
 * move with the Daimyo on d7, and the replayed position command and the PGN carry the full
 * path. */
START_TEST(referee_draughts_final_square)
{
    const Game *g = t_game("dragondraughts");
    const char *fen = "5k1K/2pp2pp/p1p2ppp/2p2p2/7P/4PP1P/1PPPPPPP/8 w 0 18";
    Referee r;
    char err[256], out[FEN_MAX];
    ck_assert(referee_start(&r, g, fen, 0, 0, err, sizeof err));
    Move m = referee_parse(&r, "h8d7");
    ck_assert(m != MOVE_NONE);
    ck_assert(referee_parse(&r, "h8d8d5a5a7d7") == m);
    referee_play(&r, m);
    ck_assert_str_eq(r.moves[0], "h8d8d5a5a7d7");
    g->fen_write(r.pos, out, sizeof out);
    ck_assert_str_eq(out, "8/3K2pp/2p2ppp/5p2/7P/4PP1P/1PPPPPPP/8 b 0 18");
    play_text(&r, "c6c5");
    char *cmd = referee_position_command(&r);
    ck_assert_str_eq(cmd, "position fen 5k1K/2pp2pp/p1p2ppp/2p2p2/7P/4PP1P/1PPPPPPP/8 w 0 18 "
                          "moves h8d8d5a5a7d7 c6c5");
    free(cmd);
    GameRecord record = {.number = 1,
                         .game = g,
                         .names = {"a", "b"},
                         .tc = {"1+0", "1+0"},
                         .moves = r.moves,
                         .plies = r.played};
    snprintf(record.start_fen, sizeof record.start_fen, "%s", fen);
    char *text = pgn_format(&record, "2024.01.02");
    ck_assert_ptr_nonnull(strstr(text, "\n1. h8d8d5a5a7d7 c6c5 *\n"));
    free(text);
    referee_free(&r);
}
END_TEST

/* ---- PGN ------------------------------------------------------------------------------ */

START_TEST(pgn_exact_text)
{
    MoveText moves[3] = {"h7h6", "a2a3", "h6h5"};
    GameRecord r = {.number = 7,
                    .game = t_game("breakthrough"),
                    .names = {"new", "old \"2\""},
                    .tc = {"10+0.1", "10+0.1"},
                    .start_fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b 0 1",
                    .moves = moves,
                    .plies = 3,
                    .outcome = {TERM_ILLEGAL_MOVE, P2, "new plays an illegal move 'a1a1'"}};
    char *text = pgn_format(&r, "2024.01.02");
    ck_assert_str_eq(text, "[Event \"wyrm match\"]\n"
                           "[Site \"?\"]\n"
                           "[Date \"2024.01.02\"]\n"
                           "[Round \"7\"]\n"
                           "[White \"new\"]\n"
                           "[Black \"old \\\"2\\\"\"]\n"
                           "[Result \"0-1\"]\n"
                           "[Variant \"breakthrough\"]\n"
                           "[FEN \"pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP b 0 1\"]\n"
                           "[SetUp \"1\"]\n"
                           "[Termination \"illegal move\"]\n"
                           "[PlyCount \"3\"]\n"
                           "[TimeControl \"10+0.1\"]\n"
                           "\n"
                           "1... h7h6 2. a2a3 h6h5 {new plays an illegal move 'a1a1'} 0-1\n"
                           "\n");
    free(text);
    r.outcome = (Outcome){TERM_REPETITION, -1, "draw {by} rule"};
    snprintf(r.tc[P2], sizeof r.tc[P2], "depth=5");
    text = pgn_format(&r, "2024.01.02");
    ck_assert_ptr_nonnull(strstr(text, "[Result \"1/2-1/2\"]\n"));
    ck_assert_ptr_nonnull(
        strstr(text, "[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"depth=5\"]\n"));
    ck_assert_ptr_nonnull(strstr(text, "h6h5 {draw {by) rule} 1/2-1/2\n"));
    free(text);
    ck_assert_str_eq(pgn_result(&(Outcome){TERM_RULES, P1, ""}), "1-0");
    ck_assert_str_eq(pgn_result(&(Outcome){TERM_ABORTED, -1, ""}), "*");
}
END_TEST

Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("units");
    tcase_add_test(tc, elo_known_values);
    tcase_add_test(tc, sprt_known_values);
    tcase_add_test(tc, args_full_command);
    tcase_add_test(tc, args_errors);
    tcase_add_test(tc, info_scores);
    tcase_add_test(tc, opening_file_parsing);
    tcase_add_test(tc, random_openings_balanced);
    tcase_add_test(tc, referee_repetition_and_clocks);
    tcase_add_test(tc, referee_breakthrough_rules);
    tcase_add_test(tc, referee_draughts_final_square);
    tcase_add_test(tc, pgn_exact_text);
    suite_add_tcase(s, tc);
    return s;
}
