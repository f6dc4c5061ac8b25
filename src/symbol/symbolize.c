/* symbolize.c: rewrites a loaded profile's unresolved native frames into named
 * frames, one per inline level (see symbolize.h). Sits between the loaders and
 * the views: it finds each library's file (find.c), resolves every distinct
 * (library, address) once (dwarf.c, kallsyms.c) and rebuilds the stack tree. */
#include "profan/symbolize.h"

#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/find.h"
#include "profan/funcname.h"
#include "profan/progress.h"

#include "demangle.h"
#include "dwarf.h"
#include "kallsyms.h"
#include "objformat.h"
#include "prefetch_int.h"
#include "vdso.h"

struct site {
	uint32_t lib;
	uint64_t address;
	uint32_t frame; /* an old frame at (lib, address) */
};

static int site_cmp(const void *a, const void *b)
{
	const struct site *x = a, *y = b;
	if (x->lib != y->lib)
		return x->lib < y->lib ? -1 : 1;
	if (x->address != y->address)
		return x->address < y->address ? -1 : 1;
	return x->frame < y->frame ? -1 : x->frame > y->frame;
}

/* What each old frame becomes: frames pool[first .. first+count), outer → inner. */
struct expansion {
	uint32_t first, count;
};

struct ctx {
	struct profile *p;
	const struct symbolize_opts *o;
	struct symbolize_stats *st;
	struct symbol_dirs dirs;
	struct kallsyms *kallsyms;
	struct expansion *exp; /* per old frame; count 0 = unchanged */
	size_t old_frames;
	/* module string (stable while its module is open) -> profile string id: interning
	 * hashes the text, and the same names come back on every address; cleared whenever
	 * a module closes */
	struct u64map names, files;
	bool raw_names;             /* kernel symbols: names as they are */
	/* (lib, name, file, line) -> the pf_func of that source function (see func_for) */
	struct htab funcs;
	VEC(uint32_t) made;         /* the funcs func_for handed out, each once */
	size_t done;                /* sites handled, for the progress line */
	VEC(uint32_t) pool;
	bool *unfound; /* per library: no file at all (not one that was unreadable or another build) */
};

static const char *lib_str(const struct profile *p, uint32_t id)
{
	const char *s = profile_str(p, id);
	return *s ? s : NULL;
}

static bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

enum kernel_kind { NOT_KERNEL, KERNEL_IMAGE, KERNEL_IPS, KERNEL_MODULE };

/* [kernel.kallsyms] holds addresses relative to _text (samply import); a
 * kernel-flagged library without brackets (the loader's pseudo-library for
 * bare "0xffffffff8..." frames of live recordings) holds absolute ones; a
 * module's layout cannot be reproduced, so it is left alone. */
static enum kernel_kind kernel_kind(const struct profile *p, const struct pf_lib *l)
{
	const char *name = profile_str(p, l->name);
	if (strcmp(name, "[kernel.kallsyms]") == 0)
		return KERNEL_IMAGE;
	if (!(l->flags & PF_LIB_KERNEL))
		return NOT_KERNEL;
	return name[0] == '[' || strstr(profile_str(p, l->path), ".ko") ? KERNEL_MODULE : KERNEL_IPS;
}

/* The absolute address in a bare kernel IP's name ("0xffffffff8badf00d"), or 0. */
static uint64_t kernel_ip(const char *name)
{
	if (strncmp(name, "0xffff", 6) != 0 || strlen(name) != 18)
		return 0;
	uint64_t v = 0;
	for (const char *q = name + 2; *q; q++) {
		int d = *q >= '0' && *q <= '9' ? *q - '0' : *q >= 'a' && *q <= 'f' ? *q - 'a' + 10 : -1;
		if (d < 0)
			return 0;
		v = v << 4 | (uint64_t)d;
	}
	return v;
}

/* Libraries whose addresses do not refer to an ELF file on disk (samply-format.md §6.4). */
static bool is_special(const struct profile *p, const struct pf_lib *l)
{
	const char *name = profile_str(p, l->name);
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	size_t len = strlen(base);
	return (l->flags & (PF_LIB_SPECIAL | PF_LIB_KERNEL)) || name[0] == '[' ||
	       (has_prefix(base, "perf-") && len > 4 && strcmp(base + len - 4, ".map") == 0) ||
	       (has_prefix(base, "jit-") && len > 5 && strcmp(base + len - 5, ".dump") == 0);
}

