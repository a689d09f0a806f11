/*
 * The naive Dragon Face reference the tests compare the engine with (see the .c file).
 *
 * RefPos: sq[rank][file] holds '.' or a FEN letter (E A G F light, e a g f dark), rank 0
 * being rank 1; right[rank][file] marks Governors with the two-square right; the immune
 * square is (immune_f, immune_r) or -1.
 */
#pragma once

#include <stdbool.h>

enum { REF_MOVE_LEN = 8, REF_MAX_MOVES = 2048 };

typedef struct RefPos {
    char sq[9][11];
    bool right[9][11];
    int side; /* 0 light, 1 dark */
    int immune_f, immune_r;
    int halfmove, fullmove;
} RefPos;

/* Reads a complete six-field FEN as the engine writes it. */
bool ref_read(RefPos *p, const char *fen);
void ref_write(const RefPos *p, char *out);
/* The legal moves in canonical notation. */
int ref_moves(const RefPos *p, char (*out)[REF_MOVE_LEN]);
/* Plays a legal move given in canonical notation. */
void ref_play(RefPos *p, const char *move);
/* Could the opponent capture the side to move's Emperor if it were to move now? */
bool ref_emperor_capturable(const RefPos *p);
