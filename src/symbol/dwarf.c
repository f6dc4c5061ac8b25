/* dwarf.c: one ELF module: SVMA → function, file:line and inline chain.
 * Part of symbolication (dwarf.h). libdwfl opens the file and finds
 * separate debug info; the lookups themselves use profan's own tables, because
 * libdwfl's per-address calls scan the whole symbol table and find no CU in
 * binaries without .debug_aranges (symbolication-and-json.md §1.2, §1.4). */
#include "dwarf.h"

#include <dwarf.h>
#include <sys/stat.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "profan/alloc.h"
#include "profan/diag.h"
#include "profan/hashtab.h"
#include "profan/path.h"

#include "demangle.h"
#include "plt.h"

/* One alias group of the symbol table: every FUNC symbol starting at ADDR. */
struct symgroup {
	uint64_t addr, size;
	const char *best;      /* the name a person knows: see rawsym_cmp */
	uint32_t first, count; /* into symmod.symnames / sympublic */
	uint32_t folded;       /* other functions sharing this code (aliases of one function excluded) */
	bool best_public;
};

struct range {
	uint64_t lo, hi; /* DWARF addresses, [lo, hi) */
	uint32_t idx;
};

/* A file name of the DWARF made whole (see sym_loc): path owned by the module. */
struct srcfile {
	const char *path;
	uint32_t dir_len;
};

/* A node of a function's inline tree, in preorder: the subtree is [i+1, end). */
struct inode {
	Dwarf_Die die;
	uint32_t end;
	uint32_t range_first, range_count;
	bool is_inline, transparent, named;
	const char *name;
	struct srcfile call_file, decl_file;
	uint32_t call_line, call_column, decl_line;
};

struct func {
	Dwarf_Die die;
	uint32_t cu;
	bool named, tree_built;
	bool linkage;         /* DWARF gave a linkage name (with namespace and parameters) */
	const char *raw, *name;
	struct srcfile decl_file;
	uint32_t decl_line;
	struct inode *nodes;
	struct range *ranges; /* of the nodes */
	uint32_t node_count;
};

struct cuinfo {
	Dwarf_Die die;
	uint64_t bytes; /* of the unit's DIEs, up to the next unit's (0 for the last) */
	bool indexed, files_loaded;
	Dwarf_Files *files;
	size_t file_count;
	struct range *fr;    /* function ranges, sorted by lo */
	uint64_t *fr_maxhi;  /* prefix maximum of fr[].hi: where a backward scan may stop */
	size_t fr_count;
};

/* Raw name (a pointer into the ELF/DWARF string tables, stable while the
 * module is open) -> its display form, as an index into vals. */
struct namecache {
	struct u64map index;
	VEC(const char *) vals;
};

/* DIE offset → enclosing namespace/class path, for functions without a
 * linkage name (C++ internal-linkage templates): DWARF names them "mix<int>",
 * without the namespace, and libdw has no parent pointers. */
struct scope {
	const char *prefix, *full;
};
struct scopemap {
	struct u64map index; /* DIE offset -> scope */
	VEC(struct scope) items;
};

struct symmod {
	char *path;             /* for the warning about a corrupt file */
	bool corrupt;           /* a string ran past SYMMOD_MAX_STRING: no more lookups */
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwfl_Callbacks cb;      /* libdwfl keeps pointers to it and to the path */
	char *debuginfo_path;
	GElf_Addr bias;         /* Dwfl address = SVMA + bias */
	Dwarf *dw;
	Dwarf_Addr dwbias;      /* DWARF address = Dwfl address - dwbias */

	uint64_t image_base;    /* p_vaddr of the first PT_LOAD */
	VEC(GElf_Phdr) loads;

	struct symgroup *groups;
	size_t group_count;
	const char **symnames;
	bool *sympublic;        /* GLOBAL or WEAK */
	struct u64map group_of_name; /* hash of a symbol's name (without version) -> its group, made on first use */
	bool group_of_name_built;

	struct cuinfo *cus;
	size_t cu_count;
	struct range *cur;      /* CU ranges, sorted */
	uint64_t *cur_maxhi;    /* prefix maximum of cur[].hi */
	size_t cur_count;
	uint64_t units_read;    /* bytes of the units indexed so far */

	VEC(struct func) funcs;
	struct plt_table plt;   /* the stubs of .plt, .plt.sec, .plt.got */
	struct u64map plt_names; /* stub -> its name "symbol@plt" in owned */

	struct namecache names;
	struct scopemap scopes;
	struct u64map srcfiles; /* file name in a libdw table -> index into srcfile_vals */
	VEC(struct srcfile) srcfile_vals;
	VEC(char *) owned;      /* demangled and qualified names */
	VEC(struct sym_loc) out;
	VEC(struct srcfile) where; /* per level of out: the declaring file */
	VEC(uint32_t) chain;
};

/* ---- bounded strings ---------------------------------------------------- */

/* S, a string read from the file (or made by libdw from such strings), when it
 * is at most SYMMOD_MAX_STRING bytes; else NULL, and the module is corrupt.
 * symmod_open() checked that every string section ends in a NUL byte and holds
 * no longer string, and libdw checks that inline strings end in their section,
 * so the scan stops within the section, after at most that many bytes. */
static const char *bounded(struct symmod *m, const char *s)
{
	if (s == NULL || strnlen(s, SYMMOD_MAX_STRING + 1) <= SYMMOD_MAX_STRING)
		return s;
	if (!m->corrupt)
		pf_warn("%s: corrupt debug information (a name longer than %d bytes): its other frames stay "
			"unsymbolicated",
			m->path, SYMMOD_MAX_STRING);
	m->corrupt = true;
	return NULL;
}

/* Sections libdw and libelf read strings from: the symbol tables' string tables
 * and DWARF's string sections (.debug_str, .debug_line_str, their .dwo forms). */
static bool string_section(Elf *e, size_t shstrndx, const GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_STRTAB)
		return true;
	const char *name = elf_strptr(e, shstrndx, sh->sh_name);
	return name && (strncmp(name, ".debug_str", 10) == 0 || strncmp(name, ".debug_line_str", 15) == 0 ||
			strncmp(name, ".zdebug_str", 11) == 0 || strncmp(name, ".zdebug_line_str", 16) == 0);
}

/* Why the string sections of E cannot be trusted, or NULL. A string section
 * without a final NUL byte lets a string run past its end (libdw does not check:
 * every name would reach the end of the section, 3.4 GB of names for one broken
 * binary), and one holding a string over SYMMOD_MAX_STRING bytes is no compiler's. */
