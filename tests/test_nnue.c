/*
 * The learned evaluation: features on hand-worked positions and under the colour flip,
 * net files and their errors, the accumulator cache against a refresh, the vector path
 * against the portable one, the data files, a small generation and training run, and
 * the options (`EvalFile`, `Use NNUE`) through the protocol.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/registry.h"
#include "core/rng.h"
#include "engine/engine.h"
#include "learn/data.h"
#include "learn/learn.h"
#include "learn/train.h"
#include "nnue/nnue.h"
#include "tests/helpers.h"

static const char *const NET_GAMES[] = {
    "breakthrough", "dragonsgate",           "dragondraughts",      "threedragons",
    "dragonface",   "threedragons-strength", "threedragons-dragons"};
enum { NET_GAME_COUNT = sizeof NET_GAMES / sizeof *NET_GAMES };

/* The features of `fen` seen by `perspective`, as "i j k". */
static void feature_text(const Game *g, const char *fen, int perspective, char *out, size_t size)
{
    unsigned char *pos = malloc(g->pos_size);
    t_load(g, fen, pos);
    uint16_t f[NNUE_ACTIVE_MAX];
    int n = g->nnue->features(pos, perspective, f);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%u", i ? " " : "", f[i]);
    free(pos);
}

static void assert_features(const char *game, const char *fen, int perspective,
                            const char *expected)
{
    char got[4096];
    feature_text(t_game(game), fen, perspective, got, sizeof got);
    ck_assert_msg(strcmp(got, expected) == 0, "%s %s perspective %d: got '%s', want '%s'", game,
                  fen, perspective, got, expected);
}

START_TEST(features_exact)
{
    /* White man d4 (27), black man c7 (50). White sees its own man at 27 and the enemy at
     * 64 + 50; Black sees the board turned: its man c7 -> c2 (10), the enemy d4 -> d5 (35). */
    assert_features("breakthrough", "8/2p5/8/8/3P4/8/8/8 w 0 40", P1, "27 114");
    assert_features("breakthrough", "8/2p5/8/8/3P4/8/8/8 w 0 40", P2, "10 99");
    /* Dragons a1 (0) and h7 (55) for South, b7 (49) for North; North sees b7 as b2 (9), a1
     * as a8 (64 + 56) and h7 as h2 (64 + 15). */
    assert_features("dragonsgate", "8/1d5D/8/8/8/8/8/D7 w 0 1", P1, "0 55 113");
    assert_features("dragonsgate", "8/1d5D/8/8/8/8/8/D7 w 0 1", P2, "9 79 120");
    /* White man e3 (20), White Daimyo a8 (56), black man h6 (47), black Daimyo b1 (1):
     * own men 0.., own Daimyos 64.., enemy men 128.., enemy Daimyos 192.. */
    assert_features("dragondraughts", "K7/8/7p/8/8/4P3/8/1k6 w 0 1", P1, "20 120 175 193");
    assert_features("dragondraughts", "K7/8/7p/8/8/4P3/8/1k6 w 0 1", P2, "23 121 172 192");
    /* Three Dragons, White b1 (1) and d3 (21), Black c8 (65) and h9 (79). Base game: own
     * pieces 0.., enemy 81..; Black sees ranks turned: c8 -> c2 (11), h9 -> h1 (7), b1 -> b9
     * (81 + 73), d3 -> d7 (81 + 57). */
    const char *td = "M6pM/2p6/9/9/2C1C1C2/9/3P5/9/MP6M w - 0 1";
    assert_features("threedragons", td, P1, "1 21 146 160");
    assert_features("threedragons", td, P2, "7 11 138 154");
    /* Strengths b1 1, d3 2, c8 4, h9 5: own strength s at (s - 1) * 81.., the enemy's at
     * 486 + (s - 1) * 81..; White: 1, 81 + 21, 486 + 243 + 65, 486 + 324 + 79. */
    const char *tds = "M6p5M/2p46/9/9/2C1C1C2/9/3P25/9/MP16M w - 0 1";
    assert_features("threedragons-strength", tds, P1, "1 102 794 889");
    assert_features("threedragons-strength", tds, P2, "254 331 559 624");
    /* The same with the centre cave spent (972 + 1), seen alike from both sides. */
    const char *tdd = "M6p5M/2p46/9/9/2C1C1C2/9/3P25/9/MP16M w e 0 1";
    assert_features("threedragons-dragons", tdd, P1, "1 102 794 889 973");
    assert_features("threedragons-dragons", tdd, P2, "254 331 559 624 973");
    /* Dragon Face, light to move: light Emperor e2 (15) and a Governor with its right on
     * c3 (24); dark Emperor f8 (82), an Ambassador trapped on a5 (44), a free one on k6
     * (65), and the Governor d4 (36) converted on the last ply (immune). Kinds: Emperor,
     * Ambassador, free Ambassador, Governor with right, Governor, at (side * 5 + kind) * 99;
     * immune at 990. Dark sees ranks turned: f8 -> f2 (16), a5 (44), k6 -> k4 (43), d4 ->
     * d6 (58), e2 -> e8 (81), c3 -> c7 (68). */
    const char *df = "11/5e5/11/10f/a10/3g7/2G8/4E6/11 w c3 d4 0 1";
    assert_features("dragonface", df, P1, "15 321 577 638 758 927 1026");
    assert_features("dragonface", df, P2, "16 143 241 454 576 860 1048");
}
END_TEST

