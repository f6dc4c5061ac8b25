/* stats_cli: stats.h's tests on cases read from stdin, one per line, printing
 * p per line (for stats_reference.py):
 *   A1 A2 ... | B1 B2 ...     the rank-sum test of the two arms
 *   binom KA NA KB NB         the binomial test of the samples of a row */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats.h"

int main(void)
{
	char line[65536];
	struct stats_cache *cache = stats_cache_new();
	while (fgets(line, sizeof(line), stdin)) {
		int64_t v[2][512];
		size_t n[2] = {0, 0};
		long long k[4];
		if (sscanf(line, "binom %lld %lld %lld %lld", &k[0], &k[1], &k[2], &k[3]) == 4) {
			printf("%.17g\n", stats_binomial_p(k[0], k[1], k[2], k[3]));
			continue;
		}
		int arm = 0;
		for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
			if (strcmp(tok, "|") == 0)
				arm = 1;
			else if (n[arm] < 512)
				v[arm][n[arm]++] = strtoll(tok, NULL, 10);
		}
		printf("%.17g\n", stats_rank_test(cache, v[0], n[0], v[1], n[1]));
	}
	stats_cache_free(cache);
	return 0;
}
