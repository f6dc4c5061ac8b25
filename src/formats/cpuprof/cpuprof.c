/* cpuprof.c: V8 CPU profiles -> struct profile (see cpuprof.h, docs/cpuprof.md).
 *
 * Every input layout (.cpuprofile, legacy head/timestamps, trace events with a
 * CpuProfile event or Profile + ProfileChunk events) is first gathered into a
 * raw_profile: nodes with their parent links, sample node ids and times. One
 * builder then turns the selected raw profiles into stacks and weighted samples. */
#include "cpuprof.h"
#include "profan/load.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpuprof_nodes.h"
#include "profan/report.h"
#include "wasm.h"

#define NO_ID INT64_MIN

struct raw_node {
	int64_t id;
	int64_t parent;           /* from a "parent" member (trace form), or NO_ID */
	const struct json *node;  /* the node object: error paths, children, hitCount (NULL: COLS) */
	const struct json *frame; /* callFrame, or the node itself in the legacy layout */
	bool legacy;              /* legacy lineNumber is 1-based and there is no columnNumber */
	uint32_t at;              /* read from the stream: element AT of COLS */
	const struct cpn *cols;
};

struct i64s {
	int64_t *items;
	size_t len, cap;
	const int32_t *view; /* instead of ITEMS: a packed array of the tree, not copied */
};

static inline int64_t i64_at(const struct i64s *v, size_t i)
{
	return v->view ? v->view[i] : v->items[i];
}

struct chunk {
	double ts;
	size_t seq; /* file order breaks ties in ts */
	const struct json *data;
};

/* One profile as read, before it becomes stacks and samples. */
struct raw_profile {
	int64_t pid, tid;
	const char *id;     /* trace id ("0x1"), or NULL outside traces */
	const char *layout; /* for the header */
	VEC(struct raw_node) nodes;
	struct i64s samples; /* node ids */
	struct i64s times;   /* µs: deltas, or absolute timestamps when ABSOLUTE */
	struct i64s lines;   /* trace chunks' "lines": each sample's 1-based line in its top frame, 0 = none */
	VEC(struct chunk) chunks;
	bool absolute, has_samples, has_start, has_end;
	int64_t start, end;
	double delta_carry;    /* exact sum of the fractional timeDeltas so far minus what was credited */
	size_t count_mismatch; /* samples/timeDeltas length differences seen */
	size_t lost_chunks;    /* ProfileChunk events without args.data: their nodes are gone */
};

struct loader {
	struct jr r;
	struct profile *p;
	const struct cpuprof_opts *opts;
	VEC(struct raw_profile) profiles;
	VEC(uint32_t) lib_of_url; /* string id -> lib + 1 (0 = none yet) */
	/* --wasm bookkeeping */
	bool *wasm_named; /* per function index of the module: a frame got its name */
	size_t wasm_unnamed_frames, wasm_mismatch;
	const char *samples_key; /* header key of the profile being built: "Samples", "Samples 2" */
	const char *about;       /* its warnings' prefix when a trace's profiles are read together: "profile 2: " */
	uint32_t root_stack;     /* the "(root)" stack node of samples at (root), made on first use */
	struct u64map ticks_at;  /* func << 32 | line -> its entry in p->line_ticks */
	/* nodes read from the stream: the profile's id of each string of STR_COLS, + 1 (0 = not yet) */
	const struct cpn *str_cols;
	VEC(uint32_t) str_of;
};

/* ------------------------------------------------------------ small helpers */

