/*
 * `wyrm train` (learn/train.h): loading data as feature lists, the float network and its
 * gradients, Adam, the epochs, quantization and checkpoints.
 *
 * Determinism: the shuffle of each epoch comes from the seed and the epoch's number, and
 * each mini-batch is cut into one contiguous share per thread whose gradients are summed
 * in thread order, so a seed and a thread count give the same net bit for bit.
 */
#include "learn/train.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/util.h"
#include "learn/args.h"
#include "learn/data.h"
#include "learn/learn.h"
#include "nnue/nnue.h"

enum {
    TRAIN_THREADS_MAX = 64,
    TRAIN_SCALE_SAMPLES = 1000000, /* positions the scale fit looks at */
    TRAIN_QUANT_SAMPLES = 20000,   /* validation positions the quantization check looks at */
    CHECKPOINT_VERSION = 2,
};

/* Parameter bounds: what the integer net can hold (nnue/nnue.h). */
static const float W1_LIMIT = 32767.0f / NNUE_QA / 64.0f; /* 64 active rows cannot overflow */
static const float W2_LIMIT = (float)NNUE_W2_MAX / NNUE_QB;
static const double ADAM_BETA1 = 0.9, ADAM_BETA2 = 0.999, ADAM_EPSILON = 1e-8;
static const float INIT_W1 = 0.1f, INIT_W2 = 0.1f;

typedef struct Sample {
    uint64_t offset;   /* first feature in the pool: the side to move's, then the other's */
    uint16_t count[2]; /* side to move's features, the other side's */
    int16_t score;
    uint8_t result; /* DataResult */
} Sample;

typedef struct Dataset {
    Sample *samples;
    int16_t *hand; /* the hand-written evaluation of each sample; NULL: not on it */
    size_t count, capacity;
    uint16_t *features;
    uint64_t feature_count, feature_capacity;
} Dataset;

/* The float net: every parameter in one array (so Adam and the gradient sums are one
 * loop), with views into it. */
typedef struct Model {
    uint32_t features, hidden;
    bool on_hand; /* added to the hand-written evaluation */
    size_t size;
    float *p;
    float *w1, *b1, *w2, *b2;
} Model;

static void model_init(Model *m, uint32_t features, uint32_t hidden)
{
    m->features = features;
    m->hidden = hidden;
    m->size = (size_t)features * hidden + hidden + 2 * (size_t)hidden + 1;
    m->p = xcalloc(1, m->size * sizeof(float));
    m->w1 = m->p;
    m->b1 = m->w1 + (size_t)features * hidden;
    m->w2 = m->b1 + hidden;
    m->b2 = m->w2 + 2 * (size_t)hidden;
}

static float uniform(uint64_t *rng, float limit)
{
    return limit * (2.0f * (float)(rng_next(rng) >> 40) / (float)(1 << 24) - 1.0f);
}

