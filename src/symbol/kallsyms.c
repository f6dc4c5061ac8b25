/* kallsyms.c: kernel addresses → names from a copy of /proc/kallsyms taken on
 * the recording machine (--kallsyms FILE). Part of symbolication (kallsyms.h):
 * kernel libraries never go to libdw. */
#include "kallsyms.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/diag.h"
#include "profan/strmap.h"

#define KALLSYMS_MAX_REACH (256u << 10)

struct ksym {
	uint64_t addr;
	const char *name; /* "name" or "name [module]" */
};

struct kallsyms {
	struct arena arena;
	struct ksym *syms;
	size_t count;
};

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

struct kallsyms *kallsyms_load(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		pf_error("%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	struct kallsyms *k = xcalloc(1, sizeof(*k));
	VEC(struct ksym) v = {0};
	char line[1024];
	size_t lineno = 0, zero = 0;
	bool bad = false;
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		char *end;
		unsigned long long addr = strtoull(line, &end, 16);
		char type[8], name[512], mod[512] = "";
		int fields = sscanf(end, " %7s %511s [%511[^]]]", type, name, mod);
		if (end == line || fields < 2) {
			pf_error("%s: line %zu: not a kallsyms line (\"ADDRESS TYPE NAME [MODULE]\")", path,
				 lineno);
			bad = true;
			break;
		}
		if (addr == 0) { /* kptr_restrict hid the addresses */
			zero++;
			continue;
		}
		char t = type[0];
		if (t != 't' && t != 'T' && t != 'w' && t != 'W')
			continue;
		char full[1100];
		int len = fields == 3 ? snprintf(full, sizeof(full), "%s [%s]", name, mod)
				      : snprintf(full, sizeof(full), "%s", name);
		const char *nm = arena_strndup(&k->arena, full, (size_t)len);
		vec_push(&v, ((struct ksym){.addr = addr, .name = nm}));
	}
	if (!bad && ferror(f)) {
		pf_error("%s: read error: %s", path, strerror(errno));
		bad = true;
	}
	fclose(f);
	if (!bad && v.len == 0) {
		pf_error("%s: no function addresses%s", path,
			 zero ? " (all are 0: copy /proc/kallsyms as root, or with kernel.kptr_restrict=0)"
			      : "");
		bad = true;
	}
	if (bad) {
		vec_free(&v);
		kallsyms_free(k);
		return NULL;
	}
	if (v.len > 0) /* an empty file: items is NULL, and qsort(NULL, 0, ...) is undefined */
		qsort(v.items, v.len, sizeof(*v.items), ksym_cmp);
	k->syms = v.items;
	k->count = v.len;
	return k;
}

void kallsyms_free(struct kallsyms *k)
{
	if (!k)
		return;
	arena_release(&k->arena);
	free(k->syms);
	free(k);
}

const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr)
{
	size_t lo = 0, hi = k->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (k->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* kallsyms has no sizes: a symbol reaches to the next one, but not past
	 * the last, not from _etext (the end of the kernel's text) and not over a
	 * gap no kernel function spans: an address there is from another boot. */
	if (lo == 0 || lo == k->count)
		return NULL;
	const struct ksym *s = &k->syms[lo - 1];
	if (addr - s->addr > KALLSYMS_MAX_REACH || strcmp(s->name, "_etext") == 0)
		return NULL;
	return s->name;
}

uint64_t kallsyms_address(const struct kallsyms *k, const char *name)
{
	for (size_t i = 0; i < k->count; i++)
		if (strcmp(k->syms[i].name, name) == 0)
			return k->syms[i].addr;
	return 0;
}
