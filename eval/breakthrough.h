/*
 * Breakthrough evaluation (eval/breakthrough.c), from the side to move's point of view.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"

/* Builds the evaluation's tables; call once, after the rules' bt_init(). */
void breakthrough_eval_init(void);
Score breakthrough_evaluate(const void *pos);
void breakthrough_eval_terms(const void *pos, char *buf, size_t size);
