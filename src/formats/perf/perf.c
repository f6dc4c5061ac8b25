/* perf.c: a perf.data recording (perf_data.c reads it) as a profile: processes and their
 * memory maps from MMAP/MMAP2, COMM and FORK records, replayed in time order; each sample's
 * kernel and user frames from its callchain, or from its user registers and stack copy
 * (perf_unwind.c) for `--call-graph dwarf`; libraries with the build ids perf recorded, and
 * user frames as (library, file offset), which src/symbol/ names as it names samply's. */
#include "perf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "perf_data.h"
#include "perf_maps.h"
#include "perf_unwind.h"
#include "profan/find.h"
#include "profan/hashtab.h"
#include "profan/load.h"
#include "profan/regex.h"
#include "samply/samply.h"
#include "profan/text.h"

#define MAX_FRAMES 4096 /* a callchain or an unwind deeper than this is cut (perf's own limit is 127) */

struct proc {
	uint32_t pid;
	struct perf_maps maps;
	uint32_t exec_lib;  /* the program's own file: the first executable file mapped after exec */
	bool want_exec;
	uint32_t comm;      /* the main thread's name */
};

/* A thread's state between context-switch records (samply's ContextSwitchHandler). */
enum { CSW_UNKNOWN, CSW_ON, CSW_OFF };

struct thr {
	uint32_t pid, tid;
	uint32_t comm;
	uint32_t pf;        /* its profile thread, made at its first sample */
	uint8_t state;      /* CSW_*: on or off CPU by its last switch record */
	bool has_pending;   /* a sched:sched_switch stack since its last switch-out */
	uint32_t pending;   /* that stack (PF_NONE: none) */
	uint32_t off_stack; /* where it went off CPU: the stack its time off is added to */
	uint64_t ts;        /* when it went on or off CPU, or its last sample */
	uint64_t on_since_sample; /* ns on CPU since its last sample */
};

struct lib_count {
	uint32_t lib;
	size_t n;
};

struct ld {
	struct perf_file f;
	struct profile *p;
	const struct perf_load_opts *o;
	VEC(struct proc) procs;
	VEC(struct thr) thrs;
	struct u64map proc_of, thr_of;   /* pid -> procs, tid -> thrs */
	struct u64map lib_of;            /* interned file name -> lib */
	struct u64map bid_of;            /* interned file name -> build_ids index */
	struct u64map frame_of;          /* lib << 44 | offset -> frame; kernel IPs in kframe_of */
	struct u64map kframe_of;
	uint32_t kernel_lib, unknown_frame;
	char kref_name[64];              /* the kernel map's reference symbol ("_text") and address */
	uint64_t kref_addr;
	struct perf_unwinder *unwinder;
	uint32_t frames[MAX_FRAMES];
	uint64_t pcs[MAX_FRAMES];
	size_t nmetrics;
	bool time_event[64];             /* per attribute (first 64): a clock, whose period is ns */
	bool any_time;                   /* a clock event was recorded */
	size_t cpu_attr;                 /* without one: the event whose periods stand for CPU */
	bool *attr_on;                   /* per attribute: its samples are kept (--event) */
	bool *attr_stacks;               /* per attribute: sched:sched_switch, whose stacks are off-CPU's */
	bool switch_metrics;             /* context-switch records: the oncpu and offcpu metrics */
	struct regex *sel_comm;          /* --thread RE; or a tid, in sel_tid */
	uint32_t sel_pid, sel_tid;
	bool by_pid, by_tid;
	uint32_t offcpu_frame;           /* "[off-CPU]": time off CPU with no sched_switch stack */
	size_t offcpu_nostack, switches_unmatched, unselected, kept;
	uint64_t offcpu_nostack_ns;
	/* counts for the header */
	size_t bad_samples, lost_records, throttles, switches, unknown, truncated_chains;
	uint64_t lost, lost_samples;
	size_t *per_attr;                /* samples per attribute */
	size_t no_caller;                /* dwarf samples whose user stack gave only the sampled IP */
	VEC(struct lib_count) no_caller_by_lib;
	size_t unwound, unwind_failed, unwind_no_files;
};

enum { M_CPU, M_SAMPLES, M_WEIGHT, M_ONCPU, M_OFFCPU, M_COUNT };

static struct proc *proc_get(struct ld *ld, uint32_t pid)
{
	uint32_t *slot = u64map_slot(&ld->proc_of, pid);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)ld->procs.len;
		vec_push(&ld->procs, ((struct proc){.pid = pid, .exec_lib = PF_NONE, .want_exec = true}));
	}
	return &ld->procs.items[*slot];
}

static struct thr *thr_get(struct ld *ld, uint32_t pid, uint32_t tid)
{
	uint32_t *slot = u64map_slot(&ld->thr_of, tid);
	if (*slot == HTAB_NONE || ld->thrs.items[*slot].pid != pid) {
		*slot = (uint32_t)ld->thrs.len;
		vec_push(&ld->thrs, ((struct thr){.pid = pid, .tid = tid, .pf = PF_NONE}));
	}
	return &ld->thrs.items[*slot];
}

/* ---- libraries ---- */

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