/* The same position with colours swapped: ranks reversed, cases swapped, the other side
 * to move (these games' FENs are "board side rest"; Three Dragons' mountains M and caves
 * C belong to no side and keep their letters). */
static void flip_fen(const char *fen, char *out, size_t size)
{
    char board[256], side[8], rest[64];
    ck_assert(sscanf(fen, "%255s %7s %63[^\n]", board, side, rest) == 3);
    char *ranks[16];
    int n = 0;
    for (char *save = NULL, *r = strtok_r(board, "/", &save); r && n < 16;
         r = strtok_r(NULL, "/", &save))
        ranks[n++] = r;
    size_t len = 0;
    for (int i = n - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            if (*c != 'M' && *c != 'C')
                *c = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
                                                       : toupper((unsigned char)*c));
        len += (size_t)snprintf(out + len, size - len, "%s%s", ranks[i], i ? "/" : "");
    }
    snprintf(out + len, size - len, " %s %s", side[0] == 'w' ? "b" : "w", rest);
}

/* Dragon Face's FEN names squares after the side (two-square rights, the immune piece):
 * on the turned board rank r is rank 10 - r. */
static void flip_square_fields(char *fen)
{
    char *fields = strchr(fen, ' ');
    fields = fields ? strchr(fields + 1, ' ') : NULL;
    char *end = fields ? strchr(fields + 1, ' ') : NULL;
    end = end ? strchr(end + 1, ' ') : NULL;
    for (char *c = fields; c && c < end; c++)
        if (islower((unsigned char)c[0]) && isdigit((unsigned char)c[1]))
            c[1] = (char)('0' + 10 - (c[1] - '0'));
}

/* A net of random weights within the bounds the format allows, for `slot`'s game. */
static NnueNet *random_net(const NnueSlot *slot, uint32_t hidden, uint64_t seed)
{
    NnueNet *net = calloc(1, sizeof *net);
    net->feature_count = slot->feature_count;
    net->hidden = hidden;
    net->scale = 150;
    snprintf(net->game, sizeof net->game, "%s", slot->game);
    size_t w1 = (size_t)slot->feature_count * hidden;
    net->w1 = aligned_alloc(64, (w1 * 2 + 63) / 64 * 64);
    net->b1 = aligned_alloc(64, (hidden * 2 + 63) / 64 * 64);
    net->w2 = aligned_alloc(64, (hidden * 4 + 63) / 64 * 64);
    for (size_t i = 0; i < w1; i++)
        net->w1[i] = (int16_t)((int)rng_below(&seed, 201) - 100);
    for (uint32_t i = 0; i < hidden; i++)
        net->b1[i] = (int16_t)((int)rng_below(&seed, 301) - 100);
    for (uint32_t i = 0; i < 2 * hidden; i++)
        net->w2[i] = (int16_t)((int)rng_below(&seed, 2 * NNUE_W2_MAX + 1) - NNUE_W2_MAX);
    net->b2 = (int32_t)rng_below(&seed, 100000) - 50000;
    net->id = 1000000 + seed % 1000;
    return net;
}

