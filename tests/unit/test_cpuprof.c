/* Unit tests for the V8 CPU profile loader and the wasm module reader, on
 * hand-written inputs whose expected numbers are worked out in the comments.
 * The loader's tests run twice: with the nodes in the JSON tree, and read from
 * the stream by cpuprof_divert (as the driver reads them), which must give the
 * same numbers and the same error lines. */
#include "cpuprof/cpuprof.h"
#include "cpuprof/cpuprof_nodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "profan/load.h"
#include "profan/source.h"
#include "cpuprof/wasm.h"
#include "input/json_test.h"
#include "model/profile_test.h"
#include "input/load_test.h"

static const struct json_parse_opts streamed = {.divert = &cpuprof_divert};
/* How the tests parse profiles: NULL (the nodes in the tree) or &streamed. */
static const struct json_parse_opts *jopts;

static int load(const char *json, const struct cpuprof_opts *opts, struct profile *p)
{
	return load_buffer(json, strlen(json), "test.json", jopts, cpuprof_load, opts, p);
}

/* Sum of metric M over samples whose leaf function is called NAME (and has URL when not NULL). */
static int64_t self_of(const struct profile *p, const char *name, size_t m)
{
	int64_t v = 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		if (s != PF_NONE && strcmp(profile_func_name(p, profile_stack_func(p, s)), name) == 0)
			v += p->sample_values[m][i];
	}
	return v;
}

static int64_t total_of(const struct profile *p, size_t m)
{
	int64_t v = 0;
	for (size_t i = 0; i < p->sample_count; i++)
		v += p->sample_values[m][i];
	return v;
}

static uint32_t func_named(const struct profile *p, const char *name)
{
	for (size_t f = 0; f < p->funcs.len; f++)
		if (strcmp(profile_func_name(p, (uint32_t)f), name) == 0)
			return (uint32_t)f;
	return PF_NONE;
}

/* Node ids are not positions, children are listed by id, (root) is dropped.
 * Times: start 1000, deltas 10 20 30 -> samples at 1010, 1030, 1060; end 1100.
 *   before: leaf 10 + 30 = 40, main 20         after: leaf 20 + 40 = 60, main 30
 *   samples: leaf 2, main 1 */
static const char modern[] =
	"{\"nodes\":[{\"id\":10,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"lineNumber\":-1,"
	"\"columnNumber\":-1},\"children\":[7]},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"leaf\",\"scriptId\":\"5\",\"url\":\"file:///a.js\","
	"\"lineNumber\":4,\"columnNumber\":2}},"
	"{\"id\":7,\"callFrame\":{\"functionName\":\"main\",\"url\":\"file:///a.js\",\"lineNumber\":0,"
	"\"columnNumber\":0},\"children\":[3]}],"
	"\"startTime\":1000,\"endTime\":1100,\"samples\":[3,7,3],\"timeDeltas\":[10,20,30]}";

static void weights_before_after_samples(void)
{
	struct profile p;
	struct cpuprof_opts o = {.weight = CPUPROF_WEIGHT_BEFORE};
	CHECK_INT(load(modern, &o, &p), 0);
	size_t t = profile_metric_index(&p, "time"), n = profile_metric_index(&p, "samples");
	CHECK_INT(p.default_metric, t);
	CHECK_INT(self_of(&p, "leaf", t), 40);
	CHECK_INT(self_of(&p, "main", t), 20);
	CHECK_INT(self_of(&p, "leaf", n), 2);
	CHECK_INT(func_named(&p, "(root)"), PF_NONE);
	uint32_t leaf = func_named(&p, "leaf");
	CHECK_INT(p.funcs.items[leaf].line, 5); /* lineNumber is 0-based */
	CHECK_INT(p.funcs.items[leaf].column, 3);
	CHECK_STR(profile_str(&p, p.funcs.items[leaf].file), "file:///a.js");
	CHECK_INT(p.libs.len, 1); /* one script url, one library */
	/* leaf's stack node hangs under main's, which is a root */
	uint32_t s = p.sample_stack[0];
	CHECK_INT(profile_stack_depth(&p, s), 2);
	CHECK_STR(profile_func_name(&p, profile_stack_func(&p, p.stacks.items[s].parent)), "main");
	profile_release(&p);

	o.weight = CPUPROF_WEIGHT_AFTER;
	CHECK_INT(load(modern, &o, &p), 0);
	CHECK_INT(self_of(&p, "leaf", 0), 60);
	CHECK_INT(self_of(&p, "main", 0), 30);
	profile_release(&p);

	/* a writer that prints fractional microseconds: rounded (10.4 -> 10, 29.6 -> 30) */
	static const char *const fractional = "\"timeDeltas\":[10.4,20,29.6]}";
	char *frac =
		xasprintf("%.*s%s", (int)(strstr(modern, "\"timeDeltas\"") - modern), modern, fractional);
	CHECK_INT(load(frac, NULL, &p), 0);
	CHECK_INT(self_of(&p, "leaf", 0), 40);
	profile_release(&p);
	free(frac);

	/* the same profile as the protocol's Profiler.stop result: {"profile": {...}} */
	char *wrapped = xasprintf("{\"profile\":%s}", modern);
	CHECK_INT(load(wrapped, NULL, &p), 0);
	CHECK_INT(self_of(&p, "leaf", 0), 40);
	profile_release(&p);
	free(wrapped);

	o.weight = CPUPROF_WEIGHT_SAMPLES;
	CHECK_INT(load(modern, &o, &p), 0);
	CHECK_INT(p.default_metric, profile_metric_index(&p, "samples"));
	CHECK_INT(total_of(&p, p.default_metric), 3);
	profile_release(&p);
}

#define FRAME(name, url, line, col)                                                                          \
	"{\"functionName\":\"" name "\",\"url\":\"" url "\",\"lineNumber\":" #line ",\"columnNumber\":" #col \
	"}"

