/*
 * The games' results, the report, and the results file that lets shards be merged.
 *
 * Every counted game leaves a GameResult, kept by game number; the report is computed from
 * these alone, so one run and the merge of its shards print the same report from the same
 * games. A pair is games 2k+1 and 2k+2 (1-based: one opening, the sides swapped); it counts
 * in the pentanomial figures once both games are in.
 *
 * The results file is text, one record a line, appended and flushed as games end, so that
 * a file of a shard still running can be merged:
 *
 *   wyrm-match-results 2
 *   game breakthrough
 *   engine1 new                     the names (the rest of the line)
 *   engine2 old
 *   games 200                       the whole match's games
 *   shard 2/4
 *   seed 42
 *   openings random:8 depth=4 margin=100   (or startpos, or file:PATH)
 *   sprt 0 10 0.05 0.05 pentanomial        (or: sprt none)
 *   result 7 W rules 2 0 83         game 7: engine 1 won (W, D or L), by the rules; each
 *   ...                             engine's points in halves (2/1/0, or the game's own);
 *                                   its length in plies (format 1 files have no length)
 *   end finished                    finished, stopped (by the SPRT) or interrupted
 *
 * A last line without its newline is a record being written and is ignored.
 */
#pragma once

#include "match/match_game.h"
#include "match/match_stats.h"

enum { LOSER_DRAW = 2 };

typedef struct GameResult {
    int number; /* 1-based; 0: not played (yet) */
    int score;  /* the first engine's points in halves: 2 win, 1 draw, 0 loss */
    Termination termination;
    int points[MATCH_ENGINES]; /* each engine's points in halves (the game's scoring) */
    int plies;                 /* the game's length; -1: unknown (a format 1 results file) */
} GameResult;

typedef struct MatchTally {
    MatchScore score;                /* from the first engine's side */
    PairCounts pairs;                /* complete pairs */
    int terminations[TERM_COUNT][3]; /* by reason and loser: engine 0, engine 1, draw */
    int points[MATCH_ENGINES];       /* in halves */
} MatchTally;

/* Stores g in results (by number; `games` is their count) and counts it into the tally,
 * with its pair if the partner is already in. */
void tally_add(MatchTally *t, GameResult *results, int games, const GameResult *g);

/* A game's result from the configured engines' side; `points` by side (P1, P2). */
GameResult game_result_of(const GameRecord *r);

typedef enum { REPORT_FINISHED, REPORT_SPRT, REPORT_INTERRUPTED, REPORT_PARTIAL } ReportStatus;

typedef struct ReportInfo {
    const char *names[MATCH_ENGINES];
    const Game *game;
    int games; /* of the whole match (or of the shard) */
    SprtConfig sprt;
    ReportStatus status;
    const GameResult *results; /* by game number; unplayed ones have number 0 */
    int result_slots;          /* the length of results */
} ReportInfo;

/* The verdict of the test on the tally, under the test's model. */
SprtVerdict report_verdict(const SprtConfig *sprt, const MatchTally *t);
/* The report: standings, Elo (games and pairs), SPRT (both models), terminations, and
 * progress (decided games, draws by kind, lengths). */
void report_print(FILE *out, const ReportInfo *info, const MatchTally *t);

/* The results file of a run. */
typedef struct ResultsFile {
    FILE *f;
} ResultsFile;

/* Creates the file and writes its header; false if it cannot be written. */
bool results_open(ResultsFile *rf, const MatchConfig *c, const char *const names[2]);
void results_add(ResultsFile *rf, const GameResult *r);
/* Writes the end record ("finished", "stopped", "interrupted") and closes. */
void results_close(ResultsFile *rf, const char *how);