static uint32_t lib_for(struct ld *ld, const char *path, const uint8_t *bid, size_t bid_len)
{
	struct profile *p = ld->p;
	uint32_t name = profile_intern(p, path);
	uint32_t *slot = u64map_slot(&ld->lib_of, name);
	if (*slot != HTAB_NONE)
		return *slot;
	if (bid == NULL) {
		uint32_t b = u64map_get(&ld->bid_of, name);
		if (b != HTAB_NONE) {
			bid = ld->f.build_ids.items[b].id;
			bid_len = ld->f.build_ids.items[b].len;
		}
	}
	struct pf_lib lib = {.name = profile_intern(p, base_name(path)), .path = name};
	lib.debug_name = lib.name;
	lib.debug_path = name;
	if (bid != NULL && bid_len > 0) {
		char hex[41];
		for (size_t i = 0; i < bid_len; i++)
			snprintf(hex + 2 * i, 3, "%02x", bid[i]);
		lib.code_id = profile_intern(p, hex);
		char *bp = symfind_breakpad_of_build_id(hex);
		lib.breakpad_id = bp ? profile_intern(p, bp) : 0;
		free(bp);
	}
	if (path[0] != '/')
		lib.flags |= PF_LIB_SPECIAL; /* [vdso], //anon, [heap]: no file to read */
	else
		lib.flags |= PF_LIB_OFFSETS;
	*slot = profile_add_lib(p, &lib);
	return *slot;
}

/* ---- frames ---- */

static uint32_t kernel_frame(struct ld *ld, uint64_t ip)
{
	uint32_t *slot = u64map_slot(&ld->kframe_of, ip);
	if (*slot != HTAB_NONE)
		return *slot;
	struct profile *p = ld->p;
	if (ld->kernel_lib == PF_NONE) {
		struct pf_lib lib = {.name = profile_intern(p, "kernel"), .flags = PF_LIB_SPECIAL | PF_LIB_KERNEL};
		ld->kernel_lib = profile_add_lib(p, &lib);
	}
	char name[24];
	snprintf(name, sizeof(name), "0x%016llx", (unsigned long long)ip);
	/* named by symbolize_profile() from the address in the name, as samply's bare kernel IPs */
	struct pf_func fn = {.name = profile_intern(p, name), .lib = ld->kernel_lib};
	struct pf_frame fr = {.func = profile_intern_func(p, &fn), .lib = ld->kernel_lib,
			      .address = PF_NO_ADDRESS};
	*slot = profile_intern_frame(p, &fr);
	return *slot;
}

static uint32_t unknown_frame(struct ld *ld)
{
	if (ld->unknown_frame == PF_NONE) {
		struct pf_func fn = {.name = profile_intern(ld->p, "[unknown]"), .lib = PF_NONE};
		struct pf_frame fr = {.func = profile_intern_func(ld->p, &fn), .lib = PF_NONE,
				      .address = PF_NO_ADDRESS};
		ld->unknown_frame = profile_intern_frame(ld->p, &fr);
	}
	return ld->unknown_frame;
}

#define OFFSET_BITS 44

static uint32_t user_frame(struct ld *ld, const struct proc *pr, uint64_t ip)
{
	const struct perf_map *m = pr ? perf_maps_find(&pr->maps, ip) : NULL;
	if (m == NULL)
		return unknown_frame(ld);
	uint64_t off = ip - m->start + m->pgoff;
	if (off >> OFFSET_BITS)
		return unknown_frame(ld);
	uint32_t *slot = u64map_slot(&ld->frame_of, (uint64_t)m->lib << OFFSET_BITS | off);
	if (*slot != HTAB_NONE)
		return *slot;
	struct profile *p = ld->p;
	const char *lname = profile_str(p, p->libs.items[m->lib].name);
	char *shortened = text_shorten(lname, strlen(lname), 64);
	char name[96];
	snprintf(name, sizeof(name), "%s+0x%llx", shortened, (unsigned long long)off);
	free(shortened);
	struct pf_func fn = {.name = profile_intern(p, name), .lib = m->lib, .flags = PF_FUNC_UNRESOLVED};
	struct pf_frame fr = {.func = profile_intern_func(p, &fn), .lib = m->lib, .address = off};
	*slot = profile_intern_frame(p, &fr);
	return *slot;
}

/* ---- records ---- */

static int64_t clamp_value(uint64_t v)
{
	return v > (uint64_t)INT64_MAX / 4096 ? INT64_MAX / 4096 : (int64_t)v;
}

static void count_no_caller(struct ld *ld, uint32_t lib)
{
	ld->no_caller++;
	for (size_t i = 0; i < ld->no_caller_by_lib.len; i++)
		if (ld->no_caller_by_lib.items[i].lib == lib) {
			ld->no_caller_by_lib.items[i].n++;
			return;
		}
	vec_reserve(&ld->no_caller_by_lib, ld->no_caller_by_lib.len + 1);
	ld->no_caller_by_lib.items[ld->no_caller_by_lib.len].lib = lib;
	ld->no_caller_by_lib.items[ld->no_caller_by_lib.len++].n = 1;
}

static uint32_t thread_pf(struct ld *ld, struct thr *t)
{
	if (t->pf == PF_NONE) {
		char pid[16], tid[16];
		snprintf(pid, sizeof(pid), "%u", t->pid);
		snprintf(tid, sizeof(tid), "%u", t->tid);
		struct pf_thread th = {.pid = profile_intern(ld->p, pid), .tid = profile_intern(ld->p, tid),
				       .is_main = t->pid == t->tid};
		t->pf = profile_add_thread(ld->p, &th);
	}
	return t->pf;
}

/* --pid, --thread: is thread TID of PID in the selection? A comm is the thread's name by the
 * records so far, as perf report's --comms takes it. */
