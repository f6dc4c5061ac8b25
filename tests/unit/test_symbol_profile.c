/* test_symbol_profile.c: symbolize_profile() on profiles built by hand, the way
 * the samply loader builds them ("LIB+0xADDR" funcs flagged unresolved), with
 * addresses of the committed fixtures in fixtures/elf.
 *
 * Where the expectations come from:
 *   - build ids: `readelf -n`; breakpad ids: perf2samply.py's breakpad_id_for_elf
 *     (an independent implementation of samply's rule);
 *   - addresses: `nm` and `objdump -d` (a call at 0x107e, 5 bytes long, returns
 *     to 0x1083, so the caller frame holds 0x1082);
 *   - names, lines and inline chains: `addr2line -a -i -f -C` on those
 *     addresses, and the source: tests/symbol/symtest.c has leaf_mix's body on
 *     line 10, middle_mix's first call on line 15, outer_loop's call on line 23,
 *     main's call of outer_loop on line 37, fib's recursive call on line 31. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "base/task_test.h"
#include "profan/analysis.h"
#include "profan/find.h"
#include "profan/prefetch.h"
#include "profan/source.h"
#include "profan/symbolize.h"
#include "samply/samply.h"
#include "symbol/demangle.h"
#include "symbol/find_test.h"
#include "symbol/objformat.h"
#include "symbol/prefetch_test.h"

#define PIE_ID "49d9aa5fed736ad17b331dabaf4fbe60d57a80d6"
#define NOPIE_ID "a9740bcd8c9abe7937067c2955453b34f067c25b"
#define CLANG_ID "452ba5412d0dcfb45cdafd1cee3381af1a032701"
#define CPP_ID "c68421a3ee3ee834cc8556eadda5564e96747877"
#define LIB_ID "eec5605bd197da818af864bf2712c9d72932d554"
#define RUST_BREAKPAD "B64A4A161459EE4A68056031786F79620"
#define NIL_BREAKPAD "000000000000000000000000000000000"

static uint32_t add_lib(struct profile *p, const char *name, const char *path, const char *code_id,
			const char *breakpad, uint32_t flags)
{
	struct pf_lib l = {.name = profile_intern(p, name),
			   .path = profile_intern(p, path),
			   .debug_name = profile_intern(p, name),
			   .debug_path = profile_intern(p, path),
			   .code_id = profile_intern(p, code_id),
			   .breakpad_id = profile_intern(p, breakpad),
			   .flags = flags};
	return profile_add_lib(p, &l);
}

/* What the samply loader makes of a native frame. */
static uint32_t native(struct profile *p, uint32_t lib, uint64_t addr)
{
	const char *name = profile_printf(p, "%s+0x%llx", profile_str(p, p->libs.items[lib].name),
					  (unsigned long long)addr);
	struct pf_func f = {.name = profile_intern(p, name), .lib = lib, .flags = PF_FUNC_UNRESOLVED};
	struct pf_frame fr = {.func = profile_intern_func(p, &f), .lib = lib, .address = addr};
	return profile_intern_frame(p, &fr);
}

/* Adds a sample of VALUE µs on the stack FRAMES[0] (root) .. FRAMES[n-1] (leaf). */
static void sample(struct profile *p, const uint32_t *frames, size_t n, int64_t value)
{
	uint32_t s = PF_NONE;
	for (size_t i = 0; i < n; i++)
		s = profile_intern_stack(p, s, frames[i]);
	profile_add_sample(p, s, PF_NONE, &value);
}

static void setup(struct profile *p)
{
	profile_init(p);
	profile_add_metric(p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	pf_set_quiet(true);
}

struct level {
	const char *name;
	uint32_t line;
	bool inlined;
	uint32_t folded;
};

/* The stack of sample I, root first. */
static size_t stack_levels(const struct profile *p, size_t i, struct level *out, size_t cap)
{
	struct level tmp[64];
	size_t n = 0;
	for (uint32_t s = p->sample_stack[i]; s != PF_NONE && n < 64; s = p->stacks.items[s].parent) {
		const struct pf_frame *f = profile_stack_frame(p, s);
		tmp[n++] = (struct level){profile_func_name(p, f->func), f->line,
					  (f->flags & PF_FRAME_INLINED) != 0, p->funcs.items[f->func].folded};
	}
	for (size_t k = 0; k < n && k < cap; k++)
		out[k] = tmp[n - 1 - k];
	return n;
}

static void check_level(const struct level *l, const char *name, uint32_t line, bool inlined)
{
	CHECK_STR(l->name, name);
	CHECK_INT(l->line, line);
	CHECK_INT(l->inlined, inlined);
}

static void pie_inline_chain_expands_outer_to_inner(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", PF_LIB_MAIN);
	uint32_t fr[] = {native(&p, lib, 0x1082), native(&p, lib, 0x1218)};
	sample(&p, fr, 2, 1000);
	struct symbolize_stats st;
	struct symbolize_opts o = {.no_env = true};
	CHECK_INT(symbolize_profile(&p, &o, &st), 0);
	CHECK(profile_check(&p) == NULL);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 4);
	check_level(&l[0], "main", 37, false);
	check_level(&l[1], "outer_loop", 23, false);
	check_level(&l[2], "middle_mix", 15, true);
	check_level(&l[3], "leaf_mix", 10, true);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_FOUND);
	CHECK_STR(profile_str(&p, p.libs.items[lib].sym_file), "elf/symtest-pie");
	CHECK_INT(st.libs_found, 1);
	CHECK_INT(st.addresses, 2);
	CHECK_INT(st.resolved, 2);
	CHECK_INT(st.inline_frames, 2);
	/* The inlinee's function records where it is defined (leaf_mix opens on line 8). */
	const struct pf_frame *leaf = profile_stack_frame(&p, p.sample_stack[0]);
	CHECK_STR(profile_str(&p, p.funcs.items[leaf->func].file), "tests/symbol/symtest.c");
	CHECK_INT(p.funcs.items[leaf->func].line, 8);
	CHECK(!(p.funcs.items[leaf->func].flags & PF_FUNC_UNRESOLVED));
	profile_release(&p);
}

static void no_inline_charges_the_outer_function(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1082), native(&p, lib, 0x1218)};
	sample(&p, fr, 2, 1000);
	struct symbolize_opts o = {.no_env = true, .no_inline = true};
	CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 2);
	check_level(&l[0], "main", 37, false);
	check_level(&l[1], "outer_loop", 23, false); /* the call site of middle_mix, not leaf_mix's line */
	profile_release(&p);
}

