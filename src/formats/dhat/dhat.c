/* dhat.c: valgrind DHAT JSON (dhatFileVersion 1 and 2), and the Rust dhat
 * crate's files in the same layout (docs/dhat-rs.md) -> the common profile model.
 *
 * One sample per distinct stack: program points whose frames are identical
 * (DHAT's below-main trimming and frame filtering can produce those) are summed.
 * Frames are listed innermost first in the file and become stack nodes root
 * first. Every counter is read as an exact int64. A function is its name in
 * funcname_simplify()'s form with its file or object; line and column sit on
 * the frame. Whose code a frame is, the ownership engine decides from the
 * evidence set here (PF_FUNC_TEXT, _FILE_TAIL, _SHARED_OBJECT,
 * profile.program); the loader decides none of it. */
#define _GNU_SOURCE /* memmem */
#include "dhat.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/funcname.h"
#include "profan/json_plan.h"

/* The program points (`pps`; `aps` in version 1), read from the stream into columns as the
 * document is parsed (json_plan.h), not into a tree of about 570 bytes a point: the counters a
 * point may have, in every version and mode of the format, and its stack `fs` of ftbl indices.
 * A member that is not what it should be is kept as read, and the loader says what is wrong
 * with the tree readers' words, in their order, when it needs that member. */
enum { K_TB, K_TBK, K_TL, K_TLI, K_MB, K_MBK, K_GB, K_GBK, K_EB, K_EBK, K_FB, K_FBK, K_RB, K_WB, K_FS, K_COUNT };
#define COUNTER(k) {k, JPLAN_INT, INT64_MAX}
static const struct jplan_member point_members[K_COUNT] = {
	[K_TB] = COUNTER("tb"),   [K_TBK] = COUNTER("tbk"), [K_TL] = COUNTER("tl"),   [K_TLI] = COUNTER("tli"),
	[K_MB] = COUNTER("mb"),   [K_MBK] = COUNTER("mbk"), [K_GB] = COUNTER("gb"),   [K_GBK] = COUNTER("gbk"),
	[K_EB] = COUNTER("eb"),   [K_EBK] = COUNTER("ebk"), [K_FB] = COUNTER("fb"),   [K_FBK] = COUNTER("fbk"),
	[K_RB] = COUNTER("rb"),   [K_WB] = COUNTER("wb"),   [K_FS] = {"fs", JPLAN_INDICES, INT32_MAX},
};
#undef COUNTER
_Static_assert(K_COUNT <= JPLAN_MEMBERS, "a point's members are one plan entry's");
static const struct jplan_entry points[] = {
	{"pps", JPLAN_ROWS, .members = point_members, .nmembers = K_COUNT},
	{"aps", JPLAN_ROWS, .members = point_members, .nmembers = K_COUNT},
};
const struct json_plan dhat_plan = {points, ARRAY_SIZE(points)};
const struct json_parse_opts dhat_json_opts = {.repair_missing_open_bracket = true, .plan = {&dhat_plan}};

/* ---------------------------------------------------------------- frame text */

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool all_digits(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return len > 0;
}

static bool parse_line(const char *s, size_t len, uint32_t *line)
{
	uint64_t v = 0;
	if (len == 0 || len > 9)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*line = (uint32_t)v;
	return true;
}

void dhat_split_frame(const char *text, size_t len, struct dhat_frame_text *out)
{
	memset(out, 0, sizeof(*out));
	const char *s = text;
	size_t n = len;
	/* "0xHEX: " prefix */
	if (n > 4 && s[0] == '0' && s[1] == 'x') {
		size_t i = 2;
		uint64_t a = 0;
		while (i < n && is_hex(s[i]) && i < 18) {
			a = a << 4 | (uint64_t)(s[i] <= '9' ? s[i] - '0' : (s[i] | 0x20) - 'a' + 10);
			i++;
		}
		if (i > 2 && i + 1 < n && s[i] == ':' && s[i + 1] == ' ') {
			out->has_address = true;
			out->address = a;
			s += i + 2;
			n -= i + 2;
		}
	}
	out->name = s;
	out->name_len = n;
	/* the location is the last " (...)" group, and only if it looks like one */
	if (n < 4 || s[n - 1] != ')')
		return;
	size_t open = SIZE_MAX;
	for (size_t i = n - 1; i-- > 1;)
		if (s[i] == '(' && s[i - 1] == ' ') {
			open = i;
			break;
		}
	if (open == SIZE_MAX)
		return;
	const char *loc = s + open + 1;
	size_t loc_len = n - open - 2;
	if (loc_len > 3 && memcmp(loc, "in ", 3) == 0) {
		out->object = loc + 3;
		out->object_len = loc_len - 3;
	} else {
		size_t colon = SIZE_MAX;
		for (size_t i = loc_len; i-- > 0;)
			if (loc[i] == ':') {
				colon = i;
				break;
			}
		if (colon != SIZE_MAX && colon > 0 && all_digits(loc + colon + 1, loc_len - colon - 1) &&
		    loc_len - colon - 1 > 9)
			out->long_number = true; /* not a file name with digits, nor a name: refused */
		if (colon == SIZE_MAX || colon == 0 ||
		    !parse_line(loc + colon + 1, loc_len - colon - 1, &out->line))
			return; /* "(something)" that is part of the name */
		/* dhat-rs: "file:line:col" */
		size_t before = colon;
		while (before > 0 && loc[before - 1] != ':')
			before--;
		uint32_t line;
		if (before > 1 && all_digits(loc + before, colon - before) && colon - before > 9)
			out->long_number = true;
		if (before > 1 && parse_line(loc + before, colon - before, &line)) {
			out->column = out->line;
			out->line = line;
			colon = before - 1;
		}
		out->file = loc;
		out->file_len = colon;
	}
	out->name_len = open - 1;
}

/* ---------------------------------------------------------------- evidence */

/* Whose code a frame is, the ownership engine decides (docs/ownership.md, rows text-source and
 * tail-crate); the loader gives it what only the frame texts tell: PF_FUNC_TEXT on every
 * function, PF_FUNC_FILE_TAIL on the dhat crate's, PF_FUNC_SHARED_OBJECT where valgrind's
 * layout puts a frame without an object among the shared objects, and the program's name
 * (profile.program). */

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* ---------------------------------------------------------------- loading */

enum { F_TB, F_TBK, F_TL, F_MB, F_MBK, F_GB, F_GBK, F_EB, F_EBK, F_RB, F_WB, F_COUNT, F_FS = F_COUNT };