static bool thread_selected(struct ld *ld, uint32_t pid, uint32_t tid)
{
	if (ld->by_pid && pid != ld->sel_pid)
		return false;
	if (ld->by_tid)
		return tid == ld->sel_tid;
	if (ld->sel_comm == NULL)
		return true;
	uint32_t ti = u64map_get(&ld->thr_of, tid);
	uint32_t comm = ti != HTAB_NONE && ld->thrs.items[ti].pid == pid ? ld->thrs.items[ti].comm : 0;
	const char *c = comm ? profile_str(ld->p, comm) : "";
	return regex_match(ld->sel_comm, c, strlen(c), NULL, 0) == 1;
}

/* Time T off CPU (from its switch-out to its switch-in) as a sample of the offcpu metric, at
 * the stack of the thread's sched:sched_switch sample, or "[off-CPU]" when it has none. */
static void offcpu_sample(struct ld *ld, struct thr *t, uint64_t ns)
{
	uint32_t stack = t->off_stack;
	if (stack == PF_NONE) {
		if (ld->offcpu_frame == PF_NONE) {
			struct pf_func fn = {.name = profile_intern(ld->p, "[off-CPU]"), .lib = PF_NONE};
			struct pf_frame fr = {.func = profile_intern_func(ld->p, &fn), .lib = PF_NONE,
					      .address = PF_NO_ADDRESS};
			uint32_t f = profile_intern_frame(ld->p, &fr);
			ld->offcpu_frame = profile_intern_path(ld->p, PF_NONE, &f, 1);
		}
		stack = ld->offcpu_frame;
		ld->offcpu_nostack++;
		ld->offcpu_nostack_ns += ns;
	}
	int64_t v[M_COUNT] = {0};
	v[M_OFFCPU] = clamp_value(ns);
	profile_add_sample(ld->p, stack, thread_pf(ld, t), v);
}

/* SWITCH (a thread's own) and SWITCH_CPU_WIDE (a CPU's: the trailer names the thread going out
 * or coming in): on-CPU time accumulates until the thread's next sample, off-CPU time is a
 * sample of its own when the thread comes back. */
static void switch_record(struct ld *ld, const struct perf_rec *r)
{
	ld->switches++;
	struct perf_sid sid;
	if (!ld->switch_metrics || !perf_sid_parse(&ld->f, r, &sid) || !sid.has_time) {
		ld->switches_unmatched += ld->switch_metrics;
		return;
	}
	if (sid.tid == 0 || !thread_selected(ld, sid.pid, sid.tid))
		return; /* the idle task */
	struct thr *t = thr_get(ld, sid.pid, sid.tid);
	if (t->state == CSW_ON && sid.time >= t->ts)
		t->on_since_sample += sid.time - t->ts;
	if (r->misc & PERF_MISC_SWITCH_OUT) {
		if (t->state == CSW_OFF)
			return; /* a repeated record: the first one counts (as samply) */
		t->off_stack = t->has_pending ? t->pending : PF_NONE;
		t->has_pending = false;
		t->state = CSW_OFF;
	} else {
		if (t->state == CSW_OFF && sid.time >= t->ts)
			offcpu_sample(ld, t, sid.time - t->ts);
		t->state = CSW_ON;
	}
	t->ts = sid.time;
}

