/* samply.c: samply / Firefox Profiler processed profiles (v41-v66) -> struct profile.
 *
 * The layout is chosen by field presence, never by version number (docs/samply-format.md §2):
 * per-thread or shared tables, per-thread or shared string array, `time` or
 * `timeDeltas`, `prefix` or `prefixOffset`. Thread-local table indices are
 * mapped onto profile frames keyed by (library, address), so the same code
 * address is one frame whatever thread or table it came from (spec P1). */
#include "samply.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/report.h"
#include "profan/text.h"
#include "profan/json_plan.h"

#define SAMPLY_NEWEST_KNOWN 66

/* The sample columns, read from the stream into columns as the document is parsed (json_plan.h):
 * the tree keeps a node of each, not 16 bytes a sample. Stack indices are kept + 1, 0 for a
 * null; a null weight counts 1. A CPU delta over 2^40 (12 days in a sample) is corrupt. */
enum { COL_STACK, COL_WEIGHT, COL_CPU, COL_TIME, COL_TIME_DELTAS, COL_COUNT };
static const struct jplan_entry columns[COL_COUNT] = {
	[COL_STACK] = {"threads[].samples.stack", JPLAN_UINTS, .max = INT32_MAX, .null_as = 0, .bias = 1},
	[COL_WEIGHT] = {"threads[].samples.weight", JPLAN_UINTS, .max = INT32_MAX, .null_as = 1},
	[COL_CPU] = {"threads[].samples.threadCPUDelta", JPLAN_UINTS, .max = INT64_C(1) << 40, .null_as = 0},
	[COL_TIME] = {"threads[].samples.time", JPLAN_TIMES},
	[COL_TIME_DELTAS] = {"threads[].samples.timeDeltas", JPLAN_TIMES, .deltas = true},
};
const struct json_plan samply_plan = {columns, COL_COUNT};

/* One (library, address) -> name entry from a .syms.json sidecar. */
struct sym_entry {
	uint32_t lib;
	uint32_t address;
	const char *name; /* in the sidecar document */
};

struct ld {
	struct jr r;
	struct profile *p;
	const struct samply_opts *opts;
	const struct json *libs;
	size_t nlibs;
	const struct json *strings; /* the string array in force */
	size_t nstrings;
	uint32_t kernel_lib;        /* "kernel" pseudo-library for bare kernel IPs, made on demand */
	uint32_t no_stack_node;     /* "(no stack)" root, made on demand */
	VEC(struct sym_entry) syms; /* sorted by (lib, address) */
	char **lib_short;           /* per library: its name as unresolved frames show it, made on demand */
};

/* Local table indices of one table set mapped onto the profile. */
struct tabset {
	size_t nframes, nstacks;
	uint32_t *frame_map;
	uint32_t *stack_map;
};

static void tabset_release(struct tabset *t)
{
	free(t->frame_map);
	free(t->stack_map);
	memset(t, 0, sizeof(*t));
}

/* A column of a table object: an integer array of exactly LEN entries. */
static int64_t *column(struct ld *ld, const struct json *table, const char *key, size_t len, int64_t min,
		       int64_t max, bool null_ok, int64_t nullval, bool optional)
{
	const struct json *arr = optional ? jr_opt(&ld->r, table, key, JSON_ARRAY)
					  : jr_need(&ld->r, table, key, JSON_ARRAY);
	if (arr == NULL)
		return NULL;
	size_t n = 0;
	int64_t *col = jr_int_column(&ld->r, arr, min, max, null_ok, nullval, &n);
	if (col != NULL && n != len) {
		jr_error(&ld->r, arr, SIZE_MAX, "has %zu entries, but the table's length is %zu", n, len);
		free(col);
		return NULL;
	}
	return col;
}

static bool table_length(struct ld *ld, const struct json *table, size_t *len)
{
	int64_t n;
	if (!jr_int(&ld->r, table, "length", 0, INT32_MAX, false, 0, &n))
		return false;
	*len = (size_t)n;
	return true;
}

static const char *string_at(struct ld *ld, size_t i)
{
	const struct json *s = json_at(ld->strings, i);
	if (s == NULL || json_type(s) != JSON_STRING) {
		jr_error(&ld->r, ld->strings, i, "expected a string");
		return NULL;
	}
	return json_str(s);
}

/* Text of a number-or-string member (pid and tid are numbers before v46, strings after). */
static const char *id_text(struct ld *ld, const struct json *obj, const char *key, char *buf, size_t cap)
{
	const struct json *v = json_get(obj, key);
	if (v == NULL || json_type(v) == JSON_NULL)
		return "";
	if (json_type(v) == JSON_STRING)
		return json_str(v);
	int64_t n;
	if (json_type(v) == JSON_NUMBER && json_i64(v, &n)) {
		snprintf(buf, cap, "%lld", (long long)n);
		return buf;
	}
	jr_error(&ld->r, v, SIZE_MAX, "expected a number or a string");
	return NULL;
}

static const char *lib_text(struct ld *ld, const struct json *lib, const char *key)
{
	const char *s = jr_str(&ld->r, lib, key, true);
	return s ? s : "";
}

static bool is_kernel_ip_name(const char *s)
{
	/* Live-record kernel IPs: "0xffffffff8..." (samply-format.md §6.4, P18). */
	if (strncmp(s, "0xffff", 6) != 0 || strlen(s) != 18)
		return false;
	for (s += 2; *s; s++)
		if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
			return false;
	return true;
}

/* ---- libraries and the user's binary ---- */

static bool bracketed(const char *s)
{
	size_t n = strlen(s);
	return n >= 2 && s[0] == '[' && s[n - 1] == ']';
}

