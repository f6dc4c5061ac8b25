/* test_samply.c: the samply loader and native views against numbers from outside profan:
 * the hand-designed synthetic profile of tests/samply/gen.py (every layout v41-v66,
 * expectations in fixtures/samply/synthetic/expected.json, worked out in gen.py's
 * comments), the independently computed totals of the public fixtures (samply-format.md §10),
 * and malformed input, which must give exactly one error line. Profiles are parsed as the
 * driver parses them, with the sample columns read by samply_plan (json_plan.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "profan/format.h"
#include "profan/load.h"
#include "samply/native.h"
#include "samply/samply.h"
#include "profan/source.h"
#include "profan/views.h"
#include "input/json_test.h"
#include "input/load_test.h"

#define SYN PROFAN_FIXTURES "/samply/synthetic/"
#define PUB PROFAN_FIXTURES "/samply/public/"

static struct json_doc *expected_doc;
/* How the tests parse profiles: as the driver does, with the format's plan. */
static const struct json_parse_opts *const jopts = &samply_format.jopts;

static const struct json *expected(const char *key)
{
	if (expected_doc == NULL) {
		size_t len;
		char *buf = source_slurp(SYN "expected.json", &len);
		if (buf == NULL)
			return NULL;
		expected_doc = json_parse_buffer(buf, len, "expected.json", NULL);
		free(buf);
	}
	return expected_doc ? json_get(json_doc_root(expected_doc), key) : NULL;
}

static int64_t expected_int(const char *key)
{
	int64_t v = -1;
	const struct json *j = expected(key);
	if (j == NULL || !json_i64(j, &v))
		fprintf(stderr, "expected.json has no integer %s\n", key);
	return v;
}

static uint32_t func_named(const struct profile *p, const char *name)
{
	for (size_t f = 0; f < p->funcs.len; f++)
		if (strcmp(profile_func_name(p, (uint32_t)f), name) == 0)
			return (uint32_t)f;
	return PF_NONE;
}

static uint32_t lib_named(const struct profile *p, const char *name)
{
	for (size_t l = 0; l < p->libs.len; l++)
		if (strcmp(profile_str(p, p->libs.items[l].name), name) == 0)
			return (uint32_t)l;
	return (uint32_t)p->libs.len; /* the "(no library)" key */
}

/* Rows must be exactly the expected {name: value} map (rows with value 0 are ignored).
 * BY_LIB: keys are libraries; "(none)" names the extra key past the last function. */
static void check_rows(const char *what, const struct profile *p, const struct pf_rows *rows, const char *key,
		       bool by_lib)
{
	const struct json *want = expected(key);
	size_t nonzero = 0;
	for (size_t i = 0; i < rows->len; i++)
		nonzero += rows->items[i].value != 0;
	if (want == NULL || json_len(want) != nonzero) {
		fprintf(stderr, "%s %s: %zu rows, expected %zu\n", what, key, nonzero,
			want ? json_len(want) : 0);
		check_failures_++;
		return;
	}
	for (size_t m = 0; m < json_len(want); m++) {
		const char *name;
		int64_t v;
		json_i64(json_member(want, m, &name), &v);
		uint32_t k = by_lib ? lib_named(p, name)
			     : strcmp(name, "(none)") == 0 ? (uint32_t)p->funcs.len : func_named(p, name);
		int64_t got = -1;
		for (size_t i = 0; i < rows->len; i++)
			if (rows->items[i].key == k)
				got = rows->items[i].value;
		if (got != v) {
			fprintf(stderr, "%s %s[%s] == %lld, expected %lld\n", what, key, name, (long long)got,
				(long long)v);
			check_failures_++;
		}
	}
}

static void keep_owned(struct pf_rows *rows, const bool *owned)
{
	size_t k = 0;
	for (size_t i = 0; i < rows->len; i++)
		if (owned[rows->items[i].key])
			rows->items[k++] = rows->items[i];
	rows->len = k;
}

static bool pick_worker(void *ctx, const struct samply_thread_desc *t)
{
	(void)ctx;
	return strcmp(t->tid, "102") == 0; /* before v46 every main thread is named after its process */
}

