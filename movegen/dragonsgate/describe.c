/*
 * Dragon's Gate for people (engine/describe.h): each home row is a side's gate, its two
 * corners the gate posts; steps, flies over a friendly Dragon, and captures by withdrawal.
 */
#include <stdio.h>

#include "engine/describe.h"
#include "movegen/dragonsgate/dragonsgate.h"

static int dg_cells(DescCell *cells)
{
    for (int sq = 0; sq < 64; sq++) {
        int file = sq % 8, rank = sq / 8;
        DescCell *c = &cells[sq];
        describe_grid_cell(c, file, rank);
        c->shade = (file + rank + 1) % 2;
        if (rank == 0 || rank == 7) {
            bool post = file == 0 || file == 7;
            c->kind = post ? "gate-post" : "gate";
            c->label = rank == 0 ? (post ? "Post of White's gate" : "White's gate, Black's goal")
                                 : (post ? "Post of Black's gate" : "Black's gate, White's goal");
        }
    }
    return 64;
}

static int dg_pieces(const void *vp, DescPiece *pieces)
{
    const DgPos *p = vp;
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int side = P1; side <= P2; side++)
            if ((p->dragons[side] >> sq) & 1)
                pieces[n++] = (DescPiece){.cell = sq, .side = side, .kind = "dragon",
                                          .name = side == P1 ? "White Dragon" : "Black Dragon",
                                          .label = {side == P1 ? 'D' : 'd'}};
    return n;
}

/* The squares alone tell the kind (movegen/dragonsgate/dragonsgate.h): one rank forward a
 * step, two a fly over the Dragon between, one backward a withdrawal from 2 * from - to. */
static void dg_describe_move(const void *vp, Move m, DescMove *d)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    int advance = dg_rel_rank(to, p->side) - dg_rel_rank(from, p->side);
    char a[4], b[4], c[4];
    d->from = from;
    d->to = to;
    describe_touch(d->path, &d->path_length, from);
    describe_touch(d->path, &d->path_length, to);
    snprintf(a, sizeof a, "%c%d", 'a' + from % 8, from / 8 + 1);
    snprintf(b, sizeof b, "%c%d", 'a' + to % 8, to / 8 + 1);
    if (advance == 1) {
        snprintf(d->text, sizeof d->text, "%s-%s", a, b);
    } else if (advance == 2) {
        int over = (from + to) / 2;
        snprintf(c, sizeof c, "%c%d", 'a' + over % 8, over / 8 + 1);
        snprintf(d->text, sizeof d->text, "%s-%s, flying over %s", a, b, c);
    } else {
        int victim = 2 * from - to;
        describe_touch(d->captured, &d->captured_count, victim);
        snprintf(c, sizeof c, "%c%d", 'a' + victim % 8, victim / 8 + 1);
        snprintf(d->text, sizeof d->text, "%s-%s, taking %s by withdrawal", a, b, c);
    }
}

/* result() ends the game when a Dragon stands on its goal row or the side to move has
 * none left. */
static void dg_verdict(const void *vp, GameOverReason why, Verdict *v)
{
    const DgPos *p = vp;
    if (why != GAME_OVER_RULES || v->winner < 0)
        return;
    int w = v->winner;
    const char *win = w == P1 ? "White" : "Black", *lose = w == P1 ? "Black" : "White";
    if (p->dragons[w] & dg_goal_row(w)) {
        snprintf(v->reason, sizeof v->reason, "through the gate");
        snprintf(v->text, sizeof v->text, "%s wins: a Dragon passed through %s's gate", win,
                 lose);
    } else {
        snprintf(v->reason, sizeof v->reason, "all Dragons captured");
        snprintf(v->text, sizeof v->text, "%s wins: %s has no Dragon left", win, lose);
    }
}

const GameDescription dragonsgate_description = {
    .width = 8,
    .height = 8,
    .cells = dg_cells,
    .pieces = dg_pieces,
    .move = dg_describe_move,
    .verdict = dg_verdict,
    .legend = "D  white (South) Dragon\n"
              "d  black (North) Dragon\n"
              ".  empty square\n",
};
