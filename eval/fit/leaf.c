/*
 * fit-leaf GAME: reads one FEN per line and prints the position where a capture search
 * from it ends (alpha-beta over the game's noisy moves with the static evaluation,
 * standing pat unless the game makes captures compulsory), as "FEN|plies", or
 * "end|plies" when the line reaches a finished game and "error|0" for a FEN the game
 * rejects. eval/fit/bt_fit.py evaluates its terms there, so that positions with
 * captures pending can be fitted too.
 */
#include <stdio.h>
#include <string.h>

#include "core/registry.h"

enum { LEAF_MAX_PLY = 16, LEAF_FEN_MAX = 512, LEAF_POS_MAX = 4096 };

typedef struct Leaf {
    char fen[LEAF_FEN_MAX];
    int plies;
} Leaf;

static Score capture_search(const Game *g, const void *pos, int ply, Score alpha, Score beta,
                            Leaf *leaf)
{
    Move moves[MAX_MOVES];
    unsigned char child[LEAF_POS_MAX];
    int n = g->gen_noisy(pos, moves);
    /* where captures are compulsory there is no standing pat while one exists */
    bool forced = g->params.noisy_forced && n > 0 && ply < LEAF_MAX_PLY;
    Score best = forced ? -SCORE_INFINITE : score_clamp_eval(g->evaluate(pos));
    g->fen_write(pos, leaf->fen, sizeof leaf->fen);
    leaf->plies = ply;
    if (best >= beta || ply >= LEAF_MAX_PLY)
        return best;
    if (best > alpha)
        alpha = best;
    for (int i = 0; i < n && alpha < beta; i++) {
        Leaf sub;
        Score s;
        g->make_move(pos, moves[i], child);
        if (g->result(child) != RESULT_NONE) {
            s = SCORE_WIN;
            snprintf(sub.fen, sizeof sub.fen, "end");
            sub.plies = ply + 1;
        } else {
            s = -capture_search(g, child, ply + 1, -beta, -alpha, &sub);
        }
        if (s > best) {
            best = s;
            *leaf = sub;
        }
        if (s > alpha)
            alpha = s;
    }
    return best;
}

int main(int argc, char **argv)
{
    registry_init();
    const Game *g = argc == 2 ? registry_find(argv[1]) : NULL;
    if (!g || g->pos_size > LEAF_POS_MAX) {
        fprintf(stderr, "usage: fit-leaf GAME (one FEN per line on stdin)\n");
        return 2;
    }
    char line[LEAF_FEN_MAX], err[256];
    unsigned char pos[LEAF_POS_MAX];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        Leaf leaf = {"error", 0};
        if (g->fen_read(pos, line, err, sizeof err) && g->result(pos) == RESULT_NONE)
            capture_search(g, pos, 0, -SCORE_INFINITE, SCORE_INFINITE, &leaf);
        printf("%s|%d\n", leaf.fen, leaf.plies);
        fflush(stdout);
    }
    return 0;
}