struct loader {
	struct jr r;
	struct profile *p;
	struct dhat_meta meta;
	const struct json *ftbl;
	size_t ftbl_len;
	/* per ftbl entry, built on first use; address and frames side by side: a stack's every
	 * frame reads both, at an index anywhere in the table (one cache miss, not two) */
	struct ftbl_entry {
		uint64_t addr;     /* PF_NO_ADDRESS when the text has none */
		uint32_t frame[2]; /* [not inlined, inlined] frame ids, PF_NONE until built */
	} *entry;
	bool keep_texts;       /* dhat_load_opts.frame_texts */
	/* an entry's text after its address (with inlined and shared-object bits) -> the ftbl index
	 * whose frame was first made from it: one function at other addresses (other copies of a
	 * program, generics folded at one address) is named, simplified and interned once */
	struct u64map by_rest;
	bool layout_known;     /* the executable lies below DHAT_SHARED_OBJECTS_FROM */
	uint32_t *lib_of_path; /* string id -> lib index + 1 */
	size_t lib_of_path_len;
	/* field name in the file -> metric index, SIZE_MAX when absent */
	const char *key[F_COUNT];
	size_t metric[F_COUNT];
	const char *pps_key; /* "pps", or version 1's "aps" */
	int column[F_COUNT]; /* field -> its member of the points' rows (K_*) */
	/* leaf stack node -> its sample, to merge identical stacks (PF_NONE: no stack) */
	struct htab sample_of_leaf;
};

static uint32_t lib_for(struct loader *L, const char *path, size_t len)
{
	struct profile *p = L->p;
	uint32_t id = strmap_intern_len(&p->strings, path, len);
	if (id >= L->lib_of_path_len) {
		size_t n = (size_t)id * 2 + 16;
		L->lib_of_path = xreallocarray(L->lib_of_path, n, sizeof(*L->lib_of_path));
		memset(L->lib_of_path + L->lib_of_path_len, 0,
		       (n - L->lib_of_path_len) * sizeof(*L->lib_of_path));
		L->lib_of_path_len = n;
	}
	if (L->lib_of_path[id] == 0) {
		const char *full = profile_str(p, id);
		struct pf_lib lib = {.name = profile_intern(p, base_name(full)), .path = id};
		if (L->meta.exe && strcmp(base_name(full), base_name(L->meta.exe)) == 0)
			lib.flags |= PF_LIB_MAIN;
		L->lib_of_path[id] = profile_add_lib(p, &lib) + 1;
	}
	return L->lib_of_path[id] - 1;
}

/* The frame for ftbl[idx], as an inlined callee or not. */
static uint32_t frame_for(struct loader *L, size_t idx, bool inlined)
{
	if (L->entry[idx].frame[inlined] != PF_NONE)
		return L->entry[idx].frame[inlined];
	struct profile *p = L->p;
	const struct json *s = json_at(L->ftbl, idx);
	struct dhat_frame_text ft;
	dhat_split_frame(json_str(s), json_str_len(s), &ft);
	bool shared = L->layout_known && ft.has_address && ft.address >= DHAT_SHARED_OBJECTS_FROM;
	uint32_t *same = NULL;
	if (ft.has_address) { /* the rest of the text decides everything but the address */
		const char *rest = ft.name, *end = json_str(s) + json_str_len(s);
		uint64_t key = hash_bytes(rest, (size_t)(end - rest)) ^ (uint64_t)inlined ^ (uint64_t)shared << 1;
		same = u64map_slot(&L->by_rest, key);
		if (*same != HTAB_NONE) {
			const struct json *o = json_at(L->ftbl, *same);
			struct dhat_frame_text oft;
			dhat_split_frame(json_str(o), json_str_len(o), &oft);
			size_t olen = (size_t)(json_str(o) + json_str_len(o) - oft.name);
			uint32_t made = L->entry[*same].frame[inlined];
			if (made != PF_NONE && olen == (size_t)(end - rest) && memcmp(oft.name, rest, olen) == 0) {
				struct pf_frame fr = L->p->frames.items[made];
				fr.address = ft.address;
				if (L->keep_texts)
					fr.text = strmap_intern_len(&L->p->strings, json_str(s), json_str_len(s));
				return L->entry[idx].frame[inlined] = profile_intern_frame(L->p, &fr);
			}
			same = NULL; /* another text with the same hash: made the long way, not kept */
		}
	}
	/* name, file and object as C strings, one after the other: on the stack when they fit */
	char room[512];
	size_t need = ft.name_len + ft.file_len + ft.object_len + 3;
	char *name = need <= sizeof(room) ? room : xmalloc(need), *end = name;
	char *file = NULL, *object = NULL;
	memcpy(end, ft.name, ft.name_len);
	end[ft.name_len] = '\0';
	end += ft.name_len + 1;
	if (ft.file) {
		file = memcpy(end, ft.file, ft.file_len);
		end[ft.file_len] = '\0';
		end += ft.file_len + 1;
	}
	if (ft.object) {
		object = memcpy(end, ft.object, ft.object_len);
		end[ft.object_len] = '\0';
	}
	for (char *c = file; L->meta.rust && c && *c; c++)
		if (*c == '\\')
			*c = '/'; /* Windows: alloc\src\alloc.rs */
	/* one spelling per function: valgrind names the outermost frame
	 * "f(unsigned long) [clone .constprop.0]" and its inlined copies "f" */
	bool placeholder = strcmp(name, "???") == 0 || name[0] == '[' || name[0] == '(';
	char *simple = placeholder ? xstrdup(name) : funcname_simplify(name);
	struct pf_func f = {.name = profile_intern(p, *simple ? simple : name),
			    .lib = PF_NONE,
			    .flags = PF_FUNC_TEXT | (L->meta.rust ? PF_FUNC_FILE_TAIL : 0)};
	free(simple);
	if (file)
		f.file = profile_intern(p, file);
	if (object && strcmp(object, "???") != 0)
		f.lib = lib_for(L, object, strlen(object));
	else if (shared && file) /* a source file without an object: whose, the address tells */
		f.flags |= PF_FUNC_SHARED_OBJECT;
	if (strcmp(name, "???") == 0)
		f.flags |= PF_FUNC_UNRESOLVED;
	if (strcmp(name, "[root]") == 0 || strcmp(name, "(below main)") == 0)
		f.flags |= PF_FUNC_SYNTHETIC;
	struct pf_frame fr = {.func = profile_intern_func(p, &f),
			      .lib = f.lib,
			      .address = ft.has_address ? ft.address : PF_NO_ADDRESS,
			      .line = ft.line,
			      .column = ft.column,
			      .flags = inlined ? PF_FRAME_INLINED : 0};
	if (name != room)
		free(name);
	if (L->keep_texts)
		fr.text = strmap_intern_len(&p->strings, json_str(s), json_str_len(s));
	L->entry[idx].frame[inlined] = profile_intern_frame(p, &fr);
	if (same != NULL)
		*same = (uint32_t)idx;
	return L->entry[idx].frame[inlined];
}