/* Samply writes the nil breakpad id for libraries it could not read; their
 * addresses are then file offsets (samply-format.md §6.2, case 4). */
static bool addresses_are_offsets(const struct profile *p, const struct pf_lib *l)
{
	if (l->flags & PF_LIB_OFFSETS)
		return true;
	if (lib_str(p, l->code_id))
		return false;
	const char *b = lib_str(p, l->breakpad_id);
	if (!b)
		return false;
	for (; *b; b++)
		if (*b != '0')
			return false;
	return true;
}

static void expand_to(struct ctx *c, const struct site *s, size_t n, uint32_t first, uint32_t count)
{
	for (size_t i = 0; i < n; i++)
		c->exp[s[i].frame] = (struct expansion){first, count};
}

/* Function names in funcname_simplify()'s form (kernel symbols as they are). */
static uint32_t intern_name(struct ctx *c, const char *name)
{
	uint32_t *id = u64map_slot(&c->names, (uintptr_t)name);
	if (*id == HTAB_NONE) {
		char *simple = c->raw_names ? NULL : funcname_simplify(name);
		*id = profile_intern(c->p, simple ? simple : name);
		free(simple);
	}
	return *id;
}

/* DWARF file names, already whole paths (sym_loc). */
static uint32_t intern_file(struct ctx *c, const char *file)
{
	if (!file)
		return 0;
	uint32_t *id = u64map_slot(&c->files, (uintptr_t)file);
	if (*id == HTAB_NONE)
		*id = profile_intern(c->p, file);
	return *id;
}

struct func_key {
	uint32_t lib, name, file, line;
};

static bool func_key_eq(const void *ctx, uint32_t i, const void *key)
{
	const struct pf_func *f = &((const struct profile *)ctx)->funcs.items[i];
	const struct func_key *k = key;
	return f->lib == k->lib && f->name == k->name && f->file == k->file && f->line == k->line;
}

/* One pf_func per source function and library: the same simplified name,
 * declaring file and line are the same function, however many copies of it
 * the code holds (monomorphisations, clones, inlined instances, symbol-table
 * and DWARF spellings). Copies may differ in what only some of them know (the
 * folded symbols of one machine-code copy, the compilation directory of the
 * unit that declared it), which the one pf_func keeps: the most folds, the
 * first directory. Overloads keep their own lines, so stay apart. */
static uint32_t func_for(struct ctx *c, const struct pf_func *f)
{
	struct profile *p = c->p;
	struct func_key k = {f->lib, f->name, f->file, f->line};
	uint64_t h = hash_mix((uint64_t)k.lib << 32 | k.name) ^ hash_mix((uint64_t)k.file << 32 | k.line);
	uint32_t i = htab_find(&c->funcs, h, func_key_eq, p, &k);
	if (i == HTAB_NONE) {
		i = profile_intern_func(p, f);
		htab_intern(&c->funcs, h, func_key_eq, p, &k, i);
		vec_push(&c->made, i);
		return i;
	}
	struct pf_func *have = &p->funcs.items[i];
	if (f->folded > have->folded)
		have->folded = f->folded;
	if (!have->comp_dir_len)
		have->comp_dir_len = f->comp_dir_len;
	return i;
}