static void check_layout(const char *file, const struct json_doc *syms)
{
	struct profile p;
	struct samply_opts o = {.syms = syms};
	if (load_file(file, jopts, samply_load, &o, &p) != 0) {
		fprintf(stderr, "%s: did not load\n", file);
		check_failures_++;
		return;
	}
	struct pf_weights w;
	weights_compute(&w, &p, SAMPLY_METRIC_CPU, NULL);
	CHECK_INT(w.total, expected_int("cpu_total"));
	CHECK_INT(w.sample_count, expected_int("samples"));
	CHECK_INT(p.warnings.len, 0);
	size_t nf, nl;
	uint32_t *fk = keys_by_func(&p, &nf), *lk = keys_by_lib(&p, &nl);
	bool *owned = native_owned_funcs(&p);
	struct pf_rows rows;

	view_self(&p, &w, lk, nl, &rows);
	check_rows(file, &p, &rows, "by_lib", true);
	rows_release(&rows);
	view_self(&p, &w, fk, nf, &rows);
	check_rows(file, &p, &rows, "self_all", false);
	keep_owned(&rows, owned);
	check_rows(file, &p, &rows, "self_app", false);
	rows_release(&rows);
	view_inclusive(&p, &w, fk, nf, &rows);
	keep_owned(&rows, owned);
	check_rows(file, &p, &rows, "inclusive_app", false);
	rows_release(&rows);
	view_nearest_owned(&p, &w, fk, nf, owned, &rows);
	check_rows(file, &p, &rows, "nearest", false);
	rows_release(&rows);

	char err[256];
	struct regex *e = regex_compile(NATIVE_ALLOC_ENTRY_DEFAULT, err, sizeof(err));
	struct regex *pl = regex_compile(NATIVE_ALLOC_PLUMBING_DEFAULT, err, sizeof(err));
	bool *is_e = native_funcs_matching(&p, e), *is_p = native_funcs_matching(&p, pl);
	CHECK_INT(view_alloc_callers(&p, &w, is_e, is_p, &rows), 50);
	check_rows(file, &p, &rows, "alloc", false);
	rows_release(&rows);

	struct regex *fib = regex_compile("^fib$", err, sizeof(err));
	bool *m = native_funcs_matching(&p, fib), *keep = native_samples_under(&p, m);
	struct pf_weights wu;
	weights_compute(&wu, &p, SAMPLY_METRIC_CPU, keep);
	CHECK_INT(wu.total, expected_int("under_fib"));
	CHECK_INT(wu.sample_count, 3);
	weights_release(&wu);

	CHECK_INT(samply_weight_metric(&p), SAMPLY_METRIC_WEIGHT); /* s8 has weight 3 */
	weights_compute(&wu, &p, samply_weight_metric(&p), NULL);
	CHECK_INT(wu.total, expected_int("weight"));
	view_self(&p, &wu, lk, nl, &rows);
	check_rows(file, &p, &rows, "weight_by_lib", true);
	rows_release(&rows);
	weights_release(&wu);

	/* Frames keyed by (lib, address): one app+0x700 frame, with the file's lib index and address. */
	uint32_t hex = func_named(&p, "app+0x700");
	CHECK(hex != PF_NONE && (p.funcs.items[hex].flags & PF_FUNC_UNRESOLVED));
	size_t fib_frames = 0;
	for (size_t f = 0; f < p.frames.len; f++) {
		if (p.frames.items[f].func == hex) {
			CHECK_INT(p.frames.items[f].lib, 0);
			CHECK_INT(p.frames.items[f].address, 0x700);
		}
		fib_frames += p.frames.items[f].func == func_named(&p, "fib");
	}
	CHECK_INT(fib_frames, 1);
	CHECK(p.libs.items[0].flags & PF_LIB_MAIN);

	regex_free(e);
	regex_free(pl);
	regex_free(fib);
	free(is_e);
	free(is_p);
	free(m);
	free(keep);
	free(fk);
	free(lk);
	free(owned);
	weights_release(&w);
	profile_release(&p);

	o.select_thread = pick_worker;
	if (load_file(file, jopts, samply_load, &o, &p) == 0) {
		weights_compute(&w, &p, SAMPLY_METRIC_CPU, NULL);
		CHECK_INT(w.total, expected_int("thread_worker"));
		CHECK_INT(p.threads.len, 1);
		weights_release(&w);
		profile_release(&p);
	}
}

static void every_layout_gives_the_designed_numbers(void)
{
	const char *v[] = {"41", "44", "46", "49", "55", "56", "60", "66"};
	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		char path[256];
		snprintf(path, sizeof(path), SYN "v%s.json", v[i]);
		check_layout(path, NULL);
	}
}

