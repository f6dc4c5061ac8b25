/* Unit tests for the rank-sum test and the verdict rule (stats.h). Expected values
 * are counted by hand in the comments, or are the published critical values of the
 * Mann-Whitney U test (two-tailed; e.g. the tables in Siegel & Castellan,
 * Nonparametric Statistics, table J). tests/diff/ranktest_reference.py checks
 * many more cases, with ties, against a brute-force enumeration. */
#include "analysis/stats.h"

#include "check.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static double p_of(const int64_t *a, size_t m, const int64_t *b, size_t n)
{
	return stats_rank_test(NULL, a, m, b, n);
}

static void hand_counted(void)
{
	/* 3 + 3 apart: 2 of the C(6,3) = 20 splits are as extreme (all low, all high) */
	int64_t a3[] = {1, 2, 3}, b3[] = {4, 5, 6};
	CHECK_DBL(p_of(a3, 3, b3, 3), 0.1, 1e-12);
	CHECK_DBL(p_of(b3, 3, a3, 3), 0.1, 1e-12);
	/* 4 + 4 apart: 2 / 70 */
	int64_t a4[] = {10, 20, 30, 40}, b4[] = {50, 60, 70, 80};
	CHECK_DBL(p_of(a4, 4, b4, 4), 2.0 / 70, 1e-12);
	/* 4 + 4 with U = 1 (ranks 1 2 3 5): rank sums 10 and 11 and their mirrors, 4 / 70 */
	int64_t a4u[] = {1, 2, 3, 5}, b4u[] = {4, 6, 7, 8};
	CHECK_DBL(p_of(a4u, 4, b4u, 4), 4.0 / 70, 1e-12);
	/* ties: {0 0 0} vs {1 1 2}: doubled mid-ranks 4 4 4 | 9 9 12, W2 = 12, E = 21; only
	 * {0 0 0} (12) and {1 1 2} (30) are 9 away: 2 / 20 */
	int64_t at[] = {0, 0, 0}, bt[] = {1, 1, 2};
	CHECK_DBL(p_of(at, 3, bt, 3), 0.1, 1e-12);
	/* {0 0 1} vs {0 1 1}: W2 = 30 - 6k for k zeros taken; every split is at least 3 away: 1 */
	int64_t au[] = {0, 0, 1}, bu[] = {0, 1, 1};
	CHECK_DBL(p_of(au, 3, bu, 3), 1.0, 1e-12);
	/* one value everywhere, an empty arm */
	int64_t z[] = {7, 7, 7};
	CHECK_DBL(p_of(z, 3, z, 2), 1.0, 0);
	CHECK_DBL(p_of(z, 0, z, 3), 1.0, 0);
	/* 1 + 1: two splits, both as extreme */
	CHECK_DBL(p_of(a3, 1, b3, 1), 1.0, 1e-12);
	/* 1 + 2 apart: the low value is in the first arm in 1 of 3 splits, high in 1: 2 / 3 */
	CHECK_DBL(p_of(a3, 1, b3, 2), 2.0 / 3, 1e-12);
}

/* Ranks 1..2K with the first arm's rank-sum excess U = sum(ranks) - K(K+1)/2. */
static void arms_with_u(size_t k, size_t u, int64_t *a, int64_t *b)
{
	int64_t r[64];
	for (size_t i = 0; i < k; i++)
		r[i] = (int64_t)i + 1;
	for (size_t i = k; i-- > 0 && u > 0;) { /* the largest first, each up to K places */
		size_t step = u < k ? u : k;
		r[i] += (int64_t)step;
		u -= step;
	}
	size_t nb = 0;
	for (int64_t v = 1; v <= (int64_t)(2 * k); v++) {
		bool in_a = false;
		for (size_t i = 0; i < k; i++)
			in_a |= r[i] == v;
		if (!in_a)
			b[nb++] = v;
	}
	for (size_t i = 0; i < k; i++)
		a[i] = r[i];
}

