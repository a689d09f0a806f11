/*
 * The referee and one game.
 *
 * The referee holds the game from its start position: the current position, the key of
 * every earlier position (for repetitions) and every ply in canonical text. It decides the
 * end through game_over() (core/game.h), as the engine's `query result` does: the game's
 * result(); no legal move gives the game's no_moves_result; then the no-progress rule (the
 * game's own ply count, or the match's -noprogress) and threefold repetition of a position
 * with the same side to move within the reversible plies; then the match's length
 * adjudication (-maxplies).
 * A move an engine sends is legal only if the game's parse_move accepts it in the current
 * position.
 */
#pragma once

#include "core/types.h"
#include "match/match_engine.h"

typedef enum {
    TERM_NONE,
    TERM_RULES,
    TERM_NO_MOVES,
    TERM_REPETITION,
    TERM_NO_PROGRESS,
    TERM_MAX_PLIES,
    TERM_ADJUDICATION, /* by the engines' scores: -resign, -draw */
    TERM_ILLEGAL_MOVE,
    TERM_CRASH,
    TERM_HANG,
    TERM_TIME_FORFEIT,
    TERM_START_FAILURE,
    TERM_ABORTED, /* the match stopped first; the game is not counted */
    TERM_COUNT
} Termination;

/* "rules", "threefold repetition", "illegal move", "time forfeit", ... */
const char *match_termination_name(Termination t);

enum { OUTCOME_DETAIL_MAX = 640 };

typedef struct Outcome {
    Termination termination;
    int winner; /* P1, P2, or -1 for a draw */
    char detail[OUTCOME_DETAIL_MAX];
} Outcome;

typedef char MoveText[MOVE_STR_MAX];

typedef struct Referee {
    const Game *game;
    unsigned char *pos, *scratch;
    char start_fen[FEN_MAX];
    uint64_t *keys;  /* keys[i]: the position before ply i */
    MoveText *moves; /* moves[i]: ply i, canonical */
    int played, capacity;
    int no_progress; /* the limit in force; 0: off */
    int max_plies;   /* 0: off */
} Referee;

/* Reads the start FEN; false (with the reason) if the game rejects it. */
bool referee_start(Referee *r, const Game *game, const char *fen, int no_progress, int max_plies,
                   char *err, size_t err_size);
void referee_free(Referee *r);

int referee_side(const Referee *r);
/* The legal move `text` names in the current position; MOVE_NONE if none. */
Move referee_parse(const Referee *r, const char *text);
void referee_play(Referee *r, Move move);
/* How the game has ended by the rules or adjudication; TERM_NONE while it goes on. */
Outcome referee_judge(const Referee *r);
/* `position fen <start> [moves ...]`; the caller frees it. */
char *referee_position_command(const Referee *r);

/* One finished game, as the PGN and the report need it. */
typedef struct GameRecord {
    int number; /* 1-based, the PGN Round */
    const Game *game;
    char names[2][CLIENT_NAME_MAX]; /* by side: P1, P2 */
    char tc[2][64];
    char start_fen[FEN_MAX];
    MoveText *moves; /* owned */
    int plies;
    Outcome outcome;
    int points[2];    /* by side, in half points: 2/1/0, or the game's own scoring */
    int engine_of_p1; /* which configured engine (0 or 1) had P1 */
} GameRecord;

void game_record_free(GameRecord *r);

typedef struct GameSetup {
    const MatchConfig *config;
    int number;
    const char *fen;
    EngineClient *players[2]; /* by side: P1, P2 */
    int engine_of_p1;
} GameSetup;

/* Plays one game to its end and fills the record. Engines that crash or hang are killed;
 * the caller restarts them (client_start) before their next game. */
void match_play_game(const GameSetup *setup, GameRecord *record);