static void sample(struct ld *ld, const struct perf_rec *r)
{
	struct perf_sample s;
	if (perf_sample_parse(&ld->f, r, &s) != NULL) {
		ld->bad_samples++;
		return;
	}
	if ((!ld->attr_on[s.attr] && !ld->attr_stacks[s.attr]) || !thread_selected(ld, s.pid, s.tid)) {
		ld->unselected++;
		return;
	}
	uint32_t pi = u64map_get(&ld->proc_of, s.pid);
	const struct proc *pr = pi == HTAB_NONE ? NULL : &ld->procs.items[pi];
	bool kernel_mode = (r->misc & PERF_MISC_CPUMODE_MASK) == PERF_MISC_KERNEL;
	size_t n = 0;      /* frames, leaf first */
	size_t user = 0;   /* of which user frames */
	if (s.nr > 0) {
		int ctx = kernel_mode ? 1 : 2, first = 1;
		for (size_t i = 0; i < s.nr && n < MAX_FRAMES; i++) {
			uint64_t ip = perf_rd64(s.chain + 8 * i);
			if (ip >= PERF_CONTEXT_MAX) {
				ctx = ip == PERF_CONTEXT_KERNEL ? 1 : ip == PERF_CONTEXT_USER ? 2 : 0;
				first = 1;
				continue;
			}
			if (ctx == 0)
				continue;
			/* a caller's return address: the call is the byte before it */
			uint64_t at = first ? ip : ip - 1;
			first = 0;
			ld->frames[n++] = ctx == 1 ? kernel_frame(ld, at) : user_frame(ld, pr, at);
			user += ctx == 2;
		}
		if (n == MAX_FRAMES)
			ld->truncated_chains++;
	} else if (s.ip != 0 || (ld->f.attrs.items[s.attr].sample_type & PERF_ST_IP)) {
		ld->frames[n++] = kernel_mode ? kernel_frame(ld, s.ip) : user_frame(ld, pr, s.ip);
		user += !kernel_mode;
	}
	/* --call-graph dwarf: the user part from the registers and stack copy (the callchain has at
	 * most the sampled user IP then, which the unwind starts from) */
	if (user <= 1 && s.abi != 0 && s.regs != NULL && (user == 0 || s.stack != NULL)) {
		n -= user; /* user frames come after the kernel's, leaf first */
		size_t k = 0;
		int rc = ld->unwinder && pr ? perf_unwind(ld->unwinder, &pr->maps, &s, ld->pcs, MAX_FRAMES - n, &k)
					    : -1;
		if (rc < 0 || k == 0) {
			uint64_t ip = perf_regs_ip(&s);
			ld->pcs[0] = ip;
			k = 1;
			ld->unwind_failed += rc < 0 && ld->unwinder != NULL;
			ld->unwind_no_files += rc == -2;
		} else {
			ld->unwound++;
		}
		for (size_t i = 0; i < k && n < MAX_FRAMES; i++)
			ld->frames[n++] = user_frame(ld, pr, ld->pcs[i]); /* callers already at their call */
		if (k == 1) {
			const struct perf_map *m = pr ? perf_maps_find(&pr->maps, ld->pcs[0]) : NULL;
			count_no_caller(ld, m ? m->lib : PF_NONE);
		}
	}
	/* root first */
	for (size_t i = 0; i < n / 2; i++) {
		uint32_t t = ld->frames[i];
		ld->frames[i] = ld->frames[n - 1 - i];
		ld->frames[n - 1 - i] = t;
	}
	uint32_t stack = n ? profile_intern_path(ld->p, PF_NONE, ld->frames, n) : PF_NONE;
	ld->per_attr[s.attr]++;
	struct thr *t = thr_get(ld, s.pid, s.tid);
	if (ld->attr_stacks[s.attr]) {
		/* where the thread is about to go off CPU: its switch-out record follows */
		t->pending = stack;
		t->has_pending = true;
		return;
	}
	ld->kept++;
	int64_t v[M_COUNT] = {0, 1, 0, 0, 0};
	int64_t w = clamp_value(s.period);
	bool clock = s.attr < 64 && ld->time_event[s.attr];
	bool cpu = ld->any_time ? clock : s.attr == ld->cpu_attr;
	if (cpu)
		v[M_CPU] = w;
	if (!clock)
		v[M_WEIGHT] = w;
	if (ld->switch_metrics && cpu && s.has_time) {
		/* samply's threadCPUDelta: on-CPU time since the thread's last sample */
		if (t->state == CSW_ON && s.time >= t->ts)
			t->on_since_sample += s.time - t->ts;
		else if (t->state == CSW_OFF && s.time >= t->ts)
			offcpu_sample(ld, t, s.time - t->ts); /* its switch-in was lost */
		t->state = CSW_ON;
		t->ts = s.time;
		v[M_ONCPU] = clamp_value(t->on_since_sample);
		t->on_since_sample = 0;
	}
	profile_add_sample(ld->p, stack, thread_pf(ld, t), v);
}

static void mmap_record(struct ld *ld, const struct perf_rec *r)
{
	size_t blen = perf_body_len(&ld->f, r);
	bool two = r->type == PERF_REC_MMAP2;
	size_t fixed = two ? 64 : 32;
	if (blen <= fixed || memchr(r->body + fixed, 0, blen - fixed) == NULL) {
		ld->bad_samples += 0; /* a broken map record: its samples show as [unknown] */
		ld->unknown++;
		return;
	}
	uint32_t pid = perf_rd32(r->body);
	uint64_t start = perf_rd64(r->body + 8), len = perf_rd64(r->body + 16), pgoff = perf_rd64(r->body + 24);
	const char *path = (const char *)r->body + fixed;
	if (pid == UINT32_MAX && strncmp(path, "[kernel.kallsyms]", 17) == 0 && path[17] != '\0' &&
	    strlen(path + 17) < sizeof(ld->kref_name)) {
		/* perf's kernel map: "[kernel.kallsyms]_text" with that symbol's address as pgoff */
		strcpy(ld->kref_name, path + 17);
		ld->kref_addr = pgoff;
	}
	if ((r->misc & PERF_MISC_CPUMODE_MASK) == PERF_MISC_KERNEL || pid == UINT32_MAX || len == 0 ||
	    start + len < start)
		return; /* the kernel and its modules: kernel frames come from the callchain's context */
	if (two && !(perf_rd32(r->body + 56) & 4))
		return; /* not executable (PROT_EXEC) */
	const uint8_t *bid = NULL;
	size_t bid_len = 0;
	if (two && (r->misc & PERF_MISC_MMAP_BUILD_ID)) {
		bid_len = r->body[32] <= 20 ? r->body[32] : 20;
		bid = r->body + 36;
	}
	uint32_t lib = lib_for(ld, path, bid, bid_len);
	struct proc *pr = proc_get(ld, pid);
	perf_maps_add(&pr->maps, start, start + len, pgoff, lib);
	if (pr->want_exec && path[0] == '/' && strncmp(base_name(path), "ld-linux", 8) != 0 &&
	    strncmp(base_name(path), "ld-", 3) != 0) {
		pr->exec_lib = lib;
		pr->want_exec = false;
	}
}

static void comm_record(struct ld *ld, const struct perf_rec *r)
{
	size_t blen = perf_body_len(&ld->f, r);
	if (blen <= 8 || memchr(r->body + 8, 0, blen - 8) == NULL) {
		ld->unknown++;
		return;
	}
	uint32_t pid = perf_rd32(r->body), tid = perf_rd32(r->body + 4);
	uint32_t name = profile_intern(ld->p, (const char *)r->body + 8);
	thr_get(ld, pid, tid)->comm = name;
	struct proc *pr = proc_get(ld, pid);
	if (pid == tid)
		pr->comm = name;
	if (r->misc & PERF_MISC_COMM_EXEC) {
		perf_maps_clear(&pr->maps);
		pr->want_exec = true;
		pr->exec_lib = PF_NONE;
	}
}

