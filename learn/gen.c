/*
 * `wyrm gen`: training data from self-play.
 *
 * Each game opens with random legal plies (from its own seed, derived from -seed and the
 * game's number), then both sides play the engine's choice at a node or depth limit, one
 * search thread per worker and a fresh table per game, so a game depends on its seed
 * only. Positions are kept when they are quiet: the score is exact and not a decided win,
 * the best move is not noisy, and no compulsory capture is pending. When the game ends,
 * its result is written with each kept position, from that position's side to move.
 * Workers play games in parallel and the games are written in their numbers' order, so
 * the file is the same for a seed whatever the number of workers.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/util.h"
#include "learn/args.h"
#include "learn/data.h"
#include "learn/learn.h"

enum {
    GEN_PROGRESS_MS = 5000,
    GEN_HASH_MB = 4,
    GEN_ERR_MAX = 512,
};

typedef struct GenConfig {
    long long games, nodes, depth, random_plies, seed, workers, max_plies, hash;
    const char *out, *evalfile;
    bool nnue;
} GenConfig;

/* One finished game's records, waiting for its turn to be written. */
typedef struct GenBuffer {
    char *bytes;
    size_t length, capacity;
    long positions;
    bool ready;
} GenBuffer;

typedef struct Gen {
    const Game *game;
    const char *start_fen;
    GenConfig config;
    FILE *out;
    pthread_mutex_t lock;
    pthread_cond_t progress;
    long long next_game, written;
    long long positions;
    int workers_left;
    bool write_failed;
    GenBuffer *buffers;
} Gen;

/* What a search reported, for the kept-position test. */
typedef struct GenSearch {
    Score score;
    InfoBound bound;
    bool scored;
    Move best;
} GenSearch;

static void on_info(void *ctx, const SearchInfo *info)
{
    GenSearch *s = ctx;
    if (info->multipv != 1)
        return;
    s->score = info->score;
    s->bound = info->bound;
    s->scored = true;
}

static void on_bestmove(void *ctx, Move best, Move ponder)
{
    (void)ponder;
    ((GenSearch *)ctx)->best = best;
}

static void buffer_add(GenBuffer *b, const void *data, size_t n)
{
    if (b->length + n > b->capacity) {
        b->capacity = (b->length + n) * 2;
        b->bytes = xrealloc(b->bytes, b->capacity);
    }
    memcpy(b->bytes + b->length, data, n);
    b->length += n;
}

/* A kept position before the game's end is known. */
typedef struct GenKept {
    char fen[DATA_FEN_MAX + 1];
    int score, side;
} GenKept;

static bool keep_position(const Game *g, const void *pos, const GenSearch *s, Move *scratch)
{
    if (!s->scored || s->bound != INFO_EXACT || s->score >= SCORE_WIN_BOUND ||
        s->score <= -SCORE_WIN_BOUND || s->best == MOVE_NONE)
        return false;
    if (g->is_noisy(pos, s->best))
        return false;
    return !(g->params.noisy_forced && g->gen_noisy(pos, scratch) > 0);
}