static void sidecar_names_hex_frames(void)
{
	size_t len;
	char *buf = source_slurp(SYN "v49-sidecar.syms.json", &len);
	struct json_doc *syms = buf ? json_parse_buffer(buf, len, "v49-sidecar.syms.json", NULL) : NULL;
	free(buf);
	CHECK(syms != NULL);
	if (syms != NULL)
		check_layout(SYN "v49-sidecar.json", syms);
	json_doc_free(syms);
}

static void missing_cpu_falls_back_with_a_warning(void)
{
	struct profile p;
	if (load_file(SYN "v55-nocpu.json", jopts, samply_load, NULL, &p) != 0) {
		CHECK(!"v55-nocpu.json loads");
		return;
	}
	struct pf_weights w;
	weights_compute(&w, &p, SAMPLY_METRIC_CPU, NULL);
	CHECK_INT(w.total, expected_int("nocpu_total"));
	CHECK_INT(p.warnings.len, 1);
	weights_release(&w);
	profile_release(&p);
}

/* samply-format.md §10: samples, Σweight, ΣthreadCPUDelta and distinct (lib, address) per public file. */
static void public_fixture(const char *name, size_t threads, int64_t samples, int64_t weight, int64_t cpu,
			   size_t distinct)
{
	char path[512];
	snprintf(path, sizeof(path), PUB "%s", name);
	struct profile p;
	if (load_file(path, jopts, samply_load, NULL, &p) != 0) {
		fprintf(stderr, "%s: did not load\n", name);
		check_failures_++;
		return;
	}
	int64_t sum[3] = {0};
	size_t wm = samply_weight_metric(&p);
	for (size_t i = 0; i < p.sample_count; i++) {
		sum[SAMPLY_METRIC_CPU] += p.sample_values[SAMPLY_METRIC_CPU][i];
		sum[SAMPLY_METRIC_SAMPLES] += p.sample_values[SAMPLY_METRIC_SAMPLES][i];
		sum[SAMPLY_METRIC_WEIGHT] += p.sample_values[wm][i];
	}
	CHECK_INT(p.threads.len, threads);
	CHECK_INT(sum[SAMPLY_METRIC_SAMPLES], samples);
	CHECK_INT(sum[SAMPLY_METRIC_WEIGHT], weight);
	CHECK_INT(sum[SAMPLY_METRIC_CPU], cpu);
	size_t pairs = 0;
	/* Frames are unique per (func, lib, address); unsymbolicated funcs are per (lib, address). */
	for (size_t f = 0; f < p.frames.len; f++)
		pairs += p.frames.items[f].address != PF_NO_ADDRESS;
	CHECK_INT(pairs, distinct);
	profile_release(&p);
}

static void public_fixtures_match_spec_totals(void)
{
	public_fixture("v41-import-perf-linux-aarch64-ls.json", 1, 5130, 13083, 153216, 608);
	public_fixture("v49-record-linux-x86_64-cxx-llvm-small.json.gz", 2, 21, 21, 14737, 100);
	public_fixture("v49-record-linux-x86_64-rust-vdso-small.json.gz", 7, 343, 343, 400073, 271);
	public_fixture("v55-record-linux-x86_64-nixos-multiprocess.json.gz", 23, 670, 670, 474709, 1098);
	public_fixture("v55-record-linux-x86_64-iouring-kernel-ip-34k-samples.json.gz", 3, 34510, 34510,
		       34438465, 828);
	/* ΣthreadCPUDelta is 0 here, so CPU falls back to weight x interval: 4 x 1 ms. */
	public_fixture("v66-fxprof-crate-snapshot-synthetic.json", 1, 4, 4, 4000, 15);
}

/* Runs the loader on TEXT with stderr captured; the load must fail with
 * exactly one line that contains NEEDLE. */
static void rejects(const char *text, const char *needle)
{
	struct stderr_capture cap;
	stderr_capture(&cap);
	struct profile p;
	int rc = load_buffer(text, strlen(text), "bad.json", jopts, samply_load, NULL, &p);
	char buf[2048];
	size_t n = stderr_captured(&cap, buf, sizeof(buf));
	if (rc == 0)
		profile_release(&p);
	CHECK_INT(rc, -1);
	size_t lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += buf[i] == '\n';
	if (lines != 1 || strncmp(buf, "profan: bad.json: ", 18) != 0 || strstr(buf, needle) == NULL) {
		fprintf(stderr, "for %s\n  got: %s  wanted one line with: %s\n", text, buf, needle);
		check_failures_++;
	}
}