static void model_randomize(Model *m, uint64_t seed)
{
    uint64_t rng = seed ^ 0x6A09E667F3BCC908ULL;
    for (size_t i = 0; i < (size_t)m->features * m->hidden; i++)
        m->w1[i] = uniform(&rng, INIT_W1);
    for (uint32_t i = 0; i < 2 * m->hidden; i++)
        m->w2[i] = uniform(&rng, INIT_W2);
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* x rounded to an int16 within +-limit. */
static int16_t quantize16(double x, double limit)
{
    double q = round(x);
    return (int16_t)(q > limit ? limit : q < -limit ? -limit : q);
}

/* The float net a quantized net stands for (quantize() below undone, up to its rounding),
 * so that training can go on from a shipped net; its scale goes to *scale. */
static bool model_from_net(Model *m, const NnueSlot *slot, const char *path, double *scale,
                           FILE *log)
{
    char err[NNUE_ERR_MAX];
    NnueNet *net = nnue_net_load(slot, path, err);
    if (!net) {
        fprintf(log, "train: -init %s\n", err);
        return false;
    }
    bool ok = false;
    if (net->hidden != m->hidden)
        fprintf(log, "train: -init %s: a net of %u hidden neurons, not %u (-hidden)\n", path,
                net->hidden, m->hidden);
    else if (net->on_hand != m->on_hand)
        fprintf(log, "train: -init %s: a net %s the hand-written evaluation; -on-hand %s\n", path,
                net->on_hand ? "on" : "not on", net->on_hand ? "true" : "false");
    else
        ok = true;
    if (ok) {
        for (size_t i = 0; i < (size_t)m->features * m->hidden; i++)
            m->w1[i] = (float)net->w1[i] / NNUE_QA;
        for (uint32_t i = 0; i < m->hidden; i++)
            m->b1[i] = (float)net->b1[i] / NNUE_QA;
        for (uint32_t i = 0; i < 2 * m->hidden; i++)
            m->w2[i] = (float)net->w2[i] / NNUE_QB;
        m->b2[0] = (float)net->b2 / (NNUE_QA * NNUE_QB);
        *scale = net->scale;
    }
    nnue_net_free(net);
    return ok;
}

/* ---- data ------------------------------------------------------------------------------ */

static bool load_file(const Game *game, const char *path, Dataset *d, long long limit, bool on_hand,
                      FILE *log)
{
    NnueSlot *slot = game->nnue;
    DataReader reader;
    char err[DATA_ERR_MAX], reason[256];
    if (!data_open(&reader, path, game->name, err)) {
        fprintf(log, "train: %s\n", err);
        return false;
    }
    DataRecord *rec = xcalloc(1, sizeof *rec);
    unsigned char *pos = xcalloc(1, game->pos_size);
    int status = 0;
    while ((limit <= 0 || (long long)d->count < limit) &&
           (status = data_next(&reader, rec, err)) > 0) {
        if (!game->fen_read(pos, rec->fen, reason, sizeof reason)) {
            fprintf(log, "train: %s: record %ld: bad position: %s\n", path, reader.record, reason);
            status = -1;
            break;
        }
        if (d->count == d->capacity) {
            d->capacity = d->capacity ? 2 * d->capacity : 1 << 16;
            d->samples = xrealloc(d->samples, d->capacity * sizeof *d->samples);
            if (on_hand)
                d->hand = xrealloc(d->hand, d->capacity * sizeof *d->hand);
        }
        if (d->feature_count + 2 * (uint64_t)slot->max_active > d->feature_capacity) {
            d->feature_capacity = 2 * (d->feature_capacity + 2 * (uint64_t)slot->max_active);
            d->features = xrealloc(d->features, d->feature_capacity * sizeof *d->features);
        }
        Sample *s = &d->samples[d->count++];
        int stm = slot->side_to_move(pos);
        s->offset = d->feature_count;
        for (int p = 0; p < 2; p++) {
            int n = slot->features(pos, p == 0 ? stm : !stm, d->features + d->feature_count);
            s->count[p] = (uint16_t)n;
            d->feature_count += (uint64_t)n;
        }
        s->score = rec->score;
        s->result = rec->result;
        if (on_hand)
            d->hand[d->count - 1] = quantize16(slot->hand(pos), INT16_MAX);
    }
    if (status < 0 && err[0] && reader.file)
        fprintf(log, "train: %s\n", err);
    data_close(&reader);
    free(rec);
    free(pos);
    return status >= 0;
}

/* The scale at which sigmoid(score / scale) best predicts the results: a golden-section
 * search on its logarithm. */
static double fit_scale(const Dataset *d, size_t count)
{
    size_t n = count < TRAIN_SCALE_SAMPLES ? count : TRAIN_SCALE_SAMPLES;
    double lo = log(10.0), hi = log(20000.0);
    const double g = (sqrt(5.0) - 1) / 2;
    double best = 0;
    for (int iter = 0; iter < 60; iter++) {
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo), ea = 0, eb = 0;
        for (size_t i = 0; i < n; i++) {
            double r = d->samples[i].result / 2.0, s = d->samples[i].score;
            double pa = sigmoid(s / exp(a)), pb = sigmoid(s / exp(b));
            ea += (r - pa) * (r - pa);
            eb += (r - pb) * (r - pb);
        }
        if (ea < eb)
            hi = b;
        else
            lo = a;
        best = (lo + hi) / 2;
    }
    return exp(best);
}

