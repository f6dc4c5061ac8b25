/* test_ownership.c: ownership_classify() on the real programs of fixtures/ownership,
 * symbolicated against their committed binaries and this machine's libc (Debian 12
 * with libc6-dbg, as the fixtures were recorded; tests/ownership/EXPECTED.md).
 *
 * Where the expectations come from, never from profan:
 *   - which functions are the programs' own: tests/ownership/programs.json (read off
 *     the sources) and check.py's "ours_functions" in tests/ownership/expected/NAME.json
 *     (addr2line's file under /home/dev/build/src);
 *   - the std, hashbrown, libc, crt and allocator frames: tests/ownership/EVIDENCE.md
 *     (llvm-dwarfdump decl_files, nm, the profiles' library paths);
 *   - the numbers: check.py's top_self_ours and alloc share in expected/NAME.json, an
 *     independent computation over the same recordings (addr2line inline chains);
 *     dhat_check.py's sites in expected/NAME.dhat.json (valgrind's own frame text).
 *     check.py rounds to 0.01 pt, so a share may differ from it by 0.005 pt. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpuprof/cpuprof.h"
#include "dhat/dhat.h"
#include "profan/format.h"
#include "profan/funcname.h"
#include "profan/json.h"
#include "profan/load.h"
#include "profan/ownership.h"
#include "samply/samply.h"
#include "profan/symbolize.h"
#include "profan/transform.h"
#include "input/json_test.h"
#include "model/ownership_test.h"
#include "input/load_test.h"

#define EXPECTED_DIR PROFAN_FIXTURES "/../tests/ownership/expected"
#define ROUNDING 0.0051 /* check.py prints percentages with 2 decimals */

static bool load(const char *name, struct profile *p)
{
	char path[256];
	snprintf(path, sizeof(path), "ownership/%s.json.gz", name);
	pf_set_quiet(true);
	if (load_file(path, &samply_format.jopts, samply_load, NULL, p) != 0)
		return false;
	const char *dirs[] = {"ownership"};
	struct symbolize_opts so = {.symbol_paths = dirs, .symbol_path_count = 1, .no_env = true};
	return symbolize_profile(p, &so, NULL) == 0;
}

static bool *used_funcs(const struct profile *p)
{
	bool *used = calloc(p->funcs.len + 1, sizeof(*used));
	for (size_t s = 0; s < p->stacks.len; s++)
		used[profile_stack_func(p, (uint32_t)s)] = true;
	return used;
}

/* The one function on the stacks named NAME; PF_NONE (and a failed check) when
 * there is none or more than one. */
static uint32_t func_named(const struct profile *p, const char *name)
{
	bool *used = used_funcs(p);
	uint32_t found = PF_NONE;
	size_t count = 0;
	for (uint32_t f = 0; f < p->funcs.len; f++)
		if (used[f] && strcmp(profile_func_name(p, f), name) == 0) {
			found = f;
			count++;
		}
	free(used);
	if (count != 1)
		fprintf(stderr, "  %zu functions named %s on the stacks\n", count, name);
	CHECK_INT(count, 1);
	return count == 1 ? found : PF_NONE;
}

/* Every function on the stacks named NAME (there is at least one) is of class CLS with LABEL. */
static void check_func(const struct profile *p, const struct ownership *o, const char *name,
		       enum own_class cls, const char *label)
{
	bool *used = used_funcs(p);
	size_t count = 0;
	for (uint32_t f = 0; f < p->funcs.len; f++) {
		if (!used[f] || strcmp(profile_func_name(p, f), name) != 0)
			continue;
		count++;
		if (ownership_class(o, f) != cls)
			fprintf(stderr, "  %s: %s\n", name, ownership_class_name(ownership_class(o, f)));
		CHECK_INT(ownership_class(o, f), cls);
		CHECK_STR(profile_str(p, o->funcs[f].label), label);
	}
	free(used);
	if (count == 0)
		fprintf(stderr, "  no function named %s on the stacks\n", name);
	CHECK(count > 0);
}

static struct json_doc *expected(const char *name)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s%s", EXPECTED_DIR, name, strchr(name, '.') ? "" : ".json");
	FILE *f = fopen(path, "rb");
	CHECK(f != NULL);
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[65536];
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (len + n > cap) {
			cap = (len + n) * 2;
			buf = realloc(buf, cap);
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	fclose(f);
	struct json_doc *doc = json_parse_buffer(buf, len, path, NULL);
	free(buf);
	CHECK(doc != NULL);
	return doc;
}

/* ---- classification --------------------------------------------------------- */

/* The functions classified yours are exactly those check.py found in the
 * programs' source folder: nothing of std, hashbrown or libc, everything of theirs. */
static void yours_is_what_the_checker_found(const char *name)
{
	struct profile p;
	CHECK(load(name, &p));
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	struct json_doc *doc = expected(name);
	const struct json *ours = doc ? json_get(json_doc_root(doc), "ours_functions") : NULL;
	CHECK(ours != NULL && json_len(ours) > 0);
	bool *used = used_funcs(&p);
	size_t yours = 0;
	for (uint32_t f = 0; f < p.funcs.len; f++) {
		if (!used[f] || !ownership_is_yours(&o, f))
			continue;
		yours++;
		if (!json_get(ours, profile_func_name(&p, f))) {
			fprintf(stderr, "  %s: %s is yours, check.py says not\n", name, profile_func_name(&p, f));
			CHECK(false);
		}
	}
	for (size_t i = 0; ours && i < json_len(ours); i++) {
		const char *key;
		json_member(ours, i, &key);
		uint32_t f = func_named(&p, key);
		if (f != PF_NONE && !ownership_is_yours(&o, f)) {
			fprintf(stderr, "  %s: %s is not yours, check.py says it is\n", name, key);
			CHECK(false);
		}
	}
	CHECK_INT(yours, ours ? json_len(ours) : 0);
	free(used);
	json_doc_free(doc);
	ownership_release(&o);
	profile_release(&p);
}

