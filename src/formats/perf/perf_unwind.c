/* perf_unwind.c: user stacks from REGS_USER and STACK_USER (perf_unwind.h), the way perf's
 * unwind-libdw.c does it: libdwfl walks the CFI of the libraries mapped in the process, with
 * the sample's registers as the first frame and its copy of the stack as the only memory.
 *
 * One Dwfl per process, kept while its maps stay the same (perf makes one per sample): the
 * libraries' ELF files and CFI tables are opened once, not once per sample. Files are found
 * as symbolize_profile() finds them (symfind_locate: recorded path, --symbol-path, build id
 * checked), once per library. x86_64 only. */
#include "perf_unwind.h"

#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profan/hashtab.h"

#define X86_REG_BP 6
#define X86_REG_SP 7
#define X86_REG_IP 8

/* Register K of S's copy, or 0 when the mask has no such register. */
static uint64_t reg(const struct perf_sample *s, unsigned k)
{
	if (!(s->regs_mask >> k & 1))
		return 0;
	return perf_rd64(s->regs + 8 * (size_t)__builtin_popcountll(s->regs_mask & ((1ull << k) - 1)));
}

uint64_t perf_regs_ip(const struct perf_sample *s)
{
	return s->regs ? reg(s, X86_REG_IP) : 0;
}

struct proc_dwfl {
	Dwfl *dwfl;
	const struct perf_maps *maps; /* what it was made from */
	uint64_t gen;
	bool usable;
};

struct perf_unwinder {
	const struct profile *p;
	struct symbol_dirs dirs;
	char **lib_path;      /* per library: its file, "" when none was found; NULL: not looked up */
	size_t nlibs;
	VEC(struct proc_dwfl) procs;
	struct u64map proc_of; /* pid -> procs */
	/* the sample being unwound, for the callbacks */
	const struct perf_sample *s;
	uint64_t sp;
	pid_t tid;
	bool thread_given;
	uint64_t *pcs;
	size_t max, n;
};

static const char *opt_str(const struct profile *p, uint32_t id)
{
	const char *s = profile_str(p, id);
	return *s ? s : NULL;
}

static const char *lib_file(struct perf_unwinder *u, uint32_t lib)
{
	if (lib >= u->nlibs) {
		size_t n = u->p->libs.len;
		u->lib_path = xreallocarray(u->lib_path, n, sizeof(*u->lib_path));
		memset(u->lib_path + u->nlibs, 0, (n - u->nlibs) * sizeof(*u->lib_path));
		u->nlibs = n;
	}
	if (u->lib_path[lib] == NULL) {
		const struct pf_lib *l = &u->p->libs.items[lib];
		struct symfind_query q = {.name = opt_str(u->p, l->name), .path = opt_str(u->p, l->path),
					  .code_id = opt_str(u->p, l->code_id),
					  .breakpad_id = opt_str(u->p, l->breakpad_id)};
		struct symfind_answer a;
		struct stat st;
		symfind_locate(&q, u->dirs.items, u->dirs.len, &a);
		u->lib_path[lib] = a.result == SYMFIND_FOUND && stat(a.path, &st) == 0 && S_ISREG(st.st_mode)
					   ? xstrdup(a.path)
					   : xstrdup("");
		symfind_answer_release(&a);
	}
	return u->lib_path[lib];
}

/* ---- the callbacks libdwfl calls while it unwinds ---- */

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	(void)dwfl;
	struct perf_unwinder *u = arg;
	if (u->thread_given)
		return 0;
	u->thread_given = true;
	*thread_argp = u;
	return u->tid;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	(void)dwfl;
	struct perf_unwinder *u = arg;
	/* only the copied stack: what lies beyond it was not recorded */
	if (addr < u->sp || addr - u->sp > u->s->stack_size || u->s->stack_size - (addr - u->sp) < 8)
		return false;
	*result = perf_rd64(u->s->stack + (addr - u->sp));
	return true;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct perf_unwinder *u = arg;
	const struct perf_sample *s = u->s;
	/* DWARF's x86_64 numbering: rax rdx rcx rbx rsi rdi rbp rsp r8..r15 rip; perf's: ax bx cx dx
	 * si di bp sp ip flags cs ss ds es fs gs r8..r15 */
	static const unsigned from_perf[17] = {0, 3, 2, 1, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8};
	Dwarf_Word regs[17];
	for (size_t i = 0; i < 17; i++)
		regs[i] = reg(s, from_perf[i]);
	return dwfl_thread_state_registers(thread, 0, 17, regs);
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	struct perf_unwinder *u = arg;
	Dwarf_Addr pc;
	bool activation;
	if (!dwfl_frame_pc(state, &pc, &activation) || pc == 0)
		return DWARF_CB_ABORT;
	/* a return address: the call is the byte before it */
	u->pcs[u->n++] = activation ? pc : pc - 1;
	return u->n < u->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