/* Plays random games of `g` and calls check(g, pos, fen) on every position. */
static void random_positions(const Game *g, int games, uint64_t seed,
                             void (*check)(const Game *, const void *, const char *))
{
    unsigned char *pos = malloc(g->pos_size), *next = malloc(g->pos_size);
    Move *moves = malloc(sizeof(Move) * (size_t)g->max_moves);
    char fen[512];
    for (int k = 0; k < games; k++) {
        t_load(g, g->start_fen, pos);
        for (int ply = 0; ply < 200; ply++) {
            g->fen_write(pos, fen, sizeof fen);
            check(g, pos, fen);
            int n = g->result(pos) == RESULT_NONE ? g->gen_moves(pos, moves) : 0;
            if (n == 0)
                break;
            g->make_move(pos, moves[rng_below(&seed, (uint64_t)n)], next);
            memcpy(pos, next, g->pos_size);
        }
    }
    free(pos);
    free(next);
    free(moves);
}

/* For each game with a feature set: a random net of `hidden` neurons in its slot while
 * `games` random games run `check` on every position; the slot's net is restored. */
static void with_random_nets(uint32_t hidden, uint64_t seed, int games,
                             void (*check)(const Game *, const void *, const char *))
{
    for (int i = 0; i < NET_GAME_COUNT; i++) {
        const Game *g = t_game(NET_GAMES[i]);
        NnueNet *saved = g->nnue->net, *net = random_net(g->nnue, hidden, seed + (uint64_t)i);
        g->nnue->net = net;
        random_positions(g, games, seed + 10 + (uint64_t)i, check);
        g->nnue->net = saved;
        nnue_net_free(net);
    }
}

static void check_flip(const Game *g, const void *pos, const char *fen)
{
    char flipped[512], a[4096], b[4096];
    flip_fen(fen, flipped, sizeof flipped);
    if (strcmp(g->name, "dragonface") == 0)
        flip_square_fields(flipped);
    for (int p = 0; p < 2; p++) {
        feature_text(g, fen, p, a, sizeof a);
        feature_text(g, flipped, !p, b, sizeof b);
        T_CHECK(strcmp(a, b) == 0, "%s: %s perspective %d is not %s perspective %d", g->name, fen,
                p, flipped, !p);
    }
    unsigned char *other = malloc(g->pos_size);
    t_load(g, flipped, other);
    T_CHECK(nnue_evaluate_refresh(g->nnue, pos) == nnue_evaluate_refresh(g->nnue, other),
            "%s: the net scores %s and its colour flip %s differently", g->name, fen, flipped);
    free(other);
}

START_TEST(features_colour_flip) { with_random_nets(64, 7, 20, check_flip); }
END_TEST

static void check_cache(const Game *g, const void *pos, const char *fen)
{
    Score cached = nnue_evaluate(g->nnue, pos), fresh = nnue_evaluate_refresh(g->nnue, pos);
    T_CHECK(cached == fresh, "%s %s: accumulator cache %d, refresh %d", g->name, fen, cached,
            fresh);
}

START_TEST(incremental_equals_refresh) { with_random_nets(128, 21, 200, check_cache); }
END_TEST

START_TEST(vector_equals_portable)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 256, 5);
    _Alignas(64) int16_t acc[2][256];
    uint64_t rng = 99;
    for (int k = 0; k < 2000; k++) {
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < 256; i++) /* the whole int16 range, clipped and not */
                acc[p][i] = k % 2 ? (int16_t)(rng_next(&rng) & 0xffff)
                                  : (int16_t)((int)rng_below(&rng, 400) - 100);
        int32_t v = nnue_output_sum(net, acc[0], acc[1]);
        int32_t s = nnue_output_sum_portable(net, acc[0], acc[1]);
        ck_assert_msg(v == s, "vector %d, portable %d", v, s);
    }
    nnue_net_free(net);
}
END_TEST

/* ---- net files ------------------------------------------------------------------------ */

static char *temp_path(const char *name)
{
    char *path = malloc(256);
    snprintf(path, 256, "%s/wyrm-test-%d-%s", P_tmpdir, (int)getpid(), name);
    return path;
}

static unsigned char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert(f);
    unsigned char *b = malloc(1 << 20);
    *size = fread(b, 1, 1 << 20, f);
    fclose(f);
    return b;
}

