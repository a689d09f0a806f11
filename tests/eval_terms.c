#include "tests/eval_terms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
