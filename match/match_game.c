#include "match/match_game.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* The ends the rules decide take game_over_reason_name's words, as `query result` does. */
static const GameOverReason RULES_REASON[TERM_COUNT] = {
    [TERM_RULES] = GAME_OVER_RULES,
    [TERM_NO_MOVES] = GAME_OVER_NO_MOVES,
    [TERM_REPETITION] = GAME_OVER_REPETITION,
    [TERM_NO_PROGRESS] = GAME_OVER_NO_PROGRESS,
};

static const char *const TERMINATION_NAMES[TERM_COUNT] = {
    [TERM_NONE] = "none",
    [TERM_MAX_PLIES] = "max plies",
    [TERM_ADJUDICATION] = "adjudication",
    [TERM_ILLEGAL_MOVE] = "illegal move",
    [TERM_CRASH] = "crash",
    [TERM_HANG] = "hang",
    [TERM_TIME_FORFEIT] = "time forfeit",
    [TERM_START_FAILURE] = "start failure",
    [TERM_ABORTED] = "aborted",
};

const char *match_termination_name(Termination t)
{
    if (t < 0 || t >= TERM_COUNT)
        return "?";
    return RULES_REASON[t] != GAME_GOES_ON ? game_over_reason_name(RULES_REASON[t])
                                           : TERMINATION_NAMES[t];
}

enum { REFEREE_START_CAPACITY = 256 };

bool referee_start(Referee *r, const Game *game, const char *fen, int no_progress, int max_plies,
                   char *err, size_t err_size)
{
    *r = (Referee){.game = game, .max_plies = max_plies};
    /* As the engine: a game's own no-progress rule overrides the setting. */
    r->no_progress = game_no_progress_limit(game, no_progress);
    r->pos = xmalloc(game->pos_size);
    r->scratch = xmalloc(game->pos_size);
    r->capacity = REFEREE_START_CAPACITY;
    r->keys = xmalloc(sizeof *r->keys * (size_t)r->capacity);
    r->moves = xmalloc(sizeof *r->moves * (size_t)r->capacity);
    char reason[256] = "";
    if (strlen(fen) >= FEN_MAX || !game->fen_read(r->pos, fen, reason, sizeof reason)) {
        snprintf(err, err_size, "invalid %s position '%.200s': %s", game->name, fen,
                 reason[0] ? reason : "too long");
        referee_free(r);
        return false;
    }
    /* The start position as the game writes it, so engines and records see one form. */
    game->fen_write(r->pos, r->start_fen, sizeof r->start_fen);
    return true;
}

void referee_free(Referee *r)
{
    free(r->pos);
    free(r->scratch);
    free(r->keys);
    free(r->moves);
    *r = (Referee){0};
}

int referee_side(const Referee *r) { return r->game->side_to_move(r->pos); }

Move referee_parse(const Referee *r, const char *text)
{
    if (strlen(text) >= MOVE_STR_MAX || r->game->result(r->pos) != RESULT_NONE)
        return MOVE_NONE;
    return r->game->parse_move(r->pos, text);
}

void referee_play(Referee *r, Move move)
{
    if (r->played == r->capacity) {
        r->capacity *= 2;
        r->keys = xrealloc(r->keys, sizeof *r->keys * (size_t)r->capacity);
        r->moves = xrealloc(r->moves, sizeof *r->moves * (size_t)r->capacity);
    }
    const Game *g = r->game;
    r->keys[r->played] = game_repetition_key(g, r->pos);
    g->move_to_str(r->pos, move, r->moves[r->played]);
    r->played++;
    g->make_move(r->pos, move, r->scratch);
    memcpy(r->pos, r->scratch, g->pos_size);
}

static void describe_rules(const Referee *r, Outcome *o)
{
    const Game *g = r->game;
    char info[256] = "";
    if (g->result_info)
        g->result_info(r->pos, info, sizeof info);
    if (o->winner < 0)
        snprintf(o->detail, sizeof o->detail, "draw by the rules%s%s", info[0] ? ": " : "", info);
    else
        snprintf(o->detail, sizeof o->detail, "%s wins by the rules%s%s", g->side_names[o->winner],
                 info[0] ? ": " : "", info);
}