/* One new frame per chain level for the sites S[0..n) (all at one address). */
static void emit_chain(struct ctx *c, const struct site *s, size_t n, const struct sym_loc *loc, size_t depth)
{
	struct profile *p = c->p;
	/* Copies: interning below may move the frame array. */
	const uint64_t address = p->frames.items[s[0].frame].address;
	uint32_t old_func = p->frames.items[s[0].frame].func;
	uint32_t flags = p->funcs.items[old_func].flags & ~(uint32_t)PF_FUNC_UNRESOLVED;
	uint32_t first = (uint32_t)c->pool.len;
	for (size_t k = 0; k < depth; k++) {
		const struct sym_loc *l = &loc[k];
		struct pf_func f = {.name = intern_name(c, l->name),
				    .file = intern_file(c, l->decl_file),
				    .lib = s[0].lib,
				    .line = l->decl_line,
				    .flags = flags,
				    .folded = l->folded,
				    .comp_dir_len = l->decl_file ? l->decl_dir_len : 0};
		/* the line's own file, when the function's code comes from elsewhere (macros, #include) */
		uint32_t file = intern_file(c, l->file);
		struct pf_frame fr = {.func = func_for(c, &f),
				      .lib = s[0].lib,
				      .address = address,
				      .line = l->line,
				      .column = l->column,
				      .flags = l->inlined ? PF_FRAME_INLINED : 0,
				      .file = l->line && file != f.file ? file : 0};
		vec_push(&c->pool, profile_intern_frame(p, &fr));
	}
	expand_to(c, s, n, first, (uint32_t)depth);
	c->st->resolved++;
	c->st->inline_frames += depth - 1;
}

static void resolve_kernel(struct ctx *c, struct pf_lib *lib, bool absolute, const struct site *s, size_t n)
{
	struct profile *p = c->p;
	uint64_t text = c->kallsyms ? kallsyms_address(c->kallsyms, "_text") : 0;
	size_t distinct = 0, named = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && s[j].address == s[i].address)
			j++;
		/* samply's [kernel.kallsyms] addresses are relative to _text, which KASLR moves. */
		uint64_t addr = absolute ? s[i].address : text + s[i].address;
		bool known = c->kallsyms && (absolute || text);
		const char *name = known ? kallsyms_lookup(c->kallsyms, addr) : NULL;
		struct sym_loc loc = {.name = name ? name : "[kernel]"};
		c->raw_names = true;
		emit_chain(c, s + i, j - i, &loc, 1);
		c->raw_names = false;
		if (!name)
			c->st->resolved--;
		distinct++;
		named += name != NULL;
		i = j;
	}
	if (c->kallsyms && named * 2 < distinct && lib->sym_state == PF_SYM_FOUND) {
		/* the header must not call this library found when its names mostly fail */
		lib->sym_state = PF_SYM_MISMATCH;
		c->st->libs_found--;
		c->st->libs_mismatched++;
	}
	if (c->kallsyms && named * 2 < distinct)
		profile_warn(p,
			     "%s: only %zu of %zu kernel addresses fall inside %s's functions: was it copied "
			     "during the same boot as the recording?",
			     profile_str(p, lib->name), named, distinct, c->o->kallsyms);
}

/* The module's strings are gone with it: the caches keyed on them too. */
static void module_closed(struct ctx *c, struct symmod *m)
{
	symmod_close(m);
	u64map_release(&c->names);
	u64map_release(&c->files);
}

static uint64_t site_svma(const struct symmod *m, bool offsets, uint64_t address)
{
	return offsets ? symmod_svma_of_offset(m, address) : symmod_svma_of_relative(m, address);
}

/* Per unit of M, the last of the sites S[0..n) that falls in it (SIZE_MAX: none); *COUNT units. */
static size_t *units_last_use(struct symmod *m, bool offsets, const struct site *s, size_t n, size_t *count)
{
	size_t *last = NULL, cap = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t svma = site_svma(m, offsets, s[i].address);
		size_t u = svma == UINT64_MAX ? SIZE_MAX : symmod_unit_of(m, svma);
		if (u == SIZE_MAX)
			continue;
		if (u >= cap) {
			size_t want = grow_cap(cap, u + 1, 64);
			last = xrealloc(last, want * sizeof(*last));
			for (size_t k = cap; k < want; k++)
				last[k] = SIZE_MAX;
			cap = want;
		}
		last[u] = i;
	}
	*count = cap;
	return last;
}

/* Resolves the sites S[0..n) of one library, in address order, with module M (NULL: count them
 * only), then closes M. M is opened again from PATH once the units it has read pass the budget
 * and no site ahead falls in one of them: what libdw holds of them (line tables, the file's
 * pages) goes back (docs/performance.md: 560 -> 234 MB on 300 MB of DWARF). A unit met again
 * later (code in .text.unlikely, say) keeps the module open, so no unit is read twice. */