static void non_pie_relative_and_old_samply_svma(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-nopie", "elf/symtest-nopie", NOPIE_ID, "", 0);
	/* samply >= 0.11: SVMA - 0x400000 (first PT_LOAD); samply <= 0.10: the SVMA itself. */
	uint32_t a[] = {native(&p, lib, 0x1072), native(&p, lib, 0x1208)};
	uint32_t b[] = {native(&p, lib, 0x401072), native(&p, lib, 0x40125a)};
	sample(&p, a, 2, 10);
	sample(&p, b, 2, 20);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 4);
	check_level(&l[0], "main", 37, false);
	check_level(&l[1], "outer_loop", 23, false);
	check_level(&l[3], "leaf_mix", 10, true);
	CHECK_INT(stack_levels(&p, 1, l, 8), 2);
	check_level(&l[0], "main", 37, false);
	check_level(&l[1], "fib", 31, false);
	profile_release(&p);
}

static void recursion_keeps_every_level(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1082 + 12), /* main calls fib at 0x108a: frame 0x108e */
			 native(&p, lib, 0x126a), native(&p, lib, 0x126a), native(&p, lib, 0x1250)};
	sample(&p, fr, 4, 5);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK(profile_check(&p) == NULL);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 4);
	check_level(&l[0], "main", 38, false);
	check_level(&l[1], "fib", 31, false);
	check_level(&l[2], "fib", 31, false);
	check_level(&l[3], "fib", 28, false);
	profile_release(&p);
}

static void shared_library_inline(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "libsymtest.so", "elf/libsymtest.so", LIB_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1118)};
	sample(&p, fr, 1, 5);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 2);
	check_level(&l[0], "shape_area", 17, false);
	check_level(&l[1], "tri_area", 6, true);
	profile_release(&p);
}

static void exported_name_over_internal_alias(void)
{
	struct profile p;
	setup(&p);
	/* readelf -s: scale (WEAK), __scale (GLOBAL) and __libc_scale (LOCAL, the name
	 * DWARF and addr2line give) all at 0x1130: one function, glibc's pattern. */
	uint32_t lib = add_lib(&p, "libsymtest.so", "elf/libsymtest.so", LIB_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1134)};
	sample(&p, fr, 1, 5);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 1);
	check_level(&l[0], "scale", 25, false);
	CHECK_INT(l[0].folded, 0);
	profile_release(&p);
}

static void rebuilt_binary_is_refused_with_one_warning(void)
{
	struct profile p;
	setup(&p);
	/* The profile was recorded from the non-PIE build; the file now at the path is the PIE one. */
	uint32_t lib = add_lib(&p, "symtest", "elf/symtest-pie", NOPIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1082), native(&p, lib, 0x1218)};
	uint32_t fr2[] = {native(&p, lib, 0x1082), native(&p, lib, 0x1250)};
	sample(&p, fr, 2, 1);
	sample(&p, fr2, 2, 1);
	struct symbolize_stats st;
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, &st), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_MISMATCH);
	CHECK_INT(st.libs_mismatched, 1);
	CHECK_INT(st.resolved, 0);
	CHECK_INT(p.warnings.len, 1);
	const char *w = p.warnings.len == 1 ? p.warnings.items[0] : "";
	CHECK(strstr(w, PIE_ID) && strstr(w, NOPIE_ID) && strstr(w, "elf/symtest-pie"));
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 2);
	CHECK_STR(l[1].name, "symtest+0x1218");
	profile_release(&p);
}

static void missing_binary_degrades_cleanly(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "gone", "elf/no-such-binary", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1218)};
	sample(&p, fr, 1, 1);
	struct symbolize_stats st;
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, &st), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_MISSING);
	CHECK_INT(st.libs_missing, 1);
	/* it holds the one sample: said once, with its path, its id and the option that fixes it */
	CHECK_INT(p.warnings.len, 1);
	if (p.warnings.len == 1) {
		CHECK(strstr(p.warnings.items[0], "gone: not found with build id " PIE_ID " at elf/no-such-binary"));
		CHECK(strstr(p.warnings.items[0], "1 of 1 samples (100.0% by count)") && strstr(p.warnings.items[0], "--symbol-path"));
	}
	CHECK(profile_check(&p) == NULL);
	CHECK_STR(profile_func_name(&p, profile_stack_func(&p, p.sample_stack[0])), "gone+0x1218");
	profile_release(&p);

	/* nine samples elsewhere: 1 in 10 is not under 10%, 1 in 11 is; the header says those */
	for (size_t others = 9; others <= 10; others++) {
		setup(&p);
		lib = add_lib(&p, "gone", "elf/no-such-binary", PIE_ID, "", 0);
		uint32_t there = add_lib(&p, "other", "/nonexistent/other", "", "", 0);
		uint32_t gone[] = {native(&p, lib, 0x1218)}, elsewhere[] = {native(&p, there, 0x10)};
		sample(&p, gone, 1, 1);
		for (size_t i = 0; i < others; i++)
			sample(&p, elsewhere, 1, 1);
		CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
		size_t said = 0;
		for (size_t i = 0; i < p.warnings.len; i++)
			said += strstr(p.warnings.items[i], "gone: not found") != NULL;
		CHECK_INT(said, others == 9 ? 1 : 0);
		profile_release(&p);
	}
}

/* --symbol-path FILE: the binary itself, used when its build id is the library's; a
 * file that is no library's is said, and does not make a library "another build". */
static void symbol_path_file(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-pie", "/nonexistent/symtest-pie", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1218)};
	sample(&p, fr, 1, 1);
	const char *file[] = {"elf/symtest-pie"};
	struct symbolize_opts o = {.no_env = true, .symbol_paths = file, .symbol_path_count = 1};
	CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_FOUND);
	CHECK_STR(profile_str(&p, p.libs.items[lib].sym_file), "elf/symtest-pie");
	CHECK_INT(p.warnings.len, 0);
	profile_release(&p);

	setup(&p);
	lib = add_lib(&p, "symtest-pie", "/nonexistent/symtest-pie", PIE_ID, "", 0);
	uint32_t fr2[] = {native(&p, lib, 0x1218)};
	sample(&p, fr2, 1, 1);
	const char *other[] = {"elf/symtest-clang"};
	o.symbol_paths = other;
	CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_MISSING);
	size_t unused = 0;
	for (size_t i = 0; i < p.warnings.len; i++)
		unused += strstr(p.warnings.items[i], "--symbol-path elf/symtest-clang: its build id " CLANG_ID
						      " is no library's") != NULL;
	CHECK_INT(unused, 1);
	profile_release(&p);
}

