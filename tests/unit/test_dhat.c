/* test_dhat.c: the DHAT loader and dh_view's metric conditions.
 *
 * Expected numbers come from the design of tests/dhat/peak.c (see its header) and
 * from DHAT's own end-of-run summary for the run that wrote fixtures/dhat/peak.json:
 *   Total: 40,031 bytes in 23 blocks; At t-gmax: 36,921 bytes in 19 blocks;
 *   At t-end: 5,001 bytes in 2 blocks; Reads 1,110 bytes; Writes 31,110 bytes. */
#include "check.h"

#include <stdarg.h>
#include <stdlib.h>

#include "base/task_test.h"
#include "dhat/dhat.h"
#include "dhat/dhat_tree.h"
#include "profan/driver.h"
#include "profan/load.h"
#include "profan/ownership.h"
#include "model/ownership_test.h"
#include "model/profile_test.h"
#include "input/load_test.h"

static struct dhat_meta meta;

/* META gets the loaded file's record (dhat_meta_of). */
static int loaded(int rc, const struct profile *p)
{
	memset(&meta, 0, sizeof(meta));
	if (rc == 0)
		meta = *dhat_meta_of(p);
	return rc;
}

static int load(const char *path, struct profile *p)
{
	return loaded(load_file(path, &dhat_json_opts, dhat_load, NULL, p), p);
}

static int load_text(const char *text, struct profile *p)
{
	return loaded(load_buffer(text, strlen(text), "inline.json", &dhat_json_opts, dhat_load, NULL, p), p);
}

static int64_t sum(const struct profile *p, const char *metric)
{
	size_t m = profile_metric_index(p, metric);
	int64_t s = 0;
	if (m == SIZE_MAX)
		return -1;
	for (size_t i = 0; i < p->sample_count; i++)
		s += p->sample_values[m][i];
	return s;
}

static int64_t value(const struct profile *p, size_t sample, const char *metric)
{
	return p->sample_values[profile_metric_index(p, metric)][sample];
}

/* The sample whose allocating frame (just above malloc) is function NAME; the first if several. */
static size_t sample_of(const struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		if (s == PF_NONE || p->stacks.items[s].parent == PF_NONE)
			continue;
		if (strcmp(profile_func_name(p, profile_stack_func(p, p->stacks.items[s].parent)), name) == 0)
			return i;
	}
	return SIZE_MAX;
}

static void peak_totals_match_dhat_summary(void)
{
	struct profile p;
	CHECK_INT(load("dhat/peak.json", &p), 0);
	CHECK_INT(sum(&p, "tb"), 40031);
	CHECK_INT(sum(&p, "tbk"), 23);
	CHECK_INT(sum(&p, "gb"), 36921);
	CHECK_INT(sum(&p, "gbk"), 19);
	CHECK_INT(sum(&p, "eb"), 5001);
	CHECK_INT(sum(&p, "ebk"), 2);
	CHECK_INT(sum(&p, "rb"), 1110);
	CHECK_INT(sum(&p, "wb"), 31110);
	CHECK_INT(p.sample_count, 11);
	CHECK_STR(p.metrics[p.default_metric].name, "gb");
	CHECK(!p.metrics[profile_metric_index(&p, "mb")].additive);
	CHECK_STR(meta.cmd, "./peak");
	CHECK_STR(meta.exe, "./peak");
	CHECK_STR(meta.mode, "heap");
	CHECK_INT(meta.pid, 5994);
	CHECK_INT(meta.te, 161881);
	CHECK_INT(meta.tg, 155842);
	CHECK_INT(meta.tuth, 500);
	CHECK_INT(meta.version, 2);
	CHECK_INT(meta.merged, 0);
	CHECK_INT(meta.repairs, 0);
	profile_release(&p);
}

static void peak_sites_follow_the_program_design(void)
{
	struct profile p;
	CHECK_INT(load("dhat/peak.json", &p), 0);
	size_t big = sample_of(&p, "make_big"), chain = sample_of(&p, "realloc_chain");
	size_t zero = sample_of(&p, "zero_size"), small = sample_of(&p, "make_small");
	CHECK(big != SIZE_MAX && chain != SIZE_MAX && zero != SIZE_MAX && small != SIZE_MAX);
	if (big == SIZE_MAX || chain == SIZE_MAX || zero == SIZE_MAX || small == SIZE_MAX)
		goto out;
	CHECK_INT(value(&p, big, "gb"), 30000);
	/* realloc chain 10 -> 100 -> 1000 -> 5000: every step adds its new size and a block */
	CHECK_INT(value(&p, chain, "tb"), 10 + 100 + 1000 + 5000);
	CHECK_INT(value(&p, chain, "tbk"), 4);
	CHECK_INT(value(&p, chain, "gb"), 5000);
	CHECK_INT(value(&p, chain, "eb"), 5000);
	/* malloc(0) counts one byte */
	CHECK_INT(value(&p, zero, "tb"), 1);
	CHECK_INT(value(&p, zero, "eb"), 1);
	CHECK_INT(value(&p, small, "gbk"), 10);
	/* frames are innermost first in the file; stacks are root first: main -> make_big -> malloc */
	uint32_t s = p.sample_stack[big];
	CHECK_INT(profile_stack_depth(&p, s), 3);
	CHECK_STR(profile_func_name(&p, profile_stack_func(&p, s)), "malloc");
	uint32_t root = p.stacks.items[p.stacks.items[s].parent].parent;
	CHECK_STR(profile_func_name(&p, profile_stack_func(&p, root)), "main");
	const struct pf_frame *fr = profile_stack_frame(&p, p.stacks.items[s].parent);
	CHECK_INT(fr->line, 22);
	CHECK_INT(fr->address, 0x10917A);
	const struct pf_func *f = &p.funcs.items[fr->func];
	CHECK_STR(profile_str(&p, f->file), "peak.c");
	CHECK(f->flags & PF_FUNC_TEXT); /* evidence only: the ownership engine decides */
	CHECK(!(f->flags & (PF_FUNC_OWNED | PF_FUNC_SHARED_OBJECT | PF_FUNC_FILE_TAIL)));
	const struct pf_func *m = &p.funcs.items[profile_stack_func(&p, s)];
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	CHECK(ownership_is_yours(&o, fr->func) && ownership_is_program(&o, &p, fr->func));
	CHECK_STR(ownership_rule_id(o.funcs[fr->func].rule), "text-source");
	uint32_t mf = profile_stack_func(&p, s);
	CHECK(!ownership_is_yours(&o, mf) && !ownership_is_program(&o, &p, mf));
	ownership_release(&o);
	CHECK(m->lib != PF_NONE);
	CHECK_STR(profile_str(&p, p.libs.items[m->lib].name), "vgpreload_dhat-amd64-linux.so");
out:
	profile_release(&p);
}