/* ---- one Dwfl per process ---- */

static char *no_debuginfo_path;

static const Dwfl_Callbacks offline = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &no_debuginfo_path,
};

static void proc_reset(struct proc_dwfl *pd)
{
	if (pd->dwfl)
		dwfl_end(pd->dwfl);
	pd->dwfl = NULL;
	pd->usable = false;
}

/* The libraries of MAPS reported to a fresh Dwfl, attached to the unwinder's callbacks. */
static void proc_build(struct perf_unwinder *u, struct proc_dwfl *pd, const struct perf_maps *maps, pid_t pid)
{
	proc_reset(pd);
	pd->maps = maps;
	pd->gen = maps->gen;
	pd->dwfl = dwfl_begin(&offline);
	if (pd->dwfl == NULL)
		return;
	dwfl_report_begin(pd->dwfl);
	size_t reported = 0;
	for (size_t i = 0; i < maps->m.len; i++) {
		const struct perf_map *m = &maps->m.items[i];
		bool again = false;
		for (size_t k = 0; k < i && !again; k++)
			again = maps->m.items[k].lib == m->lib;
		const char *path = again ? "" : lib_file(u, m->lib);
		if (*path == '\0' || m->pgoff > m->start)
			continue;
		/* where the file's offset 0 is mapped: perf's base for dwfl_report_elf */
		if (dwfl_report_elf(pd->dwfl, path, path, -1, m->start - m->pgoff, false) != NULL)
			reported++;
	}
	dwfl_report_end(pd->dwfl, NULL, NULL);
	pd->usable = reported > 0 && dwfl_attach_state(pd->dwfl, NULL, pid, &thread_callbacks, u);
}

struct perf_unwinder *perf_unwind_new(const struct symbolize_opts *o, const struct profile *p)
{
	static const struct symbolize_opts none = {0};
	unsetenv("DEBUGINFOD_URLS"); /* never the network */
	struct perf_unwinder *u = xcalloc(1, sizeof(*u));
	u->p = p;
	symbol_dirs_init(&u->dirs, o ? o : &none);
	return u;
}

void perf_unwind_free(struct perf_unwinder *u)
{
	if (u == NULL)
		return;
	for (size_t i = 0; i < u->procs.len; i++)
		proc_reset(&u->procs.items[i]);
	vec_free(&u->procs);
	u64map_release(&u->proc_of);
	for (size_t i = 0; i < u->nlibs; i++)
		free(u->lib_path[i]);
	free(u->lib_path);
	symbol_dirs_release(&u->dirs);
	free(u);
}

int perf_unwind(struct perf_unwinder *u, const struct perf_maps *maps, const struct perf_sample *s,
		uint64_t *pcs, size_t max, size_t *n)
{
	*n = 0;
	if (max == 0 || s->regs == NULL || s->abi != 2 /* PERF_SAMPLE_REGS_ABI_64 */)
		return -1;
	uint32_t *slot = u64map_slot(&u->proc_of, s->pid);
	if (*slot == HTAB_NONE) {
		*slot = (uint32_t)u->procs.len;
		vec_push(&u->procs, ((struct proc_dwfl){0}));
	}
	struct proc_dwfl *pd = &u->procs.items[*slot];
	if (pd->dwfl == NULL || pd->maps != maps || pd->gen != maps->gen)
		proc_build(u, pd, maps, (pid_t)s->pid);
	if (!pd->usable)
		return -2;
	u->s = s;
	u->sp = reg(s, X86_REG_SP);
	u->tid = (pid_t)s->tid;
	u->thread_given = false;
	u->pcs = pcs;
	u->max = max;
	u->n = 0;
	/* it ends with an error at the outermost frame, or where the copy ends: the frames before stand */
	dwfl_getthread_frames(pd->dwfl, (pid_t)s->tid, frame_cb, u);
	*n = u->n;
	return u->n > 0 ? 0 : -1;
}
