/* fuzz_perf.c: the perf.data reader and loader on arbitrary bytes (src/formats/perf/): a file
 * that loads must pass profile_check(); then the whole `profan perf` command runs on it
 * (symbol files and unwinding off: the bytes name paths on this disk) with one of a few option
 * sets, and against itself in a diff. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>

#include "perf/perf.h"
#include "samply/samply.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pf_set_quiet(true);
	struct profile p;
	profile_init(&p);
	struct perf_load_opts lo = {.no_unwind = true};
	fuzz_diag_begin();
	int rc = perf_load(data, size, "fuzz", &p, &lo);
	fuzz_diag_end(rc != 0);
	if (rc == 0) {
		const char *bad = profile_check(&p);
		if (bad != NULL) {
			fprintf(stderr, "profile_check: %s\n", bad);
			abort();
		}
		fuzz_check_sums(&p);
	}
	profile_release(&p);
	struct profan_opts o;
	struct samply_view_opts so = {0};
	profan_opts_init(&o);
	profan_set_format_opts(&o, &samply_format, &so); /* perf's views are samply's, with its options */
	o.no_symbols = true;
	static const char *const ours[] = {"0x|work"};
	switch (size % 4) {
	case 1: o.metric = "samples"; break;
	case 2: o.own.ours = (struct pattern_list){ours, 1}; break;
	case 3: o.metric = "weight", so.threads = true; break;
	default: break;
	}
	fuzz_run("perf", data, size, &o, size / 4, 2, false);
	if (size % 5 == 0) {
		profan_opts_init(&o);
		o.no_symbols = true;
		fuzz_run("perf", data, size, &o, size / 5, 1, true);
	}
	return 0;
}
