/* ownership_test.h: the steps of the ownership rules that test_ownership checks one by one
 * (ownership.h); not part of the contract. */
#ifndef PROFAN_MODEL_OWNERSHIP_TEST_H
#define PROFAN_MODEL_OWNERSHIP_TEST_H

#include <stdbool.h>

#include "profan/ownership.h"

/* Rule RULE of the table (own_func.rule): its short name ("cargo-registry") and its reason
 * ("a file of cargo's registry/src/INDEX/CRATE-X.Y.Z/"); NULL for a number past the table. */
const char *ownership_rule_id(unsigned rule);
/* For every stack node of P: the node itself, or the nearest one towards the
 * root, whose function is yours; PF_NONE when the stack has none. OUT has
 * p->stacks.len entries. One forward pass (parents come first). */
void ownership_nearest_yours(const struct ownership *o, const struct profile *p, uint32_t *out);
/* Is NAME an allocator entry point? Raw or demangled, with or without parameters:
 * malloc, free, calloc, realloc, reallocarray, aligned_alloc, posix_memalign,
 * memalign, valloc, pvalloc and glibc's aliases (cfree, __libc_free,
 * __GI___libc_free, free@GLIBC_2.2.5); C++ global operator new/delete in every
 * array/aligned/nothrow/sized form (_Znwm, _ZdlPvm, "operator delete[](void*)");
 * Rust's allocator shims __rust_alloc/_dealloc/_realloc/_alloc_zeroed, __rdl_*,
 * __rg_* and __rust_no_alloc_shim_is_unstable* in legacy, v0
 * (_RNvCs..._7___rustc12___rust_alloc) or demangled (__rustc::__rust_alloc) form;
 * jemalloc (je_*, _rjem_*, mallocx, sdallocx...), tcmalloc (tc_*) and mimalloc
 * (mi_*) entries. Not the plumbing between an entry and the caller
 * (alloc::alloc::alloc, RawVec::finish_grow, std::allocator): that is runtime code. */
bool ownership_is_alloc_entry(const char *name);
/* The part of FILE a person reads (a suffix of FILE, never a copy):
 * /rustc/<hash>/library/core/src/x.rs -> core/src/x.rs, /rustc/<hash>/Y -> Y,
 * /rust/deps/hashbrown-0.16.1/src/x.rs -> hashbrown-0.16.1/src/x.rs, a cargo
 * registry path -> CRATE-X.Y.Z/src/x.rs, a git checkout -> REPO-<hex>/<rev>/...,
 * an absolute file below its compilation directory (COMP_DIR_LEN,
 * pf_func.comp_dir_len) -> relative to it; anything else whole. */
const char *ownership_short_path(const char *file, uint32_t comp_dir_len);

#endif
