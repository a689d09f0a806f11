/*
 * Breakthrough for people (core/describe.h): the 64 squares, the home rows each side
 * races to, captures, and the two ways to win.
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/breakthrough/breakthrough.h"

static int bt_cells(DescCell *cells)
{
    return describe_grid_with_ends(cells, 8, 8, true, "home-row", "White's home row, Black's goal",
                                   "Black's home row, White's goal");
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
    if (!describe_rules_win(why, v))
        return;
    int w = v->winner;
    Bb64 goal = w == P1 ? B8_RANK_8_BB : B8_RANK_1_BB;
    if (p->men[w] & goal)
        describe_words(v, "breakthrough", "%s wins: a %s man reached %s's home row",
                       describe_colour(w, true), describe_colour(w, false),
                       describe_colour(!w, true));
    else
        describe_words(v, "all men captured", "%s wins: every %s man is captured",
                       describe_colour(w, true), describe_colour(!w, false));
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