static int load_libs(struct ld *ld)
{
	ld->libs = jr_need(&ld->r, json_doc_root(ld->r.doc), "libs", JSON_ARRAY);
	if (ld->libs == NULL)
		return -1;
	ld->nlibs = json_len(ld->libs);
	if (ld->nlibs >= UINT32_MAX / 2)
		return jr_error(&ld->r, ld->libs, SIZE_MAX, "too many libraries");
	for (size_t i = 0; i < ld->nlibs; i++) {
		const struct json *l = json_at(ld->libs, i);
		if (!jr_is(&ld->r, l, JSON_OBJECT))
			return -1;
		const char *name = jr_str(&ld->r, l, "name", false);
		if (name == NULL)
			return -1;
		struct pf_lib lib = {
			.name = profile_intern(ld->p, name),
			.path = profile_intern(ld->p, lib_text(ld, l, "path")),
			.debug_name = profile_intern(ld->p, lib_text(ld, l, "debugName")),
			.debug_path = profile_intern(ld->p, lib_text(ld, l, "debugPath")),
			.code_id = profile_intern(ld->p, lib_text(ld, l, "codeId")),
			.breakpad_id = profile_intern(ld->p, lib_text(ld, l, "breakpadId")),
		};
		if (ld->r.failed)
			return -1;
		if (bracketed(name) || strncmp(name, "perf-", 5) == 0 || strncmp(name, "jit-", 4) == 0)
			lib.flags |= PF_LIB_SPECIAL;
		if (strcmp(name, "[kernel.kallsyms]") == 0 || strstr(lib_text(ld, l, "path"), ".ko") != NULL)
			lib.flags |= PF_LIB_KERNEL;
		profile_add_lib(ld->p, &lib);
	}
	return 0;
}

/* An optional text member as load_libs() keeps it: absent, null and "" are all no text. */
static const char *query_text(const struct json *lib, const char *key)
{
	const struct json *v = json_get(lib, key);
	const char *s = json_type(v) == JSON_STRING ? json_str(v) : NULL;
	return s && *s ? s : NULL;
}

void samply_lib_ids(const struct json *libs, void (*fn)(void *ctx, const struct samply_lib_ids *l), void *ctx)
{
	for (size_t i = 0; i < json_len(libs); i++) {
		const struct json *l = json_at(libs, i);
		struct samply_lib_ids ids = {.name = query_text(l, "name"),
					     .path = query_text(l, "path"),
					     .debug_name = query_text(l, "debugName"),
					     .debug_path = query_text(l, "debugPath"),
					     .code_id = query_text(l, "codeId"),
					     .breakpad_id = query_text(l, "breakpadId")};
		if (json_type(l) == JSON_OBJECT && ids.name != NULL)
			fn(ctx, &ids);
	}
}

uint32_t samply_main_lib(const struct profile *p)
{
	for (size_t i = 0; i < p->libs.len; i++)
		if (p->libs.items[i].flags & PF_LIB_MAIN)
			return (uint32_t)i;
	return PF_NONE;
}

/* ---- the presymbolication sidecar (samply-format.md §9) ---- */

char *samply_sidecar_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - path) : strlen(path);
	return xasprintf("%.*s.syms.json", (int)stem, path);
}

static int sym_cmp(const void *a, const void *b)
{
	const struct sym_entry *x = a, *y = b;
	if (x->lib != y->lib)
		return x->lib < y->lib ? -1 : 1;
	return x->address < y->address ? -1 : x->address > y->address;
}

/* debug_id "5c0a0d51-ea19-80df-43f2-03b4525be9be-1" vs breakpadId "5C0A0D51EA1980DF43F203B4525BE9BE1". */
static bool same_debug_id(const char *debug_id, const char *breakpad)
{
	size_t k = 0;
	for (const char *s = debug_id; *s && k < 32; s++) {
		if (*s == '-')
			continue;
		char a = *s >= 'A' && *s <= 'Z' ? (char)(*s + 32) : *s;
		char b = breakpad[k] >= 'A' && breakpad[k] <= 'Z' ? (char)(breakpad[k] + 32) : breakpad[k];
		if (b == '\0' || a != b)
			return false;
		k++;
	}
	return k == 32;
}

static int load_sidecar(struct ld *ld)
{
	const struct json_doc *doc = ld->opts ? ld->opts->syms : NULL;
	if (doc == NULL)
		return 0;
	struct jr r = jr_begin(doc);
	const struct json *root = json_doc_root(doc);
	const struct json *strs = jr_need(&r, root, "string_table", JSON_ARRAY);
	const struct json *data = jr_need(&r, root, "data", JSON_ARRAY);
	for (size_t d = 0; !r.failed && d < json_len(data); d++) {
		const struct json *ls = json_at(data, d);
		if (!jr_is(&r, ls, JSON_OBJECT))
			break;
		const char *dname = jr_str(&r, ls, "debug_name", false);
		const char *did = jr_str(&r, ls, "debug_id", false);
		const struct json *table = jr_need(&r, ls, "symbol_table", JSON_ARRAY);
		const struct json *known = jr_need(&r, ls, "known_addresses", JSON_ARRAY);
		if (r.failed)
			break;
		for (uint32_t lib = 0; lib < ld->p->libs.len; lib++) {
			const struct pf_lib *pl = &ld->p->libs.items[lib];
			if (strcmp(profile_str(ld->p, pl->debug_name), dname) != 0 ||
			    !same_debug_id(did, profile_str(ld->p, pl->breakpad_id)))
				continue;
			for (size_t k = 0; !r.failed && k < json_len(known); k++) {
				const struct json *pair = json_at(known, k);
				int64_t rva, si, name;
				if (!jr_is(&r, pair, JSON_ARRAY))
					break;
				if (json_len(pair) != 2) {
					jr_error(&r, pair, SIZE_MAX, "expected [address, symbol index]");
					break;
				}
				if (!jr_int_at(&r, pair, 0, 0, UINT32_MAX, false, 0, &rva) ||
				    !jr_int_at(&r, pair, 1, 0, (int64_t)json_len(table) - 1, false, 0, &si) ||
				    !jr_int(&r, json_at(table, (size_t)si), "symbol", 0,
					    (int64_t)json_len(strs) - 1, false, 0, &name))
					break;
				const struct json *s = json_at(strs, (size_t)name);
				if (!jr_is(&r, s, JSON_STRING))
					break;
				struct sym_entry e = {
					.lib = lib, .address = (uint32_t)rva, .name = json_str(s)};
				vec_push(&ld->syms, e);
			}
		}
	}
	if (r.failed)
		return -1;
	if (ld->syms.len > 0)
		qsort(ld->syms.items, ld->syms.len, sizeof(struct sym_entry), sym_cmp);
	return 0;
}