static void resolve_sites(struct ctx *c, struct symmod *m, const char *path, bool offsets, const struct site *s,
			  size_t n)
{
	uint64_t budget = c->o->reopen_after ? c->o->reopen_after : SYMBOLIZE_REOPEN_BYTES;
	size_t units = 0, *last = m && path ? units_last_use(m, offsets, s, n, &units) : NULL;
	size_t held_until = 0; /* one past the last site in a unit the open module has read */
	for (size_t i = 0; i < n;) {
		if (m && path && i >= held_until && symmod_units_read(m) > budget) {
			module_closed(c, m);
			m = symmod_open(path, c->dirs.items, c->dirs.len);
		}
		size_t j = i;
		while (j < n && s[j].address == s[i].address)
			j++;
		c->st->addresses++;
		progress_update(c->done += j - i);
		if (m) {
			uint64_t svma = site_svma(m, offsets, s[i].address);
			size_t u = svma == UINT64_MAX || !last ? SIZE_MAX : symmod_unit_of(m, svma);
			if (u < units && last[u] != SIZE_MAX && last[u] + 1 > held_until)
				held_until = last[u] + 1;
			size_t depth = 0;
			const struct sym_loc *loc =
				svma == UINT64_MAX ? NULL : symmod_lookup(m, svma, !c->o->no_inline, &depth);
			if (depth)
				emit_chain(c, s + i, j - i, loc, depth);
		}
		i = j;
	}
	free(last);
	module_closed(c, m);
}

static void resolve_elf(struct ctx *c, struct pf_lib *lib, const struct site *s, size_t n)
{
	struct profile *p = c->p;
	struct symfind_query q = {.name = lib_str(p, lib->name),
				  .path = lib_str(p, lib->path),
				  .debug_name = lib_str(p, lib->debug_name),
				  .debug_path = lib_str(p, lib->debug_path),
				  .code_id = lib_str(p, lib->code_id),
				  .breakpad_id = lib_str(p, lib->breakpad_id),
				  .verbose = c->o->verbose};
	struct symfind_answer a;
	struct symmod *m = NULL;
	bool ahead = sym_prefetch_take(c->o->prefetch, &q, &a, &m);
	c->st->libs_ahead += ahead;
	if (!ahead)
		symfind_locate(&q, c->dirs.items, c->dirs.len, &a);
	const char *name = q.name ? q.name : q.path ? q.path : "?";
	if (a.result == SYMFIND_MISSING && c->o->verbose)
		pf_note("%s: no file found: its frames stay addresses", name);
	if (a.result == SYMFIND_MISMATCH) {
		lib->sym_state = PF_SYM_MISMATCH;
		lib->sym_file = profile_intern(p, a.mismatch_path);
		c->st->libs_mismatched++;
		profile_warn(p, "%s: %s is another build (id %s, profile has %s); its frames stay "
			     "unsymbolicated",
			     name, a.mismatch_path, a.mismatch_id, q.code_id ? q.code_id : q.breakpad_id);
	} else if (a.result == SYMFIND_MISSING) {
		lib->sym_state = PF_SYM_MISSING;
		c->st->libs_missing++;
		c->unfound[lib - p->libs.items] = true;
	}
	if (!ahead && a.result == SYMFIND_FOUND)
		m = symmod_open(a.path, c->dirs.items, c->dirs.len);
	if (a.result == SYMFIND_FOUND) {
		lib->sym_file = profile_intern(p, a.path);
		lib->sym_state = m ? PF_SYM_FOUND : PF_SYM_MISSING;
		if (m)
			c->st->libs_found++;
		else
			c->st->libs_missing++;
	}
	resolve_sites(c, m, a.result == SYMFIND_FOUND ? a.path : NULL, addresses_are_offsets(p, lib), s, n);
	symfind_answer_release(&a);
}

/* [vdso] is named from this machine's own vDSO when the build ids agree
 * (the profile was recorded on this kernel); otherwise it is left alone. */
static void resolve_vdso(struct ctx *c, struct pf_lib *lib, const struct site *s, size_t n)
{
	char *path = vdso_image_file(lib_str(c->p, lib->code_id));
	struct symmod *m = path ? symmod_open(path, NULL, 0) : NULL;
	if (path) {
		unlink(path); /* libdwfl keeps its descriptor */
		free(path);
	}
	if (!m) {
		lib->sym_state = PF_SYM_SKIPPED;
		c->st->libs_skipped++;
		return;
	}
	lib->sym_state = PF_SYM_FOUND;
	lib->sym_file = profile_intern(c->p, "(this kernel's vDSO)");
	c->st->libs_found++;
	resolve_sites(c, m, NULL, false, s, n);
}