static void checker_agrees_rsown(void)
{
	yours_is_what_the_checker_found("rsown");
}
static void checker_agrees_cppown(void)
{
	yours_is_what_the_checker_found("cppown");
}
static void checker_agrees_owntool(void)
{
	yours_is_what_the_checker_found("owntool");
}

/* EVIDENCE.md §1, §2, §7: std inlined into hot_checksum, std's vendored hashbrown,
 * the allocator shims, rustc's C main, libc. */
static void rust_frames_by_kind(void)
{
	struct profile p;
	CHECK(load("rsown", &p));
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	check_func(&p, &o, "rsown::hot_checksum", OWN_YOURS, "");
	check_func(&p, &o, "rsown::main::{closure#1}::{closure#0}", OWN_YOURS, ""); /* readelf: {closure#0} in namespace {closure#1} of main */
	check_func(&p, &o, "core::intrinsics::rotate_left", OWN_RUNTIME, "[std]");
	check_func(&p, &o, "u64::wrapping_mul", OWN_RUNTIME, "[std]");
	check_func(&p, &o, "alloc::raw_vec::RawVecInner::finish_grow", OWN_RUNTIME, "[std]");
	check_func(&p, &o, "hashbrown::raw::RawTable::reserve_rehash", OWN_RUNTIME, "[std hashbrown]");
	check_func(&p, &o, "__rustc::__rust_alloc", OWN_RUNTIME, "[std]");
	check_func(&p, &o, "malloc", OWN_SYSTEM, "[libc.so.6]");
	check_func(&p, &o, "cfree", OWN_SYSTEM, "[libc.so.6]");
	/* every frame of std's vendored hashbrown (its DWARF: /rust/deps/hashbrown-0.16.1/...) */
	bool *used = used_funcs(&p);
	uint32_t hashbrown = profile_intern(&p, "hashbrown");
	size_t seen = 0;
	for (uint32_t f = 0; f < p.funcs.len; f++) {
		if (!used[f] || strncmp(profile_str(&p, p.funcs.items[f].file), "/rust/deps/hashbrown-0.16.1/", 28) != 0)
			continue;
		seen++;
		CHECK_INT(ownership_class(&o, f), OWN_RUNTIME);
		CHECK_INT(o.funcs[f].package, hashbrown);
	}
	CHECK(seen >= 10);
	/* allocator entries: the shims and libc's, not the plumbing inlined into the user's code */
	CHECK(o.funcs[func_named(&p, "__rustc::__rust_alloc")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "__rustc::__rdl_realloc")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "__rustc::__rust_no_alloc_shim_is_unstable_v2")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "malloc")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "cfree")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "realloc")].alloc_entry);
	CHECK(!o.funcs[func_named(&p, "alloc::alloc::alloc")].alloc_entry);
	CHECK(!o.funcs[func_named(&p, "alloc::alloc::Global::grow_impl_runtime")].alloc_entry);
	CHECK(!o.funcs[func_named(&p, "_int_free")].alloc_entry);
	CHECK(!o.funcs[func_named(&p, "rsown::worker")].alloc_entry);
	CHECK_INT(o.lib_place[samply_main_lib(&p)], OWN_PLACE_PROGRAM);
	free(used);
	ownership_release(&o);
	profile_release(&p);
}

/* rustc generates the C `main` that calls std::rt::lang_start (EVIDENCE.md §9: DHAT
 * shows it as "main (in /home/dev/build/rsown)", without DWARF); the user's is
 * CRATE::main. A C program's main has its DWARF. */
static void rust_main_is_rustc_s(void)
{
	struct profile p;
	profile_init(&p);
	struct pf_lib l = {.name = profile_intern(&p, "rsown"), .path = profile_intern(&p, "/home/dev/build/rsown"),
			   .flags = PF_LIB_MAIN};
	uint32_t lib = profile_add_lib(&p, &l);
	struct pf_func fs[] = {
		{.name = profile_intern(&p, "main"), .lib = lib},
		{.name = profile_intern(&p, "std::rt::lang_start_internal"), .lib = lib},
		{.name = profile_intern(&p, "rsown::main"), .lib = lib},
	};
	for (size_t i = 0; i < ARRAY_SIZE(fs); i++)
		profile_intern_func(&p, &fs[i]);
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	CHECK_INT(ownership_class(&o, 0), OWN_RUNTIME);
	CHECK_INT(ownership_class(&o, 1), OWN_RUNTIME);
	CHECK_INT(ownership_class(&o, 2), OWN_YOURS);
	ownership_release(&o);
	p.funcs.items[1].name = profile_intern(&p, "work"); /* no Rust: main is the program's */
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	CHECK_INT(ownership_class(&o, 0), OWN_YOURS);
	ownership_release(&o);
	profile_release(&p);
}

/* EVIDENCE.md §4, §5: libstdc++ headers and library, the lambda, operator new. */
static void cpp_frames_by_kind(void)
{
	struct profile p;
	CHECK(load("cppown", &p));
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	check_func(&p, &o, "hot_score", OWN_YOURS, "");
	check_func(&p, &o, "sort_words::{lambda#1}", OWN_YOURS, ""); /* nm -C: sort_words(Node const*)::{lambda(...)#1}; no decl_file in DWARF */
	check_func(&p, &o, "Node::~Node", OWN_YOURS, "");
	check_func(&p, &o, "std::vector::push_back", OWN_RUNTIME, "[std]"); /* /usr/include/c++/12/bits */
	check_func(&p, &o, "std::__introsort_loop", OWN_RUNTIME, "[std]");
	check_func(&p, &o, "operator new", OWN_RUNTIME, "[libstdc++.so.6.0.30]");
	check_func(&p, &o, "_start", OWN_SYSTEM, "[crt]");
	check_func(&p, &o, "__memcmp_evex_movbe", OWN_SYSTEM, "[libc.so.6]");
	CHECK(o.funcs[func_named(&p, "operator new")].alloc_entry);
	CHECK(o.funcs[func_named(&p, "operator delete")].alloc_entry);
	CHECK(!o.funcs[func_named(&p, "make_nodes")].alloc_entry);
	ownership_release(&o);
	profile_release(&p);
}