/* (name, url, line, col) is the identity: scriptId is not, and "" prints as (anonymous). */
static void function_identity(void)
{
	static const char json[] = "{\"nodes\":[{\"id\":1,\"callFrame\":" FRAME(
		"(root)", "", -1, -1) ",\"children\":[2,3,4,5]},"
				      "{\"id\":2,\"callFrame\":{\"functionName\":\"f\",\"scriptId\":\"101\","
				      "\"url\":\"\",\"lineNumber\":0,"
				      "\"columnNumber\":9}},"
				      "{\"id\":3,\"callFrame\":{\"functionName\":\"f\",\"scriptId\":\"102\","
				      "\"url\":\"\",\"lineNumber\":0,"
				      "\"columnNumber\":9}},"
				      "{\"id\":4,\"callFrame\":" FRAME(
					      "f", "file:///b.js", 0,
					      9) "},"
						 "{\"id\":5,\"callFrame\":" FRAME(
							 "", "file:///b.js", 3,
							 1) "}],"
							    "\"startTime\":0,\"endTime\":10,\"samples\":[2,3,"
							    "4,5],\"timeDeltas\":[1,2,3,4]}";
	struct profile p;
	CHECK_INT(load(json, NULL, &p), 0);
	CHECK_INT(p.funcs.len, 3); /* two evals of f merge; b.js's f differs; one anonymous */
	uint32_t anon = func_named(&p, "(anonymous)");
	CHECK(anon != PF_NONE);
	CHECK_INT(self_of(&p, "f", 0), 6);
	CHECK_INT(self_of(&p, "(anonymous)", 0), 4);
	profile_release(&p);
}

/* Deltas 10, -4, 6 from 0: raw clock 10, 6, 12, held at 10, 10, 12:
 * before-weights 10, 0, 2 (never negative; the total is the real 12). */
static void negative_deltas_hold_the_clock(void)
{
	static const char json[] = "{\"nodes\":[{\"id\":1,\"callFrame\":" FRAME(
		"(root)", "", -1, -1) ",\"children\":[2,3]},{\"id\":2,"
				      "\"callFrame\":" FRAME("a", "", -1, -1) "},{\"id\":3,"
									      "\"callFrame\""
									      ":" FRAME("b", "", -1,
											-1) "}],"
											    "\"sta"
											    "rtTim"
											    "e\":"
											    "0,"
											    "\"end"
											    "Time"
											    "\":"
											    "20,"
											    "\"sam"
											    "ples"
											    "\":["
											    "2,3,"
											    "2],"
											    "\"tim"
											    "eDelt"
											    "as\":"
											    "[10,-"
											    "4,6]"
											    "}";
	struct profile p;
	pf_set_quiet(true);
	CHECK_INT(load(json, NULL, &p), 0);
	pf_set_quiet(false);
	CHECK_INT(self_of(&p, "a", 0), 12);
	CHECK_INT(self_of(&p, "b", 0), 0);
	CHECK_INT(p.warnings.len, 1);
	profile_release(&p);
}

/* Trace: the second chunk comes first in the file, the Profile event after it,
 * and a child node is listed before its parent. In ts order: sample 2 (delta 7),
 * then sample 3 (delta 5). */
static const char trace[] =
	"{\"traceEvents\":["
	"{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"id\":\"0x1\",\"pid\":9,\"tid\":2,\"ts\":20,\"args\":{"
	"\"data\":"
	"{\"cpuProfile\":{\"nodes\":[{\"id\":3,\"parent\":2,\"callFrame\":{\"functionName\":\"inner\","
	"\"codeType\":\"JS\",\"scriptId\":4,\"url\":\"/x.js\",\"lineNumber\":2}}],\"samples\":[3]},"
	"\"timeDeltas\":[5]}}},"
	"{\"name\":\"Profile\",\"ph\":\"P\",\"id\":\"0x1\",\"pid\":9,\"tid\":1,\"ts\":5,\"args\":{\"data\":"
	"{\"startTime\":100}}},"
	"{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"id\":\"0x1\",\"pid\":9,\"tid\":2,\"ts\":10,\"args\":{"
	"\"data\":"
	"{\"cpuProfile\":{\"nodes\":[{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"outer\","
	"\"scriptId\":4}},{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":0}}],"
	"\"samples\":[2]},\"timeDeltas\":[7]}}},"
	"{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":9,\"tid\":1,\"args\":{\"name\":\"Main\"}},"
	"{\"name\":\"Profile\",\"ph\":\"P\",\"id\":\"0x2\",\"pid\":9,\"tid\":3,\"ts\":6,\"args\":{\"data\":"
	"{\"startTime\":100}}},"
	"{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"id\":\"0x2\",\"pid\":9,\"tid\":3,\"ts\":11,\"args\":{"
	"\"data\":"
	"{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},"
	"{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"worker\"}}],\"samples\":[2,2,2]},"
	"\"timeDeltas\":[1,1,1]}}}"
	"]}";

static void trace_chunks_in_ts_order(void)
{
	struct profile p;
	struct cpuprof_opts o = {.profile = "0x1"};
	CHECK_INT(load(trace, &o, &p), 0);
	CHECK_INT(p.sample_count, 2);
	CHECK_INT(self_of(&p, "outer", 0), 7);
	CHECK_INT(self_of(&p, "inner", 0), 5);
	uint32_t inner = func_named(&p, "inner");
	CHECK_INT(p.funcs.items[inner].line, 3);
	CHECK_INT(p.funcs.items[inner].column, 0); /* omitted columnNumber: unknown */
	CHECK_INT(p.threads.len, 1);
	CHECK_STR(profile_str(&p, p.threads.items[0].name), "pid 9 id 0x1 (Main)");
	profile_release(&p);
}