static int prepare_ftbl(struct loader *L, const struct json *root)
{
	L->ftbl = jr_need(&L->r, root, "ftbl", JSON_ARRAY);
	if (L->ftbl == NULL)
		return -1;
	L->ftbl_len = json_len(L->ftbl);
	if (L->ftbl_len > 0 && json_is_packed(L->ftbl))
		return jr_error(&L->r, L->ftbl, SIZE_MAX, "expected an array of strings, got numbers");
	bool high_exe = false;
	L->entry = xreallocarray(NULL, L->ftbl_len + 1, sizeof(*L->entry));
	for (size_t i = 0; i < L->ftbl_len; i++) {
		const struct json *s = json_at(L->ftbl, i);
		if (json_type(s) != JSON_STRING)
			return jr_error(&L->r, L->ftbl, i, "expected a string, got %s %s",
					json_type(s) == JSON_ARRAY || json_type(s) == JSON_OBJECT ? "an"
												  : "a",
					json_type_name(json_type(s)));
		struct dhat_frame_text ft;
		dhat_split_frame(json_str(s), json_str_len(s), &ft);
		if (ft.long_number)
			return jr_error(&L->r, L->ftbl, i, "a line or column number of more than 9 digits");
		L->entry[i].addr = ft.has_address ? ft.address : PF_NO_ADDRESS;
		L->entry[i].frame[0] = L->entry[i].frame[1] = PF_NONE;
		/* a frame of the executable mapped high: some other layout, so addresses say nothing */
		if (ft.has_address && ft.object && ft.address >= DHAT_SHARED_OBJECTS_FROM && L->meta.exe &&
		    ft.object_len >= strlen(base_name(L->meta.exe)) &&
		    strncmp(ft.object + ft.object_len - strlen(base_name(L->meta.exe)),
			    base_name(L->meta.exe), strlen(base_name(L->meta.exe))) == 0)
			high_exe = true;
	}
	L->layout_known = !high_exe && !L->meta.rust; /* dhat-rs: the process's own addresses */
	return 0;
}

static void add_metric(struct loader *L, int field, const char *key, const char *name, const char *label,
		       enum pf_unit unit, bool additive)
{
	L->key[field] = key;
	L->column[field] = -1;
	for (int k = 0; k < K_COUNT; k++)
		if (strcmp(point_members[k].key, key) == 0)
			L->column[field] = k;
	L->metric[field] = profile_add_metric(L->p, name, label, unit);
	L->p->metrics[L->metric[field]].additive = additive;
}

static void define_metrics(struct loader *L)
{
	struct dhat_meta *m = &L->meta;
	bool bytes = strcmp(m->units, "bytes") == 0;
	enum pf_unit u = bytes ? PF_UNIT_BYTES : PF_UNIT_COUNT;
	for (int f = 0; f < F_COUNT; f++)
		L->metric[f] = SIZE_MAX;
	const char *what = strcmp(m->mode, "copy") == 0   ? "copied"
			   : strcmp(m->mode, "heap") == 0 ? "allocated"
							  : "";
	char label[128];
	snprintf(label, sizeof(label), "%s%s%s in total", m->units, *what ? " " : "", what);
	add_metric(L, F_TB, "tb", "tb", label, u, true);
	snprintf(label, sizeof(label), "%s in total", strcmp(m->mode, "copy") == 0 ? "copies" : m->blocks);
	add_metric(L, F_TBK, "tbk", "tbk", label, PF_UNIT_COUNT, true);
	if (m->bklt) {
		bool v1 = m->version == 1;
		add_metric(L, F_TL, v1 ? "tli" : "tl", "tl", "block lifetimes summed (instrs)", PF_UNIT_COUNT,
			   true);
		add_metric(L, F_MB, "mb", "mb",
			   v1 ? "max bytes live" : "max bytes live (unreliable in DHAT >= 3.17)", u, false);
		add_metric(L, F_MBK, "mbk", "mbk", v1 ? "max blocks live" : "max blocks live (unreliable)",
			   PF_UNIT_COUNT, false);
		add_metric(L, F_GB, "gb", "gb", "bytes live at t-gmax", u, true);
		add_metric(L, F_GBK, "gbk", "gbk", "blocks live at t-gmax", PF_UNIT_COUNT, true);
		add_metric(L, F_EB, v1 ? "fb" : "eb", "eb", "bytes live at t-end", u, true);
		add_metric(L, F_EBK, v1 ? "fbk" : "ebk", "ebk", "blocks live at t-end", PF_UNIT_COUNT, true);
	}
	if (m->bkacc) {
		add_metric(L, F_RB, "rb", "rb", "bytes read", PF_UNIT_BYTES, true);
		add_metric(L, F_WB, "wb", "wb", "bytes written", PF_UNIT_BYTES, true);
	}
	L->p->default_metric = m->bklt ? L->metric[F_GB] : L->metric[F_TB];
}

