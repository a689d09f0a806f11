#include "engine/engine.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/perft.h"
#include "core/registry.h"
#include "core/util.h"
#include "engine/task.h"
#include "nnue/nnue.h"
#include "search/thread.h"
#include "search/timeman.h"
#include "search/tt.h"

enum { GAME_OPTIONS_MAX = 8 };

struct Engine {
    const Game *game;
    unsigned char *pos;   /* the current position */
    unsigned char *start; /* the position `position` started from */
    uint64_t *keys;       /* keys of the positions before the current one */
    Move *moves;          /* the moves played from `start`, for display */
    int played, capacity;
    char *line; /* the start FEN and moves the position was built from */

    /* option values (see OPTIONS) */
    int threads, multipv, ponder, move_overhead, no_progress_plies, contempt, skill;
    int game_options[REGISTRY_MAX_GAMES][GAME_OPTIONS_MAX]; /* per registered game, per option */

    OptionInfo *options; /* the listing: OPTIONS, then the game-declared options */
    int option_count;
    const char **variant_names; /* every game id and alias, for the UCI_Variant combo */
    int variant_count;

    TT tt;
    SearchPool *pool;
    TaskThread task; /* perft and the protocol's background tasks: the pool only searches */
    LagEstimate lag; /* the GUI's clock, as the protocol reports it */

    /* the running perft (engine_perft) */
    unsigned char *perft_pos;
    int perft_depth;
    PerftReport perft_report;
};

/* ---- the option table ------------------------------------------------------------------ */

typedef struct OptionDef OptionDef;
struct OptionDef {
    const char *name;
    OptionType type;
    long long default_value, min, max;
    /* An int option stores its value at this offset; others apply it with `set` (value is
     * the parsed number for spins and checks, text the value as given). */
    size_t field;
    bool (*set)(Engine *e, long long value, const char *text, char *err);
    const char *default_text; /* a string option's */
};

static bool set_variant(Engine *e, long long value, const char *text, char *err);
static bool set_hash(Engine *e, long long value, const char *text, char *err);
static bool clear_hash(Engine *e, long long value, const char *text, char *err);
static bool set_use_nnue(Engine *e, long long value, const char *text, char *err);
static bool set_eval_file(Engine *e, long long value, const char *text, char *err);

#define FIELD(f) offsetof(Engine, f)

static const OptionDef OPTIONS[] = {
    {"UCI_Variant", OPTION_COMBO, 0, 0, 0, 0, set_variant, NULL},
    {"Hash", OPTION_SPIN, 16, 1, TT_MB_MAX, 0, set_hash, NULL},
    {"Threads", OPTION_SPIN, 1, 1, 1024, FIELD(threads), NULL, NULL},
    {"MultiPV", OPTION_SPIN, 1, 1, 256, FIELD(multipv), NULL, NULL},
    {"Ponder", OPTION_CHECK, 0, 0, 1, FIELD(ponder), NULL, NULL},
    {"Move Overhead", OPTION_SPIN, 10, 0, 5000, FIELD(move_overhead), NULL, NULL},
    {"NoProgressPlies", OPTION_SPIN, 200, 0, 100000, FIELD(no_progress_plies), NULL, NULL},
    {"Contempt", OPTION_SPIN, ENGINE_CONTEMPT_DEFAULT, -100, 100, FIELD(contempt), NULL, NULL},
    {"Skill Level", OPTION_SPIN, SEARCH_SKILL_FULL, 0, SEARCH_SKILL_FULL, FIELD(skill), NULL, NULL},
    {"Clear Hash", OPTION_BUTTON, 0, 0, 0, 0, clear_hash, NULL},
    {"Use NNUE", OPTION_CHECK, 1, 0, 1, 0, set_use_nnue, NULL},
    {"EvalFile", OPTION_STRING, 0, 0, 0, 0, set_eval_file, NNUE_EMBEDDED_NAME},
};
enum { OPTION_DEF_COUNT = sizeof OPTIONS / sizeof OPTIONS[0] };

static int game_index(const Game *g)
{
    for (int i = 0; i < registry_count(); i++)
        if (registry_game(i) == g)
            return i;
    return 0;
}

