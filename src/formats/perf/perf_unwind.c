/* perf_unwind.c: user stacks from REGS_USER and STACK_USER (perf_unwind.h). */
#include "perf_unwind.h"

#define X86_REG_IP 8

/* Register K of S's copy, or 0 when the mask has no such register. */
static uint64_t reg(const struct perf_sample *s, unsigned k)
{
	if (!(s->regs_mask >> k & 1))
		return 0;
	return perf_rd64(s->regs + 8 * (size_t)__builtin_popcountll(s->regs_mask & ((1ull << k) - 1)));
}

uint64_t perf_regs_ip(const struct perf_sample *s)
{
	return s->regs ? reg(s, X86_REG_IP) : 0;
}

struct perf_unwinder *perf_unwind_new(const struct symbolize_opts *o, const struct profile *p)
{
	(void)o;
	(void)p;
	return NULL;
}

void perf_unwind_free(struct perf_unwinder *u)
{
	(void)u;
}

int perf_unwind(struct perf_unwinder *u, const struct perf_maps *maps, const struct perf_sample *s,
		uint64_t *pcs, size_t max, size_t *n)
{
	(void)u;
	(void)maps;
	(void)s;
	(void)pcs;
	(void)max;
	*n = 0;
	return -1;
}