static int read_header(struct loader *L, const struct json *root)
{
	struct jr *r = &L->r;
	struct dhat_meta *m = &L->meta;
	struct profile *p = L->p;
	int64_t version;
	if (!jr_int(r, root, "dhatFileVersion", 0, INT64_MAX, false, 0, &version))
		return -1;
	if (version != 1 && version != 2)
		return jr_error(r, json_get(root, "dhatFileVersion"), SIZE_MAX,
				"version %lld is not supported (profan reads DHAT files of version 1 and 2)",
				(long long)version);
	m->version = (int)version;
	bool v1 = version == 1;
	if (v1) {
		m->mode = "heap";
		m->verb = "Allocated";
		m->bklt = m->bkacc = true;
	} else {
		const char *mode = jr_str(r, root, "mode", false);
		const char *verb = jr_str(r, root, "verb", true);
		const struct json *bklt = jr_need(r, root, "bklt", JSON_BOOL);
		const struct json *bkacc = jr_need(r, root, "bkacc", JSON_BOOL);
		if (r->failed)
			return -1;
		m->mode = profile_strdup(p, mode);
		m->verb = profile_strdup(p, verb ? verb : "Allocated");
		m->bklt = json_bool(bklt);
		m->bkacc = json_bool(bkacc);
	}
	const char *bu = jr_str(r, root, "bu", true), *bsu = jr_str(r, root, "bsu", true);
	const char *bksu = jr_str(r, root, "bksu", true), *tu = jr_str(r, root, "tu", true);
	const char *cmd = jr_str(r, root, "cmd", false);
	if (r->failed)
		return -1;
	m->unit = profile_strdup(p, bu ? bu : "byte");
	m->units = profile_strdup(p, bsu ? bsu : "bytes");
	m->blocks = profile_strdup(p, bksu ? bksu : "blocks");
	m->tu = profile_strdup(p, tu ? tu : "instrs");
	m->rust = strncmp(m->mode, "rust-", 5) == 0;
	const char *kind = m->rust ? m->mode + 5 : m->mode;
	m->kind = strcmp(kind, "heap") == 0   ? DHAT_HEAP
		  : strcmp(kind, "copy") == 0 ? DHAT_COPY
		  : strcmp(kind, "ad-hoc") == 0 ? DHAT_AD_HOC
		  : m->bklt                   ? DHAT_HEAP
					      : DHAT_AD_HOC;
	m->cmd = profile_strdup(p, cmd);
	size_t exe_len = strcspn(cmd, " ");
	m->exe = arena_strndup(&p->arena, cmd, exe_len);
	const char *base = m->exe;
	for (const char *c = m->exe; *c; c++)
		if (*c == '/' || *c == '\\')
			base = c + 1;
	size_t base_len = strlen(base);
	if (base_len > 4 && (strcmp(base + base_len - 4, ".exe") == 0 || strcmp(base + base_len - 4, ".EXE") == 0))
		base_len -= 4;
	m->program = arena_strndup(&p->arena, base, base_len);
	if (!jr_int(r, root, "pid", INT32_MIN, INT64_MAX, false, 0, &m->pid) ||
	    !jr_int(r, root, v1 ? "ei" : "te", 0, INT64_MAX, false, 0, &m->te))
		return -1;
	if (m->bklt && (!jr_int(r, root, v1 ? "mi" : "tg", 0, INT64_MAX, false, 0, &m->tg) ||
			!jr_int(r, root, "tuth", 0, INT64_MAX, true, 500, &m->tuth)))
		return -1;
	if (m->bklt && m->tg > m->te) /* the peak after the end: its share of the run would pass 100% */
		return jr_error(r, json_get(root, v1 ? "mi" : "tg"), SIZE_MAX,
				"%" PRId64 " is after the end of the run (%s %" PRId64 ")", m->tg, v1 ? "ei" : "te",
				m->te);
	if (!m->bklt)
		m->tuth = 500;
	return 0;
}

/* Is ftbl entry IDX, under entry PREV (-1 at the root), an inlined callee? Another frame at
 * the address of the next outer one is; the same frame twice is recursion through one call
 * site, not inlining. */
static bool inlined_under(const struct loader *L, uint32_t idx, int64_t prev)
{
	uint64_t a = L->entry[idx].addr;
	return prev >= 0 && idx != prev && a != PF_NO_ADDRESS && a == L->entry[prev].addr;
}

/* Point I's N ftbl indices FS, innermost first, checked from the last as the tree readers did
 * (BAD: the last element that was no index, kept as read, or NULL) and turned root first in place. */
static int indices_from_columns(struct loader *L, size_t i, uint32_t *fs, size_t n, const struct jbad *bad)
{
	for (size_t k = n; k-- > 0;)
		if (fs[k] >= L->ftbl_len) {
			char path[64];
			snprintf(path, sizeof(path), "%s[%zu].fs", L->pps_key, i);
			struct jnum v = {.kind = JNUM_INT, .i = fs[k], .d = fs[k]};
			return jr_elem_error_at(&L->r, path, k, bad && bad->index == k ? &bad->v : &v, 0,
						(int64_t)L->ftbl_len - 1);
		}
	for (size_t a = 0, b = n; a + 1 < b; a++, b--) {
		uint32_t t = fs[a];
		fs[a] = fs[b - 1];
		fs[b - 1] = t;
	}
	return 0;
}

/* The frames of a stack of N ftbl indices FS, root first, made (frame_for) in that order. Most
 * are made already: the entries a few frames ahead are fetched while these are looked at. */
static void make_frames(struct loader *L, const uint32_t *fs, size_t n)
{
	enum { AHEAD = 8 };
	for (size_t d = 0; d < n && d < AHEAD; d++)
		__builtin_prefetch(&L->entry[fs[d]]);
	int64_t prev = -1;
	for (size_t d = 0; d < n; d++) {
		if (d + AHEAD < n)
			__builtin_prefetch(&L->entry[fs[d + AHEAD]]);
		bool inlined = inlined_under(L, fs[d], prev);
		if (L->entry[fs[d]].frame[inlined] == PF_NONE)
			frame_for(L, fs[d], inlined);
		prev = fs[d];
	}
}

/* Per frame: is it made from more than one (ftbl entry, inlined)? Valgrind names one address
 * "do_call<A, i32>" and "do_call<B, isize>" (generics of one Rust function, folded into one
 * copy), and "f(int) [clone .constprop.0]" and "f(int)": one function, so one frame. */
static bool *shared_frames(const struct loader *L, size_t *count)
{
	bool *made = xcalloc(L->p->frames.len + 1, sizeof(*made));
	bool *shared = xcalloc(L->p->frames.len + 1, sizeof(*shared));
	*count = 0;
	for (size_t i = 0; i < L->ftbl_len; i++)
		for (int inl = 0; inl < 2; inl++) {
			uint32_t fr = L->entry[i].frame[inl];
			if (fr != PF_NONE && made[fr] && !shared[fr]) {
				shared[fr] = true;
				++*count;
			}
			if (fr != PF_NONE)
				made[fr] = true;
		}
	free(made);
	return shared;
}

/* Per node of T, set in the returned bits: is it one of two or more children of one node
 * with one frame? Only frames in SHARED can be. NULL when no node is. */
static uint64_t *twin_nodes(const struct pf_stack_table *t, const bool *shared)
{
	struct u64map first = {0}; /* (parent, frame) -> the first node of them */
	uint64_t *twin = NULL;
	for (size_t n = 0; n < t->nodes.len; n++) {
		const struct pf_stack *node = &t->nodes.items[n];
		if (!shared[node->frame])
			continue;
		uint32_t *slot = u64map_slot(&first, (uint64_t)node->parent << 32 | node->frame);
		if (*slot == HTAB_NONE) {
			*slot = (uint32_t)n;
			continue;
		}
		if (twin == NULL)
			twin = xcalloc(t->nodes.len / 64 + 1, sizeof(*twin));
		twin[*slot / 64] |= 1ULL << (*slot % 64);
		twin[n / 64] |= 1ULL << (n % 64);
	}
	u64map_release(&first);
	return twin;
}

