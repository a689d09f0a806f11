#include "learn/data.h"

#include "core/util.h"

#include <string.h>

static const char DATA_MAGIC[8] = {'W', 'Y', 'R', 'M', 'D', 'A', 'T', 'A'};

/* Checks a header read from `path`; `got` bytes of it were there. */
static bool header_ok(const unsigned char *h, size_t got, const char *path, const char *game,
                      char *err)
{
    if (got < DATA_HEADER_SIZE) {
        snprintf(err, DATA_ERR_MAX, "%.200s: truncated header (%zu of %d bytes)", path, got,
                 DATA_HEADER_SIZE);
        return false;
    }
    if (memcmp(h, DATA_MAGIC, sizeof DATA_MAGIC) != 0) {
        snprintf(err, DATA_ERR_MAX, "%.200s: not a wyrm data file (wrong magic)", path);
        return false;
    }
    if (le32_read(h + 8) != DATA_VERSION) {
        snprintf(err, DATA_ERR_MAX, "%.200s: format version %u, this build reads version %d", path,
                 le32_read(h + 8), DATA_VERSION);
        return false;
    }
    char file_game[DATA_GAME_MAX + 1];
    memcpy(file_game, h + 16, DATA_GAME_MAX);
    file_game[DATA_GAME_MAX] = '\0';
    if (strcmp(file_game, game) != 0) {
        snprintf(err, DATA_ERR_MAX, "%.200s: data of %.32s, not of %s", path, file_game, game);
        return false;
    }
    return true;
}

bool data_open(DataReader *r, const char *path, const char *game, char *err)
{
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", path);
    r->file = fopen(path, "rb");
    if (!r->file) {
        snprintf(err, DATA_ERR_MAX, "%.200s: cannot open", path);
        return false;
    }
    unsigned char h[DATA_HEADER_SIZE];
    size_t got = fread(h, 1, sizeof h, r->file);
    if (!header_ok(h, got, path, game, err)) {
        data_close(r);
        return false;
    }
    r->offset = DATA_HEADER_SIZE;
    return true;
}

int data_next(DataReader *r, DataRecord *rec, char *err)
{
    unsigned char len[2], tail[4];
    size_t got = fread(len, 1, 2, r->file);
    if (got == 0 && feof(r->file))
        return 0;
    long number = r->record + 1;
    unsigned n = got == 2 ? (unsigned)(len[0] | len[1] << 8) : 0;
    if (got != 2 || n == 0 || n > DATA_FEN_MAX) {
        snprintf(err, DATA_ERR_MAX, "%.200s: record %ld (byte %lld): %s", r->path, number,
                 r->offset, got != 2 ? "truncated" : "bad FEN length");
        return -1;
    }
    if (fread(rec->fen, 1, n, r->file) != n || fread(tail, 1, 4, r->file) != 4) {
        snprintf(err, DATA_ERR_MAX, "%.200s: record %ld (byte %lld): truncated", r->path, number,
                 r->offset);
        return -1;
    }
    rec->fen[n] = '\0';
    rec->score = (int16_t)(uint16_t)(tail[0] | tail[1] << 8);
    rec->result = tail[2];
    if (strlen(rec->fen) != n || rec->result > DATA_WIN || tail[3] != 0) {
        snprintf(err, DATA_ERR_MAX, "%.200s: record %ld (byte %lld): %s", r->path, number,
                 r->offset, rec->result > DATA_WIN ? "bad result" : "damaged record");
        return -1;
    }
    r->record = number;
    r->offset += 2 + n + 4;
    return 1;
}

void data_close(DataReader *r)
{
    if (r->file)
        fclose(r->file);
    r->file = NULL;
}

FILE *data_append(const char *path, const char *game, char *err)
{
    FILE *f = fopen(path, "a+b");
    if (!f) {
        snprintf(err, DATA_ERR_MAX, "%.200s: cannot open for writing", path);
        return NULL;
    }
    rewind(f);
    unsigned char h[DATA_HEADER_SIZE];
    size_t got = fread(h, 1, sizeof h, f);
    if (got == 0) {
        memset(h, 0, sizeof h);
        memcpy(h, DATA_MAGIC, sizeof DATA_MAGIC);
        h[8] = DATA_VERSION;
        memcpy(h + 16, game, strnlen(game, DATA_GAME_MAX - 1));
        if (fwrite(h, 1, sizeof h, f) != sizeof h) {
            snprintf(err, DATA_ERR_MAX, "%.200s: cannot write", path);
            fclose(f);
            return NULL;
        }
    } else if (!header_ok(h, got, path, game, err)) {
        fclose(f);
        return NULL;
    }
    return f;
}

size_t data_encode(unsigned char *out, const char *fen, int score, DataResult result)
{
    size_t n = strlen(fen);
    if (n == 0 || n > DATA_FEN_MAX)
        return 0;
    uint16_t s = (uint16_t)(int16_t)score;
    out[0] = (unsigned char)(n & 0xff);
    out[1] = (unsigned char)(n >> 8);
    memcpy(out + 2, fen, n);
    out[2 + n] = (unsigned char)(s & 0xff);
    out[3 + n] = (unsigned char)(s >> 8);
    out[4 + n] = (unsigned char)result;
    out[5 + n] = 0;
    return n + 6;
}

bool data_write(FILE *out, const char *fen, int score, DataResult result)
{
    unsigned char record[DATA_RECORD_MAX];
    size_t n = data_encode(record, fen, score, result);
    return n && fwrite(record, 1, n, out) == n;
}