static void recursion_and_inlining(void)
{
	struct profile p;
	CHECK_INT(load("dhat/peak.json", &p), 0);
	/* recurse(rec, 4): five blocks of 24 bytes, one program point per depth */
	int points = 0;
	int64_t bytes = 0;
	size_t depth_sum = 0;
	for (size_t i = 0; i < p.sample_count; i++) {
		uint32_t s = p.sample_stack[i];
		if (strcmp(profile_func_name(&p, profile_stack_func(&p, p.stacks.items[s].parent)),
			   "recurse") == 0) {
			points++;
			bytes += value(&p, i, "gb");
			depth_sum += profile_stack_depth(&p, s);
		}
	}
	CHECK_INT(points, 5);
	CHECK_INT(bytes, 5 * 24);
	/* recursion through one call site repeats one frame: the same return address, but not inlining */
	for (size_t i = 0; i < p.sample_count; i++)
		for (uint32_t s = p.sample_stack[i]; s != PF_NONE; s = p.stacks.items[s].parent)
			if (strcmp(profile_func_name(&p, profile_stack_func(&p, s)), "recurse") == 0)
				CHECK(!(profile_stack_frame(&p, s)->flags & PF_FRAME_INLINED));
	CHECK_INT(depth_sum, 3 + 4 + 5 + 6 + 7);
	/* inlined_grab is inlined into use_inlined: same address, the callee flagged */
	size_t inl = sample_of(&p, "inlined_grab");
	CHECK(inl != SIZE_MAX);
	if (inl != SIZE_MAX) {
		uint32_t s = p.stacks.items[p.sample_stack[inl]].parent;
		const struct pf_frame *callee = profile_stack_frame(&p, s);
		const struct pf_frame *caller = profile_stack_frame(&p, p.stacks.items[s].parent);
		CHECK(callee->flags & PF_FRAME_INLINED);
		CHECK(!(caller->flags & PF_FRAME_INLINED));
		CHECK_STR(profile_func_name(&p, caller->func), "use_inlined");
		CHECK_INT(callee->address, caller->address);
		CHECK_INT(value(&p, inl, "gb"), 800);
	}
	profile_release(&p);
}

static void version_1_reads_like_version_2(void)
{
	struct profile a, b;
	CHECK_INT(load("dhat/peak.json", &a), 0);
	CHECK_INT(load("dhat/peak.v1.json", &b), 0);
	CHECK_INT(meta.version, 1);
	CHECK_STR(meta.mode, "heap");
	CHECK_INT(meta.tg, 155842);
	CHECK_INT(meta.te, 161881);
	static const char *const fields[] = {"tb",  "tbk", "tl",  "mb", "mbk", "gb",
					     "gbk", "eb",  "ebk", "rb", "wb"};
	for (size_t i = 0; i < ARRAY_SIZE(fields); i++)
		CHECK_INT(sum(&b, fields[i]), sum(&a, fields[i]));
	CHECK_INT(b.stacks.len, a.stacks.len);
	profile_release(&a);
	profile_release(&b);
}

static void invalid_fs_is_repaired_as_an_empty_stack(void)
{
	struct profile p;
	pf_set_quiet(true);
	CHECK_INT(load("dhat/peak.fsbug.json", &p), 0);
	pf_set_quiet(false);
	CHECK_INT(meta.repairs, 1);
	CHECK_INT(p.warnings.len, 1);
	CHECK_INT(sum(&p, "gb"), 36921);
	size_t empty = 0;
	for (size_t i = 0; i < p.sample_count; i++)
		if (p.sample_stack[i] == PF_NONE) {
			empty++;
			CHECK_INT(value(&p, i, "tb"), 1); /* the malloc(0) point */
		}
	CHECK_INT(empty, 1);
	profile_release(&p);
}

static void identical_stacks_merge(void)
{
	struct profile p;
	CHECK_INT(load("dhat/peak.dup.json", &p), 0);
	CHECK_INT(meta.pps, 12);
	CHECK_INT(meta.merged, 1);
	CHECK_INT(p.sample_count, 11);
	size_t big = sample_of(&p, "make_big");
	CHECK_INT(value(&p, big, "tb"), 31000);
	CHECK_INT(value(&p, big, "gb"), 31000);
	CHECK_INT(value(&p, big, "tbk"), 2);
	CHECK_INT(value(&p, big, "mb"), 30000); /* a maximum, not a sum */
	profile_release(&p);
}