static const char *sidecar_name(const struct ld *ld, uint32_t lib, uint32_t address)
{
	struct sym_entry key = {.lib = lib, .address = address};
	const struct sym_entry *e = ld->syms.len ? bsearch(&key, ld->syms.items, ld->syms.len,
							   sizeof(key), sym_cmp)
						 : NULL;
	return e ? e->name : NULL;
}

/* ---- frames and stacks ---- */

static uint32_t kernel_lib(struct ld *ld)
{
	if (ld->kernel_lib == PF_NONE) {
		struct pf_lib lib = {.name = profile_intern(ld->p, "kernel"),
				     .flags = PF_LIB_SPECIAL | PF_LIB_KERNEL};
		ld->kernel_lib = profile_add_lib(ld->p, &lib);
	}
	return ld->kernel_lib;
}

/* "LIB+0xADDR" for an unresolved frame. Every frame of a library repeats its name,
 * so a long one is shortened once, in the middle (a 4 MiB name on 1000 frames
 * made 4 GiB of names): each such name stays under 80 bytes. */
#define LIB_IN_NAME_MAX 64

static uint32_t unresolved_name(struct ld *ld, uint32_t lib, uint32_t address)
{
	if (ld->lib_short == NULL)
		ld->lib_short = xcalloc(ld->nlibs + 1, sizeof(*ld->lib_short)); /* the file's libs */
	if (ld->lib_short[lib] == NULL) {
		uint32_t id = ld->p->libs.items[lib].name;
		ld->lib_short[lib] = text_shorten(profile_str(ld->p, id), strmap_len(&ld->p->strings, id),
						  LIB_IN_NAME_MAX);
	}
	char buf[LIB_IN_NAME_MAX + 16];
	snprintf(buf, sizeof(buf), "%s+0x%x", ld->lib_short[lib], (unsigned)address);
	return profile_intern(ld->p, buf);
}

/* True when NAME is exactly "0x%x" of ADDRESS: samply's placeholder for an unsymbolicated frame. */
static bool is_hex_of(const char *name, int64_t address)
{
	char buf[24];
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)address);
	return strcmp(name, buf) == 0;
}

/* Where the funcTable says a function is: a script URL or source file, its first line and column
 * (0: unknown). Firefox fills it for JS; two functions of one name in two bundles differ only here. */
struct func_loc {
	const char *file;
	uint32_t line, column;
};

static uint32_t make_frame(struct ld *ld, const char *name, int64_t address, int64_t lib,
			   int64_t inline_depth, int64_t line, const struct func_loc *loc)
{
	struct profile *p = ld->p;
	struct pf_func fn = {.lib = PF_NONE};
	if (loc->file != NULL) { /* an unresolved address has none; the symbolicator gives it one */
		fn.file = profile_intern(p, loc->file);
		fn.line = loc->line;
		fn.column = loc->column;
	}
	struct pf_frame fr = {.lib = PF_NONE, .address = PF_NO_ADDRESS, .line = (uint32_t)line};
	if (address >= 0 && lib >= 0) {
		const char *known = sidecar_name(ld, (uint32_t)lib, (uint32_t)address);
		fn.lib = fr.lib = (uint32_t)lib;
		fr.address = (uint64_t)address;
		if (known != NULL) {
			fn.name = profile_intern(p, known);
		} else if (is_hex_of(name, address)) {
			fn.name = unresolved_name(ld, (uint32_t)lib, (uint32_t)address);
			fn.flags |= PF_FUNC_UNRESOLVED;
		} else {
			fn.name = profile_intern(p, name);
		}
	} else {
		/* Labels, unknown addresses and bare kernel IPs keep the file's text. */
		fn.name = profile_intern(p, name);
		if (lib >= 0)
			fn.lib = fr.lib = (uint32_t)lib;
		else if (is_kernel_ip_name(name))
			fn.lib = fr.lib = kernel_lib(ld);
	}
	if (inline_depth > 0)
		fr.flags |= PF_FRAME_INLINED;
	fr.func = profile_intern_func(p, &fn);
	return profile_intern_frame(p, &fr);
}

/* Each function's file as a string index, -1 for none, or NULL when the table has no files:
 * funcTable.fileName up to v57; from v58 funcTable.source, a row of shared.sources whose
 * `filename` is the string. */
static int64_t *func_files(struct ld *ld, const struct json *fn, size_t nfuncs)
{
	int64_t maxstr = (int64_t)ld->nstrings - 1;
	if (json_get(fn, "source") == NULL)
		return column(ld, fn, "fileName", nfuncs, 0, maxstr, true, -1, true);
	const struct json *shared = json_get(json_doc_root(ld->r.doc), "shared");
	if (shared == NULL) {
		jr_error(&ld->r, json_get(fn, "source"), SIZE_MAX,
			 "names sources, but there is no shared.sources");
		return NULL;
	}
	const struct json *src = jr_need(&ld->r, shared, "sources", JSON_OBJECT);
	size_t nsrc;
	if (src == NULL || !table_length(ld, src, &nsrc))
		return NULL;
	int64_t *name = column(ld, src, "filename", nsrc, 0, maxstr, true, -1, false);
	int64_t *file = column(ld, fn, "source", nfuncs, 0, (int64_t)nsrc - 1, true, -1, false);
	if (name != NULL && file != NULL)
		for (size_t i = 0; i < nfuncs; i++)
			file[i] = file[i] >= 0 ? name[file[i]] : -1;
	free(name);
	return file;
}

