/* test_symbol_a2l.c: symmod_lookup() against binutils addr2line on every 3rd
 * byte of every function of the committed fixtures (the .a2l files in fixtures/elf were
 * written by `addr2line -a -i -f -C`; see tests/symbol/build.sh): the same
 * inline depth, the same names and the same lines at every level. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "profan/symbolize.h"

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

/* Deliberate differences: addr2line names glibc-style internal aliases as DWARF
 * does, profan shows the exported name (test_symbol_profile.c checks it). */
static bool same_name(const char *ours, const char *theirs)
{
	return strcmp(ours, theirs) == 0 || (strcmp(theirs, "__libc_scale") == 0 && strcmp(ours, "scale") == 0);
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
			fprintf(stderr, "%s 0x%llx: addr2line says %zu frames, innermost %s %s:%u; we say %zu:", bin,
				addr, n, fr[0].name, fr[0].file, fr[0].line, got);
			for (size_t k = 0; k < got; k++)
				fprintf(stderr, " [%s %s:%u]", l[k].name, l[k].file ? l[k].file : "?", l[k].line);
			fprintf(stderr, "\n");
		}
	}
	symmod_close(m);
	fclose(f);
	return count;
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
A2L_TEST(rust_matches_addr2line, "symtest-rust", 800)

int main(void)
{
	RUN(gcc_pie_matches_addr2line);
	RUN(gcc_nopie_matches_addr2line);
	RUN(clang_without_aranges_matches_addr2line);
	RUN(shared_library_matches_addr2line);
	RUN(rust_matches_addr2line);
	return check_summary();
}