/* ---- the network's passes ----------------------------------------------------------- */

typedef struct Pass {
    const Model *model;
    const Dataset *data;
    const size_t *order;
    size_t first, last; /* positions order[first..last) */
    double scale, lambda;
    float *grad; /* NULL: loss only */
    double loss;
} Pass;

static double target_of(const Sample *s, double scale, double lambda)
{
    return lambda * (s->result / 2.0) + (1 - lambda) * sigmoid(s->score / scale);
}

/* What the prediction adds to the net's output for sample i: its hand-written evaluation
 * in output units for a net on it, else nothing. */
static double hand_of(const Dataset *d, size_t i, double scale)
{
    return d->hand ? d->hand[i] / scale : 0;
}

/* The float output of sample s; fills the accumulators. */
static double forward(const Model *m, const Dataset *d, const Sample *s, float *acc)
{
    uint32_t h = m->hidden;
    const uint16_t *f = d->features + s->offset;
    double out = m->b2[0];
    for (int p = 0; p < 2; p++) {
        float *a = acc + (size_t)p * h;
        memcpy(a, m->b1, h * sizeof *a);
        for (int k = 0; k < s->count[p]; k++) {
            const float *row = m->w1 + (size_t)*f++ * h;
            for (uint32_t i = 0; i < h; i++)
                a[i] += row[i];
        }
        const float *w2 = m->w2 + (size_t)p * h;
        float sum = 0;
        for (uint32_t i = 0; i < h; i++) {
            float v = a[i] < 0 ? 0 : a[i] > 1 ? 1 : a[i];
            sum += v * v * w2[i];
        }
        out += sum;
    }
    return out;
}

static void *pass_run(void *arg)
{
    Pass *t = arg;
    const Model *m = t->model;
    uint32_t h = m->hidden;
    float *acc = xcalloc(1, 2 * (size_t)h * sizeof *acc), *dh = xcalloc(1, (size_t)h * sizeof *dh);
    float *g_w1 = t->grad, *g_b1 = g_w1 ? g_w1 + (size_t)m->features * h : NULL;
    float *g_w2 = g_b1 ? g_b1 + h : NULL, *g_b2 = g_w2 ? g_w2 + 2 * (size_t)h : NULL;
    double loss = 0;
    for (size_t k = t->first; k < t->last; k++) {
        const Sample *s = &t->data->samples[t->order[k]];
        double pred =
            sigmoid(forward(m, t->data, s, acc) + hand_of(t->data, t->order[k], t->scale));
        double err = pred - target_of(s, t->scale, t->lambda);
        loss += err * err;
        if (!g_w1)
            continue;
        float d = (float)(2 * err * pred * (1 - pred));
        g_b2[0] += d;
        const uint16_t *f = t->data->features + s->offset;
        for (int p = 0; p < 2; p++) {
            const float *a = acc + (size_t)p * h, *w2 = m->w2 + (size_t)p * h;
            float *gw2 = g_w2 + (size_t)p * h;
            for (uint32_t i = 0; i < h; i++) {
                float v = a[i] < 0 ? 0 : a[i] > 1 ? 1 : a[i];
                gw2[i] += d * v * v;
                dh[i] = a[i] > 0 && a[i] < 1 ? d * w2[i] * 2 * a[i] : 0;
                g_b1[i] += dh[i];
            }
            for (int j = 0; j < s->count[p]; j++) {
                float *row = g_w1 + (size_t)*f++ * h;
                for (uint32_t i = 0; i < h; i++)
                    row[i] += dh[i];
            }
        }
    }
    t->loss = loss;
    free(acc);
    free(dh);
    return NULL;
}