/* Plays game `number` on `engine` into `out`. */
static void play_game(Gen *gen, Engine *engine, long long number, GenBuffer *out)
{
    const Game *g = gen->game;
    const GenConfig *c = &gen->config;
    uint64_t rng = (uint64_t)c->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)number;
    rng_next(&rng);
    size_t cap = (size_t)c->max_plies + 1;
    char(*texts)[MOVE_STR_MAX] = xmalloc(cap * sizeof *texts);
    const char **moves = xmalloc(cap * sizeof *moves);
    Move *list = xmalloc(sizeof(Move) * (size_t)g->max_moves);
    GenKept *kept = xmalloc(cap * sizeof *kept);
    char err[ERR_MAX];
    int played = 0, kept_count = 0, winner = -1;
    engine_new_game(engine);
    for (;;) {
        if (!engine_set_position(engine, gen->start_fen, moves, played, err)) {
            fprintf(stderr, "gen: game %lld: %s\n", number, err);
            abort(); /* the engine's own moves are legal: a rules fault */
        }
        GameEnd end = engine_game_end(engine);
        if (end.result != RESULT_NONE) {
            winner = end.winner;
            break;
        }
        if (played >= c->max_plies)
            break; /* a draw */
        const void *pos = engine_position(engine);
        Move move;
        if (played < c->random_plies) {
            int n = g->gen_moves(pos, list);
            move = list[rng_below(&rng, (uint64_t)n)];
        } else {
            GenSearch s = {0, INFO_EXACT, false, MOVE_NONE};
            SearchLimits limits = {.depth = (int)c->depth,
                                   .nodes = (uint64_t)c->nodes,
                                   .time = {-1, -1},
                                   .multipv = 1};
            engine_go(engine, &limits, (SearchReport){&s, on_info, on_bestmove, NULL});
            engine_wait(engine);
            move = s.best;
            if (keep_position(g, pos, &s, list)) {
                GenKept *k = &kept[kept_count++];
                g->fen_write(pos, k->fen, sizeof k->fen);
                k->score = s.score;
                k->side = g->side_to_move(pos);
            }
        }
        g->move_to_str(pos, move, texts[played]);
        moves[played] = texts[played];
        played++;
    }
    for (int i = 0; i < kept_count; i++) {
        DataResult r = winner < 0 ? DATA_DRAW : winner == kept[i].side ? DATA_WIN : DATA_LOSS;
        unsigned char record[DATA_RECORD_MAX];
        buffer_add(out, record, data_encode(record, kept[i].fen, kept[i].score, r));
    }
    out->positions = kept_count;
    free(texts);
    free(moves);
    free(list);
    free(kept);
}

/* Writes every finished game whose turn has come (lock held). */
static void flush_ready(Gen *gen)
{
    while (gen->written < gen->config.games && gen->buffers[gen->written].ready) {
        GenBuffer *b = &gen->buffers[gen->written];
        if (b->length && fwrite(b->bytes, 1, b->length, gen->out) != b->length)
            gen->write_failed = true;
        gen->positions += b->positions;
        free(b->bytes);
        b->bytes = NULL;
        gen->written++;
    }
}

static void *worker(void *arg)
{
    Gen *gen = arg;
    Engine *engine = engine_create();
    char err[ERR_MAX], hash[32];
    snprintf(hash, sizeof hash, "%lld", gen->config.hash);
    if (!engine_set_game(engine, gen->game->name, err) ||
        !engine_set_option(engine, "Hash", hash, err) ||
        !engine_set_option(engine, "Contempt", "0", err)) {
        fprintf(stderr, "gen: %s\n", err);
        abort();
    }
    for (;;) {
        pthread_mutex_lock(&gen->lock);
        long long number = gen->next_game < gen->config.games ? gen->next_game++ : -1;
        pthread_mutex_unlock(&gen->lock);
        if (number < 0)
            break;
        GenBuffer b = {0};
        play_game(gen, engine, number, &b);
        pthread_mutex_lock(&gen->lock);
        b.ready = true;
        gen->buffers[number] = b;
        flush_ready(gen);
        pthread_mutex_unlock(&gen->lock);
    }
    engine_destroy(engine);
    pthread_mutex_lock(&gen->lock);
    gen->workers_left--;
    pthread_cond_signal(&gen->progress);
    pthread_mutex_unlock(&gen->lock);
    return NULL;
}

static void report(Gen *gen, int64_t start)
{
    double seconds = (double)(clock_now_ms() - start) / 1000.0;
    long long done = gen->written, total = gen->config.games;
    double left = done ? seconds * (double)(total - done) / (double)done : 0;
    fprintf(stderr, "gen: games %lld/%lld, positions %lld, %.0f positions/s, %.0f s left\n", done,
            total, gen->positions, seconds > 0 ? (double)gen->positions / seconds : 0.0, left);
}

/* The evaluation every worker plays with: the engine's options, set once here before the
 * workers start (the net is shared by every engine of the process). */