static const char *strings_check(Elf *e, char *why, size_t cap)
{
	size_t shstrndx;
	if (e == NULL || elf_getshdrstrndx(e, &shstrndx) != 0)
		return NULL; /* libdw reads no names from it either */
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS || (sh.sh_flags & SHF_COMPRESSED) ||
		    !string_section(e, shstrndx, &sh))
			continue; /* still compressed: libdw did not read it */
		Elf_Data *d = elf_getdata(scn, NULL);
		if (d == NULL || d->d_buf == NULL || d->d_size == 0 ||
		    (d->d_size >= 4 && memcmp(d->d_buf, "ZLIB", 4) == 0))
			continue;
		const char *name = elf_strptr(e, shstrndx, sh.sh_name);
		const char *b = d->d_buf, *end = b + d->d_size;
		if (end[-1] != '\0') {
			snprintf(why, cap, "%s does not end in a NUL byte", name ? name : "a string section");
			return why;
		}
		for (const char *q = b; q < end;) {
			const char *nul = memchr(q, '\0', (size_t)(end - q)); /* found: end[-1] is one */
			if (nul - q > SYMMOD_MAX_STRING) {
				snprintf(why, cap, "%s holds a string of %td bytes", name ? name : "a string section",
					 nul - q);
				return why;
			}
			q = nul + 1;
		}
	}
	return NULL;
}

/* ---- names ------------------------------------------------------------- */

/* Demangled form of a name that lives in the ELF or DWARF string tables; those
 * pointers are stable while the module is open, so the cache keys on them. */
/* Length of RAW without what says "a part or copy of" rather than "which
 * function": a symbol version (memcpy@@GLIBC_2.14), GCC's clone suffixes
 * (foo.cold, foo.part.0, _ZL3runj.isra.0) and LLVM's ThinLTO one
 * (_ZN...E.llvm.15113148388679770791); legacy Rust names contain dots of
 * their own, so only these suffixes. DWARF already names clones after
 * their origin, so the symbol table must too, or one function splits in two. */
static size_t name_base_len(const char *raw)
{
	static const char *const clones[] = {".cold", ".part.", ".isra.", ".constprop.", ".lto_priv.",
					     ".localalias", ".clone.", ".llvm."};
	size_t len = strcspn(raw, "@");
	if (len == 0)
		return strlen(raw);
	const char *dot = memchr(raw, '.', len);
	if (!dot || dot == raw)
		return len;
	for (const char *d = dot; d && d < raw + len; d = memchr(d + 1, '.', (size_t)(raw + len - d - 1)))
		for (size_t i = 0; i < ARRAY_SIZE(clones); i++)
			if (strncmp(d, clones[i], strlen(clones[i])) == 0)
				return (size_t)(d - raw);
	return len;
}

static const char *demangled(struct symmod *m, const char *raw)
{
	if (!raw)
		return NULL;
	struct namecache *c = &m->names;
	uint32_t *slot = u64map_slot(&c->index, (uintptr_t)raw);
	if (*slot != HTAB_NONE)
		return c->vals.items[*slot];
	size_t keep = name_base_len(raw);
	char *plain = keep < strlen(raw) ? xstrndup(raw, keep) : NULL;
	char *d = sym_demangle(plain ? plain : raw);
	if (d) {
		free(plain);
		plain = NULL;
		vec_push(&m->owned, d);
	} else if (plain) {
		vec_push(&m->owned, plain);
	}
	*slot = (uint32_t)c->vals.len;
	vec_push(&c->vals, d ? d : plain ? plain : raw);
	return c->vals.items[*slot];
}

static struct scope *scope_find(struct scopemap *sm, Dwarf_Off off)
{
	uint32_t i = u64map_get(&sm->index, off);
	return i == HTAB_NONE ? NULL : &sm->items.items[i];
}

/* The mangled name when there is one (it says namespace and parameters),
 * following abstract_origin and specification. */
static const char *die_linkage_name(struct symmod *m, Dwarf_Die *die)
{
	Dwarf_Attribute at;
	const char *s = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &at));
	if (!s)
		s = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &at));
	return bounded(m, s);
}

/* The DIE that holds DIE's name: the end of its abstract-origin / specification chain. */
static Dwarf_Die named_origin(Dwarf_Die *die)
{
	Dwarf_Die cur = *die, next;
	Dwarf_Attribute at;
	for (int hops = 0; hops < 8 && !dwarf_hasattr(&cur, DW_AT_name); hops++) {
		Dwarf_Attribute *a = dwarf_attr(&cur, DW_AT_abstract_origin, &at);
		if (!a)
			a = dwarf_attr(&cur, DW_AT_specification, &at);
		if (!a || !dwarf_formref_die(a, &next))
			break;
		cur = next;
	}
	return cur;
}

/* A Rust closure's name: LEGACY (the legacy demangling, "rsown::main::{{closure}}::{{closure}}")
 * with its trailing {{closure}}s numbered as the DWARF path does ("rsown::main::{closure#1}::
 * {closure#0}": the namespaces around the DIE, as readelf --debug-dump=info shows them); NULL when
 * DIE is no closure, its scope is unknown or the two do not agree on how many closures. */
static const char *closure_name(struct symmod *m, Dwarf_Die *die, const char *legacy)
{
	Dwarf_Die cur = named_origin(die);
	const char *name = bounded(m, dwarf_diename(&cur));
	if (!name || strncmp(name, "{closure#", 9) != 0)
		return NULL;
	struct scope *sc = scope_find(&m->scopes, dwarf_dieoffset(&cur));
	if (!sc || !legacy)
		return NULL;
	if (!sc->full) {
		char *path = xasprintf("%s%.*s", sc->prefix, (int)strcspn(name, "<"), name); /* {closure#0}<T, F> */
		/* the trailing closures of both: "::{closure#N}" in the path, "::{{closure}}" in LEGACY */
		size_t plen = strlen(path), llen = strlen(legacy), pk = plen, lk = llen;
		while (1) {
			size_t open = pk;
			while (open > 0 && path[open - 1] != '{')
				open--;
			bool pc = open > 2 && strncmp(path + open - 1, "{closure#", 9) == 0 && path[pk - 1] == '}' &&
				  strncmp(path + open - 3, "::", 2) == 0;
			bool lc = lk >= 13 && strncmp(legacy + lk - 13, "::{{closure}}", 13) == 0;
			if (!pc || !lc) {
				if (pc != lc)
					lk = SIZE_MAX; /* they disagree */
				break;
			}
			pk = open - 3;
			lk -= 13;
		}
		if (lk != SIZE_MAX && lk < llen) {
			char *full = xasprintf("%.*s%s", (int)lk, legacy, path + pk);
			vec_push(&m->owned, full);
			sc->full = full;
		}
		free(path);
	}
	return sc->full;
}