/* A warning about the profile being built, naming it when there are several (--profile all). */
PF_PRINTF(2, 3) static void warn_profile(struct loader *L, const char *fmt, ...)
{
	char text[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	profile_warn(L->p, "%s%s", L->about ? L->about : "", text);
}

static int64_t round_us(double v)
{
	if (!(v > -9.2e18 && v < 9.2e18))
		return 0;
	return (int64_t)llround(v);
}

/* Times are kept within ±2^60 µs (36,000 years), so that any sum or
 * difference of two of them, and so every gap and total, fits in int64. */
#define MAX_TIME_US (INT64_C(1) << 60)

/* round_us() cannot say that a time is out of range (it gives 0, a silently
 * wrong number): every time read from the file passes here first. V is in
 * microseconds; NAN (absent) passes. Member KEY of OBJ, or element I of OBJ. */
static bool time_in_range(struct loader *L, const struct json *obj, const char *key, size_t i, double v)
{
	if (isnan(v) || (v > -(double)MAX_TIME_US && v < (double)MAX_TIME_US))
		return true;
	jr_error(&L->r, key ? json_get(obj, key) : obj, i, "time %g is out of range", v);
	return false;
}

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool cpuprof_is_plumbing(const char *name)
{
	static const char *const exact[] = {"GenericJSToWasmWrapper", "GenericWasmToJSWrapper",
					    "JSToWasmWrapper", "WasmToJSWrapper", "JSToWasmWrapperAsm"};
	for (size_t i = 0; i < ARRAY_SIZE(exact); i++)
		if (strcmp(name, exact[i]) == 0)
			return true;
	return starts_with(name, "js-to-wasm:") || starts_with(name, "wasm-to-js:") ||
	       starts_with(name, "js-to-js:");
}

/* "wasm-function[N]" -> N. */
static bool parse_wasm_index(const char *name, size_t len, uint32_t *index)
{
	static const char pre[] = "wasm-function[";
	size_t n = sizeof(pre) - 1;
	if (len < n + 2 || memcmp(name, pre, n) != 0 || name[len - 1] != ']')
		return false;
	uint64_t v = 0;
	for (size_t i = n; i < len - 1; i++) {
		if (name[i] < '0' || name[i] > '9' || v > UINT32_MAX / 10)
			return false;
		v = v * 10 + (uint64_t)(name[i] - '0');
	}
	if (v > UINT32_MAX)
		return false;
	*index = (uint32_t)v;
	return true;
}

static struct raw_profile *new_profile(struct loader *L, const char *layout)
{
	struct raw_profile rp = {.pid = -1, .tid = -1, .layout = layout};
	vec_push(&L->profiles, rp);
	return &L->profiles.items[L->profiles.len - 1];
}

static void raw_release(struct raw_profile *rp)
{
	rp->samples.view = rp->times.view = NULL;
	vec_free(&rp->nodes);
	vec_free(&rp->samples);
	vec_free(&rp->times);
	vec_free(&rp->lines);
	vec_free(&rp->chunks);
}

static bool all_integers(const struct json *arr)
{
	int64_t v;
	for (size_t i = 0; i < json_len(arr); i++)
		if (json_i64_at(arr, i, &v) == JSON_ELEM_NOT_INTEGER)
			return false;
	return true;
}

/* Whole microseconds for the time deltas D[0..n): the running sum is kept exactly
 * and rounded once per sample, so the rounded deltas add up to the rounded true
 * total (2000 x 0.6 µs is 1200 µs, where rounding each gave 2000). Each delta is
 * split into its integer part, exact in int64, and its fraction, exact in a
 * double; *CARRY is the part of the running sum not credited yet, within
 * [-0.5, 0.5], so adding a fraction to it errs by at most 2^-53 µs, and the
 * running sum stays right to far below a microsecond over any number of
 * samples and chunks. */
static void round_deltas(const double *d, size_t n, int64_t *out, double *carry)
{
	for (size_t i = 0; i < n; i++) {
		double whole = trunc(d[i]); /* |d| < 2^60 (time_in_range): fits */
		double part = *carry + (d[i] - whole); /* within (-1.5, 1.5): exact enough */
		double step = round(part);
		*carry = part - step;
		out[i] = (int64_t)whole + (int64_t)step;
	}
}

/* Appends the numbers of ARR to V; times (AS_TIME) may have fractions of a
 * microsecond: timestamps are rounded one by one, deltas (CARRY given) through
 * round_deltas(). Node ids must be integers. When V is empty and stays as it is
 * read, an array of 32-bit integers, which pass every check, is read where the
 * tree keeps it. */
static int append_ints(struct loader *L, struct i64s *v, const struct json *arr, bool as_time, double *carry,
		       bool stays)
{
	size_t n = 0;
	int64_t *col;
	if (stays && v->len == 0 && v->view == NULL && json_packed_i32(arr) != NULL) {
		v->view = json_packed_i32(arr);
		v->len = json_len(arr);
		return 0;
	}
	if (v->view != NULL) { /* appending to a view: copy it first */
		col = xreallocarray(NULL, v->len ? v->len : 1, sizeof(int64_t));
		for (size_t i = 0; i < v->len; i++)
			col[i] = v->view[i];
		free(v->items);
		v->items = col;
		v->cap = v->len ? v->len : 1;
		v->view = NULL;
	}
	if (as_time && !all_integers(arr)) {
		double *d = jr_num_column(&L->r, arr, false, 0, &n);
		if (d == NULL)
			return -1;
		col = xreallocarray(NULL, n ? n : 1, sizeof(int64_t));
		for (size_t i = 0; i < n; i++) {
			if (!time_in_range(L, arr, NULL, i, d[i])) {
				free(col);
				free(d);
				return -1;
			}
			col[i] = round_us(d[i]);
		}
		if (carry != NULL) /* deltas: rounded as a running sum instead */
			round_deltas(d, n, col, carry);
		free(d);
	} else {
		col = jr_int_column(&L->r, arr, as_time ? -MAX_TIME_US : INT64_MIN + 1,
				    as_time ? MAX_TIME_US : INT64_MAX, false, 0, &n);
	}
	if (col == NULL)
		return -1;
	if (v->len == 0) { /* the common case, one array per profile: adopt it */
		free(v->items);
		v->items = col;
		v->len = v->cap = n;
		return 0;
	}
	if (n > 0) {
		vec_reserve(v, v->len + n);
		memcpy(v->items + v->len, col, n * sizeof(int64_t));
		v->len += n;
	}
	free(col);
	return 0;
}

/* ------------------------------------------------------------ readers */

/* Element I of ARR, which must be an object (a packed number array has none). */
static const struct json *object_at(struct loader *L, const struct json *arr, size_t i)
{
	const struct json *v = json_at(arr, i);
	if (v == NULL) {
		double d;
		jr_error(&L->r, arr, i, "expected an object, got %s",
			 json_f64_at(arr, i, &d) == JSON_ELEM_NULL ? "null" : "a number");
		return NULL;
	}
	return jr_is(&L->r, v, JSON_OBJECT) ? v : NULL;
}

static int read_node(struct loader *L, struct raw_profile *rp, const struct json *node)
{
	struct jr *r = &L->r;
	if (node == NULL)
		return -1;
	struct raw_node n = {.node = node, .parent = NO_ID};
	if (!jr_int(r, node, "id", INT64_MIN + 1, INT64_MAX, false, 0, &n.id) ||
	    !jr_int(r, node, "parent", INT64_MIN + 1, INT64_MAX, true, NO_ID, &n.parent))
		return -1;
	n.frame = jr_need(r, node, "callFrame", JSON_OBJECT);
	jr_opt(r, node, "children", JSON_ARRAY); /* type check now; read when linking */
	if (r->failed)
		return -1;
	vec_push(&rp->nodes, n);
	return 0;
}

/* Element I of nodes read from the stream: its columns, or its tree when it has one. */
static int read_streamed_node(struct loader *L, struct raw_profile *rp, const struct cpn *cols, size_t i)
{
	const struct cpn_node *cn = &cols->nodes.items[i];
	if (cn->tree == NULL) {
		struct raw_node n = {.id = cn->id, .parent = cn->parent, .at = (uint32_t)i, .cols = cols};
		vec_push(&rp->nodes, n);
		return 0;
	}
	/* as object_at() says it of a tree's element: a packed array's null is "null" */
	if (cols->packed_null && json_type(cn->tree) == JSON_NULL)
		return jr_error(&L->r, cn->tree, SIZE_MAX, "expected an object, got null");
	return read_node(L, rp, jr_is(&L->r, cn->tree, JSON_OBJECT) ? cn->tree : NULL);
}

/* The error line about node N or its member KEY (element INDEX of it, unless SIZE_MAX), for a
 * node read from the stream as for a tree's: "nodes[3].children[1]: ...". */
static int PF_PRINTF(5, 6) node_error(struct loader *L, const struct raw_node *n, const char *key,
				      size_t index, const char *fmt, ...)
{
	char path[512], msg[512];
	const struct json *v = n->node && key ? json_get(n->node, key) : n->node;
	if (n->node == NULL)
		snprintf(path, sizeof(path), "%s[%" PRIu32 "]%s%s", n->cols->path, n->at, key ? "." : "",
			 key ? key : "");
	else if (v != NULL)
		json_path(L->r.doc, v, path, sizeof(path));
	else
		snprintf(path, sizeof(path), "(root)");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return jr_error_at(&L->r, path, index, "%s", msg);
}

/* The modern object {nodes, startTime, endTime, samples, timeDeltas}. DELTAS
 * overrides timeDeltas (trace CpuProfile events may put them beside it). */
static int read_modern(struct loader *L, struct raw_profile *rp, const struct json *obj,
		       const struct json *deltas)
{
	struct jr *r = &L->r;
	const struct json *nodes = jr_need(r, obj, "nodes", JSON_ARRAY);
	const struct json *samples = jr_opt(r, obj, "samples", JSON_ARRAY);
	if (deltas == NULL)
		deltas = jr_opt(r, obj, "timeDeltas", JSON_ARRAY);
	double start, end;
	if (!jr_num(r, obj, "startTime", true, NAN, &start) || !jr_num(r, obj, "endTime", true, NAN, &end))
		return -1;
	if (r->failed || !time_in_range(L, obj, "startTime", SIZE_MAX, start) ||
	    !time_in_range(L, obj, "endTime", SIZE_MAX, end))
		return -1;
	rp->has_start = !isnan(start);
	rp->has_end = !isnan(end);
	rp->start = rp->has_start ? round_us(start) : 0;
	rp->end = rp->has_end ? round_us(end) : 0;
	if (rp->nodes.cap == 0 && json_len(nodes) > 0) { /* exactly: a big profile has 100,000s */
		rp->nodes.items = xreallocarray(NULL, json_len(nodes), sizeof(struct raw_node));
		rp->nodes.cap = json_len(nodes);
	}
	vec_reserve(&rp->nodes, json_len(nodes));
	const struct cpn *cols = cpn_of(nodes);
	for (size_t i = 0; i < (cols ? cols->nodes.len : json_len(nodes)); i++)
		if ((cols ? read_streamed_node(L, rp, cols, i)
			  : read_node(L, rp, object_at(L, nodes, i))) < 0)
			return -1;
	if (samples != NULL) {
		rp->has_samples = true;
		if (append_ints(L, &rp->samples, samples, false, NULL, true) < 0)
			return -1;
		if (deltas != NULL && append_ints(L, &rp->times, deltas, true, &rp->delta_carry, true) < 0)
			return -1;
		if (deltas == NULL)
			return jr_error(r, obj, SIZE_MAX, "has \"samples\" but no \"timeDeltas\"");
	}
	return 0;
}

/* Legacy {head, startTime, endTime (seconds), samples, timestamps (µs)}: a
 * nested tree walked with an explicit stack, since real stacks run deep. */
static int read_legacy(struct loader *L, struct raw_profile *rp, const struct json *obj)
{
	struct jr *r = &L->r;
	const struct json *head = jr_need(r, obj, "head", JSON_OBJECT);
	const struct json *samples = jr_opt(r, obj, "samples", JSON_ARRAY);
	const struct json *stamps = jr_opt(r, obj, "timestamps", JSON_ARRAY);
	double start, end;
	if (!jr_num(r, obj, "startTime", true, NAN, &start) || !jr_num(r, obj, "endTime", true, NAN, &end))
		return -1;
	if (r->failed || !time_in_range(L, obj, "startTime", SIZE_MAX, start * 1e6) ||
	    !time_in_range(L, obj, "endTime", SIZE_MAX, end * 1e6))
		return -1;
	rp->absolute = true;
	/* Whole seconds (node 10 writes them) only say the second the profile started or ended in:
	 * taken as times they would credit up to a second that was never sampled. */
	rp->has_start = !isnan(start) && start != floor(start);
	rp->has_end = !isnan(end) && end != floor(end);
	rp->start = rp->has_start ? round_us(start * 1e6) : 0;
	rp->end = rp->has_end ? round_us(end * 1e6) : 0;
	if ((!isnan(start) && !rp->has_start) || (!isnan(end) && !rp->has_end))
		warn_profile(L, "startTime and endTime are whole seconds (node 10): the profile spans its "
				"first to its last sample timestamp");

	VEC(const struct json *) todo = {0};
	VEC(int64_t) parent_of = {0};
	vec_push(&todo, head);
	vec_push(&parent_of, NO_ID);
	int rc = 0;
	while (todo.len > 0 && rc == 0) {
		const struct json *node = todo.items[--todo.len];
		int64_t parent = parent_of.items[--parent_of.len];
		struct raw_node n = {.node = node, .frame = node, .parent = parent, .legacy = true};
		const struct json *kids = NULL;
		if (node == NULL || !jr_int(r, node, "id", INT64_MIN + 1, INT64_MAX, false, 0, &n.id) ||
		    ((kids = jr_opt(r, node, "children", JSON_ARRAY)), r->failed)) {
			rc = -1;
			break;
		}
		vec_push(&rp->nodes, n);
		if (rp->nodes.len > (size_t)UINT32_MAX / 2) {
			rc = jr_error(r, node, SIZE_MAX, "too many nodes");
			break;
		}
		for (size_t i = json_len(kids); i-- > 0;) {
			const struct json *kid = object_at(L, kids, i);
			if (kid == NULL) {
				rc = -1;
				break;
			}
			vec_push(&todo, kid);
			vec_push(&parent_of, n.id);
		}
	}
	vec_free(&todo);
	vec_free(&parent_of);
	if (rc < 0)
		return -1;
	if (samples != NULL) {
		rp->has_samples = true;
		if (append_ints(L, &rp->samples, samples, false, NULL, false) < 0)
			return -1;
		if (stamps == NULL)
			return jr_error(r, obj, SIZE_MAX, "has \"samples\" but no \"timestamps\"");
		if (append_ints(L, &rp->times, stamps, true, NULL, false) < 0)
			return -1;
		/* Some writers put the profile's start first: one timestamp more than samples. */
		if (rp->times.len == rp->samples.len + 1) {
			rp->start = rp->times.items[0];
			rp->has_start = true;
			memmove(rp->times.items, rp->times.items + 1, rp->samples.len * sizeof(int64_t));
			rp->times.len--;
		} else if (rp->times.len > 0 && (!rp->has_start || rp->start > rp->times.items[0])) {
			rp->start = rp->times.items[0];
			rp->has_start = true;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ trace events */

struct thread_name {
	int64_t pid, tid;
	const char *name;
};

static int compare_chunks(const void *a, const void *b)
{
	const struct chunk *x = a, *y = b;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The trace id as text: "0x1" stays, a number becomes decimal. */
static const char *event_id(struct loader *L, const struct json *ev)
{
	const struct json *id = json_get(ev, "id");
	if (json_type(id) == JSON_STRING)
		return json_str(id);
	int64_t v;
	if (json_type(id) == JSON_NUMBER && json_i64(id, &v))
		return profile_printf(L->p, "%" PRId64, v);
	if (id != NULL && json_type(id) != JSON_NULL)
		jr_error(&L->r, id, SIZE_MAX, "expected a string or an integer id, got %s",
			 json_type_name(json_type(id)));
	return "";
}

static const char chunked_layout[] = "trace events: Profile + ProfileChunk";

static struct raw_profile *trace_profile(struct loader *L, int64_t pid, const char *id)
{
	for (size_t i = 0; i < L->profiles.len; i++) {
		struct raw_profile *rp = &L->profiles.items[i];
		if (rp->pid == pid && rp->id != NULL && strcmp(rp->id, id) == 0)
			return rp;
	}
	struct raw_profile *rp = new_profile(L, chunked_layout);
	rp->pid = pid;
	rp->id = id;
	return rp;
}

/* A chunk's "lines" (one per sample; V8 leaves the array out when all are 0)
 * become the column of samples [S0, S0 + N), zeros for what a chunk lacks. */
static int read_chunk_lines(struct loader *L, struct raw_profile *rp, const struct json *arr, size_t s0,
			    size_t n)
{
	size_t got = 0;
	int64_t *col = arr ? jr_int_column(&L->r, arr, 0, INT32_MAX, false, 0, &got) : NULL;
	if (arr != NULL && col == NULL)
		return -1;
	if (col != NULL || rp->lines.len > 0) {
		while (rp->lines.len < s0)
			vec_push(&rp->lines, 0);
		for (size_t i = 0; i < n; i++)
			vec_push(&rp->lines, i < got ? col[i] : 0);
	}
	free(col);
	return 0;
}

static int read_chunk_data(struct loader *L, struct raw_profile *rp, const struct json *data)
{
	struct jr *r = &L->r;
	const struct json *cpu = jr_opt(r, data, "cpuProfile", JSON_OBJECT);
	const struct json *nodes = jr_opt(r, cpu, "nodes", JSON_ARRAY);
	const struct json *samples = jr_opt(r, cpu, "samples", JSON_ARRAY);
	const struct json *deltas = jr_opt(r, data, "timeDeltas", JSON_ARRAY);
	if (deltas == NULL)
		deltas = jr_opt(r, cpu, "timeDeltas", JSON_ARRAY);
	double end;
	if (!jr_num(r, data, "endTime", true, NAN, &end) || r->failed ||
	    !time_in_range(L, data, "endTime", SIZE_MAX, end))
		return -1;
	if (!isnan(end)) {
		rp->end = round_us(end);
		rp->has_end = true;
	}
	for (size_t i = 0; i < json_len(nodes); i++)
		if (read_node(L, rp, object_at(L, nodes, i)) < 0)
			return -1;
	if (samples == NULL && deltas == NULL)
		return 0;
	rp->has_samples = true;
	size_t s0 = rp->samples.len, t0 = rp->times.len;
	if ((samples && append_ints(L, &rp->samples, samples, false, NULL, false) < 0) ||
	    (deltas && append_ints(L, &rp->times, deltas, true, &rp->delta_carry, false) < 0))
		return -1;
	/* Keep the two columns aligned chunk by chunk. */
	size_t ns = rp->samples.len - s0, nt = rp->times.len - t0;
	size_t keep = ns < nt ? ns : nt;
	if (ns != nt) {
		rp->count_mismatch++;
		rp->samples.len = s0 + keep;
		rp->times.len = t0 + keep;
	}
	return read_chunk_lines(L, rp, jr_opt(r, data, "lines", JSON_ARRAY), s0, keep);
}

static int read_trace(struct loader *L, const struct json *events)
{
	struct jr *r = &L->r;
	VEC(struct thread_name) names = {0};
	size_t n = json_len(events), missing_data = 0;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		const struct json *ev = object_at(L, events, i);
		if (ev == NULL) {
			rc = -1;
			break;
		}
		const char *name = jr_str(r, ev, "name", true);
		int64_t pid, tid;
		double ts;
		if (r->failed) {
			rc = -1;
			break;
		}
		if (name == NULL)
			continue;
		if (strcmp(name, "Profile") != 0 && strcmp(name, "ProfileChunk") != 0 &&
		    strcmp(name, "CpuProfile") != 0 && strcmp(name, "thread_name") != 0)
			continue;
		if (!jr_int(r, ev, "pid", INT64_MIN + 1, INT64_MAX, true, 0, &pid) ||
		    !jr_int(r, ev, "tid", INT64_MIN + 1, INT64_MAX, true, 0, &tid) ||
		    !jr_num(r, ev, "ts", true, 0, &ts)) {
			rc = -1;
			break;
		}
		const struct json *args = jr_opt(r, ev, "args", JSON_OBJECT);
		if (strcmp(name, "thread_name") == 0) {
			const char *tn = jr_str(r, args, "name", true);
			if (tn != NULL) {
				struct thread_name t = {.pid = pid, .tid = tid, .name = tn};
				vec_push(&names, t);
			}
			continue;
		}
		const struct json *data = jr_opt(r, args, "data", JSON_OBJECT);
		if (r->failed) {
			rc = -1;
			break;
		}
		if (strcmp(name, "CpuProfile") == 0) {
			const struct json *cpu = jr_need(r, data, "cpuProfile", JSON_OBJECT);
			if (data == NULL)
				jr_error(r, ev, SIZE_MAX, "CpuProfile event without args.data");
			if (r->failed) {
				rc = -1;
				break;
			}
			struct raw_profile *rp = new_profile(L, "trace event: CpuProfile");
			rp->pid = pid;
			rp->tid = tid;
			rp->id = profile_printf(L->p, "CpuProfile@%zu", i);
			rc = read_modern(L, rp, cpu, jr_opt(r, data, "timeDeltas", JSON_ARRAY));
			continue;
		}
		const char *id = event_id(L, ev);
		if (r->failed) {
			rc = -1;
			break;
		}
		struct raw_profile *rp = trace_profile(L, pid, id);
		if (strcmp(name, "Profile") == 0) {
			double start;
			rp->tid = tid;
			if (!jr_num(r, data, "startTime", true, ts, &start) ||
			    !time_in_range(L, data, "startTime", SIZE_MAX, start)) {
				rc = -1;
				break;
			}
			rp->start = round_us(start);
			rp->has_start = true;
		} else if (data == NULL) {
			missing_data++;
			rp->lost_chunks++;
		} else {
			struct chunk c = {.ts = ts, .seq = i, .data = data};
			vec_push(&rp->chunks, c);
		}
	}
	/* Chunks are not in ts order in the file; concatenate them in ts order. */
	for (size_t k = 0; k < L->profiles.len && rc == 0; k++) {
		struct raw_profile *rp = &L->profiles.items[k];
		if (rp->chunks.len > 1)
			qsort(rp->chunks.items, rp->chunks.len, sizeof(struct chunk), compare_chunks);
		for (size_t c = 0; c < rp->chunks.len && rc == 0; c++)
			rc = read_chunk_data(L, rp, rp->chunks.items[c].data);
		/* Chunks whose Profile event is missing: their first timeDelta still counts from the
		 * profile's start, but endTime is on a clock whose origin that event held. */
		if (rp->layout == chunked_layout && !rp->has_start) {
			rp->layout = "trace events: ProfileChunk without its Profile event";
			rp->has_start = true;
			rp->start = 0;
			rp->has_end = false;
		}
		for (size_t t = 0; t < names.len; t++)
			if (names.items[t].pid == rp->pid && names.items[t].tid == rp->tid)
				rp->layout = profile_printf(L->p, "%s", names.items[t].name);
	}
	vec_free(&names);
	if (rc == 0 && missing_data > 0)
		profile_warn(L->p, "%zu ProfileChunk event%s without args.data skipped", missing_data,
			     missing_data == 1 ? "" : "s");
	return rc;
}

/* ------------------------------------------------------------ building the model */

/* V8 node id -> node index: a plain array over the ids' range when it is not much wider than
 * the nodes are many (V8 numbers them from 1), else a table keyed on the ids' bits. */
struct id_map {
	struct u64map map;
	uint32_t *dense; /* the index of id LO + k, or PF_NONE; NULL: MAP */
	int64_t lo;
	uint64_t span;
};

static void id_map_init(struct id_map *m, const struct raw_profile *rp)
{
	*m = (struct id_map){0};
	size_t n = rp->nodes.len;
	if (n == 0)
		return;
	int64_t lo = rp->nodes.items[0].id, hi = lo;
	for (size_t i = 1; i < n; i++) {
		lo = rp->nodes.items[i].id < lo ? rp->nodes.items[i].id : lo;
		hi = rp->nodes.items[i].id > hi ? rp->nodes.items[i].id : hi;
	}
	uint64_t span = (uint64_t)hi - (uint64_t)lo; /* hi - lo, without overflow */
	if (span >= 4 * (uint64_t)n + 64)
		return;
	m->lo = lo;
	m->span = span + 1;
	m->dense = xreallocarray(NULL, m->span, sizeof(uint32_t));
	memset(m->dense, 0xff, m->span * sizeof(uint32_t)); /* PF_NONE */
}

/* The slot of ID, one of the nodes' ids; PF_NONE when new. */
static uint32_t *id_map_slot(struct id_map *m, int64_t id)
{
	return m->dense ? &m->dense[(uint64_t)id - (uint64_t)m->lo] : u64map_slot(&m->map, (uint64_t)id);
}

static uint32_t id_map_get(const struct id_map *m, int64_t id)
{
	if (m->dense == NULL)
		return u64map_get(&m->map, (uint64_t)id);
	uint64_t k = (uint64_t)id - (uint64_t)m->lo; /* below LO wraps to beyond SPAN */
	return k < m->span ? m->dense[k] : PF_NONE;
}

static void id_map_release(struct id_map *m)
{
	u64map_release(&m->map);
	free(m->dense);
}

static uint32_t lib_for_url(struct loader *L, uint32_t url)
{
	if (url == 0)
		return PF_NONE;
	if (url >= L->lib_of_url.len) {
		size_t old = L->lib_of_url.len;
		vec_reserve(&L->lib_of_url, url + 1);
		memset(L->lib_of_url.items + old, 0, (url + 1 - old) * sizeof(uint32_t));
		L->lib_of_url.len = url + 1;
	}
	if (L->lib_of_url.items[url] == 0) {
		struct pf_lib lib = {.name = url, .path = url, .flags = PF_LIB_SCRIPT,
				     .sym_state = PF_SYM_SKIPPED};
		L->lib_of_url.items[url] = profile_add_lib(L->p, &lib) + 1;
	}
	return L->lib_of_url.items[url] - 1;
}

static int read_int_or(struct loader *L, const struct json *obj, const char *key, int64_t deflt, int64_t *out)
{
	return jr_int(&L->r, obj, key, INT32_MIN, INT32_MAX, true, deflt, out) ? 0 : -1;
}

/* String ID of COLS (a streamed node's name or url) in the profile: interned once, when first
 * met, so the profile's strings come in the order the tree's reading interns them. */
static uint32_t profile_string_of(struct loader *L, const struct cpn *cols, uint32_t id)
{
	if (L->str_cols != cols) {
		L->str_of.len = 0;
		L->str_cols = cols;
	}
	if (id >= L->str_of.len) {
		size_t n = cols->strings.count;
		vec_reserve(&L->str_of, n);
		memset(L->str_of.items + L->str_of.len, 0, (n - L->str_of.len) * sizeof(uint32_t));
		L->str_of.len = n;
	}
	if (L->str_of.items[id] == 0)
		L->str_of.items[id] = strmap_intern_len(&L->p->strings, strmap_str(&cols->strings, id),
							strmap_len(&cols->strings, id)) + 1;
	return L->str_of.items[id] - 1;
}

/* The frame of node N: its function key, flags and --wasm naming. *SKIP is set
 * for (root) at the top of the tree, the tree's handle rather than a function. */
static int node_frame(struct loader *L, const struct raw_node *n, bool at_top, uint32_t *frame, bool *skip)
{
	struct jr *r = &L->r;
	struct profile *p = L->p;
	const char *name, *url_s;
	size_t name_len, url_len;
	int64_t line, col;
	uint32_t url_id;
	const struct cpn_node *cn = n->cols ? &n->cols->nodes.items[n->at] : NULL;
	if (cn != NULL) {
		const struct strmap *s = &n->cols->strings;
		name = strmap_str(s, cn->name);
		name_len = strmap_len(s, cn->name);
		url_s = strmap_str(s, cn->url);
		url_len = strmap_len(s, cn->url);
		line = cn->line;
		col = cn->col;
		url_id = profile_string_of(L, n->cols, cn->url);
	} else {
		const struct json *fn = jr_opt(r, n->frame, "functionName", JSON_STRING);
		const struct json *url = jr_opt(r, n->frame, "url", JSON_STRING);
		if (r->failed || read_int_or(L, n->frame, "lineNumber", n->legacy ? 0 : -1, &line) < 0 ||
		    read_int_or(L, n->frame, "columnNumber", n->legacy ? 0 : -1, &col) < 0)
			return -1;
		if (n->legacy) /* 1-based, 0 = unknown */
			line--, col--;
		name = fn ? json_str(fn) : "";
		name_len = fn ? json_str_len(fn) : 0;
		url_s = url ? json_str(url) : "";
		url_len = url ? json_str_len(url) : 0;
		url_id = strmap_intern_len(&p->strings, url_s, url_len);
	}
	/* whose code it is (ownership.h): all of it script code; V8's own (its GC, VM code, natives) and
	 * Node's modules, which before Node 12 have bare names ("module.js"), are the runtime's; a
	 * Windows path (c:\\app\\x.js) has no '/' but is no bare name */
	uint32_t flags = PF_FUNC_SCRIPT;
	bool bare = !memchr(url_s, '/', url_len) && !memchr(url_s, '\\', url_len);
	if (url_len > 0 && (starts_with(url_s, "native ") || bare))
		flags |= starts_with(url_s, "native ") ? PF_FUNC_ENGINE : PF_FUNC_HOST;
	*skip = false;
	if (url_id == 0 && name_len > 2 && name[0] == '(' && name[name_len - 1] == ')') {
		if (strcmp(name, "(root)") == 0 && at_top) {
			*skip = true;
			return 0;
		} else if (strcmp(name, "(garbage collector)") == 0)
			flags |= CPUPROF_FUNC_GC | PF_FUNC_ENGINE;
		else if (strcmp(name, "(program)") == 0)
			flags |= CPUPROF_FUNC_PROGRAM | PF_FUNC_ENGINE;
		else if (strcmp(name, "(idle)") == 0)
			flags |= CPUPROF_FUNC_IDLE;
		flags |= PF_FUNC_SYNTHETIC;
	}
	if (cpuprof_is_plumbing(name))
		flags |= CPUPROF_FUNC_PLUMBING;
	/* The user's code: any script but Node's own (node:..., and internal/... before Node 16). */
	else if (url_id != 0 && !starts_with(url_s, "node:") && !starts_with(url_s, "internal/"))
		flags |= PF_FUNC_OWNED;
	uint32_t wasm_index;
	if (starts_with(url_s, "wasm://")) {
		flags |= CPUPROF_FUNC_WASM;
		if (parse_wasm_index(name, name_len, &wasm_index)) {
			const struct wasm_module *m = L->opts->wasm;
			const char *real = NULL;
			if (m != NULL) {
				if (col >= 0 && wasm_body_at(m, wasm_index, (uint64_t)col))
					real = wasm_func_name(m, wasm_index);
				else
					L->wasm_mismatch++;
			}
			if (real != NULL) {
				L->wasm_named[wasm_index] = true;
				name = real;
				name_len = strlen(real);
			} else {
				flags |= CPUPROF_FUNC_WASM_UNNAMED;
				L->wasm_unnamed_frames++;
			}
		}
	}
	if (name_len == 0) {
		name = "(anonymous)";
		name_len = strlen(name);
	}
	uint32_t name_id = cn && name == strmap_str(&n->cols->strings, cn->name)
				   ? profile_string_of(L, n->cols, cn->name)
				   : strmap_intern_len(&p->strings, name, name_len);
	uint32_t lib = lib_for_url(L, url_id);
	*frame = profile_func_frame(p, name_id, url_id, lib, line >= 0 ? (uint32_t)line + 1 : 0,
				    col >= 0 ? (uint32_t)col + 1 : 0, flags);
	return 0;
}

enum { ST_NEW, ST_ON_PATH, ST_DONE };

/* Parent index of every node, from "parent" members and "children" arrays. */
static int link_parents(struct loader *L, struct raw_profile *rp, const struct id_map *map, uint32_t *parent,
			bool *orphan)
{
	struct jr *r = &L->r;
	size_t unknown_children = 0, orphans = 0;
	for (size_t i = 0; i < rp->nodes.len; i++) {
		const struct raw_node *n = &rp->nodes.items[i];
		if (n->parent != NO_ID) {
			uint32_t pi = id_map_get(map, n->parent);
			/* A trace whose chunks lost their data also lost nodes: keep what is left. */
			if (pi == PF_NONE && rp->lost_chunks > 0) {
				orphan[i] = true;
				orphans++;
				continue;
			}
			if (pi == PF_NONE)
				return node_error(L, n, "parent", SIZE_MAX,
						  "parent %" PRId64 " of node %" PRId64
						  " is not a node of this profile",
						  n->parent, n->id);
			if (parent[i] != PF_NONE && parent[i] != pi)
				return node_error(L, n, NULL, SIZE_MAX, "node %" PRId64 " has two parents",
						  n->id);
			parent[i] = pi;
		}
		if (n->legacy)
			continue;
		const struct json *kids = n->node ? json_get(n->node, "children") : NULL;
		const struct cpn_node *cn = n->cols ? &n->cols->nodes.items[n->at] : NULL;
		/* no pointer into the pool when the node has no children: it may be empty (NULL) */
		const int64_t *kid_ids = cn && cn->nkids > 0 ? n->cols->kid_ids.items + cn->kids : NULL;
		size_t nkids = cn ? cn->nkids : json_len(kids);
		for (size_t k = 0; k < nkids; k++) {
			int64_t cid;
			if (kid_ids != NULL)
				cid = kid_ids[k];
			else if (!jr_int_at(r, kids, k, INT64_MIN + 1, INT64_MAX, false, 0, &cid))
				return -1;
			uint32_t ci = id_map_get(map, cid);
			if (ci == PF_NONE) {
				unknown_children++;
				continue;
			}
			if (parent[ci] != PF_NONE && parent[ci] != (uint32_t)i)
				return node_error(L, n, "children", k,
						  "node %" PRId64 " is a child of two nodes (%" PRId64
						  " and %" PRId64 ")",
						  cid, rp->nodes.items[parent[ci]].id, n->id);
			parent[ci] = (uint32_t)i;
		}
	}
	if (unknown_children > 0)
		warn_profile(L, "%zu child id%s that name no node skipped", unknown_children,
			     unknown_children == 1 ? "" : "s");
	if (orphans > 0)
		warn_profile(L,
			     "%zu node%s name a parent lost with the chunks that had no data: their stacks "
			     "start at (lost parent)",
			     orphans, orphans == 1 ? "" : "s");
	return 0;
}

static void add_line_ticks(struct loader *L, uint32_t func, uint32_t line, int64_t ticks)
{
	struct profile *p = L->p;
	uint32_t *slot = u64map_slot(&L->ticks_at, (uint64_t)func << 32 | line);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)p->line_ticks.len;
		profile_add_line_ticks(p, func, line, ticks);
	} else {
		p->line_ticks.items[*slot].ticks += ticks;
	}
}

/* A node's positionTicks ([{line, ticks}], lines 1-based): where its hits fell
 * inside FUNC. Hits V8 could place on no line (hitCount beyond the ticks) go to
 * line 0, so the split covers them. */
static int read_position_ticks(struct loader *L, const struct raw_node *n, uint32_t func)
{
	struct jr *r = &L->r;
	if (n->cols != NULL) { /* checked when read from the stream */
		const struct cpn_node *cn = &n->cols->nodes.items[n->at];
		const int32_t *pairs = cn->nticks > 0 ? n->cols->ticks.items + 2 * (size_t)cn->ticks : NULL;
		int64_t sum = 0;
		for (size_t i = 0; i < cn->nticks; i++) {
			if (pairs[2 * i + 1] > 0)
				add_line_ticks(L, func, (uint32_t)pairs[2 * i], pairs[2 * i + 1]);
			sum += pairs[2 * i + 1];
		}
		if (cn->has_ticks && cn->hits > sum)
			add_line_ticks(L, func, 0, cn->hits - sum);
		return 0;
	}
	const struct json *pt = jr_opt(r, n->node, "positionTicks", JSON_ARRAY);
	int64_t hits, sum = 0;
	if (r->failed || !jr_int(r, n->node, "hitCount", 0, INT32_MAX, true, -1, &hits))
		return -1;
	for (size_t i = 0; i < json_len(pt); i++) {
		const struct json *o = object_at(L, pt, i);
		int64_t line, ticks;
		if (o == NULL || !jr_int(r, o, "line", 0, INT32_MAX, false, 0, &line) ||
		    !jr_int(r, o, "ticks", 0, INT32_MAX, false, 0, &ticks))
			return -1;
		if (ticks > 0)
			add_line_ticks(L, func, (uint32_t)line, ticks);
		sum += ticks;
	}
	if (pt != NULL && hits > sum)
		add_line_ticks(L, func, 0, hits - sum);
	return 0;
}

/* Stack node of every raw node, parents first, without recursion: walk up to a
 * finished ancestor, then build back down. ST_ON_PATH marks the walk, so a
 * cycle is found when the walk meets itself. */
static int build_stacks(struct loader *L, struct raw_profile *rp, const uint32_t *parent, const bool *orphan,
			uint32_t *stack)
{
	size_t n = rp->nodes.len;
	unsigned char *state = xcalloc(n ? n : 1, 1);
	uint32_t *path = xreallocarray(NULL, n ? n : 1, sizeof(uint32_t));
	int rc = 0;
	profile_reserve_stacks(L->p, n + 1); /* at most a node each, and (lost parent) */
	for (size_t i = 0; i < n && rc == 0; i++) {
		size_t depth = 0;
		uint32_t j = (uint32_t)i;
		while (j != PF_NONE && state[j] != ST_DONE) {
			if (state[j] == ST_ON_PATH) {
				rc = node_error(L, &rp->nodes.items[j], NULL, SIZE_MAX,
						"node %" PRId64
						" is its own ancestor (the parent links form a cycle)",
						rp->nodes.items[j].id);
				break;
			}
			state[j] = ST_ON_PATH;
			path[depth++] = j;
			j = parent[j];
		}
		if (rc < 0)
			break;
		uint32_t above = j == PF_NONE ? PF_NONE : stack[j];
		if (j == PF_NONE && depth > 0 && orphan[path[depth - 1]]) {
			uint32_t lost = profile_func_frame(L->p, profile_intern(L->p, "(lost parent)"), 0,
							   PF_NONE, 0, 0, PF_FUNC_SYNTHETIC | PF_FUNC_SCRIPT);
			above = profile_intern_stack(L->p, PF_NONE, lost);
		}
		while (depth > 0) {
			uint32_t k = path[--depth];
			uint32_t frame;
			bool skip;
			if (node_frame(L, &rp->nodes.items[k], above == PF_NONE, &frame, &skip) < 0) {
				rc = -1;
				break;
			}
			if (!skip) /* (root)'s children become roots */
				above = profile_intern_stack(L->p, above, frame);
			/* a trace's per-sample lines say the same more exactly (add_samples) */
			if (!skip && !rp->nodes.items[k].legacy && rp->lines.len == 0 &&
			    read_position_ticks(L, &rp->nodes.items[k], L->p->frames.items[frame].func) < 0) {
				rc = -1;
				break;
			}
			stack[k] = above;
			state[k] = ST_DONE;
		}
	}
	free(state);
	free(path);
	return rc;
}

/* The stack of a sample taken at node stack STACK: a sample at (root) itself (no JS on
 * the stack; the node has no stack of its own) gets a "(root)" frame, as DevTools shows
 * it, so that every view and export adds up to the total. */
static uint32_t sample_stack(struct loader *L, uint32_t stack)
{
	if (stack != PF_NONE)
		return stack;
	if (L->root_stack == PF_NONE) {
		uint32_t frame = profile_func_frame(L->p, profile_intern(L->p, "(root)"), 0, PF_NONE, 0, 0,
						    PF_FUNC_SYNTHETIC | PF_FUNC_SCRIPT);
		L->root_stack = profile_intern_stack(L->p, PF_NONE, frame);
	}
	return L->root_stack;
}

/* The K-th smallest of V[0..N) (Hoare's selection, O(N)); reorders V. */
static int64_t select_kth(int64_t *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;
	while (lo < hi) {
		int64_t pivot = v[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				int64_t tmp = v[i];
				v[i] = v[j];
				v[j] = tmp;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

/* Samples of a profile that has only hitCount: the duration is spread evenly
 * over the hits (the DevTools convention), with cumulative rounding so the
 * parts add up to the whole. */
static int add_hit_counts(struct loader *L, struct raw_profile *rp, const uint32_t *stack, uint32_t thread,
			  size_t time_m, size_t count_m)
{
	int64_t total_hits = 0, done_hits = 0, prev = 0;
	int64_t duration = rp->has_start && rp->has_end && rp->end > rp->start ? rp->end - rp->start : 0;
	int64_t *hits = xcalloc(rp->nodes.len ? rp->nodes.len : 1, sizeof(int64_t));
	for (size_t i = 0; i < rp->nodes.len; i++) {
		const struct raw_node *n = &rp->nodes.items[i];
		if (n->cols != NULL) {
			int32_t h = n->cols->nodes.items[n->at].hits;
			hits[i] = h < 0 ? 0 : h;
		} else if (!jr_int(&L->r, n->node, "hitCount", 0, INT32_MAX, true, 0, &hits[i])) {
			free(hits);
			return -1;
		}
		total_hits += hits[i];
	}
	int64_t values[PF_MAX_METRICS] = {0};
	for (size_t i = 0; i < rp->nodes.len; i++) {
		if (hits[i] == 0)
			continue;
		done_hits += hits[i];
		int64_t upto = (int64_t)((double)duration * (double)done_hits / (double)total_hits);
		values[time_m] = L->opts->weight == CPUPROF_WEIGHT_SAMPLES ? upto - prev : upto - prev;
		values[count_m] = hits[i];
		prev = upto;
		profile_add_sample(L->p, sample_stack(L, stack[i]), thread, values);
	}
	free(hits);
	if (total_hits > 0) {
		char span[48];
		report_format_value(span, sizeof(span), duration, PF_UNIT_MICROSECONDS);
		warn_profile(L, "no samples array: %" PRId64 " hitCount hits spread evenly over %s", total_hits,
			     span);
	}
	return 0;
}

/* Times of the samples, made monotone: V8 stores deltas of unsorted timestamps,
 * so a negative delta would credit negative time. Clamping the running clock
 * (not each delta) keeps the total equal to the real elapsed time. */
static int64_t *sample_times(struct loader *L, const struct raw_profile *rp, size_t n)
{
	int64_t *t = xreallocarray(NULL, n ? n : 1, sizeof(int64_t));
	int64_t clock = rp->start, raw = rp->start, shown = rp->start;
	size_t negative = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t v = i64_at(&rp->times, i);
		if (rp->absolute) {
			raw = v;
		} else {
			if (v < 0)
				negative++;
			/* raw and v are both within ±2^60, so the sum cannot overflow */
			if (raw + v > MAX_TIME_US || raw + v < -MAX_TIME_US) {
				jr_error(&L->r, NULL, SIZE_MAX,
					 "timeDeltas add up to more than 2^60 µs at sample %zu", i);
				free(t);
				return NULL;
			}
			raw += v;
		}
		if (rp->absolute && raw < shown)
			negative++;
		shown = raw;
		clock = raw > clock ? raw : clock;
		t[i] = clock;
	}
	if (negative > 0)
		warn_profile(L,
			     "%zu sample%s earlier than the one before (negative timeDeltas): the clock is "
			     "held so no sample gets negative time",
			     negative, negative == 1 ? "" : "s");
	return t;
}

/* The gaps of one profile's sample clock, µs. */
struct gaps {
	int64_t first;    /* profile start -> first sample */
	int64_t later;    /* the largest gap between two samples */
	size_t later_at;  /* ... before this sample */
	int64_t tail;     /* last sample -> endTime */
	int64_t counted;  /* the total under --weight before (samples naming a node) */
	int64_t median;   /* of all gaps, the first included */
};

/* More than 50 medians and at least 10 ms: time the sampler did not see, which
 * one weighting or the other credits to a single sample. */
static bool is_stall(int64_t gap, int64_t median)
{
	return median > 0 && gap >= 10000 && (gap - 1) / 50 >= median; /* no multiplication: no overflow */
}

static void gap_warnings(struct loader *L, const struct gaps *g)
{
	double med = (double)g->median / 1000.0;
	if (is_stall(g->first, g->median))
		warn_profile(L,
			     "%.1f ms from the profile's start to its first sample (median interval %.3f "
			     "ms): --weight before credits it to the first sample (%.1f%% of the profile's "
			     "total), --weight after to none",
			     (double)g->first / 1000.0, med,
			     g->counted > 0 ? 100.0 * (double)g->first / (double)g->counted : 0.0);
	if (is_stall(g->later, g->median))
		warn_profile(L,
			     "sampler stall: %.1f ms without samples before sample %zu (median interval "
			     "%.3f ms); --weight before credits it to that sample, --weight after to the "
			     "one before it",
			     (double)g->later / 1000.0, g->later_at, med);
	if (is_stall(g->tail, g->median))
		warn_profile(L,
			     "%.1f ms from the last sample to the profile's endTime (median interval %.3f "
			     "ms): --weight after credits it to the last sample, --weight before to none",
			     (double)g->tail / 1000.0, med);
}

static int add_samples(struct loader *L, struct raw_profile *rp, const struct id_map *map,
		       const uint32_t *stack, uint32_t thread, size_t time_m, size_t count_m)
{
	size_t n = rp->samples.len < rp->times.len ? rp->samples.len : rp->times.len;
	if (rp->samples.len != rp->times.len || rp->count_mismatch > 0)
		warn_profile(L, "%zu samples but %zu time%s: using the first %zu", rp->samples.len,
			     rp->times.len, rp->absolute ? "stamps" : " deltas", n);
	int64_t *t = sample_times(L, rp, n);
	if (t == NULL)
		return -1;
	profile_reserve_samples(L->p, n);
	int64_t values[PF_MAX_METRICS] = {0};
	int64_t big = 0, counted = 0;
	size_t unknown = 0, biggest = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t node = id_map_get(map, i64_at(&rp->samples, i));
		int64_t before = t[i] - (i > 0 ? t[i - 1] : (rp->has_start ? rp->start : t[0]));
		if (i > 0 && before > big) /* the first gap is checked on its own (gap_warnings) */
			big = before, biggest = i;
		if (node == PF_NONE) {
			unknown++;
			continue;
		}
		int64_t after = 0;
		if (i + 1 < n)
			after = t[i + 1] - t[i];
		else if (rp->has_end && rp->end > t[i])
			after = rp->end - t[i];
		values[time_m] = L->opts->weight == CPUPROF_WEIGHT_AFTER ? after : before;
		values[count_m] = 1;
		counted += before;
		profile_add_sample(L->p, sample_stack(L, stack[node]), thread, values);
		if (rp->lines.len > 0 && stack[node] != PF_NONE) /* the sample's own weight, at its line */
			add_line_ticks(L, profile_stack_func(L->p, stack[node]),
				       i < rp->lines.len ? (uint32_t)rp->lines.items[i] : 0,
				       values[L->opts->weight == CPUPROF_WEIGHT_SAMPLES ? count_m : time_m]);
	}
	if (unknown > 0)
		warn_profile(L, "%zu sample%s name no node and were skipped", unknown,
			     unknown == 1 ? "" : "s");
	if (n > 0) {
		int64_t last = t[n - 1];
		int64_t start = rp->has_start ? rp->start : t[0];
		int64_t end = rp->has_end && rp->end > last ? rp->end : last;
		for (size_t i = n; i-- > 1;) /* times -> gaps, in place */
			t[i] -= t[i - 1];
		t[0] -= start;
		struct gaps g = {.first = t[0], .later = big, .later_at = biggest, .tail = end - last,
				 .counted = counted};
		g.median = select_kth(t, n, n / 2);
		char span[48]; /* in the unit the report's times use: "7.26 s", not "7261.9 ms" */
		report_format_value(span, sizeof(span), end - start, PF_UNIT_MICROSECONDS);
		profile_add_info(L->p, L->samples_key,
				 profile_printf(L->p, "%zu over %s, median interval %.3f ms", n, span,
						(double)g.median / 1000.0));
		gap_warnings(L, &g);
	}
	free(t);
	return 0;
}

static const char *profile_label(struct loader *L, const struct raw_profile *rp)
{
	if (rp->id == NULL)
		return rp->layout;
	return profile_printf(L->p, "pid %" PRId64 " id %s (%s)", rp->pid, rp->id, rp->layout);
}

static int build_one(struct loader *L, struct raw_profile *rp, uint32_t thread, size_t time_m, size_t count_m)
{
	struct jr *r = &L->r;
	size_t n = rp->nodes.len;
	if (n >= UINT32_MAX / 2)
		return jr_error(r, NULL, SIZE_MAX, "too many nodes (%zu)", n);
	struct id_map map;
	id_map_init(&map, rp);
	uint32_t *parent = xreallocarray(NULL, n ? n : 1, sizeof(uint32_t));
	uint32_t *stack = xreallocarray(NULL, n ? n : 1, sizeof(uint32_t));
	bool *orphan = xcalloc(n ? n : 1, sizeof(bool));
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		parent[i] = PF_NONE;
		uint32_t *slot = id_map_slot(&map, rp->nodes.items[i].id);
		if (*slot != PF_NONE) {
			rc = node_error(L, &rp->nodes.items[i], "id", SIZE_MAX,
					"node id %" PRId64 " appears twice", rp->nodes.items[i].id);
			break;
		}
		*slot = (uint32_t)i;
	}
	if (rc == 0)
		rc = link_parents(L, rp, &map, parent, orphan);
	if (rc == 0)
		rc = build_stacks(L, rp, parent, orphan, stack);

	if (rc == 0 && rp->has_samples) {
		vec_free(&rp->nodes); /* stacks made: the samples need only MAP and STACK */
		rc = add_samples(L, rp, &map, stack, thread, time_m, count_m);
	}
	else if (rc == 0)
		rc = add_hit_counts(L, rp, stack, thread, time_m, count_m);
	id_map_release(&map);
	vec_free(&rp->samples); /* built: the raw columns are no longer needed */
	vec_free(&rp->times);
	rp->samples.view = rp->times.view = NULL;
	free(parent);
	free(stack);
	free(orphan);
	return rc;
}

/* ------------------------------------------------------------ selection */

static size_t sample_count(const struct raw_profile *rp)
{
	return rp->samples.len < rp->times.len ? rp->samples.len : rp->times.len;
}

/* Does WANT ("0x1" or "PID:0x1") name RP? */
static bool names_profile(const char *want, const struct raw_profile *rp)
{
	if (rp->id == NULL)
		return false;
	const char *colon = strchr(want, ':');
	if (colon == NULL)
		return strcmp(want, rp->id) == 0;
	char *end;
	long long pid = strtoll(want, &end, 10);
	return end == colon && end != want && pid == rp->pid && strcmp(colon + 1, rp->id) == 0;
}

/* Which raw profiles to build: SEL[i] set. Returns -1 after an error. */
static int select_profiles(struct loader *L, bool *sel)
{
	size_t n = L->profiles.len;
	const char *want = L->opts->profile;
	if (want == NULL) { /* the largest, saying so when there was a choice */
		size_t best = 0, others = 0;
		for (size_t i = 1; i < n; i++)
			if (sample_count(&L->profiles.items[i]) > sample_count(&L->profiles.items[best]))
				best = i;
		sel[best] = true;
		for (size_t i = 0; i < n; i++)
			others += i != best && sample_count(&L->profiles.items[i]) > 0;
		if (others > 0)
			profile_warn(L->p,
				     "the trace holds %zu profiles with samples; this report is profile %zu, "
				     "the largest (choose with --profile N or --profile all)",
				     others + 1, best + 1);
		return 0;
	}
	if (strcmp(want, "all") == 0) {
		for (size_t i = 0; i < n; i++)
			sel[i] = true;
		return 0;
	}
	char *end;
	unsigned long k = strtoul(want, &end, 10);
	if (*want >= '1' && *want <= '9' && *end == '\0' && k <= n) {
		sel[k - 1] = true;
		return 0;
	}
	size_t found = 0;
	for (size_t i = 0; i < n; i++)
		if (names_profile(want, &L->profiles.items[i]) && found++ == 0)
			sel[i] = true;
	if (found > 1) {
		pf_error("%s: --profile %s: %zu profiles have this id; name one as PID:ID or by number",
			 L->r.origin, want, found);
		return LOAD_MISFIT;
	}
	if (found == 1)
		return 0;
	pf_error(
		"%s: --profile %s: no such profile (the file holds %zu: use a number from 1 to %zu%s or all)",
		L->r.origin, want, n, n, L->profiles.items[0].id ? ", an id, PID:ID" : "");
	return LOAD_MISFIT;
}

/* ------------------------------------------------------------ entry point */

/* The layouts a V8 CPU profile comes in. The loader reads by this and
 * cpuprof_sniff() recognises by it, so every command accepts the same files. */
enum layout {
	LAYOUT_NONE,
	LAYOUT_TRACE_ARRAY,   /* a bare array of trace events */
	LAYOUT_TRACE_OBJECT,  /* {traceEvents: [...]} */
	LAYOUT_LEGACY,        /* {head, timestamps} */
	LAYOUT_MODERN,        /* {nodes, samples, timeDeltas} (samples optional: hitCount only) */
	LAYOUT_PROFILER_STOP, /* {profile: {nodes, ...}}: the DevTools protocol's Profiler.stop result */
};

static enum layout layout_of(const struct json *root)
{
	if (json_type(root) == JSON_ARRAY)
		return LAYOUT_TRACE_ARRAY;
	if (json_type(root) != JSON_OBJECT)
		return LAYOUT_NONE;
	if (json_get(root, "traceEvents") != NULL)
		return LAYOUT_TRACE_OBJECT;
	if (json_get(root, "head") != NULL && json_get(root, "nodes") == NULL)
		return LAYOUT_LEGACY;
	if (json_get(root, "nodes") != NULL)
		return LAYOUT_MODERN;
	const struct json *inner = json_get(root, "profile");
	if (json_type(inner) == JSON_OBJECT && json_get(inner, "nodes") != NULL)
		return LAYOUT_PROFILER_STOP;
	return LAYOUT_NONE;
}

static int read_any(struct loader *L, const struct json *root)
{
	struct jr *r = &L->r;
	switch (layout_of(root)) {
	case LAYOUT_TRACE_ARRAY:
		return read_trace(L, root);
	case LAYOUT_TRACE_OBJECT: {
		const struct json *ev = jr_need(r, root, "traceEvents", JSON_ARRAY);
		return ev ? read_trace(L, ev) : -1;
	}
	case LAYOUT_LEGACY:
		return read_legacy(L, new_profile(L, "legacy head/timestamps"), root);
	case LAYOUT_MODERN:
		return read_modern(L, new_profile(L, ".cpuprofile"), root, NULL);
	case LAYOUT_PROFILER_STOP:
		return read_modern(L, new_profile(L, "Profiler.stop result"), json_get(root, "profile"),
				   NULL);
	case LAYOUT_NONE:
		break;
	}
	if (!jr_is(r, root, JSON_OBJECT))
		return -1;
	return jr_error(r, root, SIZE_MAX,
			"not a V8 CPU profile: expected \"nodes\" (.cpuprofile), \"head\" (legacy), "
			"\"profile\" (Profiler.stop) or \"traceEvents\" (trace)");
}

static bool any_named(const struct loader *L)
{
	for (uint32_t i = 0; i < L->opts->wasm->name_count; i++)
		if (L->wasm_named[i])
			return true;
	return false;
}

static void add_wasm_info(struct loader *L)
{
	const struct wasm_module *m = L->opts->wasm;
	if (m == NULL)
		return;
	if (L->wasm_unnamed_frames == 0 && L->wasm_mismatch == 0 && !any_named(L))
		profile_warn(L->p, "--wasm %s: the profile has no wasm-function[N] frames to name",
			     L->opts->wasm_path);
	size_t named = 0;
	for (uint32_t i = 0; i < m->name_count; i++)
		named += L->wasm_named[i];
	profile_add_info(L->p, "Wasm names",
			 profile_printf(L->p, "%zu function%s named from %s", named, named == 1 ? "" : "s",
					L->opts->wasm_path ? L->opts->wasm_path : "--wasm"));
	if (L->wasm_mismatch > 0)
		profile_warn(L->p,
			     "%zu wasm-function[N] frame%s did not match the code section of %s (the body "
			     "offsets differ): left unnamed",
			     L->wasm_mismatch, L->wasm_mismatch == 1 ? "" : "s", L->opts->wasm_path);
}

int cpuprof_load(const struct json_doc *doc, struct profile *out, const void *opts_v)
{
	static const struct cpuprof_opts defaults = {.weight = CPUPROF_WEIGHT_BEFORE};
	struct loader L = {
		.r = jr_begin(doc), .p = out, .opts = opts_v ? opts_v : &defaults, .root_stack = PF_NONE};
	struct profile *p = out;
	int rc = read_any(&L, json_doc_root(doc));
	if (rc == 0 && L.r.failed)
		rc = -1;
	if (rc == 0 && L.profiles.len == 0) {
		pf_error("%s: no CPU profile in this trace (no Profile, ProfileChunk or CpuProfile events)",
			 L.r.origin);
		rc = -1;
	}
	bool *sel = xcalloc(L.profiles.len ? L.profiles.len : 1, sizeof(bool));
	if (rc == 0)
		rc = select_profiles(&L, sel);
	if (rc == 0) {
		p->format = "cpuprofile";
		p->script_engine = "v8";
		p->script_host = "node";
		size_t time_m = profile_add_metric(p, "time",
						   L.opts->weight == CPUPROF_WEIGHT_AFTER
							   ? "time, gap after each sample"
							   : "time, gap before each sample",
						   PF_UNIT_MICROSECONDS);
		size_t count_m = profile_add_metric(p, "samples", "samples", PF_UNIT_COUNT);
		p->default_metric = L.opts->weight == CPUPROF_WEIGHT_SAMPLES ? count_m : time_m;
		if (L.opts->wasm != NULL)
			L.wasm_named = xcalloc(L.opts->wasm->name_count + 1, sizeof(bool));
		bool is_trace = L.profiles.items[0].id != NULL;
		size_t chosen = 0;
		for (size_t i = 0; i < L.profiles.len; i++)
			chosen += sel[i];
		for (size_t i = 0; i < L.profiles.len && is_trace && L.profiles.len > 1; i++) {
			struct raw_profile *rp = &L.profiles.items[i];
			profile_add_info(p, profile_printf(p, "Profile %zu", i + 1),
					 profile_printf(p, "pid %" PRId64 " id %s (%s): %zu samples%s",
							rp->pid, rp->id, rp->layout, sample_count(rp),
							sel[i] ? ", analysed" : ""));
		}
		for (size_t i = 0; i < L.profiles.len && rc == 0; i++) {
			struct raw_profile *rp = &L.profiles.items[i];
			if (!sel[i])
				continue;
			uint32_t thread = PF_NONE;
			if (is_trace) {
				struct pf_thread t = {
					.name = profile_intern(p, profile_label(&L, rp)),
					.pid = profile_intern(p, profile_printf(p, "%" PRId64, rp->pid)),
					.tid = profile_intern(p, profile_printf(p, "%" PRId64, rp->tid))};
				thread = profile_add_thread(p, &t);
			}
			if (chosen == 1)
				p->format_detail = is_trace ? profile_label(&L, rp) : rp->layout;
			L.samples_key = chosen == 1 ? "Samples" : profile_printf(p, "Samples %zu", i + 1);
			L.about = chosen == 1 ? NULL : profile_printf(p, "profile %zu: ", i + 1);
			rc = build_one(&L, rp, thread, time_m, count_m);
		}
		if (chosen > 1)
			p->format_detail = profile_printf(p, "trace events, %zu profiles", chosen);
		if (rc == 0 && L.r.failed)
			rc = -1;
		/* one profile's times stay within 2^61 µs, but nine together can pass 2^63 */
		int64_t sum;
		if (rc == 0 && !profile_metric_sum(p, time_m, &sum)) {
			pf_error("%s: the %zu profiles' times add up to more than 2^63 - 1 µs; choose fewer "
				 "with --profile",
				 L.r.origin, chosen);
			rc = -1;
		}
		if (rc == 0 && L.opts->wasm != NULL && L.wasm_unnamed_frames > 0 && L.wasm_mismatch > 0) {
			size_t named = 0;
			for (uint32_t i = 0; i < L.opts->wasm->name_count; i++)
				named += L.wasm_named[i];
			if (named == 0) {
				pf_error("%s: --wasm %s: no wasm-function[N] frame matches this module's "
					 "code section: "
					 "is it the module that was profiled?",
					 L.r.origin, L.opts->wasm_path ? L.opts->wasm_path : "");
				rc = LOAD_MISFIT;
			}
		}
		if (rc == 0)
			add_wasm_info(&L);
	}
	for (size_t i = 0; i < L.profiles.len; i++)
		raw_release(&L.profiles.items[i]);
	vec_free(&L.profiles);
	vec_free(&L.lib_of_url);
	vec_free(&L.str_of);
	u64map_release(&L.ticks_at);
	free(L.wasm_named);
	free(sel);
	return rc;
}

bool cpuprof_sniff(const struct json *root)
{
	enum layout l = layout_of(root);
	if (l == LAYOUT_TRACE_ARRAY) { /* any array loads as a trace; only one of events is recognised */
		const struct json *first = json_at(root, 0);
		return json_get(first, "ph") || json_get(first, "name");
	}
	return l != LAYOUT_NONE;
}

/* The layouts above by their first members: "nodes" comes first in a .cpuprofile, a legacy
 * profile's "head" node has hitCount and callUID (a heap profile's has selfSize). */
bool cpuprof_sniff_head(const struct json_head *h)
{
	enum json_type t;
	if (h->root == JSON_ARRAY)
		return json_head_has(h, "[0].ph", NULL) || json_head_has(h, "[0].name", NULL);
	return (json_head_has(h, "nodes", &t) && t == JSON_ARRAY) ||
	       (json_head_has(h, "traceEvents", &t) && t == JSON_ARRAY) ||
	       (json_head_has(h, "profile.nodes", &t) && t == JSON_ARRAY) ||
	       json_head_has(h, "head.hitCount", NULL) || json_head_has(h, "head.callUID", NULL);
}
