#include "tests/fuzz/fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/describe.h"
#include "core/registry.h"

enum { START_OPTIONS_MAX = 16 }; /* as game_start_fen allows */

void fuzz_check(bool ok, const Game *game, const char *fmt, ...)
{
    if (ok)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fuzz: %s: ", game ? game->name : "-");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

const Game *fuzz_game(uint8_t byte)
{
    registry_init();
    return registry_game(byte % registry_count());
}

void fuzz_start_position(const Game *game, uint8_t byte, void *pos)
{
    int bench_count = 0;
    while (game->bench_fens && game->bench_fens[bench_count])
        bench_count++;
    int pick = byte % (1 + bench_count);
    const char *fen = pick > 0 ? game->bench_fens[pick - 1] : NULL;
    if (!fen) {
        /* Each option takes a choice from the byte's higher bits. */
        int values[START_OPTIONS_MAX] = {0};
        unsigned bits = byte >> 4;
        for (int i = 0; i < game->option_count && i < START_OPTIONS_MAX; i++) {
            values[i] = (int)(bits % (unsigned)game->options[i].choice_count);
            bits /= (unsigned)game->options[i].choice_count;
        }
        fen = game_start_fen(game, game->option_count ? values : NULL);
    }
    char err[256] = "";
    fuzz_check(game->fen_read(pos, fen, err, sizeof err), game, "start FEN %s rejected: %s", fen,
               err);
}

/* What `json` prints must name real cells: every piece's cell, and every move's origin,
 * destination, path (from origin to destination), captures and conversions. */
static void check_description(const Game *game, const void *pos, const Move *moves, int count,
                              const char *fen)
{
    const GameDescription *d = game->describe;
    DescCell *cells = malloc(sizeof *cells * DESCRIBE_CELLS_MAX);
    DescPiece *pieces = malloc(sizeof *pieces * DESCRIBE_PIECES_MAX);
    if (!cells || !pieces)
        abort();
    int n = d->cells(cells), k = d->pieces(pos, pieces);
    fuzz_check(n > 0 && n <= DESCRIBE_CELLS_MAX, game, "%d cells", n);
    fuzz_check(k >= 0 && k <= DESCRIBE_PIECES_MAX, game, "%d pieces in %s", k, fen);
    for (int i = 0; i < k; i++)
        fuzz_check(pieces[i].cell >= 0 && pieces[i].cell < n && pieces[i].label[0], game,
                   "piece %d on no cell in %s", i, fen);
    for (int i = 0; i < count; i++) {
        DescMove m;
        memset(&m, 0, sizeof m);
        d->move(pos, moves[i], &m);
        bool ok = m.from >= 0 && m.from < n && m.to >= 0 && m.to < n && m.path_length > 0 &&
                  m.path[0] == m.from && m.path[m.path_length - 1] == m.to;
        for (int j = 0; j < m.path_length; j++)
            ok &= m.path[j] >= 0 && m.path[j] < n;
        for (int j = 0; j < m.captured_count; j++)
            ok &= m.captured[j] >= 0 && m.captured[j] < n;
        for (int j = 0; j < m.converted_count; j++)
            ok &= m.converted[j] >= 0 && m.converted[j] < n;
        fuzz_check(ok, game, "move %d described with bad cells in %s", i, fen);
    }
    free(cells);
    free(pieces);
}

void fuzz_check_position(const Game *game, const void *pos, const Move *moves, int count,
                         int string_stride)
{
    char fen[FEN_MAX], fen2[FEN_MAX], err[256] = "", str[MOVE_STR_MAX];
    unsigned char *copy = malloc(game->pos_size), *parent = malloc(game->pos_size),
                  *child = malloc(game->pos_size);
    Move *noisy = malloc(sizeof(Move) * MAX_MOVES);
    if (!copy || !parent || !child || !noisy)
        abort();
    fuzz_check(game->key(pos) == game->key_from_scratch(pos), game, "key drift");
    game->fen_write(pos, fen, sizeof fen);
    fuzz_check(game->fen_read(copy, fen, err, sizeof err), game, "own FEN %s rejected: %s", fen,
               err);
    game->fen_write(copy, fen2, sizeof fen2);
    fuzz_check(strcmp(fen, fen2) == 0, game, "FEN round trip %s -> %s", fen, fen2);
    fuzz_check(game->key(copy) == game->key(pos), game, "key differs after FEN round trip %s", fen);
    memcpy(parent, pos, game->pos_size);
    int noisy_flagged = 0;
    for (int i = 0; i < count; i++) {
        fuzz_check(moves[i] != MOVE_NONE, game, "MOVE_NONE generated in %s", fen);
        game->move_to_str(pos, moves[i], str);
        fuzz_check(memchr(str, 0, MOVE_STR_MAX) != NULL, game, "move string unterminated");
        fuzz_check(i % string_stride || game->parse_move(pos, str) == moves[i], game,
                   "%s does not parse back in %s", str, fen);
        for (int j = 0; j < i; j++)
            fuzz_check(moves[j] != moves[i], game, "%s generated twice in %s", str, fen);
        noisy_flagged += game->is_noisy(pos, moves[i]);
        game->make_move(pos, moves[i], child);
        fuzz_check(memcmp(parent, pos, game->pos_size) == 0, game,
                   "make_move %s changed its parent %s", str, fen);
        fuzz_check(game->key(child) == game->key_from_scratch(child), game,
                   "key drift after %s in %s", str, fen);
    }
    check_description(game, pos, moves, count, fen);
    int k = game->gen_noisy(pos, noisy);
    fuzz_check(k == noisy_flagged, game, "gen_noisy gives %d moves, is_noisy %d in %s", k,
               noisy_flagged, fen);
    for (int i = 0; i < k; i++) {
        bool found = false;
        for (int j = 0; j < count && !found; j++)
            found = moves[j] == noisy[i];
        fuzz_check(found, game, "gen_noisy move not in gen_moves in %s", fen);
    }
    /* The lazy hooks: gen_quiet lists the rest, has_legal_move and move_is_legal agree with
     * the list, also for each legal move with one bit flipped (a near miss). */
    int q = game->gen_quiet(pos, noisy);
    fuzz_check(q + k == count, game, "%d quiet + %d noisy moves, %d legal in %s", q, k, count, fen);
    for (int i = 0; i < q; i++)
        fuzz_check(!game->is_noisy(pos, noisy[i]), game, "gen_quiet gives a noisy move in %s", fen);
    fuzz_check(count <= game->max_moves, game, "%d moves, max_moves %d in %s", count,
               game->max_moves, fen);
    fuzz_check(game->has_legal_move(pos) == (count > 0), game, "has_legal_move wrong in %s", fen);
    fuzz_check(!game->move_is_legal(pos, MOVE_NONE), game, "MOVE_NONE legal in %s", fen);
    for (int i = 0; i < count; i++) {
        fuzz_check(game->move_is_legal(pos, moves[i]), game, "legal move refused in %s", fen);
        Move near = moves[i] ^ 1ULL << (i % 64);
        bool listed = false;
        for (int j = 0; j < count && !listed; j++)
            listed = moves[j] == near;
        fuzz_check(game->move_is_legal(pos, near) == listed, game,
                   "move_is_legal(%#llx) disagrees with gen_moves in %s", (unsigned long long)near,
                   fen);
    }
    free(copy);
    free(parent);
    free(child);
    free(noisy);
}
