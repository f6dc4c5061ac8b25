/* demangle.h: Rust and C++ symbol names made readable (src/symbol/demangle.c). Included as
 * "demangle.h" from this folder; libiberty's own is <demangle.h>. */
#ifndef PROFAN_SYMBOL_DEMANGLE_H
#define PROFAN_SYMBOL_DEMANGLE_H

/* Demangles Rust (legacy, v0) and C++ names; strips a Rust "::h<16 hex>".
 * Returns a malloc'd string, or NULL when NAME is not mangled. */
char *sym_demangle(const char *name);

#endif
