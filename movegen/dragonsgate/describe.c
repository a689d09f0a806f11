/*
 * Dragon's Gate for people (core/describe.h): each home row is a side's gate, its two
 * corners the gate posts; steps, flies over a friendly Dragon, and captures by withdrawal.
 */
#include <stdio.h>

#include "core/describe.h"
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
    static const char *const names[2] = {"White Dragon", "Black Dragon"};
    return describe_men64(((const DgPos *)vp)->dragons, "dragon", names, "Dd", pieces);
}

/* The squares alone tell the kind (movegen/dragonsgate/dragonsgate.h): one rank forward a
 * step, two a fly over the Dragon between, one backward a withdrawal from 2 * from - to. */
static void dg_describe_move(const void *vp, Move m, DescMove *d)
{
    const DgPos *p = vp;
    int from = dg_move_from(m), to = dg_move_to(m);
    int advance = dg_rel_rank(to, p->side) - dg_rel_rank(from, p->side);
    char other[DESCRIBE_NAME_MAX];
    size_t n = describe_grid_step(d, 8, from, to, '-');
    if (advance == 2) {
        describe_grid_name(8, (from + to) / 2, other);
        snprintf(d->text + n, sizeof d->text - n, ", flying over %s", other);
    } else if (advance < 0) {
        int victim = 2 * from - to;
        describe_touch(d->captured, &d->captured_count, victim);
        describe_grid_name(8, victim, other);
        snprintf(d->text + n, sizeof d->text - n, ", taking %s by withdrawal", other);
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
        snprintf(v->text, sizeof v->text, "%s wins: a Dragon passed through %s's gate", win, lose);
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
