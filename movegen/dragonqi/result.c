/*
 * DragonQi game end (§8). A Direct Capture leaves the loser without its royal and a planted
 * flag sets flag P, both with the loser to move. Locking up (no legal move while attacked)
 * is found here; a side without a legal move that is not attacked has a truce, which is
 * the table's no_moves_result. Repetition and the 100-ply truce are the search's and the
 * protocol's, from the keys and the halfmove clock.
 */
#include <stdio.h>

#include "movegen/dragonqi/dragonqi.h"

enum { DQ_NO_PROGRESS_PLIES = 100 };

Result dq_result(const void *pos)
{
    const DqPos *p = pos;
    if ((p->flags & DQ_FLAG_PLANTED) || p->royal[p->side] == DQ_NO_CELL)
        return RESULT_LOSS;
    if (dq_in_check(p) && !dq_has_legal_move(p))
        return RESULT_LOSS;
    return RESULT_NONE;
}

void dq_outcome(const void *pos, bool fifty, DqOutcome *o)
{
    const DqPos *p = pos;
    int winner = !p->side;
    /* game points of the winner, in halves; the loser scores nothing */
    if (p->flags & DQ_FLAG_PLANTED) {
        *o = (DqOutcome){winner, "FLAG", {0, 0}};
        o->points_halves[winner] = 6;
    } else if (p->royal[p->side] == DQ_NO_CELL) {
        *o = (DqOutcome){winner, "DIRECT", {0, 0}};
        o->points_halves[winner] = 10;
    } else if (!dq_has_legal_move(p) && dq_royal_attacked(p, p->side)) {
        *o = (DqOutcome){winner, "LOCKUP", {0, 0}};
        o->points_halves[winner] = 11;
    } else {
        /* truces score 1-1 */
        const char *type = !dq_has_legal_move(p) ? "STALEMATE" : fifty ? "FIFTY" : "REPETITION";
        *o = (DqOutcome){-1, type, {2, 2}};
    }
}

void dq_result_info(const void *pos, char *buf, size_t size)
{
    const DqPos *p = pos;
    DqOutcome o;
    dq_outcome(p, p->halfmove >= DQ_NO_PROGRESS_PLIES, &o);
    char winner = o.winner == DQ_FOREST ? 'F' : o.winner == DQ_STORM ? 'S' : '-';
    char forest[16], storm[16];
    snprintf(forest, sizeof forest, "%d%s", o.points_halves[DQ_FOREST] / 2,
             o.points_halves[DQ_FOREST] % 2 ? ".5" : "");
    snprintf(storm, sizeof storm, "%d%s", o.points_halves[DQ_STORM] / 2,
             o.points_halves[DQ_STORM] % 2 ? ".5" : "");
    snprintf(buf, size, "RESULT %c %s %s-%s", winner, o.type, forest, storm);
}

void dq_points(const void *pos, int halves[2])
{
    const DqPos *p = pos;
    DqOutcome o;
    dq_outcome(p, p->halfmove >= DQ_NO_PROGRESS_PLIES, &o);
    halves[P1] = o.points_halves[P1];
    halves[P2] = o.points_halves[P2];
}

/* A truce the position does not show scores 1-1; a loss on time 5 + 1/2 nominal (§8:
 * unless both players agree on 3, which a match runner cannot ask). */
const GameScoring dq_scoring = {
    .points = dq_points,
    .draw_halves = 2,     /* a truce: 1 */
    .forfeit_halves = 11, /* as Locking Up: 5 + 1/2 nominal */
    .unit = "game points",
};
