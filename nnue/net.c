/*
 * Net files: parsing with every check a damaged or foreign file fails, saving, and the
 * slot a game's evaluation reads its net from (nnue/nnue.h has the layout).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "nnue/nnue.h"

static const char NNUE_MAGIC[8] = {'W', 'Y', 'R', 'M', 'N', 'N', 'U', 'E'};

/* Files larger than this are refused before they are read (the largest net's size). */
enum { NNUE_FILE_MAX = 64 << 20 };

uint64_t nnue_checksum(const void *data, size_t size)
{
    const unsigned char *b = data;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < size; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static uint64_t read_u64(const unsigned char *b)
{
    return (uint64_t)le32_read(b) | (uint64_t)le32_read(b + 4) << 32;
}

static void write_u64(unsigned char *b, uint64_t v)
{
    le32_write(b, (uint32_t)v);
    le32_write(b + 4, (uint32_t)(v >> 32));
}

static size_t payload_size(uint64_t features, uint64_t hidden)
{
    return (size_t)((features * hidden + hidden + 2 * hidden) * sizeof(int16_t) + sizeof(int32_t));
}

void nnue_net_free(NnueNet *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->b1);
    free(net->w2);
    free(net);
}

static int16_t *alloc_i16(size_t count)
{
    /* 64-byte alignment for the vector loads; the size rounded up as aligned_alloc asks */
    size_t bytes = (count * sizeof(int16_t) + 63) / 64 * 64;
    int16_t *p = aligned_alloc(64, bytes ? bytes : 64);
    if (!p)
        abort();
    return p;
}

static void read_i16s(int16_t *out, const unsigned char *b, size_t count)
{
    for (size_t i = 0; i < count; i++)
        out[i] = (int16_t)(uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
}

NnueNet *nnue_net_parse(const NnueSlot *slot, const void *data, size_t size, char *err)
{
    const unsigned char *b = data;
    if (size < NNUE_HEADER_SIZE) {
        snprintf(err, NNUE_ERR_MAX, "truncated: %zu bytes, shorter than the %d-byte header", size,
                 NNUE_HEADER_SIZE);
        return NULL;
    }
    if (memcmp(b, NNUE_MAGIC, sizeof NNUE_MAGIC) != 0) {
        snprintf(err, NNUE_ERR_MAX, "not a wyrm net (wrong magic)");
        return NULL;
    }
    uint32_t version = le32_read(b + 8), features = le32_read(b + 12), hidden = le32_read(b + 16);
    int32_t scale = (int32_t)le32_read(b + 20);
    char game[NNUE_GAME_NAME_MAX + 1];
    memcpy(game, b + 24, NNUE_GAME_NAME_MAX);
    game[NNUE_GAME_NAME_MAX] = '\0';
    if (version != NNUE_VERSION && version != NNUE_VERSION_ON_HAND) {
        snprintf(err, NNUE_ERR_MAX, "format version %u, this build reads versions %d and %d",
                 version, NNUE_VERSION, NNUE_VERSION_ON_HAND);
        return NULL;
    }
    if (strcmp(game, slot->game) != 0) {
        snprintf(err, NNUE_ERR_MAX, "a net for %.32s, not for %s", game, slot->game);
        return NULL;
    }
    if (features != slot->feature_count) {
        snprintf(err, NNUE_ERR_MAX, "%u input features, %s has %u", features, slot->game,
                 slot->feature_count);
        return NULL;
    }
    if (hidden == 0 || hidden > NNUE_HIDDEN_MAX || hidden % NNUE_HIDDEN_STEP != 0) {
        snprintf(err, NNUE_ERR_MAX, "hidden size %u (must be a multiple of %d up to %d)", hidden,
                 NNUE_HIDDEN_STEP, NNUE_HIDDEN_MAX);
        return NULL;
    }
    if (scale <= 0) {
        snprintf(err, NNUE_ERR_MAX, "scale %d (must be positive)", scale);
        return NULL;
    }
    size_t want = payload_size(features, hidden);
    if (size - NNUE_HEADER_SIZE != want) {
        snprintf(err, NNUE_ERR_MAX, "%s: %zu bytes of parameters, a %ux%u net has %zu",
                 size - NNUE_HEADER_SIZE < want ? "truncated" : "wrong size",
                 size - NNUE_HEADER_SIZE, features, hidden, want);
        return NULL;
    }
    uint64_t sum = nnue_checksum(b + NNUE_HEADER_SIZE, want);
    if (sum != read_u64(b + 56)) {
        snprintf(err, NNUE_ERR_MAX, "bad checksum (the file is damaged)");
        return NULL;
    }
    NnueNet *net = xcalloc(1, sizeof *net);
    static _Atomic uint64_t next_id = 1;
    net->id = atomic_fetch_add(&next_id, 1);
    net->feature_count = features;
    net->hidden = hidden;
    net->scale = scale;
    net->on_hand = version == NNUE_VERSION_ON_HAND;
    memcpy(net->game, game, sizeof net->game);
    net->checksum = sum;
    net->w1 = alloc_i16((size_t)features * hidden);
    net->b1 = alloc_i16(hidden);
    net->w2 = alloc_i16(2 * (size_t)hidden);
    const unsigned char *p = b + NNUE_HEADER_SIZE;
    read_i16s(net->w1, p, (size_t)features * hidden);
    p += (size_t)features * hidden * 2;
    read_i16s(net->b1, p, hidden);
    p += (size_t)hidden * 2;
    read_i16s(net->w2, p, 2 * (size_t)hidden);
    p += (size_t)hidden * 4;
    net->b2 = (int32_t)le32_read(p);
    for (uint32_t i = 0; i < 2 * hidden; i++)
        if (net->w2[i] > NNUE_W2_MAX || net->w2[i] < -NNUE_W2_MAX) {
            snprintf(err, NNUE_ERR_MAX, "output weight %u is %d, beyond +-%d", i, net->w2[i],
                     NNUE_W2_MAX);
            nnue_net_free(net);
            return NULL;
        }
    return net;
}

NnueNet *nnue_net_load(const NnueSlot *slot, const char *path, char *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, NNUE_ERR_MAX, "cannot open %.200s", path);
        return NULL;
    }
    unsigned char *data = xmalloc(NNUE_FILE_MAX + 1);
    size_t size = fread(data, 1, NNUE_FILE_MAX + 1, f);
    bool failed = ferror(f);
    fclose(f);
    NnueNet *net = NULL;
    if (failed)
        snprintf(err, NNUE_ERR_MAX, "cannot read %.200s", path);
    else if (size > NNUE_FILE_MAX)
        snprintf(err, NNUE_ERR_MAX, "%.200s is larger than %d bytes", path, NNUE_FILE_MAX);
    else
        net = nnue_net_parse(slot, data, size, err);
    free(data);
    return net;
}