static void broken_files_degrade_cleanly(void)
{
	/* A truncated copy of symtest-pie: its build-id note (offset 0x338) survives,
	 * so the id matches, but sections and DWARF are cut off. */
	char tmp[] = "/tmp/profan-test-truncated-XXXXXX";
	int fd = mkstemp(tmp);
	CHECK(fd >= 0);
	FILE *in = fopen("elf/symtest-pie", "rb");
	char buf[4096];
	size_t got = in ? fread(buf, 1, sizeof(buf), in) : 0;
	CHECK(got == sizeof(buf) && write(fd, buf, got) == (ssize_t)got);
	if (in)
		fclose(in);
	close(fd);
	struct profile p;
	setup(&p);
	uint32_t cut = add_lib(&p, "cut", tmp, PIE_ID, "", 0);
	uint32_t text = add_lib(&p, "text", "elf/kallsyms.txt", PIE_ID, "", 0);
	uint32_t dir = add_lib(&p, "dir", "elf", "", "", 0);
	/* A FIFO at the recorded path: opening it for reading would wait for a writer forever. */
	char fifo[] = "/tmp/profan-test-fifo-XXXXXX";
	int ffd = mkstemp(fifo);
	CHECK(ffd >= 0);
	close(ffd);
	unlink(fifo);
	CHECK(mkfifo(fifo, 0600) == 0);
	uint32_t pipe = add_lib(&p, "pipe", fifo, "", "", 0);
	uint32_t fr[] = {native(&p, cut, 0x1218), native(&p, text, 0x10), native(&p, dir, 0x20),
			 native(&p, pipe, 0x30)};
	sample(&p, fr, 4, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK(profile_check(&p) == NULL);
	CHECK_INT(p.libs.items[text].sym_state, PF_SYM_MISSING);
	CHECK_INT(p.libs.items[dir].sym_state, PF_SYM_MISSING);
	CHECK_INT(p.libs.items[pipe].sym_state, PF_SYM_MISSING);
	unlink(fifo);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 4);
	CHECK_STR(l[0].name, "cut+0x1218");
	CHECK_STR(l[1].name, "text+0x10");
	profile_release(&p);
	unlink(tmp);
}

static void symbol_path_finds_file_and_separate_debug_info(void)
{
	struct profile p;
	setup(&p);
	/* Recorded path gone; --symbol-path holds the stripped copy (same build id) by
	 * name, and its DWARF sits in DIR/.build-id/49/d9aa....debug of another dir. */
	uint32_t lib = add_lib(&p, "symtest-stripped", "/nonexistent/symtest-stripped", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1218)};
	sample(&p, fr, 1, 1);
	const char *dirs[] = {"elf", "elf/debugroot"};
	struct symbolize_opts o = {.no_env = true, .symbol_paths = dirs, .symbol_path_count = 2};
	CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_FOUND);
	CHECK_STR(profile_str(&p, p.libs.items[lib].sym_file), "elf/symtest-stripped");
	struct level l[8] = {{0}};
	if (stack_levels(&p, 0, l, 8) == 3) {
		check_level(&l[0], "outer_loop", 23, false);
		check_level(&l[2], "leaf_mix", 10, true);
	} else {
		CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	}
	profile_release(&p);

	/* Only the debug file exists, found by build-id layout under a dir from the environment. */
	setup(&p);
	lib = add_lib(&p, "symtest-pie", "/nonexistent/symtest-pie", PIE_ID, "", 0);
	uint32_t fr2[] = {native(&p, lib, 0x1218)};
	sample(&p, fr2, 1, 1);
	setenv(SYMBOLIZE_PATH_ENV, "/nonexistent:elf/debugroot", 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){0}, NULL), 0);
	unsetenv(SYMBOLIZE_PATH_ENV);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_FOUND);
	CHECK_STR(profile_str(&p, p.libs.items[lib].sym_file),
		  "elf/debugroot/.build-id/49/d9aa5fed736ad17b331dabaf4fbe60d57a80d6.debug");
	CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	check_level(&l[2], "leaf_mix", 10, true);
	profile_release(&p);
}