static void write_all(const char *path, const unsigned char *b, size_t size)
{
    FILE *f = fopen(path, "wb");
    ck_assert(f && fwrite(b, 1, size, f) == size);
    fclose(f);
}

static void assert_load_error(const NnueSlot *slot, const char *path, const char *reason)
{
    char err[NNUE_ERR_MAX];
    NnueNet *net = nnue_net_load(slot, path, err);
    ck_assert_msg(!net && strstr(err, reason), "loading %s: want '%s', got '%s'", path, reason,
                  net ? "a net" : err);
}

START_TEST(net_file_round_trip_and_errors)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 32, 3);
    char *path = temp_path("a.nnue"), *bad = temp_path("bad.nnue"), err[NNUE_ERR_MAX];
    ck_assert(nnue_net_save(net, path, err));
    NnueNet *back = nnue_net_load(g->nnue, path, err);
    ck_assert_msg(back, "%s", err);
    ck_assert_uint_eq(back->hidden, 32);
    ck_assert_int_eq(back->scale, 150);
    ck_assert_int_eq(back->b2, net->b2);
    ck_assert(memcmp(back->w1, net->w1, 128 * 32 * 2) == 0);
    ck_assert(memcmp(back->w2, net->w2, 64 * 2) == 0);
    nnue_net_free(back);

    size_t size;
    unsigned char *b = read_all(path, &size);
    ck_assert_uint_eq(size, NNUE_HEADER_SIZE + (128 * 32 + 32 + 64) * 2 + 4);
    write_all(bad, b, size - 10);
    assert_load_error(g->nnue, bad, "truncated");
    write_all(bad, b, 20);
    assert_load_error(g->nnue, bad, "truncated: 20 bytes");
    b[NNUE_HEADER_SIZE + 5] ^= 1;
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "bad checksum");
    b[NNUE_HEADER_SIZE + 5] ^= 1;
    b[0] = 'X';
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "wrong magic");
    b[0] = 'W';
    assert_load_error(t_game("dragonsgate")->nnue, path,
                      "a net for breakthrough, not for dragonsgate");
    assert_load_error(t_game("dragondraughts")->nnue, path, "a net for breakthrough");
    b[12] = 200; /* feature count */
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "200 input features, breakthrough has 128");
    b[12] = 128;
    b[16] = 33; /* hidden */
    write_all(bad, b, size);
    assert_load_error(g->nnue, bad, "hidden size 33");
    assert_load_error(g->nnue, "/nonexistent/x.nnue", "cannot open /nonexistent/x.nnue");
    unlink(path);
    unlink(bad);
    free(b);
    free(path);
    free(bad);
    nnue_net_free(net);
}
END_TEST

/* ---- data files ------------------------------------------------------------------------ */

START_TEST(data_round_trip_and_errors)
{
    char *path = temp_path("d.data"), *bad = temp_path("bad.data"), err[DATA_ERR_MAX];
    unlink(path);
    FILE *out = data_append(path, "breakthrough", err);
    ck_assert_msg(out, "%s", err);
    ck_assert(data_write(out, "8/2p5/8/8/3P4/8/8/8 w 0 40", -123, DATA_LOSS));
    ck_assert(data_write(out, "8/8/8/8/8/8/8/P7 b 0 3", 32000 - 200, DATA_DRAW));
    fclose(out);
    out = data_append(path, "breakthrough", err); /* appends after the header */
    ck_assert_msg(out, "%s", err);
    ck_assert(data_write(out, "p7/8/8/8/8/8/8/7P w 0 9", 7, DATA_WIN));
    fclose(out);
    ck_assert(!data_append(path, "dragonsgate", err));
    ck_assert_msg(strstr(err, "data of breakthrough, not of dragonsgate"), "%s", err);

    DataReader r;
    DataRecord rec;
    ck_assert_msg(data_open(&r, path, "breakthrough", err), "%s", err);
    const char *fens[3] = {"8/2p5/8/8/3P4/8/8/8 w 0 40", "8/8/8/8/8/8/8/P7 b 0 3",
                           "p7/8/8/8/8/8/8/7P w 0 9"};
    const int scores[3] = {-123, 31800, 7}, results[3] = {DATA_LOSS, DATA_DRAW, DATA_WIN};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(data_next(&r, &rec, err), 1);
        ck_assert_str_eq(rec.fen, fens[i]);
        ck_assert_int_eq(rec.score, scores[i]);
        ck_assert_int_eq(rec.result, results[i]);
    }
    ck_assert_int_eq(data_next(&r, &rec, err), 0);
    data_close(&r);

    ck_assert(!data_open(&r, path, "dragonsgate", err));
    ck_assert_msg(strstr(err, "data of breakthrough, not of dragonsgate"), "%s", err);
    size_t size;
    unsigned char *b = read_all(path, &size);
    write_all(bad, b, size - 3); /* the third record cut short */
    ck_assert(data_open(&r, bad, "breakthrough", err));
    ck_assert_int_eq(data_next(&r, &rec, err), 1);
    ck_assert_int_eq(data_next(&r, &rec, err), 1);
    ck_assert_int_eq(data_next(&r, &rec, err), -1);
    ck_assert_msg(strstr(err, bad) && strstr(err, "record 3") && strstr(err, "truncated"), "%s",
                  err);
    data_close(&r);
    b[0] = 'Q';
    write_all(bad, b, size);
    ck_assert(!data_open(&r, bad, "breakthrough", err));
    ck_assert_msg(strstr(err, bad) && strstr(err, "wrong magic"), "%s", err);
    write_all(bad, b, 10);
    ck_assert(!data_open(&r, bad, "breakthrough", err));
    ck_assert_msg(strstr(err, "truncated header"), "%s", err);
    unlink(path);
    unlink(bad);
    free(b);
    free(path);
    free(bad);
}
END_TEST