static void copy_and_ad_hoc_modes(void)
{
	struct profile p;
	/* events.c: 3 x memcpy 4096 from copy_block, 2 x strcpy of 12 bytes from copy_name */
	CHECK_INT(load("dhat/events.copy.json", &p), 0);
	CHECK_STR(meta.mode, "copy");
	CHECK(!meta.bklt && !meta.bkacc);
	CHECK_INT(p.metric_count, 2);
	CHECK_STR(p.metrics[p.default_metric].name, "tb");
	CHECK_INT(p.metrics[0].unit, PF_UNIT_BYTES);
	CHECK_INT(sum(&p, "tb"), 12597); /* DHAT's summary: 12,597 bytes in 28 blocks */
	CHECK_INT(sum(&p, "tbk"), 28);
	int64_t block = 0, name = 0;
	for (size_t i = 0; i < p.sample_count; i++)
		for (uint32_t s = p.sample_stack[i]; s != PF_NONE; s = p.stacks.items[s].parent) {
			const char *fn = profile_func_name(&p, profile_stack_func(&p, s));
			if (strcmp(fn, "copy_block") == 0)
				block += value(&p, i, "tb");
			if (strcmp(fn, "copy_name") == 0)
				name += value(&p, i, "tb");
		}
	CHECK_INT(block, 3 * 4096);
	CHECK_INT(name, 2 * 12);
	profile_release(&p);
	/* ad hoc: weights 10 and 20 from hot_path, 30 from cold_path */
	CHECK_INT(load("dhat/events.adhoc.json", &p), 0);
	CHECK_STR(meta.units, "units");
	CHECK_STR(meta.blocks, "events");
	CHECK_INT(p.metrics[0].unit, PF_UNIT_COUNT);
	CHECK_INT(sum(&p, "tb"), 60);
	CHECK_INT(sum(&p, "tbk"), 3);
	profile_release(&p);
}

static void libc_with_debug_info_is_not_the_program(void)
{
	/* sort is stripped ("??? (in /usr/bin/sort)"); libc has debug info, so its frames carry
	 * only file names, e.g. "_IO_file_doallocate (filedoalloc.c:101)" at 0x48F2E2B */
	struct profile p;
	CHECK_INT(load("dhat/sort.json", &p), 0);
	CHECK_INT(sum(&p, "tb"), 7106619); /* DHAT's summary: 7,106,619 bytes in 222 blocks */
	CHECK_INT(sum(&p, "tbk"), 222);
	CHECK_INT(sum(&p, "gb"), 7095148); /* at t-gmax: 7,095,148 bytes in 157 blocks */
	CHECK_INT(sum(&p, "gbk"), 157);
	int owned_unresolved = 0, libc_files = 0, libc_owned = 0;
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	for (uint32_t i = 0; i < p.funcs.len; i++) {
		const struct pf_func *f = &p.funcs.items[i];
		const char *file = profile_str(&p, f->file);
		if ((f->flags & PF_FUNC_UNRESOLVED) && ownership_is_program(&o, &p, i))
			owned_unresolved++;
		if (strcmp(file, "filedoalloc.c") == 0 || strcmp(file, "setlocale.c") == 0) {
			libc_files++;
			CHECK(f->flags & PF_FUNC_SHARED_OBJECT); /* at 0x48F2E2B: among the shared objects */
			libc_owned += ownership_is_program(&o, &p, i) || ownership_is_yours(&o, i);
		}
	}
	ownership_release(&o);
	CHECK(owned_unresolved == 1); /* all of sort's frames: one "???" function of /usr/bin/sort */
	CHECK(libc_files >= 2);
	CHECK_INT(libc_owned, 0);
	profile_release(&p);
}

static void malformed_files_fail_cleanly(void)
{
	static const char *const files[] = {"dhat/bad.truncated.json", "dhat/bad.fs-range.json",
					    "dhat/bad.gb-type.json",   "dhat/bad.version.json",
					    "dhat/bad.no-ftbl.json",   "dhat/bad.negative.json",
					    "dhat/does-not-exist.json"};
	pf_set_quiet(true);
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		struct profile p;
		int rc = load(files[i], &p);
		if (rc != -1)
			fprintf(stderr, "%s loaded\n", files[i]);
		CHECK_INT(rc, -1);
		if (rc == 0)
			profile_release(&p);
	}
	static const char *const texts[] = {
		"[]",
		"{\"dhatFileVersion\":2}",
		"{\"dhatFileVersion\":2,\"mode\":\"heap\",\"bklt\":1,\"bkacc\":true,\"cmd\":\"x\",\"pid\":1,"
		"\"te\":1,"
		"\"tg\":1,\"pps\":[],\"ftbl\":[\"[root]\"]}",
		"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"x\","
		"\"pid\":1,"
		"\"te\":1,\"pps\":[{\"tb\":1,\"tbk\":1,\"fs\":[1]}],\"ftbl\":[\"[root]\",7]}",
		"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"x\","
		"\"pid\":1,"
		"\"te\":1,\"pps\":[{\"tb\":1,\"tbk\":1,\"fs\":[1.5]}],\"ftbl\":[\"[root]\",\"f\"]}",
		"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"x\","
		"\"pid\":1,"
		"\"te\":1,\"pps\":[{\"tb\":9223372036854775807,\"tbk\":1,\"fs\":[1]},"
		"{\"tb\":1,\"tbk\":1,\"fs\":[1]}],\"ftbl\":[\"[root]\",\"f\"]}",
		"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"x\","
		"\"pid\":1,"
		"\"te\":1,\"pps\":[{\"tb\":1,\"tbk\":1,\"fs\":[1]}],\"ftbl\":[\"[root]\",\"f\"]",
		/* two different stacks whose tb add up beyond 2^63 - 1: every view sums them */
		"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"x\","
		"\"pid\":1,\"te\":1,\"pps\":[{\"tb\":9223372036854775807,\"tbk\":1,\"fs\":[1]},"
		"{\"tb\":1,\"tbk\":1,\"fs\":[2]}],\"ftbl\":[\"[root]\",\"f\",\"g\"]}",
	};
	for (size_t i = 0; i < ARRAY_SIZE(texts); i++) {
		struct profile p;
		int rc = load_text(texts[i], &p);
		if (rc != -1)
			fprintf(stderr, "text %zu loaded\n", i);
		CHECK_INT(rc, -1);
		if (rc == 0)
			profile_release(&p);
	}
	pf_set_quiet(false);
}