static void fork_record(struct ld *ld, const struct perf_rec *r)
{
	if (perf_body_len(&ld->f, r) < 16)
		return;
	uint32_t pid = perf_rd32(r->body), ppid = perf_rd32(r->body + 4), tid = perf_rd32(r->body + 8);
	uint32_t parent_comm = 0;
	uint32_t pt = u64map_get(&ld->thr_of, perf_rd32(r->body + 12));
	if (pt != HTAB_NONE)
		parent_comm = ld->thrs.items[pt].comm;
	if (pid != ppid) {
		proc_get(ld, ppid);
		struct proc *child = proc_get(ld, pid);
		const struct proc *parent = &ld->procs.items[u64map_get(&ld->proc_of, ppid)];
		child = &ld->procs.items[u64map_get(&ld->proc_of, pid)];
		perf_maps_copy(&child->maps, &parent->maps);
		child->exec_lib = parent->exec_lib;
		child->want_exec = parent->want_exec;
		child->comm = parent->comm;
	}
	struct thr *t = thr_get(ld, pid, tid);
	if (t->comm == 0)
		t->comm = parent_comm;
}

/* ---- the order of records ---- */

struct order {
	uint64_t time;
	size_t at;
};

static int order_cmp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* perf writes each CPU's buffer in turn, so a map can come after a sample of another CPU
 * that needs it; perf report sorts by time, and so does this, when every record has one. */
static bool time_ordered(const struct perf_file *f)
{
	for (size_t i = 0; i < f->attrs.len; i++)
		if (!f->attrs.items[i].sample_id_all || !(f->attrs.items[i].sample_type & PERF_ST_TIME))
			return false;
	return true;
}

static bool is_time_event(const struct perf_attr *a)
{
	return a->type == 1 && (a->config == 0 || a->config == 1); /* cpu-clock, task-clock */
}

static void process(struct ld *ld, const struct perf_rec *r)
{
	switch (r->type) {
	case PERF_REC_SAMPLE:
		sample(ld, r);
		break;
	case PERF_REC_MMAP:
	case PERF_REC_MMAP2:
		mmap_record(ld, r);
		break;
	case PERF_REC_COMM:
		comm_record(ld, r);
		break;
	case PERF_REC_FORK:
		fork_record(ld, r);
		break;
	case PERF_REC_LOST:
		ld->lost_records++;
		if (r->size >= 16)
			ld->lost += perf_rd64(r->body + 8);
		break;
	case PERF_REC_LOST_SAMPLES:
		if (r->size >= 8)
			ld->lost_samples += perf_rd64(r->body);
		break;
	case PERF_REC_THROTTLE:
		ld->throttles++;
		break;
	case PERF_REC_SWITCH:
	case PERF_REC_SWITCH_CPU_WIDE:
		switch_record(ld, r);
		break;
	case PERF_REC_EXIT:
	case PERF_REC_UNTHROTTLE:
	case PERF_REC_FINISHED_ROUND:
	case PERF_REC_HEADER_ATTR:
	case PERF_REC_HEADER_EVENT_TYPE:
	case PERF_REC_HEADER_TRACING_DATA:
	case PERF_REC_HEADER_BUILD_ID:
	case PERF_REC_HEADER_FEATURE:
		break;
	default:
		ld->unknown++;
		break;
	}
}

static int replay(struct ld *ld)
{
	const struct perf_file *f = &ld->f;
	size_t pos = f->data_off;
	struct perf_rec r;
	int rc;
	if (!time_ordered(f)) {
		while ((rc = perf_next(f, &pos, &r)) == 1)
			process(ld, &r);
		return rc;
	}
	VEC(struct order) ord = {0};
	size_t at = pos;
	while ((rc = perf_next(f, &pos, &r)) == 1) {
		uint64_t t = 0;
		if (r.type == PERF_REC_SAMPLE) {
			/* a sample too short to say is processed (and counted) where it is */
			if (!perf_sample_time(f, &r, &t))
				t = 0;
		} else if (r.type < 64) {
			struct perf_sid sid;
			if (perf_sid_parse(f, &r, &sid))
				t = sid.time;
		}
		vec_push(&ord, ((struct order){t, at}));
		at = pos;
	}
	if (rc == 0) {
		if (ord.len > 1)
			qsort(ord.items, ord.len, sizeof(*ord.items), order_cmp);
		for (size_t i = 0; i < ord.len; i++) {
			size_t p = ord.items[i].at;
			perf_next(f, &p, &r);
			process(ld, &r);
		}
	}
	vec_free(&ord);
	return rc;
}

/* ---- the header ---- */

static void describe(struct ld *ld)
{
	struct profile *p = ld->p;
	const struct perf_file *f = &ld->f;
	p->format = "perf";
	p->format_detail = profile_printf(p, "perf.data%s%s%s", f->pipe ? ", pipe mode" : "",
					  f->version ? ", perf " : "", f->version ? f->version : "");
	if (f->cmdline)
		profile_add_info(p, "Recorded", profile_strdup(p, f->cmdline));
	if (f->hostname || f->osrelease)
		profile_add_info(p, "Host", profile_printf(p, "%s%s%s", f->hostname ? f->hostname : "",
							   f->hostname && f->osrelease ? ", Linux " : "",
							   f->osrelease ? f->osrelease : ""));
	if (f->nr_cpus_online)
		profile_add_info(p, "CPUs", profile_printf(p, "%u online of %u", f->nr_cpus_online,
							   f->nr_cpus_avail));
}