/* A copy of a function compiled without debug information has only its symbol:
 * no file, no line (rsown's finish_grow instantiated for gimli, next to four
 * copies with DWARF). It is the function DWARF knows under the same name in
 * the same library, when DWARF knows exactly one (overloads are ambiguous). */
static void merge_symbol_only(struct ctx *c)
{
	struct profile *p = c->p;
	const uint32_t ambiguous = HTAB_NONE - 1;
	struct u64map twin = {0}; /* lib << 32 | name -> the one DWARF-known func, or ambiguous */
	for (size_t k = 0; k < c->made.len; k++) {
		const struct pf_func *f = &p->funcs.items[c->made.items[k]];
		if (!f->file || f->lib == PF_NONE)
			continue;
		uint32_t *slot = u64map_slot(&twin, (uint64_t)f->lib << 32 | f->name);
		*slot = *slot == HTAB_NONE ? c->made.items[k] : ambiguous;
	}
	uint32_t *remap = NULL;
	for (size_t k = 0; k < c->made.len; k++) {
		uint32_t i = c->made.items[k];
		const struct pf_func *f = &p->funcs.items[i];
		if (f->file || f->lib == PF_NONE)
			continue;
		uint32_t t = u64map_get(&twin, (uint64_t)f->lib << 32 | f->name);
		if (t == HTAB_NONE || t == ambiguous)
			continue;
		if (!remap) {
			remap = xreallocarray(NULL, p->funcs.len, sizeof(*remap));
			memset(remap, 0xff, p->funcs.len * sizeof(*remap));
		}
		remap[i] = t;
		if (f->folded > p->funcs.items[t].folded)
			p->funcs.items[t].folded = f->folded;
	}
	for (size_t k = 0; remap && k < c->pool.len; k++) {
		struct pf_frame fr = p->frames.items[c->pool.items[k]];
		if (fr.func < p->funcs.len && remap[fr.func] != PF_NONE) {
			fr.func = remap[fr.func];
			c->pool.items[k] = profile_intern_frame(p, &fr);
		}
	}
	free(remap);
	u64map_release(&twin);
}

/* New stack tree: node by node, parents first, each old node replaced by its
 * frame's expansion (a chain of nodes); samples follow their leaf. */
static void rebuild_stacks(struct ctx *c)
{
	struct profile *p = c->p;
	size_t n = p->stacks.len;
	const struct pf_stack *old = p->stacks.items;
	uint32_t *map = xreallocarray(NULL, n ? n : 1, sizeof(*map));
	struct pf_stack_table fresh = {0};
	for (size_t s = 0; s < n; s++) {
		/* Parents come first (profile.h); a loader bug must not read map[] unset. */
		uint32_t parent = old[s].parent < s ? map[old[s].parent] : PF_NONE;
		const struct expansion none = {0};
		const struct expansion *e = old[s].frame < c->old_frames ? &c->exp[old[s].frame] : &none;
		if (e->count == 0) {
			parent = stack_table_intern(&fresh, parent, old[s].frame);
		} else {
			for (uint32_t k = 0; k < e->count; k++)
				parent = stack_table_intern(&fresh, parent, c->pool.items[e->first + k]);
		}
		map[s] = parent;
	}
	for (size_t i = 0; i < p->sample_count; i++)
		if (p->sample_stack[i] != PF_NONE && p->sample_stack[i] < n)
			p->sample_stack[i] = map[p->sample_stack[i]];
	profile_set_stacks(p, &fresh);
	free(map);
}

/* A library whose file was not found and that holds a large share of the samples
 * (a binary not at its recorded path) is said on stderr, with where it was looked
 * for and the option that fixes it; the header alone was too easy to miss. */