/* EVIDENCE.md §8: the launcher and the library beside it are both the program. */
static void launcher_and_library_beside_it(void)
{
	struct profile p;
	CHECK(load("owntool", &p));
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	check_func(&p, &o, "main", OWN_YOURS, "");
	check_func(&p, &o, "mix_block", OWN_YOURS, "");
	check_func(&p, &o, "owntool_main", OWN_YOURS, "");
	check_func(&p, &o, "__strcmp_evex", OWN_SYSTEM, "[libc.so.6]");
	check_func(&p, &o, "msort_with_tmp", OWN_SYSTEM, "[libc.so.6]");
	uint32_t mix = func_named(&p, "mix_block");
	CHECK_STR(profile_str(&p, p.libs.items[p.funcs.items[mix].lib].name), "libowntool_driver.so");
	CHECK_INT(o.lib_place[p.funcs.items[mix].lib], OWN_PLACE_PROGRAM);
	CHECK_STR(ownership_short_path(profile_str(&p, p.funcs.items[mix].file), p.funcs.items[mix].comp_dir_len),
		  "src/libowntool_driver.c");
	ownership_release(&o);

	/* --ours: exactly what it names; --binary: another main library */
	CHECK_INT(ownership_classify(&o, &p, &(struct ownership_opts){.ours = "^mix_block$"}), 0);
	check_func(&p, &o, "mix_block", OWN_YOURS, "");
	check_func(&p, &o, "sort_items", OWN_DEPENDENCY, "[not --ours]");
	check_func(&p, &o, "__strcmp_evex", OWN_SYSTEM, "[libc.so.6]");
	CHECK_INT(o.funcs[func_named(&p, "mix_block")].evidence, OWN_BY_OURS);
	ownership_release(&o);
	CHECK_INT(ownership_classify(&o, &p, &(struct ownership_opts){.ours = "libc\\.so"}), 0);
	check_func(&p, &o, "__strcmp_evex", OWN_YOURS, ""); /* by its library's path */
	check_func(&p, &o, "mix_block", OWN_DEPENDENCY, "[not --ours]");
	ownership_release(&o);
	CHECK_INT(ownership_classify(&o, &p, &(struct ownership_opts){.ours = "a("}), -1);
	CHECK(o.funcs == NULL);
	/* no main library at all: the DWARF still says where the program's files are */
	CHECK_INT(ownership_classify(&o, &p, &(struct ownership_opts){.binary = "nothing-by-that-name"}), 0);
	CHECK_INT(o.lib_place[p.funcs.items[mix].lib], OWN_PLACE_OTHER);
	check_func(&p, &o, "mix_block", OWN_YOURS, "");
	CHECK_INT(o.funcs[mix].evidence, OWN_BY_PATH);
	ownership_release(&o);
	profile_release(&p);
}

/* One identity per function (issue 13): one row for alloc::alloc::realloc, whose
 * file DWARF spells "library/alloc/src/alloc.rs" in std's units and
 * "/rustc/<hash>/library/alloc/src/alloc.rs" in the user's; every file of the
 * programs' own binaries whole; no two functions with the same identity. */
static void one_identity_per_function(void)
{
	const char *names[] = {"rsown", "cppown", "owntool"};
	for (size_t n = 0; n < ARRAY_SIZE(names); n++) {
		struct profile p;
		CHECK(load(names[n], &p));
		bool *used = used_funcs(&p);
		for (uint32_t f = 0; f < p.funcs.len; f++) {
			const struct pf_func *a = &p.funcs.items[f];
			const char *file = profile_str(&p, a->file);
			if (!used[f])
				continue;
			bool program = a->lib != PF_NONE && strstr(profile_str(&p, p.libs.items[a->lib].path), "/home/dev/build/");
			if (*file && program) {
				CHECK(file[0] == '/' && !strstr(file, "/./") && !strstr(file, "/../"));
			}
			for (uint32_t g = f + 1; g < p.funcs.len; g++) {
				const struct pf_func *b = &p.funcs.items[g];
				if (used[g] && a->lib == b->lib && a->name == b->name && a->file == b->file &&
				    a->line == b->line) {
					fprintf(stderr, "  %s twice\n", profile_func_name(&p, f));
					CHECK(false);
				}
			}
		}
		if (n == 0) {
			uint32_t f = func_named(&p, "alloc::alloc::realloc");
			if (f != PF_NONE)
				CHECK_STR(profile_str(&p, p.funcs.items[f].file),
					  "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/alloc/src/alloc.rs");
			func_named(&p, "alloc::raw_vec::RawVecInner::finish_grow");
			func_named(&p, "<alloc::alloc::Global as core::alloc::Allocator>::grow");
		}
		free(used);
		profile_release(&p);
	}
}

/* ---- the numbers -------------------------------------------------------------- */

struct tally {
	int64_t *cpu, *samples; /* by name (string id); the last slot: no your-code frame */
	int64_t total_cpu, total_samples;
	size_t slots;
};

static double pct(int64_t a, int64_t b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

/* Top self of your code: each sample to its innermost your-code frame (inlined
 * frames included), grouped by function name as check.py groups them. */
static void top_self_yours(const struct profile *p, const struct ownership *o, struct tally *t)
{
	t->slots = p->strings.count + 1;
	t->cpu = calloc(t->slots, sizeof(int64_t));
	t->samples = calloc(t->slots, sizeof(int64_t));
	uint32_t *nearest = malloc((p->stacks.len + 1) * sizeof(uint32_t));
	ownership_nearest_yours(o, p, nearest);
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		uint32_t n = s == PF_NONE ? PF_NONE : nearest[s];
		size_t slot = n == PF_NONE ? t->slots - 1 : p->funcs.items[profile_stack_func(p, n)].name;
		int64_t cpu = p->sample_values[SAMPLY_METRIC_CPU][i], one = p->sample_values[SAMPLY_METRIC_SAMPLES][i];
		t->cpu[slot] += cpu;
		t->samples[slot] += one;
		t->total_cpu += cpu;
		t->total_samples += one;
	}
	free(nearest);
}