/* Runs order[first..last) over `threads` threads; returns the summed loss. With grads, each
 * thread's gradient lands in grads[t] (zeroed here). */
static double run_pass(const Model *m, const Dataset *d, const size_t *order, size_t first,
                       size_t last, int threads, double scale, double lambda, float **grads)
{
    Pass pass[TRAIN_THREADS_MAX];
    pthread_t handle[TRAIN_THREADS_MAX];
    size_t n = last - first;
    for (int t = 0; t < threads; t++) {
        pass[t] = (Pass){m,
                         d,
                         order,
                         first + n * (size_t)t / (size_t)threads,
                         first + n * (size_t)(t + 1) / (size_t)threads,
                         scale,
                         lambda,
                         grads ? grads[t] : NULL,
                         0};
        if (grads)
            memset(grads[t], 0, m->size * sizeof(float));
        if (t > 0 && pthread_create(&handle[t], NULL, pass_run, &pass[t]) != 0)
            abort();
    }
    pass_run(&pass[0]);
    double loss = pass[0].loss;
    for (int t = 1; t < threads; t++) {
        pthread_join(handle[t], NULL);
        loss += pass[t].loss;
    }
    return loss;
}

/* ---- Adam ------------------------------------------------------------------------------ */

typedef struct Adam {
    float *m, *v;
    uint64_t step;
} Adam;

static float clampf(float x, float limit) { return x > limit ? limit : x < -limit ? -limit : x; }

static void adam_step(Model *model, Adam *adam, const float *grad, double lr)
{
    adam->step++;
    double c1 = 1 - pow(ADAM_BETA1, (double)adam->step),
           c2 = 1 - pow(ADAM_BETA2, (double)adam->step);
    float a = (float)(lr * sqrt(c2) / c1);
    size_t w2_start = (size_t)(model->w2 - model->p), b2_start = (size_t)(model->b2 - model->p);
    for (size_t i = 0; i < model->size; i++) {
        float g = grad[i];
        adam->m[i] = (float)ADAM_BETA1 * adam->m[i] + (float)(1 - ADAM_BETA1) * g;
        adam->v[i] = (float)ADAM_BETA2 * adam->v[i] + (float)(1 - ADAM_BETA2) * g * g;
        float p = model->p[i] - a * adam->m[i] / (sqrtf(adam->v[i]) + (float)ADAM_EPSILON);
        model->p[i] = i >= b2_start ? p : clampf(p, i >= w2_start ? W2_LIMIT : W1_LIMIT);
    }
}

/* ---- checkpoints and the quantized net --------------------------------------------------- */

static const char CKPT_MAGIC[8] = {'W', 'Y', 'R', 'M', 'C', 'K', 'P', 'T'};

typedef struct CheckpointHeader {
    char magic[8];
    uint32_t version, features, hidden, epochs_done;
    char game[32];
    double scale;
    uint64_t size, step;
    uint32_t on_hand, reserved;
} CheckpointHeader;

static bool checkpoint_save(const char *path, const Game *game, const Model *m, const Adam *adam,
                            int epochs_done, double scale)
{
    CheckpointHeader h = {
        {0},     CHECKPOINT_VERSION, m->features, m->hidden, (uint32_t)epochs_done, {0}, scale,
        m->size, adam->step,         m->on_hand,  0};
    memcpy(h.magic, CKPT_MAGIC, sizeof h.magic);
    snprintf(h.game, sizeof h.game, "%s", game->name);
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
              fwrite(m->p, sizeof(float), m->size, f) == m->size &&
              fwrite(adam->m, sizeof(float), m->size, f) == m->size &&
              fwrite(adam->v, sizeof(float), m->size, f) == m->size;
    if (f && fclose(f) != 0)
        ok = false;
    return ok;
}