static void trace_profile_selection(void)
{
	struct profile p;
	pf_set_quiet(true);
	/* default: the profile with most samples (0x2: 3 samples) */
	CHECK_INT(load(trace, NULL, &p), 0);
	CHECK_INT(self_of(&p, "worker", 1), 3);
	CHECK_INT(p.sample_count, 3);
	profile_release(&p);
	struct cpuprof_opts o = {.profile = "all"};
	CHECK_INT(load(trace, &o, &p), 0);
	CHECK_INT(p.sample_count, 5);
	CHECK_INT(p.threads.len, 2);
	profile_release(&p);
	o.profile = "9:0x2";
	CHECK_INT(load(trace, &o, &p), 0);
	CHECK_INT(p.sample_count, 3);
	profile_release(&p);
	o.profile = "1";
	CHECK_INT(load(trace, &o, &p), 0);
	CHECK_INT(p.sample_count, 2);
	profile_release(&p);
	o.profile = "3";
	CHECK_INT(load(trace, &o, &p), LOAD_MISFIT);
	o.profile = "8:0x2"; /* right id, wrong pid */
	CHECK_INT(load(trace, &o, &p), LOAD_MISFIT);
	o.profile = ":0x2";
	CHECK_INT(load(trace, &o, &p), LOAD_MISFIT);
	/* a bare .cpuprofile is profile 1 */
	o.profile = "1";
	CHECK_INT(load(modern, &o, &p), 0);
	profile_release(&p);
	o.profile = "2";
	CHECK_INT(load(modern, &o, &p), LOAD_MISFIT);
	o.profile = "0x7";
	CHECK_INT(load(trace, &o, &p), LOAD_MISFIT);
	pf_set_quiet(false);
}

/* Broken links are errors, never loops or crashes. */
static void bad_links_fail(void)
{
	static const char *const bad[] = {
		/* cycle through parent links: 2 -> 3 -> 2 */
		"{\"traceEvents\":[{\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"args\":{\"data\":{"
		"\"cpuProfile\":"
		"{\"nodes\":[{\"id\":2,\"parent\":3,\"callFrame\":{}},{\"id\":3,\"parent\":2,\"callFrame\":{}"
		"}],"
		"\"samples\":[2]},\"timeDeltas\":[1]}}}]}",
		/* dangling parent */
		"{\"traceEvents\":[{\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"args\":{\"data\":{"
		"\"cpuProfile\":"
		"{\"nodes\":[{\"id\":2,\"parent\":5,\"callFrame\":{}}],\"samples\":[2]},\"timeDeltas\":[1]}}}"
		"]}",
		/* duplicate id */
		"{\"nodes\":[{\"id\":1,\"callFrame\":{}},{\"id\":1,\"callFrame\":{}}],\"samples\":[],"
		"\"timeDeltas\":[]}",
		/* a node that is the child of two nodes */
		"{\"nodes\":[{\"id\":1,\"callFrame\":{},\"children\":[3]},{\"id\":2,\"callFrame\":{},"
		"\"children\":[3]},"
		"{\"id\":3,\"callFrame\":{}}]}",
		/* a self-loop through children */
		"{\"nodes\":[{\"id\":1,\"callFrame\":{},\"children\":[1]}],\"samples\":[1],\"timeDeltas\":[1]"
		"}",
		/* wrong types */
		"{\"nodes\":[{\"id\":\"1\",\"callFrame\":{}}]}",
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":7}}],\"samples\":[1],\"timeDeltas\":["
		"1]}",
		"{\"nodes\":[{\"id\":1,\"callFrame\":{}}],\"samples\":[1.5],\"timeDeltas\":[1]}",
		"{\"nodes\":{}}",
		"{\"something\":[]}",
		"[1,2]",
		"[]",
		"{\"nodes\":[{\"id\":1,\"callFrame\":{}}],\"samples\":[1]}",
		"{\"head\":{\"id\":1,\"children\":[{\"id\":2,\"children\":[7]}]},\"samples\":[],"
		"\"timestamps\":[]}",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct profile p;
		fprintf(stderr, "(expected) ");
		int rc = load(bad[i], NULL, &p);
		if (rc != -1)
			fprintf(stderr, "bad input %zu was accepted\n", i);
		CHECK_INT(rc, -1);
	}
}

/* Unknown sample ids and unequal columns are skipped with a warning.
 * samples [2, 9, 2, 2] vs deltas [1, 2, 4]: three pairs, id 9 unknown: a = 1 + 4. */
static void unknown_samples_and_short_columns(void)
{
	static const char json[] = "{\"nodes\":[{\"id\":1,\"callFrame\":" FRAME(
		"(root)", "", -1,
		-1) ",\"children\":[2,8]},{\"id\":2,\"callFrame\":" FRAME("a", "", -1,
									  -1) "}],\"startTime\":0,"
									      "\"samples\":[2,9,2,2],"
									      "\"timeDeltas\":[1,2,4]}";
	struct profile p;
	pf_set_quiet(true);
	CHECK_INT(load(json, NULL, &p), 0);
	pf_set_quiet(false);
	CHECK_INT(self_of(&p, "a", 0), 5);
	CHECK_INT(p.sample_count, 2);
	CHECK_INT(p.warnings.len, 3); /* unknown child 8, short columns, unknown sample 9 */
	profile_release(&p);
}

/* hitCount only: 400 µs spread over 3 + 1 hits: a 300, b 100. */
static void hit_counts_only(void)
{
	static const char json[] = "{\"nodes\":[{\"id\":1,\"hitCount\":0,\"callFrame\":" FRAME(
		"(root)", "", -1, -1) ",\"children\":[2,3]},{\"id\":2,\"hitCount\":3,"
				      "\"callFrame\":" FRAME("a", "", -1,
							     -1) "},{\"id\":3,\"hitCount\":1,"
								 "\"callFrame\":" FRAME("b", "", -1,
											-1) "}],"
											    "\"startTim"
											    "e\":100,"
											    "\"endTime"
											    "\":500}";
	struct profile p;
	pf_set_quiet(true);
	CHECK_INT(load(json, NULL, &p), 0);
	pf_set_quiet(false);
	CHECK_INT(self_of(&p, "a", 0), 300);
	CHECK_INT(self_of(&p, "b", 0), 100);
	CHECK_INT(self_of(&p, "a", 1), 3);
	profile_release(&p);
}