static void gnu_debuglink_next_to_the_binary(void)
{
	struct profile p;
	setup(&p);
	/* symtest-linked is stripped; its .gnu_debuglink names symtest-linked.debug beside it. */
	uint32_t lib = add_lib(&p, "symtest-linked", "elf/symtest-linked", PIE_ID, "", 0);
	uint32_t fr[] = {native(&p, lib, 0x1218)};
	sample(&p, fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	if (stack_levels(&p, 0, l, 8) == 3) {
		check_level(&l[0], "outer_loop", 23, false);
		check_level(&l[2], "leaf_mix", 10, true);
	}
	profile_release(&p);
}

static void rust_without_build_id_uses_breakpad_and_counts_folds(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-rust", "elf/symtest-rust", "", RUST_BREAKPAD, 0);
	uint32_t fr[] = {native(&p, lib, 0xfce0)};
	sample(&p, fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_FOUND);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 1);
	/* Four vec_len::<T> share this code (nm lists 4 symbols at 0xfce0): 3 others folded. */
	CHECK_STR(l[0].name, "symtest::vec_len");
	CHECK_INT(l[0].folded, 3);
	CHECK_INT(l[0].line, 32);
	profile_release(&p);

	/* A breakpad id of another build is refused. */
	setup(&p);
	lib = add_lib(&p, "symtest-rust", "elf/symtest-rust", "", "5FAAD94973EDD16A7B331DABAF4FBE600", 0);
	uint32_t fr2[] = {native(&p, lib, 0xfce0)};
	sample(&p, fr2, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK_INT(p.libs.items[lib].sym_state, PF_SYM_MISMATCH);
	CHECK(p.warnings.len == 1 && strstr(p.warnings.items[0], RUST_BREAKPAD));
	profile_release(&p);
}

static void rust_inline_chain_through_std(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-rust", "elf/symtest-rust", "", RUST_BREAKPAD, 0);
	uint32_t fr[] = {native(&p, lib, 0xfc40)};
	sample(&p, fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	/* addr2line's names in funcname_simplify()'s form: legacy "core::iter::range::<impl
	 * core::iter::traits::iterator::Iterator for core::ops::range::Range<A>>::next" is
	 * written as v0 writes an impl, generic arguments dropped. */
	check_level(&l[0], "symtest::shapes::churn", 24, false);
	check_level(&l[1], "<core::ops::range::Range as core::iter::traits::iterator::Iterator>::next", 857, true);
	check_level(&l[2], "<core::ops::range::Range as core::iter::range::RangeIteratorImpl>::spec_next", 0, true);
	profile_release(&p);
}

static void cpp_names(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-cpp", "elf/symtest-cpp", CPP_ID, "", 0);
	/* llvm-addr2line -i: 0x17be is mix<long unsigned int>:12 inlined in
	 * geo::Acc<unsigned long>::total(unsigned int):20; mix is declared in
	 * namespace geo (symtest.cpp), which its DWARF name leaves out. 0x1200 is
	 * the static run (nm: _ZL3runj), 0x10c0 its cold part (_ZL3runj.cold). */
	uint32_t a[] = {native(&p, lib, 0x1200), native(&p, lib, 0x17be)};
	uint32_t b[] = {native(&p, lib, 0x10c0)};
	sample(&p, a, 2, 1);
	sample(&p, b, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	/* Names without parameters and template arguments (funcname.h): "run(unsigned int)",
	 * "geo::Acc<unsigned long>::total(unsigned int)", "geo::mix<long unsigned int>". */
	check_level(&l[0], "run", 31, false);
	check_level(&l[1], "geo::Acc::total", 20, false);
	check_level(&l[2], "geo::mix", 12, true);
	/* The cold part is the same function: one row, not "run(unsigned int) [clone .cold]". */
	CHECK_INT(stack_levels(&p, 1, l, 8), 3);
	CHECK_STR(l[0].name, "run");
	CHECK_INT(profile_stack_func(&p, p.sample_stack[1]) != profile_stack_func(&p, p.sample_stack[0]), 1);
	uint32_t s = p.sample_stack[1];
	while (p.stacks.items[s].parent != PF_NONE)
		s = p.stacks.items[s].parent;
	uint32_t t = p.sample_stack[0];
	while (p.stacks.items[t].parent != PF_NONE)
		t = p.stacks.items[t].parent;
	CHECK_INT(profile_stack_func(&p, s), profile_stack_func(&p, t));
	profile_release(&p);
}

static void file_offsets_map_through_pt_load(void)
{
	struct profile p;
	setup(&p);
	/* Unreadable at record time: no code id, nil breakpad id, addresses are file
	 * offsets. lld put .text at vaddr 0xf1a0, offset 0xe1a0 (readelf -l), so
	 * vec_len at 0xfce0 has file offset 0xece0. */
	uint32_t lib = add_lib(&p, "symtest-rust", "elf/symtest-rust", "", NIL_BREAKPAD, 0);
	uint32_t fr[] = {native(&p, lib, 0xece0)};
	sample(&p, fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 1);
	CHECK_STR(l[0].name, "symtest::vec_len");
	profile_release(&p);
}

static void clang_binary_without_aranges(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-clang", "elf/symtest-clang", CLANG_ID, "", 0);
	/* llvm-addr2line -i: 0x1193 is leaf_mix:10 in middle_mix:15 in outer_loop:23. */
	uint32_t fr[] = {native(&p, lib, 0x1193)};
	sample(&p, fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 3);
	check_level(&l[0], "outer_loop", 23, false);
	check_level(&l[1], "middle_mix", 15, true);
	check_level(&l[2], "leaf_mix", 10, true);
	profile_release(&p);
}

static void special_libraries_never_reach_libdw(void)
{
	struct profile p;
	setup(&p);
	uint32_t vdso = add_lib(&p, "[vdso]", "[vdso]", "", NIL_BREAKPAD, PF_LIB_SPECIAL);
	uint32_t map = add_lib(&p, "perf-4242.map", "/tmp/perf-4242.map", "", NIL_BREAKPAD, 0);
	uint32_t kern =
		add_lib(&p, "[kernel.kallsyms]", "[kernel.kallsyms]", "", NIL_BREAKPAD, PF_LIB_SPECIAL);
	uint32_t fr[] = {native(&p, vdso, 0x930), native(&p, map, 0x1000), native(&p, kern, 0x234010),
			 native(&p, kern, 0x234250)};
	sample(&p, fr, 4, 7);
	struct profile q;
	setup(&q);
	/* The same, symbolicated with a kallsyms copy (fixtures/elf/kallsyms.txt: _text at
	 * ffffffff81000000, do_syscall_64 at +0x234000, handle_page_fault at +0x234200). */
	vdso = add_lib(&q, "[vdso]", "[vdso]", "", NIL_BREAKPAD, PF_LIB_SPECIAL);
	kern = add_lib(&q, "[kernel.kallsyms]", "[kernel.kallsyms]", "", NIL_BREAKPAD, PF_LIB_SPECIAL);
	uint32_t fq[] = {native(&q, vdso, 0x930), native(&q, kern, 0x234010), native(&q, kern, 0x234250)};
	sample(&q, fq, 3, 7);

	struct symbolize_stats st;
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, &st), 0);
	CHECK_INT(st.libs_skipped, 3);
	CHECK_INT(p.libs.items[0].sym_state, PF_SYM_SKIPPED);
	CHECK_INT(p.libs.items[1].sym_state, PF_SYM_SKIPPED);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 4);
	CHECK_STR(l[0].name, "[vdso]+0x930");
	CHECK_STR(l[1].name, "perf-4242.map+0x1000");
	CHECK_STR(l[2].name, "[kernel]");
	CHECK_STR(l[3].name, "[kernel]");

	struct symbolize_opts with_kallsyms = {.no_env = true, .kallsyms = "elf/kallsyms.txt"};
	CHECK_INT(symbolize_profile(&q, &with_kallsyms, &st), 0);
	CHECK_INT(q.libs.items[kern].sym_state, PF_SYM_FOUND);
	CHECK_INT(stack_levels(&q, 0, l, 8), 3);
	CHECK_STR(l[0].name, "[vdso]+0x930");
	CHECK_STR(l[1].name, "do_syscall_64");
	CHECK_STR(l[2].name, "handle_page_fault");
	profile_release(&q);
	profile_release(&p);

	setup(&p);
	struct symbolize_opts bad_kallsyms = {.no_env = true, .kallsyms = "elf/nope.txt"};
	CHECK_INT(symbolize_profile(&p, &bad_kallsyms, NULL), -1);
	profile_release(&p);
}

/* A frame as the samply loader makes it for a live recording's bare kernel IP. */
static uint32_t kernel_ip_frame(struct profile *p, uint32_t lib, const char *hex)
{
	struct pf_func f = {.name = profile_intern(p, hex), .lib = lib};
	struct pf_frame fr = {.func = profile_intern_func(p, &f), .lib = lib, .address = PF_NO_ADDRESS};
	return profile_intern_frame(p, &fr);
}

static void bare_kernel_ips_and_modules(void)
{
	for (int with = 0; with < 2; with++) {
		struct profile p;
		setup(&p);
		uint32_t k = add_lib(&p, "kernel", "", "", "", PF_LIB_SPECIAL | PF_LIB_KERNEL);
		uint32_t mod = add_lib(&p, "[ext4]", "/lib/modules/6.1/ext4.ko", "", NIL_BREAKPAD,
				       PF_LIB_SPECIAL | PF_LIB_KERNEL);
		uint32_t fr[] = {kernel_ip_frame(&p, k, "0xffffffff81234010"), native(&p, mod, 0x40),
				 kernel_ip_frame(&p, k, "0xffffffff81234210")};
		sample(&p, fr, 3, 1);
		struct symbolize_opts o = {.no_env = true, .kallsyms = with ? "elf/kallsyms.txt" : NULL};
		CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
		struct level l[8] = {{0}};
		CHECK_INT(stack_levels(&p, 0, l, 8), 3);
		CHECK_STR(l[0].name, with ? "do_syscall_64" : "[kernel]");
		CHECK_STR(l[1].name, "[ext4]+0x40");
		CHECK_STR(l[2].name, with ? "handle_page_fault" : "[kernel]");
		CHECK_INT(p.libs.items[mod].sym_state, PF_SYM_SKIPPED);
		CHECK_INT(p.warnings.len, 0);
		profile_release(&p);
	}
	/* Addresses outside every kallsyms function: probably another boot. */
	struct profile p;
	setup(&p);
	uint32_t k = add_lib(&p, "kernel", "", "", "", PF_LIB_SPECIAL | PF_LIB_KERNEL);
	uint32_t fr[] = {kernel_ip_frame(&p, k, "0xffffffff90000000")};
	sample(&p, fr, 1, 1);
	struct symbolize_opts o = {.no_env = true, .kallsyms = "elf/kallsyms.txt"};
	CHECK_INT(symbolize_profile(&p, &o, NULL), 0);
	CHECK_INT(p.warnings.len, 1);
	profile_release(&p);
}

