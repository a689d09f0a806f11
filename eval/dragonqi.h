/*
 * DragonQi evaluation (eval/dragonqi.c), from the side to move's point of view. It reads
 * the rules' position (movegen/dragonqi/dragonqi.h); the rules never call it.
 */
#pragma once

#include <stddef.h>

#include "core/types.h"
#include "nnue/nnue.h"

/* The learned evaluation where a net is in use, the hand-written one otherwise. */
Score dragonqi_evaluate(const void *pos);
/* The learned evaluation's inputs and net; dragonqi_net_init fills the inputs' table once
 * the rules' geometry is set up (the Game table's init). */
extern NnueSlot dragonqi_nnue;
void dragonqi_net_init(void);
void dragonqi_eval_terms(const void *pos, char *buf, size_t size);

/* The value of the piece coded `code` (0 for an empty cell); the Game table's capture
 * order uses it too. */
int dq_value(int code);
