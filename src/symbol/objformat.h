/* objformat.h: which object format a profile's library is, from what the profile records
 * (src/symbol/objformat.c); symbolize_profile() reads only ELF. */
#ifndef PROFAN_SYMBOL_OBJFORMAT_H
#define PROFAN_SYMBOL_OBJFORMAT_H

#include "profan/profile.h"

enum objformat { OBJFORMAT_ELF, OBJFORMAT_MACHO, OBJFORMAT_PE };

/* The format of library L as the profile records it (names, paths, ids; no
 * file is read): PE for Windows names, paths and .pdb debug names, Mach-O for
 * .dylib, framework and system paths and samply's uppercase UUID code ids,
 * else ELF. Only ELF is symbolicated. */
enum objformat objformat_of(const struct profile *p, const struct pf_lib *l);

#endif
