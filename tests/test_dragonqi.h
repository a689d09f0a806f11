/*
 * Shared by the DragonQi test files: a position-string builder, so that hand-built
 * positions read as a list of forces ("Ke1 Fe2 ke15 T*a1 (S0N)a6": DFEN tokens followed by
 * their cell) followed by the fields after the board.
 */
#pragma once

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "core/types.h"

/* The fields of a plain position: Queen at Work, nothing enclosed changed, no rights. */
#define DQT_PLAIN "DQ0wdy0W - - 000000 - 0 1 lance"

static inline void dqt_fen(char *out, size_t size, const char *pieces, const char *fields)
{
    char tokens[16][9][8];
    memset(tokens, 0, sizeof tokens);
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", pieces);
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
        size_t len = strlen(t), i = len;
        while (i > 0 && t[i - 1] >= '0' && t[i - 1] <= '9')
            i--;
        ck_assert_msg(i >= 2 && i < len && t[i - 1] >= 'a' && t[i - 1] <= 'i', "bad token %s", t);
        int file = t[i - 1] - 'a', rank = atoi(t + i);
        ck_assert_msg(rank >= 1 && rank <= 15 && i - 1 < 8, "bad token %s", t);
        memcpy(tokens[rank][file], t, i - 1);
    }
    size_t n = 0;
    for (int rank = 15; rank >= 1; rank--) {
        int empty = 0;
        for (int file = 0; file < 9; file++) {
            if (!tokens[rank][file][0]) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(out + n, size - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(out + n, size - n, "%s", tokens[rank][file]);
        }
        if (empty)
            n += (size_t)snprintf(out + n, size - n, "%d", empty);
        if (rank > 1)
            n += (size_t)snprintf(out + n, size - n, "/");
    }
    snprintf(out + n, size - n, " %s", fields);
}

/* Asserts that the position of `pieces` and `fields` is accepted and that its legal moves
 * are exactly `moves`; `rule` names the case in failure messages. */
void dqt_assert_case(const char *rule, const char *pieces, const char *fields, const char *moves);

void dragonqi_rules_tests(Suite *s);
void dragonqi_ocean_tests(Suite *s);
void dragonqi_events_tests(Suite *s);
void dragonqi_play_tests(Suite *s);