/* The program points read from the stream into columns (dhat_plan, as the driver parses): real
 * files and points with members the columns do not hold (counters of other modes that are not
 * integers, which the loader does not read) all load. */
static void points_read_from_columns(void)
{
	static const char *const files[] = {
		"dhat/peak.json",         "dhat/peak.v1.json",      "dhat/peak.fsbug.json", "dhat/peak.dup.json",
		"dhat/rsdemo.json",       "dhat/sort.json",         "dhat/containers.json", "dhat/dhatrs-heap.json",
		"dhat/dhatrs-adhoc.json", "dhat/events.copy.json",  "dhat/events.adhoc.json",
		"../tests/malformed/dhat/ok-odd-points.json",
	};
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		struct profile a;
		int ra = load_file(files[i], &dhat_json_opts, dhat_load, NULL, &a);
		CHECK_INT(ra, 0);
		if (ra != 0)
			fprintf(stderr, "%s does not load\n", files[i]);
		else
			profile_release(&a);
	}
	/* ok-odd-points.json: the file's design (its README line): 4 points, tb 1+2+4+8 */
	struct profile p;
	CHECK_INT(load("../tests/malformed/dhat/ok-odd-points.json", &p), 0);
	CHECK_INT(sum(&p, "tb"), 15);
	CHECK_INT(sum(&p, "tbk"), 4);
	CHECK_INT((int64_t)p.sample_count, 3); /* points 1 and 3 share their stack */
	profile_release(&p);
}

static void empty_and_deep_inputs(void)
{
	struct profile p;
	/* no program points at all: DHAT writes "[" and "]" on separate lines */
	CHECK_INT(
		load_text(
			"{\"dhatFileVersion\":2,\"mode\":\"heap\",\"verb\":\"Allocated\",\"bklt\":true,"
			"\"bkacc\":true,\"tu\":\"instrs\",\"Mtu\":\"Minstr\",\"tuth\":500,\"cmd\":\"./true\","
			"\"pid\":1,\"te\":100,\"tg\":0,\"pps\":\n [\n ]\n,\"ftbl\":\n [\"[root]\"\n ]\n}",
			&p),
		0);
	CHECK_INT(p.sample_count, 0);
	profile_release(&p);
	/* one stack 200,000 frames deep (alternating two frames): no recursion may blow up */
	size_t n = 200000, cap = n * 3 + 512, len = 0;
	char *t = malloc(cap);
	len += (size_t)snprintf(t, cap,
				"{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,"
				"\"cmd\":\"d\",\"pid\":1,\"te\":1,\"pps\":[{\"tb\":5,\"tbk\":1,\"fs\":[");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(t + len, cap - len, "%s%d", i ? "," : "", 1 + (int)(i & 1));
	snprintf(t + len, cap - len, "]}],\"ftbl\":[\"[root]\",\"0x1: a (a.c:1)\",\"0x2: b (b.c:2)\"]}");
	CHECK_INT(load_text(t, &p), 0);
	CHECK_INT(p.sample_count, 1);
	CHECK_INT(profile_stack_depth(&p, p.sample_stack[0]), n);
	CHECK_INT(p.funcs.len, 2);
	profile_release(&p);
	free(t);
}

static void frame_text_splits_at_the_last_paren(void)
{
	struct dhat_frame_text f;
#define SPLIT(s) dhat_split_frame(s, strlen(s), &f)
#define SPAN(p, n) ((p) ? strndup((p), (n)) : NULL)
	char *a, *b;
	SPLIT("0x4884249: (below main) (libc_start_call_main.h:58)");
	CHECK(f.has_address);
	CHECK_INT(f.address, 0x4884249);
	CHECK_STR(a = SPAN(f.name, f.name_len), "(below main)");
	CHECK_STR(b = SPAN(f.file, f.file_len), "libc_start_call_main.h");
	CHECK_INT(f.line, 58);
	free(a), free(b);
	SPLIT("0x143A33: call_once<(), (dyn core::ops::function::Fn<(), Output=i32> + core::marker::Sync)> "
	      "(function.rs:287)");
	CHECK_STR(a = SPAN(f.name, f.name_len),
		  "call_once<(), (dyn core::ops::function::Fn<(), Output=i32> + core::marker::Sync)>");
	CHECK_INT(f.line, 287);
	free(a);
	SPLIT("0x4841F2F: operator new(unsigned long) (in "
	      "/usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)");
	CHECK_STR(a = SPAN(f.name, f.name_len), "operator new(unsigned long)");
	CHECK_STR(b = SPAN(f.object, f.object_len), "/usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so");
	CHECK(f.file == NULL);
	free(a), free(b);
	SPLIT("0x11DCB1: alloc (library/alloc/src/alloc.rs:95)");
	CHECK_STR(a = SPAN(f.file, f.file_len), "library/alloc/src/alloc.rs");
	free(a);
	SPLIT("0x10EE8C: ??? (in /usr/bin/sort)");
	CHECK_STR(a = SPAN(f.name, f.name_len), "???");
	free(a);
	SPLIT("[root]");
	CHECK(!f.has_address);
	CHECK_STR(a = SPAN(f.name, f.name_len), "[root]");
	free(a);
	SPLIT("0x1: f(int) (const)"); /* a parenthesised group that is not a location stays in the name */
	CHECK_STR(a = SPAN(f.name, f.name_len), "f(int) (const)");
	CHECK(f.file == NULL && f.object == NULL);
	free(a);
	SPLIT("0x1: (below main)");
	CHECK_STR(a = SPAN(f.name, f.name_len), "(below main)");
	free(a);
	SPLIT("0xZZ: x (a.c:1)"); /* not an address: kept as text */
	CHECK(!f.has_address);
	CHECK_STR(a = SPAN(f.name, f.name_len), "0xZZ: x");
	free(a);
#undef SPLIT
#undef SPAN
}

