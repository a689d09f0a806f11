/*
 * Shared parts of the fuzz targets (tests/fuzz/fuzz_*.c).
 *
 * Each target defines LLVMFuzzerTestOneInput. Built with clang's -fsanitize=fuzzer it is
 * a libFuzzer binary (`make fuzz`); built with replay.c instead it is a plain program
 * that feeds every file of the corpus directories it is given (`make test`), so crash
 * inputs found once stay checked without the fuzzer runtime.
 *
 * A broken invariant prints what broke and aborts, which both drivers report as a crash.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints "fuzz: <game>: <message>" and aborts when `ok` is false. */
void fuzz_check(bool ok, const Game *game, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The game picked by one input byte (registry_init done). */
const Game *fuzz_game(uint8_t byte);

/* A start position picked by one byte: the game's start position under some option
 * choice, or one of its bench positions. Fills pos. */
void fuzz_start_position(const Game *game, uint8_t byte, void *pos);

/* Checks everything a reachable (or accepted) position must keep, given its legal moves:
 * key() equals key_from_scratch(); fen_write -> fen_read -> fen_write gives the same
 * string and key; no move is generated twice; gen_noisy() agrees with is_noisy() and
 * gen_quiet() lists the other moves, within max_moves; has_legal_move() and
 * move_is_legal() (legal moves and near misses) agree with the list; make_move leaves the
 * parent byte-identical and gives a child whose incremental key equals its key from
 * scratch; and the moves whose index is a multiple of `string_stride` (1: every move)
 * print to a string that parses back to the same move (parsing costs a move generation,
 * so checking every move costs the square of their number). */
void fuzz_check_position(const Game *game, const void *pos, const Move *moves, int count,
                         int string_stride);
