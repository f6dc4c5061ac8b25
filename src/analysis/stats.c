/* stats.c: the rank-sum test and the verdict rule of profan diff (stats.h).
 *
 * Ranks are doubled so mid-ranks of ties stay integers: a tie group over the
 * 1-based ranks i..j gets i + j each. The statistic is W2, the sum of the first
 * arm's doubled ranks; under "no difference" every split of the pooled values is
 * equally likely and E[W2] = M(N+1) for M runs of N in all. The exact distribution
 * is counted over all C(N, M) splits by dynamic programming on (runs taken, sum). */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"
#include "profan/views.h"
#include "views_int.h"

void stats_summarise(const int64_t *v, size_t n, struct stats_summary *out)
{
	memset(out, 0, sizeof(*out));
	if (n == 0)
		return;
	int64_t *copy = xreallocarray(NULL, n, sizeof(*copy));
	memcpy(copy, v, n * sizeof(*copy));
	out->median = median_i64(copy, n); /* sorts */
	out->min = copy[0];
	out->max = copy[n - 1];
	size_t half = (n + 1) / 2; /* an odd count's middle value is in both halves */
	int64_t lo = median_i64(copy, half), hi = median_i64(copy + (n - half), half);
	out->spread = hi - lo;
	free(copy);
}

/* One exact distribution: for M of N pooled values with these doubled ranks (in
 * rank order), COUNT[s] splits give W2 = s. */
struct dist {
	size_t m, n;
	uint32_t *ranks; /* n doubled ranks: the key */
	double *count;   /* smax + 1 */
	size_t smax;
	double total;    /* C(n, m) */
};

#define STATS_CACHE_SIZE 64

struct stats_cache {
	struct dist d[STATS_CACHE_SIZE];
	size_t len, next; /* full: replaced in turn */
};

struct stats_cache *stats_cache_new(void)
{
	return xcalloc(1, sizeof(struct stats_cache));
}

static void dist_release(struct dist *d)
{
	free(d->ranks);
	free(d->count);
}

void stats_cache_free(struct stats_cache *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->len; i++)
		dist_release(&c->d[i]);
	free(c);
}

static void dist_build(struct dist *d, size_t m, size_t n, const uint32_t *ranks)
{
	d->m = m;
	d->n = n;
	d->ranks = xreallocarray(NULL, n, sizeof(*d->ranks));
	memcpy(d->ranks, ranks, n * sizeof(*ranks));
	d->smax = 0;
	for (size_t i = n - m; i < n; i++) /* ranks ascend: the M largest */
		d->smax += ranks[i];
	size_t w = d->smax + 1;
	/* dp[j * w + s]: splits of the values seen so far taking j of them with sum s */
	double *dp = xcalloc((m + 1) * w, sizeof(*dp));
	dp[0] = 1;
	size_t reach = 0; /* largest sum reachable so far */
	for (size_t i = 0; i < n; i++) {
		size_t r = ranks[i];
		size_t jmax = i + 1 < m ? i + 1 : m;
		size_t top = reach < d->smax - r ? reach : d->smax - r; /* no final sum exceeds smax */
		for (size_t j = jmax; j >= 1; j--)
			for (size_t s = 0; s <= top; s++)
				dp[j * w + s + r] += dp[(j - 1) * w + s];
		reach = reach + r < d->smax ? reach + r : d->smax;
	}
	d->count = xcalloc(w, sizeof(*d->count));
	memcpy(d->count, dp + m * w, w * sizeof(*dp));
	free(dp);
	d->total = 0;
	for (size_t s = 0; s < w; s++)
		d->total += d->count[s];
}

static const struct dist *dist_get(struct stats_cache *c, struct dist *own, size_t m, size_t n,
				   const uint32_t *ranks)
{
	if (c == NULL) {
		dist_build(own, m, n, ranks);
		return own;
	}
	for (size_t i = 0; i < c->len; i++)
		if (c->d[i].m == m && c->d[i].n == n && memcmp(c->d[i].ranks, ranks, n * sizeof(*ranks)) == 0)
			return &c->d[i];
	struct dist *d;
	if (c->len < STATS_CACHE_SIZE) {
		d = &c->d[c->len++];
	} else {
		d = &c->d[c->next];
		c->next = (c->next + 1) % STATS_CACHE_SIZE;
		dist_release(d);
	}
	dist_build(d, m, n, ranks);
	return d;
}

struct ranked {
	int64_t v;
	size_t from_a; /* 1: the first arm's */
};

static int ranked_cmp(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	return a->v < b->v ? -1 : a->v > b->v;
}

