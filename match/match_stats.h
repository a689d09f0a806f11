/*
 * Match statistics from the first engine's point of view.
 *
 * Elo: the score s = (W + D/2) / N maps to elo(s) = -400 log10(1/s - 1) (the logistic
 * model). The 95% margin takes the per-game standard deviation of the W/D/L sample,
 * sigma = sqrt((W (1-s)^2 + D (1/2-s)^2 + L s^2) / N), the score interval
 * s +- 1.959964 sigma / sqrt(N), and reports half the Elo width of that interval (as
 * cutechess-cli does).
 *
 * SPRT: the generalised SPRT on the trinomial W/D/L model with logistic Elo bounds
 * s_i = 1 / (1 + 10^(-elo_i / 400)), in its exact maximum-likelihood form (Van den Bergh's,
 * as fishtest's LLR_logistic computes it). With p the observed W/D/L frequencies and
 * a = (1, 1/2, 0) their scores, the distribution closest to p with expected score s is
 * q_j = p_j / (1 + x (a_j - s)), x solving sum_j p_j (a_j - s) / (1 + x (a_j - s)) = 0;
 * then LLR = N sum_j p_j ln(q1_j / q0_j). A count of 0 is taken as 0.001 (fishtest's
 * regularisation), so the LLR is finite from the first game and moves slowly while one
 * kind of result is all there is. The test stops with H1 (elo >= elo1) when
 * LLR >= ln((1-beta)/alpha) and with H0 (elo <= elo0) when LLR <= ln(beta/(1-alpha)).
 *
 * Pentanomial: games come in pairs on one opening with the sides swapped, and the two
 * games of a pair are not independent (an opening that favours one side gives one win to
 * each engine). The pair is the sample: its score, from the first engine's side, is 0, 1/4,
 * 1/2, 3/4 or 1 (0, 1/2, 1, 3/2 or 2 points of 2), and the five counts are the pentanomial
 * distribution. Its mean is the same score s, its per-pair variance
 * v = sum_i p_i (a_i - s)^2 with a = (0, 1/4, 1/2, 3/4, 1); the interval is
 * s +- 1.959964 sqrt(v / pairs), the margin half its Elo width, the LOS
 * Phi((s - 1/2) / sqrt(v / pairs)) (fastchess's model). The SPRT is the same exact
 * maximum-likelihood LLR over the five outcomes with N = pairs. Only complete pairs count;
 * a match stopped by the SPRT or by Ctrl-C may leave one game without its partner.
 */
#pragma once

#include <stdbool.h>

#include "match/match.h"

typedef struct MatchScore {
    int wins, draws, losses;
} MatchScore;

/* Complete pairs by the first engine's points over the pair, in halves: [0] lost both,
 * [1] a loss and a draw, [2] one win and one loss or two draws, [3] a win and a draw,
 * [4] won both. */
typedef struct PairCounts {
    int n[5];
} PairCounts;

typedef struct EloEstimate {
    double score;  /* (W + D/2) / N */
    double elo;    /* +-INFINITY at a score of 1 or 0 */
    double margin; /* INFINITY when the interval reaches a score of 0 or 1 */
    double los;    /* likelihood of superiority, 0..1 */
} EloEstimate;

typedef enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 } SprtVerdict;

int match_score_games(const MatchScore *s);

/* false with no games played. */
bool match_elo(const MatchScore *s, EloEstimate *out);

/* The same figures from complete pairs; false with no pair. */
bool match_elo_pairs(const PairCounts *pairs, EloEstimate *out);
int match_pair_count(const PairCounts *pairs);

double match_sprt_llr(const SprtConfig *sprt, const MatchScore *s);
double match_sprt_llr_pairs(const SprtConfig *sprt, const PairCounts *pairs);
double match_sprt_lower(const SprtConfig *sprt);
double match_sprt_upper(const SprtConfig *sprt);
/* The verdict of an LLR against the test's bounds. */
SprtVerdict match_sprt_decide(const SprtConfig *sprt, double llr);
/* The verdict under the test's model (sprt->model): the trinomial one from the games, the
 * pentanomial one from the complete pairs. */
SprtVerdict match_sprt_verdict(const SprtConfig *sprt, const MatchScore *s);
SprtVerdict match_sprt_verdict_model(const SprtConfig *sprt, const MatchScore *s,
                                     const PairCounts *pairs);

/* "12.3", "inf", "-inf": Elo figures for reports. */
void match_format_elo(double elo, char *buf, size_t size);
