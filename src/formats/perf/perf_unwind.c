/* perf_unwind.c: user stacks from REGS_USER and STACK_USER (perf_unwind.h), the way perf's
 * unwind-libdw.c does it: libdwfl walks the CFI of the libraries mapped in the process, with
 * the sample's registers as the first frame and its copy of the stack as the only memory.
 *
 * Most samples take the fast way: each frame's unwind rule (where the CFA, the return address
 * and rbp are) is read from the library's .eh_frame once per (library, file offset) and kept,
 * and applied to the sample's registers and stack copy here; the library's CFI is opened once
 * for all processes. A frame whose rule is not of that simple kind (a DWARF expression, a
 * signal frame, no FDE) or whose read leaves the copy sends the whole sample the slow way,
 * libdwfl's own unwinder, so every sample's frames are those libdwfl gives.
 *
 * The slow way: one Dwfl per process, kept while its maps stay the same (perf makes one per
 * sample). Files are found as symbolize_profile() finds them (symfind_locate: recorded path,
 * --symbol-path, build id checked), once per library. x86_64 only. */
#include "perf_unwind.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/find.h"
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

/* A library's .eh_frame, opened once for every process that maps it. */
struct lib_cfi {
	bool tried;
	int fd;
	Elf *elf;
	Dwarf_CFI *cfi;   /* NULL: no CFI (every frame in it goes the slow way) */
	bool debug_frame; /* the file has a .debug_frame, which libdwfl would try where .eh_frame
			   * has no entry for a PC: such PCs go the slow way */
	bool exec;        /* ET_EXEC: CFI addresses are the run-time ones */
	uint64_t vaddr0;  /* ET_DYN: the first PT_LOAD's page-aligned address, which libdwfl's
			   * module bias leaves in (a file offset + vaddr0 is the CFI's address) */
};

/* How to get from a frame to its caller, at one PC: CFA = rsp or rbp + cfa_off; the return
 * address at CFA + ra_off; rbp unchanged, unknown, or at CFA + bp_off; rsp = CFA. */
enum {
	RULE_SLOW,
	RULE_STEP,
	RULE_LAST, /* the return address is undefined: the outermost frame */
	RULE_FP,   /* no CFI for the PC: libdwfl's x86_64 fallback, rbp as a frame pointer */
};
enum { BP_SAME, BP_UNDEF, BP_AT };
struct rule {
	int32_t cfa_off, ra_off, bp_off;
	uint8_t kind, cfa_bp, bp;
};

