/* stats.h: when is a difference between two groups of runs more than noise?
 * The rule behind profan diff's verdicts (docs/diff.md says it in plain words):
 *
 *   changed  when the exact two-sided Wilcoxon-Mann-Whitney rank-sum test of the
 *            two arms' per-run values gives p <= alpha (1 - the confidence), AND
 *            the arms' medians are further apart than 1.5 times either arm's
 *            spread, the fourth spread (Tukey's interquartile range: the distance
 *            between the medians of its lower and upper half of runs),
 *
 *   and, for sampled profiles, when the row's samples pooled over each arm's
 *            runs differ by more than sampling allows: a two-sided binomial test
 *            of its count in one arm out of both, at the same alpha.
 *
 * The rank test makes no assumption about the shape of the noise; the second
 * condition keeps the hundreds of rows a profile has (each of them a test) from
 * calling small, lucky separations changed (1.5 spreads is where a box plot's
 * whiskers end), without letting one stray run hide a change as a min-max range
 * would; the third keeps out the rows of a handful of samples. Deterministic
 * counts (DHAT) skip the rank test when every run of each arm agrees: any
 * difference is then a change. */
#ifndef PROFAN_STATS_H
#define PROFAN_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Up to this many runs in both arms together, p comes from the exact permutation
 * distribution; beyond it from the normal approximation (tie and continuity corrected). */
#define STATS_EXACT_MAX 60

struct stats_summary {
	int64_t median, min, max; /* median: the mean of the middle two for an even count, rounded down */
	int64_t spread;           /* fourth spread: median of the upper half - median of the lower half,
				   * the middle value in both halves for an odd count; 0 for one value */
};
void stats_summarise(const int64_t *v, size_t n, struct stats_summary *out);

/* Rank tests share their exact distributions (one per pattern of ties and pair of
 * arm sizes); a cache keeps them for the rows of one comparison. */
struct stats_cache;
struct stats_cache *stats_cache_new(void);
void stats_cache_free(struct stats_cache *c);

/* Two-sided p-value of the rank-sum test of A[0..M) against B[0..N): the
 * probability, over every way of splitting the pooled values into groups of M and
 * N, that the rank sum of the first group lies as far from its mean as A's does.
 * Ties take mid-ranks. 1 when an arm is empty or every value is the same. CACHE
 * may be NULL. */
double stats_rank_test(struct stats_cache *cache, const int64_t *a, size_t m, const int64_t *b, size_t n);

/* The smallest p the test can give with M and N runs (no ties): 2 / C(M+N, M), at most 1. */
double stats_min_p(size_t m, size_t n);

/* Runs per arm (the same in both) the test needs to reach ALPHA at all. */
size_t stats_runs_needed(double alpha);

/* P <= ALPHA, forgiving the rounding of ALPHA = 1 - confidence. */
bool stats_reaches(double p, double alpha);

/* Up to this many samples in all, the binomial test sums exact probabilities;
 * beyond it, the normal approximation with continuity correction. */
#define STATS_BINOMIAL_EXACT_MAX 5000

/* Two-sided p of KA samples of a row in an arm of NA samples against KB of NB:
 * the binomial test of KA out of KA + KB with success probability NA / (NA + NB),
 * every outcome no more likely than KA counting. 1 when there is nothing to test. */
double stats_binomial_p(int64_t ka, int64_t na, int64_t kb, int64_t nb);

enum stats_verdict {
	STATS_UNDECIDED, /* too few runs for the test to reach alpha: no noise estimate */
	STATS_NOISE,     /* no difference beyond the runs' own spread */
	STATS_CHANGED,   /* the arms separate beyond their spread, at the confidence asked */
	STATS_SAME,      /* deterministic counts, equal in every run */
	/* diff's verdicts on a row of a sampled profile beyond the rule above (diff.c): */
	STATS_SHARE_ONLY, /* its share moved beyond noise, its own value per run did not */
	STATS_FEW,        /* fewer samples than a verdict needs (DIFF_MIN_SAMPLES_PER_RUN) */
};

struct stats_comparison {
	struct stats_summary a, b;
	double p;       /* the rank test's; reported even where the verdict does not use it */
	bool beyond_spread; /* |median(B) - median(A)| > 1.5 max(spread(A), spread(B)) */
	bool exact;     /* the verdict came from deterministic counts, not from the rank test */
	enum stats_verdict verdict;
};

/* Compares A[0..M) with B[0..N) at ALPHA. DETERMINISTIC: the values are counts
 * that do not vary between runs of one program and input (DHAT): when every run of
 * each arm has the same value the verdict is changed for any difference and same
 * otherwise; runs that differ mean the program was not deterministic after all,
 * and the rank rule applies. */
void stats_compare(struct stats_cache *cache, const int64_t *a, size_t m, const int64_t *b, size_t n,
		   double alpha, bool deterministic, struct stats_comparison *out);

#endif
