/* test_symbol_a2l.c: symmod_lookup() against binutils addr2line on every 3rd
 * byte of every function of the committed fixtures (the .a2l files in fixtures/elf were
 * written by `addr2line -a -i -f -C`; see tests/symbol/build.sh): the same
 * inline depth, the same names and the same lines at every level. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "profan/funcname.h"
#include "profan/symbolize.h"
#include "symbol/dwarf.h"

struct a2l_frame {
	char name[4096];
	char file[4096];
	unsigned line;
};

/* Reads the next block ("0xADDR" then name / file:line pairs, innermost first). */
static size_t a2l_next(FILE *f, unsigned long long *addr, struct a2l_frame *fr, size_t cap, char *pending)
{
	char buf[4096];
	if (!pending[0]) {
		if (!fgets(buf, sizeof(buf), f))
			return 0;
		strcpy(pending, buf);
	}
	*addr = strtoull(pending, NULL, 16);
	pending[0] = '\0';
	size_t n = 0;
	while (fgets(buf, sizeof(buf), f)) {
		if (strncmp(buf, "0x", 2) == 0) {
			strcpy(pending, buf);
			break;
		}
		buf[strcspn(buf, "\n")] = '\0';
		struct a2l_frame *x = &fr[n < cap ? n : cap - 1];
		snprintf(x->name, sizeof(x->name), "%s", buf);
		if (!fgets(buf, sizeof(buf), f))
			break;
		buf[strcspn(buf, "\n")] = '\0';
		char *disc = strstr(buf, " (discriminator");
		if (disc)
			*disc = '\0';
		char *colon = strrchr(buf, ':');
		x->line = colon && colon[1] != '?' ? (unsigned)atoi(colon + 1) : 0;
		if (colon)
			*colon = '\0';
		snprintf(x->file, sizeof(x->file), "%s", buf);
		if (n < cap)
			n++;
	}
	return n;
}

/* Where a difference is deliberate or the reference tool's limit:
 *   - glibc-style internal aliases: addr2line says __libc_scale as DWARF does,
 *     profan the exported name scale (test_symbol_profile.c checks it);
 *   - GCC clone suffixes: llvm-addr2line appends " (.isra.0)" or " (.cold)",
 *     profan names a clone after its function (as DWARF does);
 *   - names DWARF gives without namespace (static templates): profan adds it
 *     (geo::mix<long unsigned int>), llvm-addr2line does not;
 *   - llvm-addr2line 14 leaves some libstdc++ names mangled (_ZSt14__relocate_a_1...).
 * Through symbolize_profile() names are compared after funcname_simplify(). */
/* OURS with each "{closure#N}" (the index DWARF's namespaces give a Rust closure) in binutils'
 * legacy spelling "{{closure}}", which has no index. */
static void legacy_closures(const char *ours, char *out, size_t cap)
{
	size_t n = 0;
	while (*ours && n + 12 < cap) {
		size_t digits = strncmp(ours, "{closure#", 9) == 0 ? strspn(ours + 9, "0123456789") : 0;
		if (digits && ours[9 + digits] == '}') {
			memcpy(out + n, "{{closure}}", 11);
			n += 11;
			ours += 10 + digits;
		} else {
			out[n++] = *ours++;
		}
	}
	out[n] = '\0';
}

static bool same_name(const char *ours, const char *theirs)
{
	char legacy[1024];
	legacy_closures(ours, legacy, sizeof(legacy));
	if (strcmp(legacy, ours) != 0 && strcmp(legacy, theirs) == 0)
		return true;
	size_t lo = strlen(ours), lt = strlen(theirs);
	if (strcmp(ours, theirs) == 0 || (strcmp(theirs, "__libc_scale") == 0 && strcmp(ours, "scale") == 0))
		return true;
	if (lt > lo + 4 && strncmp(ours, theirs, lo) == 0 && strncmp(theirs + lo, " (.", 3) == 0)
		return true;
	if (lo > lt + 2 && strcmp(ours + lo - lt, theirs) == 0 && strncmp(ours + lo - lt - 2, "::", 2) == 0)
		return true;
	return strncmp(theirs, "_Z", 2) == 0 && strncmp(ours, "_Z", 2) != 0;
}

static const char *base_name(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;
	return s ? s + 1 : p ? p : "??";
}

/* Compares every address of BIN; returns the number of addresses checked. */
static size_t compare_with_a2l(const char *bin, size_t *mismatches)
{
	char path[512], ref[512];
	snprintf(path, sizeof(path), "elf/%s", bin);
	snprintf(ref, sizeof(ref), "elf/%s.a2l", bin);
	FILE *f = fopen(ref, "r");
	CHECK(f != NULL);
	if (!f)
		return 0;
	struct symmod *m = symmod_open(path, NULL, 0);
	CHECK(m != NULL);
	size_t count = 0;
	*mismatches = 0;
	char pending[4096] = "";
	struct a2l_frame fr[64];
	unsigned long long addr;
	size_t n;
	while (m && (n = a2l_next(f, &addr, fr, 64, pending)) > 0) {
		size_t got;
		const struct sym_loc *l = symmod_lookup(m, addr, true, &got);
		count++;
		bool same = true;
		if (got == 0) {
			same = n == 1 && strcmp(fr[0].name, "??") == 0;
		} else if (got != n) {
			same = false;
		} else {
			for (size_t k = 0; k < n; k++) {
				const struct sym_loc *x = &l[n - 1 - k]; /* ours are outer → inner */
				if (!same_name(x->name, fr[k].name) || x->line != fr[k].line ||
				    (fr[k].line && strcmp(base_name(x->file), base_name(fr[k].file)) != 0))
					same = false;
			}
		}
		if (!same && (*mismatches)++ < 5) {
			fprintf(stderr, "%s 0x%llx: addr2line: %zu frames, innermost %s %s:%u; we: %zu:", bin,
				addr, n, fr[0].name, fr[0].file, fr[0].line, got);
			for (size_t k = 0; k < got; k++)
				fprintf(stderr, " [%s %s:%u]", l[k].name, l[k].file ? l[k].file : "?",
					l[k].line);
			fprintf(stderr, "\n");
		}
	}
	symmod_close(m);
	fclose(f);
	return count;
}

