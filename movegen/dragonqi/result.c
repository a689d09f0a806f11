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

/* The scoring table (§8) in half points: the half of Locking up is the nominal half. */
enum {
    DQ_HALVES_DIRECT = 10,
    DQ_HALVES_FLAG = 6,
    DQ_HALVES_LOCKUP = 11,
    DQ_HALVES_TRUCE = 2,
};

/* How a finished game ended: the winner's letter (F, S or - for a truce), the type, and
 * each side's points in halves (by side: storm, forest). */
typedef struct DqEnd {
    char winner;
    const char *type;
    int halves[2];
} DqEnd;

static DqEnd dq_end(const DqPos *p)
{
    /* The side to move has lost, unless the game is a truce. */
    int loser = p->side;
    DqEnd end = {loser == DQ_STORM ? 'F' : 'S', NULL, {0, 0}};
    int won = 0;
    if (p->flags & DQ_FLAG_PLANTED) {
        end.type = "FLAG";
        won = DQ_HALVES_FLAG;
    } else if (p->royal[p->side] == DQ_NO_CELL) {
        end.type = "DIRECT";
        won = DQ_HALVES_DIRECT;
    } else if (!dq_has_legal_move(p) && dq_royal_attacked(p, p->side)) {
        end.type = "LOCKUP";
        won = DQ_HALVES_LOCKUP;
    } else {
        end.winner = '-';
        end.type = !dq_has_legal_move(p)                 ? "STALEMATE"
                   : p->halfmove >= DQ_NO_PROGRESS_PLIES ? "FIFTY"
                                                         : "REPETITION";
        end.halves[DQ_STORM] = end.halves[DQ_FOREST] = DQ_HALVES_TRUCE;
        return end;
    }
    end.halves[!loser] = won;
    return end;
}

static void format_halves(int halves, char *buf, size_t size)
{
    snprintf(buf, size, halves % 2 ? "%d.5" : "%d", halves / 2);
}

void dq_result_info(const void *pos, char *buf, size_t size)
{
    DqEnd end = dq_end(pos);
    char forest[16], storm[16];
    format_halves(end.halves[DQ_FOREST], forest, sizeof forest);
    format_halves(end.halves[DQ_STORM], storm, sizeof storm);
    snprintf(buf, size, "RESULT %c %s %s-%s", end.winner, end.type, forest, storm);
}

void dq_points(const void *pos, int halves[2])
{
    DqEnd end = dq_end(pos);
    halves[P1] = end.halves[P1];
    halves[P2] = end.halves[P2];
}

/* A truce that the position does not show scores 1-1; a loss on time 5 + 1/2 nominal
 * (§8: unless both players agree on 3, which a match runner cannot ask). */
const GameScoring dq_scoring = {
    .points = dq_points,
    .draw_halves = DQ_HALVES_TRUCE,
    .forfeit_halves = DQ_HALVES_LOCKUP,
    .unit = "game points",
};