/* Is the frame TEXT of a file whose command is CMD the program's? The loader gives evidence
 * (docs/ownership.md: rows text-source, tail-crate), the ownership engine decides. MODE "heap"
 * (valgrind) or "rust-heap" (the dhat crate). */
static bool program_frame(const char *mode, const char *cmd, const char *text)
{
	char doc[1024];
	snprintf(doc, sizeof(doc),
		 "{\"dhatFileVersion\":2,\"mode\":\"%s\",\"bklt\":false,\"bkacc\":false,\"cmd\":\"%s\","
		 "\"pid\":1,\"te\":1,\"pps\":[{\"tb\":5,\"tbk\":1,\"fs\":[1]}],\"ftbl\":[\"[root]\",\"%s\"]}",
		 mode, cmd, text);
	struct profile p;
	struct ownership o;
	bool yours = false, program = false;
	CHECK_INT(load_text(doc, &p), 0);
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	if (p.sample_count == 1) {
		uint32_t f = profile_stack_func(&p, p.sample_stack[0]);
		yours = ownership_is_yours(&o, f);
		program = ownership_is_program(&o, &p, f);
		CHECK(yours == program); /* a lone frame: no other row than the evidence's decides */
	}
	ownership_release(&o);
	profile_release(&p);
	return program;
}

static void ownership_rule(void)
{
#define V(cmd, text) program_frame("heap", cmd, text)
	CHECK(V("./demo", "0x10000: make_buf (demo.c:3)"));
	CHECK(V("./demo", "0x10000: ??? (in /home/u/demo)"));
	CHECK(!V("./demo", "0x4842000: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)"));
	CHECK(!V("./demo", "0x10000: (below main) (libc_start_call_main.h:58)"));
	CHECK(!V("./demo", "0x10000: alloc (library/alloc/src/alloc.rs:95)"));
	CHECK(!V("./demo", "0x10000: std::__new_allocator<int>::allocate(unsigned long, void const*) "
			   "(new_allocator.h:151)"));
	CHECK(!V("./demo", "0x10000: reserve (vector.tcc:72)"));
	CHECK(!V("./demo", "0x10000: call_init (dl-init.c:74)"));
	CHECK(!V("./demo", "0x10000: x (/usr/include/c++/12/bits/stl_vector.h:3)"));
	CHECK(!V("./demo", "0x10000: f"));
	/* libc with debug info names only its file; its address says it is a shared object */
	CHECK(!V("./demo", "0x48F2E2B: _IO_file_doallocate (filedoalloc.c:101)"));
	CHECK(V("./demo", "0x10000: _IO_file_doallocate (filedoalloc.c:101)"));
	CHECK(V("target/release/rsdemo", "0x10000: rsdemo::fill_vec (src/main.rs:9)"));
	CHECK(V("./rsdemo", "0x10000: rsdemo::fill_vec (rsdemo.rs:9)"));
	CHECK(V("./rsdemo", "0x10000: <rsdemo::Foo as core::fmt::Display>::fmt (rsdemo.rs:9)"));
	/* Rust std inlined into the program: short name, bare file */
	CHECK(!V("./rsdemo",
		 "0x10000: call_once<(), (dyn core::ops::function::Fn<(), Output=i32>)> (function.rs:287)"));
	CHECK(!V("./rsdemo", "0x10000: <alloc::raw_vec::RawVecInner>::try_allocate_in (in /tmp/rsdemo)"));
#undef V
	/* the dhat crate: the crate the command names (cargo's hash and .exe dropped, "-" as "_"),
	 * its workspace's crates, and files of their project folders */
#define R(cmd, text) program_frame("rust-heap", cmd, text)
	CHECK(R("target/debug/my-app-0123456789abcdef", "my_app::main (my-app/src/main.rs:4:5)"));
	CHECK(R("C:\\\\work\\\\my-app.exe", "my_app_core::parse (core/src/lib.rs:4:5)"));
	CHECK(!R("./my-app", "dhat::Profiler::new (dhat-0.3.3/src/lib.rs:4:5)"));
	CHECK(!R("./my-app", "alloc::vec::Vec::push (alloc/src/vec.rs:4:5)"));
	CHECK(!R("./my-app", "other::f (other/src/lib.rs:4:5)"));
#undef R
}

