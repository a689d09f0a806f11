/*
 * The lazy-generation hooks of every game against its gen_moves: over every position of a
 * perft tree from the start position and each bench position (to depth 2, the second ply
 * sampled where the tree is wide), and along random games,
 * - has_legal_move() is gen_moves() > 0;
 * - gen_noisy() and gen_quiet() split gen_moves() exactly: every legal move in one of
 *   them once, nothing else, and is_noisy() says which;
 * - move_is_legal() is true for every legal move and false for everything else tried:
 *   MOVE_NONE, the parent's and the siblings' moves, legal moves with bits flipped and
 *   random values;
 * - no list is longer than max_moves.
 */
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "core/rng.h"
#include "tests/helpers.h"

enum {
    HOOK_TREE_DEPTH = 2,
    HOOK_SECOND_PLY_NODES = 12, /* children of each first-ply node checked at most */
    HOOK_FLIPS_PER_MOVE = 1,    /* single-bit corruptions of each legal move */
    HOOK_FOREIGN_MAX = 24,      /* moves of other positions tried per position */
    HOOK_RANDOM_VALUES = 16,    /* random 64-bit values per position */
    HOOK_GAMES = 4,
    HOOK_GAME_PLIES = 80,
};

typedef struct HookCheck {
    const Game *game;
    uint64_t seed;
    long positions;
    Move *moves, *noisy, *quiet;
} HookCheck;

static int find(const Move *list, int n, Move m)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += list[i] == m;
    return count;
}

static void expect_legal(HookCheck *hc, const void *pos, const Move *moves, int n, Move m,
                         const char *fen)
{
    bool want = m != MOVE_NONE && find(moves, n, m) > 0;
    T_CHECK(hc->game->move_is_legal(pos, m) == want,
            "%s: move_is_legal(%#llx) is %d, gen_moves says %d in %s", hc->game->name,
            (unsigned long long)m, !want, want, fen);
}

/* Checks one position; `foreign` holds moves of other positions (parent, siblings). */
static void check_hooks(HookCheck *hc, const void *pos, const Move *foreign, int foreign_count)
{
    const Game *g = hc->game;
    char fen[FEN_MAX];
    g->fen_write(pos, fen, sizeof fen);
    int n = g->gen_moves(pos, hc->moves);
    int k = g->gen_noisy(pos, hc->noisy);
    int q = g->gen_quiet(pos, hc->quiet);
    T_CHECK(n <= g->max_moves && k <= g->max_moves && q <= g->max_moves,
            "%s: %d/%d/%d moves, max_moves %d in %s", g->name, n, k, q, g->max_moves, fen);
    T_CHECK(g->has_legal_move(pos) == (n > 0), "%s: has_legal_move wrong in %s", g->name, fen);
    T_CHECK(k + q == n, "%s: %d noisy + %d quiet moves, %d legal in %s", g->name, k, q, n, fen);
    for (int i = 0; i < n; i++) {
        Move m = hc->moves[i];
        int in_noisy = find(hc->noisy, k, m), in_quiet = find(hc->quiet, q, m);
        T_CHECK(in_noisy + in_quiet == 1,
                "%s: legal move %#llx is %d times noisy, %d times quiet in %s", g->name,
                (unsigned long long)m, in_noisy, in_quiet, fen);
        T_CHECK(g->is_noisy(pos, m) == (in_noisy == 1), "%s: is_noisy disagrees in %s", g->name,
                fen);
        expect_legal(hc, pos, hc->moves, n, m, fen);
        for (int f = 0; f < HOOK_FLIPS_PER_MOVE; f++)
            expect_legal(hc, pos, hc->moves, n, m ^ 1ULL << rng_below(&hc->seed, 64), fen);
    }
    expect_legal(hc, pos, hc->moves, n, MOVE_NONE, fen);
    int step = foreign_count > HOOK_FOREIGN_MAX ? foreign_count / HOOK_FOREIGN_MAX : 1;
    for (int i = 0; i < foreign_count; i += step)
        expect_legal(hc, pos, hc->moves, n, foreign[i], fen);
    for (int i = 0; i < HOOK_RANDOM_VALUES; i++) {
        Move r = rng_next(&hc->seed);
        expect_legal(hc, pos, hc->moves, n, i & 1 ? r : r & 0xFFFFFF, fen);
    }
    hc->positions++;
}

/* Every node of the tree below `pos` to `depth`; `parent` holds the moves of the parent. */
static void walk(HookCheck *hc, const void *pos, int depth, const Move *parent, int parent_count)
{
    const Game *g = hc->game;
    check_hooks(hc, pos, parent, parent_count);
    if (depth == 0)
        return;
    Move *moves = malloc(sizeof(Move) * (size_t)g->max_moves);
    void *child = malloc(g->pos_size);
    int n = g->gen_moves(pos, moves);
    int step = depth < HOOK_TREE_DEPTH && n > HOOK_SECOND_PLY_NODES ? n / HOOK_SECOND_PLY_NODES : 1;
    for (int i = 0; i < n; i += step) {
        g->make_move(pos, moves[i], child);
        /* the siblings' moves are the parent's list: pass it on */
        walk(hc, child, depth - 1, moves, n);
    }
    free(child);
    free(moves);
}

static void random_games(HookCheck *hc, const char *fen)
{
    const Game *g = hc->game;
    void *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    Move *moves = malloc(sizeof(Move) * (size_t)g->max_moves);
    for (int game = 0; game < HOOK_GAMES; game++) {
        t_load(g, fen, pos);
        int previous = 0;
        for (int ply = 0; ply < HOOK_GAME_PLIES; ply++) {
            check_hooks(hc, pos, moves, previous);
            int n = g->gen_moves(pos, moves);
            if (n == 0)
                break;
            g->make_move(pos, moves[rng_below(&hc->seed, (uint64_t)n)], next);
            memcpy(pos, next, g->pos_size);
            previous = n;
        }
    }
    free(moves);
    free(next);
    free(pos);
}

START_TEST(hooks_agree_with_gen_moves)
{
    const Game *g = registry_game(_i);
    HookCheck hc = {.game = g, .seed = 0x5EA7C4ULL + (uint64_t)_i};
    hc.moves = malloc(sizeof(Move) * MAX_MOVES);
    hc.noisy = malloc(sizeof(Move) * MAX_MOVES);
    hc.quiet = malloc(sizeof(Move) * MAX_MOVES);
    ck_assert(g->max_moves > 0 && g->max_moves <= MAX_MOVES);
    void *pos = malloc(g->pos_size);
    const char *start = game_start_fen(g, NULL);
    t_load(g, start, pos);
    walk(&hc, pos, HOOK_TREE_DEPTH, NULL, 0);
    random_games(&hc, start);
    for (int i = 0; g->bench_fens && g->bench_fens[i]; i++) {
        t_load(g, g->bench_fens[i], pos);
        walk(&hc, pos, HOOK_TREE_DEPTH, NULL, 0);
    }
    ck_assert_msg(hc.positions > 500, "%s: only %ld positions checked", g->name, hc.positions);
    free(pos);
    free(hc.moves);
    free(hc.noisy);
    free(hc.quiet);
}
END_TEST

Suite *hooks_suite(void)
{
    Suite *s = suite_create("hooks");
    TCase *tc = tcase_create("hooks");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, hooks_agree_with_gen_moves, 0, registry_count());
    suite_add_tcase(s, tc);
    return s;
}