static int load_frames(struct ld *ld, const struct json *owner, struct tabset *ts)
{
	struct jr *r = &ld->r;
	const struct json *ft = jr_need(r, owner, "frameTable", JSON_OBJECT);
	const struct json *fn = jr_need(r, owner, "funcTable", JSON_OBJECT);
	const struct json *rt = jr_need(r, owner, "resourceTable", JSON_OBJECT);
	size_t nframes, nfuncs, nres;
	if (r->failed || !table_length(ld, ft, &nframes) || !table_length(ld, fn, &nfuncs) ||
	    !table_length(ld, rt, &nres))
		return -1;
	int64_t maxlib = (int64_t)ld->nlibs - 1;
	int64_t *res_lib = column(ld, rt, "lib", nres, 0, maxlib, true, -1, false);
	int64_t *fn_name = column(ld, fn, "name", nfuncs, 0, (int64_t)ld->nstrings - 1, false, 0, false);
	int64_t *fn_res = column(ld, fn, "resource", nfuncs, -1, (int64_t)nres - 1, true, -1, false);
	int64_t *address = column(ld, ft, "address", nframes, -1, UINT32_MAX, true, -1, false);
	int64_t *func = column(ld, ft, "func", nframes, 0, (int64_t)nfuncs - 1, false, 0, false);
	int64_t *depth = column(ld, ft, "inlineDepth", nframes, 0, INT32_MAX, true, 0, true);
	int64_t *line = column(ld, ft, "line", nframes, 0, UINT32_MAX - 1, true, 0, true);
	/* Firefox v70 moves the library onto the frame; samply has not, but reading it costs nothing. */
	int64_t *frame_lib = column(ld, ft, "lib", nframes, -1, maxlib, true, -1, true);
	int64_t *fn_line = column(ld, fn, "lineNumber", nfuncs, 0, UINT32_MAX, true, 0, true);
	int64_t *fn_col = column(ld, fn, "columnNumber", nfuncs, 0, UINT32_MAX, true, 0, true);
	int64_t *fn_file = func_files(ld, fn, nfuncs);
	int rc = -1;
	if (r->failed)
		goto out;
	ts->nframes = nframes;
	ts->frame_map = xreallocarray(NULL, nframes ? nframes : 1, sizeof(uint32_t));
	for (size_t i = 0; i < nframes; i++) {
		int64_t f = func[i];
		int64_t lib = frame_lib ? frame_lib[i] : fn_res[f] >= 0 ? res_lib[fn_res[f]] : -1;
		const char *name = string_at(ld, (size_t)fn_name[f]);
		struct func_loc loc = {NULL, 0, 0};
		if (fn_file && fn_file[f] >= 0 && (loc.file = string_at(ld, (size_t)fn_file[f])) == NULL)
			goto out;
		if (name == NULL)
			goto out;
		if (loc.file != NULL) {
			loc.line = fn_line ? (uint32_t)fn_line[f] : 0;
			loc.column = fn_col ? (uint32_t)fn_col[f] : 0;
		}
		ts->frame_map[i] =
			make_frame(ld, name, address[i], lib, depth ? depth[i] : 0, line ? line[i] : 0, &loc);
	}
	rc = 0;
out:
	free(res_lib);
	free(fn_name);
	free(fn_res);
	free(address);
	free(func);
	free(depth);
	free(line);
	free(frame_lib);
	free(fn_line);
	free(fn_col);
	free(fn_file);
	return rc;
}

static int load_stacks(struct ld *ld, const struct json *owner, struct tabset *ts)
{
	struct jr *r = &ld->r;
	const struct json *st = jr_need(r, owner, "stackTable", JSON_OBJECT);
	size_t n;
	if (st == NULL || !table_length(ld, st, &n))
		return -1;
	int64_t *frame = column(ld, st, "frame", n, 0, (int64_t)ts->nframes - 1, false, 0, false);
	bool offsets = json_get(st, "prefix") == NULL && json_get(st, "prefixOffset") != NULL;
	/* prefix: parent index, null at roots (<= v65); prefixOffset: i - parent, 0 at roots (v66+). */
	int64_t *link = offsets ? column(ld, st, "prefixOffset", n, 0, INT32_MAX, false, 0, false)
				: column(ld, st, "prefix", n, 0, (int64_t)n - 1, true, -1, false);
	int rc = -1;
	if (r->failed)
		goto out;
	ts->nstacks = n;
	ts->stack_map = xreallocarray(NULL, n ? n : 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		int64_t parent = offsets ? (link[i] == 0 ? -1 : (int64_t)i - link[i]) : link[i];
		if (parent >= (int64_t)i || (offsets && parent < -1)) {
			/* Parents precede children in every samply file; anything else could be a cycle. */
			jr_error(r, json_get(st, offsets ? "prefixOffset" : "prefix"), i,
				 "parent stack %lld does not precede stack %zu", (long long)parent, i);
			goto out;
		}
		uint32_t pg = parent < 0 ? PF_NONE : ts->stack_map[parent];
		ts->stack_map[i] = profile_intern_stack(ld->p, pg, ts->frame_map[frame[i]]);
	}
	rc = 0;
out:
	free(frame);
	free(link);
	return rc;
}

static int load_tables(struct ld *ld, const struct json *owner, struct tabset *ts)
{
	if (load_frames(ld, owner, ts) != 0 || load_stacks(ld, owner, ts) != 0)
		return -1;
	return 0;
}

static int use_strings(struct ld *ld, const struct json *shared, const struct json *thread)
{
	const struct json *owner =
		shared && (json_get(shared, "stringArray") || thread == NULL) ? shared : thread;
	ld->strings = jr_need(&ld->r, owner, "stringArray", JSON_ARRAY);
	ld->nstrings = json_len(ld->strings);
	return ld->strings ? 0 : -1;
}

static uint32_t no_stack_node(struct ld *ld)
{
	if (ld->no_stack_node == PF_NONE) {
		uint32_t fr = profile_func_frame(ld->p, profile_intern(ld->p, "(no stack)"), 0, PF_NONE, 0, 0,
						 PF_FUNC_SYNTHETIC);
		ld->no_stack_node = profile_intern_stack(ld->p, PF_NONE, fr);
	}
	return ld->no_stack_node;
}

