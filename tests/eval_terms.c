#include "tests/eval_terms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

int t_eval_term(const Game *game, const char *fen, const char *name, int player)
{
    void *pos = malloc(game->pos_size);
    char terms[4096];
    t_load(game, fen, pos);
    game->eval_terms(pos, terms, sizeof terms);
    free(pos);
    size_t len = strlen(name);
    for (const char *line = terms; line && *line;) {
        int white, black;
        if (strncmp(line, name, len) == 0 && line[len] == ' ' &&
            sscanf(line + len, "%d %d", &white, &black) == 2)
            return player == P1 ? white : black;
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    ck_abort_msg("%s: no term '%s' in:\n%s", game->name, name, terms);
    return 0;
}

void t_eval_mirror_walk(const Game *game, const char *start, int games, int plies,
                        TMirrorFen mirror, int bound)
{
    static Move moves[MAX_MOVES];
    void *pos = malloc(game->pos_size), *mirrored = malloc(game->pos_size),
         *next = malloc(game->pos_size);
    char fen[FEN_MAX], flipped[FEN_MAX], terms[2048];
    uint64_t seed = 5;
    for (int g = 0; g < games; g++) {
        t_load(game, start, pos);
        for (int ply = 0; ply < plies; ply++) {
            game->fen_write(pos, fen, sizeof fen);
            mirror(fen, flipped);
            t_load(game, flipped, mirrored);
            Score e = game->evaluate(pos);
            ck_assert_msg(e == game->evaluate(mirrored), "%s: %d, mirrored %s: %d", fen, e, flipped,
                          game->evaluate(mirrored));
            ck_assert_int_lt(abs(e), bound);
            game->eval_terms(pos, terms, sizeof terms);
            ck_assert(strstr(terms, "total") != NULL);
            int n = game->gen_moves(pos, moves);
            if (n == 0)
                break;
            game->make_move(pos, moves[rng_below(&seed, (uint64_t)n)], next);
            memcpy(pos, next, game->pos_size);
        }
    }
    free(pos);
    free(mirrored);
    free(next);
}