#define HEAD "{\"meta\":{\"interval\":1,\"preprocessedProfileVersion\":55},\"libs\":[{\"name\":\"a\"}],"
#define TABLES(frames, stacks)                                                                          \
	"\"stringArray\":[\"0x10\",\"main\"],"                                                          \
	"\"resourceTable\":{\"length\":1,\"lib\":[0],\"name\":[0]},"                                    \
	"\"funcTable\":{\"length\":2,\"name\":[0,1],\"resource\":[0,-1]},"                              \
	"\"frameTable\":{\"length\":2,\"address\":" frames ",\"func\":[0,1]},"                          \
	"\"stackTable\":{\"length\":2,\"frame\":[0,1],\"prefix\":" stacks "},"
#define SAMPLES(stack)                                                                                       \
	"\"samples\":{\"length\":2,\"stack\":" stack ",\"timeDeltas\":[1,1],\"threadCPUDelta\":[5,6]}"
#define THREAD(frames, stacks, stack)                                                                        \
	HEAD "\"threads\":[{\"name\":\"t\",\"pid\":\"1\",\"tid\":\"1\"," TABLES(frames, stacks)              \
		SAMPLES(stack) "}]}"

static void good_minimal_profile_loads(void)
{
	struct profile p;
	const char *text = THREAD("[16,-1]", "[null,0]", "[1,null]");
	CHECK_INT(load_buffer(text, strlen(text), "ok.json", jopts, samply_load, NULL, &p), 0);
	if (p.sample_count == 2) {
		CHECK_INT(p.sample_values[SAMPLY_METRIC_CPU][0] + p.sample_values[SAMPLY_METRIC_CPU][1], 11);
		CHECK_STR(profile_func_name(&p, profile_stack_func(&p, p.sample_stack[0])), "main");
		CHECK_STR(profile_func_name(&p, profile_stack_func(&p, p.sample_stack[1])), "(no stack)");
		profile_release(&p);
	}
}

static void bad_input_gives_one_line(void)
{
	rejects("[1,2]", "expected an object");
	rejects("{\"libs\":[],\"threads\":[]}", "meta");
	rejects(THREAD("[16,-1]", "[1,null]", "[1,0]"), "parent stack 1 does not precede stack 0");
	rejects(THREAD("[16,-1]", "[null,1]", "[1,0]"), "does not precede");
	rejects(THREAD("[16,-1]", "[null,0]", "[2,0]"), "samples.stack[0]");
	rejects(THREAD("[16,-1]", "[null,0]", "[-1,0]"), "samples.stack[0]");
	rejects(THREAD("[4294967296,-1]", "[null,0]", "[1,0]"), "frameTable.address[0]");
	rejects(THREAD("[16,-2]", "[null,0]", "[1,0]"), "frameTable.address[1]");
	rejects(THREAD("[16]", "[null,0]", "[1,0]"), "frameTable.address");
	rejects(THREAD("[16,\"x\"]", "[null,0]", "[1,0]"), "frameTable.address[1]");
	rejects(THREAD("[16,-1]", "[null,0]", "\"no\""), "samples.stack");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"length\":1,\"stack\":[null]}}]}",
		"neither \"time\" nor \"timeDeltas\"");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"length\":2,\"stack\":[0,1],\"time\":[1,2],\"threadCPUDelta\":[1,-5]}}]}",
		"threadCPUDelta[1]");
	rejects("{\"meta\":{\"interval\":0},\"libs\":[],\"threads\":[]}", "interval");
	/* one sample at a time, its stack before its weight before its CPU, whatever the columns' order */
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"threadCPUDelta\":[1,2],\"weight\":[\"w\",1],\"length\":2,\"time\":[1,2],"
		     "\"stack\":[2,0]}}]}",
		"samples.stack[0]: 2 is out of range [0, 1]");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"threadCPUDelta\":[-1,2],\"length\":2,\"time\":[1,2],\"stack\":[0,9]}}]}",
		"samples.threadCPUDelta[0]: -1 is out of range [0, 1099511627776]");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"stack\":[0,0.5],\"length\":2,\"timeDeltas\":[1,1e308,1e308],"
		     "\"weight\":[1,{}]}}]}",
		"samples.timeDeltas: has 3 entries, but samples.length is 2");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"stack\":[0,0.5],\"length\":2,\"timeDeltas\":[1e308,1e308]}}]}",
		"samples.timeDeltas[1]: time is not finite");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"stack\":[0,0.5],\"length\":2,\"time\":[1,2],\"weight\":[1,{}]}}]}",
		"samples.stack[1]: expected an integer, got 0.5");
	rejects(HEAD "\"threads\":[{\"name\":\"t\"," TABLES("[16,-1]", "[null,0]")
		     "\"samples\":{\"stack\":[0,1],\"length\":2,\"time\":[1,2],\"weight\":[1,{}]}}]}",
		"samples.weight[1]: expected an integer, got an object");
}