/* Display name of DIE; *RAW gets the name as stored (to compare with the symtab). */
static const char *die_name(struct symmod *m, Dwarf_Die *die, const char **raw)
{
	const char *s = die_linkage_name(m, die);
	if (s) {
		*raw = s;
		const char *closure = closure_name(m, die, demangled(m, s));
		return closure ? closure : demangled(m, s);
	}
	*raw = s = bounded(m, dwarf_diename(die));
	if (!s || !m->scopes.items.len)
		return s;
	Dwarf_Die cur = named_origin(die);
	struct scope *sc = scope_find(&m->scopes, dwarf_dieoffset(&cur));
	if (!sc)
		return s;
	if (!sc->full) {
		char *full = xasprintf("%s%s", sc->prefix, s);
		vec_push(&m->owned, full);
		sc->full = full;
	}
	return sc->full;
}

/* ---- symbol table ------------------------------------------------------ */

struct rawsym {
	uint64_t addr, size;
	const char *name;
	int bind;        /* 0 GLOBAL, 1 WEAK, 2 LOCAL */
	int underscores; /* leading '_': __libc_malloc is the internal name of malloc */
};

/* Within one address: exported names first, then the plainest, then GLOBAL
 * over WEAK, then the largest size. */
static int rawsym_cmp(const void *a, const void *b)
{
	const struct rawsym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if ((x->bind == 2) != (y->bind == 2))
		return x->bind == 2 ? 1 : -1;
	if (x->underscores != y->underscores)
		return x->underscores - y->underscores;
	if (x->bind != y->bind)
		return x->bind - y->bind;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* glibc gives one function several names (write, __write, __libc_write,
 * __GI___libc_write, memcpy@@GLIBC_2.14); they are not folded code. */
static size_t alias_key(const char *s, const char **start)
{
	static const char *const prefixes[] = {"GI_", "libc_"};
	while (*s == '_')
		s++;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++) {
		if (strncmp(s, prefixes[i], strlen(prefixes[i])) == 0) {
			s += strlen(prefixes[i]);
			while (*s == '_')
				s++;
		}
	}
	*start = s;
	return strcspn(s, "@");
}

static uint32_t distinct_functions(const struct rawsym *r, size_t n)
{
	uint32_t d = 0;
	for (size_t i = 0; i < n; i++) {
		const char *a, *b;
		size_t la = alias_key(r[i].name, &a);
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = alias_key(r[j].name, &b) == la && memcmp(a, b, la) == 0;
		d += !seen;
	}
	return d;
}

static void symtab_build(struct symmod *m)
{
	int n = dwfl_module_getsymtab(m->mod);
	if (n <= 0)
		return;
	struct rawsym *raw = xcalloc((size_t)n, sizeof(*raw));
	size_t k = 0;
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr value;
		GElf_Word shndx;
		const char *name = bounded(m, dwfl_module_getsym_info(m->mod, i, &sym, &value, &shndx, NULL, NULL));
		int type = GELF_ST_TYPE(sym.st_info);
		if (!name || !*name || shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC))
			continue;
		int bind = GELF_ST_BIND(sym.st_info);
		raw[k++] = (struct rawsym){.addr = value - m->bias, .size = sym.st_size, .name = name,
					   .bind = bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2,
					   .underscores = (int)strspn(name, "_")};
	}
	qsort(raw, k, sizeof(*raw), rawsym_cmp);
	m->groups = xcalloc(k ? k : 1, sizeof(*m->groups));
	m->symnames = xcalloc(k ? k : 1, sizeof(*m->symnames));
	m->sympublic = xcalloc(k ? k : 1, sizeof(*m->sympublic));
	for (size_t i = 0; i < k;) {
		size_t j = i;
		uint64_t size = 0;
		for (; j < k && raw[j].addr == raw[i].addr; j++) {
			m->symnames[j] = raw[j].name;
			m->sympublic[j] = raw[j].bind != 2;
			if (raw[j].size > size)
				size = raw[j].size;
		}
		uint32_t d = j - i > 1 ? distinct_functions(raw + i, j - i) : 1;
		m->groups[m->group_count++] = (struct symgroup){.addr = raw[i].addr, .size = size,
								.best = raw[i].name, .first = (uint32_t)i,
								.count = (uint32_t)(j - i), .folded = d - 1,
								.best_public = raw[i].bind != 2};
		i = j;
	}
	free(raw);
}

/* The alias group whose code covers SVMA, or NULL. Sizeless symbols reach to the next one. */
static const struct symgroup *symtab_find(const struct symmod *m, uint64_t svma)
{
	size_t lo = 0, hi = m->group_count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->groups[mid].addr <= svma)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct symgroup *g = &m->groups[lo - 1];
	if (g->size ? svma - g->addr < g->size : lo < m->group_count)
		return g;
	return NULL;
}

/* ---- CUs and functions --------------------------------------------------- */

static int range_cmp(const void *a, const void *b)
{
	const struct range *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->hi < y->hi ? -1 : x->hi > y->hi;
}

struct range_vec {
	struct range *items;
	size_t len, cap;
};

/* Appends DIE's non-empty address ranges to V, tagged INDEX; returns how many. */
static size_t push_ranges(struct range_vec *v, Dwarf_Die *die, uint32_t index)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;
	size_t n = 0;
	while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0) {
		if (hi > lo) {
			vec_push(v, ((struct range){lo, hi, index}));
			n++;
		}
	}
	return n;
}

/* Prefix maxima of R[].hi: a backward scan for ranges containing pc can stop
 * where no earlier range reaches pc. */
static uint64_t *prefix_maxhi(const struct range *r, size_t n)
{
	uint64_t *mx = xcalloc(n ? n : 1, sizeof(*mx));
	for (size_t i = 0; i < n; i++)
		mx[i] = i && mx[i - 1] > r[i].hi ? mx[i - 1] : r[i].hi;
	return mx;
}

