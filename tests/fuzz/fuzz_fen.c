/*
 * FEN parsing of every game. Input: one byte picks the game, the rest is the FEN text
 * (cut at the first NUL). A rejected FEN must come with a reason; an accepted one must
 * give a position that keeps every invariant (fuzz_check_position), since the protocol
 * lets a GUI search from any FEN the game accepts.
 */
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > FEN_MAX * 2)
        return 0;
    const Game *game = fuzz_game(data[0]);
    char *fen = malloc(size);
    unsigned char *pos = malloc(game->pos_size);
    Move *moves = malloc(sizeof(Move) * MAX_MOVES);
    if (!fen || !pos || !moves)
        abort();
    memcpy(fen, data + 1, size - 1);
    fen[size - 1] = 0;
    char err[256] = "";
    if (game->fen_read(pos, fen, err, sizeof err)) {
        int n = game->gen_moves(pos, moves);
        fuzz_check(n >= 0 && n <= MAX_MOVES, game, "%d moves", n);
        fuzz_check_position(game, pos, moves, n, 1);
        game->result(pos);
    } else {
        fuzz_check(err[0] != 0, game, "FEN rejected without a reason: %s", fen);
        fuzz_check(memchr(err, 0, sizeof err) != NULL, game, "reason unterminated");
    }
    free(fen);
    free(pos);
    free(moves);
    return 0;
}