static void dh_view_conditions(void)
{
	/* tiny: average size <= 16 */
	CHECK(dhat_pred_eval(DHAT_PRED_TINY, &(struct dhat_vals){.tb = 160, .tbk = 10}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_TINY, &(struct dhat_vals){.tb = 161, .tbk = 10}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_TINY, &(struct dhat_vals){.tb = 0, .tbk = 0}, 500));
	/* short-lived: average lifetime <= tuth */
	CHECK(dhat_pred_eval(DHAT_PRED_SHORT_LIVED, &(struct dhat_vals){.tbk = 2, .tl = 1000}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_SHORT_LIVED, &(struct dhat_vals){.tbk = 2, .tl = 1001}, 500));
	/* zero reads or zero writes */
	CHECK(dhat_pred_eval(DHAT_PRED_ZERO_ACCESS, &(struct dhat_vals){.tb = 8, .rb = 0, .wb = 8}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_ZERO_ACCESS, &(struct dhat_vals){.tb = 8, .rb = 1, .wb = 8}, 500));
	/* low access: both non-zero and one of them <= 0.4 per byte */
	CHECK(dhat_pred_eval(DHAT_PRED_LOW_ACCESS, &(struct dhat_vals){.tb = 10, .rb = 4, .wb = 100}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_LOW_ACCESS, &(struct dhat_vals){.tb = 10, .rb = 5, .wb = 5}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_LOW_ACCESS, &(struct dhat_vals){.tb = 10, .rb = 0, .wb = 1}, 500));
	/* high access: >= 1000 per byte */
	CHECK(dhat_pred_eval(DHAT_PRED_HIGH_ACCESS, &(struct dhat_vals){.tb = 2, .rb = 2000}, 500));
	CHECK(!dhat_pred_eval(DHAT_PRED_HIGH_ACCESS, &(struct dhat_vals){.tb = 2, .rb = 1999, .wb = 1999},
			      500));
	/* no overflow near INT64_MAX */
	CHECK(!dhat_pred_eval(DHAT_PRED_TINY, &(struct dhat_vals){.tb = INT64_MAX, .tbk = 1}, 500));
	CHECK(dhat_pred_eval(DHAT_PRED_TINY, &(struct dhat_vals){.tb = INT64_MAX, .tbk = INT64_MAX}, 500));
}

static int64_t row_value(const struct report *r, const char *table, const char *func)
{
	for (size_t i = 0; i < r->tables.len; i++) {
		const struct report_table *t = r->tables.items[i];
		if (strcmp(t->id, table) != 0)
			continue;
		for (size_t k = 0; k < t->rows.len; k++) {
			const char *name = t->rows.items[k].name;
			size_t n = strlen(func);
			if (strncmp(name, func, n) == 0 && (name[n] == '\0' || name[n] == ' '))
				return t->rows.items[k].values[0];
		}
	}
	return -1;
}

/* The sites and functions views of peak.json (the design in tests/dhat/peak.c), walked in
 * two halves on two threads (dhat_views.c, sites_compute), then on one (task.h's inline mode):
 * each site's bytes live at the peak, and each function's counted once per stack (recurse's
 * five depths are 120 B). */
static void views_follow_the_program_design_once(void)
{
	struct profile p;
	struct profan_opts o;
	struct report r;
	CHECK_INT(load("dhat/peak.json", &p), 0);
	profan_opts_init(&o);
	report_init(&r);
	CHECK_INT(driver_run_profile(&o, &p, "dhat/peak.json", &r), PF_EXIT_OK);
	static const struct {
		const char *func;
		int64_t site, inclusive;
	} want[] = {{"make_big", 30000, 30000},  {"make_small", 1000, 1000}, {"recurse", 120, 120},
		    {"inlined_grab", 800, 800},   {"use_inlined", -1, 800},   {"realloc_chain", 5000, 5000},
		    {"zero_size", 1, 1},          {"main", -1, 36921}};
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		CHECK_INT(row_value(&r, "sites", want[i].func), want[i].site);
		CHECK_INT(row_value(&r, "functions", want[i].func), want[i].inclusive);
	}
	report_release(&r);
	profile_release(&p);
}

/* The sites row whose name starts NAME in R: its caller chain (row context), or NULL. */
static const char *site_chain(const struct report *r, const char *name)
{
	for (size_t i = 0; i < r->tables.len; i++) {
		const struct report_table *t = r->tables.items[i];
		for (size_t k = 0; strcmp(t->id, "sites") == 0 && k < t->rows.len; k++)
			if (strcmp(t->rows.items[k].name, name) == 0)
				return t->rows.items[k].context ? t->rows.items[k].context : "";
	}
	return NULL;
}

/* valgrind without a closure type on the stack (rustc's codegen units: the closure of
 * tests/ownership/src/rsnames.rs's words::make_strings, line 12, inlined from another unit, read
 * "UnknownInlinedFun"; frames from a recording of it, std's generic arguments cut): the frame is
 * named after its owner, make_strings (line 14), which main calls at line 53. The source's chain is
 * make_strings, then main: each function once, not "make_strings <- make_strings". A recursion of
 * the producer's frames keeps its steps (peak.c's recurse at depths 0 to 4: five chains). */