/* The smallest of the N sorted ranges R that contains PC, or NULL. */
static const struct range *range_smallest(const struct range *r, const uint64_t *maxhi, size_t n, uint64_t pc)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r[mid].lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* One range spanning many others would make every scan run to the start;
	 * past the first hit, a few more entries find any nested one in practice. */
	const struct range *best = NULL;
	size_t after_hit = 0;
	for (size_t i = lo; i-- > 0 && maxhi[i] > pc && after_hit < 64;) {
		if (best)
			after_hit++;
		if (pc < r[i].hi && (!best || r[i].hi - r[i].lo < best->hi - best->lo))
			best = &r[i];
	}
	return best;
}

/* Our own CU range table: libdw 0.188 maps addresses to CUs only through
 * .debug_aranges, which clang does not emit by default. */
static void cus_build(struct symmod *m)
{
	VEC(struct cuinfo) cus = {0};
	struct range_vec rs = {0};
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint8_t unit_type;
	while (dwarf_get_units(m->dw, cu, &cu, NULL, &unit_type, &cudie, NULL) == 0) {
		if (unit_type != DW_UT_compile && unit_type != DW_UT_partial)
			continue;
		struct cuinfo ci = {.die = cudie};
		vec_push(&cus, ci);
		push_ranges(&rs, &cudie, (uint32_t)(cus.len - 1));
	}
	for (size_t i = 0; i + 1 < cus.len; i++) {
		Dwarf_Off here = dwarf_dieoffset(&cus.items[i].die), next = dwarf_dieoffset(&cus.items[i + 1].die);
		cus.items[i].bytes = next > here ? next - here : 0;
	}
	if (rs.len > 0) /* items is NULL when empty, and qsort(NULL, 0, ...) is undefined */
		qsort(rs.items, rs.len, sizeof(*rs.items), range_cmp);
	m->cus = cus.items;
	m->cu_count = cus.len;
	m->cur = rs.items;
	m->cur_count = rs.len;
	m->cur_maxhi = prefix_maxhi(rs.items, rs.len);
}

/* CU ranges do not nest as a rule, but old or hand-written units can span others. */
static struct cuinfo *cu_find(struct symmod *m, uint64_t pc)
{
	const struct range *r = range_smallest(m->cur, m->cur_maxhi, m->cur_count, pc);
	return r ? &m->cus[r->idx] : NULL;
}

struct walk {
	struct symmod *m;
	uint32_t cu;
	bool plain_c; /* a C unit: no function is declared in a type, and there are no lambdas */
	struct range_vec rs;
	char prefix[1024]; /* "ns::Class::" of the DIE being visited */
	size_t plen;
};

/* A Rust closure's DIE: named "{closure#N}" (with generic arguments after it) in the
 * namespaces of its path, where its linkage name demangles to the legacy "{{closure}}". */
static bool rust_closure(const char *name)
{
	return name && strncmp(name, "{closure#", 9) == 0;
}

static void remember_scope(struct walk *w, Dwarf_Die *die)
{
	if (w->plen == 0 || !dwarf_hasattr(die, DW_AT_name) ||
	    ((dwarf_hasattr(die, DW_AT_linkage_name) || dwarf_hasattr(die, DW_AT_MIPS_linkage_name)) &&
	     !rust_closure(dwarf_diename(die))))
		return;
	struct scopemap *sm = &w->m->scopes;
	uint32_t *slot = u64map_slot(&sm->index, dwarf_dieoffset(die));
	if (*slot != HTAB_NONE)
		return;
	char *prefix = xstrndup(w->prefix, w->plen);
	vec_push(&w->m->owned, prefix);
	*slot = (uint32_t)sm->items.len;
	vec_push(&sm->items, ((struct scope){.prefix = prefix}));
}

/* The operator() of a C++ lambda's closure type (a structure without a name) in DIE, or false. */
static bool lambda_call(Dwarf_Die *type, Dwarf_Die *call)
{
	int tag = dwarf_tag(type);
	if ((tag != DW_TAG_structure_type && tag != DW_TAG_class_type) || dwarf_hasattr(type, DW_AT_name) ||
	    dwarf_child(type, call) != 0)
		return false;
	do {
		const char *nm = dwarf_diename(call);
		if (dwarf_tag(call) == DW_TAG_subprogram && nm && strcmp(nm, "operator()") == 0)
			return true;
	} while (dwarf_siblingof(call, call) == 0);
	return false;
}

/* The types of the operator()'s parameters but "this", as DIE offsets: what tells lambdas of one
 * function apart in their Itanium numbering ({lambda(int)#1}, {lambda(int)#2}, {lambda(char)#1}). */
static size_t lambda_signature(Dwarf_Die *call, Dwarf_Off *sig, size_t cap)
{
	Dwarf_Die p;
	size_t n = 0;
	if (dwarf_child(call, &p) != 0)
		return 0;
	do {
		Dwarf_Attribute at;
		Dwarf_Die type;
		if (dwarf_tag(&p) != DW_TAG_formal_parameter || dwarf_hasattr(&p, DW_AT_artificial))
			continue;
		sig[n < cap ? n : cap - 1] = dwarf_formref_die(dwarf_attr(&p, DW_AT_type, &at), &type) ? dwarf_dieoffset(&type) : 0;
		n++;
	} while (dwarf_siblingof(&p, &p) == 0);
	return n < cap ? n : cap;
}

/* C++ lambdas declared in function FN (in its body's blocks too): each closure type's operator()
 * is remembered under the scope "FN(params)::{lambda#N}::", N counting the lambdas of FN with the
 * same parameter types in declaration order, as the Itanium mangling numbers them (nm -C:
 * "f(int)::{lambda(int const&)#2}"). DWARF names the operator() alone, with no linkage name. */
