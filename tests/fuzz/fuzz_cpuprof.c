/* fuzz_cpuprof.c: the V8 CPU profile loader and the wasm module reader on
 * arbitrary bytes. The first byte picks what to drive: bit 0 the wasm reader,
 * bits 1-2 the weighting, bit 3 --profile all; the rest is the input. */
#include <stddef.h>
#include <stdint.h>

#include "profan/cpuprof.h"
#include "profan/load.h"
#include "profan/wasm.h"

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
		if (wasm_module_parse(data, size, "fuzz.wasm", &m) == 0) {
			for (uint32_t i = 0; i < m.import_funcs + m.body_count + 1; i++)
				(void)wasm_body_at(&m, i, i), (void)wasm_func_name(&m, i);
			wasm_module_release(&m);
		}
		return 0;
	}
	struct cpuprof_opts o = {.weight = (enum cpuprof_weight)((mode >> 1) % 3),
				 .profile = (mode & 8) ? "all" : NULL};
	struct profile p;
	if (load_buffer((const char *)data, size, "fuzz", NULL, cpuprof_load, &o, &p) == 0)
		profile_release(&p);
	return 0;
}
