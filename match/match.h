/*
 * wyrm match: a head-to-head match between two engine programs, refereed by wyrm's own
 * rules (docs/match.md).
 *
 * The pieces, one file each under bench/:
 *   match_args.c      the command line into a MatchConfig, and the usage text
 *   match_proc.c      engine child processes, pipes, deadlines
 *   match_engine.c    talking UCI / UGI to one engine process
 *   match_game.c      the referee (legality, game end) and one game's play
 *   match_pgn.c       game records as PGN
 *   match_openings.c  opening files and balanced random openings
 *   match_stats.c     W/D/L and pairs, Elo with its error margin, SPRT
 *   match_report.c    the games' results, the report, the results file and -merge
 *   match.c           the schedule (and shards), the game threads, the running score
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"

enum {
    MATCH_ENGINES = 2,
    MATCH_OPTIONS_MAX = 64,
    MATCH_CONCURRENCY_MAX = 256,
    MATCH_GAMES_MAX = 10000000,
    MATCH_PLY_LIMIT = 1000000, /* the largest -maxplies */
    MATCH_DEFAULT_GAMES = 2,
    MATCH_DEFAULT_NO_PROGRESS = 200,
    MATCH_DEFAULT_MARGIN_MS = 50,
    MATCH_DEFAULT_TIMEOUT_MS = 10000,
    MATCH_DEFAULT_BALANCE_DEPTH = 4,
    MATCH_MATE_SCORE = 100000, /* an engine's `score mate N` as centipawns, for adjudication */
    MATCH_ADJUDICATE_MOVES_MAX = 10000,
};

typedef enum { PROTO_UCI, PROTO_UGI } EngineProto;

/* How long one engine may think. A clock (base_ms > 0) and movetime exclude each other;
 * depth and nodes may be added to either or stand alone.
 * A TigerIncrement clock (DragonQi's tournament clock, cutoff > 0): base_ms is the
 * reserve, inc_ms is added after each of the engine's first `cutoff` moves, final_ms once
 * more after its cutoff-th move; from then on nothing is added (the countdown). */
typedef struct TimeControl {
    int64_t base_ms, inc_ms; /* base_ms > 0: a T+I clock per game */
    int cutoff;              /* > 0: a TigerIncrement clock */
    int64_t final_ms;        /* the final increment at the cut-off */
    int64_t movetime_ms;     /* > 0: a fixed time per move */
    int depth;               /* > 0: `go depth` */
    uint64_t nodes;          /* > 0: `go nodes` */
} TimeControl;

typedef struct EngineOption {
    char *name, *value; /* value NULL: a button */
} EngineOption;

typedef struct EngineConfig {
    char *cmd;   /* the command line as given */
    char **argv; /* cmd split into words, NULL-terminated */
    char *name;  /* NULL: from the engine's `id name` */
    EngineProto proto;
    EngineOption options[MATCH_OPTIONS_MAX];
    int option_count;
    TimeControl tc;
    int64_t margin_ms;  /* grace past the time budget before a time loss */
    int64_t timeout_ms; /* silence that counts as a hang (start-up, readyok, stop) */
} EngineConfig;

typedef enum { OPENINGS_STARTPOS, OPENINGS_FILE, OPENINGS_RANDOM } OpeningSource;

/* The model the SPRT decides with: games (W/D/L) or colour-swapped pairs. */
typedef enum { SPRT_TRINOMIAL, SPRT_PENTANOMIAL } SprtModel;

typedef struct SprtConfig {
    bool enabled;
    double elo0, elo1, alpha, beta;
    SprtModel model;
} SprtConfig;

/* Ending a decided game early by the engines' own scores (the last exact `info ... score`
 * before each `bestmove`, a mate as +-MATCH_MATE_SCORE):
 *   resign  an engine whose score is -resign_score or below for resign_moves of its moves
 *           in a row loses; with resign_twosided its opponent must also have scored
 *           +resign_score or more for as many of its moves in a row;
 *   draw    once draw_from_move full moves are played, a draw when both engines' scores
 *           have stayed within +-draw_score for draw_moves of their moves in a row.
 * A move without a score breaks that engine's run. 0 moves: off. */
typedef struct Adjudication {
    int resign_moves, resign_score;
    bool resign_twosided;
    int draw_from_move, draw_moves, draw_score;
} Adjudication;

typedef struct MatchConfig {
    const Game *game;
    EngineConfig engines[MATCH_ENGINES];
    int games, concurrency;
    OpeningSource openings;
    char *openings_file;
    int random_plies, balance_depth;
    int balance_margin; /* < 0: the game's margin_unit */
    uint64_t seed;
    char *pgn_path;  /* NULL: no PGN */
    int max_plies;   /* 0: no length adjudication */
    int no_progress; /* 0: off; the game's own rule, if it has one, wins */
    SprtConfig sprt;
    Adjudication adjudication;
    bool debug; /* every line to and from the engines on stderr */
    bool seed_given;
    int shard, shards;  /* play only the shard-th (1-based) of `shards` parts; 1 of 1: all */
    char *results_path; /* NULL: no results file */
} MatchConfig;

/* Parses the arguments after `match`. On error, fills err with one line and returns
 * false; with -help, returns true and sets *help. `default_game` (e.g. from -v) may be
 * NULL. The config owns copies of every string: free it with match_config_free. */
bool match_parse_args(int argc, const char *const *argv, const Game *default_game,
                      MatchConfig *config, bool *help, char *err, size_t err_size);
void match_config_free(MatchConfig *config);
void match_usage(FILE *out);

/* Describes a time control in the command line's own syntax ("10+0.1", "depth=6"). */
void match_tc_describe(const TimeControl *tc, char *buf, size_t size);

/* Plays the match; progress and the report go to `out`, engine traffic (debug) and
 * warnings to `log`. Returns 0, or 1 after a setup error (printed to `log`). */
int match_run(const MatchConfig *config, FILE *out, FILE *log);

/* `wyrm match -merge FILE...`: reads shards' results files and prints the report of the
 * games they hold; the report to `out`, errors to `log`. Returns 0, or 1 on an error. */
int match_merge(int count, const char *const *paths, FILE *out, FILE *log);

/* `wyrm match ...`: parse, run, report. Returns the process exit status. */
int match_main(int argc, const char *const *argv, const Game *default_game);
