/*
 * The trainer behind `wyrm train` (docs/learning.md): one hidden layer per perspective with
 * a squared clipped ReLU, trained with Adam on shuffled mini-batches to predict the
 * win probability; writes a quantized net (nnue/nnue.h) and a float checkpoint.
 *
 * Target: lambda * result + (1 - lambda) * sigmoid(score / scale), where result is 1, 1/2
 * or 0 and scale is fitted to the data (the scale at which sigmoid(score / scale) best
 * predicts the results) unless given. Prediction: sigmoid(output); the net's evaluation is
 * output * scale. Loss: mean squared error of the prediction. A net "on the hand-written
 * evaluation" (on_hand) predicts sigmoid(output + hand / scale), hand being the game's
 * hand-written evaluation of the position: it learns what the terms miss, and the engine
 * adds its output to them.
 */
#pragma once

#include <stdbool.h>
#include <stdio.h>

#include "core/game.h"

typedef struct TrainConfig {
    const char *const *data; /* data files */
    int data_count;
    const char *out;        /* quantized net */
    const char *checkpoint; /* float state written after every epoch; NULL: none */
    const char *resume;     /* float state to start from; NULL: a fresh net */
    const char *init;       /* a quantized net to start from (not with resume); NULL: none */
    long long hidden, epochs, batch, seed, threads, max_positions;
    long long stop_after; /* > 0: end this run after that many epochs (resume later) */
    double lr, lr_end, lambda, scale, validation;
    bool on_hand; /* a net added to the hand-written evaluation (nnue/nnue.h, version 2) */
} TrainConfig;

typedef struct TrainResult {
    long long positions, training, validation;
    double scale;
    double first_validation_loss; /* before the first epoch */
    double hand_validation_loss;  /* the hand-written evaluation alone as the prediction */
    double last_validation_loss;
    double mean_quantization_error, max_quantization_error; /* evaluation units */
    double bytes_per_position;
} TrainResult;

/* What `wyrm train` uses unless told otherwise: no data, no output, the game's default
 * hidden size. */
TrainConfig train_config_default(const Game *game);

/* Trains a net for `game`; progress lines go to `log`. false with the reason on `log`. */
bool train_run(const Game *game, const TrainConfig *config, FILE *log, TrainResult *result);
