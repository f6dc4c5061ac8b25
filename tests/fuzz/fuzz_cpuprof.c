/* fuzz_cpuprof.c: the V8 CPU profile loader and the wasm module reader on
 * arbitrary bytes. The first byte picks what to drive: bit 0 the wasm reader,
 * bits 1-2 the weighting, bit 3 --profile all; the rest is the input. A
 * profile that loads then goes through the whole `profan cpuprof` command. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>

#include "cpuprof/cpuprof.h"
#include "profan/load.h"
#include "cpuprof/wasm.h"
#include "input/load_test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	uint8_t mode = data[0];
	data++, size--;
	pf_set_quiet(true);
	if (mode & 1) {
		struct wasm_module m;
		fuzz_diag_begin();
		int rc = wasm_module_parse(data, size, "fuzz.wasm", &m);
		fuzz_diag_end(rc != 0);
		if (rc == 0) {
			for (uint32_t i = 0; i < m.import_funcs + m.body_count + 1; i++)
				(void)wasm_body_at(&m, i, i), (void)wasm_func_name(&m, i);
			wasm_module_release(&m);
		}
		return 0;
	}
	struct cpuprof_opts o = {.weight = (enum cpuprof_weight)((mode >> 1) % 3),
				 .profile = (mode & 8) ? "all" : NULL};
	struct profile p;
	fuzz_diag_begin();
	int rc = load_buffer((const char *)data, size, "fuzz", NULL, cpuprof_load, &o, &p);
	fuzz_diag_end(rc != 0);
	if (rc == 0) {
		fuzz_check_sums(&p);
		profile_release(&p);
		struct profan_opts opts;
		struct cpuprof_view_opts co = {0};
		profan_opts_init(&opts);
		profan_set_format_opts(&opts, &cpuprof_format, &co);
		co.weight = (enum cpuprof_weight)(((mode >> 1) & 3) % 3);
		if (mode & 64) /* else the default choice: the trace's largest profile */
			co.profile = (mode & 8) ? "all" : (mode & 16) ? "1" : "0x1";
		fuzz_run("cpuprof", data, size, &opts, size, (mode & 64) ? 2 : 1, false);
		if (mode & 128) { /* the file against itself: every change is 0 */
			profan_opts_init(&opts);
			fuzz_run("cpuprof", data, size, &opts, size / 3, 1, true);
		}
	}
	return 0;
}