static size_t slot_of(const struct profile *p, const struct tally *t, const char *name)
{
	if (strcmp(name, "(no your-code frame)") == 0)
		return t->slots - 1;
	uint32_t id = strmap_find(&p->strings, name, strlen(name));
	return id == UINT32_MAX ? SIZE_MAX : id;
}

static void numbers_match_the_checker(const char *name)
{
	struct profile p;
	CHECK(load(name, &p));
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	struct json_doc *doc = expected(name);
	const struct json *root = doc ? json_doc_root(doc) : NULL;
	struct tally t = {0};
	top_self_yours(&p, &o, &t);
	int64_t want_cpu = -1, want_samples = -1;
	json_i64(json_get(json_get(root, "totals"), "cpu_us"), &want_cpu);
	json_i64(json_get(json_get(root, "totals"), "samples"), &want_samples);
	CHECK_INT(t.total_cpu, want_cpu);
	CHECK_INT(t.total_samples, want_samples);
	/* every row check.py lists, and the first row is the first */
	const struct json *rows = json_get(root, "top_self_ours");
	CHECK(rows != NULL && json_len(rows) >= 5);
	size_t best = 0;
	for (size_t k = 1; k < t.slots; k++)
		if (t.cpu[k] > t.cpu[best])
			best = k;
	for (size_t r = 0; rows && r < json_len(rows); r++) {
		const struct json *row = json_at(rows, r);
		const char *fn = json_str(json_get(row, "function"));
		size_t slot = slot_of(&p, &t, fn);
		CHECK(slot != SIZE_MAX);
		if (slot == SIZE_MAX)
			continue;
		if (r == 0)
			CHECK_INT(best, slot);
		double cpu = pct(t.cpu[slot], t.total_cpu), samples = pct(t.samples[slot], t.total_samples);
		if (fabs(cpu - json_f64(json_get(row, "cpu_pct"))) > ROUNDING)
			fprintf(stderr, "  %s: %s %.3f%%, check.py %.2f%%\n", name, fn, cpu,
				json_f64(json_get(row, "cpu_pct")));
		CHECK_DBL(cpu, json_f64(json_get(row, "cpu_pct")), ROUNDING);
		CHECK_DBL(samples, json_f64(json_get(row, "samples_pct")), ROUNDING);
	}
	/* allocation share: samples with an allocator entry anywhere on the stack */
	int64_t alloc_cpu = 0, alloc_samples = 0;
	for (size_t i = 0; i < p.sample_count; i++) {
		bool entry = false;
		for (uint32_t s = p.sample_stack[i]; s != PF_NONE && !entry; s = p.stacks.items[s].parent)
			entry = o.funcs[profile_stack_func(&p, s)].alloc_entry;
		if (entry) {
			alloc_cpu += p.sample_values[SAMPLY_METRIC_CPU][i];
			alloc_samples += p.sample_values[SAMPLY_METRIC_SAMPLES][i];
		}
	}
	const struct json *alloc = json_get(root, "alloc");
	CHECK_DBL(pct(alloc_cpu, t.total_cpu), json_f64(json_get(alloc, "share_cpu_pct")), ROUNDING);
	CHECK_DBL(pct(alloc_samples, t.total_samples), json_f64(json_get(alloc, "share_samples_pct")), ROUNDING);
	free(t.cpu);
	free(t.samples);
	json_doc_free(doc);
	ownership_release(&o);
	profile_release(&p);
}

static void numbers_rsown(void)
{
	numbers_match_the_checker("rsown");
}
static void numbers_cppown(void)
{
	numbers_match_the_checker("cppown");
}
static void numbers_owntool(void)
{
	numbers_match_the_checker("owntool");
}


/* DHAT (valgrind --fullpath-after=): the site of an allocation is its innermost
 * your-code frame (the allocating line); dhat_check.py lists the biggest sites by
 * bytes with their share. */
static void dhat_sites_match_the_checker(const char *name)
{
	char path[256], exp[64];
	snprintf(path, sizeof(path), "ownership/%s.dhat.json", name);
	snprintf(exp, sizeof(exp), "%s.dhat.json", name);
	struct profile p;
	CHECK_INT(load_file(path, &dhat_json_opts, dhat_load, NULL, &p), 0);
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	size_t tb = profile_metric_index(&p, "tb");
	uint32_t *nearest = malloc((p.stacks.len + 1) * sizeof(uint32_t));
	ownership_nearest_yours(&o, &p, nearest);
	struct json_doc *doc = expected(exp);
	const struct json *sites = doc ? json_get(json_doc_root(doc), "sites") : NULL;
	int64_t total = 0;
	for (size_t i = 0; i < p.sample_count; i++)
		total += p.sample_values[tb][i];
	for (size_t r = 0; sites && r < json_len(sites) && r < 5; r++) {
		/* "rsown::make_records (src/rsown.rs:46)": the function and the line */
		const char *site = json_str(json_get(json_at(sites, r), "site"));
		const char *open = strrchr(site, '(');
		const char *colon = strrchr(site, ':');
		CHECK(open && colon);
		if (!open || !colon)
			continue;
		char fn[256];
		snprintf(fn, sizeof(fn), "%.*s", (int)(open - site - 1), site);
		unsigned line = (unsigned)atoi(colon + 1);
		int64_t bytes = 0;
		for (size_t i = 0; i < p.sample_count; i++) {
			uint32_t s = p.sample_stack[i], n = s == PF_NONE ? PF_NONE : nearest[s];
			if (n == PF_NONE || profile_stack_frame(&p, n)->line != line)
				continue;
			char *simple = funcname_simplify(profile_func_name(&p, profile_stack_func(&p, n)));
			if (strcmp(simple, fn) == 0)
				bytes += p.sample_values[tb][i];
			free(simple);
		}
		CHECK_DBL(pct(bytes, total), json_f64(json_get(json_at(sites, r), "tb_pct")), ROUNDING);
	}
	CHECK(sites != NULL && json_len(sites) >= 4);
	free(nearest);
	json_doc_free(doc);
	ownership_release(&o);
	profile_release(&p);
}