/* Runs CMD and returns the first line of its output that starts with PREFIX
 * (after leading blanks), with the prefix cut off; "" when none. */
static const char *command_line(const char *cmd, const char *prefix, char *buf, size_t size)
{
	FILE *f = popen(cmd, "r");
	buf[0] = '\0';
	char line[512];
	while (f && fgets(line, sizeof(line), f)) {
		const char *l = line + strspn(line, " \t");
		if (strncmp(l, prefix, strlen(prefix)) == 0 && !buf[0]) {
			snprintf(buf, size, "%s", l + strlen(prefix));
			buf[strcspn(buf, "\n")] = '\0';
		}
	}
	if (f)
		pclose(f);
	return buf;
}

static void vdso_of_this_kernel(void)
{
	/* The expectations come from binutils on a copy of this process's [vdso]
	 * mapping (found in /proc/self/maps): readelf -n for its build id, nm -D
	 * for clock_gettime, a weak alias of __vdso_clock_gettime. */
	FILE *maps = fopen("/proc/self/maps", "r");
	char line[512];
	unsigned long lo = 0, hi = 0;
	while (maps && fgets(line, sizeof(line), maps))
		if (strstr(line, "[vdso]"))
			sscanf(line, "%lx-%lx", &lo, &hi);
	if (maps)
		fclose(maps);
	if (!lo)
		return; /* no vDSO on this system: nothing to check */
	char tmp[] = "/tmp/profan-test-vdso-XXXXXX";
	int fd = mkstemp(tmp);
	CHECK(fd >= 0 && write(fd, (const void *)lo, hi - lo) == (ssize_t)(hi - lo));
	close(fd);
	char cmd[256], id[128];
	snprintf(cmd, sizeof(cmd), "readelf -n %s", tmp);
	command_line(cmd, "Build ID: ", id, sizeof(id));
	snprintf(cmd, sizeof(cmd), "nm -D %s | grep ' clock_gettime'", tmp);
	FILE *f = popen(cmd, "r");
	unsigned long addr = 0;
	CHECK(f && fscanf(f, "%lx", &addr) == 1);
	if (f)
		pclose(f);
	unlink(tmp);
	CHECK(id[0] != '\0' && addr != 0);

	struct profile p;
	setup(&p);
	uint32_t vdso = add_lib(&p, "[vdso]", "[vdso]", id, "", PF_LIB_SPECIAL);
	uint32_t other = add_lib(&p, "[vdso]", "[vdso]", NOPIE_ID, "", PF_LIB_SPECIAL);
	uint32_t fr[] = {native(&p, vdso, addr + 4), native(&p, other, addr + 4)};
	sample(&p, fr, 2, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK_INT(p.libs.items[vdso].sym_state, PF_SYM_FOUND);
	CHECK_INT(p.libs.items[other].sym_state, PF_SYM_SKIPPED);
	struct level l[8] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 8), 2);
	CHECK_STR(l[0].name, "clock_gettime");
	CHECK_STR(l[1].name, profile_printf(&p, "[vdso]+0x%lx", addr + 4));
	CHECK_INT(p.warnings.len, 0);
	profile_release(&p);
}

static void each_site_resolved_once_and_samples_follow(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", 0);
	/* Two loader frames for one (lib, address), as per-thread tables give (samply-format.md P1). */
	struct pf_func other = {.name = profile_intern(&p, "thread2 symtest-pie+0x1218"), .lib = lib,
				.flags = PF_FUNC_UNRESOLVED};
	struct pf_frame dup = {.func = profile_intern_func(&p, &other), .lib = lib, .address = 0x1218};
	uint32_t a[] = {native(&p, lib, 0x1082), native(&p, lib, 0x1218)};
	uint32_t b[] = {native(&p, lib, 0x1082), profile_intern_frame(&p, &dup)};
	uint32_t c[] = {native(&p, lib, 0x1082)};
	sample(&p, a, 2, 100);
	sample(&p, b, 2, 200);
	sample(&p, c, 1, 300);
	profile_add_sample(&p, PF_NONE, PF_NONE, (int64_t[]){400});
	struct symbolize_stats st;
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, &st), 0);
	CHECK_INT(st.addresses, 2);
	CHECK(profile_check(&p) == NULL);
	/* Both threads' frames became the same nodes: main → outer_loop → middle_mix → leaf_mix. */
	CHECK_INT(p.sample_stack[0], p.sample_stack[1]);
	CHECK_INT(p.stacks.len, 4);
	CHECK_INT(p.sample_stack[3], PF_NONE);
	CHECK_STR(profile_func_name(&p, profile_stack_func(&p, p.sample_stack[2])), "main");

	/* samply's header: one library, found, holding 600 of 1000 µs as self time (400 are stackless). */
	p.format = "samply";
	p.format_detail = "test";
	struct profan_opts o;
	profan_opts_init(&o);
	const char *path = "test.json";
	struct ownership own;
	CHECK_INT(ownership_classify(&own, &p, NULL), 0);
	struct view_input in = {.p = &p, .o = &o, .paths = &path, .path_count = 1, .own = &own};
	struct report r;
	report_init(&r);
	struct view_choice choice;
	CHECK_INT(samply_views(&in, &r, &choice), PF_EXIT_OK);
	view_choice_release(&choice);
	ownership_release(&own);
	const char *files = NULL, *found = NULL;
	for (size_t i = 0; i < r.header.len; i++) {
		if (strcmp(r.header.items[i].key, "Symbol files") == 0)
			files = r.header.items[i].value;
		if (strcmp(r.header.items[i].key, "Symbols found") == 0)
			found = r.header.items[i].value;
	}
	CHECK_STR(files, "1 library: 1 found, 0 missing, 0 mismatched, 0 not on disk");
	CHECK_STR(found, "symtest-pie 60.0% of CPU time"); /* the share of the metric, said so */
	report_release(&r);
	profile_release(&p);
}

static void ids_are_computed_like_samply(void)
{
	char *s = symfind_build_id("elf/symtest-pie");
	CHECK_STR(s, PIE_ID);
	free(s);
	s = symfind_breakpad_id("elf/symtest-pie");
	CHECK_STR(s, "5FAAD94973EDD16A7B331DABAF4FBE600");
	free(s);
	s = symfind_breakpad_id("elf/symtest-rust");
	CHECK_STR(s, RUST_BREAKPAD);
	free(s);
	CHECK(symfind_build_id("elf/symtest-rust") == NULL);
	CHECK(symfind_build_id("elf/kallsyms.txt") == NULL);
	/* The worked example of samply-format.md §3.2. */
	s = symfind_breakpad_of_build_id("020d6f7c33b2413f4fe10814c4729dce1387f049");
	CHECK_STR(s, "7C6F0D02B2333F414FE10814C4729DCE0");
	free(s);
}

