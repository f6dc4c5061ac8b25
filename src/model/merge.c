/* merge.c: several inputs of one format as one profile (profan samply a.json
 * b.json), each input's threads tagged with its run number. */
#include <stdlib.h>
#include <string.h>

#include "profan/profile.h"

static uint32_t restr(struct profile *dst, const struct profile *src, uint32_t id)
{
	return id == 0 ? 0
		       : strmap_intern_len(&dst->strings, profile_str(src, id),
					   strmap_len(&src->strings, id));
}

size_t profile_run_count(const struct profile *p)
{
	uint32_t max = 0;
	for (size_t t = 0; t < p->threads.len; t++)
		if (p->threads.items[t].run > max)
			max = p->threads.items[t].run;
	return (size_t)max + 1;
}

/* Samples of run RUN that have no thread get one, so that every sample knows its input. */
static void give_threads(struct profile *p, size_t from, uint32_t run)
{
	uint32_t th = PF_NONE;
	for (size_t i = from; i < p->sample_count; i++) {
		if (p->sample_thread[i] != PF_NONE)
			continue;
		if (th == PF_NONE)
			th = profile_add_thread(
				p, &(struct pf_thread){
					   .name = profile_intern(p, profile_printf(p, "(file %u)", run + 1)),
					   .run = run});
		p->sample_thread[i] = th;
	}
}

