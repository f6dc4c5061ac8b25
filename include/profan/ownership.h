/* ownership.h: whose code each function is -- the program's own, a dependency's,
 * the language runtime's, the system's or the kernel's -- for every format.
 *
 * The user's question is "which of MY functions?". A Rust binary is mostly std
 * inlined into the user's functions, a C++ one libstdc++ templates; samply
 * frames come from libraries, DHAT frames carry valgrind's text, cpuprofile
 * frames a script URL. ownership_classify() reads only the model and decides
 * per function, so an inlined frame, which has a function of its own, is
 * classified on its own. It knows no format: what only a loader knows comes as
 * evidence on the model (pf_lib flags: PF_LIB_MAIN, PF_LIB_TOOL, PF_LIB_SCRIPT; pf_func
 * flags: PF_FUNC_OWNED, _SCRIPT, _ENGINE, _HOST, _TEXT, _FILE_TAIL, _SHARED_OBJECT;
 * profile.script_engine/_host, profile.program),
 * beside the library's path, the function's name, file and comp_dir_len.
 *
 * The rules are one table in ownership.c, first match wins, each row with its
 * reason; docs/ownership.md lists the same rows. In short: --ours when given;
 * the loader's word on script engines; where the library lies (kernel, system,
 * runtime); the declaring file's layout (Rust std, a crate's registry, npm's
 * node_modules, C++ and C headers, below the unit's compilation directory);
 * runtime names (std::, __cxa_*); then the library's place (the program's:
 * yours; elsewhere: a dependency), the loader's own rule, and what is left.
 *
 * Also here: allocator entry points by name, and the short display of a path. */
#ifndef PROFAN_OWNERSHIP_H
#define PROFAN_OWNERSHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profan/profile.h"

enum own_class {
	OWN_YOURS,      /* the program's own code */
	OWN_DEPENDENCY, /* a package it uses: a cargo crate, an npm package, a library of its own */
	OWN_RUNTIME,    /* the language runtime: Rust std & co, C++ std/libstdc++, Node/V8 */
	OWN_SYSTEM,     /* the operating system's libraries: libc, ld.so, /usr/lib, C start files */
	OWN_KERNEL,
	OWN_UNKNOWN,    /* no evidence: placeholders ("(root)", "[root]"), JIT code without a map */
};

/* What decided a function's class. */
enum own_evidence {
	OWN_BY_OURS,    /* the --ours pattern */
	OWN_BY_LIBRARY, /* where its library lies */
	OWN_BY_PATH,    /* its declaring file */
	OWN_BY_NAME,    /* a crate or namespace in its name */
	OWN_BY_LOADER,  /* what the loader says (PF_FUNC_OWNED, _SCRIPT, _ENGINE, _HOST) */
	OWN_BY_DEFAULT, /* its library's class */
};

/* Where a library lies. */
enum own_place {
	OWN_PLACE_NONE,    /* no library */
	OWN_PLACE_PROGRAM, /* the main binary, or beside it / in its tree */
	OWN_PLACE_RUNTIME, /* a language runtime's library */
	OWN_PLACE_SYSTEM,
	OWN_PLACE_OTHER,   /* somewhere else: a dependency's */
	OWN_PLACE_KERNEL,
	OWN_PLACE_JIT,     /* perf-PID.map, jit-*.dump and other code without a file */
};

/* own_func.rule when --ours decided */
#define OWN_RULE_OURS 255

struct own_func {
	uint8_t cls;      /* enum own_class */
	uint8_t evidence; /* enum own_evidence */
	uint8_t rule;     /* the row of the rule table that decided (ownership_rule), or OWN_RULE_OURS */
	bool alloc_entry; /* an allocator entry point (ownership_is_alloc_entry) */
	bool program;     /* the program's by the loader's evidence, whatever row decided: what a heap
			   * profile's allocations are credited to (ownership_program_evidence) */
	uint32_t package; /* interned: "std", "hashbrown", "serde", "libc.so.6"; 0 when unknown */
	uint32_t label;   /* interned: "[std]", "[std hashbrown]", "[dep serde]", "[libc.so.6]", "[kernel]"; 0 for yours */
};

struct ownership_opts {
	const char *ours;   /* --ours RE, or NULL: exactly what it finds in name, file or library is yours */
	const char *binary; /* --binary NAME: the main library by name or path base name; NULL: PF_LIB_MAIN */
	bool explain;       /* --explain-ownership: yours_header() adds ownership_explain()'s table */
};

struct ownership {
	struct own_func *funcs; /* one per pf_func of the profile classified */
	size_t func_count;
	uint8_t *lib_place;     /* one enum own_place per pf_lib */
	size_t lib_count;
	const char *root;       /* your whole paths without compilation directory are shown below */
	uint32_t root_len;      /* root's first ROOT_LEN bytes (0: whole) */
	bool explain;           /* ownership_opts.explain */
};

/* Classifies every function of P (interning labels into P). Returns 0, or -1
 * after printing one line when --ours does not compile or cannot be matched. */
int ownership_classify(struct ownership *o, struct profile *p, const struct ownership_opts *opts);
void ownership_release(struct ownership *o);

static inline enum own_class ownership_class(const struct ownership *o, uint32_t func)
{
	return func < o->func_count ? (enum own_class)o->funcs[func].cls : OWN_UNKNOWN;
}
static inline bool ownership_is_yours(const struct ownership *o, uint32_t func)
{
	return ownership_class(o, func) == OWN_YOURS;
}

const char *ownership_rule_why(unsigned rule);

/* Per function of P (an array of p->funcs.len + 1, the caller frees): the program's by the
 * loader's evidence: PF_FUNC_OWNED, or what rows text-source and tail-crate read in a frame text
 * (PF_FUNC_TEXT, _FILE_TAIL, _SHARED_OBJECT, profile.program), whatever row comes
 * first. A transform's group is the program's when one of its functions is. */
bool *ownership_program_evidence(const struct profile *p);

/* Function FUNC is the program's by the loader's evidence: O's word when given, else PF_FUNC_OWNED. */
static inline bool ownership_is_program(const struct ownership *o, const struct profile *p, uint32_t func)
{
	if (o && func < o->func_count)
		return o->funcs[func].program;
	return func < p->funcs.len && (p->funcs.items[func].flags & PF_FUNC_OWNED);
}

/* --explain-ownership: a table of R, one row per library and package of the functions on P's
 * stacks (what their label says: "scanlog", "scanlog [dep memchr]") and rule that decided:
 * how many functions, their class, the rule and its reason. */
struct report;
void ownership_explain(const struct ownership *o, const struct profile *p, struct report *r);

/* "yours", "dependency", "runtime", "system", "kernel", "unknown" (for --json). */
const char *ownership_class_name(enum own_class c);

/* FUNC's file as shown: ownership_short_path() with its compilation directory, or for your
 * files without one (valgrind's whole paths) relative to the folder above their common
 * folder (/home/dev/build/src/a.rs -> src/a.rs). */
const char *ownership_shown_file(const struct ownership *o, const struct profile *p, uint32_t func);

#endif