static void write_i16s(unsigned char *b, const int16_t *v, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        b[2 * i] = (unsigned char)((uint16_t)v[i] & 0xff);
        b[2 * i + 1] = (unsigned char)((uint16_t)v[i] >> 8);
    }
}

bool nnue_net_save(const NnueNet *net, const char *path, char *err)
{
    size_t payload = payload_size(net->feature_count, net->hidden);
    unsigned char *b = xcalloc(1, NNUE_HEADER_SIZE + payload);
    memcpy(b, NNUE_MAGIC, sizeof NNUE_MAGIC);
    le32_write(b + 8, net->on_hand ? NNUE_VERSION_ON_HAND : NNUE_VERSION);
    le32_write(b + 12, net->feature_count);
    le32_write(b + 16, net->hidden);
    le32_write(b + 20, (uint32_t)net->scale);
    memcpy(b + 24, net->game, strnlen(net->game, NNUE_GAME_NAME_MAX - 1));
    unsigned char *p = b + NNUE_HEADER_SIZE;
    size_t f = (size_t)net->feature_count * net->hidden;
    write_i16s(p, net->w1, f);
    p += f * 2;
    write_i16s(p, net->b1, net->hidden);
    p += (size_t)net->hidden * 2;
    write_i16s(p, net->w2, 2 * (size_t)net->hidden);
    p += (size_t)net->hidden * 4;
    le32_write(p, (uint32_t)net->b2);
    write_u64(b + 56, nnue_checksum(b + NNUE_HEADER_SIZE, payload));
    FILE *out = fopen(path, "wb");
    bool ok = out && fwrite(b, 1, NNUE_HEADER_SIZE + payload, out) == NNUE_HEADER_SIZE + payload;
    if (out && fclose(out) != 0)
        ok = false;
    free(b);
    if (!ok)
        snprintf(err, NNUE_ERR_MAX, "cannot write %.200s", path);
    return ok;
}

void nnue_slot_init(NnueSlot *slot)
{
    char err[NNUE_ERR_MAX];
    if (!slot->embedded || slot->net)
        return;
    slot->net =
        nnue_net_parse(slot, slot->embedded, (size_t)(slot->embedded_end - slot->embedded), err);
    if (!slot->net) {
        /* the build embedded a file that is not a net for this game: a build fault */
        fprintf(stderr, "wyrm: the embedded %s net is invalid: %s\n", slot->game, err);
        abort();
    }
    snprintf(slot->source, sizeof slot->source, "%s", NNUE_EMBEDDED_NAME);
}

bool nnue_slot_load(NnueSlot *slot, const char *path, char *err)
{
    NnueNet *net = NULL;
    if (strcmp(path, NNUE_EMBEDDED_NAME) == 0) {
        if (!slot->embedded) {
            nnue_net_free(slot->net);
            slot->net = NULL;
            slot->source[0] = '\0';
            return true;
        }
        net = nnue_net_parse(slot, slot->embedded, (size_t)(slot->embedded_end - slot->embedded),
                             err);
    } else {
        net = nnue_net_load(slot, path, err);
    }
    if (!net)
        return false;
    nnue_net_free(slot->net);
    slot->net = net;
    snprintf(slot->source, sizeof slot->source, "%s", path);
    return true;
}

void nnue_describe(const NnueSlot *slot, const void *pos, char *buf, size_t size)
{
    if (!slot->net) {
        snprintf(buf, size, "net       none loaded: the hand-written evaluation is used\n");
        return;
    }
    Score total = nnue_evaluate_refresh(slot, pos);
    char on_hand[64] = "";
    if (slot->net->on_hand) {
        Score hand = slot->hand(pos);
        snprintf(on_hand, sizeof on_hand, "; the hand-written %d plus the net's %d", hand,
                 total - hand);
    }
    snprintf(buf, size,
             "net       %d (side to move%s; %s, %u features x %u hidden)\n"
             "in use    %s\n",
             total, on_hand, slot->source, slot->net->feature_count, slot->net->hidden,
             slot->disabled ? "hand-written (Use NNUE is off)" : "net");
}