static void lambdas_walk(struct walk *w, Dwarf_Die *fn)
{
	enum { SIG = 8, MAX_LAMBDAS = 64 };
	Dwarf_Off sigs[MAX_LAMBDAS][SIG];
	size_t lens[MAX_LAMBDAS], count = 0;
	const char *enclosing = NULL;
	Dwarf_Die stack[16];
	size_t depth = 0;
	if (dwarf_child(fn, &stack[0]) != 0)
		return;
	depth = 1;
	while (depth > 0) {
		Dwarf_Die *d = &stack[depth - 1], call;
		if (lambda_call(d, &call) && count < MAX_LAMBDAS) {
			lens[count] = lambda_signature(&call, sigs[count], SIG);
			unsigned nth = 1;
			for (size_t k = 0; k < count; k++)
				nth += lens[k] == lens[count] && memcmp(sigs[k], sigs[count], lens[k] * sizeof(Dwarf_Off)) == 0;
			count++;
			if (!enclosing) {
				const char *raw;
				enclosing = die_name(w->m, fn, &raw);
			}
			struct walk lw = {.m = w->m};
			int k = snprintf(lw.prefix, sizeof(lw.prefix), "%s::{lambda#%u}::", enclosing ? enclosing : "?", nth);
			if (k > 0 && (size_t)k < sizeof(lw.prefix)) {
				lw.plen = (size_t)k;
				remember_scope(&lw, &call);
			}
		}
		Dwarf_Die child;
		if (dwarf_tag(d) == DW_TAG_lexical_block && depth < ARRAY_SIZE(stack) && dwarf_child(d, &child) == 0) {
			stack[depth++] = child;
			continue;
		}
		while (depth > 0 && dwarf_siblingof(&stack[depth - 1], &stack[depth - 1]) != 0)
			depth--;
	}
}

static void cu_walk(struct walk *w, Dwarf_Die *parent, int depth)
{
	Dwarf_Die child;
	if (depth > 64 || dwarf_child(parent, &child) != 0)
		return;
	do {
		switch (dwarf_tag(&child)) {
		case DW_TAG_subprogram: {
			remember_scope(w, &child);
			struct func f = {.die = child, .cu = w->cu};
			uint32_t idx = (uint32_t)w->m->funcs.len;
			if (push_ranges(&w->rs, &child, idx) > 0)
				vec_push(&w->m->funcs, f);
			if (!w->plain_c && dwarf_haschildren(&child))
				lambdas_walk(w, &child);
			break;
		}
		case DW_TAG_class_type:
		case DW_TAG_structure_type:
		case DW_TAG_union_type:
			/* a C structure has only members: stepped over whole (gcc's DW_AT_sibling), its
			 * members never visited; programs with many types carry most of their DWARF there */
			if (w->plain_c)
				break;
			/* fall through */
		case DW_TAG_namespace:
		case DW_TAG_module: {
			size_t saved = w->plen;
			const char *nm = bounded(w->m, dwarf_diename(&child));
			int k = snprintf(w->prefix + w->plen, sizeof(w->prefix) - w->plen, "%s::",
					 nm ? nm : "(anonymous namespace)");
			if (k > 0 && (size_t)k < sizeof(w->prefix) - w->plen)
				w->plen += (size_t)k;
			cu_walk(w, &child, depth + 1);
			w->plen = saved;
			w->prefix[saved] = '\0';
			break;
		}
		case DW_TAG_lexical_block:
			cu_walk(w, &child, depth + 1);
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

static void cu_index(struct symmod *m, struct cuinfo *c)
{
	int lang = dwarf_srclang(&c->die);
	struct walk w = {.m = m, .cu = (uint32_t)(c - m->cus),
			 .plain_c = lang == DW_LANG_C89 || lang == DW_LANG_C || lang == DW_LANG_C99 ||
				    lang == DW_LANG_C11};
	cu_walk(&w, &c->die, 0);
	if (w.rs.len > 0) /* a unit without functions: items is NULL */
		qsort(w.rs.items, w.rs.len, sizeof(*w.rs.items), range_cmp);
	c->fr = w.rs.items;
	c->fr_count = w.rs.len;
	c->fr_maxhi = prefix_maxhi(w.rs.items, w.rs.len);
	c->indexed = true;
	m->units_read += c->bytes;
}

uint64_t symmod_units_read(const struct symmod *m)
{
	return m->units_read;
}

size_t symmod_unit_of(struct symmod *m, uint64_t svma)
{
	struct cuinfo *c = m->dw && !m->corrupt ? cu_find(m, svma + m->bias - m->dwbias) : NULL;
	return c ? (size_t)(c - m->cus) : SIZE_MAX;
}

/* The innermost concrete function of CU C containing PC (the smallest range:
 * nested functions, or ICF'd duplicates claiming one body), or NULL. */
static struct func *func_find(struct symmod *m, struct cuinfo *c, uint64_t pc)
{
	if (!c->indexed)
		cu_index(m, c);
	const struct range *r = range_smallest(c->fr, c->fr_maxhi, c->fr_count, pc);
	return r ? &m->funcs.items[r->idx] : NULL;
}

/* RAW, a name from the file table FILES of the unit CUDIE, as a whole path: a
 * relative name is relative to the unit's compilation directory, unless it
 * already starts with it (DWARF 5 tables list that directory as entry 0, and
 * libdw has joined it: glibc's "./malloc/malloc.c" in "./malloc"). */
static struct srcfile srcfile_of(struct symmod *m, Dwarf_Die *cudie, Dwarf_Files *files, const char *raw)
{
	if (!(raw = bounded(m, raw)))
		return (struct srcfile){0};
	uint32_t *slot = u64map_slot(&m->srcfiles, (uintptr_t)raw);
	if (*slot != HTAB_NONE)
		return m->srcfile_vals.items[*slot];
	Dwarf_Attribute at;
	const char *comp = bounded(m, dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &at)));
	const char *const *dirs = NULL;
	size_t ndirs = 0;
	const char *dir0 = files && dwarf_getsrcdirs(files, &dirs, &ndirs) == 0 && ndirs > 0 ? bounded(m, dirs[0]) : NULL;
	bool based = !comp || !*comp || path_is_under(raw, comp) || (dir0 && *dir0 && path_is_under(raw, dir0));
	char *path = based ? path_normalize(raw) : path_join_normalize(comp, raw);
	vec_push(&m->owned, path);
	struct srcfile sf = {.path = path};
	if (comp && *comp) {
		char *dir = path_normalize(comp);
		sf.dir_len = (uint32_t)path_prefix_len(path, dir);
		free(dir);
	}
	*slot = (uint32_t)m->srcfile_vals.len;
	vec_push(&m->srcfile_vals, sf);
	return sf;
}

static Dwarf_Files *cu_files(struct cuinfo *c)
{
	if (!c->files_loaded) {
		c->files_loaded = true;
		if (dwarf_getsrcfiles(&c->die, &c->files, &c->file_count) != 0)
			c->files = NULL;
	}
	return c->files;
}

static struct srcfile cu_file(struct symmod *m, struct cuinfo *c, Dwarf_Word idx)
{
	if (!cu_files(c) || idx >= c->file_count)
		return (struct srcfile){0};
	return srcfile_of(m, &c->die, c->files, dwarf_filesrc(c->files, idx, NULL, NULL));
}

/* DIE's DW_AT_decl_file (through abstract_origin and specification, as
 * dwarf_decl_file), read in the unit that holds the attribute: an inlined
 * function's origin may sit in another unit, with another directory. */
static struct srcfile decl_file_of(struct symmod *m, Dwarf_Die *die)
{
	Dwarf_Attribute at;
	Dwarf_Word idx;
	Dwarf_Die cudie;
	Dwarf_Half version;
	Dwarf_Files *files;
	size_t nfiles;
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &at) || dwarf_formudata(&at, &idx) != 0 ||
	    !dwarf_cu_die(at.cu, &cudie, &version, NULL, NULL, NULL, NULL, NULL))
		return (struct srcfile){0};
	if ((idx == 0 && version < 5) || dwarf_getsrcfiles(&cudie, &files, &nfiles) != 0 || idx >= nfiles)
		return (struct srcfile){0}; /* before DWARF 5, file 0 means none */
	return srcfile_of(m, &cudie, files, dwarf_filesrc(files, idx, NULL, NULL));
}