static void dhat_sites_rsown(void)
{
	dhat_sites_match_the_checker("rsown");
}
static void dhat_sites_cppown(void)
{
	dhat_sites_match_the_checker("cppown");
}
static void dhat_sites_owntool(void)
{
	dhat_sites_match_the_checker("owntool");
}

/* Without --fullpath-after= valgrind prints bare file names (EVIDENCE.md §9): the
 * C++ headers ("tuple", "new_allocator.h") are still told apart by name, and the
 * functions left yours are the program's (programs.json). */
static void dhat_bare_file_names(void)
{
	struct profile p;
	CHECK_INT(load_file("ownership/cppown.short.dhat.json", &dhat_json_opts, dhat_load, NULL, &p), 0);
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	const char *source[] = {"hot_score", "make_nodes", "free_nodes", "index_words", "sort_words",
				"operator()", "render", "main", "Node::Node", "Node::~Node"};
	size_t yours = 0;
	for (uint32_t f = 0; f < p.funcs.len; f++) {
		if (!ownership_is_yours(&o, f))
			continue;
		char *simple = funcname_simplify(profile_func_name(&p, f));
		bool known = false;
		for (size_t i = 0; i < ARRAY_SIZE(source); i++)
			known |= strcmp(simple, source[i]) == 0;
		if (!known)
			fprintf(stderr, "  yours but not in cppown.cpp: %s\n", simple);
		CHECK(known);
		free(simple);
		yours++;
	}
	CHECK(yours >= 4);
	ownership_release(&o);
	profile_release(&p);
}

/* Without --fullpath-after= (rsown.short) valgrind names hashbrown's files "src/raw/mod.rs" and
 * its inlined functions short ("new_uninitialized"); the same binary run with it (rsown.dhat.json,
 * the same addresses and names) says whose each frame is by its whole path. Every function of the
 * short file is yours exactly when its frames' whole paths are in /home/dev/build/src/ (the
 * program's closure "{closure#1} (rsown.rs:91)" too, beside std's "{closure#0} (rt.rs:173)"). */
static void dhat_short_paths_against_whole(void)
{
	struct profile s, w;
	CHECK_INT(load_file("ownership/rsown.short.dhat.json", &dhat_json_opts, dhat_load, NULL, &s), 0);
	CHECK_INT(load_file("ownership/rsown.dhat.json", &dhat_json_opts, dhat_load, NULL, &w), 0);
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &s, NULL), 0);
	size_t compared = 0, hashbrown = 0;
	for (uint32_t i = 0; i < s.frames.len; i++) {
		const struct pf_frame *a = &s.frames.items[i];
		const char *name = profile_func_name(&s, a->func);
		if (a->address == PF_NO_ADDRESS || !*profile_str(&s, s.funcs.items[a->func].file))
			continue;
		for (uint32_t j = 0; j < w.frames.len; j++) {
			const struct pf_frame *b = &w.frames.items[j];
			if (b->address != a->address || b->line != a->line || strcmp(profile_func_name(&w, b->func), name))
				continue;
			const char *whole = profile_str(&w, w.funcs.items[b->func].file);
			bool ours = strncmp(whole, "/home/dev/build/src/", 20) == 0;
			if (ownership_is_yours(&o, a->func) != ours) {
				fprintf(stderr, "  %s (%s): yours %d\n", name, whole, ownership_is_yours(&o, a->func));
				CHECK(false);
			}
			hashbrown += strstr(whole, "/hashbrown-") != NULL;
			compared++;
			break;
		}
	}
	CHECK(compared >= 60);
	CHECK(hashbrown >= 5);
	ownership_release(&o);
	profile_release(&s);
	profile_release(&w);
}

/* With --fullpath-after= your files are shown as the DWARF of build.sh names them, relative to
 * /home/dev/build (src/rsown.rs, src/libowntool_driver.c), std's and hashbrown's as ever. */
static void dhat_shown_files(void)
{
	const char *names[] = {"rsown", "owntool"};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char path[64];
		snprintf(path, sizeof(path), "ownership/%s.dhat.json", names[i]);
		struct profile p;
		CHECK_INT(load_file(path, &dhat_json_opts, dhat_load, NULL, &p), 0);
		struct ownership o;
		CHECK_INT(ownership_classify(&o, &p, NULL), 0);
		size_t yours = 0, deps = 0;
		for (uint32_t f = 0; f < p.funcs.len; f++) {
			const char *file = profile_str(&p, p.funcs.items[f].file), *shown = ownership_shown_file(&o, &p, f);
			if (ownership_is_yours(&o, f) && strncmp(file, "/home/dev/build/src/", 20) == 0) {
				CHECK_STR(shown, file + 16);
				yours++;
			} else if (strncmp(file, "/rust/deps/", 11) == 0) {
				CHECK_STR(shown, file + 11);
				deps++;
			} else {
				CHECK_STR(shown, ownership_short_path(file, p.funcs.items[f].comp_dir_len));
			}
		}
		CHECK(yours >= 4);
		CHECK(i == 1 || deps >= 1);
		ownership_release(&o);
		profile_release(&p);
	}
}

/* ---- names and paths ---------------------------------------------------------- */

