#include "core/perft.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

uint64_t perft_generic(const Game *game, const void *pos, int depth)
{
    Move moves[MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = game->gen_moves(pos, moves);
    if (depth == 1)
        return (uint64_t)n;
    /* Children live on the heap: positions may be large and depths deep. */
    unsigned char *child = xmalloc(game->pos_size);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        game->make_move(pos, moves[i], child);
        total += perft_generic(game, child, depth - 1);
    }
    free(child);
    return total;
}

/* Below the root: pos is followed by room for a position per ply to come, and the last ply
 * is counted by the game's count_moves, so leaves are neither listed nor made. */
static uint64_t perft_plies(const Game *game, unsigned char *pos, int depth)
{
    Move moves[MAX_MOVES];
    if (depth == 1)
        return game->count_moves ? game->count_moves(pos) : (uint64_t)game->gen_moves(pos, moves);
    int n = game->gen_moves(pos, moves);
    unsigned char *child = pos + game->pos_size;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        game->make_move(pos, moves[i], child);
        total += perft_plies(game, child, depth - 1);
    }
    return total;
}

uint64_t perft(const Game *game, const void *pos, int depth)
{
    if (game->perft)
        return game->perft(pos, depth);
    if (depth <= 0)
        return 1;
    unsigned char *plies = xmalloc((size_t)depth * game->pos_size);
    memcpy(plies, pos, game->pos_size);
    uint64_t total = perft_plies(game, plies, depth);
    free(plies);
    return total;
}

/* Subtrees of at most this many plies are counted in one call to the game's (fast) perft;
 * deeper ones recurse here and look at the stop flag at every node, so that `stop` ends
 * even a perft of depth 30 within one such subtree. */
enum { PERFT_STOP_GRAIN = 4 };

static uint64_t perft_stoppable(const Game *game, const void *pos, int depth,
                                const atomic_bool *stop)
{
    if (depth <= PERFT_STOP_GRAIN || !stop)
        return perft(game, pos, depth);
    Move *moves = xmalloc(sizeof(Move) * MAX_MOVES);
    unsigned char *child = xmalloc(game->pos_size);
    int n = game->gen_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n && !atomic_load(stop); i++) {
        game->make_move(pos, moves[i], child);
        total += perft_stoppable(game, child, depth - 1, stop);
    }
    free(moves);
    free(child);
    return total;
}

uint64_t perft_divide(const Game *game, const void *pos, int depth, PerftDivideFn fn, void *ctx,
                      const atomic_bool *stop)
{
    Move moves[MAX_MOVES];
    char str[MOVE_STR_MAX];
    if (depth <= 0)
        return 1;
    unsigned char *child = xmalloc(game->pos_size);
    int n = game->gen_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n && !(stop && atomic_load(stop)); i++) {
        game->make_move(pos, moves[i], child);
        uint64_t count = perft_stoppable(game, child, depth - 1, stop);
        if (stop && atomic_load(stop))
            break; /* a partial count is no line of the divide */
        game->move_to_str(pos, moves[i], str);
        if (fn)
            fn(ctx, str, count);
        total += count;
    }
    free(child);
    return total;
}