/* Libraries by samples without a user caller, most first. */
static int by_count(const void *a, const void *b)
{
	const struct lib_count *x = a, *y = b;
	return x->n != y->n ? (x->n < y->n ? 1 : -1) : (x->lib > y->lib) - (x->lib < y->lib);
}

static void warn_counts(struct ld *ld)
{
	struct profile *p = ld->p;
	/* the kernel's LOST records and the LOST_SAMPLES perf record writes from each event's lost
	 * count tell of the same samples: perf report's "Total Lost Samples" is the latter */
	if (ld->lost || ld->lost_samples)
		profile_warn(p, "perf lost %llu samples (%zu LOST records): the recording missed them, so totals "
			     "are low; record with a larger -m buffer or a lower -F",
			     (unsigned long long)(ld->lost > ld->lost_samples ? ld->lost : ld->lost_samples),
			     ld->lost_records);
	if (ld->throttles)
		profile_warn(p, "the kernel throttled sampling %zu times (THROTTLE records): some intervals have "
			     "no samples", ld->throttles);
	if (ld->bad_samples)
		profile_warn(p, "%zu SAMPLE records shorter than their attribute's sample_type: skipped",
			     ld->bad_samples);
	if (ld->unknown)
		profile_add_info(p, "Skipped", profile_printf(p, "%zu records of kinds profan does not read",
							     ld->unknown));
	if (ld->f.bad_features)
		profile_warn(p, "%zu feature sections of the header are broken: skipped", ld->f.bad_features);
	if (ld->truncated_chains)
		profile_warn(p, "%zu call stacks deeper than %d frames: cut at their root end", ld->truncated_chains,
			     MAX_FRAMES);
	if (ld->no_caller) {
		if (ld->no_caller_by_lib.len > 1)
			qsort(ld->no_caller_by_lib.items, ld->no_caller_by_lib.len, sizeof(*ld->no_caller_by_lib.items),
			      by_count);
		VEC(char) by = {0};
		for (size_t i = 0; i < ld->no_caller_by_lib.len && i < 4; i++) {
			uint32_t lib = ld->no_caller_by_lib.items[i].lib;
			char buf[160];
			int k = snprintf(buf, sizeof(buf), "%s%s %zu", i ? ", " : "",
					 lib == PF_NONE ? "[unknown]" : profile_str(p, p->libs.items[lib].name),
					 ld->no_caller_by_lib.items[i].n);
			vec_reserve(&by, by.len + (size_t)k + 1);
			memcpy(by.items + by.len, buf, (size_t)k + 1);
			by.len += (size_t)k;
		}
		const char *why = ld->o->no_unwind ? " (--no-symbols: not unwound)"
				  : ld->unwind_no_files == ld->no_caller
					  ? " (none of their libraries' files was found to unwind with: --symbol-path)"
					  : "";
		profile_warn(p, "%zu of %zu samples have no user caller (the stack copy did not unwind past the "
			     "sampled instruction)%s, by library: %s%s",
			     ld->no_caller, p->sample_count, why, by.items, ld->no_caller_by_lib.len > 4 ? ", ..." : "");
		vec_free(&by);
	}
	for (size_t i = 0; i < ld->f.attrs.len; i++)
		if (ld->f.attrs.items[i].branch_sample_type & PERF_BRANCH_CALL_STACK) {
			profile_warn(p, "recorded with --call-graph lbr: profan does not read branch stacks as call stacks, "
				     "so user stacks end at the sampled function; record with --call-graph dwarf or -g");
			break;
		}
	if (ld->offcpu_nostack)
		profile_add_info(p, "Off-CPU", profile_printf(p, "%.2f ms in %zu switches without a stack, shown as "
								 "[off-CPU]: record -e sched:sched_switch too for theirs",
								 (double)ld->offcpu_nostack_ns / 1e6, ld->offcpu_nostack));
	if (ld->unwound)
		profile_add_info(p, "Unwound", profile_printf(p, "%zu user stacks from their register and stack "
								 "copies (DWARF CFI)", ld->unwound));
}

/* The address of kernel symbol NAME in this machine's /proc/kallsyms: 0 when absent or
 * hidden (kptr_restrict shows zeros). perf's reference symbol is among the first lines. */
static uint64_t running_kernel_symbol(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	if (f == NULL)
		return 0;
	char line[512], sym[256];
	unsigned long long addr;
	char type;
	uint64_t found = 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 && strcmp(sym, name) == 0) {
			found = addr;
			break;
		}
	fclose(f);
	return found;
}

/* Kernel frames are named from /proc/kallsyms when the recording was made in this boot of
 * this machine's kernel: the same release, and perf's reference symbol at the same address
 * (KASLR moves it every boot). The kernel library's path says so to symbolicate(); else one
 * header line says why they stay unnamed. */
static void kernel_symbols(struct ld *ld)
{
	struct profile *p = ld->p;
	if (ld->kernel_lib == PF_NONE || (ld->o->symbols && ld->o->symbols->kallsyms))
		return;
	struct utsname u;
	const char *why = NULL;
	uint64_t at = 0;
	if (uname(&u) != 0 || ld->f.osrelease == NULL || strcmp(u.release, ld->f.osrelease) != 0)
		why = profile_printf(p, "recorded on Linux %s, this machine runs %s",
				     ld->f.osrelease ? ld->f.osrelease : "(not said)", u.release);
	else if (ld->kref_name[0] == '\0')
		why = "the recording has no kernel map record to check this boot's against";
	else if ((at = running_kernel_symbol(ld->kref_name)) == 0)
		why = "/proc/kallsyms shows no addresses here (kptr_restrict)";
	else if (at != ld->kref_addr)
		why = "the same kernel was booted again since the recording (its addresses moved)";
	if (why == NULL)
		p->libs.items[ld->kernel_lib].path = profile_intern(p, "/proc/kallsyms");
	else
		profile_add_info(p, "Kernel", profile_printf(p, "frames unnamed: %s; --kallsyms FILE (a copy of "
								"/proc/kallsyms from then) names them", why));
}