/* The spellings of EVIDENCE.md §7 (nm, nm -C, c++filt, perf, DWARF) and libstdc++'s exports. */
static void allocator_entries_in_every_spelling(void)
{
	const char *yes[] = {
		"malloc", "free", "calloc", "realloc", "reallocarray", "aligned_alloc", "posix_memalign",
		"memalign", "valloc", "pvalloc", "cfree", "cfree@GLIBC_2.2.5", "malloc@@GLIBC_2.2.5",
		"__libc_free", "__libc_malloc", "__GI___libc_free", "__GI___libc_malloc", "__posix_memalign",
		"_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t", "_ZnwmSt11align_val_t", "_ZnamSt11align_val_tRKSt9nothrow_t",
		"_ZdlPv", "_ZdlPvm", "_ZdlPvSt11align_val_t", "_ZdaPvmSt11align_val_t", "_Znwj",
		"operator new", "operator new(unsigned long)", "operator new[](unsigned long)",
		"operator new(unsigned long, std::nothrow_t const&)", "operator delete(void*, unsigned long)",
		"operator delete[](void*, std::align_val_t)", "::operator new",
		"_RNvCsfLfy6EI15iL_7___rustc12___rust_alloc", "_RNvCsfLfy6EI15iL_7___rustc14___rust_dealloc",
		"_RNvCsfLfy6EI15iL_7___rustc14___rust_realloc", "_RNvCsfLfy6EI15iL_7___rustc19___rust_alloc_zeroed",
		"_RNvCsfLfy6EI15iL_7___rustc35___rust_no_alloc_shim_is_unstable_v2",
		"_RNvCsfLfy6EI15iL_7___rustc11___rdl_alloc", "_RNvCsfLfy6EI15iL_7___rustc13___rdl_realloc",
		"__rustc::__rust_alloc", "__rustc::__rust_dealloc", "__rustc::__rdl_alloc_zeroed",
		"__rustc[b7974e8690430dd9]::__rust_alloc", "__rust_alloc", "__rust_realloc", "__rg_alloc",
		"__rustc::__rust_no_alloc_shim_is_unstable_v2", "__rust_no_alloc_shim_is_unstable",
		"_ZN7__rustc12__rust_alloc17h0123456789abcdefE",
		"je_malloc", "je_sdallocx", "_rjem_malloc", "_rjem_sdallocx", "mallocx", "sdallocx", "rallocx",
		"tc_malloc", "tc_free", "tc_new", "tc_deletearray_nothrow", "tc_delete_sized",
		"mi_malloc", "mi_free", "mi_zalloc", "mi_malloc_aligned", "mi_heap_malloc", "mi_new_n", "mi_free_size",
	};
	const char *no[] = {
		"alloc::alloc::alloc", "alloc::alloc::Global::alloc_impl_runtime", "alloc::raw_vec::RawVecInner::finish_grow",
		"hashbrown::raw::alloc::inner::do_alloc", "_int_free", "_int_malloc", "malloc_consolidate",
		"tcache_put", "__rustc::__rust_alloc_error_handler", "_RNvCsfLfy6EI15iL_7___rustc26___rust_alloc_error_handler",
		"strdup", "std::allocator::allocate", "std::__new_allocator::allocate", "Foo::operator new",
		"operator newx", "freeze", "free_list", "build_list", "mix_block", "rsown::worker",
		"_ZN5rsown6worker17h0123456789abcdefE", "malloc_usable_size", "", "mi_stats_print", "tc_version",
		"je_mallctl", "_Zdtor",
	};
	for (size_t i = 0; i < ARRAY_SIZE(yes); i++)
		if (!ownership_is_alloc_entry(yes[i])) {
			fprintf(stderr, "  not an entry: %s\n", yes[i]);
			CHECK(false);
		}
	for (size_t i = 0; i < ARRAY_SIZE(no); i++)
		if (ownership_is_alloc_entry(no[i])) {
			fprintf(stderr, "  an entry: %s\n", no[i]);
			CHECK(false);
		}
}

static void short_paths(void)
{
	CHECK_STR(ownership_short_path("/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ptr/mod.rs", 0),
		  "core/src/ptr/mod.rs");
	CHECK_STR(ownership_short_path("/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ptr/mod.rs", 47),
		  "core/src/ptr/mod.rs");
	CHECK_STR(ownership_short_path("/rust/deps/hashbrown-0.16.1/src/raw/mod.rs", 27), "hashbrown-0.16.1/src/raw/mod.rs");
	CHECK_STR(ownership_short_path("/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.197/src/de.rs", 0),
		  "serde-1.0.197/src/de.rs");
	CHECK_STR(ownership_short_path("/home/dev/build/src/rsown.rs", 15), "src/rsown.rs");
	CHECK_STR(ownership_short_path("/usr/include/c++/12/bits/stl_vector.h", 0), "/usr/include/c++/12/bits/stl_vector.h");
	CHECK_STR(ownership_short_path("malloc/malloc.c", 6), "malloc/malloc.c"); /* glibc's relative directory */
	CHECK_STR(ownership_short_path("/rustc/notahash/x.rs", 0), "/rustc/notahash/x.rs");
	CHECK_STR(ownership_short_path("", 0), "");
}

/* Script code: the engine knows no format, the loader's flags say what is script code, the
 * engine's and the host's (fixtures/pipeline: node runs ab.js, its only user script). Grouped by
 * library (--by lib), a script keeps them: ab.js is yours, Node's modules [node], V8's code
 * without a script [v8]; by function, V8's (program) and builtins are V8's. */
static void script_evidence(void)
{
	for (int by_lib = 0; by_lib < 2; by_lib++) {
		struct profile p;
		CHECK_INT(load_file("pipeline/a1.cpuprofile.gz", NULL, cpuprof_load, NULL, &p), 0);
		struct transform_step step = {.kind = TRANSFORM_BY, .by = TRANSFORM_BY_LIB};
		if (by_lib)
			CHECK_INT(transform_apply(&p, &step, 1), 0);
		struct ownership o;
		CHECK_INT(ownership_classify(&o, &p, NULL), 0);
		if (by_lib) {
			check_func(&p, &o, "file:///tmp/profan-ab/ab.js", OWN_YOURS, "");
			check_func(&p, &o, "node:path", OWN_RUNTIME, "[node]");
			check_func(&p, &o, "node:internal/modules/cjs/loader", OWN_RUNTIME, "[node]");
			check_func(&p, &o, "(no library)", OWN_RUNTIME, "[v8]");
		} else {
			check_func(&p, &o, "parse", OWN_YOURS, "");
			check_func(&p, &o, "(program)", OWN_RUNTIME, "[v8]");
			check_func(&p, &o, "getCLIOptionsValues", OWN_RUNTIME, "[v8]"); /* a builtin: no url */
			uint32_t f = func_named(&p, "parse");
			CHECK_STR(ownership_rule_id(o.funcs[f].rule), "loader-owned");
		}
		for (uint32_t f = 0; f < p.funcs.len; f++)
			CHECK(!o.funcs[f].alloc_entry);
		ownership_release(&o);
		profile_release(&p);
	}
}