/* ---- generation and training ------------------------------------------------------------ */

/* About 2,000 positions of Breakthrough at 3,000 nodes a move (at a few hundred nodes the
 * scores are too noisy for 2,000 positions to teach anything that holds on other games),
 * then six epochs: the validation loss (the last fifth of the games) must fall by a
 * fifth, and the quantized net must stay within 3 evaluation units of the float net on
 * average and within 20 on every position. */
START_TEST(generate_and_train)
{
    char *data = temp_path("e2e.data"), *net = temp_path("e2e.nnue");
    unlink(data);
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_game(e, "breakthrough", err));
    const char *gen_args[] = {"-out",  data, "-games",   "45", "-nodes", "3000",
                              "-seed", "1",  "-workers", "2",  "-nnue",  "false"};
    ck_assert_int_eq(gen_main(12, gen_args, e), 0);
    const char *files[] = {data};
    /* train's defaults, made small and quick */
    TrainConfig c = train_config_default(t_game("breakthrough"));
    c.data = files;
    c.data_count = 1;
    c.out = net;
    c.hidden = 16;
    c.epochs = 6;
    c.batch = 64;
    c.threads = 2;
    c.lr = 0.003;
    c.lr_end = 0.0003;
    c.lambda = 0;
    c.validation = 0.2;
    TrainResult r;
    FILE *log = fopen("/dev/null", "w");
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r));
    ck_assert_msg(r.positions >= 1500 && r.positions <= 3000, "%lld positions", r.positions);
    ck_assert_msg(r.last_validation_loss < 0.8 * r.first_validation_loss,
                  "validation loss %.5f -> %.5f", r.first_validation_loss, r.last_validation_loss);
    ck_assert_msg(r.mean_quantization_error <= 3 && r.max_quantization_error <= 20,
                  "quantization error mean %.2f, largest %.2f", r.mean_quantization_error,
                  r.max_quantization_error);
    /* the same seed and thread count give the same net, also when the run stops half-way
     * and is resumed from its checkpoint */
    char *again = temp_path("e2e2.nnue"), *checkpoint = temp_path("e2e.ckpt");
    c.out = again;
    c.checkpoint = checkpoint;
    c.stop_after = 3;
    TrainResult r2;
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r2));
    c.checkpoint = NULL;
    c.stop_after = 0;
    c.resume = checkpoint;
    ck_assert(train_run(t_game("breakthrough"), &c, log, &r2));
    size_t s1, s2;
    unsigned char *a = read_all(net, &s1), *b = read_all(again, &s2);
    ck_assert(s1 == s2 && memcmp(a, b, s1) == 0);
    c.hidden = 32; /* a checkpoint of another size is refused */
    ck_assert(!train_run(t_game("breakthrough"), &c, log, &r2));
    unlink(checkpoint);
    free(checkpoint);
    /* the net loads and plays */
    ck_assert(engine_set_option(e, "EvalFile", net, err));
    fclose(log);
    engine_destroy(e);
    unlink(data);
    unlink(net);
    unlink(again);
    free(a);
    free(b);
    free(data);
    free(net);
    free(again);
}
END_TEST