static void name_threads(struct ld *ld)
{
	struct profile *p = ld->p;
	for (size_t i = 0; i < ld->thrs.len; i++) {
		const struct thr *t = &ld->thrs.items[i];
		if (t->pf == PF_NONE)
			continue;
		uint32_t ps = u64map_get(&ld->proc_of, t->pid);
		const struct proc *pr = ps == HTAB_NONE ? NULL : &ld->procs.items[ps];
		uint32_t pname = pr && pr->comm ? pr->comm : t->comm;
		/* comm is cut at 15 bytes: the program's file name when it begins with it */
		if (pr && pr->exec_lib != PF_NONE && pname) {
			const char *c = profile_str(p, pname), *l = profile_str(p, p->libs.items[pr->exec_lib].name);
			if (strlen(c) == 15 && strncmp(c, l, 15) == 0)
				pname = p->libs.items[pr->exec_lib].name;
		}
		struct pf_thread *th = &p->threads.items[t->pf];
		th->process_name = pname;
		th->name = t->comm ? t->comm : pname;
	}
}

bool perf_parse_id(const char *text, uint32_t *out)
{
	char *end;
	unsigned long v = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || v > UINT32_MAX)
		return false;
	*out = (uint32_t)v;
	return true;
}

static bool is_sched_switch(const struct perf_attr *a)
{
	return a->name != NULL && strcmp(a->name, "sched:sched_switch") == 0;
}

/* The names of the attributes for which KEEP(LD, i) holds, ", "-separated (malloc'd; "" for none). */
static char *attr_names(const struct ld *ld, bool (*keep)(const struct ld *, size_t))
{
	VEC(char) names = {0};
	vec_reserve(&names, 1);
	names.items[0] = '\0';
	for (size_t i = 0; i < ld->f.attrs.len; i++) {
		if (keep && !keep(ld, i))
			continue;
		const char *n = perf_attr_name(&ld->f.attrs.items[i]);
		size_t k = strlen(n), sep = names.len ? 2 : 0;
		vec_reserve(&names, names.len + sep + k + 1);
		memcpy(names.items + names.len, ", ", sep);
		memcpy(names.items + names.len + sep, n, k + 1);
		names.len += sep + k;
	}
	return names.items;
}

/* Kept, and counted in the weight metric (not a clock). */
static bool weighed_event(const struct ld *ld, size_t i)
{
	return ld->attr_on[i] && !is_time_event(&ld->f.attrs.items[i]);
}

/* --pid, --thread and --event, and which attributes are what. 0, or -1 after one line. */
static int select_opts(struct ld *ld)
{
	const struct perf_load_opts *o = ld->o;
	const struct perf_file *f = &ld->f;
	if (o->pid && !perf_parse_id(o->pid, &ld->sel_pid)) { /* given to diff, which lists samply's */
		pf_error("%s: --pid %s: a process id (a number) is wanted", f->origin, o->pid);
		return -1;
	}
	ld->by_pid = o->pid != NULL;
	if (o->thread && !(ld->by_tid = perf_parse_id(o->thread, &ld->sel_tid))) {
		char err[512];
		if ((ld->sel_comm = regex_compile(o->thread, err, sizeof(err))) == NULL) {
			pf_error("--thread: %s", err);
			return -1;
		}
	}
	bool any = false, switches = false;
	for (size_t i = 0; i < f->attrs.len; i++) {
		ld->attr_on[i] = o->event == NULL || strcmp(perf_attr_name(&f->attrs.items[i]), o->event) == 0;
		any |= ld->attr_on[i];
		switches |= f->attrs.items[i].context_switch;
	}
	if (!any) {
		char *names = attr_names(ld, NULL);
		pf_error("%s: --event %s: the recording has no such event (it has %s)", f->origin, o->event,
			 *names ? names : "none");
		free(names);
		return -1;
	}
	/* switch records with times: the oncpu and offcpu metrics; sched:sched_switch samples are then
	 * the stacks of the time off CPU, not samples of their own */
	ld->switch_metrics = switches && time_ordered(f);
	for (size_t i = 0; i < f->attrs.len && ld->switch_metrics; i++)
		if (is_sched_switch(&f->attrs.items[i]) && !(o->event && ld->attr_on[i])) {
			ld->attr_stacks[i] = true;
			ld->attr_on[i] = false;
		}
	return 0;
}

bool perf_sniff(const void *d, size_t n)
{
	return n >= 8 && (memcmp(d, "PERFILE2", 8) == 0 || memcmp(d, "2ELIFREP", 8) == 0);
}