static void published_critical_values(void)
{
	/* two-tailed critical U for equal arms: p(U = crit) <= alpha < p(U = crit + 1) */
	static const struct {
		size_t k, crit;
		double alpha;
	} tab[] = {
		{4, 0, 0.05},  {5, 2, 0.05},  {6, 5, 0.05},  {7, 8, 0.05}, {8, 13, 0.05},
		{9, 17, 0.05}, {10, 23, 0.05}, {6, 2, 0.01}, {7, 4, 0.01}, {8, 7, 0.01}, {10, 16, 0.01},
	};
	for (size_t i = 0; i < N_OF(tab); i++) {
		int64_t a[32], b[32];
		arms_with_u(tab[i].k, tab[i].crit, a, b);
		double p = p_of(a, tab[i].k, b, tab[i].k);
		CHECK(p <= tab[i].alpha);
		arms_with_u(tab[i].k, tab[i].crit + 1, a, b);
		double q = p_of(a, tab[i].k, b, tab[i].k);
		CHECK(q > tab[i].alpha);
		if (!(p <= tab[i].alpha && q > tab[i].alpha))
			fprintf(stderr, "  k=%zu crit=%zu: p %.5f, next %.5f\n", tab[i].k, tab[i].crit, p, q);
	}
	/* 5 + 5, U = 2: partitions of 0, 1, 2 into at most 5 parts of at most 5: 1 + 1 + 2, twice, of 252 */
	int64_t a[5], b[5];
	arms_with_u(5, 2, a, b);
	CHECK_DBL(p_of(a, 5, b, 5), 8.0 / 252, 1e-12);
}

static void smallest_p_and_runs_needed(void)
{
	CHECK_DBL(stats_min_p(3, 3), 0.1, 1e-12);
	CHECK_DBL(stats_min_p(4, 4), 2.0 / 70, 1e-12);
	CHECK_DBL(stats_min_p(8, 8), 2.0 / 12870, 1e-15);
	CHECK_DBL(stats_min_p(1, 1), 1.0, 0);
	CHECK_DBL(stats_min_p(1, 5), 2.0 / 6, 1e-12);
	CHECK_INT(stats_runs_needed(0.05), 4);
	CHECK_INT(stats_runs_needed(0.10), 3);
	CHECK_INT(stats_runs_needed(0.01), 5); /* 2/252 = 0.0079 */
	CHECK_INT(stats_runs_needed(0.001), 7); /* 2/924 = 0.0022 (6), 2/3432 = 0.00058 (7) */
}

static void normal_approximation(void)
{
	/* 31 + 31 runs, every run apart: exact p = 2 / C(62, 31) ~ 2.6e-18; the normal
	 * approximation (z = (480.5 - 0.5) / sqrt(31*31*63/12) = 6.7) gives ~2e-11: tiny either way */
	int64_t a[31], b[31];
	for (int i = 0; i < 31; i++)
		a[i] = i, b[i] = 100 + i;
	double p = p_of(a, 31, b, 31);
	CHECK(p > 0 && p < 1e-9);
	/* interleaved: as central as can be */
	for (int i = 0; i < 31; i++)
		a[i] = 2 * i, b[i] = 2 * i + 1;
	CHECK(p_of(a, 31, b, 31) > 0.8);
}

