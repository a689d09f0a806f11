#include "tests/search_puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "search/search.h"

typedef struct PuzzleOutcome {
    const Game *game;
    void *root;
    Score score;
    char best[MOVE_STR_MAX];
} PuzzleOutcome;

static void on_info(void *ctx, const SearchInfo *info)
{
    PuzzleOutcome *o = ctx;
    if (info->multipv == 1)
        o->score = info->score;
}

static void on_bestmove(void *ctx, Move best, Move ponder)
{
    PuzzleOutcome *o = ctx;
    (void)ponder;
    game_move_text(o->game, o->root, best, o->best);
}

bool t_move_wins_within(const Game *g, const char *fen, const char *move, int plies)
{
    void *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    t_load(g, fen, pos);
    Move m = g->parse_move(pos, move);
    bool wins = m != MOVE_NONE;
    if (wins) {
        g->make_move(pos, m, next);
        wins = t_defender_loses(g, next, plies - 1);
    }
    free(next);
    free(pos);
    return wins;
}

void t_search_finds_win(const char *game, const char *fen, int plies, const char *winning)
{
    const Game *g = t_game(game);
    ck_assert_msg(t_forced_win_plies(g, fen, plies) == plies,
                  "%s: %s is not a forced win in exactly %d plies", game, fen, plies);
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert_msg(engine_set_game(e, game, err), "%s", err);
    ck_assert_msg(engine_set_position(e, fen, NULL, 0, err), "%s", err);
    PuzzleOutcome o = {.game = g, .root = malloc(g->pos_size), .score = SCORE_NONE};
    memcpy(o.root, engine_position(e), g->pos_size);
    SearchLimits limits = {.depth = plies + 4, .time = {-1, -1}, .multipv = 1};
    engine_go(e, &limits, (SearchReport){&o, on_info, on_bestmove, NULL});
    engine_wait(e);
    engine_destroy(e);
    free(o.root);
    ck_assert_msg(o.score == score_win_in(plies), "%s: %s: score %d, expected a win in %d plies",
                  game, fen, o.score, plies);
    ck_assert_msg(t_move_wins_within(g, fen, o.best, plies), "%s: %s: %s does not win in %d", game,
                  fen, o.best, plies);
    if (winning) {
        char padded_best[MOVE_STR_MAX + 2], padded_list[1024];
        snprintf(padded_best, sizeof padded_best, " %s ", o.best);
        snprintf(padded_list, sizeof padded_list, " %s ", winning);
        ck_assert_msg(strstr(padded_list, padded_best) != NULL, "%s: %s: played %s, not one of %s",
                      game, fen, o.best, winning);
    }
}