/* Installs a position and history built elsewhere (all checks done), with the text of
 * the `position` line they came from. */
static void install(Engine *e, const Game *g, const void *start, const void *pos, uint64_t *keys,
                    Move *moves, int played, int capacity, char *line)
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
static bool extends_line(const Engine *e, const Game *g, const char *fen, const char *const *moves,
                         int move_count)
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
    unsigned char *start = xmalloc(g->pos_size), *pos = xmalloc(g->pos_size),
                  *next = xmalloc(g->pos_size);
    uint64_t *keys = xmalloc(sizeof(uint64_t) * ((size_t)move_count + 1));
    Move *played = xmalloc(sizeof(Move) * ((size_t)move_count + 1));
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

/* The listing: every OPTIONS entry, then each game-declared option once by name. */
static void build_option_list(Engine *e)
{
    int count = 0;
    for (int i = 0; i < registry_count(); i++)
        count += registry_game(i)->option_count;
    e->options = xcalloc(OPTION_DEF_COUNT + (size_t)count, sizeof *e->options);
    int names = 0;
    for (int i = 0; i < registry_count(); i++)
        for (const char *const *a = registry_game(i)->aliases; a && *a; a++)
            names++;
    e->variant_names = xcalloc((size_t)(registry_count() + names), sizeof *e->variant_names);
    for (int i = 0; i < registry_count(); i++) {
        e->variant_names[e->variant_count++] = registry_game(i)->name;
        for (const char *const *a = registry_game(i)->aliases; a && *a; a++)
            e->variant_names[e->variant_count++] = *a;
    }
    for (int i = 0; i < OPTION_DEF_COUNT; i++) {
        const OptionDef *d = &OPTIONS[i];
        OptionInfo info = {d->name, d->type, d->default_value, d->min, d->max, d->default_text,
                           NULL,    0};
        if (d->set == set_variant) {
            info.default_text = registry_default()->name;
            info.choices = e->variant_names;
            info.choice_count = e->variant_count;
        }
        e->options[e->option_count++] = info;
    }
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        for (int j = 0; j < g->option_count; j++) {
            const GameOption *o = &g->options[j];
            bool seen = false;
            for (int k = 0; k < e->option_count && !seen; k++)
                seen = strcasecmp(e->options[k].name, o->name) == 0;
            if (!seen)
                e->options[e->option_count++] =
                    (OptionInfo){o->name,    OPTION_COMBO,   0, 0, 0, o->choices[o->default_choice],
                                 o->choices, o->choice_count};
        }
    }
}

Engine *engine_create(void)
{
    Engine *e = xcalloc(1, sizeof *e);
    for (int i = 0; i < registry_count(); i++) {
        if (registry_game(i)->option_count > GAME_OPTIONS_MAX)
            abort();
        for (int j = 0; j < registry_game(i)->option_count; j++)
            e->game_options[i][j] = registry_game(i)->options[j].default_choice;
    }
    build_option_list(e);
    size_t hash_mb = 0;
    for (int i = 0; i < OPTION_DEF_COUNT; i++) {
        if (OPTIONS[i].field)
            *(int *)((char *)e + OPTIONS[i].field) = (int)OPTIONS[i].default_value;
        if (OPTIONS[i].set == set_hash)
            hash_mb = (size_t)OPTIONS[i].default_value;
    }
    e->pool = pool_create();
    task_thread_init(&e->task);
    timeman_lag_reset(&e->lag);
    char err[ERR_MAX];
    if (!tt_resize(&e->tt, hash_mb) || !build(e, registry_default(), NULL, NULL, 0, err))
        abort();
    return e;
}

void engine_destroy(Engine *e)
{
    task_thread_free(&e->task);
    pool_destroy(e->pool);
    tt_free(&e->tt);
    free(e->pos);
    free(e->start);
    free(e->keys);
    free(e->moves);
    free(e->line);
    free(e->options);
    free(e->variant_names);
    free(e->perft_pos);
    free(e);
}

const Game *engine_game(const Engine *e) { return e->game; }
const void *engine_position(const Engine *e) { return e->pos; }

