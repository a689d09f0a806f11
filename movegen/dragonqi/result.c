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

void dq_result_info(const void *pos, char *buf, size_t size)
{
    const DqPos *p = pos;
    char winner = p->side == DQ_STORM ? 'F' : 'S';
    const char *type = NULL;
    const char *points = NULL;
    if (p->flags & DQ_FLAG_PLANTED) {
        type = "FLAG";
        points = winner == 'F' ? "3-0" : "0-3";
    } else if (p->royal[p->side] == DQ_NO_CELL) {
        type = "DIRECT";
        points = winner == 'F' ? "5-0" : "0-5";
    } else if (!dq_has_legal_move(p)) {
        bool locked = dq_royal_attacked(p, p->side);
        type = locked ? "LOCKUP" : "STALEMATE";
        points = !locked ? "1-1" : winner == 'F' ? "5.5-0" : "0-5.5";
        winner = locked ? winner : '-';
    } else {
        winner = '-';
        type = p->halfmove >= DQ_NO_PROGRESS_PLIES ? "FIFTY" : "REPETITION";
        points = "1-1";
    }
    snprintf(buf, size, "RESULT %c %s %s", winner, type, points);
}
