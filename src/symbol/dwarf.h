/* dwarf.h: one ELF file, SVMA in, frames out (src/symbol/dwarf.c); what symbolize_profile()
 * and prefetch.c open per library, and what the tests and the ELF fuzzer read directly. */
#ifndef PROFAN_SYMBOL_DWARF_H
#define PROFAN_SYMBOL_DWARF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "limits.h"

struct symmod;

/* One level of an inline chain. Strings belong to the module.
 *
 * File names are whole: a relative DWARF name is joined with its unit's
 * DW_AT_comp_dir (unless it already starts with it, as DWARF 5 tables make
 * it), and "." and ".." are resolved ("library/alloc/src/alloc.rs" of a std
 * unit is "/rustc/<hash>/library/alloc/src/alloc.rs"). A unit with a relative
 * compilation directory ("." or glibc's "./malloc") leaves them relative. */
struct sym_loc {
	const char *name;      /* demangled; never NULL */
	const char *file;      /* source file of this location, or NULL */
	uint32_t file_dir_len; /* leading bytes of file that are its unit's compilation directory, or 0 */
	uint32_t line, column; /* of this location: the call site for outer levels */
	/* Where the function is defined, read in the unit that declares it (for an
	 * inlined function, its origin's); or, when DWARF says nothing (GCC's lambda
	 * operator()), the file of a location inside the function on a real line;
	 * NULL for symbol-table-only functions. */
	const char *decl_file;
	uint32_t decl_dir_len; /* leading bytes of decl_file that are that unit's compilation directory, or 0 */
	uint32_t decl_line;
	uint32_t folded;       /* other symbols sharing this code (outermost level only) */
	bool inlined;          /* every level but the outermost */
};

/* Opens the ELF file at PATH (with separate debug info found through
 * .gnu_debuglink and build-id directories, DEBUG_DIRS first). NULL after a
 * warning when the file cannot be read as ELF or its strings are corrupt. */
struct symmod *symmod_open(const char *path, const char *const *debug_dirs, size_t ndirs);
void symmod_close(struct symmod *m);
/* SVMA of relative address REL as samply computes it: + first PT_LOAD p_vaddr,
 * with the samply ≤ 0.10 fallback (REL already an SVMA) for non-PIE files. */
uint64_t symmod_svma_of_relative(const struct symmod *m, uint64_t rel);
/* SVMA of a file offset, through the PT_LOAD that maps it; UINT64_MAX if none. */
uint64_t symmod_svma_of_offset(const struct symmod *m, uint64_t off);
/* Frames at SVMA, outer → inner; *N = 0 when nothing covers it. The array is
 * valid until the next lookup. Without INLINE only the outermost level. */
const struct sym_loc *symmod_lookup(struct symmod *m, uint64_t svma, bool inline_chain, size_t *n);
/* Bytes of the DWARF units the lookups have read so far. libdw keeps each unit's line table
 * (several times its encoded size) and the file's pages until the module closes, so a caller
 * going through addresses in order opens the file again past SYMBOLIZE_REOPEN_BYTES. */
uint64_t symmod_units_read(const struct symmod *m);
/* The index of the unit whose ranges hold SVMA (without reading the unit), or SIZE_MAX. */
size_t symmod_unit_of(struct symmod *m, uint64_t svma);
#define SYMBOLIZE_REOPEN_BYTES (64u << 20)

#endif