static void demangles_rust_and_cpp(void)
{
	/* Expected strings: `c++filt` (binutils) and rustc-demangle's documented forms. */
	char *s = sym_demangle("_ZN7symtest7vec_len17h53b67e2f2126fedeE");
	CHECK_STR(s, "symtest::vec_len");
	free(s);
	s = sym_demangle("_ZN3foo3bar17h0000000000000000E"); /* libiberty keeps this hash; we strip it */
	CHECK_STR(s, "foo::bar");
	free(s);
	s = sym_demangle("_RNvCskwGfYPst2Cb_3foo16example_function");
	CHECK_STR(s, "foo::example_function");
	free(s);
	s = sym_demangle("_ZNSt6vectorIiSaIiEE9push_backERKi");
	CHECK_STR(s, "std::vector<int, std::allocator<int> >::push_back(int const&)");
	free(s);
	CHECK(sym_demangle("main") == NULL);
	CHECK(sym_demangle("_Znotmangled") == NULL);
}

#define RSOWN_ID "c5b53c2a634d2bc261a8908784afa4e6c11ac13e"
#define RUSTC "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860"

/* One source function, one pf_func: fixtures/ownership/rsown holds five machine-code
 * copies of alloc::raw_vec::RawVecInner<A>::finish_grow (nm: v0 copies at 0x38c00
 * (for std::alloc::System), 0x4ed5b, 0x38d10, 0x580b0; the legacy ThinLTO copy
 * _ZN...finish_grow17hefa602929fb0f210E.llvm.15113148388679770791 at 0x18ca0), all
 * declared at raw_vec/mod.rs:542 (llvm-dwarfdump --name=finish_grow<...>). */
static void copies_of_one_function_are_one_func(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "rsown", "ownership/rsown", RSOWN_ID, "", PF_LIB_MAIN);
	const uint64_t copies[] = {0x38c00, 0x4ed5b, 0x38d10, 0x580b0, 0x18ca0};
	for (size_t i = 0; i < ARRAY_SIZE(copies); i++) {
		uint32_t fr = native(&p, lib, copies[i]);
		sample(&p, &fr, 1, 1);
	}
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK(profile_check(&p) == NULL);
	uint32_t f = profile_stack_func(&p, p.sample_stack[0]);
	for (size_t i = 1; i < ARRAY_SIZE(copies); i++)
		CHECK_INT(profile_stack_func(&p, p.sample_stack[i]), f);
	CHECK_STR(profile_func_name(&p, f), "alloc::raw_vec::RawVecInner::finish_grow");
	CHECK_STR(profile_str(&p, p.funcs.items[f].file), RUSTC "/library/alloc/src/raw_vec/mod.rs");
	CHECK_INT(p.funcs.items[f].line, 542);
	CHECK_INT(p.funcs.items[f].comp_dir_len, strlen(RUSTC)); /* std's unit: comp_dir /rustc/<hash> */
	profile_release(&p);
}

/* Each inline level carries its own function's declaring file, a whole path, not
 * the line table's file (addr2line -f -i at 0x1ad47 of rsown: the innermost row is
 * core's macros.rs at line 0 inside hashbrown's find_insert_index; llvm-dwarfdump
 * gives find_insert_index and prepare_insert_index decl_file
 * /rust/deps/hashbrown-0.16.1/src/raw/mod.rs, index_records /home/dev/build/src/rsown.rs
 * line 52, in a unit with comp_dir /home/dev/build and file name src/rsown.rs). */
static void inline_levels_carry_their_declaring_file(void)
{
	struct profile p;
	setup(&p);
	uint32_t lib = add_lib(&p, "rsown", "ownership/rsown", RSOWN_ID, "", PF_LIB_MAIN);
	uint32_t fr = native(&p, lib, 0x1ad47);
	sample(&p, &fr, 1, 1);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	struct level l[16] = {{0}};
	CHECK_INT(stack_levels(&p, 0, l, 16), 7);
	CHECK_STR(l[0].name, "rsown::index_records");
	CHECK_STR(l[6].name, "hashbrown::raw::RawTableInner::find_insert_index");
	CHECK_STR(l[5].name, "hashbrown::raw::RawTableInner::prepare_insert_index");
	uint32_t s = p.sample_stack[0];
	const struct pf_func *inner = &p.funcs.items[profile_stack_func(&p, s)];
	CHECK_STR(profile_str(&p, inner->file), "/rust/deps/hashbrown-0.16.1/src/raw/mod.rs");
	CHECK_INT(inner->comp_dir_len, 0); /* declared in the user's unit, not below its directory */
	while (p.stacks.items[s].parent != PF_NONE)
		s = p.stacks.items[s].parent;
	const struct pf_func *outer = &p.funcs.items[profile_stack_func(&p, s)];
	CHECK_STR(profile_str(&p, outer->file), "/home/dev/build/src/rsown.rs");
	CHECK_INT(outer->comp_dir_len, strlen("/home/dev/build"));
	CHECK_INT(outer->line, 52);
	profile_release(&p);
}

/* Library records as samply wrote them in tests/corpus (macOS: samply-v49-macos-jake, Windows:
 * samply-v55-windows-il2cpp-dumper) and as it writes them on Linux: the first two formats are never
 * handed to libdw, whatever the symbol path holds, and one warning says so. */
