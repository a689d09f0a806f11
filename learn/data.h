/*
 * Training data files (written by `wyrm gen`, read by `wyrm train`; docs/learning.md).
 *
 * Little-endian. A 48-byte header, then records one after another until the end:
 *   header:  char[8] magic "WYRMDATA", u32 version (DATA_VERSION), u32 reserved (0),
 *            char[32] game id, NUL-padded
 *   record:  u16 n, char[n] FEN (no NUL), i16 score, u8 result, u8 reserved (0)
 * score is the search's score of the position from the side to move's view (evaluation
 * units, never a decided mate score); result is the game's end from the same side's view:
 * 0 lost, 1 drawn, 2 won. A file grows by appending records; files of one game concatenate
 * after their headers are dropped (`tail -c +49`), or simply list several files to train.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
    DATA_VERSION = 1,
    DATA_HEADER_SIZE = 48,
    DATA_GAME_MAX = 32,
    DATA_FEN_MAX = 4096,
    DATA_ERR_MAX = 512,
    DATA_RECORD_MAX = 2 + DATA_FEN_MAX + 4,
};

typedef enum { DATA_LOSS = 0, DATA_DRAW = 1, DATA_WIN = 2 } DataResult;

typedef struct DataRecord {
    char fen[DATA_FEN_MAX + 1];
    int16_t score;
    uint8_t result;
} DataRecord;

typedef struct DataReader {
    FILE *file;
    char path[256];
    long record;      /* records read so far */
    long long offset; /* bytes read so far */
} DataReader;

/* Opens `path` for reading, checking the header names `game`. */
bool data_open(DataReader *r, const char *path, const char *game, char *err);
/* The next record: 1, 0 at a clean end, -1 on a damaged record (err names the file and
 * the record). */
int data_next(DataReader *r, DataRecord *rec, char *err);
void data_close(DataReader *r);

/* Opens `path` to append records of `game`: a new or empty file gets the header, an
 * existing one must be a data file of the same game. */
FILE *data_append(const char *path, const char *game, char *err);
/* One record's bytes (at most DATA_RECORD_MAX); 0 when the FEN is empty or too long. */
size_t data_encode(unsigned char *out, const char *fen, int score, DataResult result);
/* Writes one record; false on a write error or a FEN data_encode refuses. */
bool data_write(FILE *out, const char *fen, int score, DataResult result);