Outcome referee_judge(const Referee *r)
{
    const Game *g = r->game;
    GameEnd end = game_end(g, r->pos, r->keys, r->played, r->no_progress);
    Outcome o = {TERM_NONE, end.winner, ""};
    switch (end.why) {
    case GAME_OVER_RULES:
        o.termination = TERM_RULES;
        describe_rules(r, &o);
        return o;
    case GAME_OVER_NO_MOVES:
        o.termination = TERM_NO_MOVES;
        snprintf(o.detail, sizeof o.detail, "%s has no legal move", g->side_names[referee_side(r)]);
        return o;
    case GAME_OVER_NO_PROGRESS:
        o.termination = TERM_NO_PROGRESS;
        snprintf(o.detail, sizeof o.detail, "draw: %d plies without progress",
                 g->halfmove_clock(r->pos));
        return o;
    case GAME_OVER_REPETITION:
        o.termination = TERM_REPETITION;
        snprintf(o.detail, sizeof o.detail, "draw by threefold repetition");
        return o;
    case GAME_GOES_ON:
        break;
    }
    if (r->max_plies && r->played >= r->max_plies) {
        o = (Outcome){TERM_MAX_PLIES, -1, ""};
        snprintf(o.detail, sizeof o.detail, "draw adjudicated after %d plies", r->played);
        return o;
    }
    return (Outcome){TERM_NONE, -1, ""};
}

char *referee_position_command(const Referee *r)
{
    size_t size = strlen(r->start_fen) + 32 + (size_t)r->played * (MOVE_STR_MAX + 1);
    char *cmd = xmalloc(size);
    size_t n = (size_t)snprintf(cmd, size, "position fen %s", r->start_fen);
    if (r->played)
        n += (size_t)snprintf(cmd + n, size - n, " moves");
    for (int i = 0; i < r->played; i++)
        n += (size_t)snprintf(cmd + n, size - n, " %s", r->moves[i]);
    return cmd;
}

void game_record_free(GameRecord *r)
{
    free(r->moves);
    r->moves = NULL;
}

/* ---- one game ----------------------------------------------------------------------- */

/* The clock of each side, in microseconds, and the moves each side has made;
 * meaningful only for clocked engines. */
typedef struct Clocks {
    int64_t left_us[2];
    int moves[2];
} Clocks;

static bool has_clock(const EngineClient *c) { return c->config->tc.base_ms > 0; }

/* The increment `side`'s next move earns, in ms: with a TigerIncrement clock, nothing
 * past the cut-off. */
static int64_t increment_ms(const TimeControl *tc, int moves_made)
{
    return tc->cutoff > 0 && moves_made >= tc->cutoff ? 0 : tc->inc_ms;
}

/* The time added to a clock after a move (the final increment with the cut-off move). */
static int64_t added_after_move_ms(const TimeControl *tc, int moves_made)
{
    int64_t added = increment_ms(tc, moves_made);
    if (tc->cutoff > 0 && moves_made + 1 == tc->cutoff)
        added += tc->final_ms;
    return added;
}

/* The `go` line for `side`. An opponent without a clock is shown the mover's own. A
 * TigerIncrement clock before its cut-off adds `movestogo`, the moves left to it. */
static void go_command(const GameSetup *s, const Clocks *clocks, int side, char *buf, size_t size)
{
    const EngineClient *me = s->players[side];
    const TimeControl *tc = &me->config->tc;
    size_t n = (size_t)snprintf(buf, size, "go");
    if (has_clock(me)) {
        int64_t ms[2], inc[2];
        for (int p = 0; p < 2; p++) {
            int from = has_clock(s->players[p]) ? p : side;
            ms[p] = clocks->left_us[from] > 0 ? clocks->left_us[from] / 1000 : 0;
            inc[p] = increment_ms(&s->players[from]->config->tc, clocks->moves[from]);
        }
        if (me->config->proto == PROTO_UGI)
            n += (size_t)snprintf(buf + n, size - n,
                                  " p1time %" PRId64 " p2time %" PRId64 " p1inc %" PRId64
                                  " p2inc %" PRId64,
                                  ms[P1], ms[P2], inc[P1], inc[P2]);
        else
            n += (size_t)snprintf(buf + n, size - n,
                                  " wtime %" PRId64 " btime %" PRId64 " winc %" PRId64
                                  " binc %" PRId64,
                                  ms[P1], ms[P2], inc[P1], inc[P2]);
        if (tc->cutoff > 0 && clocks->moves[side] < tc->cutoff)
            n += (size_t)snprintf(buf + n, size - n, " movestogo %d",
                                  tc->cutoff - clocks->moves[side]);
    }
    if (tc->movetime_ms > 0)
        n += (size_t)snprintf(buf + n, size - n, " movetime %" PRId64, tc->movetime_ms);
    if (tc->depth > 0)
        n += (size_t)snprintf(buf + n, size - n, " depth %d", tc->depth);
    if (tc->nodes > 0)
        snprintf(buf + n, size - n, " nodes %" PRIu64, tc->nodes);
}

/* The time `side` may use for this move before it loses on time; 0: no limit. */
static int64_t move_budget_us(const EngineClient *c, const Clocks *clocks, int side)
{
    int64_t margin = c->config->margin_ms * 1000;
    if (has_clock(c))
        return (clocks->left_us[side] > 0 ? clocks->left_us[side] : 0) + margin;
    if (c->config->tc.movetime_ms > 0)
        return c->config->tc.movetime_ms * 1000 + margin;
    return 0;
}