static bool checkpoint_load(const char *path, const Game *game, Model *m, Adam *adam,
                            int *epochs_done, double *scale, FILE *log)
{
    CheckpointHeader h;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(log, "train: %s: cannot open\n", path);
        return false;
    }
    bool ok = fread(&h, sizeof h, 1, f) == 1 && memcmp(h.magic, CKPT_MAGIC, 8) == 0 &&
              h.version == CHECKPOINT_VERSION;
    h.game[sizeof h.game - 1] = '\0';
    if (!ok)
        fprintf(log, "train: %s: not a wyrm checkpoint\n", path);
    else if (strcmp(h.game, game->name) != 0 || h.features != m->features ||
             h.hidden != m->hidden || h.size != m->size) {
        fprintf(log, "train: %s: a %s checkpoint of %u x %u, not %s %u x %u\n", path, h.game,
                h.features, h.hidden, game->name, m->features, m->hidden);
        ok = false;
    } else if (h.on_hand != m->on_hand) {
        fprintf(log,
                "train: %s: a checkpoint of a net %s the hand-written evaluation; -on-hand %s\n",
                path, h.on_hand ? "on" : "not on", h.on_hand ? "true" : "false");
        ok = false;
    } else if (fread(m->p, sizeof(float), m->size, f) != m->size ||
               fread(adam->m, sizeof(float), m->size, f) != m->size ||
               fread(adam->v, sizeof(float), m->size, f) != m->size) {
        fprintf(log, "train: %s: truncated\n", path);
        ok = false;
    }
    fclose(f);
    if (ok) {
        *epochs_done = (int)h.epochs_done;
        *scale = h.scale;
        adam->step = h.step;
    }
    return ok;
}

static NnueNet *quantize(const Model *m, const Game *game, double scale)
{
    NnueNet *net = xcalloc(1, sizeof *net);
    net->feature_count = m->features;
    net->hidden = m->hidden;
    net->scale = (int32_t)lround(scale);
    net->on_hand = m->on_hand;
    snprintf(net->game, sizeof net->game, "%s", game->name);
    size_t w1 = (size_t)m->features * m->hidden;
    net->w1 = xcalloc(1, w1 * sizeof(int16_t));
    net->b1 = xcalloc(1, m->hidden * sizeof(int16_t));
    net->w2 = xcalloc(1, 2 * (size_t)m->hidden * sizeof(int16_t));
    for (size_t i = 0; i < w1; i++)
        net->w1[i] = quantize16(m->w1[i] * NNUE_QA, INT16_MAX);
    for (uint32_t i = 0; i < m->hidden; i++)
        net->b1[i] = quantize16(m->b1[i] * NNUE_QA, INT16_MAX);
    for (uint32_t i = 0; i < 2 * m->hidden; i++)
        net->w2[i] = quantize16(m->w2[i] * NNUE_QB, NNUE_W2_MAX);
    net->b2 = (int32_t)lround(m->b2[0] * NNUE_QA * NNUE_QB);
    return net;
}

/* The quantized net's evaluation against the float net's (output * its own scale) on
 * validation positions: mean and largest difference in evaluation units. */
static void quantization_error(const Model *m, const NnueNet *net, const Dataset *d, size_t first,
                               size_t last, TrainResult *r)
{
    float *acc = xcalloc(1, 2 * (size_t)m->hidden * sizeof *acc);
    _Alignas(64) static int16_t qacc[2][NNUE_HIDDEN_MAX];
    double total = 0, worst = 0;
    size_t n = 0;
    for (size_t k = first; k < last && n < TRAIN_QUANT_SAMPLES; k++, n++) {
        const Sample *s = &d->samples[k];
        double want = forward(m, d, s, acc) * net->scale;
        const uint16_t *f = d->features + s->offset;
        nnue_refresh_accumulator(net, f, s->count[0], qacc[0]);
        nnue_refresh_accumulator(net, f + s->count[0], s->count[1], qacc[1]);
        double got = nnue_scale_output(net, nnue_output_sum(net, qacc[0], qacc[1]));
        double diff = fabs(got - want);
        total += diff;
        worst = diff > worst ? diff : worst;
    }
    r->mean_quantization_error = n ? total / (double)n : 0;
    r->max_quantization_error = worst;
    free(acc);
}

