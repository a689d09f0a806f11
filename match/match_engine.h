/*
 * One engine process as the match runner sees it: the UCI or UGI conversation.
 *
 * Start-up: `uci` (or `ugi`) until `uciok` (`ugiok`), collecting `id name` and the
 * advertised options; then `setoption name UCI_Variant value <game>` (always in UCI; in
 * UGI only if the engine offers UCI_Variant), the configured options in order, and
 * `isready` until `readyok`. Each game starts with `ucinewgame` / `uginewgame` and
 * `isready`. A move is `position fen <start> moves ...` and one `go` line; the reply is
 * the first `bestmove` line, timed from the moment `go` was written. After a game that
 * the rules ended, a UGI engine is asked `query result` on the final position, so that a
 * disagreement between its rules and the referee's shows up as a warning.
 *
 * Failures are reported, never fatal: the caller turns them into a lost game and starts
 * the process again.
 */
#pragma once

#include <pthread.h>
#include <stdio.h>

#include "core/output.h"
#include "match/match.h"
#include "match/match_proc.h"

/* Where -debug traffic and warnings go, shared by every game thread. */
typedef struct MatchLog {
    Output *out; /* NULL: nowhere */
    bool traffic;
} MatchLog;

void match_log(MatchLog *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

enum { CLIENT_NAME_MAX = 128, CLIENT_DETAIL_MAX = 512 };

typedef struct EngineClient {
    const EngineConfig *config;
    const Game *game;
    char name[CLIENT_NAME_MAX]; /* the name in records and reports */
    bool adopt_id_name;         /* take the `id name` as the name once known */
    char id_name[CLIENT_NAME_MAX];
    EngineProc proc;
    bool ready;   /* started and answering */
    int abort_fd; /* readable once the match is stopping; -1: never */
    MatchLog *log;
    char **offered; /* option names from the handshake */
    int offered_count;
    const char *variant_value;               /* what UCI_Variant is set to; NULL: not sent */
    char variant_problem[CLIENT_DETAIL_MAX]; /* non-empty: the engine cannot play the game */
    char option_errors[CLIENT_DETAIL_MAX];   /* `info string error` lines during set-up */
} EngineClient;

/* How a request to the engine went. */
typedef enum {
    CLIENT_OK,
    CLIENT_CRASH,
    CLIENT_HANG,
    CLIENT_START_FAILED,
    CLIENT_ABORTED
} ClientStatus;

typedef struct MoveReply {
    ClientStatus status;
    bool late; /* bestmove came only after the budget (and a `stop`) */
    char move[CLIENT_DETAIL_MAX];
    int64_t elapsed_us; /* from `go` to `bestmove` */
    bool scored;        /* an exact `info ... score` of the first line came before it */
    int score;          /* that score in centipawns, a mate as +-MATCH_MATE_SCORE */
    char detail[CLIENT_DETAIL_MAX];
} MoveReply;

/* The score of an engine's `info` line (see MoveReply.score); false if it has no exact
 * score of the first line. */
bool client_info_score(const char *line, int *score);

void client_init(EngineClient *c, const EngineConfig *config, const Game *game, const char *name,
                 int abort_fd, MatchLog *log);

/* Starts the process and runs the handshake; on failure the detail says why. */
ClientStatus client_start(EngineClient *c, char *detail, size_t size);

/* The new-game commands and `isready`. */
ClientStatus client_new_game(EngineClient *c, char *detail, size_t size);

/* Sends the position and go lines and waits for bestmove. budget_us > 0: the time the
 * move may take (margin included); past it the engine gets `stop`, and then timeout_ms to
 * answer. budget_us == 0: no time limit, only the hang timeout. */
MoveReply client_go(EngineClient *c, const char *position, const char *go, int64_t budget_us);

/* UGI: sends the position and `query result`; fills `answer` with the word after
 * `response` (p1win, p2win, draw, none). */
ClientStatus client_query_result(EngineClient *c, const char *position, char *answer, size_t size,
                                 char *detail, size_t detail_size);

/* Sends `quit`, waits a little, then kills; always reaps. */
void client_quit(EngineClient *c);
/* Kills at once (after a hang or a crash). */
void client_kill(EngineClient *c);
void client_free(EngineClient *c);
