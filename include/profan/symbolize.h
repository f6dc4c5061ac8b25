/* symbolize.h: native addresses → demangled function names, file:line and
 * inline chains, in process, through libdwfl/libdw.
 *
 * Two levels:
 *   symbolize_profile() -- rewrites a loaded profile: every frame whose func is
 *       PF_FUNC_UNRESOLVED and has (lib, relative address) becomes one frame per
 *       level of its inline chain, outer → inner; kernel frames are named from
 *       --kallsyms (else grouped as "[kernel]"), [vdso] from this kernel's own
 *       vDSO when the ids agree. Used by `profan samply`.
 *   symmod_*            -- one ELF file, SVMA in, frames out; for anything else
 *       that holds native addresses (and for the tests).
 *
 * Files are looked up on the local disk only (debuginfod is switched off), and a
 * file is used only if its GNU build id matches the profile's codeId (or, when
 * the codeId is null, the recomputed breakpadId). */
#ifndef PROFAN_SYMBOLIZE_H
#define PROFAN_SYMBOLIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/profile.h"

/* Name of the environment variable that adds symbol directories (colon-separated). */
#define SYMBOLIZE_PATH_ENV "PROFAN_SYMBOL_PATH"

struct sym_prefetch;

struct symbolize_opts {
	const char *const *symbol_paths; /* --symbol-path DIR, in order; searched before the env var */
	size_t symbol_path_count;
	const char *kallsyms;            /* --kallsyms FILE (a copy of /proc/kallsyms), or NULL */
	bool no_inline;                  /* --no-inline: charge the outer function, not the inlinee */
	bool no_env;                     /* ignore PROFAN_SYMBOL_PATH (tests) */
	bool verbose;                    /* -v: say every path tried per library (pf_note) */
	struct sym_prefetch *prefetch;   /* files opened ahead (below), or NULL */
	uint64_t reopen_after;           /* bytes of units read before a file is opened again (0: the
					  * default, SYMBOLIZE_REOPEN_BYTES; tests make it small) */
};

/* The directories searched for symbol files: --symbol-path, then PROFAN_SYMBOL_PATH's. */
struct symbol_dirs {
	const char **items;
	size_t len, cap;
	char *env_copy;
};
void symbol_dirs_init(struct symbol_dirs *d, const struct symbolize_opts *o);
void symbol_dirs_release(struct symbol_dirs *d);

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

/* Wasm functions (url wasm://...) keep the names of the module's name section, which
 * compilers write mangled (_ZN4core3num3mix17h...E, _Z3fibi): demangles them as
 * native names are. Any format; cheap when there are none. */
void symbolize_demangle_wasm(struct profile *p);


/* ---- identity ---------------------------------------------------------- */

enum symfind_result { SYMFIND_FOUND, SYMFIND_MISSING, SYMFIND_MISMATCH };

struct symfind_query {
	const char *name;        /* "libc.so.6" */
	const char *path;        /* recorded path, or NULL */
	const char *debug_name;  /* or NULL */
	const char *debug_path;  /* or NULL */
	const char *code_id;     /* lowercase hex build id, or NULL/"" */
	const char *breakpad_id; /* 33 hex chars, or NULL/"" */
	bool verbose;            /* say each path tried and what it held (pf_note) */
};

struct symfind_answer {
	enum symfind_result result;
	char *path;          /* FOUND: the file to use (malloc'd) */
	bool verified;       /* FOUND: the id was checked (false when the profile has none) */
	char *mismatch_path; /* MISMATCH: the first file whose id differed (malloc'd) */
	char *mismatch_id;   /* ...and its id (malloc'd), in the form the profile used */
};

/* Looks for the file of library Q in the recorded path, DIRS (each searched by
 * name and by build-id layout; an entry that is a file is a candidate itself, used
 * when its build id matches, or without ids when its name is the library's) and
 * /usr/lib/debug/.build-id. */
void symfind_locate(const struct symfind_query *q, const char *const *dirs, size_t ndirs,
		    struct symfind_answer *a);
void symfind_answer_release(struct symfind_answer *a);

