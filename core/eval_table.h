/*
 * The table the `eval` command prints (Game.eval_terms), laid out in one place:
 *
 *     term      white  black      a head line: the sides' names
 *     material  %5d    %5d        a row per term, each value under its side's name
 *     tempo     %d for the side to move    rows that count for the side to move alone
 *     total     %d (side to move)          the evaluation
 *
 * The term column is two wider than its longest name. Each game lists its terms as rows.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef struct EvalRow {
    const char *name;
    int value[2];   /* the first and the second player's; a for_mover row: value[0] */
    bool for_mover; /* counts for the side to move alone */
} EvalRow;

/* Writes the table into buf (size bytes) and returns what snprintf would: its length. */
int eval_table_write(char *buf, size_t size, const char *const sides[2], const EvalRow *rows,
                     int count, int total);