static void func_name(struct symmod *m, struct func *f)
{
	if (f->named)
		return;
	f->named = true;
	f->name = die_name(m, &f->die, &f->raw);
	f->linkage = die_linkage_name(m, &f->die) != NULL;
	f->decl_file = decl_file_of(m, &f->die);
	int line = 0;
	if (dwarf_decl_line(&f->die, &line) == 0 && line > 0)
		f->decl_line = (uint32_t)line;
}

/* ---- inline trees ------------------------------------------------------ */

struct tree {
	VEC(struct inode) nodes;
	struct range_vec rs;
};

static void tree_walk(struct tree *t, Dwarf_Die *parent, int depth)
{
	Dwarf_Die child;
	if (depth > 256 || dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		bool inl = tag == DW_TAG_inlined_subroutine;
		if (!inl && tag != DW_TAG_lexical_block && tag != DW_TAG_try_block &&
		    tag != DW_TAG_catch_block && tag != DW_TAG_with_stmt)
			continue;
		uint32_t idx = (uint32_t)t->nodes.len;
		struct inode n = {.die = child, .is_inline = inl, .range_first = (uint32_t)t->rs.len};
		n.range_count = (uint32_t)push_ranges(&t->rs, &child, idx);
		if (n.range_count == 0) {
			if (inl)
				continue; /* an inline with no code: nothing can be inside it */
			n.transparent = true;
		}
		vec_push(&t->nodes, n);
		tree_walk(t, &child, depth + 1);
		t->nodes.items[idx].end = (uint32_t)t->nodes.len;
	} while (dwarf_siblingof(&child, &child) == 0);
}

static void tree_build(struct func *f)
{
	struct tree t = {0};
	tree_walk(&t, &f->die, 0);
	f->nodes = t.nodes.items;
	f->node_count = (uint32_t)t.nodes.len;
	f->ranges = t.rs.items;
	f->tree_built = true;
}

static bool node_has(const struct func *f, const struct inode *n, uint64_t pc)
{
	if (n->transparent)
		return true;
	for (uint32_t r = n->range_first; r < n->range_first + n->range_count; r++)
		if (pc >= f->ranges[r].lo && pc < f->ranges[r].hi)
			return true;
	return false;
}

/* The alias group holding a symbol named RAW (a symbol version aside), or NULL. */
static const struct symgroup *group_named(struct symmod *m, const char *raw)
{
	if (!m->group_of_name_built) {
		m->group_of_name_built = true;
		for (size_t g = 0; g < m->group_count; g++) {
			const struct symgroup *gr = &m->groups[g];
			for (uint32_t i = gr->first; i < gr->first + gr->count; i++) {
				const char *sn = m->symnames[i];
				uint32_t *slot = u64map_slot(&m->group_of_name, hash_bytes(sn, strcspn(sn, "@")));
				if (*slot == HTAB_NONE)
					*slot = (uint32_t)g;
			}
		}
	}
	size_t len = strlen(raw);
	uint32_t g = u64map_get(&m->group_of_name, hash_bytes(raw, len));
	if (g == HTAB_NONE)
		return NULL;
	const struct symgroup *gr = &m->groups[g];
	for (uint32_t i = gr->first; i < gr->first + gr->count; i++)
		if (strncmp(m->symnames[i], raw, len) == 0 && strcspn(m->symnames[i], "@") == len)
			return gr;
	return NULL; /* another name with the same hash */
}

/* An inlined C function under the name its machine code gets from outer_name:
 * glibc's DWARF calls it __GI__IO_doallocbuf where the exported symbol at the
 * same address is _IO_doallocbuf, and one function must have one name. */
static const char *inline_alias(struct symmod *m, const char *raw, const char *name)
{
	const struct symgroup *g = raw ? group_named(m, raw) : NULL;
	if (!g || !g->best_public)
		return name;
	for (uint32_t i = g->first; i < g->first + g->count; i++)
		if (m->sympublic[i] && strcmp(m->symnames[i], raw) == 0)
			return name;
	return demangled(m, g->best);
}

static void node_name(struct symmod *m, struct cuinfo *c, struct inode *n)
{
	if (n->named)
		return;
	n->named = true;
	const char *raw;
	n->name = die_name(m, &n->die, &raw);
	if (raw && strncmp(raw, "_Z", 2) != 0 && strncmp(raw, "_R", 2) != 0)
		n->name = inline_alias(m, raw, n->name); /* C: DW_AT_name, or an asm label as linkage name */
	Dwarf_Attribute at;
	Dwarf_Word v;
	if (dwarf_formudata(dwarf_attr(&n->die, DW_AT_call_file, &at), &v) == 0)
		n->call_file = cu_file(m, c, v);
	if (dwarf_formudata(dwarf_attr(&n->die, DW_AT_call_line, &at), &v) == 0)
		n->call_line = (uint32_t)v;
	if (dwarf_formudata(dwarf_attr(&n->die, DW_AT_call_column, &at), &v) == 0)
		n->call_column = (uint32_t)v;
	/* dwarf_decl_line and decl_file_of follow DW_AT_abstract_origin to the inlined function. */
	n->decl_file = decl_file_of(m, &n->die);
	int line = 0;
	if (dwarf_decl_line(&n->die, &line) == 0 && line > 0)
		n->decl_line = (uint32_t)line;
}

/* ---- open, lookup, close ------------------------------------------------- */