/* ---- samples ---- */

struct totals {
	int64_t cpu;          /* non-excluded threads */
	int64_t cpu_all, weight_all; /* every sample: each metric's sum must fit in int64 (profile.h) */
	double t_min, t_max;  /* sample times, ms */
	size_t threads, excluded;
	double cpu_scale;     /* 1 for µs, 1/1000 for ns, 0 when the unit is unusable */
	/* CPU as weight x interval, rounded per sample, per row: what cpu_fallback() puts in place
	 * of threadCPUDelta when that is all zero (known only at the end) */
	double interval_ms;
	VEC(int64_t) estimate;
	int64_t estimate_all;
	bool estimate_overflows;
	int64_t last_weight, last_estimate; /* the last weight's estimate (weights are mostly 1) */
};

/* Adds one sample's CPU estimate to ROW's; past 2^63 - 1 µs, in one sample or in sum, the
 * estimate is unusable (cpu_fallback() refuses it if it is needed). */
static void add_estimate(struct totals *tot, size_t row, int64_t w)
{
	if (w != tot->last_weight) {
		double us = round((double)w * tot->interval_ms * 1000.0);
		tot->last_weight = w;
		tot->last_estimate = us < 0x1p63 ? (int64_t)us : -1;
	}
	if (tot->estimate_overflows || tot->last_estimate < 0 ||
	    __builtin_add_overflow(tot->estimate_all, tot->last_estimate, &tot->estimate_all)) {
		tot->estimate_overflows = true;
		return;
	}
	while (tot->estimate.len <= row)
		vec_push(&tot->estimate, 0);
	tot->estimate.items[row] += tot->last_estimate; /* at most estimate_all */
}

/* COUNT calls of add_estimate(TOT, ROW, W) at once: the same sums, and the same overflow (every
 * estimate is non-negative, so the total passes 2^63 - 1 in one go or not at all). */
static void add_estimates(struct totals *tot, size_t row, int64_t w, uint64_t count)
{
	add_estimate(tot, row, w); /* the first: its weight's estimate, the checks, the row */
	uint64_t more;
	if (tot->estimate_overflows || count == 1)
		return;
	if (__builtin_mul_overflow((uint64_t)tot->last_estimate, count - 1, &more) || more > INT64_MAX ||
	    __builtin_add_overflow(tot->estimate_all, (int64_t)more, &tot->estimate_all)) {
		tot->estimate_overflows = true;
		return;
	}
	tot->estimate.items[row] += (int64_t)more; /* at most estimate_all */
}

/* The column of sample array ARR (NULL: none), which the plan read as entry K. */
static const struct jcol *column_of(struct ld *ld, const struct json *arr, size_t k)
{
	const struct jcol *c = json_column(arr);
	if (arr != NULL && (c == NULL || c->entry != &columns[k])) {
		jr_error(&ld->r, arr, SIZE_MAX, "not read by the samply plan (an internal error)");
		return NULL;
	}
	return c;
}

/* An optional sample column: absent is fine, present must have N entries. */
static const struct json *sample_column(struct ld *ld, const struct json *s, const char *key, size_t n,
					 bool optional)
{
	const struct json *arr =
		optional ? jr_opt(&ld->r, s, key, JSON_ARRAY) : jr_need(&ld->r, s, key, JSON_ARRAY);
	if (arr != NULL && json_len(arr) != n) {
		jr_error(&ld->r, arr, SIZE_MAX, "has %zu entries, but samples.length is %zu", json_len(arr),
			 n);
		return NULL;
	}
	return arr;
}

/* Sample times (ms) from `time` or, v53+, the prefix sum of `timeDeltas` (spec P3). */
static int sample_times(struct ld *ld, const struct json *s, size_t n, struct totals *tot)
{
	const struct json *time = sample_column(ld, s, "time", n, true);
	const struct json *deltas = time || ld->r.failed ? NULL : sample_column(ld, s, "timeDeltas", n, true);
	if (ld->r.failed)
		return -1;
	if (time == NULL && deltas == NULL)
		return jr_error(&ld->r, s, SIZE_MAX, "has neither \"time\" nor \"timeDeltas\"");
	const struct jcol *c = time ? column_of(ld, time, COL_TIME) : column_of(ld, deltas, COL_TIME_DELTAS);
	if (c == NULL)
		return -1;
	size_t bad = c->bad;
	bool not_finite = c->not_finite;
	tot->t_min = fmin(tot->t_min, c->t_min);
	tot->t_max = fmax(tot->t_max, c->t_max);
	if (bad != SIZE_MAX)
		return jr_error(&ld->r, time ? time : deltas, bad,
				not_finite ? "time is not finite" : "expected a number");
	return 0;
}

static bool summed = true;

void samply_set_summed(bool on)
{
	summed = on;
}

/* add_samples() for the common case, where no sample can be refused and no sum can overflow:
 * the samples are first counted and their CPU summed per stack index (no lookup, no check per
 * sample), then the indices become rows in the order of their first sample, which is the
 * order the per-sample loop gives them. False, with nothing changed, when the case is not
 * that one: a CPU unit to convert per sample, weights that vary, a stack out of range. */