/* Legacy: nested head, 1-based lines, start time in seconds, one timestamp
 * more than samples (the first is the start): f gets 100 + 200. */
static void legacy_head_timestamps(void)
{
	static const char json[] =
		"{\"head\":{\"functionName\":\"(root)\",\"url\":\"\",\"lineNumber\":0,\"id\":1,\"children\":["
		"{\"functionName\":\"f\",\"url\":\"a.js\",\"lineNumber\":3,\"id\":2,\"callUID\":9,"
		"\"children\":[]}]},"
		"\"startTime\":1,\"endTime\":2,\"samples\":[2,2],\"timestamps\":[1000000,1000100,1000300]}";
	struct profile p;
	CHECK_INT(load(json, NULL, &p), 0);
	CHECK_INT(self_of(&p, "f", 0), 300);
	CHECK_INT(p.funcs.items[func_named(&p, "f")].line, 3);
	CHECK_INT(func_named(&p, "(root)"), PF_NONE);
	profile_release(&p);
}

/* A 200,000-deep chain given child-first in trace form: built without recursion. */
static void deep_chain(void)
{
	enum { DEPTH = 200000 };
	size_t cap = (size_t)DEPTH * 80 + 1000, len = 0;
	char *buf = malloc(cap);
	len += (size_t)snprintf(buf + len, cap - len,
				"[{\"name\":\"ProfileChunk\",\"id\":1,\"pid\":1,\"args\":"
				"{\"data\":{\"cpuProfile\":{\"nodes\":[");
	for (int id = DEPTH; id >= 1; id--) {
		if (id > 1)
			len += (size_t)snprintf(buf + len, cap - len,
						"%s{\"id\":%d,\"parent\":%d,\"callFrame\":{}}",
						id == DEPTH ? "" : ",", id, id - 1);
		else
			len += (size_t)snprintf(buf + len, cap - len, ",{\"id\":1,\"callFrame\":{}}");
	}
	len += (size_t)snprintf(buf + len, cap - len, "],\"samples\":[%d]},\"timeDeltas\":[3]}}}]", DEPTH);
	struct profile p;
	int rc = load_buffer(buf, len, "deep.json", NULL, cpuprof_load, NULL, &p);
	CHECK_INT(rc, 0);
	if (rc == 0) {
		CHECK_INT(p.sample_count, 1);
		CHECK_INT(profile_stack_depth(&p, p.sample_stack[0]), DEPTH);
		CHECK_INT(p.funcs.len, 1); /* one (anonymous) function, recursing */
		profile_release(&p);
	}
	free(buf);
}

/* A module built by hand: one imported function (index 0), two bodies
 * (indices 1 and 2, bodies at bytes 34 and 39), names "one" and "two". */
static const unsigned char module[] = {
	0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,       /* magic, version */
	0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f,       /* type: (i32) -> i32 */
	0x02, 0x07, 0x01, 0x01, 0x65, 0x01, 0x66, 0x00, 0x00, /* import e.f func */
	0x03, 0x03, 0x02, 0x00, 0x00,                         /* function: 2 of type 0 */
	0x0a, 0x0b, 0x02, 0x04, 0x00, 0x41, 0x01, 0x0b, 0x04, 0x00, 0x41, 0x02, 0x0b, /* code */
	0x00, 0x12, 0x04, 0x6e, 0x61, 0x6d, 0x65,                                     /* custom "name" */
	0x01, 0x0b, 0x02, 0x01, 0x03, 0x6f, 0x6e, 0x65, 0x02, 0x03, 0x74, 0x77, 0x6f,
};

static void wasm_module_sections(void)
{
	struct wasm_module m;
	CHECK_INT(wasm_module_parse(module, sizeof(module), "m.wasm", &m), 0);
	CHECK_INT(m.import_funcs, 1);
	CHECK_INT(m.body_count, 2);
	CHECK(m.has_name_section);
	CHECK_STR(wasm_func_name(&m, 1), "one");
	CHECK_STR(wasm_func_name(&m, 2), "two");
	CHECK_STR(wasm_func_name(&m, 0), NULL);
	CHECK(wasm_body_at(&m, 1, 34));
	CHECK(wasm_body_at(&m, 2, 39));
	CHECK(!wasm_body_at(&m, 2, 34));
	CHECK(!wasm_body_at(&m, 0, 0));
	CHECK(!wasm_body_at(&m, 3, 39));
	wasm_module_release(&m);
	/* every truncation fails cleanly, except those that end between sections */
	for (size_t len = 0; len < sizeof(module); len++) {
		bool between = len == 8 || len == 16 || len == 25 || len == 30 || len == 43;
		fprintf(stderr, "(expected) ");
		int rc = wasm_module_parse(module, len, "cut.wasm", &m);
		if (between) {
			CHECK_INT(rc, 0);
			wasm_module_release(&m);
		} else {
			CHECK_INT(rc, -1);
		}
	}
	fputc('\n', stderr);
}

