/* demangle.h: the names of a profile's wasm functions demangled as native names are
 * (src/symbol/demangle.c); the rest of demangling is the symbol stage's inside. */
#ifndef PROFAN_DEMANGLE_H
#define PROFAN_DEMANGLE_H

#include "profan/profile.h"

/* Wasm functions (url wasm://...) keep the names of the module's name section, which
 * compilers write mangled (_ZN4core3num3mix17h...E, _Z3fibi): demangles them as
 * native names are. Any format; cheap when there are none. */
void symbolize_demangle_wasm(struct profile *p);

#endif
