/*
 * The words every game shares for a finished game (repetition, the no-progress rule, no
 * legal move), which each game's verdict hook then refines, and the grid-cell helper.
 */
#include "core/describe.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The side's name with a capital: "White", "Storm". */
static void describe_side(const Game *game, int side, char *buf, size_t size)
{
    snprintf(buf, size, "%s", game->side_names[side]);
    if (buf[0])
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

void describe_grid_name(int files, int sq, char *buf)
{
    snprintf(buf, DESCRIBE_NAME_MAX, "%c%d", (char)('a' + sq % files % 26), sq / files % 99 + 1);
}

void describe_grid_cell(DescCell *cell, int file, int rank)
{
    *cell = (DescCell){.x = file, .y = rank, .w = 1, .h = 1, .kind = "square", .shade = -1};
    describe_grid_name(26, rank * 26 + file, cell->name);
}

/* Every square of a files x ranks grid, numbered rank * files + file; chequered: shaded
 * with a1 dark, as on a chess board. */
static void grid_cells(DescCell *cells, int files, int ranks, bool chequered)
{
    for (int sq = 0; sq < files * ranks; sq++) {
        int file = sq % files, rank = sq / files;
        describe_grid_cell(&cells[sq], file, rank);
        if (chequered)
            cells[sq].shade = (file + rank + 1) % 2;
    }
}

int describe_grid_with_ends(DescCell *cells, int files, int ranks, bool chequered, const char *kind,
                            const char *first_label, const char *last_label)
{
    grid_cells(cells, files, ranks, chequered);
    for (int file = 0; file < files; file++) {
        DescCell *first = &cells[file], *last = &cells[(ranks - 1) * files + file];
        first->kind = last->kind = kind;
        first->label = first_label;
        last->label = last_label;
    }
    return files * ranks;
}

void describe_words(Verdict *v, const char *reason, const char *fmt, ...)
{
    snprintf(v->reason, sizeof v->reason, "%s", reason);
    va_list args;
    va_start(args, fmt);
    vsnprintf(v->text, sizeof v->text, fmt, args);
    va_end(args);
}

int describe_men64(const uint64_t men[2], const char *kind, const char *const names[2],
                   const char labels[2], DescPiece *pieces)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int side = P1; side <= P2; side++)
            if ((men[side] >> sq) & 1)
                pieces[n++] = (DescPiece){.cell = sq,
                                          .side = side,
                                          .kind = kind,
                                          .name = names[side],
                                          .label = {labels[side]}};
    return n;
}

size_t describe_grid_step(DescMove *d, int files, int from, int to, char sep)
{
    char a[DESCRIBE_NAME_MAX], b[DESCRIBE_NAME_MAX];
    d->from = from;
    d->to = to;
    describe_touch(d->path, &d->path_length, from);
    describe_touch(d->path, &d->path_length, to);
    describe_grid_name(files, from, a);
    describe_grid_name(files, to, b);
    int n = snprintf(d->text, sizeof d->text, "%s%c%s", a, sep, b);
    return n > 0 ? (size_t)n : 0;
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