static void phdrs_read(struct symmod *m)
{
	GElf_Addr bias;
	Elf *e = dwfl_module_getelf(m->mod, &bias);
	size_t n;
	if (!e || elf_getphdrnum(e, &n) != 0)
		return;
	bool first = true;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (first)
			m->image_base = ph.p_vaddr;
		first = false;
		vec_push(&m->loads, ph);
	}
}

struct symmod *symmod_open(const char *path, const char *const *debug_dirs, size_t ndirs)
{
	/* Never the network: libdwfl would ask debuginfod servers for every
	 * missing debug file, which can mean hundreds of MB. */
	unsetenv("DEBUGINFOD_URLS");
	struct symmod *m = xcalloc(1, sizeof(*m));
	m->path = xstrdup(path);
	/* Setting a path replaces libdwfl's default, so restate it first. libdwfl
	 * reads relative entries as subdirectories of the binary's directory and
	 * looks up build ids only under absolute ones, so pass real paths. */
	size_t len = 32;
	char **abs = xcalloc(ndirs ? ndirs : 1, sizeof(*abs));
	for (size_t i = 0; i < ndirs; i++) {
		abs[i] = realpath(debug_dirs[i], NULL);
		if (abs[i])
			len += strlen(abs[i]) + 1;
	}
	m->debuginfo_path = xmalloc(len);
	strcpy(m->debuginfo_path, ":.debug:/usr/lib/debug");
	for (size_t i = 0; i < ndirs; i++) {
		if (!abs[i])
			continue;
		strcat(m->debuginfo_path, ":");
		strcat(m->debuginfo_path, abs[i]);
		free(abs[i]);
	}
	free(abs);
	static const Dwfl_Callbacks proto = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = dwfl_standard_find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	m->cb = proto;
	m->cb.debuginfo_path = &m->debuginfo_path;
	m->dwfl = dwfl_begin(&m->cb);
	/* Only regular files: opening a FIFO would block. libdwfl opens the file
	 * itself, so it also closes it, on failure too. */
	struct stat stb;
	if (!m->dwfl || stat(path, &stb) != 0 || !S_ISREG(stb.st_mode))
		goto fail;
	/* base 0 without add_p_vaddr: the module's bias is 0 for ET_DYN and
	 * ET_EXEC alike, so Dwfl addresses are SVMAs (still read back below). */
	m->mod = dwfl_report_elf(m->dwfl, path, path, -1, 0, false);
	dwfl_report_end(m->dwfl, NULL, NULL);
	if (!m->mod || !dwfl_module_getelf(m->mod, &m->bias))
		goto fail;
	m->dw = dwfl_module_getdwarf(m->mod, &m->dwbias);
	char why[160];
	GElf_Addr unused;
	const char *bad = strings_check(dwfl_module_getelf(m->mod, &unused), why, sizeof(why));
	if (!bad && m->dw && dwarf_getelf(m->dw) != dwfl_module_getelf(m->mod, &unused))
		bad = strings_check(dwarf_getelf(m->dw), why, sizeof(why));
	if (bad) {
		pf_warn("%s: corrupt ELF file (%s): its frames stay unsymbolicated", path, bad);
		symmod_close(m);
		return NULL;
	}
	phdrs_read(m);
	symtab_build(m);
	plt_read(&m->plt, dwfl_module_getelf(m->mod, &unused));
	if (m->corrupt) { /* bounded() has warned */
		symmod_close(m);
		return NULL;
	}
	if (m->dw)
		cus_build(m);
	return m;
fail:
	pf_warn("%s: cannot read as ELF: %s", path, dwfl_errmsg(-1));
	symmod_close(m);
	return NULL;
}

void symmod_close(struct symmod *m)
{
	if (!m)
		return;
	if (m->dwfl)
		dwfl_end(m->dwfl);
	free(m->path);
	free(m->debuginfo_path);
	vec_free(&m->loads);
	free(m->groups);
	free(m->symnames);
	free(m->sympublic);
	plt_release(&m->plt);
	u64map_release(&m->plt_names);
	u64map_release(&m->group_of_name);
	for (size_t i = 0; i < m->cu_count; i++) {
		free(m->cus[i].fr);
		free(m->cus[i].fr_maxhi);
	}
	free(m->cus);
	free(m->cur);
	free(m->cur_maxhi);
	for (size_t i = 0; i < m->funcs.len; i++) {
		free(m->funcs.items[i].nodes);
		free(m->funcs.items[i].ranges);
	}
	vec_free(&m->funcs);
	u64map_release(&m->names.index);
	vec_free(&m->names.vals);
	u64map_release(&m->scopes.index);
	vec_free(&m->scopes.items);
	u64map_release(&m->srcfiles);
	vec_free(&m->srcfile_vals);
	for (size_t i = 0; i < m->owned.len; i++)
		free(m->owned.items[i]);
	vec_free(&m->owned);
	vec_free(&m->out);
	vec_free(&m->where);
	vec_free(&m->chain);
	free(m);
}

static bool in_exec_load(const struct symmod *m, uint64_t svma)
{
	for (size_t i = 0; i < m->loads.len; i++) {
		const GElf_Phdr *ph = &m->loads.items[i];
		if ((ph->p_flags & PF_X) && svma >= ph->p_vaddr && svma - ph->p_vaddr < ph->p_memsz)
			return true;
	}
	return false;
}

uint64_t symmod_svma_of_relative(const struct symmod *m, uint64_t rel)
{
	uint64_t svma = m->image_base + rel;
	/* samply <= 0.10 stored SVMAs for non-PIE executables (samply-format.md §6.2). */
	if (m->image_base != 0 && !in_exec_load(m, svma) && in_exec_load(m, rel))
		return rel;
	return svma;
}

uint64_t symmod_svma_of_offset(const struct symmod *m, uint64_t off)
{
	for (size_t i = 0; i < m->loads.len; i++) {
		const GElf_Phdr *ph = &m->loads.items[i];
		if (off >= ph->p_offset && off - ph->p_offset < ph->p_filesz)
			return off - ph->p_offset + ph->p_vaddr;
	}
	return UINT64_MAX;
}

static void set_location(struct symmod *m, size_t level, struct srcfile file, uint32_t line, uint32_t column)
{
	struct sym_loc *l = &m->out.items[level];
	l->file = file.path;
	l->file_dir_len = file.dir_len;
	l->line = line;
	l->column = column;
}

