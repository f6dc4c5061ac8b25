/* fuzz_runorder.c: the parser of a comparison's arms (runorder.h) on arbitrary bytes:
 * --order TEXT for a number of base and new runs, the run times read from file names,
 * and the order made from those times.
 *
 * The first two bytes are the counts of base and new runs (0 to 255 each); the rest is
 * split at its NUL bytes into the --order text and the file names. Checked: an order
 * that parses has exactly NB letters A and NN letters B and nothing else; one that does
 * not gives a reason that makes one safe diagnostic line, as profan diff prints it; the
 * order from the names' times is NULL or again NB A and NN B; the ABBA verdict is one of
 * 'A', 'B' or 0. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"
#include "profan/runorder.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ORDER has only 'A' and 'B', NB and NN of them. */
static void check_letters(const char *order, size_t nb, size_t nn)
{
	size_t count[2] = {0, 0};
	for (const char *s = order; *s; s++) {
		if (*s != 'A' && *s != 'B')
			fuzz_broken("an order with a letter other than A and B", order, strlen(order));
		count[*s == 'B']++;
	}
	if (count[0] != nb || count[1] != nn)
		fuzz_broken("an order whose letters do not match the runs", order, strlen(order));
	char first = runorder_always_first(order);
	if (first != 0 && first != 'A' && first != 'B')
		fuzz_broken("runorder_always_first out of range", order, strlen(order));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	size_t nb = data[0], nn = data[1];
	char *text = xstrndup((const char *)data + 2, size - 2); /* cut at the first NUL: argv's */
	char err[160];
	char *order = runorder_parse(text, nb, nn, err, sizeof(err));
	if (order != NULL) {
		check_letters(order, nb, nn);
		free(order);
	} else {
		fuzz_diag_begin();
		pf_error("diff: --order wants %s", err);
		fuzz_diag_end(true);
	}
	/* the file names after the order, one per run while there are names */
	size_t n = nb + nn;
	int64_t *when = xcalloc(n + 1, sizeof(*when));
	bool *known = xcalloc(n + 1, sizeof(*known));
	const char *p = (const char *)data + 2, *end = (const char *)data + size;
	p += strnlen(p, (size_t)(end - p));
	for (size_t i = 0; i < n && p < end; i++) {
		p++; /* the NUL */
		size_t len = strnlen(p, (size_t)(end - p));
		char *name = xstrndup(p, len);
		known[i] = runorder_time_in_name(name, &when[i]);
		if (known[i] && (when[i] < 19700101000000 || when[i] > 99991231235960))
			fuzz_broken("a time out of range", name, len);
		free(name);
		p += len;
	}
	for (int64_t gap = 1; gap <= 100000000; gap *= 100000000) {
		order = runorder_from_times(when, known, nb, nn, gap);
		if (order != NULL) {
			check_letters(order, nb, nn);
			free(order);
		}
	}
	free(when);
	free(known);
	free(text);
	return 0;
}