static void owner_named_once_in_caller_chain(void)
{
	static const char doc[] =
		"{\"dhatFileVersion\":2,\"mode\":\"heap\",\"verb\":\"Allocated\",\"bklt\":true,"
		"\"bkacc\":true,\"tu\":\"instrs\",\"Mtu\":\"Minstr\",\"tuth\":500,"
		"\"cmd\":\"./rsnames-units\",\"pid\":1,"
		"\"te\":100,\"tg\":50,\"pps\":[{\"tb\":72000,\"tbk\":4000,\"tl\":1,\"mb\":18,\"mbk\":1,"
		"\"gb\":72000,\"gbk\":4000,\"eb\":0,\"ebk\":0,\"rb\":0,\"wb\":0,"
		"\"fs\":[1,2,3,4,5,6,7,8,9,10,11,12]}],"
		"\"ftbl\":[\"[root]\","
		"\"0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_dhat-amd64-linux.so)\","
		"\"0x15AC42: alloc::fmt::format::format_inner (fmt.rs:652)\","
		"\"0x120085: UnknownInlinedFun (library/alloc/src/fmt.rs:659)\","
		"\"0x120085: UnknownInlinedFun (rsnames.rs:12)\","
		"\"0x120085: UnknownInlinedFun (library/core/src/iter/adapters/map.rs:88)\","
		"\"0x120085: for_each<core::iter::adapters::map::Map<core::ops::range::Range<usize>, F>> "
		"(library/core/src/iter/traits/iterator.rs:845)\","
		"\"0x11F682: collect<core::iter::adapters::map::Map<core::ops::range::Range<usize>, F>> "
		"(library/core/src/iter/traits/iterator.rs:2064)\","
		"\"0x11F682: make_strings (rsnames.rs:14)\","
		"\"0x11F682: rsnames::main (rsnames.rs:53)\","
		"\"0x11F0A8: std::rt::lang_start::{{closure}} (library/std/src/rt.rs:206)\","
		"\"0x147073: std::rt::lang_start_internal (rt.rs:171)\","
		"\"0x11FF4B: main (in /tmp/rsnames-units)\"]}";
	for (int file = 0; file < 2; file++) {
		struct profile p;
		struct profan_opts o;
		struct report r;
		const char *path = file ? "dhat/peak.json" : "inline.json";
		CHECK_INT(file ? load(path, &p) : load_text(doc, &p), 0);
		profan_opts_init(&o);
		report_init(&r);
		CHECK_INT(driver_run_profile(&o, &p, path, &r), PF_EXIT_OK);
		const char *site = file ? "recurse (peak.c:35)" : "make_strings (rsnames.rs:12)";
		const char *chain = site_chain(&r, site);
		CHECK(chain != NULL);
		if (file == 0)
			CHECK_STR(chain, "<- rsnames::main (rsnames.rs:53)");
		else
			CHECK_STR(chain, "<- main (peak.c:72), 1 of 5 caller chains");
		report_release(&r);
		profile_release(&p);
	}
}

static void views_follow_the_program_design(void)
{
	views_follow_the_program_design_once();
	task_set_inline(true);
	views_follow_the_program_design_once();
	task_set_inline(false);
}

/* Random DHAT files for random_stacks_intern_one_at_a_time. An ftbl entry is function F
 * (spelled one of four ways that all read "fF": valgrind's clone and parameter spellings, a
 * Rust generic) at address A and line L. Entries of one (F, A, L) are one frame, so two of
 * them under one parent are one node ("twins"); an entry under another at its address is
 * inlined into it, unless it is the same entry (recursion). */
struct gen_entry {
	int f, v, a, l;
};

struct gen_node { /* a node as profile_intern_path() of each stack in file order makes it */
	int parent, f, a, l, inl;
};

struct gen {
	char *text;
	size_t len, cap;
	struct gen_entry entry[64];
	int entries;
	int (*stack)[16]; /* per point, root first */
	int *depth;
	int64_t *tb;
	int points;
};

static void gen_put(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(g->text + g->len, g->cap - g->len, fmt, ap);
		va_end(ap);
		if ((size_t)n < g->cap - g->len) {
			g->len += (size_t)n;
			return;
		}
		g->cap = g->cap * 2 + (size_t)n + 64;
		g->text = realloc(g->text, g->cap);
	}
}

static void gen_write(struct gen *g)
{
	static const char *const spelling[] = {"f%d(int)", "f%d(unsigned int) [clone .constprop.0]",
					       "f%d.constprop.0", "f%d<alloc::string::String, i32>"};
	g->len = 0;
	gen_put(g, "{\"dhatFileVersion\":2,\"mode\":\"copy\",\"bklt\":false,\"bkacc\":false,"
		   "\"cmd\":\"./prog\",\"pid\":1,\"te\":1,\"pps\":[");
	for (int i = 0; i < g->points; i++) {
		gen_put(g, "%s{\"tb\":%lld,\"tbk\":1,\"fs\":[", i ? "," : "", (long long)g->tb[i]);
		for (int d = g->depth[i]; d-- > 0;) /* innermost first */
			gen_put(g, "%d%s", 1 + g->stack[i][d], d ? "," : "");
		gen_put(g, "]}");
	}
	gen_put(g, "],\"ftbl\":[\"[root]\"");
	for (int e = 0; e < g->entries; e++) {
		char name[64];
		snprintf(name, sizeof(name), spelling[g->entry[e].v], g->entry[e].f);
		gen_put(g, ",\"0x%X: %s (a.c:%d)\"", 0x401000 + 16 * g->entry[e].a, name, g->entry[e].l);
	}
	gen_put(g, "]}");
}

/* The nodes and the samples (first point of each leaf, in file order) the file must give. */
static int gen_expect(const struct gen *g, struct gen_node *node, int *leaf)
{
	int nodes = 0;
	for (int i = 0; i < g->points; i++) {
		int parent = -1, prev = -1;
		for (int d = 0; d < g->depth[i]; d++) {
			const struct gen_entry *e = &g->entry[g->stack[i][d]];
			int cur = g->stack[i][d];
			struct gen_node want = {parent, e->f, e->a, e->l,
						prev >= 0 && prev != cur && g->entry[prev].a == e->a};
			int k = 0;
			while (k < nodes && memcmp(&node[k], &want, sizeof(want)) != 0)
				k++;
			if (k == nodes)
				node[nodes++] = want;
			parent = k;
			prev = cur;
		}
		leaf[i] = parent;
	}
	return nodes;
}