/* Lowercase hex GNU build id of the ELF file at PATH, or NULL (malloc'd). */
char *symfind_build_id(const char *path);
/* The breakpad id samply would compute for PATH (33 chars: 32 hex + age "0"), or NULL. */
char *symfind_breakpad_id(const char *path);
/* Breakpad id of a build id given as hex (first 16 bytes, UUID byte order, age 0). */
char *symfind_breakpad_of_build_id(const char *hex);

/* ---- one module -------------------------------------------------------- */

struct symmod;

/* ---- files opened ahead --------------------------------------------------
 * While a profile is still being read, the symbol files of the libraries it names can be
 * found and opened on a thread of their own (samply names its libraries first; libc's DWARF
 * alone is 60-90 ms), and symbolize_profile() takes them ready. A file is taken only for the
 * same query, and only when opening it printed nothing; anything else is done again in its
 * place, so the output is the same either way. */
/* NULL when nothing is to be gained (-v prints every path tried, in order). */
struct sym_prefetch *sym_prefetch_new(const struct symbolize_opts *o);
/* Queues one library (its strings are copied; one already queued is not queued again);
 * a thread opens the queued ones in turn. PF may be NULL. */
void sym_prefetch_lib(struct sym_prefetch *pf, const struct symfind_query *q);
/* Lets the file being opened be finished, then opens nothing more (until more is queued). */
void sym_prefetch_stop(struct sym_prefetch *pf);
/* Waits until everything queued is opened (tests: symbolize_profile() stops the thread where
 * it is, so how much was opened ahead depends on the timing). */
void sym_prefetch_finish(struct sym_prefetch *pf);
/* What was found and opened for a query like Q, handed over once (false: nothing). */
bool sym_prefetch_take(struct sym_prefetch *pf, const struct symfind_query *q, struct symfind_answer *a,
		       struct symmod **m);
/* Forgets everything queued and opened (what was not taken is closed): the next profile's
 * libraries are queued afresh. */
void sym_prefetch_clear(struct sym_prefetch *pf);
void sym_prefetch_free(struct sym_prefetch *pf);

/* The longest string read from an ELF or DWARF file: no compiler writes a longer
 * name, and a string section without its NUL bytes would make every name run to
 * the section's end. A file whose string sections break this is not read (one
 * warning); a longer string found later stops the module's lookups (one warning). */
#define SYMMOD_MAX_STRING 65536

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

/* ---- PLT stubs (plt.c) ------------------------------------------------- */

/* The stubs of an ELF file's .plt, .plt.sec and .plt.got, named by the dynamic
 * relocation of the GOT slot each jumps through (x86-64; none elsewhere). */
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

/* ---- object formats ----------------------------------------------------- */

enum objformat { OBJFORMAT_ELF, OBJFORMAT_MACHO, OBJFORMAT_PE };

/* The format of library L as the profile records it (names, paths, ids; no
 * file is read): PE for Windows names, paths and .pdb debug names, Mach-O for
 * .dylib, framework and system paths and samply's uppercase UUID code ids,
 * else ELF. Only ELF is symbolicated. */
enum objformat objformat_of(const struct profile *p, const struct pf_lib *l);

/* ---- helpers ------------------------------------------------------------ */

/* Demangles Rust (legacy, v0) and C++ names; strips a Rust "::h<16 hex>".
 * Returns a malloc'd string, or NULL when NAME is not mangled. */
char *sym_demangle(const char *name);

/* A temporary file holding the running kernel's vDSO, if its build id is
 * CODE_ID; the caller unlinks it and frees the path. NULL otherwise. */
char *vdso_image_file(const char *code_id);

struct kallsyms;
/* Parses a /proc/kallsyms copy; NULL after printing "profan: FILE: ..." */
struct kallsyms *kallsyms_load(const char *path);
void kallsyms_free(struct kallsyms *k);
/* Name of the symbol covering kernel address ADDR ("name" or "name [module]"), or NULL. */
const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr);
/* Address of symbol NAME (e.g. "_text"), or 0. */
uint64_t kallsyms_address(const struct kallsyms *k, const char *name);

#endif
