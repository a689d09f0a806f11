/*
 * The engine object: owns the current game and position, the game's move history, the
 * options, the transposition table and the search threads. The protocol layer parses
 * text and calls these functions; nothing here prints.
 *
 * Every setter is atomic: on error it fills `err` with one line and changes nothing.
 */
#pragma once

#include "engine/game.h"
#include "search/thread.h"
#include "search/tt.h"

enum { ENGINE_GAME_OPTIONS_MAX = 8, ERR_MAX = 512 };

/* Option defaults, shared by the engine and the `uci` option list. Contempt: a draw is
 * worth -contempt (evaluation units, a man or pawn = 100) to the side that is searching,
 * so a level position is played on rather than repeated. */
enum {
    ENGINE_HASH_DEFAULT_MB = 16,
    ENGINE_OVERHEAD_DEFAULT = 10,
    ENGINE_NO_PROGRESS_DEFAULT = 200,
    ENGINE_CONTEMPT_DEFAULT = 20,
    ENGINE_CONTEMPT_MAX = 100,
};

typedef struct Engine {
    const Game *game;
    unsigned char *pos;       /* the current position */
    unsigned char *start;     /* the position `position` started from */
    uint64_t *keys;           /* keys of the positions before the current one */
    Move *moves;              /* the moves played from `start`, for display */
    int played, capacity;
    char *line;               /* the start FEN and moves the position was built from */

    /* options */
    int threads, multipv, move_overhead, no_progress_plies, contempt;
    bool ponder;
    int game_options[64][ENGINE_GAME_OPTIONS_MAX]; /* per registered game, per option */

    TT tt;
    SearchPool *pool;
} Engine;

/* How a finished game ended, for `query result` and `d`. */
typedef struct GameEnd {
    Result result;     /* for the side to move; RESULT_NONE while the game goes on */
    int winner;        /* P1, P2, or -1 for a draw or no result */
    const char *reason;
    GameOverReason why;
} GameEnd;

enum { POSITION_MAX_MOVES = 1000000 };

Engine *engine_create(void);
void engine_destroy(Engine *e);

bool engine_set_game(Engine *e, const char *name, char *err);
/* fen == NULL: the start position. Moves are applied in order; all or nothing. */
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int move_count,
                         char *err);
bool engine_set_hash(Engine *e, long long mb, char *err);
void engine_clear_hash(Engine *e);
void engine_new_game(Engine *e);
/* Sets a game-declared option (e.g. KnightVariation) of every game that declares it. */
bool engine_set_game_option(Engine *e, const char *name, const char *value, char *err);

GameEnd engine_game_end(const Engine *e);
int engine_no_progress_limit(const Engine *e);

/* Starts a search of the current position in the background. */
void engine_go(Engine *e, const SearchLimits *limits, SearchReport report);
void engine_stop(Engine *e);
void engine_wait(Engine *e);
bool engine_busy(Engine *e);