/* The same comparison through symbolize_profile(): one sample per address, all
 * in one profile, so the frame and stack arrays grow while chains are interned. */
static void compare_profile_with_a2l(const char *bin, const char *code_id, const char *breakpad)
{
	char path[512], ref[512];
	snprintf(path, sizeof(path), "elf/%s", bin);
	snprintf(ref, sizeof(ref), "elf/%s.a2l", bin);
	FILE *f = fopen(ref, "r");
	CHECK(f != NULL);
	if (!f)
		return;
	struct profile p;
	profile_init(&p);
	profile_add_metric(&p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	struct pf_lib lib = {.name = profile_intern(&p, bin), .path = profile_intern(&p, path),
			     .code_id = profile_intern(&p, code_id),
			     .breakpad_id = profile_intern(&p, breakpad)};
	uint32_t l = profile_add_lib(&p, &lib);
	char pending[4096] = "";
	static struct a2l_frame block[64];
	struct ref {
		size_t depth;
		char *name[64];
		unsigned line[64];
	};
	struct ref *refs = calloc(1024, sizeof(*refs));
	unsigned long long addr;
	size_t n = 0, d;
	while (n < 1024 && (d = a2l_next(f, &addr, block, 64, pending)) > 0) {
		refs[n].depth = d;
		for (size_t k = 0; k < d; k++) {
			refs[n].name[k] = strdup(block[k].name);
			refs[n].line[k] = block[k].line;
		}
		struct pf_func fn = {.name = profile_intern(&p, "x"), .lib = l, .flags = PF_FUNC_UNRESOLVED};
		struct pf_frame x = {.func = profile_intern_func(&p, &fn), .lib = l, .address = addr};
		int64_t one = 1;
		uint32_t frame = profile_intern_frame(&p, &x);
		profile_add_sample(&p, profile_intern_stack(&p, PF_NONE, frame), PF_NONE, &one);
		n++;
	}
	fclose(f);
	CHECK(n > 100);
	CHECK_INT(symbolize_profile(&p, &(struct symbolize_opts){.no_env = true}, NULL), 0);
	CHECK(profile_check(&p) == NULL);
	size_t bad = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;
		bool same = true;
		for (uint32_t st = p.sample_stack[i]; st != PF_NONE; st = p.stacks.items[st].parent, k++) {
			const struct pf_frame *x = profile_stack_frame(&p, st);
			const char *name = profile_func_name(&p, x->func);
			/* a profile's functions have funcname_simplify()'s names (funcname.h) */
			char *want = k < refs[i].depth ? funcname_simplify(refs[i].name[k]) : NULL;
			if (k >= refs[i].depth || (!same_name(name, want) && strcmp(refs[i].name[k], "??") != 0) ||
			    x->line != refs[i].line[k])
				same = false;
			free(want);
		}
		if ((k != refs[i].depth || !same) && bad++ < 3)
			fprintf(stderr, "%s sample %zu: addr2line: %zu frames (innermost %s); we: %zu\n", bin,
				i, refs[i].depth, refs[i].name[0], k);
		for (size_t j = 0; j < refs[i].depth; j++)
			free(refs[i].name[j]);
	}
	free(refs);
	CHECK_INT(bad, 0);
	profile_release(&p);
}

static void pie_profile_matches_addr2line(void)
{
	compare_profile_with_a2l("symtest-pie", "49d9aa5fed736ad17b331dabaf4fbe60d57a80d6", "");
}

static void rust_profile_matches_addr2line(void)
{
	compare_profile_with_a2l("symtest-rust", "", "B64A4A161459EE4A68056031786F79620");
}

#define A2L_TEST(fn, bin, min_count)                                                                    \
	static void fn(void)                                                                            \
	{                                                                                               \
		size_t bad;                                                                             \
		size_t n = compare_with_a2l(bin, &bad);                                                 \
		CHECK(n >= (min_count));                                                                \
		CHECK_INT(bad, 0);                                                                      \
	}

A2L_TEST(gcc_pie_matches_addr2line, "symtest-pie", 100)
A2L_TEST(gcc_nopie_matches_addr2line, "symtest-nopie", 100)
A2L_TEST(clang_without_aranges_matches_addr2line, "symtest-clang", 100)
A2L_TEST(shared_library_matches_addr2line, "libsymtest.so", 10)
A2L_TEST(cpp_matches_addr2line, "symtest-cpp", 500)
A2L_TEST(rust_matches_addr2line, "symtest-rust", 800)

int main(void)
{
	RUN(gcc_pie_matches_addr2line);
	RUN(gcc_nopie_matches_addr2line);
	RUN(clang_without_aranges_matches_addr2line);
	RUN(shared_library_matches_addr2line);
	RUN(cpp_matches_addr2line);
	RUN(rust_matches_addr2line);
	RUN(pie_profile_matches_addr2line);
	RUN(rust_profile_matches_addr2line);
	return check_summary();
}
