#include "engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/registry.h"

static int game_index(const Game *g)
{
    for (int i = 0; i < registry_count(); i++)
        if (registry_game(i) == g)
            return i;
    return 0;
}

static void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q)
        abort();
    return q;
}

/* Installs a position and history built elsewhere (all checks done), with the text of
 * the `position` line they came from. */
static void install(Engine *e, const Game *g, const void *start, const void *pos,
                    uint64_t *keys, Move *moves, int played, int capacity, char *line)
{
    e->game = g;
    e->start = xrealloc(e->start, g->pos_size);
    e->pos = xrealloc(e->pos, g->pos_size);
    memcpy(e->start, start, g->pos_size);
    memcpy(e->pos, pos, g->pos_size);
    free(e->keys);
    free(e->moves);
    free(e->line);
    e->keys = keys;
    e->moves = moves;
    e->played = played;
    e->capacity = capacity;
    e->line = line;
}

/* The line text: the start FEN, then each move, every one ended by a NUL. */
static char *line_text(const char *fen, const char *const *moves, int move_count)
{
    size_t size = strlen(fen) + 1;
    for (int i = 0; i < move_count; i++)
        size += strlen(moves[i]) + 1;
    char *line = malloc(size), *s = line;
    if (!line)
        abort();
    s = stpcpy(s, fen) + 1;
    for (int i = 0; i < move_count; i++)
        s = stpcpy(s, moves[i]) + 1;
    return line;
}

/* Whether the current position was built from `fen` and the first e->played of `moves`:
 * a GUI or a match sends the whole game before every move, and only the new moves then
 * need to be checked and played. */
static bool extends_line(const Engine *e, const Game *g, const char *fen,
                         const char *const *moves, int move_count)
{
    if (e->game != g || !e->line || move_count < e->played || strcmp(e->line, fen) != 0)
        return false;
    const char *s = e->line + strlen(e->line) + 1;
    for (int i = 0; i < e->played; i++, s += strlen(s) + 1)
        if (strcmp(s, moves[i]) != 0)
            return false;
    return true;
}

/* Builds the position from `fen` (NULL: start) plus moves into fresh buffers. */
static bool build(Engine *e, const Game *g, const char *fen, const char *const *moves,
                  int move_count, char *err)
{
    if (move_count > POSITION_MAX_MOVES) {
        snprintf(err, ERR_MAX, "too many moves (%d, at most %d)", move_count, POSITION_MAX_MOVES);
        return false;
    }
    unsigned char *start = malloc(g->pos_size), *pos = malloc(g->pos_size),
                  *next = malloc(g->pos_size);
    uint64_t *keys = malloc(sizeof(uint64_t) * ((size_t)move_count + 1));
    Move *played = malloc(sizeof(Move) * ((size_t)move_count + 1));
    if (!start || !pos || !next || !keys || !played)
        abort();
    char reason[ERR_MAX - 64] = "";
    const char *text = fen ? fen : game_start_fen(g, e->game_options[game_index(g)]);
    bool ok = true;
    int first = 0;
    if (extends_line(e, g, text, moves, move_count)) {
        first = e->played;
        memcpy(start, e->start, g->pos_size);
        memcpy(pos, e->pos, g->pos_size);
        memcpy(keys, e->keys, sizeof(uint64_t) * (size_t)first);
        memcpy(played, e->moves, sizeof(Move) * (size_t)first);
    } else {
        ok = g->fen_read(start, text, reason, sizeof reason);
        if (!ok)
            snprintf(err, ERR_MAX, "invalid %s position: %s", g->name, reason[0] ? reason : text);
        if (ok)
            memcpy(pos, start, g->pos_size);
    }
    for (int i = first; ok && i < move_count; i++) {
        Move m = g->parse_move(pos, moves[i]);
        if (m == MOVE_NONE) {
            snprintf(err, ERR_MAX, "illegal move '%.64s' (move %d)", moves[i], i + 1);
            ok = false;
            break;
        }
        keys[i] = game_repetition_key(g, pos);
        played[i] = m;
        g->make_move(pos, m, next);
        memcpy(pos, next, g->pos_size);
    }
    if (ok)
        install(e, g, start, pos, keys, played, move_count, move_count + 1,
                line_text(text, moves, move_count));
    else
        free(keys), free(played);
    free(start);
    free(pos);
    free(next);
    return ok;
}