/* samply_choose_binary() on a hand-built profile: one process per library (cargo, app,
 * worker), CPU per process given in µs, one sample each; libc.so.6 runs in no process. */
static void two_process_profile(struct profile *p, const char *const *procs, const int64_t *cpu, size_t n)
{
	profile_init(p);
	profile_add_metric(p, "cpu", "CPU", PF_UNIT_MICROSECONDS);
	profile_add_metric(p, "samples", "samples", PF_UNIT_COUNT);
	struct pf_lib libc = {.name = profile_intern(p, "libc.so.6")};
	profile_add_lib(p, &libc);
	for (size_t i = 0; i < n; i++) {
		struct pf_lib lib = {.name = profile_intern(p, procs[i])};
		uint32_t l = profile_add_lib(p, &lib);
		uint32_t name = profile_intern(p, procs[i]);
		struct pf_thread t = {.name = name, .process_name = name};
		uint32_t th = profile_add_thread(p, &t);
		uint32_t fr = profile_func_frame(p, profile_intern(p, "main"), 0, l, 0, 0, 0);
		int64_t v[2] = {cpu[i], 1};
		profile_add_sample(p, profile_intern_stack(p, PF_NONE, fr), th, v);
	}
	profile_add_info(p, "Binary", "");
	profile_add_info(p, "Product", "");
}

static const char *info(const struct profile *p, const char *key)
{
	for (size_t i = 0; i < p->info.len; i++)
		if (strcmp(p->info.items[i].key, key) == 0)
			return p->info.items[i].value;
	return NULL;
}

static const char *main_lib_name(const struct profile *p)
{
	uint32_t l = samply_main_lib(p);
	return l == PF_NONE ? "(none)" : profile_str(p, p->libs.items[l].name);
}

static void binary_is_the_busy_process_when_the_product_launches_it(void)
{
	static const char *const procs[] = {"cargo", "app", "worker"};
	struct profile p;
	/* `samply record cargo run`: cargo 37 of 1000 µs, app 950, worker 13 */
	two_process_profile(&p, procs, (const int64_t[]){37, 950, 13}, 3);
	samply_choose_binary(&p, NULL, "cargo");
	CHECK_STR(main_lib_name(&p), "app");
	CHECK_STR(info(&p, "Binary"), "app");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the process with the most CPU (95.0%); meta.product cargo is a launcher (3.7%)");
	CHECK_STR(p.info.items[1].key, "Binary chosen"); /* right below Binary */
	CHECK(p.funcs.items[profile_stack_func(&p, p.sample_stack[1])].flags & PF_FUNC_OWNED);
	CHECK(!(p.funcs.items[profile_stack_func(&p, p.sample_stack[0])].flags & PF_FUNC_OWNED));
	profile_release(&p);
	/* a product that is no launcher but has 5%: the busiest process */
	two_process_profile(&p, procs + 1, (const int64_t[]){50, 950}, 2);
	samply_choose_binary(&p, NULL, "app");
	CHECK_STR(main_lib_name(&p), "worker");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the process with the most CPU (95.0%); meta.product app has 5.0%");
	profile_release(&p);
	/* 10% is enough, and then the header needs no reason */
	two_process_profile(&p, procs + 1, (const int64_t[]){100, 900}, 2);
	samply_choose_binary(&p, NULL, "app");
	CHECK_STR(main_lib_name(&p), "app");
	CHECK(info(&p, "Binary chosen") == NULL);
	profile_release(&p);
	/* a product that names no library ("release", a cargo profile name) */
	two_process_profile(&p, procs, (const int64_t[]){10, 20, 70}, 3);
	samply_choose_binary(&p, NULL, "release");
	CHECK_STR(main_lib_name(&p), "worker");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the process with the most CPU (70.0%); meta.product release names no library");
	profile_release(&p);
	/* a launcher that is all there is stays; --binary wins over everything */
	two_process_profile(&p, procs, (const int64_t[]){10}, 1);
	samply_choose_binary(&p, NULL, "cargo");
	CHECK_STR(main_lib_name(&p), "cargo");
	profile_release(&p);
	two_process_profile(&p, procs, (const int64_t[]){37, 950, 13}, 3);
	samply_choose_binary(&p, "worker", "cargo");
	CHECK_STR(main_lib_name(&p), "worker");
	CHECK(info(&p, "Binary chosen") == NULL);
	profile_release(&p);
}

