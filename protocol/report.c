/*
 * What a search started by `go` reports, as text: `info` lines with the principal variation
 * in the game's notation, `info currmove`, and the one `bestmove`. Moves are written on
 * the engine's position, which is the search's root: nothing that changes it runs before
 * the search has reported its end (queue.c).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "protocol/session.h"

static void format_pv(Protocol *p, const Move *pv, int n, char *buf, size_t size)
{
    const Game *g = engine_game(p->engine);
    unsigned char *pos = xmalloc(g->pos_size), *next = xmalloc(g->pos_size);
    memcpy(pos, engine_position(p->engine), g->pos_size);
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + MOVE_STR_MAX + 1 < size; i++) {
        char move[MOVE_STR_MAX];
        g->move_to_str(pos, pv[i], move);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", move);
        g->make_move(pos, pv[i], next);
        memcpy(pos, next, g->pos_size);
    }
    free(pos);
    free(next);
}

static void report_info(void *ctx, const SearchInfo *info)
{
    Protocol *p = ctx;
    char pv[MAX_PLY * (MOVE_STR_MAX + 1)], score[64];
    format_pv(p, info->pv, info->pv_length, pv, sizeof pv);
    if (score_is_win(info->score))
        snprintf(score, sizeof score, "mate %d", score_mate_moves(info->score));
    else
        snprintf(score, sizeof score, "cp %d", (int)info->score);
    const char *bound = info->bound == INFO_LOWER   ? " lowerbound"
                        : info->bound == INFO_UPPER ? " upperbound"
                                                    : "";
    output_line(p->out,
                "info depth %d seldepth %d multipv %d score %s%s nodes %" PRIu64 " nps %" PRIu64
                " hashfull %d time %" PRId64 " pv %s",
                info->depth, info->seldepth, info->multipv, score, bound, info->nodes, info->nps,
                info->hashfull, info->time_ms, pv);
}

static void report_currmove(void *ctx, int depth, Move move, int number)
{
    Protocol *p = ctx;
    char text[MOVE_STR_MAX];
    engine_game(p->engine)->move_to_str(engine_position(p->engine), move, text);
    output_line(p->out, "info depth %d currmove %s currmovenumber %d", depth, text, number);
}

void report_bestmove(void *ctx, Move best, Move ponder)
{
    Protocol *p = ctx;
    const Game *g = engine_game(p->engine);
    const void *root = engine_position(p->engine);
    engine_lag_at_bestmove(p->engine);
    char best_str[MOVE_STR_MAX], ponder_str[MOVE_STR_MAX] = "";
    game_move_text(g, root, best, best_str);
    if (best != MOVE_NONE && ponder != MOVE_NONE && p->dialect != DIALECT_UGI) {
        unsigned char *next = xmalloc(g->pos_size);
        g->make_move(root, best, next);
        g->move_to_str(next, ponder, ponder_str);
        free(next);
    }
    /* The end is marked before the line goes out: a GUI that answers `bestmove` with
     * `position` and then `json` must find the position set, not queued behind a search
     * that is only winding down. */
    job_ended(p);
    if (ponder_str[0])
        output_line(p->out, "bestmove %s ponder %s", best_str, ponder_str);
    else
        output_line(p->out, "bestmove %s", best_str);
}

SearchReport report_callbacks(Protocol *p)
{
    return (SearchReport){p, report_info, report_bestmove, report_currmove};
}