int engine_history(const Engine *e, const void **start, const Move **moves)
{
    *start = e->start;
    *moves = e->moves;
    return e->played;
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

Move engine_parse_move(const Engine *e, const char *text)
{
    return e->game->parse_move(e->pos, text);
}

void engine_new_game(Engine *e)
{
    tt_clear(&e->tt, e->threads);
    pool_clear(e->pool);
}

/* ---- options ------------------------------------------------------------------------ */

static bool set_variant(Engine *e, long long value, const char *text, char *err)
{
    (void)value;
    return engine_set_game(e, text, err);
}

static bool set_hash(Engine *e, long long value, const char *text, char *err)
{
    (void)text;
    if (!tt_resize(&e->tt, (size_t)value)) {
        snprintf(err, ERR_MAX, "cannot allocate a %lld MB hash table; keeping %zu MB", value,
                 e->tt.size_mb);
        return false;
    }
    return true;
}

static bool clear_hash(Engine *e, long long value, const char *text, char *err)
{
    (void)value, (void)text, (void)err;
    tt_clear(&e->tt, e->threads);
    return true;
}

/* The learned evaluations' switch, for every game that has one; the table's stored
 * evaluations came from the other evaluation, so it is cleared. */
static bool set_use_nnue(Engine *e, long long value, const char *text, char *err)
{
    (void)text, (void)err;
    for (int i = 0; i < registry_count(); i++)
        if (registry_game(i)->nnue)
            registry_game(i)->nnue->disabled = !value;
    tt_clear(&e->tt, e->threads);
    return true;
}

/* The current game's net: a file, or "<embedded>"; on error the net in use stays. */
static bool set_eval_file(Engine *e, long long value, const char *text, char *err)
{
    (void)value;
    NnueSlot *slot = e->game->nnue;
    if (!slot && strcmp(text, NNUE_EMBEDDED_NAME) == 0)
        return true; /* the default, which a GUI may send to any game: nothing to load */
    if (!slot) {
        snprintf(err, ERR_MAX, "EvalFile: %s has no learned evaluation", e->game->name);
        return false;
    }
    char reason[NNUE_ERR_MAX];
    if (!nnue_slot_load(slot, text, reason)) {
        snprintf(err, ERR_MAX, "EvalFile %.200s: %s; the net in use stays", text, reason);
        return false;
    }
    tt_clear(&e->tt, e->threads);
    return true;
}

/* Sets a game-declared option (e.g. KnightVariation) of every game that declares it. */
static bool set_game_option(Engine *e, const OptionInfo *info, const char *value, char *err)
{
    int choice = -1;
    for (int c = 0; c < info->choice_count; c++)
        if (strcasecmp(info->choices[c], value) == 0)
            choice = c;
    if (choice < 0) {
        snprintf(err, ERR_MAX, "invalid value '%.64s' for option %s", value, info->name);
        return false;
    }
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        for (int j = 0; j < g->option_count; j++)
            if (strcasecmp(g->options[j].name, info->name) == 0)
                for (int c = 0; c < g->options[j].choice_count; c++)
                    if (strcasecmp(g->options[j].choices[c], value) == 0)
                        e->game_options[i][j] = c;
    }
    return true;
}

int engine_option_count(const Engine *e) { return e->option_count; }
OptionInfo engine_option_info(const Engine *e, int index) { return e->options[index]; }