int profile_merge(struct profile *dst, const struct profile *src, const char *origin)
{
	if (dst->format && src->format && strcmp(dst->format, src->format) != 0) {
		pf_error("%s: cannot merge a profile of format %s into one of format %s", origin, src->format,
			 dst->format);
		return -1;
	}
	size_t metric_of[PF_MAX_METRICS];
	for (size_t m = 0; m < src->metric_count; m++) {
		const struct pf_metric *sm = &src->metrics[m];
		size_t d = profile_metric_index(dst, sm->name);
		if (d == SIZE_MAX) {
			if (dst->metric_count == PF_MAX_METRICS) {
				pf_error("%s: too many metrics to merge", origin);
				return -1;
			}
			d = profile_add_metric(dst, sm->name, sm->label, sm->unit);
			dst->metrics[d].additive = sm->additive;
			dst->metrics[d].counts_samples = sm->counts_samples;
		} else if (dst->metrics[d].unit != sm->unit) {
			pf_error("%s: metric '%s' has another unit than in the first input", origin,
				 sm->name);
			return -1;
		}
		metric_of[m] = d;
	}
	/* each input's sums fit in int64 (profile.h); the merged ones must too */
	for (size_t m = 0; m < src->metric_count; m++) {
		int64_t a, b;
		if (!profile_metric_sum(dst, metric_of[m], &a) || !profile_metric_sum(src, m, &b) ||
		    __builtin_add_overflow(a, b, &a)) {
			pf_error("%s: %s summed over the merged files exceeds 2^63 - 1", origin,
				 src->metrics[m].name);
			return -1;
		}
	}
	uint32_t run = (uint32_t)profile_run_count(dst);
	if (run == 1) /* DST is a single input so far */
		give_threads(dst, 0, 0);
	/* libraries: the same file in two runs is one library */
	uint32_t *lib_map = xreallocarray(NULL, src->libs.len + 1, sizeof(*lib_map));
	for (size_t l = 0; l < src->libs.len; l++) {
		const struct pf_lib *sl = &src->libs.items[l];
		struct pf_lib nl = *sl;
		nl.name = restr(dst, src, sl->name);
		nl.path = restr(dst, src, sl->path);
		nl.debug_name = restr(dst, src, sl->debug_name);
		nl.debug_path = restr(dst, src, sl->debug_path);
		nl.code_id = restr(dst, src, sl->code_id);
		nl.breakpad_id = restr(dst, src, sl->breakpad_id);
		nl.sym_file = restr(dst, src, sl->sym_file);
		nl.label = restr(dst, src, sl->label);
		lib_map[l] = PF_NONE;
		for (size_t d = 0; d < dst->libs.len && lib_map[l] == PF_NONE; d++) {
			const struct pf_lib *dl = &dst->libs.items[d];
			if (dl->name == nl.name && dl->path == nl.path && dl->code_id == nl.code_id)
				lib_map[l] = (uint32_t)d;
		}
		if (lib_map[l] == PF_NONE)
			lib_map[l] = profile_add_lib(dst, &nl);
	}
#define MAP_LIB(x) ((x) == PF_NONE ? PF_NONE : lib_map[(x)])
	uint32_t *func_map = xreallocarray(NULL, src->funcs.len + 1, sizeof(*func_map));
	for (size_t f = 0; f < src->funcs.len; f++) {
		struct pf_func nf = src->funcs.items[f];
		nf.name = restr(dst, src, nf.name);
		nf.file = restr(dst, src, nf.file);
		nf.lib = MAP_LIB(nf.lib);
		func_map[f] = profile_intern_func(dst, &nf);
	}
	uint32_t *frame_map = xreallocarray(NULL, src->frames.len + 1, sizeof(*frame_map));
	for (size_t f = 0; f < src->frames.len; f++) {
		struct pf_frame nf = src->frames.items[f];
		nf.func = func_map[nf.func];
		nf.lib = MAP_LIB(nf.lib);
		nf.file = restr(dst, src, nf.file);
		nf.text = restr(dst, src, nf.text);
		frame_map[f] = profile_intern_frame(dst, &nf);
	}
	for (size_t i = 0; i < src->line_ticks.len; i++) {
		const struct pf_line_ticks *lt = &src->line_ticks.items[i];
		profile_add_line_ticks(dst, func_map[lt->func], lt->line, lt->ticks);
	}
	uint32_t *stack_map = xreallocarray(NULL, src->stacks.len + 1, sizeof(*stack_map));
	for (size_t s = 0; s < src->stacks.len; s++) {
		const struct pf_stack *ss = &src->stacks.items[s];
		stack_map[s] = profile_intern_stack(
			dst, ss->parent == PF_NONE ? PF_NONE : stack_map[ss->parent], frame_map[ss->frame]);
	}
#undef MAP_LIB
	uint32_t *thread_map = xreallocarray(NULL, src->threads.len + 1, sizeof(*thread_map));
	for (size_t t = 0; t < src->threads.len; t++) {
		struct pf_thread nt = src->threads.items[t];
		nt.name = restr(dst, src, nt.name);
		nt.process_name = restr(dst, src, nt.process_name);
		nt.pid = restr(dst, src, nt.pid);
		nt.tid = restr(dst, src, nt.tid);
		nt.run = run;
		thread_map[t] = profile_add_thread(dst, &nt);
	}
	size_t first = dst->sample_count;
	int64_t values[PF_MAX_METRICS];
	for (size_t i = 0; i < src->sample_count; i++) {
		memset(values, 0, sizeof(values));
		for (size_t m = 0; m < src->metric_count; m++)
			values[metric_of[m]] = src->sample_values[m][i];
		uint32_t s = src->sample_stack[i], t = src->sample_thread[i];
		profile_add_sample(dst, s == PF_NONE ? PF_NONE : stack_map[s],
				   t == PF_NONE ? PF_NONE : thread_map[t], values);
	}
	give_threads(dst, first, run);
	for (size_t w = 0; w < src->warnings.len; w++)
		vec_push(&dst->warnings, profile_printf(dst, "%s: %s", origin, src->warnings.items[w]));
	free(lib_map);
	free(func_map);
	free(frame_map);
	free(stack_map);
	free(thread_map);
	return 0;
}

void profile_note_inputs(struct profile *p, const char *const *paths, size_t n)
{
	if (n < 2)
		return;
	/* the loader's own header lines (duration, sample counts, threads) describe the first run */
	for (size_t i = 0; i < p->info.len; i++)
		p->info.items[i].value = profile_printf(p, "%s (file 1)", p->info.items[i].value);
	p->figures.len = 0; /* a number says what it is of by its key alone: not "file 1" */
	const char *list = "";
	for (size_t i = 0; i < n; i++)
		list = profile_printf(p, "%s%s%zu: %s", list, i ? ", " : "", i + 1, paths[i]);
	profile_add_info(p, "Inputs", profile_printf(p, "%zu files merged (%s)", n, list));
}