static bool bit(const uint64_t *bits, size_t i)
{
	return bits[i / 64] >> (i % 64) & 1;
}

/* Nodes merged away (GONE, in increasing order; GONE_BIT, per node) and the node each went
 * into (INTO), by their numbers before; every node kept is renumbered less the gone ones below
 * it. */
struct merges {
	VEC(uint32_t) gone;
	uint64_t *gone_bit;
	struct u64map into;
};

/* The node NODE is, or went into. */
static uint32_t kept_node(const struct merges *m, uint32_t node)
{
	return bit(m->gone_bit, node) ? u64map_get(&m->into, node) : node;
}

/* The new number of NODE, or of the node it went into. */
static uint32_t new_number(const struct merges *m, uint32_t node)
{
	node = kept_node(m, node);
	size_t lo = 0, hi = m->gone.len; /* how many gone nodes are below it */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->gone.items[mid] < node)
			lo = mid + 1;
		else
			hi = mid;
	}
	return node - (uint32_t)lo;
}

static uint64_t node_key(uint32_t parent, uint32_t frame)
{
	return (uint64_t)parent << 32 | frame;
}

/* T's nodes of one (parent, frame) made one, as profile_intern_path() of each stack in turn
 * would have made them: the first of each stays, the others go, the rest keep their order;
 * LEAF's N nodes follow. Twins (TWIN) are the only nodes that can meet another at first;
 * when one goes into a node, the children of both can (that node "absorbs"): those are
 * looked up, the children it already had found by scanning the nodes from it to the twin.
 * False, with T unchanged, when the scans would read more than a few times the table. */
static bool merge_twins(struct pf_stack_table *t, const uint64_t *twin, uint32_t *leaf, size_t n)
{
	size_t len = t->nodes.len, budget = 4 * len + 4096;
	uint64_t *absorbs = xcalloc(len / 64 + 1, sizeof(*absorbs));
	struct u64map seen = {0}; /* (kept parent, frame) -> kept node, of the nodes looked up */
	struct merges m = {.gone_bit = xcalloc(len / 64 + 1, sizeof(uint64_t))};
	bool ok = true;
	for (size_t k = 0; k < len && ok; k++) {
		const struct pf_stack *node = &t->nodes.items[k];
		uint32_t parent = node->parent == PF_NONE ? PF_NONE : kept_node(&m, node->parent);
		if (!bit(twin, k) && (parent == PF_NONE || !bit(absorbs, parent)))
			continue;
		uint32_t *slot = u64map_slot(&seen, node_key(parent, node->frame));
		if (*slot == HTAB_NONE) {
			*slot = (uint32_t)k;
			continue;
		}
		uint32_t into = *slot;
		vec_push(&m.gone, (uint32_t)k);
		m.gone_bit[k / 64] |= 1ULL << (k % 64);
		*u64map_slot(&m.into, k) = into;
		if (bit(absorbs, into))
			continue;
		absorbs[into / 64] |= 1ULL << (into % 64);
		ok = k - into <= budget;
		budget -= ok ? k - into : 0;
		for (size_t j = into + 1; j < k && ok; j++) /* nothing went into INTO before: its own */
			if (t->nodes.items[j].parent == into) {
				uint32_t *s = u64map_slot(&seen, node_key(into, t->nodes.items[j].frame));
				if (*s == HTAB_NONE)
					*s = (uint32_t)j; /* else a twin that has gone into *S */
			}
	}
	if (ok) {
		for (size_t k = 0, g = 0; k < len; k++) {
			if (bit(m.gone_bit, k)) {
				g++;
				continue;
			}
			struct pf_stack node = t->nodes.items[k];
			if (node.parent != PF_NONE)
				node.parent = new_number(&m, node.parent);
			t->nodes.items[k - g] = node; /* K - G <= K: a node already read */
		}
		t->nodes.len -= m.gone.len;
		for (size_t i = 0; i < n; i++)
			if (leaf[i] != PF_NONE)
				leaf[i] = new_number(&m, leaf[i]);
	}
	free(absorbs);
	u64map_release(&seen);
	u64map_release(&m.into);
	vec_free(&m.gone);
	free(m.gone_bit);
	return ok;
}

/* ---------------------------------------------------------------- names from the stack */

/* Valgrind names some inlined frames without their owner: a closure by DWARF's short name
 * ("{closure#0} (rsdemo.rs:5)"), and an inlined function whose DWARF entry it cannot follow
 * (another unit's, after cross-unit inlining) "UnknownInlinedFun". The stack a frame sits on
 * names the owner: std's generic code that calls a closure carries its type as an argument
 * ("fold<Range<usize>, rsdemo::make_strings::{closure_env#0}>"), and an unnamed frame of a file
 * lies inside the nearest named frame of that file further out. docs/ownership.md. */

enum { NAMED, CLOSURE, UNKNOWN_INLINED };

/* "{closure#N}" (*N set) or "UnknownInlinedFun": a simplified name without its owner. */
static int nameless(const char *name, uint32_t *n)
{
	if (strcmp(name, "UnknownInlinedFun") == 0)
		return UNKNOWN_INLINED;
	const char *d = name + strlen("{closure#");
	if (!starts(name, "{closure#") || !isdigit((unsigned char)*d))
		return NAMED;
	char *end;
	unsigned long v = strtoul(d, &end, 10);
	if (strcmp(end, "}") != 0 || v > UINT32_MAX)
		return NAMED;
	*n = (uint32_t)v;
	return CLOSURE;
}

/* The path P of the first "P::{closure_env#N}" in TEXT (LEN bytes), with *N given or, when *N is
 * UINT32_MAX, any N (then set): "P::{closure#N}" made, or NULL. */
static char *closure_owner(const char *text, size_t len, uint32_t *n)
{
	static const char env[] = "::{closure_env#";
	for (const char *q = text, *end = text + len; (q = memmem(q, (size_t)(end - q), env, strlen(env)));
	     q += strlen(env)) {
		char *after;
		unsigned long v = strtoul(q + strlen(env), &after, 10);
		if (after >= end || *after != '}' || !isdigit((unsigned char)q[strlen(env)]) || v > UINT32_MAX - 1 ||
		    (*n != UINT32_MAX && v != *n))
			continue;
		const char *s = q; /* a path longer than 1 KiB is none: no text is read over and over */
		while (s > text && q - s < 1024 && (isalnum((unsigned char)s[-1]) || strchr("_:{}#", s[-1])))
			s--;
		if (s < q && *s != ':' && memmem(s, (size_t)(q - s), "::", 2)) {
			*n = (uint32_t)v;
			return xasprintf("%.*s::{closure#%u}", (int)(q - s), s, (unsigned)v);
		}
	}
	return NULL;
}