int perf_load(const unsigned char *d, size_t len, const char *origin, struct profile *out,
	      const struct perf_load_opts *o)
{
	static const struct perf_load_opts none = {0};
	struct ld ld = {.p = out, .o = o ? o : &none, .kernel_lib = PF_NONE, .unknown_frame = PF_NONE,
		     .offcpu_frame = PF_NONE};
	int rc = -1;
	if (perf_open(&ld.f, d, len, origin) < 0 || perf_inflate_records(&ld.f) < 0)
		goto out;
	ld.per_attr = xcalloc(ld.f.attrs.len, sizeof(*ld.per_attr));
	ld.attr_on = xcalloc(ld.f.attrs.len, sizeof(*ld.attr_on));
	ld.attr_stacks = xcalloc(ld.f.attrs.len, sizeof(*ld.attr_stacks));
	if (select_opts(&ld) != 0) {
		rc = LOAD_MISFIT;
		goto out;
	}
	bool any_time = false;
	size_t clocks = 0, others = 0, first_other = 0;
	for (size_t i = 0; i < ld.f.attrs.len; i++) {
		bool t = is_time_event(&ld.f.attrs.items[i]);
		if (i < 64)
			ld.time_event[i] = t;
		if (!ld.attr_on[i])
			continue; /* the metrics are those of the events kept */
		any_time |= t;
		clocks += t;
		if (!t && others++ == 0)
			first_other = i;
	}
	if (clocks > 1)
		profile_warn(out, "%zu clock events (cpu-clock, task-clock) each measure the same CPU time, and the cpu "
			     "metric adds them up: --event NAME keeps one", clocks);
	ld.any_time = any_time;
	/* without a clock, the first event's counts stand for CPU, as in perf report; the weight
	 * metric is every other event's, and its sum means something for one event only */
	ld.cpu_attr = any_time ? SIZE_MAX : first_other;
	if (others > 1 && ld.o->metric && strcmp(ld.o->metric, "weight") == 0) {
		char *names = attr_names(&ld, weighed_event);
		pf_error("%s: --metric weight: the counts of %zu events (%s) do not add up: --event NAME keeps one",
			 origin, others, names);
		free(names);
		rc = LOAD_MISFIT;
		goto out;
	}
	if (any_time || others == 0)
		profile_add_metric(out, "cpu", "CPU time (sample periods of cpu-clock/task-clock)",
				   PF_UNIT_NANOSECONDS);
	else /* cycles and the like only: their counts stand for CPU, as in perf report */
		profile_add_metric(out, "cpu", profile_printf(out, "%s (sample periods; no clock event recorded)",
							      perf_attr_name(&ld.f.attrs.items[ld.cpu_attr])),
				   PF_UNIT_COUNT);
	profile_add_metric(out, "samples", "sample count", PF_UNIT_COUNT);
	out->metrics[M_SAMPLES].counts_samples = true;
	profile_add_metric(out, "weight", "event count (sample periods of other events)", PF_UNIT_COUNT);
	if (ld.switch_metrics) {
		profile_add_metric(out, "oncpu", "on-CPU time (context switches, threadCPUDelta)", PF_UNIT_NANOSECONDS);
		profile_add_metric(out, "offcpu", "off-CPU time (context switches)", PF_UNIT_NANOSECONDS);
	}
	out->default_metric = M_CPU;
	describe(&ld);
	profile_add_info(out, "Binary", ""); /* its place; samply_choose_binary_by_cpu() fills it */
	for (size_t i = 0; i < ld.f.build_ids.len; i++) {
		const struct perf_build_id *b = &ld.f.build_ids.items[i];
		if (b->cpumode != PERF_MISC_KERNEL)
			*u64map_slot(&ld.bid_of, profile_intern(out, b->filename)) = (uint32_t)i;
	}
	if (!ld.o->no_unwind)
		ld.unwinder = perf_unwind_new(ld.o->symbols, out);
	if (replay(&ld) < 0)
		goto out;
	name_threads(&ld);
	kernel_symbols(&ld);
	/* the Events line, now that the samples are counted */
	{
		VEC(char) ev = {0};
		for (size_t i = 0; i < ld.f.attrs.len; i++) {
			char buf[160];
			int k = snprintf(buf, sizeof(buf), "%s%s: %zu samples", i ? "; " : "", perf_attr_name(&ld.f.attrs.items[i]),
					 ld.per_attr[i]);
			vec_reserve(&ev, ev.len + (size_t)k + 1);
			memcpy(ev.items + ev.len, buf, (size_t)k + 1);
			ev.len += (size_t)k;
		}
		profile_add_info(out, "Events", profile_strdup(out, ev.items));
		vec_free(&ev);
	}
	warn_counts(&ld);
	if (ld.unselected)
		profile_add_info(out, "Selected", profile_printf(out, "%zu of %zu samples (%zu left out by --pid, "
								  "--thread or --event)", ld.kept, ld.kept + ld.unselected,
								  ld.unselected));
	if ((ld.o->pid || ld.o->thread || ld.o->event) && ld.kept == 0) {
		pf_error("%s: no sample matches the --pid/--thread/--event selection", origin);
		rc = LOAD_MISFIT;
		goto out;
	}
	samply_choose_binary_by_cpu(out, ld.o->binary);
	rc = 0;
out:
	perf_unwind_free(ld.unwinder);
	for (size_t i = 0; i < ld.procs.len; i++)
		perf_maps_release(&ld.procs.items[i].maps);
	vec_free(&ld.procs);
	vec_free(&ld.thrs);
	vec_free(&ld.no_caller_by_lib);
	u64map_release(&ld.proc_of);
	u64map_release(&ld.thr_of);
	u64map_release(&ld.lib_of);
	u64map_release(&ld.bid_of);
	u64map_release(&ld.frame_of);
	u64map_release(&ld.kframe_of);
	free(ld.per_attr);
	free(ld.attr_on);
	free(ld.attr_stacks);
	regex_free(ld.sel_comm);
	perf_release(&ld.f);
	return rc;
}
