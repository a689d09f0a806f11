/*
 * Breakthrough evaluation (eval/breakthrough.c), from the side to move's point of view.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* Builds the evaluation's tables; call once, after the rules' bt_init(). */
void breakthrough_eval_init(void);
/* The learned evaluation where a net is in use, the hand-written one otherwise. */
Score breakthrough_evaluate(const void *pos);
/* The learned evaluation's features and net. */
extern NnueSlot breakthrough_nnue;
void breakthrough_eval_terms(const void *pos, char *buf, size_t size);