/* ---- the options --------------------------------------------------------------------------- */

START_TEST(evalfile_errors_keep_the_net)
{
    const Game *g = t_game("breakthrough");
    NnueNet *net = random_net(g->nnue, 32, 4);
    char *good = temp_path("good.nnue"), *bad = temp_path("short.nnue"), err[NNUE_ERR_MAX];
    ck_assert(nnue_net_save(net, good, err));
    size_t size;
    unsigned char *b = read_all(good, &size);
    write_all(bad, b, size / 2);
    char input[2048];
    snprintf(input, sizeof input,
             "setoption name UCI_Variant value breakthrough\n"
             "setoption name EvalFile value %s\n"
             "setoption name EvalFile value %s\n"
             "setoption name EvalFile value /nonexistent.nnue\n"
             "eval\n"
             "setoption name UCI_Variant value dragonsgate\n"
             "setoption name EvalFile value %s\n",
             good, bad, good);
    char *out = t_session(input);
    char want[1024];
    snprintf(want, sizeof want,
             "info string error: EvalFile %s: truncated: %zu bytes of parameters, a 128x32 net "
             "has %zu; the net in use stays",
             bad, size / 2 - NNUE_HEADER_SIZE, size - NNUE_HEADER_SIZE);
    ck_assert_msg(strstr(out, want), "no '%s' in:\n%s", want, out);
    ck_assert_msg(strstr(out, "info string error: EvalFile /nonexistent.nnue: cannot open "
                              "/nonexistent.nnue; the net in use stays"),
                  "%s", out);
    snprintf(want, sizeof want, "(side to move; %s, 128 features x 32 hidden)", good);
    ck_assert_msg(strstr(out, want), "the good net is not in use:\n%s", out);
    ck_assert_msg(strstr(out, "a net for breakthrough, not for dragonsgate; the net in use stays"),
                  "%s", out);
    free(out);
    /* the default is accepted by every game (a GUI sends it to any), a file is not */
    out = t_session("setoption name UCI_Variant value dragonqi\n"
                    "setoption name EvalFile value <embedded>\n"
                    "setoption name EvalFile value /tmp/x.nnue\n");
    ck_assert_str_eq(out, "info string error: EvalFile: dragonqi has no learned evaluation\n");
    free(out);
    unlink(good);
    unlink(bad);
    free(b);
    free(good);
    free(bad);
    nnue_net_free(net);
}
END_TEST

/* With `Use NNUE false`, or without a net, evaluate() is the hand-written total that
 * `eval` prints; with a net it is the net's score. */
START_TEST(use_nnue_switch)
{
    const Game *g = t_game("breakthrough");
    NnueNet *saved = g->nnue->net, *net = random_net(g->nnue, 64, 9);
    const char *fen = "pp1ppp1p/2pp2p1/p3p3/1p3p2/2P1P1P1/P2P4/1PP2PPP/PPP1PPPP b 0 8";
    unsigned char *pos = malloc(g->pos_size);
    t_load(g, fen, pos);
    char terms[8192];
    g->nnue->net = net;
    g->nnue->disabled = false;
    ck_assert_int_eq(g->evaluate(pos), nnue_evaluate_refresh(g->nnue, pos));
    Engine *e = engine_create();
    char err[ERR_MAX];
    ck_assert(engine_set_option(e, "Use NNUE", "false", err));
    ck_assert(g->nnue->disabled);
    g->eval_terms(pos, terms, sizeof terms);
    const char *total = strstr(terms, "total");
    ck_assert(total);
    ck_assert_int_eq(g->evaluate(pos), atoi(total + 5));
    ck_assert_msg(strstr(terms, "in use    hand-written (Use NNUE is off)"), "%s", terms);
    ck_assert(engine_set_option(e, "Use NNUE", "true", err));
    ck_assert_int_eq(g->evaluate(pos), nnue_evaluate_refresh(g->nnue, pos));
    ck_assert(!engine_set_option(e, "Use NNUE", "maybe", err));
    ck_assert_msg(strstr(err, "invalid value 'maybe' for option Use NNUE (true or false)"), "%s",
                  err);
    g->nnue->net = NULL;
    ck_assert_int_eq(g->evaluate(pos), atoi(total + 5));
    g->nnue->net = saved;
    engine_destroy(e);
    nnue_net_free(net);
    free(pos);
}
END_TEST

