/* pipeline.c: how much each pipeline step costs next to what every subcommand
 * already does (weights + self + inclusive views), on one synthetic profile:
 * 2M samples over ~400k stack nodes, 4000 functions, 5 to 60 frames deep. Prints
 * each step's time as a ratio to that reference, measured in the same run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "profan/driver.h"
#include "profan/report.h"
#include "profan/views.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t rng = 88172645463325252ULL;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static void build(struct profile *p)
{
	profile_init(p);
	p->format = "bench";
	profile_add_metric(p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	uint32_t libs[8];
	for (int l = 0; l < 8; l++) {
		char name[32];
		snprintf(name, sizeof(name), "lib%d.so", l);
		libs[l] = profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, name)});
	}
	uint32_t frames[4000];
	for (int f = 0; f < 4000; f++) {
		char name[48], file[32];
		snprintf(name, sizeof(name), "ns::module%d::function_%d", f % 97, f);
		snprintf(file, sizeof(file), "src/file%d.c", f % 300);
		frames[f] = profile_func_frame(p, profile_intern(p, name), profile_intern(p, file),
					       libs[f % 8], (uint32_t)(f % 500 + 1), 0, 0);
	}
	/* samples walk random paths from a few hundred entry points, so prefixes are shared */
	for (int i = 0; i < 2000000; i++) {
		uint32_t s = PF_NONE, depth = 5 + rnd(56);
		uint32_t f = rnd(40);
		for (uint32_t d = 0; d < depth; d++) {
			s = profile_intern_stack(p, s, frames[f]);
			f = (f * 31 + 7 + (d < 5 ? rnd(3) : 0)) % 4000; /* branchy near the root only */
		}
		int64_t v = 1000 + rnd(200);
		profile_add_sample(p, s, PF_NONE, &v);
	}
}

static double reference(const struct profile *p)
{
	double t0 = now();
	struct pf_weights w;
	weights_compute(&w, p, 0, NULL);
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	struct pf_rows a, b;
	view_self(p, &w, keys, nkeys, &a);
	view_inclusive(p, &w, keys, nkeys, &b);
	double t = now() - t0;
	rows_release(&a);
	rows_release(&b);
	free(keys);
	weights_release(&w);
	return t;
}

/* Time of the driver's stages (transforms, views, trees, exports) with options O on a fresh copy of P. */
static double step(const struct profile *p, const struct profan_opts *o)
{
	struct profile q;
	profile_init(&q);
	profile_merge(&q, p, "copy"); /* a private copy, outside the timing */
	double t0 = now();
	struct report r;
	report_init(&r);
	if (driver_run_profile(o, &q, "bench", &r) != 0)
		fprintf(stderr, "bench: step failed\n");
	double t = now() - t0;
	report_release(&r);
	profile_release(&q);
	return t;
}

int main(void)
{
	struct profile p;
	double t0 = now();
	build(&p);
	printf("profile: %zu samples, %zu stack nodes, %zu functions (built in %.2f s)\n", p.sample_count,
	       p.stacks.len, p.funcs.len, now() - t0);
	double ref = reference(&p);
	printf("reference (weights + self + inclusive views): %.3f s\n", ref);
	double base = 0;
	for (int i = 0; i <= 11; i++) {
		struct profan_opts o;
		profan_opts_init(&o);
		const char *name = "no options (the generic views)";
		struct transform_step st = {0};
		switch (i) {
		case 1: name = "--focus function_1[0-9]$", st = (struct transform_step){TRANSFORM_FOCUS, "function_1[0-9]$", 0}; break;
		case 2: name = "--hide module1::", st = (struct transform_step){TRANSFORM_HIDE, "module1::", 0}; break;
		case 3: name = "--root-at module3::", st = (struct transform_step){TRANSFORM_ROOT_AT, "module3::", 0}; break;
		case 4: name = "--collapse-recursion", st.kind = TRANSFORM_COLLAPSE_RECURSION; break;
		case 5: name = "--by file", st = (struct transform_step){TRANSFORM_BY, NULL, TRANSFORM_BY_FILE}; break;
		case 6: name = "--tree", o.tree = true; break;
		case 7: name = "--inverted", o.inverted = true; break;
		case 8: name = "--callers function_7$", o.callers = "function_7$"; break;
		case 9: name = "--folded", o.folded = "/tmp/profan-bench.folded"; break;
		case 10: name = "--pprof", o.pprof = "/tmp/profan-bench.pb.gz"; break;
		case 11: name = "--flamegraph", o.flamegraph = "/tmp/profan-bench.svg"; break;
		}
		if (i >= 1 && i <= 5)
			o.steps[o.step_count++] = st;
		double t = step(&p, &o);
		if (i == 0)
			base = t;
		printf("  %-32s %7.3f s  %5.2fx reference  (+%.3f s over no options)\n", name, t, t / ref,
		       i ? t - base : 0.0);
	}
	profile_release(&p);
	return 0;
}