static Termination termination_of(ClientStatus status)
{
    switch (status) {
    case CLIENT_CRASH:
        return TERM_CRASH;
    case CLIENT_HANG:
        return TERM_HANG;
    case CLIENT_START_FAILED:
        return TERM_START_FAILURE;
    case CLIENT_ABORTED:
        return TERM_ABORTED;
    default:
        return TERM_NONE;
    }
}

/* A loss for `side` through its engine's fault. */
static Outcome forfeit(int side, Termination t, const char *detail)
{
    Outcome o = {t, t == TERM_ABORTED ? -1 : !side, ""};
    snprintf(o.detail, sizeof o.detail, "%s", detail);
    return o;
}

/* Brings both engines to a new game; a failure loses the game for that engine. */
static Outcome prepare_engines(const GameSetup *s)
{
    char detail[CLIENT_DETAIL_MAX], why[OUTCOME_DETAIL_MAX];
    for (int side = 0; side < 2; side++) {
        EngineClient *c = s->players[side];
        ClientStatus status = CLIENT_OK;
        if (!c->ready) {
            status = client_start(c, detail, sizeof detail);
            if (status == CLIENT_START_FAILED) {
                snprintf(why, sizeof why, "%.100s could not be started: %.500s", c->name, detail);
                return forfeit(side, TERM_START_FAILURE, why);
            }
        }
        if (status == CLIENT_OK)
            status = client_new_game(c, detail, sizeof detail);
        if (status != CLIENT_OK)
            return forfeit(side, termination_of(status), detail);
    }
    return (Outcome){TERM_NONE, -1, ""};
}

/* Each engine's current run of moves scored as lost, as won and as level (-resign, -draw). */
typedef struct ScoreRuns {
    int losing[2], winning[2], level[2];
} ScoreRuns;

static void note_score(const Adjudication *a, ScoreRuns *runs, int side, const MoveReply *reply)
{
    bool scored = reply->scored;
    int score = reply->score;
    runs->losing[side] = scored && score <= -a->resign_score ? runs->losing[side] + 1 : 0;
    runs->winning[side] = scored && score >= a->resign_score ? runs->winning[side] + 1 : 0;
    runs->level[side] =
        scored && score >= -a->draw_score && score <= a->draw_score ? runs->level[side] + 1 : 0;
}

/* The game ended by the engines' scores, or TERM_NONE. */
static Outcome adjudicate(const GameSetup *s, const Referee *ref, const ScoreRuns *runs)
{
    const Adjudication *a = &s->config->adjudication;
    const Game *g = ref->game;
    Outcome o = {TERM_NONE, -1, ""};
    for (int side = 0; a->resign_moves && side < 2; side++) {
        if (runs->losing[side] < a->resign_moves ||
            (a->resign_twosided && runs->winning[!side] < a->resign_moves))
            continue;
        o = (Outcome){TERM_ADJUDICATION, !side, ""};
        snprintf(o.detail, sizeof o.detail,
                 "%s wins: %s scored -%d or less for %d moves in a row%s", g->side_names[!side],
                 s->players[side]->name, a->resign_score, a->resign_moves,
                 a->resign_twosided ? ", its opponent as much in its favour" : "");
        return o;
    }
    if (a->draw_moves && ref->played >= 2 * a->draw_from_move && runs->level[0] >= a->draw_moves &&
        runs->level[1] >= a->draw_moves) {
        o.termination = TERM_ADJUDICATION;
        snprintf(o.detail, sizeof o.detail,
                 "draw: both engines scored between -%d and %d for %d moves in a row",
                 a->draw_score, a->draw_score, a->draw_moves);
    }
    return o;
}

static Outcome play_moves(const GameSetup *s, Referee *ref)
{
    Clocks clocks = {{0, 0}, {0, 0}};
    ScoreRuns runs = {{0, 0}, {0, 0}, {0, 0}};
    for (int side = 0; side < 2; side++)
        clocks.left_us[side] = s->players[side]->config->tc.base_ms * 1000;
    char go[256];
    for (;;) {
        Outcome end = referee_judge(ref);
        if (end.termination == TERM_NONE)
            end = adjudicate(s, ref, &runs);
        if (end.termination != TERM_NONE)
            return end;
        int side = referee_side(ref);
        EngineClient *c = s->players[side];
        go_command(s, &clocks, side, go, sizeof go);
        int64_t budget = move_budget_us(c, &clocks, side);
        char *position = referee_position_command(ref);
        MoveReply reply = client_go(c, position, go, budget);
        free(position);
        if (reply.status != CLIENT_OK)
            return forfeit(side, termination_of(reply.status), reply.detail);
        if (reply.late) {
            char why[OUTCOME_DETAIL_MAX];
            int64_t allowed_ms =
                has_clock(c) ? clocks.left_us[side] / 1000 : c->config->tc.movetime_ms;
            snprintf(why, sizeof why,
                     "%s loses on time: %" PRId64 " ms used, %" PRId64 " ms allowed (+%" PRId64
                     " ms margin)",
                     c->name, reply.elapsed_us / 1000, allowed_ms, c->config->margin_ms);
            return forfeit(side, TERM_TIME_FORFEIT, why);
        }
        Move move = referee_parse(ref, reply.move);
        if (move == MOVE_NONE) {
            char why[OUTCOME_DETAIL_MAX];
            snprintf(why, sizeof why, "%s plays an illegal move '%.64s'", c->name, reply.move);
            return forfeit(side, TERM_ILLEGAL_MOVE, why);
        }
        if (has_clock(c))
            clocks.left_us[side] +=
                added_after_move_ms(&c->config->tc, clocks.moves[side]) * 1000 - reply.elapsed_us;
        clocks.moves[side]++;
        note_score(&s->config->adjudication, &runs, side, &reply);
        referee_play(ref, move);
    }
}