/* Functions of a program's own binary by name and file alone: an allocator linked into it is
 * [alloc] (jemalloc's static helpers once a je_ function is there), libgcc's helpers
 * [compiler], crates of a directory source or vendor/ [dep CRATE], the workspace of the
 * entry (scan::main's compilation directory) yours, whatever unit holds the code. */
static void linked_in_the_binary(void)
{
	struct profile p;
	profile_init(&p);
	struct pf_lib lib = {.name = profile_intern(&p, "scan"), .path = profile_intern(&p, "/w/scan/target/scan"),
			     .flags = PF_LIB_MAIN};
	uint32_t l = profile_add_lib(&p, &lib);
	static const struct {
		const char *name, *file;
		uint32_t comp_dir_len;
		enum own_class cls;
		const char *label;
	} funcs[] = {
		{"scan::main", "/w/scan/src/main.rs", 7, OWN_YOURS, ""},
		{"scan::count", "/w/scan/src/main.rs", 7, OWN_YOURS, ""},
		{"malloc", "", 0, OWN_RUNTIME, "[alloc]"},
		{"je_arena_new", "", 0, OWN_RUNTIME, "[alloc]"},
		{"tcache_event", "", 0, OWN_RUNTIME, "[alloc]"},
		{"mi_malloc", "", 0, OWN_RUNTIME, "[alloc]"},
		{"_mi_malloc_generic", "", 0, OWN_RUNTIME, "[alloc]"},
		{"_int_malloc", "", 0, OWN_RUNTIME, "[alloc]"},
		{"__popcountdi2", "", 0, OWN_RUNTIME, "[compiler]"},
		{"mine_without_file", "", 0, OWN_YOURS, ""},
		{"memchr::memmem::find", "/usr/share/cargo/registry/memchr-2.5.0/src/memmem/mod.rs", 38,
		 OWN_DEPENDENCY, "[dep memchr]"},
		{"memchr::memmem::find", "/w/scan/vendor/memchr/src/memmem/mod.rs", 0, OWN_DEPENDENCY,
		 "[dep memchr]"},
		{"serde::de::visit", "/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.1/src/de.rs", 0,
		 OWN_DEPENDENCY, "[dep serde]"},
		{"scan::helper", "/w/scan/src/helper.rs", 0, OWN_YOURS, ""}, /* in a dependency's unit */
		/* jemalloc's pages.c, its *allocx API and mallctl's handlers (nm of a program linked with
		 * Debian's libjemalloc.a) */
		{"os_pages_unmap", "", 0, OWN_RUNTIME, "[alloc]"},
		{"sdallocx", "", 0, OWN_RUNTIME, "[alloc]"},
		{"opt_abort_ctl", "", 0, OWN_RUNTIME, "[alloc]"},
	};
	uint32_t ids[ARRAY_SIZE(funcs)];
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++) {
		struct pf_func f = {.name = profile_intern(&p, funcs[i].name), .file = profile_intern(&p, funcs[i].file),
				    .lib = l, .line = (uint32_t)i + 1, .comp_dir_len = funcs[i].comp_dir_len};
		ids[i] = profile_intern_func(&p, &f);
	}
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++) {
		if (ownership_class(&o, ids[i]) != funcs[i].cls)
			fprintf(stderr, "  %s (%s): %s by %s\n", funcs[i].name, funcs[i].file,
				ownership_class_name(ownership_class(&o, ids[i])), ownership_rule_id(o.funcs[ids[i]].rule));
		CHECK_INT(ownership_class(&o, ids[i]), funcs[i].cls);
		CHECK_STR(profile_str(&p, o.funcs[ids[i]].label), funcs[i].label);
	}
	CHECK(o.funcs[ids[2]].alloc_entry);  /* malloc */
	CHECK(o.funcs[ids[5]].alloc_entry);  /* mi_malloc */
	CHECK(!o.funcs[ids[4]].alloc_entry); /* tcache_event: plumbing */
	CHECK_STR(profile_str(&p, o.funcs[ids[2]].package), "jemalloc"); /* malloc: jemalloc's, linked in */
	ownership_release(&o);
	profile_release(&p);
}

/* rustc's toolchain (rustup's layout): bin/rustc the program, lib/librustc_driver-*.so its own
 * crates, lib/libLLVM.so.* LLVM's, shipped beside them; --ours can still claim LLVM. */
