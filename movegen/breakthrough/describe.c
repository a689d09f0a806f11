/*
 * Breakthrough for people (core/describe.h): the 64 squares, the home rows each side
 * races to, captures, and the two ways to win.
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/breakthrough/breakthrough.h"

static int bt_cells(DescCell *cells)
{
    for (int sq = 0; sq < 64; sq++) {
        int file = sq % 8, rank = sq / 8;
        DescCell *c = &cells[sq];
        describe_grid_cell(c, file, rank);
        c->shade = (file + rank + 1) % 2; /* a1 dark, as on a chess board */
        c->kind = rank == 0 || rank == 7 ? "home-row" : "square";
        c->label = rank == 0   ? "White's home row, Black's goal"
                   : rank == 7 ? "Black's home row, White's goal"
                               : NULL;
    }
    return 64;
}

static int bt_pieces(const void *vp, DescPiece *pieces)
{
    static const char *const names[2] = {"White man", "Black man"};
    return describe_men64(((const BtPos *)vp)->men, "man", names, "Pp", pieces);
}

static void bt_describe_move(const void *vp, Move m, DescMove *d)
{
    const BtPos *p = vp;
    int to = bt_move_to(m);
    bool capture = (p->men[!p->side] >> to) & 1;
    describe_grid_step(d, 8, bt_move_from(m), to, capture ? 'x' : '-');
    if (capture)
        describe_touch(d->captured, &d->captured_count, to);
}

/* result() ends the game when a man stands on the far home row or a side has no men. */
static void bt_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    const BtPos *p = vp;
    if (why != GAME_OVER_RULES || v->winner < 0)
        return;
    int w = v->winner;
    Bb64 goal = w == P1 ? B8_RANK_8_BB : B8_RANK_1_BB;
    const char *win = w == P1 ? "White" : "Black", *lose = w == P1 ? "Black" : "White";
    if (p->men[w] & goal) {
        snprintf(v->reason, sizeof v->reason, "breakthrough");
        snprintf(v->text, sizeof v->text, "%s wins: a %s man reached %s's home row", win,
                 w == P1 ? "white" : "black", lose);
    } else {
        snprintf(v->reason, sizeof v->reason, "all men captured");
        snprintf(v->text, sizeof v->text, "%s wins: every %s man is captured", win,
                 w == P1 ? "black" : "white");
    }
}

const GameDescription breakthrough_description = {
    .width = 8,
    .height = 8,
    .cells = bt_cells,
    .pieces = bt_pieces,
    .move = bt_describe_move,
    .verdict = bt_verdict,
    .legend = "P  white man\n"
              "p  black man\n"
              ".  empty square\n",
};