/* A profile of a build (`samply record cargo run`): cargo launches, rustc and the linker build, the
 * program they built runs last; the program is what the build ran, whatever rustc's share. */
static void binary_is_the_program_a_build_ran(void)
{
	static const char *const procs[] = {"cargo", "rustc", "rust-lld", "hello", "worker"};
	struct profile p;
	/* cargo 50, rustc 700, rust-lld 100, hello 150 of 1000 µs */
	two_process_profile(&p, procs, (const int64_t[]){50, 700, 100, 150}, 4);
	samply_choose_binary(&p, NULL, "cargo");
	CHECK_STR(main_lib_name(&p), "hello");
	CHECK_STR(info(&p, "Binary chosen"), "the program the build ran (15.0%), not the build's tools "
					     "(rustc 70.0%, rust-lld 10.0%); meta.product cargo is a launcher (5.0%)");
	/* the launcher's and the tools' binaries are not the program's, wherever they lie (libs[0] is libc) */
	CHECK(p.libs.items[1].flags & PF_LIB_TOOL);  /* cargo */
	CHECK(p.libs.items[2].flags & PF_LIB_TOOL);  /* rustc */
	CHECK(p.libs.items[3].flags & PF_LIB_TOOL);  /* rust-lld */
	CHECK(!(p.libs.items[4].flags & PF_LIB_TOOL)); /* hello */
	CHECK(!(p.libs.items[0].flags & PF_LIB_TOOL));
	profile_release(&p);
	/* --binary rustc: rustc is the program, cargo and the linker still tools */
	two_process_profile(&p, procs, (const int64_t[]){50, 700, 100, 150}, 4);
	samply_choose_binary(&p, "rustc", "cargo");
	CHECK_STR(main_lib_name(&p), "rustc");
	CHECK(p.libs.items[1].flags & PF_LIB_TOOL);
	CHECK(!(p.libs.items[2].flags & PF_LIB_TOOL));
	CHECK(p.libs.items[3].flags & PF_LIB_TOOL);
	profile_release(&p);
	/* a product that is a build's tool, and perf's profiles without one */
	two_process_profile(&p, procs, (const int64_t[]){50, 700, 100, 150}, 4);
	samply_choose_binary(&p, NULL, "rustc");
	CHECK_STR(main_lib_name(&p), "hello");
	CHECK_STR(info(&p, "Binary chosen"), "the program the build ran (15.0%), not the build's tools "
					     "(rustc 70.0%, rust-lld 10.0%); meta.product rustc is a build's tool (70.0%)");
	profile_release(&p);
	two_process_profile(&p, procs, (const int64_t[]){50, 700, 100, 150}, 4);
	samply_choose_binary_by_cpu(&p, NULL);
	CHECK_STR(main_lib_name(&p), "hello");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the program the build ran (15.0%), not the build's tools (rustc 70.0%, rust-lld 10.0%)");
	profile_release(&p);
	/* two programs ran: the busier; a third tool is counted, not named */
	static const char *const more[] = {"rustc", "cc", "ld", "hello", "worker"};
	two_process_profile(&p, more, (const int64_t[]){600, 100, 100, 80, 120}, 5);
	samply_choose_binary_by_cpu(&p, NULL);
	CHECK_STR(main_lib_name(&p), "worker");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the program the build ran (12.0%), not the build's tools (rustc 60.0%, cc 10.0%, +1 more)");
	profile_release(&p);
	/* a product that is a program of its own with its 10% stays, even beside a build */
	two_process_profile(&p, procs, (const int64_t[]){50, 700, 100, 30, 120}, 5);
	samply_choose_binary(&p, NULL, "worker");
	CHECK_STR(main_lib_name(&p), "worker");
	CHECK(info(&p, "Binary chosen") == NULL);
	profile_release(&p);
	/* a build and nothing it ran (`samply record cargo build`, or rustc alone): the compiler is
	 * the program, as before */
	two_process_profile(&p, procs, (const int64_t[]){50, 800, 150}, 3);
	samply_choose_binary(&p, NULL, "cargo");
	CHECK_STR(main_lib_name(&p), "rustc");
	CHECK_STR(info(&p, "Binary chosen"),
		  "the process with the most CPU (80.0%); meta.product cargo is a launcher (5.0%)");
	profile_release(&p);
	two_process_profile(&p, procs + 1, (const int64_t[]){800}, 1);
	samply_choose_binary(&p, NULL, "rustc");
	CHECK_STR(main_lib_name(&p), "rustc");
	CHECK(info(&p, "Binary chosen") == NULL);
	profile_release(&p);
	/* tools as processes call them: a triple and a version, a name cut to 15 bytes, .exe; a
	 * program whose name only ends like a tool is a program */
	static const char *const named[] = {"x86_64-linux-gnu-gcc-12", "build-script-bu", "rustc.exe",
					    "my-app-as"};
	two_process_profile(&p, named, (const int64_t[]){300, 300, 300, 100}, 4);
	samply_choose_binary_by_cpu(&p, NULL);
	CHECK_STR(main_lib_name(&p), "my-app-as");
	CHECK_STR(info(&p, "Binary chosen"), "the program the build ran (10.0%), not the build's tools "
					     "(x86_64-linux-gnu-gcc-12 30.0%, build-script-bu 30.0%, +1 more)");
	profile_release(&p);
}