/* Is the function the closure HINT ("P::{closure#N}") belongs to, P, named NAME (or a shorter
 * name of it: "make_strings" for "rsdemo::words::make_strings")? */
static bool closure_of(const char *hint, const char *name)
{
	const char *end = strstr(hint, "::{closure#"), *last = strrchr(name, ':');
	while (end && strstr(end + 2, "::{closure#"))
		end = strstr(end + 2, "::{closure#");
	last = last ? last + 1 : name;
	size_t n = strlen(last);
	return end && (size_t)(end - hint) >= n && memcmp(end - n, last, n) == 0 &&
	       (end - n == hint || end[-(ptrdiff_t)n - 1] == ':');
}

/* Frame FR of function FUNC instead, interned; FUNC is NEW_NAME's copy of FR's function when
 * FUNC is PF_NONE. */
static uint32_t frame_renamed(struct loader *L, uint32_t fr, uint32_t func, const char *new_name)
{
	struct profile *p = L->p;
	struct pf_frame f = p->frames.items[fr];
	if (func == PF_NONE) {
		struct pf_func g = p->funcs.items[f.func];
		g.name = profile_intern(p, new_name);
		func = profile_intern_func(p, &g);
	}
	f.func = func;
	f.flags |= PF_FRAME_NAMED;
	return profile_intern_frame(p, &f);
}

struct renamed_node {
	uint32_t node, frame; /* a node of the stack table and its new frame */
};

/* Each node of T whose function is a closure or UnknownInlinedFun named after its owner (above),
 * unless another child of its parent has the new frame already. */
static void name_from_stacks(struct loader *L, struct pf_stack_table *t)
{
	struct profile *p = L->p;
	uint8_t *kind = xcalloc(p->funcs.len + 1, 1);
	uint32_t *closure_n = xcalloc(p->funcs.len + 1, sizeof(*closure_n));
	bool any = false;
	for (uint32_t fi = 0; fi < p->funcs.len; fi++) {
		kind[fi] = (uint8_t)nameless(profile_func_name(p, fi), &closure_n[fi]);
		any = any || kind[fi] != NAMED;
	}
	size_t frames = p->frames.len;
	uint8_t *frame_kind = any ? xmalloc(frames + 1) : NULL; /* kind[] by frame: read in the pass over nodes */
	for (size_t i = 0; any && i < frames; i++)
		frame_kind[i] = kind[p->frames.items[i].func];
	if (!any) {
		free(kind);
		free(closure_n);
		return;
	}
	/* frame -> an ftbl entry it was made from: its text holds the type arguments */
	uint32_t *entry = xmalloc((frames + 1) * sizeof(*entry));
	memset(entry, 0xff, (frames + 1) * sizeof(*entry));
	for (size_t i = 0; i < L->ftbl_len; i++)
		for (int inl = 0; inl < 2; inl++)
			if (L->entry[i].frame[inl] != PF_NONE)
				entry[L->entry[i].frame[inl]] = (uint32_t)i;
	uint8_t *generic = xcalloc(frames + 1, 1); /* per frame: 0 not known, 1 no closure type in its text, 2 one */
	struct u64map hints = {0};   /* (frame, N or UINT32_MAX) -> the interned hint, 0 for none */
	VEC(struct renamed_node) renamed = {0}; /* in node order: the first of twins keeps the name */
	struct u64map remade = {0};  /* (frame, its new name or 1 << 31 | owner) -> the new frame */
	struct u64map taken = {0};   /* (parent, frame) -> node, of the renamed nodes' parents */
	for (size_t k = 0; k < t->nodes.len; k++) {
		if (frame_kind[t->nodes.items[k].frame] == NAMED)
			continue;
		uint32_t fi = p->frames.items[t->nodes.items[k].frame].func;
		uint32_t file = p->funcs.items[fi].file, owner = PF_NONE;
		const char *hint = NULL;
		bool hinted = false;
		uint32_t m = t->nodes.items[k].parent;
		for (int depth = 0; m != PF_NONE && depth < 24; depth++, m = t->nodes.items[m].parent) {
			uint32_t mf = t->nodes.items[m].frame, mfi = p->frames.items[mf].func;
			const struct json *s = entry[mf] != UINT32_MAX ? json_at(L->ftbl, entry[mf]) : NULL;
			if (!hinted && s && generic[mf] == 0)
				generic[mf] = memmem(json_str(s), json_str_len(s), "{closure_env#", 13) ? 2 : 1;
			if (!hinted && s && generic[mf] == 2) {
				/* the nearest frame generic over a closure: the one that calls it */
				uint32_t n = kind[fi] == CLOSURE ? closure_n[fi] : UINT32_MAX;
				uint32_t *slot = u64map_slot(&hints, (uint64_t)mf << 32 | n);
				if (*slot == HTAB_NONE) {
					char *h = closure_owner(json_str(s), json_str_len(s), &n);
					*slot = h ? profile_intern(p, h) : 0;
					free(h);
				}
				hint = *slot ? profile_str(p, *slot) : NULL;
				hinted = true;
			}
			if (hinted && kind[fi] == CLOSURE)
				break;
			if (file && p->funcs.items[mfi].file == file && kind[mfi] == NAMED) {
				owner = mfi;
				break;
			}
		}
		uint32_t nf = PF_NONE, *made = NULL, fr0 = t->nodes.items[k].frame;
		if (hint && (kind[fi] == CLOSURE || (owner != PF_NONE && closure_of(hint, profile_func_name(p, owner))))) {
			made = u64map_slot(&remade, (uint64_t)fr0 << 32 | profile_intern(p, hint));
			nf = *made != HTAB_NONE ? *made : frame_renamed(L, fr0, PF_NONE, hint);
		} else if (kind[fi] == UNKNOWN_INLINED && owner != PF_NONE) {
			made = u64map_slot(&remade, (uint64_t)fr0 << 32 | 1u << 31 | owner);
			nf = *made != HTAB_NONE ? *made : frame_renamed(L, fr0, owner, NULL);
		}
		if (made)
			*made = nf;
		if (nf != PF_NONE)
			vec_push(&renamed, ((struct renamed_node){.node = (uint32_t)k, .frame = nf}));
	}
	if (renamed.len) { /* the children of the renamed nodes' parents, by (parent, frame) */
		uint64_t *parent = xcalloc(t->nodes.len / 64 + 1, sizeof(*parent));
		for (size_t i = 0; i < renamed.len; i++) {
			uint32_t n = t->nodes.items[renamed.items[i].node].parent;
			if (n != PF_NONE)
				parent[n / 64] |= 1ULL << (n % 64);
		}
		for (size_t k = 0; k < t->nodes.len; k++) {
			uint32_t n = t->nodes.items[k].parent;
			if (n == PF_NONE ? true : bit(parent, n))
				*u64map_slot(&taken, node_key(n, t->nodes.items[k].frame)) = (uint32_t)k;
		}
		free(parent);
		for (size_t i = 0; i < renamed.len; i++) {
			uint32_t k = renamed.items[i].node, nf = renamed.items[i].frame;
			uint32_t *slot = u64map_slot(&taken, node_key(t->nodes.items[k].parent, nf));
			if (*slot == HTAB_NONE) /* else a twin: the name stays */
				*slot = k, t->nodes.items[k].frame = nf;
		}
	}
	vec_free(&renamed);
	u64map_release(&taken);
	u64map_release(&hints);
	u64map_release(&remade);
	free(frame_kind);
	free(generic);
	free(entry);
	free(kind);
	free(closure_n);
}