/* --wasm names wasm-function[N] frames whose column is N's body offset. */
static void wasm_naming(void)
{
	static const char good[] = "{\"nodes\":[{\"id\":1,\"callFrame\":" FRAME(
		"(root)", "", -1,
		-1) ",\"children\":[2,3]},"
		    "{\"id\":2,\"callFrame\":" FRAME(
			    "wasm-function[1]", "wasm://wasm/abcd", 0,
			    34) "},"
				"{\"id\":3,\"callFrame\":" FRAME(
					"wasm-function[2]", "wasm://wasm/abcd", 0,
					39) "}],"
					    "\"startTime\":0,\"samples\":[2,3],\"timeDeltas\":[5,6]}";
	static const char wrong[] = "{\"nodes\":[{\"id\":1,\"callFrame\":" FRAME(
		"(root)", "", -1, -1) ",\"children\":[2]},"
				      "{\"id\":2,\"callFrame\":" FRAME(
					      "wasm-function[1]", "wasm://wasm/abcd", 0,
					      99) "}],"
						  "\"startTime\":0,\"samples\":[2],\"timeDeltas\":[5]}";
	struct wasm_module m;
	CHECK_INT(wasm_module_parse(module, sizeof(module), "m.wasm", &m), 0);
	struct cpuprof_opts o = {.wasm = &m, .wasm_path = "m.wasm"};
	struct profile p;
	CHECK_INT(load(good, &o, &p), 0);
	CHECK_INT(self_of(&p, "one", 0), 5);
	CHECK_INT(self_of(&p, "two", 0), 6);
	CHECK(p.funcs.items[func_named(&p, "one")].flags & CPUPROF_FUNC_WASM);
	CHECK(!(p.funcs.items[func_named(&p, "one")].flags & CPUPROF_FUNC_WASM_UNNAMED));
	profile_release(&p);
	/* without --wasm the frames stay unnamed and are flagged */
	CHECK_INT(load(good, NULL, &p), 0);
	CHECK(p.funcs.items[func_named(&p, "wasm-function[1]")].flags & CPUPROF_FUNC_WASM_UNNAMED);
	profile_release(&p);
	fprintf(stderr, "(expected) ");
	CHECK_INT(load(wrong, &o, &p), LOAD_MISFIT); /* offsets disagree: not the profiled module */
	wasm_module_release(&m);
}

static void plumbing_names(void)
{
	CHECK(cpuprof_is_plumbing("GenericJSToWasmWrapper"));
	CHECK(cpuprof_is_plumbing("js-to-wasm:i:i"));
	CHECK(cpuprof_is_plumbing("wasm-to-js:ii:i-js_checksum"));
	CHECK(!cpuprof_is_plumbing("wasm-function[3]"));
	CHECK(!cpuprof_is_plumbing("js"));
}

/* Ids far apart (a table, not an array over their range) and ids next to INT64_MIN + 1 and
 * INT64_MAX (the array's range must not overflow): the same numbers as `modern`. */
static void sparse_and_extreme_ids(void)
{
	static const char *const ids[][3] = {
		{"1000000000000", "-3", "7"},
		{"-9223372036854775807", "9223372036854775807", "9223372036854775806"},
		{"-9223372036854775807", "-9223372036854775806", "-9223372036854775805"},
	};
	for (size_t k = 0; k < ARRAY_SIZE(ids); k++) {
		/* modern with 10 -> ids[k][0], 3 -> ids[k][1], 7 -> ids[k][2] */
		char *json = xasprintf("{\"nodes\":[{\"id\":%s,\"callFrame\":" FRAME("(root)", "", -1, -1)
				       ",\"children\":[%s]},{\"id\":%s,\"callFrame\":"
				       FRAME("leaf", "file:///a.js", 4, 2) "},{\"id\":%s,\"callFrame\":"
				       FRAME("main", "file:///a.js", 0, 0) ",\"children\":[%s]}],"
				       "\"startTime\":1000,\"endTime\":1100,\"samples\":[%s,%s,%s],"
				       "\"timeDeltas\":[10,20,30]}",
				       ids[k][0], ids[k][2], ids[k][1], ids[k][2], ids[k][1], ids[k][1],
				       ids[k][2], ids[k][1]);
		struct profile p;
		CHECK_INT(load(json, NULL, &p), 0);
		CHECK_INT(self_of(&p, "leaf", 0), 40);
		CHECK_INT(self_of(&p, "main", 0), 20);
		CHECK_INT(p.sample_count, 3);
		profile_release(&p);
		free(json);
	}
}

/* ---- nodes read from the stream (cpuprof_divert) against the tree ---- */

/* The error lines of loading TEXT (as ORIGIN), at most CAP - 1 bytes; the loader's return in *RC. */
static void load_errors(const char *text, size_t len, const char *origin, char *buf, size_t cap, int *rc)
{
	struct stderr_capture cap_err;
	stderr_capture(&cap_err);
	struct profile p;
	*rc = load_buffer(text, len, origin, jopts, cpuprof_load, NULL, &p);
	stderr_captured(&cap_err, buf, cap);
	if (*rc == 0)
		profile_release(&p);
}

/* Loading TEXT fails with exactly the one line LINE. */
static void rejects_with(const char *text, const char *line)
{
	char buf[4096];
	int rc;
	load_errors(text, strlen(text), "big.cpuprofile", buf, sizeof(buf), &rc);
	char want[1024];
	snprintf(want, sizeof(want), "profan: big.cpuprofile: %s\n", line);
	if (rc != -1 || strcmp(buf, want) != 0) {
		fprintf(stderr, "%s: got rc %d and:\n  %s  wanted:\n  %s", jopts ? "streamed" : "tree", rc,
			buf, want);
		check_failures_++;
	}
}

/* A chain of N nodes (id k + 1 at index k, each the parent of the next; k % 7 names the
 * function), with the text of nodes BAD_AT[i] replaced by BAD[i] (SIZE_MAX: none), and
 * one sample at the last node. The caller frees the text. */