static void sidecar_path_replaces_the_last_extension(void)
{
	char *a = samply_sidecar_path("dir.d/profile.json.gz"), *b = samply_sidecar_path("prof.json"),
	     *c = samply_sidecar_path("dir.d/prof");
	CHECK_STR(a, "dir.d/profile.json.syms.json");
	CHECK_STR(b, "prof.syms.json");
	CHECK_STR(c, "dir.d/prof.syms.json");
	free(a);
	free(b);
	free(c);
}

/* A random profile for summed_rows_equal_per_sample_rows: threads of random stacks (some the
 * same node twice, some samples without a stack) and sample columns of every kind. */
static char *random_profile(uint64_t *seed)
{
#define RND() (*seed = *seed * 6364136223846793005u + 1442695040888963407u, (unsigned)(*seed >> 33))
	VEC(char) t = {0};
	char buf[1024];
#define PUT(...)                                                                                          \
	do {                                                                                              \
		snprintf(buf, sizeof(buf), __VA_ARGS__);                                                  \
		for (const char *c = buf; *c; c++)                                                        \
			vec_push(&t, *c);                                                                 \
	} while (0)
	PUT("{\"meta\":{\"interval\":0.5,\"preprocessedProfileVersion\":55},\"libs\":[{\"name\":\"a\"}],"
	    "\"threads\":[");
	unsigned threads = 1 + RND() % 3, cpu_kind = RND() % 4; /* 0: absent, 1: all zero, else random */
	for (unsigned th = 0; th < threads; th++) {
		unsigned nstacks = 2 + RND() % 40, n = RND() % 3000, weight_kind = RND() % 4;
		PUT("%s{\"name\":\"t%u\",\"pid\":\"1\",\"tid\":\"%u\",\"stringArray\":[\"0x10\",\"main\",\"f\"],"
		    "\"resourceTable\":{\"length\":1,\"lib\":[0],\"name\":[0]},"
		    "\"funcTable\":{\"length\":3,\"name\":[0,1,2],\"resource\":[0,-1,-1]},"
		    "\"frameTable\":{\"length\":3,\"address\":[16,-1,-1],\"func\":[0,1,2]},",
		    th ? "," : "", th, th + 1);
		PUT("\"stackTable\":{\"length\":%u,\"frame\":[", nstacks);
		for (unsigned i = 0; i < nstacks; i++)
			PUT("%s%u", i ? "," : "", RND() % 3);
		PUT("],\"prefix\":[");
		for (unsigned i = 0; i < nstacks; i++) /* few distinct parents: many stacks are one node */
			if (i == 0 || RND() % 3 == 0)
				PUT("%snull", i ? "," : "");
			else
				PUT(",%u", RND() % (i < 4 ? i : 4));
		PUT("]},\"samples\":{\"length\":%u,\"stack\":[", n);
		for (unsigned i = 0; i < n; i++)
			if (RND() % 20 == 0)
				PUT("%snull", i ? "," : "");
			else
				PUT("%s%u", i ? "," : "", RND() % nstacks);
		PUT("],\"timeDeltas\":[");
		for (unsigned i = 0; i < n; i++)
			PUT("%s1", i ? "," : "");
		PUT("]");
		if (weight_kind > 0) { /* constant 1, constant 3, or varying */
			PUT(",\"weight\":[");
			for (unsigned i = 0; i < n; i++)
				PUT("%s%u", i ? "," : "", weight_kind == 1 ? 1 : weight_kind == 2 ? 3 : RND() % 5);
			PUT("]");
		}
		if (cpu_kind > 0) {
			PUT(",\"threadCPUDelta\":[");
			for (unsigned i = 0; i < n; i++)
				PUT("%s%u", i ? "," : "", cpu_kind == 1 ? 0 : cpu_kind == 2 ? RND() % 300 : RND() % 100000);
			PUT("]");
		}
		PUT("}}");
	}
	PUT("]}");
	vec_push(&t, '\0');
	return t.items;
#undef PUT
#undef RND
}

