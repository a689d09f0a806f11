/*
 * Dragon-draughts for people (core/describe.h): all 64 squares (a plain board, not
 * chequered), the rows where men are crowned Daimyo, and each capture with its path and
 * every piece it takes.
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/dragondraughts/dragondraughts.h"

static int dd_cells(DescCell *cells)
{
    return describe_grid_with_ends(cells, 8, 8, false, "promotion-row",
                                   "Black men are crowned Daimyo here",
                                   "White men are crowned Daimyo here");
}

static int dd_pieces(const void *vp, DescPiece *pieces)
{
    static const char *const names[2][2] = {{"White man", "White Daimyo"},
                                            {"Black man", "Black Daimyo"}};
    const DdPos *p = vp;
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int side = P1; side <= P2; side++) {
            if (!(p->pieces[side] & dd_bit(sq)))
                continue;
            bool king = (p->kings & dd_bit(sq)) != 0;
            pieces[n++] = (DescPiece){.cell = sq,
                                      .side = side,
                                      .kind = king ? "daimyo" : "man",
                                      .name = names[side][king],
                                      .label = {"PKpk"[2 * side + king]}};
        }
    return n;
}

/* The printed path; every captured piece; a man ending on its last rank is crowned, so
 * its destination counts as converted (the piece changes kind). */
static void dd_describe_move(const void *vp, Move m, DescMove *d)
{
    const DdPos *p = vp;
    int path[DD_MAX_PATH], length = dd_move_path(p, m, path);
    Bb64 captured = dd_move_captured(p, m);
    d->from = dd_move_from(m);
    d->to = dd_move_to(m); /* may be a square the capture emptied, or the origin */
    size_t n = 0;
    for (int i = 0; i < length; i++) {
        char square[DESCRIBE_NAME_MAX];
        describe_touch(d->path, &d->path_length, path[i]);
        describe_grid_name(8, path[i], square);
        n += (size_t)snprintf(d->text + n, sizeof d->text - n, "%s%s",
                              i == 0     ? ""
                              : captured ? "x"
                                         : "-",
                              square);
    }
    for (Bb64 b = captured; b;)
        describe_touch(d->captured, &d->captured_count, bb64_pop_lsb(&b));
    bool crowned = !(p->kings & dd_bit(d->from)) && (dd_last_rank(p->side) & dd_bit(d->to));
    if (crowned) {
        describe_touch(d->converted, &d->converted_count, d->to);
        n += (size_t)snprintf(d->text + n, sizeof d->text - n, ", crowned Daimyo");
    }
    int taken = bb64_popcount(captured);
    if (taken > 1)
        snprintf(d->text + n, sizeof d->text - n, " (takes %d)", taken);
}

/* result() ends the game only when the side to move has no piece left. */
static void dd_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    (void)vp;
    if (describe_rules_win(why, v))
        describe_words(v, "all pieces captured", "%s wins: every %s piece is captured",
                       describe_colour(v->winner, true), describe_colour(!v->winner, false));
}

const GameDescription dd_description = {
    .width = 8,
    .height = 8,
    .cells = dd_cells,
    .pieces = dd_pieces,
    .move = dd_describe_move,
    .verdict = dd_verdict,
    .legend = "P  white man\n"
              "K  white Daimyo (king)\n"
              "p  black man\n"
              "k  black Daimyo (king)\n"
              ".  empty square\n",
};
