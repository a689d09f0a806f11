#include "match/match_openings.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/util.h"

/* Decorrelates the per-opening generators of neighbouring indexes. */
static const uint64_t OPENING_STREAM = 0xD1B54A32D192ED03ULL;

static void add_fen(OpeningBook *book, const char *fen)
{
    book->fens = xrealloc(book->fens, sizeof *book->fens * (size_t)(book->count + 1));
    book->fens[book->count] = xstrdup(fen);
    book->count++;
}

/* True when the position has no game left to play (a result, or no legal move). */
static bool finished(const Game *g, const void *pos)
{
    GameOverReason why;
    return game_over(g, pos, NULL, 0, 0, &why) != RESULT_NONE;
}

bool openings_read(OpeningBook *book, const Game *game, FILE *in, const char *name, char *err,
                   size_t err_size)
{
    unsigned char *pos = malloc(game->pos_size);
    char *line = NULL, reason[256];
    size_t cap = 0;
    ssize_t len;
    int line_no = 0;
    bool ok = true;
    if (!pos)
        abort();
    while (ok && (len = getline(&line, &cap, in)) >= 0) {
        line_no++;
        while (len > 0 && isspace((unsigned char)line[len - 1]))
            line[--len] = 0;
        char *fen = line;
        while (isspace((unsigned char)*fen))
            fen++;
        if (!*fen || *fen == '#')
            continue;
        reason[0] = 0;
        if (strlen(fen) >= FEN_MAX) {
            snprintf(err, err_size, "%s:%d: FEN longer than %d bytes", name, line_no, FEN_MAX - 1);
            ok = false;
        } else if (!game->fen_read(pos, fen, reason, sizeof reason)) {
            snprintf(err, err_size, "%s:%d: invalid %s FEN '%.100s': %s", name, line_no, game->name,
                     fen, reason);
            ok = false;
        } else if (finished(game, pos)) {
            snprintf(err, err_size, "%s:%d: the game is already over in '%.100s'", name, line_no,
                     fen);
            ok = false;
        } else {
            add_fen(book, fen);
        }
    }
    if (ok && book->count == 0) {
        snprintf(err, err_size, "%s: no FEN in the file", name);
        ok = false;
    }
    free(line);
    free(pos);
    return ok;
}

bool openings_open(OpeningBook *book, const MatchConfig *config, char *err, size_t err_size)
{
    *book = (OpeningBook){.game = config->game,
                          .source = config->openings,
                          .plies = config->random_plies,
                          .depth = config->balance_depth,
                          .seed = config->seed};
    pthread_mutex_init(&book->lock, NULL);
    book->margin =
        config->balance_margin >= 0 ? config->balance_margin : config->game->params.margin_unit;
    if (book->source == OPENINGS_FILE) {
        FILE *in = fopen(config->openings_file, "r");
        if (!in) {
            snprintf(err, err_size, "cannot read openings file '%s'", config->openings_file);
            openings_close(book);
            return false;
        }
        bool ok = openings_read(book, config->game, in, config->openings_file, err, err_size);
        fclose(in);
        if (!ok)
            openings_close(book);
        return ok;
    }
    if (book->source == OPENINGS_RANDOM) {
        char why[ERR_MAX];
        book->judge = engine_create();
        if (!engine_set_game(book->judge, config->game->name, why) ||
            !engine_set_option(book->judge, "Hash", "1", why)) {
            snprintf(err, err_size, "cannot prepare random openings: %s", why);
            openings_close(book);
            return false;
        }
    }
    return true;
}

typedef struct JudgeReport {
    Score score;
} JudgeReport;

static void judge_info(void *ctx, const SearchInfo *info)
{
    if (info->multipv == 1)
        ((JudgeReport *)ctx)->score = info->score;
}

static void judge_bestmove(void *ctx, Move best, Move ponder)
{
    (void)ctx, (void)best, (void)ponder;
}

/* The search's score of `fen` for the side to move. */
static Score judge(OpeningBook *book, const char *fen)
{
    char err[ERR_MAX];
    Engine *e = book->judge;
    if (!engine_set_position(e, fen, NULL, 0, err))
        return SCORE_WIN;
    engine_new_game(e);
    JudgeReport report = {0};
    SearchLimits limits = {.depth = book->depth, .time = {-1, -1}, .multipv = 1};
    engine_go(e, &limits, (SearchReport){&report, judge_info, judge_bestmove, NULL});
    engine_wait(e);
    return report.score;
}

/* One random walk of book->plies moves; false if the game ends on the way. */
static bool random_walk(const Game *g, uint64_t *rng, int plies, unsigned char *pos,
                        unsigned char *next)
{
    Move moves[MAX_MOVES];
    for (int ply = 0; ply < plies; ply++) {
        if (g->result(pos) != RESULT_NONE)
            return false;
        int n = g->gen_moves(pos, moves);
        if (n == 0)
            return false;
        g->make_move(pos, moves[rng_below(rng, (uint64_t)n)], next);
        memcpy(pos, next, g->pos_size);
    }
    return !finished(g, pos);
}

static void make_random_opening(OpeningBook *book, int index, char *fen)
{
    const Game *g = book->game;
    unsigned char *pos = xmalloc(g->pos_size), *next = xmalloc(g->pos_size);
    char err[256], candidate[FEN_MAX];
    uint64_t rng = book->seed ^ ((uint64_t)index + 1) * OPENING_STREAM;
    Score best = SCORE_INFINITE;
    snprintf(fen, FEN_MAX, "%s", game_start_fen(g, NULL));
    for (int attempt = 0; attempt < OPENINGS_TRIES; attempt++) {
        if (!g->fen_read(pos, game_start_fen(g, NULL), err, sizeof err))
            break;
        if (!random_walk(g, &rng, book->plies, pos, next))
            continue;
        g->fen_write(pos, candidate, sizeof candidate);
        Score score = judge(book, candidate);
        Score size = score < 0 ? -score : score;
        if (score_is_win(score) || size >= best)
            continue;
        best = size;
        snprintf(fen, FEN_MAX, "%s", candidate);
        if (size <= book->margin)
            break;
    }
    free(pos);
    free(next);
}

void openings_get(OpeningBook *book, int index, char *fen)
{
    if (book->source == OPENINGS_STARTPOS) {
        snprintf(fen, FEN_MAX, "%s", game_start_fen(book->game, NULL));
        return;
    }
    if (book->source == OPENINGS_FILE) {
        snprintf(fen, FEN_MAX, "%s", book->fens[index % book->count]);
        return;
    }
    /* Random openings are made under the lock in index order, whichever thread asks, so
     * opening k is the same at any concurrency; the cache keeps pairs identical. */
    pthread_mutex_lock(&book->lock);
    while (book->count <= index) {
        char made[FEN_MAX];
        make_random_opening(book, book->count, made);
        add_fen(book, made);
    }
    snprintf(fen, FEN_MAX, "%s", book->fens[index]);
    pthread_mutex_unlock(&book->lock);
}

void openings_close(OpeningBook *book)
{
    for (int i = 0; i < book->count; i++)
        free(book->fens[i]);
    free(book->fens);
    if (book->judge)
        engine_destroy(book->judge);
    pthread_mutex_destroy(&book->lock);
    *book = (OpeningBook){0};
}