bool engine_set_option(Engine *e, const char *name, const char *value, char *err)
{
    int index = -1;
    for (int i = 0; i < e->option_count && index < 0; i++)
        if (strcasecmp(e->options[i].name, name) == 0)
            index = i;
    if (index < 0) {
        snprintf(err, ERR_MAX, "unknown option '%.64s'", name);
        return false;
    }
    const OptionInfo *info = &e->options[index];
    const OptionDef *def = index < OPTION_DEF_COUNT ? &OPTIONS[index] : NULL;
    if (info->type != OPTION_BUTTON && !value) {
        snprintf(err, ERR_MAX, "option %s needs a value", info->name);
        return false;
    }
    long long v = 0;
    if (info->type == OPTION_SPIN &&
        (!parse_int(value, LLONG_MIN, LLONG_MAX, &v) || v < info->min || v > info->max)) {
        snprintf(err, ERR_MAX, "invalid value '%.64s' for option %s (%lld..%lld)", value,
                 info->name, info->min, info->max);
        return false;
    }
    if (info->type == OPTION_CHECK) {
        if (strcasecmp(value, "true") != 0 && strcasecmp(value, "false") != 0) {
            snprintf(err, ERR_MAX, "invalid value '%.64s' for option %s (true or false)", value,
                     info->name);
            return false;
        }
        v = strcasecmp(value, "true") == 0;
    }
    if (!def)
        return set_game_option(e, info, value, err);
    if (def->set)
        return def->set(e, v, value, err);
    *(int *)((char *)e + def->field) = (int)v;
    return true;
}

/* ---- results -------------------------------------------------------------------------- */

int engine_no_progress_limit(const Engine *e)
{
    return game_no_progress_limit(e->game, e->no_progress_plies);
}

/* How the current game ended, for `query result`, `d` and `json`. */
GameEnd engine_game_end(const Engine *e)
{
    return game_end(e->game, e->pos, e->keys, e->played, engine_no_progress_limit(e));
}

/* ---- searching ------------------------------------------------------------------------ */

void engine_go(Engine *e, const SearchLimits *limits, SearchReport report)
{
    engine_wait(e);
    pool_set_threads(e->pool, e->threads);
    SearchJob job = {
        .game = e->game,
        .root = e->pos,
        .history = e->keys,
        .history_length = e->played,
        .no_progress_plies = engine_no_progress_limit(e),
        .contempt = e->contempt,
        .skill_handicap = SEARCH_SKILL_FULL - e->skill,
        .limits = *limits,
        .report = report,
    };
    if (!job.limits.multipv)
        job.limits.multipv = e->multipv;
    if (!job.limits.move_overhead)
        job.limits.move_overhead = e->move_overhead;
    pool_start(e->pool, &e->tt, &job);
}

static void perft_move(void *ctx, const char *move, uint64_t nodes)
{
    const PerftReport *r = ctx;
    r->move(r->ctx, move, nodes);
}

static void perft_task(void *arg, const atomic_bool *stop)
{
    Engine *e = arg;
    uint64_t total =
        perft_divide(e->game, e->perft_pos, e->perft_depth, perft_move, &e->perft_report, stop);
    e->perft_report.done(e->perft_report.ctx, total, atomic_load(stop));
}

void engine_perft(Engine *e, int depth, PerftReport report)
{
    engine_wait(e);
    free(e->perft_pos);
    e->perft_pos = xmalloc(e->game->pos_size);
    memcpy(e->perft_pos, e->pos, e->game->pos_size);
    e->perft_depth = depth;
    e->perft_report = report;
    task_thread_start(&e->task, perft_task, e);
}

void engine_run(Engine *e, EngineTask task, void *arg)
{
    engine_wait(e);
    task_thread_start(&e->task, task, arg);
}

/* A search and a task never run together (each starts after engine_wait), so stopping
 * both stops the one that runs. */
void engine_stop(Engine *e)
{
    task_thread_stop(&e->task);
    pool_stop(e->pool);
}

void engine_ponderhit(Engine *e) { pool_ponderhit(e->pool); }

void engine_wait(Engine *e)
{
    task_thread_wait(&e->task);
    pool_wait(e->pool);
}

bool engine_busy(const Engine *e) { return task_thread_busy(&e->task) || pool_busy(e->pool); }
uint64_t engine_nodes(const Engine *e) { return shared_nodes(&e->pool->shared); }

bool engine_waits_for_stop(const Engine *e) { return pool_waits_for_stop(e->pool); }

void engine_lag_reset(Engine *e) { timeman_lag_reset(&e->lag); }

int64_t engine_lag_at_go(Engine *e, const SearchLimits *limits)
{
    return timeman_lag_at_go(&e->lag, limits, e->game->side_to_move(e->pos));
}

void engine_lag_at_bestmove(Engine *e) { timeman_lag_at_bestmove(&e->lag); }