static void warn_missing(struct ctx *c)
{
	struct profile *p = c->p;
	/* a row of the profile may stand for many samples (the samply loader sums them per stack) */
	size_t metric = profile_metric_index(p, "samples");
	const int64_t *weight = metric == SIZE_MAX ? NULL : p->sample_values[metric];
	uint64_t *leaf = xcalloc(p->libs.len + 1, sizeof(*leaf)), n = 0;
	for (size_t i = 0; i < p->sample_count; i++) {
		uint32_t s = p->sample_stack[i];
		if (s == PF_NONE || s >= p->stacks.len || (weight && weight[i] <= 0))
			continue;
		uint64_t w = weight ? (uint64_t)weight[i] : 1;
		uint32_t lib = profile_stack_frame(p, s)->lib;
		n += w;
		if (lib < p->libs.len && c->unfound[lib])
			leaf[lib] += w;
	}
	for (size_t l = 0; l < p->libs.len && n > 0; l++) {
		if (leaf[l] * 10 < n) /* under 10% of the samples: the header says it */
			continue;
		const struct pf_lib *lib = &p->libs.items[l];
		const char *name = lib_str(p, lib->name), *path = lib_str(p, lib->path);
		const char *id = lib_str(p, lib->code_id) ? lib_str(p, lib->code_id) : lib_str(p, lib->breakpad_id);
		profile_warn(p,
			     "%s: not found%s%s%s%s (%s), so %" PRIu64 " of %" PRIu64 " samples (%.1f%% by count) stay "
			     "%s+0x... addresses: give "
			     "the binary or its directory with --symbol-path (-v lists every path tried)",
			     name ? name : "?", id ? " with build id " : "", id ? id : "", path ? " at " : "",
			     path ? path : "",
			     c->dirs.len ? "nor in the --symbol-path/PROFAN_SYMBOL_PATH directories"
					 : "no --symbol-path given",
			     leaf[l], n, 100.0 * (double)leaf[l] / (double)n, name ? name : "?");
	}
	free(leaf);
}

/* --symbol-path FILE that no library used: said, rather than ignored without a word. */
static void warn_unused_files(struct ctx *c)
{
	struct profile *p = c->p;
	for (size_t i = 0; i < c->dirs.len; i++) {
		struct stat sb;
		if (stat(c->dirs.items[i], &sb) != 0 || !S_ISREG(sb.st_mode))
			continue;
		bool used = false;
		for (size_t l = 0; l < p->libs.len && !used; l++)
			used = p->libs.items[l].sym_file && strcmp(profile_str(p, p->libs.items[l].sym_file),
								   c->dirs.items[i]) == 0;
		if (used)
			continue;
		char *id = symfind_build_id(c->dirs.items[i]);
		if (id)
			profile_warn(p, "--symbol-path %s: its build id %s is no library's of the profile: not used",
				     c->dirs.items[i], id);
		else
			profile_warn(p, "--symbol-path %s: not an ELF file with a build id named as a library of the "
				     "profile: not used", c->dirs.items[i]);
		free(id);
	}
}

/* Once per profile: macOS and Windows recordings have no ELF to read, and a file on
 * --symbol-path would not help; their names can only come with the profile. */
static void warn_not_elf(struct profile *p, const struct symbolize_stats *st)
{
	size_t n = st->libs_macho + st->libs_pe;
	if (n == 0)
		return;
	const char *what = st->libs_pe == 0 ? "Mach-O" : st->libs_macho == 0 ? "PE" : "Mach-O and PE";
	profile_warn(p,
		     "%zu %s librar%s not symbolicated: profan reads ELF only. To keep their names, record "
		     "with samply 0.13's `--unstable-presymbolicate` (profan reads the .syms.json it writes "
		     "beside the profile) or a later samply's `--presymbolicate`",
		     n, what, n == 1 ? "y" : "ies");
}

