/*
 * The engine object: owns the current game and position, the game's move history, the
 * options, the transposition table and the search threads. Callers (the text protocol,
 * bench, the match runner, tests) see only these functions; the object's fields are
 * private to engine.c. Nothing here prints: searches, perft and background tasks report
 * through callbacks.
 *
 * Every setter is atomic: on error it fills `err` (ERR_MAX bytes) with one line and
 * changes nothing.
 *
 * Options are declared once, in the table at the top of engine.c (name, type, default,
 * range, setter); the protocol's option listing, the validation of every value and the
 * error messages are all produced from that table.
 */
#pragma once

#include <stdatomic.h>

#include "core/game.h"
#include "search/search.h"

enum { ERR_MAX = 512 };

/* A draw is worth -Contempt (evaluation units, a man or pawn = 100) to the searching
 * side, so a level position is played on rather than repeated; the option's default. */
enum { ENGINE_CONTEMPT_DEFAULT = 20 };

typedef struct Engine Engine;

/* ---- options ------------------------------------------------------------------------ */

typedef enum { OPTION_SPIN, OPTION_CHECK, OPTION_COMBO, OPTION_BUTTON, OPTION_STRING } OptionType;

/* One option as a GUI sees it. Spin: default/min/max; check: default 0 or 1; combo:
 * default_text and the choices; string: default_text. */
typedef struct OptionInfo {
    const char *name;
    OptionType type;
    long long default_value, min, max;
    const char *default_text;
    const char *const *choices;
    int choice_count;
} OptionInfo;

/* The options in listing order: the engine's own, then every game-declared option once
 * (options of several games that share a name are set together). */
int engine_option_count(const Engine *e);
OptionInfo engine_option_info(const Engine *e, int index);

/* Sets an option by name (case-insensitive). value is NULL when none was given (buttons
 * need none). */
bool engine_set_option(Engine *e, const char *name, const char *value, char *err);

/* ---- position ----------------------------------------------------------------------- */

enum { POSITION_MAX_MOVES = 1000000 };

Engine *engine_create(void);
void engine_destroy(Engine *e);

/* The current game and position (game->pos_size bytes; valid until the next setter). */
const Game *engine_game(const Engine *e);
const void *engine_position(const Engine *e);
/* The moves played since the position `position` started from (its start, and the moves
 * in order); returns their number. */
int engine_history(const Engine *e, const void **start, const Move **moves);

/* Same as the UCI_Variant option. */
bool engine_set_game(Engine *e, const char *name, char *err);
/* fen == NULL: the start position. Moves are applied in order; all or nothing. */
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int move_count,
                         char *err);
/* The legal move of the current position written `text`, or MOVE_NONE. */
Move engine_parse_move(const Engine *e, const char *text);
/* Forgets the table and what searches learned (ucinewgame). */
void engine_new_game(Engine *e);

GameEnd engine_game_end(const Engine *e);
/* The plies without progress that draw the current game (its own rule, or the option). */
int engine_no_progress_limit(const Engine *e);

/* ---- searching and background work --------------------------------------------------- */

/* Starts a search of the current position in the background; `bestmove` is reported
 * exactly once. limits->multipv and limits->move_overhead of 0 take the options' values;
 * the Contempt, Threads and Skill Level options apply. */
void engine_go(Engine *e, const SearchLimits *limits, SearchReport report);

/* Perft of the current position in the background, one report per root move and one at
 * the end (stopped: the run was ended by engine_stop and the total is partial). */
typedef struct PerftReport {
    void *ctx;
    void (*move)(void *ctx, const char *move, uint64_t nodes);
    void (*done)(void *ctx, uint64_t total, bool stopped);
} PerftReport;
void engine_perft(Engine *e, int depth, PerftReport report);

/* Runs task(arg, stop) in the background like a search, on the engine's task thread
 * (engine/task.h; perft runs there too): engine_stop sets `stop`, engine_busy is true until
 * it returns. */
typedef void (*EngineTask)(void *arg, const atomic_bool *stop);
void engine_run(Engine *e, EngineTask task, void *arg);

void engine_stop(Engine *e);
void engine_ponderhit(Engine *e);
/* Waits until the running search or task has finished. */
void engine_wait(Engine *e);
bool engine_busy(const Engine *e);
/* A search is running that only `stop` (or `ponderhit` then its limits) will end: it was
 * started infinite, or it is pondering. */
bool engine_waits_for_stop(const Engine *e);
/* The node count of the last (or running) search. */
uint64_t engine_nodes(const Engine *e);

/* ---- the GUI's clock ------------------------------------------------------------------ */

/* What the protocol sees of the GUI's clock, from which the time manager estimates the time
 * lost per move outside the search (search/timeman.h, LagEstimate). A new session or game
 * forgets what was measured. */
void engine_lag_reset(Engine *e);
/* A `go` arrives with `limits` for the side to move of the current position; returns the
 * estimate for limits->lag. */
int64_t engine_lag_at_go(Engine *e, const SearchLimits *limits);
/* The search's bestmove goes out. */
void engine_lag_at_bestmove(Engine *e);