struct perf_unwinder {
	const struct profile *p;
	struct lib_cfi *cfis; /* per library, nlibs of them */
	VEC(struct rule) rules;
	struct u64map rule_of; /* lib << 44 | file offset -> rules */
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
		u->cfis = xreallocarray(u->cfis, n, sizeof(*u->cfis));
		memset(u->cfis + u->nlibs, 0, (n - u->nlibs) * sizeof(*u->cfis));
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

/* The word at ADDR of the sample's stack: only the copy, what lies beyond it was not recorded. */
static bool stack_word(const struct perf_unwinder *u, uint64_t addr, uint64_t *out)
{
	if (addr < u->sp || addr - u->sp > u->s->stack_size || u->s->stack_size - (addr - u->sp) < 8)
		return false;
	*out = perf_rd64(u->s->stack + (addr - u->sp));
	return true;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	(void)dwfl;
	uint64_t w;
	if (!stack_word(arg, addr, &w))
		return false;
	*result = w;
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

/* ---- the fast way: rules per (library, offset) ---- */

static struct lib_cfi *lib_cfi(struct perf_unwinder *u, uint32_t lib)
{
	const char *path = lib_file(u, lib); /* sizes u->cfis too */
	struct lib_cfi *c = &u->cfis[lib];
	if (c->tried)
		return c;
	c->tried = true;
	c->fd = -1;
	if (*path == '\0' || (c->fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return c;
	c->elf = elf_begin(c->fd, ELF_C_READ_MMAP, NULL);
	GElf_Ehdr eh;
	size_t nph;
	if (c->elf == NULL || gelf_getehdr(c->elf, &eh) == NULL || elf_getphdrnum(c->elf, &nph) != 0)
		return c;
	c->exec = eh.e_type == ET_EXEC;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(c->elf, (int)i, &ph) != NULL && ph.p_type == PT_LOAD) {
			c->vaddr0 = ph.p_vaddr & -ph.p_align;
			break;
		}
	}
	c->cfi = dwarf_getcfi_elf(c->elf);
	size_t shstr;
	if (elf_getshdrstrndx(c->elf, &shstr) != 0)
		c->debug_frame = true; /* cannot tell */
	for (Elf_Scn *scn = NULL; !c->debug_frame && (scn = elf_nextscn(c->elf, scn)) != NULL;) {
		GElf_Shdr sh;
		const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(c->elf, shstr, sh.sh_name) : NULL;
		c->debug_frame = name && (strcmp(name, ".debug_frame") == 0 || strcmp(name, ".zdebug_frame") == 0);
	}
	return c;
}

static void lib_cfi_release(struct lib_cfi *c)
{
	if (c->cfi)
		dwarf_cfi_end(c->cfi);
	if (c->elf)
		elf_end(c->elf);
	if (c->fd >= 0 && c->tried)
		close(c->fd);
}

/* DWARF's x86_64 register numbers */
#define DW_BP 6
#define DW_SP 7
#define DW_RA 16

/* Where REG's caller value is, as libdw says it: same value, undefined, or at CFA + *OFF
 * (0, 1, 2); -1 for anything else. */
static int reg_rule(Dwarf_Frame *fr, int reg, int32_t *off)
{
	Dwarf_Op mem[3], *ops;
	size_t nops;
	if (dwarf_frame_register(fr, reg, mem, &ops, &nops) != 0)
		return -1;
	if (nops == 0)
		return ops == NULL ? 0 : ops == mem ? 1 : -1;
	if (ops != mem || ops[0].atom != DW_OP_call_frame_cfa || nops > 2)
		return -1;
	int64_t v = nops == 2 ? (int64_t)ops[1].number : 0;
	if (nops == 2 && ops[1].atom != DW_OP_plus_uconst)
		return -1;
	if (v < INT32_MIN || v > INT32_MAX)
		return -1;
	*off = (int32_t)v;
	return 2;
}

/* rsp's caller value is the CFA itself (the x86_64 ABI's rule, which libdw supplies). */
static bool sp_is_cfa(Dwarf_Frame *fr)
{
	Dwarf_Op mem[3], *ops;
	size_t nops;
	return dwarf_frame_register(fr, DW_SP, mem, &ops, &nops) == 0 && ops == mem && nops == 2 &&
	       ops[0].atom == DW_OP_call_frame_cfa && ops[1].atom == DW_OP_stack_value;
}

static struct rule rule_at(struct lib_cfi *c, uint64_t addr)
{
	struct rule r = {.kind = RULE_SLOW};
	Dwarf_Frame *fr;
	if (c->cfi == NULL)
		return r;
	if (dwarf_cfi_addrframe(c->cfi, addr, &fr) != 0) {
		r.kind = c->debug_frame ? RULE_SLOW : RULE_FP;
		return r;
	}
	Dwarf_Addr start, end;
	bool signal;
	Dwarf_Op *ops;
	size_t nops;
	int32_t off = 0;
	int ra, bp;
	if (dwarf_frame_info(fr, &start, &end, &signal) < 0 || signal || dwarf_frame_cfa(fr, &ops, &nops) != 0 ||
	    nops != 1 || !sp_is_cfa(fr))
		goto out;
	if (ops[0].atom == DW_OP_bregx && (ops[0].number == DW_BP || ops[0].number == DW_SP))
		off = (int32_t)(int64_t)ops[0].number2, r.cfa_bp = ops[0].number == DW_BP;
	else if (ops[0].atom == DW_OP_breg6 || ops[0].atom == DW_OP_breg7)
		off = (int32_t)(int64_t)ops[0].number, r.cfa_bp = ops[0].atom == DW_OP_breg6;
	else
		goto out;
	int64_t cfa_off = ops[0].atom == DW_OP_bregx ? (int64_t)ops[0].number2 : (int64_t)ops[0].number;
	if (cfa_off != off)
		goto out;
	r.cfa_off = off;
	ra = reg_rule(fr, DW_RA, &r.ra_off);
	bp = reg_rule(fr, DW_BP, &r.bp_off);
	if (ra < 1 || bp < 0)
		goto out;
	r.bp = bp == 0 ? BP_SAME : bp == 1 ? BP_UNDEF : BP_AT;
	r.kind = ra == 1 ? RULE_LAST : RULE_STEP;
out:
	free(fr);
	return r;
}

/* The rule for the code at file offset OFF of LIB (IP: its run-time address), cached. */
static const struct rule *rule_for(struct perf_unwinder *u, uint32_t lib, uint64_t off, uint64_t ip)
{
	static const struct rule slow = {.kind = RULE_SLOW};
	if (off >> 44)
		return &slow;
	uint32_t *slot = u64map_slot(&u->rule_of, (uint64_t)lib << 44 | off);
	if (*slot == HTAB_NONE) {
		struct lib_cfi *c = lib_cfi(u, lib);
		struct rule r = rule_at(c, c->exec ? ip : off + c->vaddr0);
		slot = u64map_slot(&u->rule_of, (uint64_t)lib << 44 | off);
		*slot = (uint32_t)u->rules.len;
		vec_push(&u->rules, r);
	}
	return &u->rules.items[*slot];
}

/* The fast way through S: true with the frames in u->pcs, false when a frame needs libdwfl.
 * It ends where libdwfl's handle_cfi() ends: at an undefined or zero return address, and
 * where a register the step needs is unknown or its slot lies beyond the stack copy. */
static bool unwind_fast(struct perf_unwinder *u, const struct perf_maps *maps, const struct perf_sample *s)
{
	/* the registers libdwfl is given are all set, those the mask lacks as 0 */
	uint64_t pc = reg(s, X86_REG_IP), sp = u->sp, bp = reg(s, X86_REG_BP);
	bool bp_known = true;
	for (bool first = true; pc != 0; first = false) {
		uint64_t at = first ? pc : pc - 1; /* a return address: the call is the byte before it */
		u->pcs[u->n++] = at;
		if (u->n == u->max)
			return true;
		const struct perf_map *m = perf_maps_find(maps, at);
		if (m == NULL)
			return false;
		const struct rule *r = rule_for(u, m->lib, at - m->start + m->pgoff, at);
		if (r->kind == RULE_SLOW)
			return false;
		if (r->kind == RULE_FP) { /* backends/x86_64_unwind.c: rbp -> saved rbp, return address */
			uint64_t fp = bp;
			if (!bp_known || fp == 0 || !stack_word(u, fp, &bp) || !stack_word(u, fp + 8, &pc))
				return true;
			sp = fp + 16;
			continue;
		}
		if (r->kind == RULE_LAST || (r->cfa_bp && !bp_known))
			return true;
		uint64_t cfa = (r->cfa_bp ? bp : sp) + (uint64_t)(int64_t)r->cfa_off;
		if (!stack_word(u, cfa + (uint64_t)(int64_t)r->ra_off, &pc))
			return true;
		if (r->bp == BP_AT)
			bp_known = stack_word(u, cfa + (uint64_t)(int64_t)r->bp_off, &bp);
		else if (r->bp == BP_UNDEF)
			bp_known = false;
		sp = cfa;
	}
	return true;
}

/* ---- one Dwfl per process ---- */

/* The libraries' own files only: their .eh_frame, and a .debug_frame when the file has one
 * (the fast way leaves such files' PCs without an FDE to this). perf also reads a separate
 * debug file's .debug_frame; x86_64 compilers put CFI in .eh_frame, so that rarely adds a
 * frame, and opening it costs inflating its compressed DWARF once per process. */
static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file, GElf_Word debuglink_crc,
			char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name, (void)debuglink_file;
	(void)debuglink_crc, (void)debuginfo_file_name;
	return -1;
}

static char *no_debuginfo_path;

static const Dwfl_Callbacks offline = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = no_debuginfo,
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
	elf_version(EV_CURRENT);
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
	for (size_t i = 0; i < u->nlibs; i++) {
		free(u->lib_path[i]);
		lib_cfi_release(&u->cfis[i]);
	}
	free(u->lib_path);
	free(u->cfis);
	vec_free(&u->rules);
	u64map_release(&u->rule_of);
	symbol_dirs_release(&u->dirs);
	free(u);
}

int perf_unwind(struct perf_unwinder *u, const struct perf_maps *maps, const struct perf_sample *s,
		uint64_t *pcs, size_t max, size_t *n)
{
	*n = 0;
	if (max == 0 || s->regs == NULL || s->abi != 2 /* PERF_SAMPLE_REGS_ABI_64 */)
		return -1;
	u->s = s;
	u->sp = reg(s, X86_REG_SP);
	u->pcs = pcs;
	u->max = max;
	u->n = 0;
	if (unwind_fast(u, maps, s)) {
		*n = u->n;
		return 0;
	}
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