static char *chain_profile(size_t n, const size_t *bad_at, const char *const *bad, size_t nbad)
{
	size_t cap = n * 160 + 4096, len = 0;
	char *s = xmalloc(cap);
	len += (size_t)snprintf(s + len, cap - len, "{\"nodes\":[");
	for (size_t k = 0; k < n; k++) {
		const char *repl = NULL;
		for (size_t b = 0; b < nbad; b++)
			if (bad_at[b] == k)
				repl = bad[b];
		if (k > 0)
			s[len++] = ',';
		if (repl != NULL) {
			len += (size_t)snprintf(s + len, cap - len, "%s", repl);
			continue;
		}
		len += (size_t)snprintf(s + len, cap - len,
					"{\"id\":%zu,\"callFrame\":{\"functionName\":\"f%zu\","
					"\"scriptId\":\"1\",\"url\":\"file:///a.js\",\"lineNumber\":%zu,"
					"\"columnNumber\":1},\"hitCount\":0",
					k + 1, k % 7, k % 7);
		if (k + 1 < n)
			len += (size_t)snprintf(s + len, cap - len, ",\"children\":[%zu]", k + 2);
		s[len++] = '}';
	}
	snprintf(s + len, cap - len,
		 "],\"startTime\":0,\"endTime\":100,\"samples\":[%zu],\"timeDeltas\":[10]}", n);
	return s;
}

/* One line for a bad node deep in a big profile, the line the tree gives, in the tree's order:
 * refused nodes (read_node) before links, links before frames, frames in build order. */
static void bad_nodes_give_their_line(void)
{
	enum { N = 200000 };
	static const struct {
		size_t at[2];
		const char *node[2];
		const char *line;
	} cases[] = {
		{{150000, SIZE_MAX},
		 {"{\"id\":150001,\"callFrame\":{\"functionName\":\"g\",\"url\":7},\"children\":[150002]}"},
		 "nodes[150000].callFrame.url: expected a string, got a number"},
		/* two bad frames: the first built (the chain's upper one) is reported */
		{{150000, 100},
		 {"{\"id\":150001,\"callFrame\":{\"url\":7},\"children\":[150002]}",
		  "{\"id\":101,\"callFrame\":{\"lineNumber\":1.5},\"children\":[102]}"},
		 "nodes[100].callFrame.lineNumber: expected an integer, got 1.5"},
		/* a node read_node() refuses comes first, even after a bad frame */
		{{100, 190000}, {"{\"id\":101,\"callFrame\":{\"url\":7},\"children\":[102]}", "\"x\""},
		 "nodes[190000]: expected an object, got a string"},
		{{190000, SIZE_MAX}, {"{\"id\":190001,\"children\":[190002]}"},
		 "nodes[190000]: missing key \"callFrame\""},
		{{190000, SIZE_MAX}, {"{\"id\":190001,\"callFrame\":{},\"children\":{}}"},
		 "nodes[190000].children: expected an array, got an object"},
		{{150000, SIZE_MAX}, {"{\"id\":5,\"callFrame\":{},\"children\":[150002]}"},
		 "nodes[150000].id: node id 5 appears twice"},
		{{150000, SIZE_MAX}, {"{\"id\":150001,\"callFrame\":{},\"children\":[150002,3]}"},
		 "nodes[150000].children[1]: node 3 is a child of two nodes (2 and 150001)"},
		{{150000, SIZE_MAX}, {"{\"id\":150001,\"callFrame\":{},\"children\":[150002,\"3\"]}"},
		 "nodes[150000].children[1]: expected an integer, got a string"},
		{{150000, SIZE_MAX},
		 {"{\"id\":150001,\"parent\":999999999,\"callFrame\":{},\"children\":[150002]}"},
		 "nodes[150000].parent: parent 999999999 of node 150001 is not a node of this profile"},
		{{N - 1, SIZE_MAX}, {"{\"id\":200000,\"callFrame\":{},\"children\":[1]}"},
		 "nodes[0]: node 1 is its own ancestor (the parent links form a cycle)"},
		{{150000, SIZE_MAX},
		 {"{\"id\":150001,\"callFrame\":{},\"children\":[150002],"
		  "\"positionTicks\":[{\"line\":1,\"ticks\":-1}]}"},
		 "nodes[150000].positionTicks[0].ticks: -1 is out of range [0, 2147483647]"},
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char *text = chain_profile(N, cases[i].at, cases[i].node, 2);
		rejects_with(text, cases[i].line);
		free(text);
	}
	/* an array of numbers is packed in the tree, which says "null" of its null */
	rejects_with("{\"nodes\":[null,1,2],\"samples\":[]}", "nodes[0]: expected an object, got null");
	rejects_with("{\"nodes\":[null,{}],\"samples\":[]}", "nodes[0]: expected an object, got a null");
	rejects_with("{\"nodes\":[null,1.5,9007199254740993],\"samples\":[]}",
		     "nodes[0]: expected an object, got a null");
	rejects_with("{\"nodes\":[3,{}],\"samples\":[]}", "nodes[0]: expected an object, got a number");
	rejects_with("{\"profile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"url\":[]}}],\"samples\":[1],"
		     "\"timeDeltas\":[1]}}",
		     "profile.nodes[0].callFrame.url: expected a string, got an array");
}

/* ---- every member of every node set to every kind of value: the tree and the stream agree ---- */

enum { MK_ID, MK_PARENT, MK_CHILDREN, MK_HITS, MK_TICKS, MK_EXTRA, MK_NAME, MK_URL, MK_LINE, MK_COL,
       MK_FRAME, MK_COUNT };
static const char *const mkeys[MK_COUNT] = {"id",       "parent",       "children",   "hitCount",
					    "positionTicks", "extra",  "functionName", "url",
					    "lineNumber", "columnNumber", "callFrame"};
#define ABSENT ((const char *)1)

/* A profile of four nodes whose members are F (NULL or ABSENT: left out; MK_FRAME, when given,
 * replaces the whole callFrame). */