/* The stacks of the N points (PATH[I]: DEPTH[I] ftbl indices, root first) interned as the
 * profile's, LEAF[I] the leaf of each. Frames are made in file order, as one stack after
 * another would make them, while a helper thread sorts the stacks of indices into nodes
 * (stack_paths.c); then each node's index is made its frame. */
static void intern_stacks(struct loader *L, size_t n, uint32_t *const *path, const uint32_t *depth,
			  uint32_t *leaf)
{
	struct stack_paths_job *job = stack_paths_start(n, (const uint32_t *const *)path, depth, leaf);
	profile_reserve_frames(L->p, L->ftbl_len, L->ftbl_len); /* about one frame per entry */
	for (size_t i = 0; i < n; i++)
		make_frames(L, path[i], depth[i]);
	struct pf_stack_table t;
	stack_paths_finish(job, &t);
	/* a parent is numbered before its children: going down, a node's parent holds its index */
	for (size_t k = t.nodes.len; k-- > 0;) {
		if (k >= 8)
			__builtin_prefetch(&L->entry[t.nodes.items[k - 8].frame]);
		struct pf_stack *node = &t.nodes.items[k];
		int64_t prev = node->parent == PF_NONE ? -1 : (int64_t)t.nodes.items[node->parent].frame;
		node->frame = L->entry[node->frame].frame[inlined_under(L, node->frame, prev)];
	}
	size_t shared_count;
	bool *shared = shared_frames(L, &shared_count);
	uint64_t *twin = shared_count > 0 ? twin_nodes(&t, shared) : NULL;
	free(shared);
	if (twin != NULL && !merge_twins(&t, twin, leaf, n)) {
		/* twins everywhere: the stacks sorted again, by their frames */
		stack_table_release(&t);
		for (size_t i = 0; i < n; i++) {
			int64_t prev = -1;
			for (size_t d = 0; d < depth[i]; d++) {
				uint32_t idx = path[i][d];
				path[i][d] = L->entry[idx].frame[inlined_under(L, idx, prev)];
				prev = idx;
			}
		}
		stack_table_add_paths(&t, n, (const uint32_t *const *)path, depth, leaf);
	}
	free(twin);
	name_from_stacks(L, &t);
	profile_set_stacks(L->p, &t);
	profile_release_indexes(L->p);
}

/* Counters are summed in views, so their totals over the file must fit in int64 too;
 * then no sum of any subset (a site, a merged stack, a tree node) can overflow. */
static int check_totals(struct loader *L, size_t point, int64_t *totals, const int64_t *v)
{
	const struct profile *p = L->p;
	for (size_t m = 0; m < p->metric_count; m++)
		if (__builtin_add_overflow(totals[m], v[m], &totals[m])) {
			char path[64];
			snprintf(path, sizeof(path), "%s[%zu]", L->pps_key, point);
			return jr_error_at(&L->r, path, SIZE_MAX, "%s summed over the program points exceeds 2^63 - 1",
					   p->metrics[m].name);
		}
	return 0;
}

static void merge_values(struct profile *p, uint32_t sample, const int64_t *v)
{
	for (size_t m = 0; m < p->metric_count; m++) {
		int64_t *dst = &p->sample_values[m][sample];
		if (!p->metrics[m].additive)
			*dst = v[m] > *dst ? v[m] : *dst; /* maxima (mb, mbk) */
		else
			*dst += v[m];
	}
}

static bool same_leaf(const void *sample_stack, uint32_t sample, const void *stack)
{
	return ((const uint32_t *)sample_stack)[sample] == *(const uint32_t *)stack;
}

/* The unfit member M of row I among BAD[0 .. N) (the row's), or NULL. */
static const struct jbad *bad_member(const struct jbad *bad, size_t n, size_t m)
{
	const struct jbad *found = NULL;
	for (size_t b = 0; b < n; b++)
		if (bad[b].member == m)
			found = &bad[b];
	return found;
}

/* Program point I's counters into VALUES, by metric, checked as the tree readers did, field by
 * field (BAD[0 .. NBAD): the row's unfit members). */
static int read_pp_columns(struct loader *L, const struct jrows *R, size_t i, const struct jbad *bad, size_t nbad,
			   int64_t *values)
{
	char path[64];
	for (int f = 0; f < F_COUNT; f++) {
		if (L->metric[f] == SIZE_MAX)
			continue;
		int k = L->column[f];
		const struct jbad *b = bad_member(bad, nbad, (size_t)k);
		if (!(R->has[i] >> k & 1) || b != NULL) {
			snprintf(path, sizeof(path), "%s[%zu]", L->pps_key, i);
			if (b == NULL)
				return jr_error_at(&L->r, path, SIZE_MAX, "missing key \"%s\"", L->key[f]);
			return jr_member_error(&L->r, path, L->key[f], JSON_NUMBER, b->type, &b->v, 0, INT64_MAX);
		}
		values[L->metric[f]] = R->value[k][i];
	}
	return 0;
}

/* The sample of STACK: a new one, or the earlier one with the same stack, VALUES merged. */
static void add_point(struct loader *L, uint32_t stack, const int64_t *values)
{
	struct profile *p = L->p;
	uint32_t sample = htab_intern(&L->sample_of_leaf, hash_mix(stack), same_leaf, p->sample_stack, &stack,
				      (uint32_t)p->sample_count);
	if (sample != p->sample_count) {
		L->meta.merged++;
		merge_values(p, sample, values);
	} else {
		profile_add_sample(p, stack, PF_NONE, values);
	}
}

/* Every point is checked (in file order, so the first error is the first in the file), then
 * all stacks are interned at once, then the samples are added. */
