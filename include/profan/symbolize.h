/* symbolize.h: native addresses → demangled function names, file:line and
 * inline chains, in process, through libdwfl/libdw: the symbol stage's contract.
 *
 * symbolize_profile() rewrites a loaded profile: every frame whose func is
 * PF_FUNC_UNRESOLVED and has (lib, relative address) becomes one frame per
 * level of its inline chain, outer → inner; kernel frames are named from
 * --kallsyms (else grouped as "[kernel]"), [vdso] from this kernel's own
 * vDSO when the ids agree. Its options: symbolize_opts.h; the files of a
 * profile's libraries found (find.h) and opened ahead (prefetch.h).
 *
 * Files are looked up on the local disk only (debuginfod is switched off), and a
 * file is used only if its GNU build id matches the profile's codeId (or, when
 * the codeId is null, the recomputed breakpadId). One ELF file read on its own
 * (symmod_*, symbol/dwarf.h) is the stage's inside. */
#ifndef PROFAN_SYMBOLIZE_H
#define PROFAN_SYMBOLIZE_H

#include <stddef.h>

#include "profan/profile.h"
#include "profan/symbolize_opts.h"

struct symbolize_stats {
	size_t libs_found, libs_missing, libs_mismatched, libs_skipped;
	size_t libs_macho, libs_pe; /* not ELF: left as they are (PF_SYM_NOT_ELF) */
	size_t libs_ahead;    /* looked up (and opened) ahead, by symbolize_opts.prefetch */
	size_t addresses;     /* distinct (lib, address) pairs looked up */
	size_t resolved;      /* ... of which got a function name */
	size_t inline_frames; /* frames added for inlined functions */
};

/* Symbolicates P in place (see above). Fills pf_lib.sym_state and sym_file,
 * warns once per library whose file has another build id, and rebuilds the
 * stack table (old stack indices are invalid afterwards; samples are
 * remapped). Missing files are not an error: their frames stay as they were.
 * Returns 0, or -1 after printing one line when --kallsyms cannot be read. */
int symbolize_profile(struct profile *p, const struct symbolize_opts *o, struct symbolize_stats *st);

#endif