/* Asks each UGI engine for the result of a game the rules ended; a different answer is
 * logged (the referee's result stands). */
static void cross_check(const GameSetup *s, const Referee *ref, const Outcome *o)
{
    if (o->termination != TERM_RULES && o->termination != TERM_NO_MOVES &&
        o->termination != TERM_REPETITION)
        return;
    const char *expected = o->winner == P1 ? "p1win" : o->winner == P2 ? "p2win" : "draw";
    for (int side = 0; side < 2; side++) {
        EngineClient *c = s->players[side];
        if (c->config->proto != PROTO_UGI || !c->ready)
            continue;
        char answer[64], detail[CLIENT_DETAIL_MAX];
        char *position = referee_position_command(ref);
        ClientStatus status =
            client_query_result(c, position, answer, sizeof answer, detail, sizeof detail);
        free(position);
        if (status == CLIENT_OK && strcmp(answer, expected) != 0)
            match_log(c->log,
                      "warning: game %d: %s answers `query result` with '%s'; by the "
                      "referee's rules it is %s (%s)",
                      s->number, c->name, answer, expected, o->detail);
        else if (status == CLIENT_CRASH || status == CLIENT_HANG)
            match_log(c->log, "warning: game %d: `query result`: %s", s->number, detail);
    }
}

/* Each side's points in halves: 2, 1, 0; or the game's own scoring, where a game lost by
 * a fault (on time, a crash...) scores as the rules score a loss on time. */
static void score_points(const Game *g, const Referee *ref, const Outcome *o, int points[2])
{
    const GameScoring *scoring = g->scoring;
    points[P1] = points[P2] = 0;
    if (o->termination == TERM_ABORTED || o->termination == TERM_NONE)
        return;
    if (!scoring) {
        for (int side = 0; side < 2; side++)
            points[side] = o->winner < 0 ? 1 : o->winner == side ? 2 : 0;
    } else if (o->termination == TERM_RULES || o->termination == TERM_NO_MOVES) {
        scoring->points(ref->pos, points);
    } else if (o->winner < 0) {
        points[P1] = points[P2] = scoring->draw_halves;
    } else {
        points[o->winner] = scoring->forfeit_halves;
    }
}

void match_play_game(const GameSetup *s, GameRecord *record)
{
    const MatchConfig *cfg = s->config;
    *record = (GameRecord){.number = s->number, .game = cfg->game, .engine_of_p1 = s->engine_of_p1};
    for (int side = 0; side < 2; side++) {
        snprintf(record->names[side], sizeof record->names[side], "%s", s->players[side]->name);
        match_tc_describe(&s->players[side]->config->tc, record->tc[side], sizeof record->tc[side]);
    }
    Referee ref;
    char err[OUTCOME_DETAIL_MAX];
    if (!referee_start(&ref, cfg->game, s->fen, cfg->no_progress, cfg->max_plies, err,
                       sizeof err)) {
        /* Openings are checked when they are read, so this is a broken opening source. */
        snprintf(record->start_fen, sizeof record->start_fen, "%s", s->fen);
        record->outcome = (Outcome){TERM_ABORTED, -1, ""};
        snprintf(record->outcome.detail, sizeof record->outcome.detail, "%s", err);
        return;
    }
    snprintf(record->start_fen, sizeof record->start_fen, "%s", ref.start_fen);
    Outcome outcome = prepare_engines(s);
    if (outcome.termination == TERM_NONE) {
        outcome = play_moves(s, &ref);
        cross_check(s, &ref, &outcome);
    }
    record->outcome = outcome;
    score_points(cfg->game, &ref, &outcome, record->points);
    record->plies = ref.played;
    record->moves = ref.moves;
    ref.moves = NULL;
    referee_free(&ref);
}