static int read_pps(struct loader *L, const struct json *root)
{
	L->pps_key = L->meta.version == 1 ? "aps" : "pps";
	const struct json *pps = jr_need(&L->r, root, L->pps_key, JSON_ARRAY);
	if (pps == NULL)
		return -1;
	struct jrows *R = json_rows(pps);
	if (R == NULL)
		return jr_error(&L->r, pps, SIZE_MAX, "not read by the DHAT plan (an internal error)");
	size_t n = json_len(pps);
	if (n > 0 && R->numbers)
		return jr_error(&L->r, pps, SIZE_MAX, "expected an array of objects, got numbers");
	L->meta.pps = n;
	if (n > UINT32_MAX / 4)
		return jr_error(&L->r, pps, SIZE_MAX, "more than %u program points", UINT32_MAX / 4);
	n = R->len; /* past its last row, the loader refuses an element that is no object */
	int64_t values[PF_MAX_METRICS] = {0}, totals[PF_MAX_METRICS] = {0};
	uint32_t **path = xcalloc(n + 1, sizeof(*path));
	uint32_t *depth = xcalloc(n + 1, sizeof(*depth)), *leaf = NULL;
	int rc = -1;
	size_t b = 0; /* R->bad[b ..]: the unfit members of the rows to come */
	for (size_t i = 0; i < n; i++) {
		size_t nbad = 0;
		while (b + nbad < R->nbad && R->bad[b + nbad].row == i)
			nbad++;
		const struct jbad *bad = nbad > 0 ? R->bad + b : NULL; /* R->bad is NULL when nothing was unfit */
		b += nbad;
		if (read_pp_columns(L, R, i, bad, nbad, values) < 0 || check_totals(L, i, totals, values) < 0)
			goto out;
		const struct jbad *fs_bad = bad_member(bad, nbad, K_FS);
		if (!(R->has[i] >> K_FS & 1) || (fs_bad && fs_bad->index == SIZE_MAX)) {
			char at[64];
			snprintf(at, sizeof(at), "%s[%zu]", L->pps_key, i);
			if (fs_bad == NULL)
				jr_error_at(&L->r, at, SIZE_MAX, "missing key \"fs\"");
			else
				jr_member_error(&L->r, at, "fs", JSON_ARRAY, fs_bad->type, &fs_bad->v, 0, 0);
			goto out;
		}
		depth[i] = (uint32_t)(R->at[i + 1] - R->at[i]);
		/* the pool is NULL when every stack is empty: no pointer into it then */
		uint32_t *frames = depth[i] > 0 ? R->pool + R->at[i] : NULL;
		if (indices_from_columns(L, i, frames, depth[i], fs_bad) < 0)
			goto out;
		path[i] = frames;
	}
	if (R->not_object != SIZE_MAX) {
		char at[64];
		enum json_type t = R->not_object_type;
		snprintf(at, sizeof(at), "%s[%zu]", L->pps_key, R->not_object);
		jr_error_at(&L->r, at, SIZE_MAX, "expected an object, got %s%s",
			    t == JSON_ARRAY || t == JSON_OBJECT ? "an " : "a ", json_type_name(t));
		goto out;
	}
	leaf = xreallocarray(NULL, n + 1, sizeof(*leaf));
	intern_stacks(L, n, path, depth, leaf);
	jrows_drop_indices(R); /* before the samples: not both in memory at once */
	htab_reserve(&L->sample_of_leaf, n); /* at most one entry per program point */
	profile_reserve_samples(L->p, n);
	for (size_t i = 0; i < n; i++) {
		if (read_pp_columns(L, R, i, NULL, 0, values) < 0) /* read before: cannot fail */
			goto out;
		add_point(L, leaf[i], values);
	}
	rc = 0;
out:
	free(path);
	free(depth);
	free(leaf);
	return rc;
}

/* Did valgrind write a Rust program's files as DWARF names them, relative ("src/raw/mod.rs"),
 * none whole (--fullpath-after=)? */
static bool bare_rust_files(const struct profile *p)
{
	bool rust = false;
	for (size_t i = 0; i < p->funcs.len; i++) {
		const char *file = profile_str(p, p->funcs.items[i].file);
		size_t n = strlen(file);
		if (file[0] == '/')
			return false;
		rust = rust || (n > 3 && strcmp(file + n - 3, ".rs") == 0);
	}
	return rust;
}

static void describe(struct loader *L)
{
	struct profile *p = L->p;
	struct dhat_meta *m = &L->meta;
	p->format = "dhat";
	if (m->rust)
		p->format_detail = profile_printf(p, "dhat-rs %s profile, dhatFileVersion %d",
						  m->kind == DHAT_HEAP ? "heap" : "ad-hoc", m->version);
	else
		p->format_detail = profile_printf(p, "dhatFileVersion %d, %s mode", m->version, m->mode);
	if (m->repairs)
		profile_warn(p, "%zu stack%s written by DHAT as `\"fs\":]` (invalid JSON) read as empty",
			     m->repairs, m->repairs == 1 ? "" : "s");
	if (!m->rust && bare_rust_files(p))
		profile_warn(p, "the Rust program's files are named without their folders: a crate's src/... "
				"(std's hashbrown, a dependency's) may read like yours; run valgrind with --fullpath-after=");
}

int dhat_load(const struct json_doc *doc, struct profile *out, const void *opts)
{
	const struct dhat_load_opts *lo = opts;
	struct loader L = {.r = jr_begin(doc), .p = out, .keep_texts = lo && lo->frame_texts};
	const struct json *root = json_doc_root(doc);
	int rc = -1;
	if (!jr_is(&L.r, root, JSON_OBJECT) || read_header(&L, root) < 0 || prepare_ftbl(&L, root) < 0)
		goto done;
	define_metrics(&L);
	if (read_pps(&L, root) < 0)
		goto done;
	out->program = L.meta.program;
	L.meta.repairs = json_doc_repairs(doc);
	describe(&L);
	struct dhat_meta *meta = arena_alloc(&out->arena, sizeof(*meta));
	*meta = L.meta;
	out->format_meta = meta;
	rc = 0;
done:
	free(L.entry);
	u64map_release(&L.by_rest);
	free(L.lib_of_path);
	htab_release(&L.sample_of_leaf);
	return rc;
}

const struct dhat_meta *dhat_meta_of(const struct profile *p)
{
	return p->format != NULL && strcmp(p->format, "dhat") == 0 ? p->format_meta : NULL;
}

bool dhat_sniff(const struct json *root)
{
	return json_type(root) == JSON_OBJECT && json_get(root, "dhatFileVersion") != NULL;
}

bool dhat_sniff_head(const struct json_head *h)
{
	return h->root == JSON_OBJECT && json_head_has(h, "dhatFileVersion", NULL);
}
