/* plt.h: the stubs of an ELF file's .plt, .plt.sec and .plt.got (src/symbol/plt.c), named by
 * the dynamic relocation of the GOT slot each jumps through (x86-64; none elsewhere); read by
 * dwarf.c when it opens a module. */
#ifndef PROFAN_SYMBOL_PLT_H
#define PROFAN_SYMBOL_PLT_H

#include <stddef.h>
#include <stdint.h>

struct plt_stub {
	uint64_t addr, size;
	const char *name; /* the symbol as the file spells it (mangled), without "@plt"; or NULL and: */
	uint64_t target;  /* the ifunc an IRELATIVE slot is filled from (to be named by the symbol table) */
};
struct plt_table {
	struct plt_stub *stubs; /* sorted by addr */
	size_t count;
};
struct Elf;
/* Reads E's stubs into T (names point into E's string tables: E must stay open). */
void plt_read(struct plt_table *t, struct Elf *e);
/* The stub covering SVMA, or NULL. */
const struct plt_stub *plt_find(const struct plt_table *t, uint64_t svma);
void plt_release(struct plt_table *t);

#endif
