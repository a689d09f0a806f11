/*
 * Helpers of the match runner's suites: whole matches run in the test process against the
 * fake engine (tests/fake), and Elo estimates as text to compare.
 */
#pragma once

#include "match/match_stats.h"

typedef struct MatchOutput {
    int status;      /* match_run's */
    char *out, *log; /* the progress and report; the engine traffic (-debug) and warnings */
} MatchOutput;

/* The fake engine's path from FAKE_ENGINE; fails the test if it is not set. */
const char *t_fake_engine(void);

/* Runs `wyrm match` with the words of `args` and then the words of `extra` (a NULL-ended
 * list, may be NULL) and keeps its outputs. Words are split on blanks; in a word of args,
 * '%' stands for the fake engine's path and '_' for a blank (so "cmd=%_mode=crash" is one
 * argument). */
MatchOutput t_run_match(const char *args, const char *const *extra);
void t_match_output_free(MatchOutput *m);

/* A file's whole text ("" if empty); fails the test if it cannot be read. */
char *t_read_file(const char *path);

/* "0.7000 147.19 +- 66.01 los 1.0000": score, Elo, margin and LOS. */
void t_elo_line(const EloEstimate *e, char *buf, size_t size);