static char *mutant_profile(const char *f[4][MK_COUNT])
{
	size_t cap = 8192, len = 0;
	char *s = xmalloc(cap);
	len += (size_t)snprintf(s, cap, "{\"nodes\":[");
	for (size_t i = 0; i < 4; i++) {
		len += (size_t)snprintf(s + len, cap - len, "%s{", i ? "," : "");
		bool first = true;
		for (size_t k = 0; k < MK_COUNT; k++) {
			const char *v = f[i][k];
			if (k >= MK_NAME || v == NULL || v == ABSENT)
				continue;
			len += (size_t)snprintf(s + len, cap - len, "%s\"%s\":%s", first ? "" : ",", mkeys[k],
						v);
			first = false;
		}
		if (f[i][MK_FRAME] != NULL) {
			if (f[i][MK_FRAME] != ABSENT)
				len += (size_t)snprintf(s + len, cap - len, "%s\"callFrame\":%s",
							first ? "" : ",", f[i][MK_FRAME]);
		} else {
			len += (size_t)snprintf(s + len, cap - len, "%s\"callFrame\":{\"scriptId\":\"1\"",
						first ? "" : ",");
			for (size_t k = MK_NAME; k < MK_FRAME; k++)
				if (f[i][k] != NULL && f[i][k] != ABSENT)
					len += (size_t)snprintf(s + len, cap - len, ",\"%s\":%s", mkeys[k],
								f[i][k]);
			s[len++] = '}';
		}
		s[len++] = '}';
	}
	snprintf(s + len, cap - len,
		 "],\"startTime\":100,\"endTime\":1000,\"samples\":[2,3,3,5,3,2],"
		 "\"timeDeltas\":[10,20,30,40,50,60]}");
	return s;
}

static bool same_profile(const struct profile *a, const struct profile *b);

/* The same return, error lines and profile from the tree and from the stream. */
static bool same_both_ways(const char *text, size_t *loaded)
{
	char err[2][2048];
	int rc[2];
	struct profile p[2];
	for (int way = 0; way < 2; way++) {
		struct stderr_capture cap;
		stderr_capture(&cap);
		rc[way] = load_buffer(text, strlen(text), "m.cpuprofile", way ? &streamed : NULL,
				      cpuprof_load, NULL, &p[way]);
		stderr_captured(&cap, err[way], sizeof(err[way]));
	}
	bool same = rc[0] == rc[1] && strcmp(err[0], err[1]) == 0 &&
		    (rc[0] != 0 || same_profile(&p[0], &p[1]));
	*loaded += rc[0] == 0;
	if (!same)
		fprintf(stderr, "for %s\n  tree (%d): %s  stream (%d): %s", text, rc[0], err[0], rc[1],
			err[1]);
	for (int way = 0; way < 2; way++)
		if (rc[way] == 0)
			profile_release(&p[way]);
	return same;
}

/* 4 nodes x 11 members (callFrame's own four, and callFrame itself) x 22 values: 968 loads,
 * each the same both ways, whether it loads or fails with its one line. */
static void every_member_both_ways(void)
{
	static const char *const base[4][MK_COUNT] = {
		{"1", NULL, "[2,5]", "0", NULL, NULL, "\"(root)\"", "\"\"", "-1", "-1", NULL},
		{"2", NULL, "[3]", "3", "[{\"line\":3,\"ticks\":2}]", NULL, "\"main\"", "\"file:///a.js\"",
		 "1", "2", NULL},
		{"3", NULL, NULL, "4", "[{\"line\":7,\"ticks\":1},{\"line\":8,\"ticks\":2}]", NULL,
		 "\"leaf\"", "\"file:///a.js\"", "5", "4", NULL},
		{"5", NULL, NULL, "1", NULL, NULL, "\"(garbage collector)\"", "\"\"", "-1", "-1", NULL},
	};
	static const char *const values[] = {
		ABSENT, "null", "\"x\"", "1.5", "-1", "1099511627776", "9223372036854775807",
		"-9223372036854775808", "[]", "{}", "true", "[1]", "[null]", "[\"3\"]", "[2.5]", "1e300", "0",
		"[{\"line\":1,\"ticks\":1}]", "[{\"line\":-1,\"ticks\":1}]", "[{\"ticks\":1}]", "[{}]",
		"{\"url\":\"u\"}",
	};
	size_t differ = 0, loads = 0, loaded = 0;
	for (size_t i = 0; i < 4; i++)
		for (size_t k = 0; k < MK_COUNT; k++)
			for (size_t v = 0; v < ARRAY_SIZE(values); v++) {
				const char *f[4][MK_COUNT];
				memcpy(f, base, sizeof(f));
				f[i][k] = values[v];
				char *text = mutant_profile(f);
				differ += !same_both_ways(text, &loaded);
				loads++;
				free(text);
			}
	CHECK_INT(loads, 968);
	CHECK(loaded > 100 && loaded < loads - 100); /* both outcomes are exercised */
	CHECK_INT(differ, 0);
}

