#include "bench/match_stats.h"

#include <math.h>
#include <stdio.h>

/* The normal quantile of 0.975: a two-sided 95% interval. */
static const double Z_95 = 1.959963984540054;
/* fishtest's stand-in for an empty W, D or L cell in the LLR. */
static const double SPRT_EMPTY_CELL = 1e-3;

int match_score_games(const MatchScore *s)
{
    return s->wins + s->draws + s->losses;
}

static double elo_of_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

static double score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* Mean score and per-game variance of a W/D/L sample with the given cell counts. */
static void sample_moments(double w, double d, double l, double *mean, double *variance)
{
    double n = w + d + l;
    *mean = (w + 0.5 * d) / n;
    double m = *mean;
    *variance = (w * (1 - m) * (1 - m) + d * (0.5 - m) * (0.5 - m) + l * m * m) / n;
}

bool match_elo(const MatchScore *s, EloEstimate *out)
{
    int n = match_score_games(s);
    if (n == 0)
        return false;
    double mean, variance;
    sample_moments(s->wins, s->draws, s->losses, &mean, &variance);
    double spread = Z_95 * sqrt(variance / n);
    double low = mean - spread, high = mean + spread;
    out->score = mean;
    out->elo = elo_of_score(mean);
    out->margin = low <= 0 || high >= 1 ? INFINITY : (elo_of_score(high) - elo_of_score(low)) / 2;
    int decisive = s->wins + s->losses;
    out->los = decisive == 0 ? 0.5 : 0.5 * (1 + erf((s->wins - s->losses) / sqrt(2.0 * decisive)));
    return true;
}

/* Bisection steps for the tilt x: the interval starts below 1e3 wide, and 200 halvings
 * reach the limit of a double. */
enum { SPRT_BISECTIONS = 200 };

/* The distribution nearest (in likelihood) to p with expected score s: q_j = p_j / (1 + x
 * (a_j - s)), where x makes the expected score s. The function of x below falls from
 * +inf to -inf across the interval where every denominator is positive. */
static void nearest_with_score(const double p[3], double s, double q[3])
{
    static const double a[3] = {1.0, 0.5, 0.0};
    double lo = -1 / (1 - s), hi = 1 / s, x = 0;
    for (int step = 0; step < SPRT_BISECTIONS; step++) {
        x = (lo + hi) / 2;
        double f = 0;
        for (int j = 0; j < 3; j++)
            f += p[j] * (a[j] - s) / (1 + x * (a[j] - s));
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    for (int j = 0; j < 3; j++)
        q[j] = p[j] / (1 + x * (a[j] - s));
}

double match_sprt_llr(const SprtConfig *sprt, const MatchScore *s)
{
    if (match_score_games(s) == 0)
        return 0;
    double counts[3] = {s->wins, s->draws, s->losses};
    double n = 0, p[3], q0[3], q1[3];
    for (int j = 0; j < 3; j++)
        n += counts[j] = counts[j] > 0 ? counts[j] : SPRT_EMPTY_CELL;
    for (int j = 0; j < 3; j++)
        p[j] = counts[j] / n;
    nearest_with_score(p, score_of_elo(sprt->elo0), q0);
    nearest_with_score(p, score_of_elo(sprt->elo1), q1);
    double llr = 0;
    for (int j = 0; j < 3; j++)
        llr += p[j] * log(q1[j] / q0[j]);
    return n * llr;
}

double match_sprt_lower(const SprtConfig *sprt)
{
    return log(sprt->beta / (1 - sprt->alpha));
}

double match_sprt_upper(const SprtConfig *sprt)
{
    return log((1 - sprt->beta) / sprt->alpha);
}

SprtVerdict match_sprt_verdict(const SprtConfig *sprt, const MatchScore *s)
{
    double llr = match_sprt_llr(sprt, s);
    if (llr >= match_sprt_upper(sprt))
        return SPRT_H1;
    if (llr <= match_sprt_lower(sprt))
        return SPRT_H0;
    return SPRT_CONTINUE;
}

void match_format_elo(double elo, char *buf, size_t size)
{
    if (isinf(elo))
        snprintf(buf, size, "%sinf", elo < 0 ? "-" : "");
    else
        /* Rounded first, so that a small negative figure never shows as "-0.0". */
        snprintf(buf, size, "%.1f", round(elo * 10) / 10 + 0.0);
}