static bool add_samples_summed(struct ld *ld, size_t n, const struct tabset *ts, uint32_t tid, bool excluded,
			       struct totals *tot, const struct jcol *stack, const struct jcol *weight,
			       const struct jcol *cpu)
{
	uint64_t cpu_bound = cpu == NULL ? 0 : cpu->width == 0 ? cpu->konst : (UINT64_C(1) << (8 * cpu->width)) - 1;
	int64_t w = weight ? (int64_t)weight->konst : 1;
	unsigned __int128 cpu_most = (unsigned __int128)n * cpu_bound, weight_most = (unsigned __int128)n * (uint64_t)w;
	if ((cpu && cpu->width == 8) || (weight && weight->width != 0) || (cpu && tot->cpu_scale != 1.0) ||
	    cpu_most > (unsigned __int128)(INT64_MAX - tot->cpu_all) ||
	    weight_most > (unsigned __int128)(INT64_MAX - tot->weight_all))
		return false;
	size_t nidx = ts->nstacks + 1; /* stack index + 1; 0 for no stack */
	uint64_t *count = xcalloc(nidx, sizeof(*count)), *cpu_sum = xcalloc(nidx, sizeof(*cpu_sum));
	uint32_t *order = xreallocarray(NULL, nidx, sizeof(*order));
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t st = jcol_get(stack, i);
		if (st >= nidx) { /* out of range: the per-sample loop says so where it comes */
			free(count), free(cpu_sum), free(order);
			return false;
		}
		if (count[st]++ == 0)
			order[k++] = (uint32_t)st;
		if (cpu)
			cpu_sum[st] += jcol_get(cpu, i);
	}
	struct profile *p = ld->p;
	struct u64map row_of = {0}; /* stack node -> its row in this thread */
	for (size_t j = 0; j < k; j++) {
		uint32_t st = order[j];
		int64_t v[3];
		v[SAMPLY_METRIC_CPU] = (int64_t)cpu_sum[st];
		v[SAMPLY_METRIC_SAMPLES] = (int64_t)count[st];
		v[SAMPLY_METRIC_WEIGHT] = (int64_t)count[st] * w; /* all within the bounds checked above */
		tot->cpu_all += v[SAMPLY_METRIC_CPU];
		tot->weight_all += v[SAMPLY_METRIC_WEIGHT];
		if (!excluded)
			tot->cpu += v[SAMPLY_METRIC_CPU];
		uint32_t node = st == 0 ? no_stack_node(ld) : ts->stack_map[st - 1];
		uint32_t *slot = u64map_slot(&row_of, node);
		if (*slot == HTAB_NONE) {
			*slot = (uint32_t)p->sample_count;
			profile_add_sample(p, node, tid, v);
		} else {
			for (size_t m = 0; m < p->metric_count; m++)
				p->sample_values[m][*slot] += v[m];
		}
		add_estimates(tot, *slot, w, count[st]);
	}
	u64map_release(&row_of);
	free(count), free(cpu_sum), free(order);
	return true;
}

/* Samples go straight from the columns into the profile, summed per stack:
 * no view needs them one by one, and millions of samples become as many rows
 * as the thread has distinct stacks (the samples metric counts them). */
static int add_samples(struct ld *ld, const struct json *s, size_t n, const struct tabset *ts, uint32_t tid,
		       bool excluded, struct totals *tot, const struct jcol *const col[3],
		       const struct json *const arr[3])
{
	struct jr *r = &ld->r;
	const struct jcol *stack = col[0], *weight = col[1], *cpu = col[2];
	struct profile *p = ld->p;
	int64_t maxstack = (int64_t)ts->nstacks - 1;
	/* the first element refused (stack before weight before CPU in one sample), where the loop stops */
	size_t stop = n;
	for (size_t k = 0; k < 3; k++)
		if (col[k] != NULL && col[k]->bad < stop)
			stop = col[k]->bad;
	if (stop == n && summed && add_samples_summed(ld, n, ts, tid, excluded, tot, stack, weight, cpu))
		return 0;
	struct u64map row_of = {0}; /* stack node -> its row in this thread */
	/* the same per stack index (+ 1, 0 for no stack), HTAB_NONE until seen: no hashing per sample */
	uint32_t *row_of_index = xreallocarray(NULL, ts->nstacks + 1, sizeof(uint32_t));
	memset(row_of_index, 0xff, (ts->nstacks + 1) * sizeof(uint32_t));
	_Static_assert(HTAB_NONE == UINT32_MAX, "row_of_index is filled with 0xff bytes");
	int rc = -1;
	for (size_t i = 0; i < stop; i++) {
		int64_t v[3], st = (int64_t)jcol_get(stack, i) - 1, c = 0, w = 1;
		if (st > maxstack) {
			struct jnum bad = {.kind = JNUM_INT, .i = st};
			jr_elem_error(r, arr[0], i, &bad, 0, maxstack);
			goto out;
		}
		if (weight)
			w = (int64_t)jcol_get(weight, i);
		if (cpu)
			c = (int64_t)jcol_get(cpu, i);
		v[SAMPLY_METRIC_CPU] =
			tot->cpu_scale == 1.0 ? c : (int64_t)llround((double)c * tot->cpu_scale);
		v[SAMPLY_METRIC_SAMPLES] = 1;
		v[SAMPLY_METRIC_WEIGHT] = w;
		if (__builtin_add_overflow(tot->cpu_all, v[SAMPLY_METRIC_CPU], &tot->cpu_all) ||
		    __builtin_add_overflow(tot->weight_all, v[SAMPLY_METRIC_WEIGHT], &tot->weight_all)) {
			jr_error(r, s, SIZE_MAX, "the CPU or weight total does not fit in 64 bits");
			goto out;
		}
		if (!excluded)
			tot->cpu += v[SAMPLY_METRIC_CPU]; /* at most cpu_all */
		uint32_t row = row_of_index[st + 1];
		if (row == HTAB_NONE) {
			uint32_t node = st < 0 ? no_stack_node(ld) : ts->stack_map[st];
			/* stack indices of one node share its row */
			uint32_t *slot = u64map_slot(&row_of, node);
			if (*slot == HTAB_NONE) {
				row = row_of_index[st + 1] = *slot = (uint32_t)p->sample_count;
				profile_add_sample(p, node, tid, v);
				add_estimate(tot, row, w);
				continue;
			}
			row = row_of_index[st + 1] = *slot;
		}
		for (size_t m = 0; m < p->metric_count; m++)
			p->sample_values[m][row] += v[m]; /* at most the metric's total, checked above */
		add_estimate(tot, row, w);
	}
	if (stop < n) {
		int64_t st = (int64_t)jcol_get(stack, stop) - 1;
		if (stack->bad != stop && st > maxstack) { /* a stack out of range comes first */
			struct jnum bad = {.kind = JNUM_INT, .i = st};
			jr_elem_error(r, arr[0], stop, &bad, 0, maxstack);
			goto out;
		}
		for (size_t k = 0; k < 3; k++)
			if (col[k] != NULL && col[k]->bad == stop) {
				int64_t hi = k == 0 ? maxstack : columns[k].max;
				jr_elem_error(r, arr[k], stop, &col[k]->bad_value, 0, hi);
				goto out;
			}
	}
	rc = 0;
out:
	u64map_release(&row_of);
	free(row_of_index);
	return rc;
}