/* Bad arguments are refused with a usage status and nothing is written. */
START_TEST(gen_and_train_arguments)
{
    Engine *e = engine_create();
    char err[ERR_MAX], *data = temp_path("args.data");
    unlink(data);
    ck_assert(engine_set_game(e, "breakthrough", err));
    const char *no_out[] = {"-games", "2"};
    ck_assert_int_eq(gen_main(2, no_out, e), 2);
    const char *bad_games[] = {"-out", data, "-games", "0"};
    ck_assert_int_eq(gen_main(4, bad_games, e), 2);
    const char *no_limit[] = {"-out", data, "-nodes", "0"};
    ck_assert_int_eq(gen_main(4, no_limit, e), 2);
    const char *unknown[] = {"-out", data, "-speed", "9"};
    ck_assert_int_eq(gen_main(4, unknown, e), 2);
    const char *bad_net[] = {"-out", data, "-games", "1", "-evalfile", "/nonexistent.nnue"};
    ck_assert_int_eq(gen_main(6, bad_net, e), 1);
    ck_assert(access(data, F_OK) != 0);
    const char *no_data[] = {"-out", data};
    ck_assert_int_eq(train_main(2, no_data, e), 2);
    const char *missing[] = {"-data", "/nonexistent.data", "-out", data};
    ck_assert_int_eq(train_main(4, missing, e), 1);
    const char *bad_hidden[] = {"-data", "/nonexistent.data", "-out", data, "-hidden", "20"};
    ck_assert_int_eq(train_main(6, bad_hidden, e), 1);
    ck_assert(access(data, F_OK) != 0);
    ck_assert(engine_set_game(e, "dragonqi", err));
    const char *no_net[] = {"-data", "/nonexistent.data", "-out", data};
    ck_assert_int_eq(train_main(4, no_net, e), 1);
    engine_destroy(e);
    free(data);
}
END_TEST

/* Every game whose nets/<game>.nnue exists plays with it built in from the start, and a
 * game without one has no net until EvalFile gives it one (the tests run from the
 * repository's root, as `make test` runs them). */
START_TEST(built_in_nets_match_the_files)
{
    ck_assert_msg(access("nets", F_OK) == 0, "run from the repository's root");
    registry_init();
    int built_in = 0;
    for (int i = 0; i < registry_count(); i++) {
        const Game *g = registry_game(i);
        char path[128];
        snprintf(path, sizeof path, "nets/%s.nnue", g->name);
        bool file = access(path, F_OK) == 0;
        ck_assert_msg(!file || g->nnue, "%s has a net file but no learned evaluation", g->name);
        if (!g->nnue)
            continue;
        ck_assert_msg((g->nnue->embedded != NULL) == file, "%s: %s %s, embedded %s", g->name, path,
                      file ? "exists" : "is missing", g->nnue->embedded ? "yes" : "no");
        ck_assert_msg((g->nnue->net != NULL) == file, "%s: the built-in net is %sloaded", g->name,
                      g->nnue->net ? "" : "not ");
        built_in += file;
    }
    ck_assert_int_ge(built_in, 3);
}
END_TEST

Suite *nnue_suite(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("nnue");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, features_exact);
    tcase_add_test(tc, features_colour_flip);
    tcase_add_test(tc, incremental_equals_refresh);
    tcase_add_test(tc, vector_equals_portable);
    tcase_add_test(tc, net_file_round_trip_and_errors);
    tcase_add_test(tc, data_round_trip_and_errors);
    tcase_add_test(tc, generate_and_train);
    tcase_add_test(tc, evalfile_errors_keep_the_net);
    tcase_add_test(tc, use_nnue_switch);
    tcase_add_test(tc, gen_and_train_arguments);
    tcase_add_test(tc, built_in_nets_match_the_files);
    suite_add_tcase(s, tc);
    return s;
}