static void macos_and_windows_libraries_are_named_not_missing(void)
{
	struct profile p;
	setup(&p);
	uint32_t dylib = add_lib(&p, "libsystem_kernel.dylib", "/usr/lib/system/libsystem_kernel.dylib",
				 "6E4A96AD04B83E8AB91D087E62306246", "6E4A96AD04B83E8AB91D087E623062460", 0);
	/* A macOS executable is known only by its uppercase LC_UUID ids; its name is on the symbol path. */
	uint32_t exe = add_lib(&p, "symtest-pie", "./zig-out/bin/symtest-pie",
			       "982074CC1B3D37748B0604B42D239030", "982074CC1B3D37748B0604B42D2390300", 0);
	struct pf_lib pe = {.name = profile_intern(&p, "ntdll.dll"),
			    .path = profile_intern(&p, "C:\\Windows\\System32\\ntdll.dll"),
			    .debug_name = profile_intern(&p, "ntdll.pdb"),
			    .code_id = profile_intern(&p, "C140BEF4268000"),
			    .breakpad_id = profile_intern(&p, "2CF5F86ACB68735923D72913BBD9B0E31")};
	uint32_t dll = profile_add_lib(&p, &pe);
	uint32_t elf = add_lib(&p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", 0);
	CHECK_INT(objformat_of(&p, &p.libs.items[dylib]), OBJFORMAT_MACHO);
	CHECK_INT(objformat_of(&p, &p.libs.items[exe]), OBJFORMAT_MACHO);
	CHECK_INT(objformat_of(&p, &p.libs.items[dll]), OBJFORMAT_PE);
	CHECK_INT(objformat_of(&p, &p.libs.items[elf]), OBJFORMAT_ELF);
	uint32_t fr[] = {native(&p, dylib, 0x1000), native(&p, exe, 0x1218), native(&p, dll, 0x2000),
			 native(&p, elf, 0x1218)};
	sample(&p, fr, 4, 1);
	struct symbolize_stats st;
	const char *dirs[] = {"elf"};
	struct symbolize_opts o = {.no_env = true, .symbol_paths = dirs, .symbol_path_count = 1};
	CHECK_INT(symbolize_profile(&p, &o, &st), 0);
	CHECK_INT(p.libs.items[dylib].sym_state, PF_SYM_NOT_ELF);
	CHECK_INT(p.libs.items[exe].sym_state, PF_SYM_NOT_ELF);
	CHECK_INT(p.libs.items[dll].sym_state, PF_SYM_NOT_ELF);
	CHECK_INT(p.libs.items[elf].sym_state, PF_SYM_FOUND);
	CHECK_INT(st.libs_macho, 2);
	CHECK_INT(st.libs_pe, 1);
	CHECK_INT(st.libs_missing, 0);
	CHECK_INT(p.warnings.len, 1);
	const char *w = p.warnings.len == 1 ? p.warnings.items[0] : "";
	CHECK(strstr(w, "3 Mach-O and PE libraries not symbolicated") && strstr(w, "ELF only") &&
	      strstr(w, ".syms.json"));
	struct level l[8] = {{0}};
	CHECK(stack_levels(&p, 0, l, 8) > 4); /* the ELF frame expands to its inline chain */
	CHECK_STR(l[0].name, "libsystem_kernel.dylib+0x1000");
	CHECK_STR(l[1].name, "symtest-pie+0x1218"); /* the Mach-O one, left as it was */
	CHECK_STR(l[2].name, "ntdll.dll+0x2000");
	CHECK(strcmp(l[3].name, "symtest-pie+0x1218") != 0);
	profile_release(&p);
}

/* The profile of files_opened_ahead_change_nothing: a PIE and a library that inline, a
 * rebuilt binary (another id), a corrupt copy (a warning on opening it), a missing file. */
static void ahead_profile(struct profile *p, const char *corrupt)
{
	setup(p);
	uint32_t pie = add_lib(p, "symtest-pie", "elf/symtest-pie", PIE_ID, "", 0);
	uint32_t lib = add_lib(p, "libsymtest.so", "elf/libsymtest.so", LIB_ID, "", 0);
	uint32_t other = add_lib(p, "rebuilt", "elf/symtest-pie", NOPIE_ID, "", 0);
	uint32_t broken = add_lib(p, "corrupt", corrupt, PIE_ID, "", 0);
	uint32_t gone = add_lib(p, "gone", "elf/no-such-file", PIE_ID, "", 0);
	uint32_t fr[] = {native(p, pie, 0x1082), native(p, pie, 0x1218), native(p, lib, 0x1118),
			 native(p, other, 0x10), native(p, broken, 0x1218), native(p, gone, 0x20)};
	sample(p, fr, 6, 3);
	sample(p, fr + 1, 2, 4);
}

/* Every sample's stack, levels and lines, as text. */
static void stacks_text(const struct profile *p, char *buf, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < p->sample_count && n < cap; i++) {
		struct level l[16];
		size_t depth = stack_levels(p, i, l, 16);
		for (size_t k = 0; k < depth && k < 16 && n < cap; k++)
			n += (size_t)snprintf(buf + n, cap - n, "%s:%u%s ", l[k].name, l[k].line, l[k].inlined ? "i" : "");
		if (n < cap)
			n += (size_t)snprintf(buf + n, cap - n, "= %lld\n", (long long)p->sample_values[0][i]);
	}
}

/* Symbol files opened ahead on their own thread (sym_prefetch, as the driver queues a
 * samply profile's libraries while reading it), or queued with no thread to open them
 * (task.h's inline mode), give the same frames, library states and lines on stderr as files
 * opened in place: the corrupt file's warning is printed where it
 * always is, by symbolize_profile(), whose own opening of it is the one that speaks. */
static void files_opened_ahead_change_nothing(void)
{
	/* symtest-pie with every NUL of .strtab made an 'A' (as tests/malformed's elf cases):
	 * symmod_open() warns that it is corrupt */
	char corrupt[] = "/tmp/profan-test-corrupt-XXXXXX";
	int fd = mkstemp(corrupt);
	size_t len = 0;
	char *elf = source_slurp("elf/symtest-pie", &len);
	CHECK(elf != NULL && len > 64);
	uint64_t shoff;
	uint16_t entsize, count, strndx;
	memcpy(&shoff, elf + 0x28, 8);
	memcpy(&entsize, elf + 0x3A, 2), memcpy(&count, elf + 0x3C, 2), memcpy(&strndx, elf + 0x3E, 2);
	uint64_t names;
	memcpy(&names, elf + shoff + (uint64_t)strndx * entsize + 0x18, 8);
	size_t broken = 0;
	for (uint16_t i = 0; i < count; i++) {
		const char *sh = elf + shoff + (uint64_t)i * entsize;
		uint32_t name;
		uint64_t off, size;
		memcpy(&name, sh, 4), memcpy(&off, sh + 0x18, 8), memcpy(&size, sh + 0x20, 8);
		if (strcmp(elf + names + name, ".strtab") != 0)
			continue;
		for (uint64_t k = off; k < off + size; k++)
			elf[k] = elf[k] ? elf[k] : 'A';
		broken++;
	}
	CHECK(fd >= 0 && broken == 1 && write(fd, elf, len) == (ssize_t)len);
	free(elf);
	close(fd);
	char text[3][4096], said[3][1024];
	int states[3][5];
	for (int ahead = 0; ahead < 3; ahead++) { /* 2: queued, but no task starts (inline mode) */
		task_set_inline(ahead == 2);
		struct profile p;
		ahead_profile(&p, corrupt);
		pf_set_quiet(false);
		struct symbolize_opts o = {.no_env = true};
		if (ahead) {
			o.prefetch = sym_prefetch_new(&o);
			for (size_t l = 0; l < p.libs.len; l++) {
				const struct pf_lib *lib = &p.libs.items[l];
				struct symfind_query q = {.name = profile_str(&p, lib->name),
							  .path = profile_str(&p, lib->path),
							  .debug_name = profile_str(&p, lib->debug_name),
							  .debug_path = profile_str(&p, lib->debug_path),
							  .code_id = profile_str(&p, lib->code_id),
							  .breakpad_id = profile_str(&p, lib->breakpad_id)};
				sym_prefetch_lib(o.prefetch, &q);
			}
			sym_prefetch_lib(o.prefetch, &(struct symfind_query){.name = "libsymtest.so",
									     .path = "elf/libsymtest.so",
									     .debug_name = "libsymtest.so",
									     .debug_path = "elf/libsymtest.so",
									     .code_id = LIB_ID}); /* queued once */
			sym_prefetch_finish(o.prefetch); /* all of it opened ahead, whatever the timing */
		}
		struct stderr_capture cap;
		stderr_capture(&cap);
		struct symbolize_stats st;
		CHECK_INT(symbolize_profile(&p, &o, &st), 0);
		CHECK_INT(st.libs_ahead, ahead == 1 ? 4 : 0); /* all but the corrupt file, whose opening spoke */
		stderr_captured(&cap, said[ahead], sizeof(said[ahead]));
		pf_set_quiet(true);
		stacks_text(&p, text[ahead], sizeof(text[ahead]));
		for (size_t l = 0; l < 5; l++)
			states[ahead][l] = (int)p.libs.items[l].sym_state;
		sym_prefetch_free(o.prefetch);
		profile_release(&p);
	}
	task_set_inline(false);
	unlink(corrupt);
	CHECK_STR(text[1], text[0]);
	CHECK_STR(said[1], said[0]);
	CHECK_STR(text[2], text[0]);
	CHECK_STR(said[2], said[0]);
	CHECK(strstr(said[0], "corrupt ELF file") != NULL); /* the warning that must keep its place */
	CHECK(strstr(text[0], "leaf_mix") != NULL);
	for (size_t l = 0; l < 5; l++) {
		CHECK_INT(states[1][l], states[0][l]);
		CHECK_INT(states[2][l], states[0][l]);
	}
}

