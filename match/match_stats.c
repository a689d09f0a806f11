#include "match/match_stats.h"

#include <math.h>
#include <stdio.h>

/* The normal quantile of 0.975: a two-sided 95% interval. */
static const double Z_95 = 1.959963984540054;
/* fishtest's stand-in for an empty W, D or L cell in the LLR. */
static const double SPRT_EMPTY_CELL = 1e-3;

int match_score_games(const MatchScore *s) { return s->wins + s->draws + s->losses; }

static double elo_of_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

static double score_of_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Mean score and per-game variance of a W/D/L sample with the given cell counts. */
static void sample_moments(double w, double d, double l, double *mean, double *variance)
{
    double n = w + d + l;
    *mean = (w + 0.5 * d) / n;
    double m = *mean;
    *variance = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
}

/* The Elo and its 95% margin of a mean score with its standard error. */
static void estimate(double mean, double std_error, EloEstimate *out)
{
    double spread = Z_95 * std_error;
    double low = mean - spread, high = mean + spread;
    out->score = mean;
    out->elo = elo_of_score(mean);
    out->margin = low <= 0 || high >= 1 ? INFINITY : (elo_of_score(high) - elo_of_score(low)) / 2;
}

bool match_elo(const MatchScore *s, EloEstimate *out)
{
    int n = match_score_games(s);
    if (n == 0)
        return false;
    double mean, variance;
    sample_moments(s->wins, s->draws, s->losses, &mean, &variance);
    estimate(mean, sqrt(variance / n), out);
    int decisive = s->wins + s->losses;
    out->los = decisive == 0 ? 0.5 : 0.5 * (1 + erf((s->wins - s->losses) / sqrt(2.0 * decisive)));
    return true;
}

/* Bisection steps for the tilt x: the interval starts below 1e3 wide, and 200 halvings
 * reach the limit of a double. */
enum { SPRT_BISECTIONS = 200 };

/* The distribution nearest (in likelihood) to p over outcomes scored a (from 0 to 1) with
 * expected score s: q_j = p_j / (1 + x (a_j - s)), where x makes the expected score s. The
 * function of x below falls from +inf to -inf across the interval where every denominator
 * is positive. */
static void nearest_with_score(int k, const double *p, const double *a, double s, double *q)
{
    double lo = -1 / (1 - s), hi = 1 / s, x = 0;
    for (int step = 0; step < SPRT_BISECTIONS; step++) {
        x = (lo + hi) / 2;
        double f = 0;
        for (int j = 0; j < k; j++)
            f += p[j] * (a[j] - s) / (1 + x * (a[j] - s));
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    for (int j = 0; j < k; j++)
        q[j] = p[j] / (1 + x * (a[j] - s));
}

enum { OUTCOMES_MAX = 5 };

/* The exact LLR of k outcome counts scored a, an empty cell counting SPRT_EMPTY_CELL. */
static double llr_of_counts(const SprtConfig *sprt, int k, const int *count, const double *a)
{
    double n = 0, c[OUTCOMES_MAX], p[OUTCOMES_MAX], q0[OUTCOMES_MAX], q1[OUTCOMES_MAX];
    int total = 0;
    for (int j = 0; j < k; j++) {
        total += count[j];
        n += c[j] = count[j] > 0 ? count[j] : SPRT_EMPTY_CELL;
    }
    if (total == 0)
        return 0;
    for (int j = 0; j < k; j++)
        p[j] = c[j] / n;
    nearest_with_score(k, p, a, score_of_elo(sprt->elo0), q0);
    nearest_with_score(k, p, a, score_of_elo(sprt->elo1), q1);
    double llr = 0;
    for (int j = 0; j < k; j++)
        llr += p[j] * log(q1[j] / q0[j]);
    return n * llr;
}

double match_sprt_llr(const SprtConfig *sprt, const MatchScore *s)
{
    static const double scores[3] = {1.0, 0.5, 0.0};
    int counts[3] = {s->wins, s->draws, s->losses};
    return llr_of_counts(sprt, 3, counts, scores);
}

/* A pair's score from its points in halves: index i scores i/4. */
static const double PAIR_SCORES[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

double match_sprt_llr_pairs(const SprtConfig *sprt, const PairCounts *pairs)
{
    return llr_of_counts(sprt, 5, pairs->n, PAIR_SCORES);
}

int match_pair_count(const PairCounts *pairs)
{
    int n = 0;
    for (int i = 0; i < 5; i++)
        n += pairs->n[i];
    return n;
}

bool match_elo_pairs(const PairCounts *pairs, EloEstimate *out)
{
    int n = match_pair_count(pairs);
    if (n == 0)
        return false;
    double mean = 0, variance = 0;
    for (int i = 0; i < 5; i++)
        mean += pairs->n[i] * PAIR_SCORES[i] / n;
    for (int i = 0; i < 5; i++)
        variance += pairs->n[i] * (PAIR_SCORES[i] - mean) * (PAIR_SCORES[i] - mean) / n;
    double std_error = sqrt(variance / n);
    estimate(mean, std_error, out);
    /* Phi((s - 1/2) / se); with no spread at all the sign decides. */
    out->los = std_error > 0 ? 0.5 * (1 + erf((mean - 0.5) / (std_error * sqrt(2.0))))
               : mean > 0.5  ? 1.0
               : mean < 0.5  ? 0.0
                             : 0.5;
    return true;
}

double match_sprt_lower(const SprtConfig *sprt) { return log(sprt->beta / (1 - sprt->alpha)); }

double match_sprt_upper(const SprtConfig *sprt) { return log((1 - sprt->beta) / sprt->alpha); }

SprtVerdict match_sprt_decide(const SprtConfig *sprt, double llr)
{
    if (llr >= match_sprt_upper(sprt))
        return SPRT_H1;
    if (llr <= match_sprt_lower(sprt))
        return SPRT_H0;
    return SPRT_CONTINUE;
}

SprtVerdict match_sprt_verdict(const SprtConfig *sprt, const MatchScore *s)
{
    return match_sprt_decide(sprt, match_sprt_llr(sprt, s));
}

SprtVerdict match_sprt_verdict_model(const SprtConfig *sprt, const MatchScore *s,
                                     const PairCounts *pairs)
{
    return match_sprt_decide(sprt, sprt->model == SPRT_PENTANOMIAL
                                       ? match_sprt_llr_pairs(sprt, pairs)
                                       : match_sprt_llr(sprt, s));
}

void match_format_elo(double elo, char *buf, size_t size)
{
    if (isinf(elo))
        snprintf(buf, size, "%sinf", elo < 0 ? "-" : "");
    else
        /* Rounded first, so that a small negative figure never shows as "-0.0". */
        snprintf(buf, size, "%.1f", round(elo * 10) / 10 + 0.0);
}
