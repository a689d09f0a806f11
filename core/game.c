#include "core/game.h"

#include <stdio.h>
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

bool game_move_in_list(const void *pos, Move move, int (*gen)(const void *pos, Move *moves))
{
    Move moves[MAX_MOVES];
    if (move == MOVE_NONE)
        return false;
    int n = gen(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

void game_move_text(const Game *game, const void *pos, Move move, char *buf)
{
    if (move == MOVE_NONE)
        snprintf(buf, MOVE_STR_MAX, "0000");
    else
        game->move_to_str(pos, move, buf);
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

Result game_over(const Game *game, const void *pos, const uint64_t *history, int history_length,
                 int no_progress_plies, GameOverReason *why)
{
    Result r = game->result(pos);
    if (r != RESULT_NONE) {
        *why = GAME_OVER_RULES;
        return r;
    }
    Move moves[MAX_MOVES];
    if (game->gen_moves(pos, moves) == 0) {
        *why = GAME_OVER_NO_MOVES;
        return game->no_moves_result;
    }
    int halfmove = game->halfmove_clock(pos);
    if (no_progress_plies && halfmove >= no_progress_plies) {
        *why = GAME_OVER_NO_PROGRESS;
        return RESULT_DRAW;
    }
    uint64_t key = game_repetition_key(game, pos);
    int window = game_repetition_plies(game, pos), repeats = 0;
    for (int i = history_length - 2; i >= 0 && i >= history_length - window; i -= 2)
        repeats += history[i] == key;
    *why = repeats >= 2 ? GAME_OVER_REPETITION : GAME_GOES_ON;
    return repeats >= 2 ? RESULT_DRAW : RESULT_NONE;
}

const char *game_over_reason_name(GameOverReason why)
{
    static const char *const names[] = {NULL, "rules", "no legal move", "no progress",
                                        "threefold repetition"};
    return why >= GAME_GOES_ON && why <= GAME_OVER_REPETITION ? names[why] : NULL;
}

GameEnd game_end(const Game *game, const void *pos, const uint64_t *history, int history_length,
                 int no_progress_plies)
{
    GameEnd end = {RESULT_NONE, -1, NULL, GAME_GOES_ON};
    end.result = game_over(game, pos, history, history_length, no_progress_plies, &end.why);
    end.reason = game_over_reason_name(end.why);
    int side = game->side_to_move(pos);
    if (end.result == RESULT_WIN)
        end.winner = side;
    else if (end.result == RESULT_LOSS)
        end.winner = !side;
    return end;
}

int game_no_progress_limit(const Game *game, int setting)
{
    return game->no_progress_plies ? game->no_progress_plies : setting;
}