double stats_rank_test(struct stats_cache *cache, const int64_t *a, size_t m, const int64_t *b, size_t n)
{
	if (m == 0 || n == 0)
		return 1;
	size_t total = m + n;
	struct ranked *v = xreallocarray(NULL, total, sizeof(*v));
	for (size_t i = 0; i < m; i++)
		v[i] = (struct ranked){a[i], 1};
	for (size_t i = 0; i < n; i++)
		v[m + i] = (struct ranked){b[i], 0};
	qsort(v, total, sizeof(*v), ranked_cmp);
	uint32_t *ranks = xreallocarray(NULL, total, sizeof(*ranks));
	uint64_t w2 = 0;
	double ties = 0; /* sum of t^3 - t over tie groups */
	for (size_t i = 0; i < total;) {
		size_t j = i;
		while (j + 1 < total && v[j + 1].v == v[i].v)
			j++;
		for (size_t k = i; k <= j; k++) {
			ranks[k] = (uint32_t)(i + 1 + j + 1);
			if (v[k].from_a)
				w2 += ranks[k];
		}
		double t = (double)(j - i + 1);
		ties += t * t * t - t;
		i = j + 1;
	}
	double mean = (double)m * (double)(total + 1);
	double dev = fabs((double)w2 - mean);
	double p;
	if (ties == (double)total * total * total - (double)total) {
		p = 1; /* one value in every run: nothing to tell apart */
	} else if (total <= STATS_EXACT_MAX) {
		struct dist own = {0};
		const struct dist *d = dist_get(cache, &own, m, total, ranks);
		double hit = 0;
		for (size_t s = 0; s <= d->smax; s++)
			if (d->count[s] != 0 && fabs((double)s - mean) >= dev)
				hit += d->count[s];
		p = hit / d->total;
		if (cache == NULL)
			dist_release(&own);
	} else {
		/* Var(W) = mn/12 (N + 1 - sum(t^3 - t) / (N(N - 1))); W2 = 2W; continuity: half a rank */
		double nn = (double)total;
		double var = (double)m * (double)n / 12.0 * (nn + 1 - ties / (nn * (nn - 1)));
		double z = (dev / 2 - 0.5) / sqrt(var);
		p = z <= 0 ? 1 : erfc(z / sqrt(2.0));
	}
	free(v);
	free(ranks);
	return p > 1 ? 1 : p;
}

double stats_min_p(size_t m, size_t n)
{
	if (m == 0 || n == 0)
		return 1;
	double c = 1; /* C(m + n, m), built as a product that stays exact for small arms */
	size_t k = m < n ? m : n;
	for (size_t i = 1; i <= k; i++)
		c = c * (double)(m + n - k + i) / (double)i;
	double p = 2 / c;
	return p > 1 ? 1 : p;
}

bool stats_reaches(double p, double alpha)
{
	return p <= alpha * (1 + 1e-9); /* 1 - 0.90 is 0.09999999999999998 in binary */
}

size_t stats_runs_needed(double alpha)
{
	size_t k = 1;
	while (!stats_reaches(stats_min_p(k, k), alpha) && k < 1000)
		k++;
	return k;
}

/* log C(n, k) p^k (1 - p)^(n - k) */
static double log_binomial_pmf(int64_t n, int64_t k, double p)
{
	return lgamma((double)n + 1) - lgamma((double)k + 1) - lgamma((double)(n - k) + 1) + (double)k * log(p) +
	       (double)(n - k) * log1p(-p);
}

double stats_binomial_p(int64_t ka, int64_t na, int64_t kb, int64_t nb)
{
	int64_t n = ka + kb;
	if (n <= 0 || na <= 0 || nb <= 0)
		return 1;
	double p0 = (double)na / ((double)na + (double)nb);
	if (n > STATS_BINOMIAL_EXACT_MAX) {
		double sd = sqrt((double)n * p0 * (1 - p0));
		double z = (fabs((double)ka - (double)n * p0) - 0.5) / sd;
		return z <= 0 ? 1 : erfc(z / sqrt(2.0));
	}
	/* two-sided: every outcome no more likely than the one observed (R's binom.test) */
	double observed = log_binomial_pmf(n, ka, p0), sum = 0;
	for (int64_t k = 0; k <= n; k++) {
		double l = log_binomial_pmf(n, k, p0);
		if (l <= observed + 1e-7)
			sum += exp(l);
	}
	return sum > 1 ? 1 : sum;
}

void stats_compare(struct stats_cache *cache, const int64_t *a, size_t m, const int64_t *b, size_t n,
		   double alpha, bool deterministic, struct stats_comparison *out)
{
	memset(out, 0, sizeof(*out));
	stats_summarise(a, m, &out->a);
	stats_summarise(b, n, &out->b);
	out->p = stats_rank_test(cache, a, m, b, n);
	int64_t spread = out->a.spread > out->b.spread ? out->a.spread : out->b.spread;
	int64_t diff = out->b.median - out->a.median;
	/* 2|diff| > 3 spread: 1.5 spreads without rounding (shares are ppm, far from overflow) */
	out->beyond_spread = 2 * (double)(diff < 0 ? -diff : diff) > 3 * (double)spread;
	bool runs_agree = out->a.min == out->a.max && out->b.min == out->b.max;
	if (m == 0 || n == 0) {
		out->verdict = STATS_UNDECIDED;
	} else if (deterministic && runs_agree) {
		out->exact = true;
		out->verdict = diff != 0 ? STATS_CHANGED : STATS_SAME;
	} else if (!stats_reaches(stats_min_p(m, n), alpha)) {
		out->verdict = STATS_UNDECIDED;
	} else {
		out->verdict = stats_reaches(out->p, alpha) && out->beyond_spread ? STATS_CHANGED : STATS_NOISE;
	}
}
