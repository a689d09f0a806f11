/*
 * Dragon's Gate for people (core/describe.h): each home row is a side's gate, its two
 * corners the gate posts; steps, flies over a friendly Dragon, and captures by withdrawal.
 */
#include <stdio.h>

#include "core/describe.h"
#include "movegen/dragonsgate/dragonsgate.h"

static int dg_cells(DescCell *cells)
{
    int n = describe_grid_with_ends(cells, 8, 8, true, "gate", "White's gate, Black's goal",
                                    "Black's gate, White's goal");
    static const int posts[4] = {0, 7, 56, 63};
    for (int i = 0; i < 4; i++) {
        cells[posts[i]].kind = "gate-post";
        cells[posts[i]].label = posts[i] < 8 ? "Post of White's gate" : "Post of Black's gate";
    }
    return n;
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
    if (!describe_rules_win(why, v))
        return;
    int w = v->winner;
    const char *win = describe_colour(w, true), *lose = describe_colour(!w, true);
    if (p->dragons[w] & dg_goal_row(w))
        describe_words(v, "through the gate", "%s wins: a Dragon passed through %s's gate", win,
                       lose);
    else
        describe_words(v, "all Dragons captured", "%s wins: %s has no Dragon left", win, lose);
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
