/* plt.c: names for the stubs of an ELF file's procedure linkage table (.plt,
 * .plt.sec, .plt.got), "symbol@plt" as objdump -d and perf give them. Part of
 * symbolication (plt.h): the symbol table has no entries there, so
 * without this a stub took the name of whatever precedes it, or none.
 *
 * A stub jumps through a GOT slot (x86-64: jmp *disp32(%rip), with or without
 * a bnd or endbr64 before it); the dynamic relocation that fills the slot
 * (JUMP_SLOT in .rela.plt, GLOB_DAT in .rela.dyn for .plt.got) names the
 * symbol. A lazy .plt entry of an IBT build (.plt.sec beside it) jumps to no
 * slot but pushes its index into .rela.plt. A slot filled by an IRELATIVE
 * relocation (glibc's own calls of its ifuncs: objdump says *ABS*+0x9f550@plt)
 * has no symbol but the address of the ifunc, which the symbol table names
 * (strnlen@plt). The first .plt entry (the lazy resolver's) has no symbol and
 * stays unnamed. Other machines: no stubs. */
#include "plt.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"

#include "limits.h"

/* GOT slot address -> symbol name, and .rela.plt's entries by index */
struct slot {
	uint64_t got;
	const char *name;
	uint64_t target; /* IRELATIVE: the ifunc's resolver, named by the symbol table */
};

struct slot_vec {
	struct slot *items;
	size_t len, cap;
};


static int slot_cmp(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	return x->got < y->got ? -1 : x->got > y->got;
}

static int stub_cmp(const void *a, const void *b)
{
	const struct plt_stub *x = a, *y = b;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static const struct slot *slot_at(const struct slot *s, size_t n, uint64_t got)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s[mid].got < got)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && s[lo].got == got ? &s[lo] : NULL;
}

static uint32_t le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* A symbol's name from a dynamic symbol table, or NULL (strings were checked at open: symmod_open). */
static const char *dynsym_name(Elf *e, Elf_Scn *symscn, size_t index)
{
	GElf_Shdr sh;
	Elf_Data *d = elf_getdata(symscn, NULL);
	GElf_Sym sym;
	if (!d || !gelf_getshdr(symscn, &sh) || !gelf_getsym(d, (int)index, &sym) || sym.st_name == 0)
		return NULL;
	const char *s = elf_strptr(e, sh.sh_link, sym.st_name);
	return s && *s && strnlen(s, SYMMOD_MAX_STRING + 1) <= SYMMOD_MAX_STRING ? s : NULL;
}

static bool section_named(const char *name, const char *want)
{
	return name && strcmp(name, want) == 0;
}

/* The relocations that fill GOT slots with a function's address: every SHT_RELA section over
 * the dynamic symbols; .rela.plt's JUMP_SLOT ones also by index (the lazy .plt's push). */
static void read_slots(Elf *e, size_t shstrndx, struct slot_vec *slots, struct slot_vec *jump)
{
	for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
		GElf_Shdr sh, lsh;
		Elf_Scn *symscn;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || sh.sh_entsize == 0 ||
		    !(symscn = elf_getscn(e, sh.sh_link)) || !gelf_getshdr(symscn, &lsh) || lsh.sh_type != SHT_DYNSYM)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		bool rela_plt = section_named(elf_strptr(e, shstrndx, sh.sh_name), ".rela.plt");
		size_t n = d ? d->d_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Rela r;
			if (!gelf_getrela(d, (int)i, &r))
				break;
			uint64_t type = GELF_R_TYPE(r.r_info);
			struct slot sl = {.got = r.r_offset};
			if ((type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT) && GELF_R_SYM(r.r_info))
				sl.name = dynsym_name(e, symscn, GELF_R_SYM(r.r_info));
			else if (type == R_X86_64_IRELATIVE)
				sl.target = (uint64_t)r.r_addend;
			if (rela_plt)
				vec_push(jump, sl);
			if (sl.name || sl.target)
				vec_push(slots, sl);
		}
	}
}

/* The relocation of the stub at ADDR whose bytes are B[0..n): the GOT slot it jumps
 * through, else the .rela.plt index it pushes (a lazy entry of an IBT build). */
static const struct slot *stub_slot(const unsigned char *b, size_t n, uint64_t addr, const struct slot_vec *s,
				    const struct slot_vec *jump)
{
	for (size_t k = 0; k + 6 <= n; k++) {
		if (b[k] == 0xff && b[k + 1] == 0x25) { /* jmp *disp32(%rip) */
			uint64_t got = addr + k + 6 + (uint64_t)(int64_t)(int32_t)le32(b + k + 2);
			const struct slot *sl = slot_at(s->items, s->len, got);
			if (sl)
				return sl;
		}
	}
	for (size_t k = 0; k + 5 <= n; k++) {
		if (b[k] == 0x68) { /* push $imm32 */
			uint32_t idx = le32(b + k + 1);
			return idx < jump->len && (jump->items[idx].name || jump->items[idx].target) ? &jump->items[idx]
												   : NULL;
		}
	}
	return NULL;
}

void plt_read(struct plt_table *t, Elf *e)
{
	memset(t, 0, sizeof(*t));
	GElf_Ehdr eh;
	size_t shstrndx;
	if (!e || !gelf_getehdr(e, &eh) || eh.e_machine != EM_X86_64 || elf_getshdrstrndx(e, &shstrndx) != 0)
		return;
	struct slot_vec slots = {0}, jump = {0};
	read_slots(e, shstrndx, &slots, &jump);
	if (slots.len)
		qsort(slots.items, slots.len, sizeof(*slots.items), slot_cmp);
	VEC(struct plt_stub) stubs = {0};
	for (Elf_Scn *scn = elf_nextscn(e, NULL); scn && (slots.len || jump.len); scn = elf_nextscn(e, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		const char *name = elf_strptr(e, shstrndx, sh.sh_name);
		bool plt = section_named(name, ".plt"), sec = section_named(name, ".plt.sec"),
		     got = section_named(name, ".plt.got");
		Elf_Data *d = plt || sec || got ? elf_getdata(scn, NULL) : NULL;
		if (!d || !d->d_buf || d->d_size != sh.sh_size)
			continue;
		/* .plt and .plt.sec entries are 16 bytes; .plt.got's are 8 (16 with IBT), as sh_entsize says */
		uint64_t size = sh.sh_entsize >= 8 && sh.sh_entsize <= 32 ? sh.sh_entsize : got ? 8 : 16;
		for (uint64_t off = 0; off + size <= sh.sh_size; off += size) {
			const struct slot *sl = stub_slot((const unsigned char *)d->d_buf + off, size, sh.sh_addr + off,
							  &slots, &jump);
			if (sl)
				vec_push(&stubs, ((struct plt_stub){sh.sh_addr + off, size, sl->name, sl->target}));
		}
	}
	if (stubs.len)
		qsort(stubs.items, stubs.len, sizeof(*stubs.items), stub_cmp);
	t->stubs = stubs.items;
	t->count = stubs.len;
	vec_free(&slots);
	vec_free(&jump);
}

const struct plt_stub *plt_find(const struct plt_table *t, uint64_t svma)
{
	size_t lo = 0, hi = t->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->stubs[mid].addr <= svma)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct plt_stub *s = &t->stubs[lo - 1];
	return svma - s->addr < s->size ? s : NULL;
}

void plt_release(struct plt_table *t)
{
	free(t->stubs);
	memset(t, 0, sizeof(*t));
}