/* Samples counted per stack index, then made rows (the summed path) give the rows, values,
 * totals and warnings of the per-sample loop, on 300 random profiles: stacks that are one node,
 * samples without a stack, weights absent, constant or varying (which take the loop), CPU
 * absent, zero (the estimate) or of 1, 2 and 3 bytes. */
static void summed_rows_equal_per_sample_rows(void)
{
	uint64_t seed = 7;
	size_t rows = 0, differ = 0;
	for (int round = 0; round < 300; round++) {
		char *text = random_profile(&seed);
		struct profile a, b;
		struct stderr_capture cap;
		char said_a[1024], said_b[1024];
		samply_set_summed(false);
		stderr_capture(&cap);
		int ra = load_buffer(text, strlen(text), "r.json", jopts, samply_load, NULL, &a);
		stderr_captured(&cap, said_a, sizeof(said_a));
		samply_set_summed(true);
		stderr_capture(&cap);
		int rb = load_buffer(text, strlen(text), "r.json", jopts, samply_load, NULL, &b);
		stderr_captured(&cap, said_b, sizeof(said_b));
		CHECK_INT(ra, 0);
		CHECK_INT(rb, 0);
		CHECK_STR(said_b, said_a);
		if (ra == 0 && rb == 0) {
			CHECK_INT(b.sample_count, a.sample_count);
			CHECK_INT(b.warnings.len, a.warnings.len);
			for (size_t w = 0; w < a.warnings.len && w < b.warnings.len; w++)
				CHECK_STR(b.warnings.items[w], a.warnings.items[w]);
			for (size_t i = 0; i < a.sample_count && i < b.sample_count; i++) {
				bool same = a.sample_stack[i] == b.sample_stack[i] && a.sample_thread[i] == b.sample_thread[i];
				for (size_t m = 0; m < a.metric_count; m++)
					same &= a.sample_values[m][i] == b.sample_values[m][i];
				differ += !same;
			}
			rows += a.sample_count;
		}
		if (ra == 0)
			profile_release(&a);
		if (rb == 0)
			profile_release(&b);
		free(text);
	}
	CHECK_INT(differ, 0);
	CHECK(rows > 3000);
}

int main(void)
{
	RUN(every_layout_gives_the_designed_numbers);
	RUN(sidecar_names_hex_frames);
	RUN(missing_cpu_falls_back_with_a_warning);
	RUN(public_fixtures_match_spec_totals);
	RUN(good_minimal_profile_loads);
	RUN(bad_input_gives_one_line);
	RUN(sidecar_path_replaces_the_last_extension);
	RUN(binary_is_the_busy_process_when_the_product_launches_it);
	RUN(binary_is_the_program_a_build_ran);
	RUN(summed_rows_equal_per_sample_rows);
	if (expected_doc)
		json_doc_free(expected_doc);
	return check_summary();
}