/* Opened ahead, at most 4 modules are held at once (AHEAD_HELD): six libraries that all open
 * give 4 taken ready and 2 opened in place, and the same frames as without opening ahead. */
static void files_opened_ahead_are_bounded(void)
{
	static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
	char text[2][2048];
	size_t ahead_taken = 0;
	for (int ahead = 0; ahead < 2; ahead++) {
		struct profile p;
		setup(&p);
		uint32_t fr[6];
		for (size_t i = 0; i < 6; i++)
			fr[i] = native(&p, add_lib(&p, names[i], "elf/symtest-pie", PIE_ID, "", 0), 0x1082);
		for (size_t i = 0; i < 6; i++)
			sample(&p, fr + i, 1, (int64_t)i + 1);
		struct symbolize_opts o = {.no_env = true};
		if (ahead) {
			o.prefetch = sym_prefetch_new(&o);
			for (size_t i = 0; i < 6; i++)
				sym_prefetch_lib(o.prefetch, &(struct symfind_query){.name = names[i],
										     .path = "elf/symtest-pie",
										     .debug_name = names[i],
										     .debug_path = "elf/symtest-pie",
										     .code_id = PIE_ID});
			sym_prefetch_finish(o.prefetch);
		}
		struct symbolize_stats st;
		CHECK_INT(symbolize_profile(&p, &o, &st), 0);
		CHECK_INT(st.libs_found, 6);
		ahead_taken = st.libs_ahead;
		sym_prefetch_free(o.prefetch);
		stacks_text(&p, text[ahead], sizeof(text[ahead]));
		profile_release(&p);
	}
	CHECK_INT(ahead_taken, 4);
	CHECK_STR(text[1], text[0]);
	CHECK(strstr(text[0], "main:37") != NULL);
}

/* A file opened again whenever its units read pass symbolize_opts.reopen_after (here 1 byte)
 * and no address ahead falls in one of them (4 times here: std's units interleave) names every
 * address as the file kept open does: the Rust binary's 6 units, an address every 1 KiB of its
 * .text (0xf1a0..0x4c90a). */
static void file_opened_again_changes_nothing(void)
{
	struct profile p[2];
	struct symbolize_stats st[2];
	for (int k = 0; k < 2; k++) {
		setup(&p[k]);
		uint32_t lib = add_lib(&p[k], "symtest-rust", "elf/symtest-rust", "", RUST_BREAKPAD, 0);
		for (uint64_t a = 0xf1a0; a < 0x4c90a; a += 0x400) {
			uint32_t fr[] = {native(&p[k], lib, a)};
			sample(&p[k], fr, 1, 1);
		}
		CHECK_INT(symbolize_profile(&p[k], &(struct symbolize_opts){.no_env = true, .reopen_after = k},
					    &st[k]), 0);
		CHECK(profile_check(&p[k]) == NULL);
	}
	CHECK_INT(st[1].addresses, st[0].addresses);
	CHECK_INT(st[1].resolved, st[0].resolved);
	CHECK_INT(st[1].inline_frames, st[0].inline_frames);
	CHECK(st[0].resolved > 200 && st[0].inline_frames > 50);
	CHECK_INT(p[1].sample_count, p[0].sample_count);
	for (size_t i = 0; i < p[0].sample_count && i < p[1].sample_count; i++) {
		struct level a[16] = {{0}}, b[16] = {{0}};
		size_t n = stack_levels(&p[0], i, a, 16);
		CHECK_INT(stack_levels(&p[1], i, b, 16), n);
		for (size_t k = 0; k < n && k < 16; k++)
			check_level(&b[k], a[k].name, a[k].line, a[k].inlined);
	}
	profile_release(&p[0]);
	profile_release(&p[1]);
}

int main(void)
{
	RUN(pie_inline_chain_expands_outer_to_inner);
	RUN(no_inline_charges_the_outer_function);
	RUN(non_pie_relative_and_old_samply_svma);
	RUN(recursion_keeps_every_level);
	RUN(shared_library_inline);
	RUN(exported_name_over_internal_alias);
	RUN(rebuilt_binary_is_refused_with_one_warning);
	RUN(missing_binary_degrades_cleanly);
	RUN(symbol_path_file);
	RUN(broken_files_degrade_cleanly);
	RUN(symbol_path_finds_file_and_separate_debug_info);
	RUN(gnu_debuglink_next_to_the_binary);
	RUN(rust_without_build_id_uses_breakpad_and_counts_folds);
	RUN(rust_inline_chain_through_std);
	RUN(cpp_names);
	RUN(file_offsets_map_through_pt_load);
	RUN(clang_binary_without_aranges);
	RUN(special_libraries_never_reach_libdw);
	RUN(bare_kernel_ips_and_modules);
	RUN(vdso_of_this_kernel);
	RUN(each_site_resolved_once_and_samples_follow);
	RUN(ids_are_computed_like_samply);
	RUN(demangles_rust_and_cpp);
	RUN(copies_of_one_function_are_one_func);
	RUN(inline_levels_carry_their_declaring_file);
	RUN(macos_and_windows_libraries_are_named_not_missing);
	RUN(files_opened_ahead_change_nothing);
	RUN(files_opened_ahead_are_bounded);
	RUN(file_opened_again_changes_nothing);
	return check_summary();
}