int symbolize_profile(struct profile *p, const struct symbolize_opts *o, struct symbolize_stats *st)
{
	struct symbolize_stats dummy;
	struct symbolize_opts none = {0};
	st = st ? st : &dummy;
	o = o ? o : &none;
	memset(st, 0, sizeof(*st));
	struct ctx c = {.p = p, .o = o, .st = st};
	struct stat ks;
	if (o->kallsyms && stat(o->kallsyms, &ks) == 0 && !S_ISREG(ks.st_mode))
		/* a FIFO would block the read for ever: treated as absent */
		pf_warn("--kallsyms %s: not a regular file: kernel frames stay [kernel]", o->kallsyms);
	else if (o->kallsyms && !(c.kallsyms = kallsyms_load(o->kallsyms)))
		return -1;
	symbol_dirs_init(&c.dirs, o);
	sym_prefetch_stop(o->prefetch); /* what it opens from here on, this thread would open */

	VEC(struct site) sites = {0};
	for (size_t i = 0; i < p->frames.len; i++) {
		const struct pf_frame *f = &p->frames.items[i];
		if (f->lib >= p->libs.len || f->func >= p->funcs.len)
			continue;
		if (f->address != PF_NO_ADDRESS && (p->funcs.items[f->func].flags & PF_FUNC_UNRESOLVED)) {
			vec_push(&sites, ((struct site){f->lib, f->address, (uint32_t)i}));
		} else if (f->address == PF_NO_ADDRESS &&
			   kernel_kind(p, &p->libs.items[f->lib]) == KERNEL_IPS) {
			uint64_t ip = kernel_ip(profile_func_name(p, f->func));
			if (ip)
				vec_push(&sites, ((struct site){f->lib, ip, (uint32_t)i}));
		}
	}
	if (sites.len > 0) /* qsort(NULL, 0, ...) is undefined (UBSan: a profile without frames) */
		qsort(sites.items, sites.len, sizeof(*sites.items), site_cmp);
	size_t lib_count = 0;
	for (size_t i = 0; i < sites.len; i++)
		lib_count += i == 0 || sites.items[i].lib != sites.items[i - 1].lib;
	char phase[64];
	snprintf(phase, sizeof(phase), "symbolicating %zu librar%s", lib_count, lib_count == 1 ? "y" : "ies");
	progress_phase(phase, sites.len, false);
	c.old_frames = p->frames.len;
	c.unfound = xcalloc(p->libs.len + 1, sizeof(*c.unfound));
	c.exp = xcalloc(p->frames.len ? p->frames.len : 1, sizeof(*c.exp));
	for (size_t i = 0; i < sites.len;) {
		size_t j = i;
		while (j < sites.len && sites.items[j].lib == sites.items[i].lib)
			j++;
		struct pf_lib *lib = &p->libs.items[sites.items[i].lib];
		enum kernel_kind kk = kernel_kind(p, lib);
		enum objformat format;
		if (kk == KERNEL_IMAGE || kk == KERNEL_IPS) {
			lib->sym_state = c.kallsyms ? PF_SYM_FOUND : PF_SYM_SKIPPED;
			if (c.kallsyms) {
				lib->sym_file = profile_intern(p, o->kallsyms);
				st->libs_found++;
			} else {
				st->libs_skipped++;
			}
			resolve_kernel(&c, lib, kk == KERNEL_IPS, sites.items + i, j - i);
		} else if (strcmp(profile_str(p, lib->name), "[vdso]") == 0) {
			resolve_vdso(&c, lib, sites.items + i, j - i);
		} else if (is_special(p, lib)) {
			lib->sym_state = PF_SYM_SKIPPED;
			st->libs_skipped++;
		} else if ((format = objformat_of(p, lib)) != OBJFORMAT_ELF) {
			lib->sym_state = PF_SYM_NOT_ELF;
			if (format == OBJFORMAT_MACHO)
				st->libs_macho++;
			else
				st->libs_pe++;
		} else {
			resolve_elf(&c, lib, sites.items + i, j - i);
		}
		i = j;
	}
	progress_end();
	if (st->libs_missing > 0)
		warn_missing(&c);
	warn_unused_files(&c);
	warn_not_elf(p, st);
	merge_symbol_only(&c);
	rebuild_stacks(&c);
	vec_free(&sites);
	free(c.exp);
	free(c.unfound);
	vec_free(&c.pool);
	symbol_dirs_release(&c.dirs);
	sym_prefetch_clear(o->prefetch); /* what was not taken: its memory back before the views */
	kallsyms_free(c.kallsyms);
	u64map_release(&c.names);
	u64map_release(&c.files);
	htab_release(&c.funcs);
	vec_free(&c.made);
	profile_seal(p); /* func_for() updated funcs in place: the content index is stale */
	return 0;
}

/* ---- report header ------------------------------------------------------- */