static void toolchain_beside_its_launcher(void)
{
	struct profile p;
	profile_init(&p);
	static const char *const tc = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu";
	struct pf_lib libs[] = {
		{.name = profile_intern(&p, "rustc"),
		 .path = profile_intern(&p, profile_printf(&p, "%s/bin/rustc", tc)),
		 .flags = PF_LIB_MAIN},
		{.name = profile_intern(&p, "librustc_driver-6108105cd7e839cf.so"),
		 .path = profile_intern(&p, profile_printf(&p, "%s/lib/librustc_driver-6108105cd7e839cf.so", tc))},
		{.name = profile_intern(&p, "libLLVM.so.22.1-rust-1.95.0-stable"),
		 .path = profile_intern(&p, profile_printf(&p, "%s/lib/libLLVM.so.22.1-rust-1.95.0-stable", tc))},
		{.name = profile_intern(&p, "libLLVM-14.so.1"),
		 .path = profile_intern(&p, "/usr/lib/llvm-14/lib/libLLVM-14.so.1")},
		{.name = profile_intern(&p, "libclang-cpp.so.17"),
		 .path = profile_intern(&p, "/opt/ide/lib/libclang-cpp.so.17")},
		{.name = profile_intern(&p, "rust-lld"),
		 .path = profile_intern(&p,
					profile_printf(&p, "%s/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld", tc))},
		/* the launcher that ran rustc, beside it in bin/ (samply_binary.c flags it) */
		{.name = profile_intern(&p, "cargo"),
		 .path = profile_intern(&p, profile_printf(&p, "%s/bin/cargo", tc)),
		 .flags = PF_LIB_TOOL},
	};
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++)
		profile_add_lib(&p, &libs[i]);
	static const struct {
		const char *name;
		uint32_t lib;
		enum own_class cls;
		const char *label, *rule;
	} funcs[] = {
		{"rustc_main::main", 0, OWN_YOURS, "", "program-library"},
		{"rustc_driver_impl::run_compiler", 1, OWN_YOURS, "", "program-library"},
		{"LLVMRustOptimize", 1, OWN_YOURS, "", "program-library"}, /* rustc's own C++ over LLVM */
		/* the entry makes rustc_* rustc's crates; another crate in its library is a dependency */
		{"rustc_driver_impl::main", 1, OWN_YOURS, "", "program-library"},
		{"<rustc_middle::ty::Ty as core::fmt::Debug>::fmt", 1, OWN_YOURS, "", "program-library"},
		{"hashbrown::raw::RawTable<T,A>::reserve_rehash", 1, OWN_DEPENDENCY, "[dep hashbrown]",
		 "crate-beside"},
		{"rayon_core::registry::WorkerThread::wait_until_cold", 1, OWN_DEPENDENCY, "[dep rayon_core]",
		 "crate-beside"},
		{"core::ptr::drop_in_place<rustc_ast::ast::Expr>", 1, OWN_RUNTIME, "[std]", "runtime-crate"},
		{"llvm::DenseMapBase::grow", 2, OWN_DEPENDENCY, "[dep LLVM]", "shipped-library"},
		{"libLLVM.so.22.1-rust-1.95.0-stable+0x1234", 2, OWN_DEPENDENCY, "[dep LLVM]", "shipped-library"},
		{"std::vector::_M_realloc_insert", 2, OWN_RUNTIME, "[std]", "runtime-crate"},
		{"llvm::foo", 3, OWN_SYSTEM, "[libLLVM-14.so.1]", "lib-system"}, /* the system's LLVM */
		{"clang::Sema::Lookup", 4, OWN_DEPENDENCY, "[dep Clang]", "shipped-library"},
		{"lld::elf::link", 5, OWN_DEPENDENCY, "[dep LLVM]", "shipped-library"}, /* LLVM's linker */
		{"cargo::ops::compile", 6, OWN_DEPENDENCY, "[dep cargo]", "other-library"},
		/* rustc links jemalloc unprefixed: malloc, and its static internals without je_ (nm) */
		{"malloc", 0, OWN_RUNTIME, "[alloc]", "allocator"},
		{"malloc_init_hard", 0, OWN_RUNTIME, "[alloc]", "allocator"},
		{"malloc_mutex_init", 0, OWN_RUNTIME, "[alloc]", "allocator"},
	};
	uint32_t ids[ARRAY_SIZE(funcs)];
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++) {
		struct pf_func f = {.name = profile_intern(&p, funcs[i].name), .lib = funcs[i].lib};
		if (strchr(funcs[i].name, '+'))
			f.flags = PF_FUNC_UNRESOLVED;
		ids[i] = profile_intern_func(&p, &f);
	}
	struct ownership o;
	CHECK_INT(ownership_classify(&o, &p, NULL), 0);
	for (size_t i = 0; i < ARRAY_SIZE(funcs); i++) {
		CHECK_INT(ownership_class(&o, ids[i]), funcs[i].cls);
		CHECK_STR(profile_str(&p, o.funcs[ids[i]].label), funcs[i].label);
		CHECK_STR(ownership_rule_id(o.funcs[ids[i]].rule), funcs[i].rule);
	}
	CHECK_STR(profile_str(&p, o.funcs[ids[ARRAY_SIZE(funcs) - 1]].package), "jemalloc");
	ownership_release(&o);
	/* the user says LLVM is theirs (a build of LLVM's own): --ours */
	CHECK_INT(ownership_classify(&o, &p, &(struct ownership_opts){.ours = "libLLVM|rustc"}), 0);
	CHECK_INT(ownership_class(&o, ids[3]), OWN_YOURS);
	CHECK_INT(ownership_class(&o, ids[1]), OWN_YOURS);
	ownership_release(&o);
	/* --binary naming the library itself: it is the program */
	struct ownership_opts llvm_binary = {.binary = "libLLVM.so.22.1-rust-1.95.0-stable"};
	CHECK_INT(ownership_classify(&o, &p, &llvm_binary), 0);
	CHECK_INT(ownership_class(&o, ids[3]), OWN_YOURS);
	ownership_release(&o);
	profile_release(&p);
}

int main(void)
{
	RUN(checker_agrees_rsown);
	RUN(checker_agrees_cppown);
	RUN(checker_agrees_owntool);
	RUN(rust_frames_by_kind);
	RUN(rust_main_is_rustc_s);
	RUN(cpp_frames_by_kind);
	RUN(launcher_and_library_beside_it);
	RUN(one_identity_per_function);
	RUN(numbers_rsown);
	RUN(numbers_cppown);
	RUN(numbers_owntool);
	RUN(dhat_sites_rsown);
	RUN(dhat_sites_cppown);
	RUN(dhat_sites_owntool);
	RUN(dhat_bare_file_names);
	RUN(dhat_short_paths_against_whole);
	RUN(dhat_shown_files);
	RUN(allocator_entries_in_every_spelling);
	RUN(short_paths);
	RUN(script_evidence);
	RUN(linked_in_the_binary);
	RUN(toolchain_beside_its_launcher);
	return check_summary();
}