static void gen_check(const struct gen *g, const char *what)
{
	struct profile p;
	struct gen_node *node = calloc((size_t)g->points * 16 + 1, sizeof(*node));
	int *leaf = calloc((size_t)g->points + 1, sizeof(*leaf));
	int nodes = gen_expect(g, node, leaf);
	if (load_text(g->text, &p) != 0) {
		CHECK(!"a generated file loads");
		goto out;
	}
	bool same = p.stacks.len == (size_t)nodes;
	for (size_t k = 0; same && k < p.stacks.len; k++) {
		const struct pf_frame *fr = profile_stack_frame(&p, (uint32_t)k);
		int f = -1;
		sscanf(profile_func_name(&p, fr->func), "f%d", &f);
		struct gen_node got = {p.stacks.items[k].parent == PF_NONE ? -1 : (int)p.stacks.items[k].parent,
				       f, (int)((fr->address - 0x401000) / 16), (int)fr->line,
				       (fr->flags & PF_FRAME_INLINED) != 0};
		same = memcmp(&got, &node[k], sizeof(got)) == 0;
		if (!same)
			fprintf(stderr, "%s: node %zu is (%d, f%d, %d, %d, %d), not (%d, f%d, %d, %d, %d)\n", what, k,
				got.parent, got.f, got.a, got.l, got.inl, node[k].parent, node[k].f, node[k].a,
				node[k].l, node[k].inl);
	}
	/* samples: one per leaf, in the order of their first points, tb summed */
	size_t samples = 0;
	for (int i = 0; same && i < g->points; i++) {
		uint32_t want = leaf[i] < 0 ? PF_NONE : (uint32_t)leaf[i];
		size_t s = 0;
		while (s < samples && p.sample_stack[s] != want)
			s++;
		int64_t tb = 0;
		for (int j = 0; j < g->points; j++)
			tb += leaf[j] == leaf[i] ? g->tb[j] : 0;
		if (s == samples) {
			same = samples < p.sample_count && p.sample_stack[s] == want && value(&p, s, "tb") == tb;
			samples++;
		}
	}
	same = same && samples == p.sample_count;
	if (!same)
		fprintf(stderr, "%s: %zu nodes, %zu samples; expected %d nodes\n", what, p.stacks.len,
			p.sample_count, nodes);
	CHECK(same);
	profile_release(&p);
out:
	free(node);
	free(leaf);
}

static void gen_alloc(struct gen *g, int points)
{
	g->points = points;
	g->stack = calloc((size_t)points, sizeof(*g->stack));
	g->depth = calloc((size_t)points, sizeof(*g->depth));
	g->tb = calloc((size_t)points, sizeof(*g->tb));
}

static void gen_free(struct gen *g)
{
	free(g->stack);
	free(g->depth);
	free(g->tb);
	free(g->text);
}

/* Stacks are sorted into nodes on a helper thread before their frames are known (formats/
 * dhat/dhat.c, intern_stacks), or after them on the loader's own (odd rounds: task.h's inline
 * mode): twins, inlining and recursion must come out as one stack after another would make
 * them, node numbers included. */
static void random_stacks_intern_one_at_a_time(void)
{
	srand(16);
	for (int round = 0; round < 300; round++) {
		task_set_inline(round % 2 == 1);
		struct gen g = {0};
		gen_alloc(&g, 1 + rand() % 120);
		g.entries = 1 + rand() % 24;
		for (int e = 0; e < g.entries; e++) /* few addresses, functions, lines: many twins */
			g.entry[e] = (struct gen_entry){rand() % 3, rand() % 4, rand() % 3, 1 + rand() % 2};
		for (int i = 0; i < g.points; i++) {
			int from = rand() % (i + 1); /* a prefix of an earlier stack, then new frames */
			int keep = from < i ? rand() % (g.depth[from] + 1) : 0;
			g.depth[i] = keep + rand() % (17 - keep);
			for (int d = 0; d < g.depth[i]; d++)
				g.stack[i][d] = d < keep ? g.stack[from][d] : rand() % g.entries;
			g.tb[i] = 1 + rand() % 1000;
		}
		gen_write(&g);
		char what[32];
		snprintf(what, sizeof(what), "round %d", round);
		gen_check(&g, what);
		gen_free(&g);
	}
	task_set_inline(false);
	/* twins at the roots whose second halves come long after the first: merging them scans
	 * more than the loader allows itself, and it sorts the stacks again, by their frames */
	struct gen g = {0};
	gen_alloc(&g, 2 * 16 * 24);
	g.entries = 2 * 16 + 8;
	for (int e = 0; e < 32; e++)
		g.entry[e] = (struct gen_entry){e % 16 / 4, e < 16 ? 0 : 1 + e % 3, e % 4, 1};
	for (int e = 32; e < g.entries; e++)
		g.entry[e] = (struct gen_entry){4 + e % 3, 0, 4 + e % 5, 1 + e % 2};
	for (int i = 0; i < g.points; i++) {
		g.depth[i] = 1 + rand() % 16;
		g.stack[i][0] = i / 24; /* roots 0..15, then their twins 16..31 */
		for (int d = 1; d < g.depth[i]; d++)
			g.stack[i][d] = 32 + rand() % 8;
		g.tb[i] = 1;
	}
	gen_write(&g);
	gen_check(&g, "late twins");
	gen_free(&g);
}

int main(void)
{
	RUN(peak_totals_match_dhat_summary);
	RUN(peak_sites_follow_the_program_design);
	RUN(recursion_and_inlining);
	RUN(version_1_reads_like_version_2);
	RUN(invalid_fs_is_repaired_as_an_empty_stack);
	RUN(identical_stacks_merge);
	RUN(copy_and_ad_hoc_modes);
	RUN(libc_with_debug_info_is_not_the_program);
	RUN(malformed_files_fail_cleanly);
	RUN(points_read_from_columns);
	RUN(random_stacks_intern_one_at_a_time);
	RUN(owner_named_once_in_caller_chain);
	RUN(views_follow_the_program_design);
	RUN(empty_and_deep_inputs);
	RUN(frame_text_splits_at_the_last_paren);
	RUN(ownership_rule);
	RUN(dh_view_conditions);
	return check_summary();
}