static int load_samples(struct ld *ld, const struct json *thread, const struct tabset *ts, uint32_t tid,
			bool excluded, struct totals *tot)
{
	struct jr *r = &ld->r;
	const struct json *s = jr_need(r, thread, "samples", JSON_OBJECT);
	size_t n;
	if (s == NULL || !table_length(ld, s, &n))
		return -1;
	const struct json *arr[3] = {
		sample_column(ld, s, "stack", n, false),
		sample_column(ld, s, "weight", n, true),
		sample_column(ld, s, "threadCPUDelta", n, true),
	};
	if (r->failed || sample_times(ld, s, n, tot) != 0)
		return -1;
	_Static_assert(COL_STACK == 0 && COL_WEIGHT == 1 && COL_CPU == 2, "the columns of add_samples()");
	const struct jcol *col[3];
	for (size_t k = 0; k < 3; k++)
		if ((col[k] = column_of(ld, arr[k], k)) == NULL && arr[k] != NULL)
			return -1;
	return add_samples(ld, s, n, ts, tid, excluded, tot, col, arr);
}

static bool any_weight_but_one(const struct json *threads)
{
	for (size_t t = 0; t < json_len(threads); t++) {
		const struct json *w = json_get(json_get(json_at(threads, t), "samples"), "weight");
		if (json_type(w) != JSON_ARRAY)
			continue;
		/* an element neither null nor 1, non-numbers too (load_samples reports them) */
		const struct jcol *c = json_column(w);
		if (c == NULL || !jcol_all(c, 1))
			return true;
	}
	return false;
}

size_t samply_weight_metric(const struct profile *p)
{
	return p->metric_count > SAMPLY_METRIC_WEIGHT ? SAMPLY_METRIC_WEIGHT : SAMPLY_METRIC_SAMPLES;
}

/* ---- threads ---- */

static int load_thread(struct ld *ld, const struct json *t, const struct json *shared,
		       const struct tabset *shared_ts, struct totals *tot)
{
	struct jr *r = &ld->r;
	if (!jr_is(r, t, JSON_OBJECT))
		return -1;
	const struct json *s = jr_need(r, t, "samples", JSON_OBJECT);
	size_t n;
	if (s == NULL || !table_length(ld, s, &n))
		return -1;
	if (n == 0)
		return 0; /* common: threads that never ran while sampled (P7) */

	char pidbuf[24], tidbuf[24];
	struct samply_thread_desc d = {
		.name = jr_str(r, t, "name", false),
		.process_name = jr_str(r, t, "processName", true),
		.pid = id_text(ld, t, "pid", pidbuf, sizeof(pidbuf)),
		.tid = id_text(ld, t, "tid", tidbuf, sizeof(tidbuf)),
	};
	const struct json *main = jr_opt(r, t, "isMainThread", JSON_BOOL);
	if (r->failed || d.pid == NULL || d.tid == NULL)
		return -1;
	if (d.process_name == NULL)
		d.process_name = "";
	/* Before v46 the main thread is called GeckoMain and has no isMainThread. */
	d.is_main = main ? json_bool(main) : strcmp(d.name, "GeckoMain") == 0;
	if (strcmp(d.name, "GeckoMain") == 0 && d.process_name[0] != '\0')
		d.name = d.process_name;
	if (ld->opts && ld->opts->select_thread && !ld->opts->select_thread(ld->opts->select_ctx, &d))
		return 0;

	/* Per-CPU pseudo-threads (process "CPU", pid 0) repeat other threads' samples (P8). */
	bool excluded = strcmp(d.process_name, "CPU") == 0 && strtoll(d.pid, NULL, 10) == 0;
	struct pf_thread pt = {
		.name = profile_intern(ld->p, d.name),
		.process_name = profile_intern(ld->p, d.process_name),
		.pid = profile_intern(ld->p, d.pid),
		.tid = profile_intern(ld->p, d.tid),
		.is_main = d.is_main,
		.excluded = excluded,
	};
	uint32_t tid = profile_add_thread(ld->p, &pt);
	if (excluded)
		tot->excluded++;
	else
		tot->threads++;

	if (shared_ts != NULL)
		return load_samples(ld, t, shared_ts, tid, excluded, tot);
	struct tabset ts = {0};
	int rc = use_strings(ld, shared, t) == 0 && load_tables(ld, t, &ts) == 0 ? 0 : -1;
	if (rc == 0)
		rc = load_samples(ld, t, &ts, tid, excluded, tot);
	tabset_release(&ts);
	return rc;
}

static double cpu_unit_scale(struct ld *ld, const struct json *meta)
{
	const char *unit = json_str(json_get(json_get(meta, "sampleUnits"), "threadCPUDelta"));
	if (unit == NULL || strcmp(unit, "µs") == 0)
		return 1.0;
	if (strcmp(unit, "ns") == 0)
		return 1e-3;
	profile_warn(ld->p, "meta.sampleUnits.threadCPUDelta is \"%s\", not a time: its values are ignored",
		     unit);
	return 0.0;
}

/* No usable CPU deltas: estimate CPU as weight x interval, and say so (samply-format.md §7).
 * Weights up to 2^31 times intervals up to 1e9 ms can pass 2^63 µs, for one
 * sample or in sum: that is refused, never rounded into a negative number. */
