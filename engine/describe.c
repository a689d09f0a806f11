#include "engine/describe.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void describe_side(const Game *game, int side, char *buf, size_t size)
{
    snprintf(buf, size, "%s", game->side_names[side]);
    if (buf[0])
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

void describe_grid_cell(DescCell *cell, int file, int rank)
{
    *cell = (DescCell){.x = file, .y = rank, .w = 1, .h = 1, .kind = "square", .shade = -1};
    snprintf(cell->name, sizeof cell->name, "%c%d", (char)('a' + file % 26), (rank + 1) % 100);
}

void describe_verdict(const Game *game, const void *pos, GameOverReason why, int winner,
                      int no_progress_plies, Verdict *v)
{
    char win[32], lose[32], mover[32];
    memset(v, 0, sizeof *v);
    v->winner = winner;
    describe_side(game, winner >= 0 ? winner : P1, win, sizeof win);
    describe_side(game, winner >= 0 ? !winner : P2, lose, sizeof lose);
    describe_side(game, game->side_to_move(pos), mover, sizeof mover);
    switch (why) {
    case GAME_OVER_NO_MOVES:
        snprintf(v->reason, sizeof v->reason, "no legal move");
        if (winner >= 0)
            snprintf(v->text, sizeof v->text, "%s wins: %s has no legal move", win, lose);
        else
            snprintf(v->text, sizeof v->text, "Draw: %s has no legal move", mover);
        break;
    case GAME_OVER_NO_PROGRESS:
        snprintf(v->reason, sizeof v->reason, "no progress");
        snprintf(v->text, sizeof v->text, "Draw: %d plies without progress", no_progress_plies);
        break;
    case GAME_OVER_REPETITION:
        snprintf(v->reason, sizeof v->reason, "threefold repetition");
        snprintf(v->text, sizeof v->text, "Draw by threefold repetition");
        break;
    default:
        snprintf(v->reason, sizeof v->reason, "rules");
        if (winner >= 0)
            snprintf(v->text, sizeof v->text, "%s wins", win);
        else
            snprintf(v->text, sizeof v->text, "Draw");
        break;
    }
    game->describe->verdict(pos, why, v);
}