static bool set_evaluation(Engine *engine, const char *evalfile, bool nnue, char *err)
{
    char reason[ERR_MAX];
    if ((evalfile && !engine_set_option(engine, "EvalFile", evalfile, reason)) ||
        !engine_set_option(engine, "Use NNUE", nnue ? "true" : "false", reason)) {
        snprintf(err, GEN_ERR_MAX, "%s", reason);
        fprintf(stderr, "gen: %s\n", reason);
        return false;
    }
    return true;
}

int gen_main(int argc, const char *const *argv, Engine *engine)
{
    GenConfig c = {.games = 100,
                   .nodes = 5000,
                   .depth = 0,
                   .random_plies = 8,
                   .seed = 1,
                   .workers = 1,
                   .max_plies = 1000,
                   .hash = GEN_HASH_MB,
                   .out = NULL,
                   .evalfile = NULL,
                   .nnue = true};
    const ArgDef defs[] = {
        {"out", ARG_TEXT, &c.out, 0, 0, "data file to append to (required)"},
        {"games", ARG_INT, &c.games, 1, 1e7, "games to play"},
        {"nodes", ARG_INT, &c.nodes, 0, 1e12, "nodes per move (0: none)"},
        {"depth", ARG_INT, &c.depth, 0, MAX_PLY - 1, "depth per move (0: none)"},
        {"random-plies", ARG_INT, &c.random_plies, 0, 1000, "random plies that open each game"},
        {"seed", ARG_INT, &c.seed, 0, 9e18, "seed of the random openings"},
        {"workers", ARG_INT, &c.workers, 1, 256, "games played at once"},
        {"max-plies", ARG_INT, &c.max_plies, 1, 100000, "plies after which a game is drawn"},
        {"hash", ARG_INT, &c.hash, 1, 4096, "table size per worker, MB"},
        {"evalfile", ARG_TEXT, &c.evalfile, 0, 0, "net to play with (default: the built-in)"},
        {"nnue", ARG_BOOL, &c.nnue, 0, 0, "play with the net (false: hand-written)"},
    };
    const ArgCommand command = {
        "gen", "Self-play games of the game chosen with -v, writing scored quiet positions.", defs,
        (int)(sizeof defs / sizeof defs[0])};
    int status = args_read(&command, argc, argv);
    if (status != ARGS_RUN)
        return status;
    if (!c.out || (!c.nodes && !c.depth))
        return args_reject(&command, !c.out ? "-out is required" : "give -nodes or -depth");
    char err[GEN_ERR_MAX] = "";
    if (!set_evaluation(engine, c.evalfile, c.nnue, err))
        return 1;
    Gen gen = {.game = engine_game(engine), .config = c};
    gen.start_fen = game_start_fen(gen.game, NULL);
    char data_err[DATA_ERR_MAX];
    gen.out = data_append(c.out, gen.game->name, data_err);
    if (!gen.out) {
        fprintf(stderr, "gen: %s\n", data_err);
        return 1;
    }
    gen.buffers = xcalloc((size_t)c.games, sizeof *gen.buffers);
    pthread_mutex_init(&gen.lock, NULL);
    pthread_cond_init(&gen.progress, NULL);
    gen.workers_left = (int)c.workers;
    pthread_t *threads = xmalloc(sizeof(pthread_t) * (size_t)c.workers);
    int64_t start = clock_now_ms();
    for (int i = 0; i < c.workers; i++)
        if (pthread_create(&threads[i], NULL, worker, &gen) != 0)
            abort();
    pthread_mutex_lock(&gen.lock);
    while (gen.workers_left > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += GEN_PROGRESS_MS / 1000;
        pthread_cond_timedwait(&gen.progress, &gen.lock, &until);
        report(&gen, start);
    }
    pthread_mutex_unlock(&gen.lock);
    for (int i = 0; i < c.workers; i++)
        pthread_join(threads[i], NULL);
    bool failed = gen.write_failed || fclose(gen.out) != 0;
    free(threads);
    free(gen.buffers);
    pthread_mutex_destroy(&gen.lock);
    pthread_cond_destroy(&gen.progress);
    if (failed) {
        fprintf(stderr, "gen: writing %s failed\n", c.out);
        return 1;
    }
    return 0;
}