Engine *engine_create(void)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->threads = 1;
    e->multipv = 1;
    e->move_overhead = ENGINE_OVERHEAD_DEFAULT;
    e->no_progress_plies = ENGINE_NO_PROGRESS_DEFAULT;
    e->contempt = ENGINE_CONTEMPT_DEFAULT;
    for (int i = 0; i < registry_count(); i++)
        for (int j = 0; j < registry_game(i)->option_count && j < ENGINE_GAME_OPTIONS_MAX; j++)
            e->game_options[i][j] = registry_game(i)->options[j].default_choice;
    e->pool = pool_create();
    char err[ERR_MAX];
    if (!tt_resize(&e->tt, ENGINE_HASH_DEFAULT_MB) ||
        !build(e, registry_default(), NULL, NULL, 0, err))
        abort();
    return e;
}

void engine_destroy(Engine *e)
{
    pool_destroy(e->pool);
    tt_free(&e->tt);
    free(e->pos);
    free(e->start);
    free(e->keys);
    free(e->moves);
    free(e->line);
    free(e);
}

bool engine_set_game(Engine *e, const char *name, char *err)
{
    const Game *g = registry_find(name);
    if (!g) {
        snprintf(err, ERR_MAX, "unknown game '%.64s'", name);
        return false;
    }
    if (!build(e, g, NULL, NULL, 0, err))
        return false;
    pool_clear(e->pool);
    return true;
}

bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int move_count,
                         char *err)
{
    return build(e, e->game, fen, moves, move_count, err);
}

bool engine_set_hash(Engine *e, long long mb, char *err)
{
    if (mb < 1 || mb > TT_MB_MAX || !tt_resize(&e->tt, (size_t)mb)) {
        snprintf(err, ERR_MAX, "cannot allocate a %lld MB hash table; keeping %zu MB", mb,
                 e->tt.size_mb);
        return false;
    }
    return true;
}

void engine_clear_hash(Engine *e) { tt_clear(&e->tt, e->threads); }

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt, e->threads);
    pool_clear(e->pool);
}

bool engine_set_game_option(Engine *e, const char *name, const char *value, char *err)
{
    bool known = false;
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        for (int j = 0; j < g->option_count && j < ENGINE_GAME_OPTIONS_MAX; j++) {
            if (strcasecmp(g->options[j].name, name) != 0)
                continue;
            known = true;
            int choice = -1;
            for (int c = 0; c < g->options[j].choice_count; c++)
                if (strcasecmp(g->options[j].choices[c], value) == 0)
                    choice = c;
            if (choice < 0) {
                snprintf(err, ERR_MAX, "invalid value '%.64s' for option %s", value, name);
                return false;
            }
            e->game_options[i][j] = choice;
        }
    }
    if (!known)
        snprintf(err, ERR_MAX, "unknown option '%.64s'", name);
    return known;
}

int engine_no_progress_limit(const Engine *e)
{
    return e->game->no_progress_plies ? e->game->no_progress_plies : e->no_progress_plies;
}

GameEnd engine_game_end(const Engine *e)
{
    const Game *g = e->game;
    GameOverReason why;
    GameEnd end = {RESULT_NONE, -1, NULL};
    end.result = game_over(g, e->pos, e->keys, e->played, engine_no_progress_limit(e), &why);
    end.reason = game_over_reason_name(why);
    int side = g->side_to_move(e->pos);
    if (end.result == RESULT_WIN)
        end.winner = side;
    else if (end.result == RESULT_LOSS)
        end.winner = !side;
    return end;
}

void engine_go(Engine *e, const SearchLimits *limits, SearchReport report)
{
    pool_wait(e->pool);
    pool_set_threads(e->pool, e->threads);
    SearchJob job = {
        .game = e->game,
        .root = e->pos,
        .history = e->keys,
        .history_length = e->played,
        .no_progress_plies = engine_no_progress_limit(e),
        .contempt = e->contempt,
        .limits = *limits,
        .report = report,
    };
    pool_start(e->pool, &e->tt, &job);
}

void engine_stop(Engine *e) { pool_stop(e->pool); }
void engine_wait(Engine *e) { pool_wait(e->pool); }
bool engine_busy(Engine *e) { return pool_busy(e->pool); }