static int cpu_fallback(struct ld *ld, const struct json *meta, double interval_ms,
			const struct totals *tot)
{
	struct profile *p = ld->p;
	if (tot->estimate_overflows)
		return jr_error(&ld->r, json_get(meta, "interval"), SIZE_MAX,
				"the CPU estimate (sample weight x interval) adds up to more than 2^63 - 1 µs");
	for (size_t i = 0; i < p->sample_count; i++)
		p->sample_values[SAMPLY_METRIC_CPU][i] = i < tot->estimate.len ? tot->estimate.items[i] : 0;
	p->metrics[SAMPLY_METRIC_CPU].label = "CPU time, estimated as sample weight x interval";
	profile_warn(
		p, "no threadCPUDelta in this profile: CPU is estimated as sample weight x interval (%g ms)",
		interval_ms);
	return 0;
}

static void add_summary(struct ld *ld, const struct json *meta, const struct totals *tot)
{
	struct profile *p = ld->p;
	const char *product = json_str(json_get(meta, "product"));
	const char *os = json_str(json_get(meta, "oscpu"));
	if (product != NULL)
		profile_add_info(p, "Product", product);
	if (os != NULL)
		profile_add_info(p, "OS", os);
	const char *threads =
		tot->excluded
			? profile_printf(p, "%zu with samples (+%zu per-CPU pseudo-thread%s, not counted)",
					 tot->threads, tot->excluded, tot->excluded == 1 ? "" : "s")
			: profile_printf(p, "%zu with samples", tot->threads);
	profile_add_info(p, "Threads", threads);
	if (tot->t_max >= tot->t_min) { /* in the unit the report's times use */
		char span[48];
		double us = round((tot->t_max - tot->t_min) * 1000.0);
		report_format_value(span, sizeof(span), us < 0x1p62 ? (int64_t)us : INT64_MAX / 2,
				    PF_UNIT_MICROSECONDS);
		profile_add_info(p, "Duration", profile_printf(p, "%s", span));
		profile_add_figure(p, "Duration", "duration", us < 0x1p62 ? (int64_t)us : INT64_MAX / 2,
				   PF_UNIT_MICROSECONDS);
	}
}

int samply_load(const struct json_doc *doc, struct profile *out, const void *vopts)
{
	struct ld ld = {.r = jr_begin(doc), .p = out, .opts = vopts, .kernel_lib = PF_NONE,
			.no_stack_node = PF_NONE};
	struct jr *r = &ld.r;
	const struct json *root = json_doc_root(doc);
	struct tabset shared_ts = {0};
	struct totals tot = {0};
	int rc = -1;
	if (!jr_is(r, root, JSON_OBJECT))
		goto out;
	const struct json *meta = jr_need(r, root, "meta", JSON_OBJECT);
	const struct json *threads = jr_need(r, root, "threads", JSON_ARRAY);
	const struct json *shared = jr_opt(r, root, "shared", JSON_OBJECT);
	int64_t version;
	double interval;
	if (r->failed || !jr_int(r, meta, "preprocessedProfileVersion", 0, INT32_MAX, true, -1, &version) ||
	    !jr_num(r, meta, "interval", true, 1.0, &interval))
		goto out;
	if (!(interval > 0 && interval < 1e9)) {
		jr_error(r, json_get(meta, "interval"), SIZE_MAX, "interval must be a positive number of ms");
		goto out;
	}

	out->format = "samply";
	out->format_detail = version >= 0 ? profile_printf(out, "processed profile v%lld", (long long)version)
					  : "processed profile (no version)";
	profile_add_metric(out, "cpu", "CPU time (threadCPUDelta)", PF_UNIT_MICROSECONDS);
	profile_add_metric(out, "samples", "sample count", PF_UNIT_COUNT);
	out->metrics[SAMPLY_METRIC_SAMPLES].counts_samples = true;
	if (any_weight_but_one(threads))
		profile_add_metric(out, "weight", "sample weight (on- and off-CPU intervals)", PF_UNIT_COUNT);
	out->default_metric = SAMPLY_METRIC_CPU;
	if (version > SAMPLY_NEWEST_KNOWN)
		profile_warn(out,
			     "preprocessedProfileVersion %lld is newer than profan knows (%d); reading it "
			     "by the fields it has",
			     (long long)version, SAMPLY_NEWEST_KNOWN);

	if (load_libs(&ld) != 0 || load_sidecar(&ld) != 0)
		goto out;
	profile_add_info(out, "Binary", ""); /* its place in the header; samply_choose_binary() fills it */

	tot = (struct totals){.t_min = INFINITY, .t_max = -INFINITY, .cpu_scale = cpu_unit_scale(&ld, meta),
			      .interval_ms = interval, .last_weight = -1};
	bool shared_tables = shared != NULL && json_get(shared, "frameTable") != NULL;
	if (shared_tables &&
	    (use_strings(&ld, shared, NULL) != 0 || load_tables(&ld, shared, &shared_ts) != 0))
		goto out;
	for (size_t i = 0; i < json_len(threads); i++)
		if (load_thread(&ld, json_at(threads, i), shared, shared_tables ? &shared_ts : NULL, &tot) !=
		    0)
			goto out;

	if (tot.cpu == 0 && out->sample_count > 0 && cpu_fallback(&ld, meta, interval, &tot) != 0)
		goto out;
	add_summary(&ld, meta, &tot);
	samply_choose_binary(out, ld.opts ? ld.opts->binary : NULL, json_str(json_get(meta, "product")));
	rc = 0;
out:
	tabset_release(&shared_ts);
	vec_free(&tot.estimate);
	vec_free(&ld.syms);
	for (size_t i = 0; ld.lib_short != NULL && i < ld.nlibs; i++)
		free(ld.lib_short[i]);
	free(ld.lib_short);
	return rc;
}

bool samply_sniff(const struct json *root)
{
	return json_type(root) == JSON_OBJECT && json_get(root, "meta") && json_get(root, "threads");
}

/* "meta" comes first as samply writes it ("threads" after "libs", which may be long); its
 * preprocessedProfileVersion says a processed profile, which a Gecko raw profile is not. */
bool samply_sniff_head(const struct json_head *h)
{
	enum json_type t;
	return h->root == JSON_OBJECT && json_head_has(h, "meta.preprocessedProfileVersion", &t) &&
	       t == JSON_NUMBER;
}
