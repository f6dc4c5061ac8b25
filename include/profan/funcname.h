/* funcname.h: one spelling per function, whatever wrote the name.
 *
 * The same source function reaches a profile under several names: a symbol
 * table's demangling (Rust v0 "<alloc::raw_vec::RawVecInner>::finish_grow",
 * legacy "alloc::raw_vec::RawVecInner<A>::finish_grow"), DWARF's
 * ("geo::mix<long unsigned int>" against the symbol's "geo::mix<unsigned
 * long>(unsigned long)"), a clone ("mix_block.constprop.0"), valgrind's text.
 * funcname_simplify() maps them to one form, the way pprof's default display
 * does, and that form is what a function is called:
 *
 *   - no parameter list, return type, cv/ref qualifiers or ABI tags (C++);
 *   - no template or generic arguments: "std::vector<int>::push_back(int&&)" is
 *     "std::vector::push_back", "core::ptr::copy_nonoverlapping::<u8>" is
 *     "core::ptr::copy_nonoverlapping" (monomorphisations of one source
 *     function are one function);
 *   - Rust impl paths one way: "<X>::f" is "X::f" when X is a plain path,
 *     legacy "MOD::<impl X>::f" is "X::f" and "MOD::<impl Tr for X>::f" is
 *     "<X as Tr>::f", as v0 writes them; "{shim:vtable#0}" is "{{vtable.shim}}"
 *     (the legacy spelling), but a closure stays "{closure#0}", which tells two
 *     closures of one function apart (symbolication names them so from DWARF);
 *   - a C++ lambda is "f::{lambda#1}": its closure type without parameter list,
 *     not "f(int)::{lambda(int const&)#1}::operator()(int const&) const";
 *   - no Rust hash ("::h0123456789abcdef"), symbol version ("@@GLIBC_2.14"),
 *     GCC/LLVM clone suffix (".constprop.0", ".part.0", ".cold", ".llvm.123",
 *     " [clone .isra.0]").
 *
 * What it cannot unify: a generic impl's type parameter against the concrete
 * type of an instance ("<&mut W as Write>::write_str" from DWARF or legacy
 * names, "<&mut String as Write>::write_str" from v0), and overloads, which
 * keep the same name (symbolication keeps them apart by their declaring line).
 * C names are unchanged. Not for JavaScript or other non-native names. */
#ifndef PROFAN_FUNCNAME_H
#define PROFAN_FUNCNAME_H

/* The simplified form of NAME (malloc'd); NAME itself when nothing applies. */
char *funcname_simplify(const char *name);

#endif
