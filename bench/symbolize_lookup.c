/* symbolize_lookup.c: the profan side of bench/symbolize.sh. Reads hex SVMAs
 * (one per line) for one ELF file, builds a profile with one sample per
 * address the way the samply loader does, runs symbolize_profile() and prints
 * every sample's frames innermost first in addr2line's -a -f -i layout, so the
 * whole path (find, verify, resolve, rebuild stacks, output) is timed. */
#include <stdio.h>
#include <stdlib.h>

#include "profan/find.h"
#include "profan/symbolize.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: symbolize_lookup ELF < addresses\n");
		return 2;
	}
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	char *id = symfind_build_id(argv[1]);
	struct pf_lib lib = {.name = profile_intern(&p, "bench"), .path = profile_intern(&p, argv[1]),
			     .code_id = profile_intern(&p, id ? id : "")};
	free(id);
	uint32_t l = profile_add_lib(&p, &lib);
	char line[64];
	uint32_t unresolved = profile_intern(&p, "unresolved");
	while (fgets(line, sizeof(line), stdin)) {
		struct pf_func f = {.name = unresolved, .lib = l, .flags = PF_FUNC_UNRESOLVED};
		struct pf_frame fr = {.func = profile_intern_func(&p, &f), .lib = l,
				      .address = strtoull(line, NULL, 16)};
		int64_t one = 1;
		uint32_t frame = profile_intern_frame(&p, &fr);
		profile_add_sample(&p, profile_intern_stack(&p, PF_NONE, frame), PF_NONE, &one);
	}
	struct symbolize_stats st;
	if (symbolize_profile(&p, &(struct symbolize_opts){0}, &st) != 0)
		return 1;
	for (size_t i = 0; i < p.sample_count; i++) {
		uint32_t s = p.sample_stack[i];
		printf("0x%016llx\n", (unsigned long long)profile_stack_frame(&p, s)->address);
		for (; s != PF_NONE; s = p.stacks.items[s].parent) {
			const struct pf_frame *f = profile_stack_frame(&p, s);
			const struct pf_func *fn = &p.funcs.items[f->func];
			const char *file = fn->file ? profile_str(&p, fn->file) : "??";
			printf("%s\n%s:%u\n", profile_str(&p, fn->name), file, f->line);
			if (!(f->flags & PF_FRAME_INLINED))
				break;
		}
	}
	fprintf(stderr, "%zu addresses, %zu resolved, %zu inline frames\n", st.addresses, st.resolved,
		st.inline_frames);
	profile_release(&p);
	return 0;
}
