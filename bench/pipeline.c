/* pipeline.c: how much each pipeline step costs next to what every subcommand
 * already does (weights + self + inclusive views), on one synthetic profile:
 * 2M samples over ~400k stack nodes, 4000 functions, 5 to 60 frames deep. Prints
 * each step's time as a ratio to that reference, measured in the same run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/pipeline/pipeline_int.h"
#include "profan/cli.h"
#include "profan/report.h"

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

/* Time of cli_parse + pipeline_prepare + pipeline_finish for ARGS on a fresh copy of P. */
static double step(const struct profile *p, const char *const *args)
{
	static const struct cli_command cmd = {.name = "bench", .summary = "", .usage = ""};
	char *argv[16];
	int argc = 0, first;
	argv[argc++] = "bench";
	for (size_t i = 0; args[i]; i++)
		argv[argc++] = (char *)args[i];
	struct cli_common c;
	cli_parse(&cmd, argc, argv, &c, NULL, NULL, &first);
	struct profile q;
	profile_init(&q);
	profile_merge(&q, p, "copy"); /* a private copy, outside the timing */
	double t0 = now();
	struct report r;
	report_init(&r);
	if (pipeline_prepare(&c, &q) < 0 || pipeline_finish(&c, &q, 0, &r) != 0)
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
	const struct {
		const char *name;
		const char *args[8];
	} steps[] = {
		{"--focus function_1[0-9]$", {"--focus", "function_1[0-9]$", NULL}},
		{"--hide module1::", {"--hide", "module1::", NULL}},
		{"--root-at module3::", {"--root-at", "module3::", NULL}},
		{"--collapse-recursion", {"--collapse-recursion", NULL}},
		{"--by file", {"--by", "file", NULL}},
		{"--tree", {"--tree", NULL}},
		{"--inverted", {"--inverted", NULL}},
		{"--callers function_7$", {"--callers", "function_7$", NULL}},
		{"--folded", {"--folded", "/tmp/profan-bench.folded", NULL}},
		{"--pprof", {"--pprof", "/tmp/profan-bench.pb.gz", NULL}},
		{"--flamegraph", {"--flamegraph", "/tmp/profan-bench.svg", NULL}},
	};
	for (size_t i = 0; i < ARRAY_SIZE(steps); i++) {
		double t = step(&p, steps[i].args);
		printf("  %-28s %7.3f s  %5.2fx reference\n", steps[i].name, t, t / ref);
	}
	profile_release(&p);
	return 0;
}
