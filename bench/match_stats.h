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
 * (The pentanomial model would need complete game pairs; a match stopped by the SPRT or
 * by Ctrl-C may end in the middle of one.)
 */
#pragma once

#include <stdbool.h>

#include "bench/match.h"

typedef struct MatchScore {
    int wins, draws, losses;
} MatchScore;

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

double match_sprt_llr(const SprtConfig *sprt, const MatchScore *s);
double match_sprt_lower(const SprtConfig *sprt);
double match_sprt_upper(const SprtConfig *sprt);
SprtVerdict match_sprt_verdict(const SprtConfig *sprt, const MatchScore *s);

/* "12.3", "inf", "-inf": Elo figures for reports. */
void match_format_elo(double elo, char *buf, size_t size);
