/*
 * Learning the evaluation from the engine's own games (docs/learning.md):
 *   wyrm [-v GAME] gen ...    self-play, writing scored positions to a data file
 *   wyrm [-v GAME] train ...  a net trained on data files
 * Both return a process exit status (0, 1 refused or failed, 2 usage).
 */
#pragma once

#include "engine/engine.h"

int gen_main(int argc, const char *const *argv, Engine *engine);
int train_main(int argc, const char *const *argv, Engine *engine);
