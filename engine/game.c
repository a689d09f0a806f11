#include "engine/game.h"

#include <string.h>

const char *game_start_fen(const Game *game, const int *option_values)
{
    if (game->start_fen_for) {
        int defaults[16];
        if (!option_values) {
            for (int i = 0; i < game->option_count && i < 16; i++)
                defaults[i] = game->options[i].default_choice;
            option_values = defaults;
        }
        return game->start_fen_for(option_values);
    }
    return game->start_fen;
}

Move game_find_move_by_string(const Game *game, const void *pos, const char *str)
{
    Move moves[MAX_MOVES];
    char buf[MOVE_STR_MAX];
    int n = game->gen_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        game->move_to_str(pos, moves[i], buf);
        if (strcmp(buf, str) == 0)
            return moves[i];
    }
    return MOVE_NONE;
}