/* Every part of two profiles, text compared as text. */
static bool same_profile(const struct profile *a, const struct profile *b)
{
#define SAME(x)                                                                                             \
	do {                                                                                                \
		if (!(x)) {                                                                                 \
			fprintf(stderr, "profiles differ: %s\n", #x);                                      \
			return false;                                                               \
		}                                                                                           \
	} while (0)
#define SAME_STR(x, y) SAME(strcmp(profile_str(a, x), profile_str(b, y)) == 0)
	SAME(a->funcs.len == b->funcs.len && a->frames.len == b->frames.len);
	SAME(a->stacks.len == b->stacks.len);
	SAME(a->libs.len == b->libs.len && a->line_ticks.len == b->line_ticks.len);
	SAME(a->sample_count == b->sample_count && a->metric_count == b->metric_count);
	SAME(a->warnings.len == b->warnings.len && a->info.len == b->info.len);
	for (size_t i = 0; i < a->funcs.len; i++) {
		const struct pf_func *x = &a->funcs.items[i], *y = &b->funcs.items[i];
		SAME_STR(x->name, y->name);
		SAME_STR(x->file, y->file);
		SAME(x->lib == y->lib && x->line == y->line && x->column == y->column);
		SAME(x->flags == y->flags);
	}
	for (size_t i = 0; i < a->libs.len; i++)
		SAME_STR(a->libs.items[i].name, b->libs.items[i].name);
	for (size_t i = 0; i < a->frames.len; i++)
		SAME(memcmp(&a->frames.items[i], &b->frames.items[i], sizeof(struct pf_frame)) == 0);
	for (size_t i = 0; i < a->stacks.len; i++)
		SAME(a->stacks.items[i].parent == b->stacks.items[i].parent &&
		     a->stacks.items[i].frame == b->stacks.items[i].frame);
	for (size_t i = 0; i < a->line_ticks.len; i++)
		SAME(a->line_ticks.items[i].func == b->line_ticks.items[i].func &&
		     a->line_ticks.items[i].line == b->line_ticks.items[i].line &&
		     a->line_ticks.items[i].ticks == b->line_ticks.items[i].ticks);
	for (size_t i = 0; i < a->sample_count; i++) {
		SAME(a->sample_stack[i] == b->sample_stack[i]);
		SAME((a->sample_thread == NULL) == (b->sample_thread == NULL));
		SAME(a->sample_thread == NULL || a->sample_thread[i] == b->sample_thread[i]);
		for (size_t m = 0; m < a->metric_count; m++)
			SAME(a->sample_values[m][i] == b->sample_values[m][i]);
	}
	for (size_t i = 0; i < a->warnings.len; i++)
		SAME(strcmp(a->warnings.items[i], b->warnings.items[i]) == 0);
	for (size_t i = 0; i < a->info.len; i++)
		SAME(strcmp(a->info.items[i].key, b->info.items[i].key) == 0 &&
		     strcmp(a->info.items[i].value, b->info.items[i].value) == 0);
	return true;
#undef SAME_STR
#undef SAME
}

/* The repository's real profiles load to the same profile, part for part, from the tree and
 * from the stream; the modern ones were read from the stream (their nodes are a stub). */
static void streamed_nodes_match_the_tree(void)
{
	static const struct {
		const char *file;
		bool streamed;
	} fx[] = {
		{"hot.cpuprofile", true},
		{"hot.cpuprofile.gz", true},
		{"hot-hitcount.cpuprofile", true},
		{"hot-trace.cpuprofile", true},
		{"root-samples.cpuprofile", true},
		{"speedscope-chrome65-simple.cpuprofile", true},
		{"speedscope-chrome65-sucrase.cpuprofile.gz", true},
		{"wasm-named.cpuprofile", true},
		{"wasm-stripped.cpuprofile", true},
		{"wasm-mangled.cpuprofile", true},
		{"speedscope-node10-legacy-head-timestamps.cpuprofile", false},
		{"speedscope-chrome69-trace-ProfileChunk.json.gz", false},
		{"speedscope-chrome65-trace-CpuProfile-event.json.gz", false},
	};
	static const enum cpuprof_weight weights[] = {CPUPROF_WEIGHT_BEFORE, CPUPROF_WEIGHT_AFTER,
						       CPUPROF_WEIGHT_SAMPLES};
	for (size_t i = 0; i < ARRAY_SIZE(fx); i++) {
		char path[512];
		snprintf(path, sizeof(path), PROFAN_FIXTURES "/cpuprof/%s", fx[i].file);
		size_t len;
		char *buf = source_slurp(path, &len);
		CHECK(buf != NULL);
		if (buf == NULL)
			continue;
		struct json_doc *doc = json_parse_buffer(buf, len, fx[i].file, &streamed);
		CHECK(doc != NULL);
		bool stub = json_is_stub(json_get(json_doc_root(doc), "nodes"));
		if (stub != fx[i].streamed) {
			fprintf(stderr, "%s: nodes %s a stub\n", fx[i].file, stub ? "are" : "are not");
			check_failures_++;
		}
		json_doc_free(doc);
		for (size_t w = 0; w < ARRAY_SIZE(weights); w++) {
			struct cpuprof_opts o = {.weight = weights[w]};
			struct profile a, b;
			pf_set_quiet(true);
			int ra = load_buffer(buf, len, fx[i].file, NULL, cpuprof_load, &o, &a);
			int rb = load_buffer(buf, len, fx[i].file, &streamed, cpuprof_load, &o, &b);
			pf_set_quiet(false);
			CHECK_INT(ra, 0);
			CHECK_INT(rb, 0);
			if (ra == 0 && rb == 0 && !same_profile(&a, &b)) {
				fprintf(stderr, "  in %s, weight %d\n", fx[i].file, (int)weights[w]);
				check_failures_++;
			}
			if (ra == 0)
				profile_release(&a);
			if (rb == 0)
				profile_release(&b);
		}
		free(buf);
	}
}

/* The loader's tests, with the nodes in the tree or read from the stream (JOPTS). */
static void loader_tests(void)
{
	RUN(weights_before_after_samples);
	RUN(function_identity);
	RUN(negative_deltas_hold_the_clock);
	RUN(trace_chunks_in_ts_order);
	RUN(trace_profile_selection);
	RUN(bad_links_fail);
	RUN(unknown_samples_and_short_columns);
	RUN(hit_counts_only);
	RUN(legacy_head_timestamps);
	RUN(deep_chain);
	RUN(wasm_naming);
	RUN(sparse_and_extreme_ids);
	RUN(bad_nodes_give_their_line);
}

int main(void)
{
	loader_tests();
	RUN(wasm_module_sections);
	RUN(plumbing_names);
	RUN(streamed_nodes_match_the_tree);
	RUN(every_member_both_ways);
	jopts = &streamed;
	loader_tests();
	return check_summary();
}