static struct sym_loc *out_push(struct symmod *m, const char *name, bool inlined)
{
	struct sym_loc l = {.name = name ? name : "??", .inlined = inlined};
	vec_push(&m->out, l);
	return &m->out.items[m->out.len - 1];
}

/* "symbol@plt", the symbol demangled (an ifunc's: the symbol table's name of it); made once
 * per stub. NULL for an ifunc the symbol table does not name. */
static const char *plt_name(struct symmod *m, const struct plt_stub *stub)
{
	uint32_t *slot = u64map_slot(&m->plt_names, (uintptr_t)stub);
	if (*slot == HTAB_NONE) {
		const struct symgroup *g = stub->name ? NULL : symtab_find(m, stub->target);
		const char *sym = stub->name ? stub->name : g && g->addr == stub->target ? g->best : NULL;
		if (!sym) {
			*slot = UINT32_MAX - 1;
			return NULL;
		}
		char *name = xasprintf("%s@plt", demangled(m, sym)); /* demangled() may grow owned */
		vec_push(&m->owned, name);
		*slot = (uint32_t)(m->owned.len - 1);
	}
	return *slot == UINT32_MAX - 1 ? NULL : m->owned.items[*slot];
}

/* True if one of F's address ranges starts at SVMA: then a symbol there is the
 * function's own (GCC's .cold parts come before the entry, so the lowest
 * address would not do). */
static bool starts_a_range(struct symmod *m, struct func *f, uint64_t svma)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;
	while ((off = dwarf_ranges(&f->die, off, &base, &lo, &hi)) > 0)
		if (lo + m->dwbias - m->bias == svma)
			return true;
	return false;
}

/* The outermost name: DWARF's, unless the symbol table at the function's entry
 * says more: an exported name where DWARF names a local alias (glibc's DWARF
 * says __GI___libc_write where the symbol is write), or a mangled name (with
 * its parameters) where DWARF has only a bare one (C++ static functions). */
static const char *outer_name(struct symmod *m, struct func *f, const struct symgroup *g)
{
	if (!f)
		return g ? demangled(m, g->best) : NULL;
	if (!g || !f->raw)
		return f->name;
	bool public_match = false;
	const char *mangled = NULL;
	for (uint32_t i = g->first; i < g->first + g->count; i++) {
		const char *sn = m->symnames[i];
		if (m->sympublic[i] && strcmp(sn, f->raw) == 0)
			public_match = true;
		if (!mangled && (strncmp(sn, "_Z", 2) == 0 || strncmp(sn, "_R", 2) == 0))
			mangled = sn;
	}
	const char *better = g->best_public && !public_match ? g->best : !f->linkage && mangled ? mangled : NULL;
	return better && starts_a_range(m, f, g->addr) ? demangled(m, better) : f->name;
}

const struct sym_loc *symmod_lookup(struct symmod *m, uint64_t svma, bool inline_chain, size_t *n)
{
	m->out.len = 0;
	m->chain.len = 0;
	*n = 0;
	if (m->corrupt)
		return NULL;
	const struct plt_stub *stub = plt_find(&m->plt, svma);
	const char *stub_name = stub ? plt_name(m, stub) : NULL;
	if (stub_name) {
		out_push(m, stub_name, false);
		*n = 1;
		return m->out.items;
	}
	const struct symgroup *g = symtab_find(m, svma);
	struct cuinfo *c = NULL;
	struct func *f = NULL;
	uint64_t pc = svma + m->bias - m->dwbias;
	if (m->dw && (c = cu_find(m, pc)) != NULL)
		f = func_find(m, c, pc);
	if (!f && !g)
		return NULL;

	struct srcfile lfile = {0};
	uint32_t lline = 0, lcol = 0;
	if (c) {
		Dwarf_Line *ln = dwarf_getsrc_die(&c->die, pc);
		int v;
		if (ln) {
			lfile = srcfile_of(m, &c->die, cu_files(c), dwarf_linesrc(ln, NULL, NULL));
			if (dwarf_lineno(ln, &v) == 0 && v > 0)
				lline = (uint32_t)v;
			if (dwarf_linecol(ln, &v) == 0 && v > 0)
				lcol = (uint32_t)v;
		}
	}
	if (f) {
		func_name(m, f);
		if (!f->tree_built)
			tree_build(f);
		for (uint32_t i = 0; i < f->node_count;) {
			struct inode *nd = &f->nodes[i];
			if (!node_has(f, nd, pc)) {
				i = nd->end;
				continue;
			}
			if (nd->is_inline)
				vec_push(&m->chain, i);
			i++;
		}
	}
	struct sym_loc *outer = out_push(m, outer_name(m, f, g), false);
	outer->folded = g ? g->folded : 0;
	struct srcfile outer_decl = {0};
	if (f) {
		outer_decl = f->decl_file;
		outer->decl_line = f->decl_line;
	}
	m->where.len = 0;
	vec_push(&m->where, outer_decl);
	/* Level k is located at the call site of level k+1; the innermost at the line table's row. */
	size_t prev = 0;
	for (size_t k = 0; k < m->chain.len; k++) {
		struct inode *nd = &f->nodes[m->chain.items[k]];
		node_name(m, c, nd);
		set_location(m, prev, nd->call_file, nd->call_line, nd->call_column);
		if (!inline_chain)
			break;
		struct sym_loc *l = out_push(m, nd->name, true);
		l->decl_line = nd->decl_line;
		prev = m->out.len - 1;
		vec_push(&m->where, nd->decl_file);
	}
	if (inline_chain || m->chain.len == 0)
		set_location(m, prev, lfile, lline, lcol);
	/* A function DWARF gives no decl_file (GCC's lambda operator()) is where its
	 * code is: a location of it on a real line (LLVM's line-0 rows carry the
	 * unit's own file, so not those). A symbol-table-only function has none,
	 * and neither has assembly (its rows name the .S file, not a declaration). */
	bool assembly = c && dwarf_srclang(&c->die) == DW_LANG_Mips_Assembler;
	for (size_t k = 0; k < m->out.len; k++) {
		struct sym_loc *l = &m->out.items[k];
		struct srcfile d = m->where.items[k];
		if (!d.path && (k > 0 || f) && !assembly && l->line > 0 && l->file)
			d = (struct srcfile){l->file, l->file_dir_len};
		l->decl_file = d.path;
		l->decl_dir_len = d.dir_len;
	}
	if (m->corrupt) /* a name of this lookup ran on: none of it is trusted */
		return NULL;
	*n = m->out.len;
	return m->out.items;
}