/* ---- training ---------------------------------------------------------------------------- */

static void shuffle(size_t *order, size_t count, uint64_t seed, int epoch)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + (uint64_t)epoch;
    for (size_t i = 0; i < count; i++)
        order[i] = i;
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)rng_below(&rng, i);
        size_t t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

bool train_run(const Game *game, const TrainConfig *c, FILE *log, TrainResult *r)
{
    memset(r, 0, sizeof *r);
    NnueSlot *slot = game->nnue;
    if (!slot) {
        fprintf(log, "train: %s has no learned evaluation (no feature set)\n", game->name);
        return false;
    }
    if (c->hidden % NNUE_HIDDEN_STEP || c->hidden > NNUE_HIDDEN_MAX || c->hidden <= 0) {
        fprintf(log, "train: -hidden %lld: a multiple of %d up to %d\n", c->hidden,
                NNUE_HIDDEN_STEP, NNUE_HIDDEN_MAX);
        return false;
    }
    int threads = (int)(c->threads < TRAIN_THREADS_MAX ? c->threads : TRAIN_THREADS_MAX);
    int64_t start = clock_now_ms();
    Dataset d = {0};
    bool ok = true;
    for (int i = 0; i < c->data_count && ok; i++)
        ok = load_file(game, c->data[i], &d, c->max_positions, c->on_hand, log);
    r->positions = (long long)d.count;
    r->validation = (long long)((double)d.count * c->validation);
    r->training = r->positions - r->validation;
    if (ok && (r->training < 1 || r->validation < 1)) {
        fprintf(log, "train: %lld positions are too few to split\n", r->positions);
        ok = false;
    }
    if (!ok) {
        free(d.samples);
        free(d.hand);
        free(d.features);
        return false;
    }
    r->bytes_per_position = (double)(d.count * (sizeof(Sample) + (d.hand ? sizeof *d.hand : 0)) +
                                     d.feature_count * sizeof(uint16_t)) /
                            (double)d.count;
    fprintf(log,
            "train: %lld positions (%lld training, %lld validation, the last of the files), "
            "%.1f bytes each in memory, loaded in %.1f s\n",
            r->positions, r->training, r->validation, r->bytes_per_position,
            (double)(clock_now_ms() - start) / 1000.0);

    Model m;
    model_init(&m, slot->feature_count, (uint32_t)c->hidden);
    m.on_hand = c->on_hand;
    Adam adam = {xcalloc(1, m.size * sizeof(float)), xcalloc(1, m.size * sizeof(float)), 0};
    int epochs_done = 0;
    double scale = c->scale;
    if (c->resume && c->init) {
        fprintf(log, "train: -resume and -init exclude each other\n");
        ok = false;
    } else if (c->resume) {
        ok = checkpoint_load(c->resume, game, &m, &adam, &epochs_done, &scale, log);
    } else if (c->init) {
        double net_scale = 0;
        ok = model_from_net(&m, slot, c->init, &net_scale, log);
        if (scale <= 0)
            scale = net_scale;
    } else {
        model_randomize(&m, (uint64_t)c->seed);
        if (scale <= 0)
            scale = fit_scale(&d, (size_t)r->training);
    }
    r->scale = scale;
    size_t *order = xcalloc(1, d.count * sizeof *order);
    float *grads[TRAIN_THREADS_MAX], *grad = xcalloc(1, m.size * sizeof(float));
    for (int t = 0; t < threads; t++)
        grads[t] = xcalloc(1, m.size * sizeof(float));
    size_t train_n = (size_t)r->training, val_n = (size_t)r->validation;
    for (size_t i = 0; i < d.count; i++)
        order[i] = i;
    double val_div = (double)val_n, lambda = c->lambda;
    if (ok) {
        double base = 0, hand = 0;
        for (size_t i = train_n; i < d.count; i++) {
            double want = target_of(&d.samples[i], scale, lambda);
            double e = sigmoid(d.samples[i].score / scale) - want;
            base += e * e;
            if (d.hand) {
                e = sigmoid(hand_of(&d, i, scale)) - want;
                hand += e * e;
            }
        }
        r->hand_validation_loss = hand / val_div;
        r->first_validation_loss =
            run_pass(&m, &d, order, train_n, d.count, threads, scale, lambda, NULL) / val_div;
        r->last_validation_loss = r->first_validation_loss;
        fprintf(log,
                "train: %s, %u features x %lld hidden, scale %.1f, lambda %.2f; validation loss "
                "%.6f at the start (the search's own scores alone: %.6f)\n",
                game->name, m.features, c->hidden, scale, lambda, r->first_validation_loss,
                base / val_div);
        if (d.hand)
            fprintf(log,
                    "train: on the hand-written evaluation, whose validation loss alone is "
                    "%.6f\n",
                    r->hand_validation_loss);
    }
    long long last = c->stop_after > 0 && epochs_done + c->stop_after < c->epochs
                         ? epochs_done + c->stop_after
                         : c->epochs;
    for (int epoch = epochs_done; ok && epoch < last; epoch++) {
        int64_t epoch_start = clock_now_ms();
        /* cosine decay from lr to lr_end over the run */
        double lr = c->lr_end +
                    0.5 * (c->lr - c->lr_end) * (1 + cos(M_PI * (double)epoch / (double)c->epochs));
        shuffle(order, train_n, (uint64_t)c->seed, epoch);
        double train_loss = 0;
        for (size_t b = 0; b < train_n; b += (size_t)c->batch) {
            size_t end = b + (size_t)c->batch < train_n ? b + (size_t)c->batch : train_n;
            train_loss += run_pass(&m, &d, order, b, end, threads, scale, lambda, grads);
            float inv = 1.0f / (float)(end - b);
            for (size_t i = 0; i < m.size; i++) {
                float g = 0;
                for (int t = 0; t < threads; t++)
                    g += grads[t][i];
                grad[i] = g * inv;
            }
            adam_step(&m, &adam, grad, lr);
        }
        for (size_t i = 0; i < d.count; i++)
            order[i] = i;
        r->last_validation_loss =
            run_pass(&m, &d, order, train_n, d.count, threads, scale, lambda, NULL) / val_div;
        double seconds = (double)(clock_now_ms() - epoch_start) / 1000.0;
        fprintf(log,
                "epoch %3d/%lld  lr %.6f  training loss %.6f  validation loss %.6f  %.1f s  "
                "%.0f positions/s\n",
                epoch + 1, c->epochs, lr, train_loss / (double)train_n, r->last_validation_loss,
                seconds, seconds > 0 ? (double)train_n / seconds : 0.0);
        fflush(log);
        if (c->checkpoint && !checkpoint_save(c->checkpoint, game, &m, &adam, epoch + 1, scale)) {
            fprintf(log, "train: cannot write %s\n", c->checkpoint);
            ok = false;
        }
    }
    if (ok) {
        NnueNet *net = quantize(&m, game, scale);
        quantization_error(&m, net, &d, train_n, d.count, r);
        char err[NNUE_ERR_MAX];
        ok = nnue_net_save(net, c->out, err);
        if (ok)
            fprintf(log,
                    "train: wrote %s; quantized against float on validation positions: mean "
                    "%.2f, largest %.2f evaluation units; %.1f s in all\n",
                    c->out, r->mean_quantization_error, r->max_quantization_error,
                    (double)(clock_now_ms() - start) / 1000.0);
        else
            fprintf(log, "train: %s\n", err);
        nnue_net_free(net);
    }
    for (int t = 0; t < threads; t++)
        free(grads[t]);
    free(grad);
    free(order);
    free(adam.m);
    free(adam.v);
    free(m.p);
    free(d.samples);
    free(d.hand);
    free(d.features);
    return ok;
}