static void verdicts(void)
{
	struct stats_comparison c;
	struct stats_cache *cache = stats_cache_new();
	/* apart, and the medians 41 apart with fourth spreads 2 and 3: changed at 95 % */
	int64_t a[] = {100, 101, 102, 103}, b[] = {140, 141, 143, 144};
	stats_compare(cache, a, 4, b, 4, 0.05, false, &c);
	CHECK_INT(c.verdict, STATS_CHANGED);
	CHECK_INT(c.a.median, 101); /* (101 + 102) / 2 rounded down */
	CHECK_INT(c.b.median, 142);
	CHECK_INT(c.a.min, 100);
	CHECK_INT(c.b.max, 144);
	CHECK_INT(c.a.spread, 2); /* halves {100 101} {102 103}: 102 - 100 (medians rounded down) */
	CHECK_INT(c.b.spread, 3); /* {140 141} {143 144}: 143 - 140 */
	CHECK_DBL(c.p, 2.0 / 70, 1e-12);
	/* one stray run widens the range, not the fourth spread: still changed */
	int64_t w[] = {60, 101, 102, 110};
	stats_compare(cache, w, 4, b, 4, 0.05, false, &c);
	CHECK_INT(c.a.spread, 26); /* {60 101} -> 80 (80.5 rounded down), {102 110} -> 106 */
	CHECK_INT(c.verdict, STATS_CHANGED); /* medians 101 and 142: 41 > 1.5 * 26 = 39 */
	/* apart, but a middle half of runs as wide as the gap: noise */
	int64_t x[] = {60, 70, 120, 130};
	stats_compare(cache, x, 4, b, 4, 0.05, false, &c);
	CHECK_INT(c.a.spread, 60); /* {60 70} -> 65, {120 130} -> 125 */
	CHECK_INT(c.verdict, STATS_NOISE); /* |142 - 95| = 47 <= 1.5 * 60 */
	CHECK(!c.beyond_spread);
	/* odd counts: the middle run is in both halves; {1 2 9}: halves {1 2} {2 9} -> 1 and 5 */
	struct stats_summary s;
	stats_summarise((int64_t[]){9, 1, 2}, 3, &s);
	CHECK_INT(s.spread, 4);
	CHECK_INT(s.median, 2);
	stats_summarise((int64_t[]){7}, 1, &s);
	CHECK_INT(s.spread, 0);
	/* three runs per arm cannot reach 95 %, can reach 90 % */
	stats_compare(cache, a, 3, b, 3, 0.05, false, &c);
	CHECK_INT(c.verdict, STATS_UNDECIDED);
	stats_compare(cache, a, 3, b, 3, 0.10, false, &c);
	CHECK_INT(c.verdict, STATS_CHANGED);
	/* one run per arm: no noise estimate, however far apart */
	stats_compare(cache, a, 1, b, 1, 0.05, false, &c);
	CHECK_INT(c.verdict, STATS_UNDECIDED);
	/* deterministic counts: one run per arm, any difference is a change */
	stats_compare(cache, a, 1, b, 1, 0.05, true, &c);
	CHECK_INT(c.verdict, STATS_CHANGED);
	CHECK(c.exact);
	int64_t same[] = {5, 5}, same2[] = {5, 5, 5};
	stats_compare(cache, same, 2, same2, 3, 0.05, true, &c);
	CHECK_INT(c.verdict, STATS_SAME);
	/* deterministic, but runs of an arm disagree: the rank rule decides */
	int64_t d1[] = {5, 6}, d2[] = {9, 9};
	stats_compare(cache, d1, 2, d2, 2, 0.05, true, &c);
	CHECK(!c.exact);
	CHECK_INT(c.verdict, STATS_UNDECIDED); /* 2 + 2: smallest p 1/3 */
	stats_cache_free(cache);
}

static void cache_gives_the_same_answers(void)
{
	struct stats_cache *cache = stats_cache_new();
	int64_t a[] = {0, 0, 3, 9, 1}, b[] = {4, 0, 8, 8, 12, 2};
	for (int round = 0; round < 3; round++)
		CHECK_DBL(stats_rank_test(cache, a, 5, b, 6), p_of(a, 5, b, 6), 0);
	/* more tie patterns than the cache holds */
	for (int64_t k = 0; k < 100; k++) {
		int64_t x[] = {k % 7, 1, 2, 3}, y[] = {k % 5, 4, 5, 6, 7};
		CHECK_DBL(stats_rank_test(cache, x, 4, y, 5), p_of(x, 4, y, 5), 0);
	}
	stats_cache_free(cache);
}

int main(void)
{
	RUN(hand_counted);
	RUN(published_critical_values);
	RUN(smallest_p_and_runs_needed);
	RUN(normal_approximation);
	RUN(verdicts);
	RUN(cache_gives_the_same_answers);
	return check_summary();
}