/* ---- the command ------------------------------------------------------------------------- */

enum { TRAIN_FILES_MAX = 256 };

TrainConfig train_config_default(const Game *game)
{
    return (TrainConfig){.out = NULL,
                         .hidden = game->nnue ? game->nnue->default_hidden : 128,
                         .epochs = 30,
                         .batch = 4096,
                         .seed = 1,
                         .threads = 1,
                         .max_positions = 0,
                         .lr = 0.005,
                         .lr_end = 0.0001,
                         .lambda = 0.3,
                         .scale = 0,
                         .validation = 0.05};
}

int train_main(int argc, const char *const *argv, Engine *engine)
{
    const Game *game = engine_game(engine);
    const char *files = NULL;
    TrainConfig c = train_config_default(game);
    const ArgDef defs[] = {
        {"data", ARG_TEXT, &files, 0, 0, "data files, comma-separated (required)"},
        {"out", ARG_TEXT, &c.out, 0, 0, "the quantized net to write (required)"},
        {"hidden", ARG_INT, &c.hidden, 16, NNUE_HIDDEN_MAX, "hidden neurons per perspective"},
        {"epochs", ARG_INT, &c.epochs, 1, 100000, "passes over the training positions"},
        {"batch", ARG_INT, &c.batch, 1, 1 << 24, "positions per step"},
        {"lr", ARG_REAL, &c.lr, 1e-9, 1, "learning rate at the start"},
        {"lr-end", ARG_REAL, &c.lr_end, 0, 1, "learning rate at the end (cosine decay)"},
        {"lambda", ARG_REAL, &c.lambda, 0, 1, "weight of the game result in the target"},
        {"scale", ARG_REAL, &c.scale, 0, 1e6, "score per sigmoid unit (0: fitted to the data)"},
        {"validation", ARG_REAL, &c.validation, 0.001, 0.5, "share of positions held out"},
        {"seed", ARG_INT, &c.seed, 0, 9e18, "seed of the initial net and the shuffles"},
        {"threads", ARG_INT, &c.threads, 1, TRAIN_THREADS_MAX, "threads"},
        {"max-positions", ARG_INT, &c.max_positions, 0, 1e12, "positions to read (0: all)"},
        {"checkpoint", ARG_TEXT, &c.checkpoint, 0, 0, "float state after each epoch"},
        {"resume", ARG_TEXT, &c.resume, 0, 0, "float state to continue from"},
        {"init", ARG_TEXT, &c.init, 0, 0, "a net file to start from (its scale too)"},
        {"stop-after", ARG_INT, &c.stop_after, 0, 100000, "epochs to run now (0: all)"},
        {"on-hand", ARG_BOOL, &c.on_hand, 0, 0, "a net added to the hand-written evaluation"},
    };
    const ArgCommand command = {"train", "Trains a net for the game chosen with -v.", defs,
                                (int)(sizeof defs / sizeof defs[0])};
    int status = args_read(&command, argc, argv);
    if (status != ARGS_RUN)
        return status;
    if (!files || !c.out)
        return args_reject(&command, "-data and -out are required");
    char *list = xstrdup(files);
    const char *paths[TRAIN_FILES_MAX];
    int count = 0;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && count < TRAIN_FILES_MAX;
         tok = strtok_r(NULL, ",", &save))
        paths[count++] = tok;
    c.data = paths;
    c.data_count = count;
    TrainResult result;
    bool ok = train_run(game, &c, stderr, &result);
    free(list);
    return ok ? 0 : 1;
}
