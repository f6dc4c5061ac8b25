/* demangle.c: Rust (legacy and v0) and C++ symbol names → readable names,
 * through libiberty. Part of symbolication (demangle.h); callers cache
 * the results, since a v0 name costs several microseconds. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <demangle.h>
#undef ARRAY_SIZE /* libiberty.h defines it too, identically */

#include "profan/demangle.h"
#include "profan/funcname.h"

#include "demangle.h"
#include "limits.h"

/* True if S ends in "::h" + 16 hex digits: the legacy Rust hash, which
 * libiberty hides only when it has 5+ distinct digits. */
static size_t rust_hash_suffix(const char *s, size_t len)
{
	if (len < 19 || memcmp(s + len - 19, "::h", 3) != 0)
		return 0;
	for (size_t i = len - 16; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 19;
}

char *sym_demangle(const char *name)
{
	if (!name || name[0] != '_')
		return NULL;
	/* Rust first: legacy Rust names are also valid Itanium C++ names, and
	 * rust_demangle rejects non-Rust names cheaply. */
	char *out = rust_demangle(name, DMGL_PARAMS | DMGL_ANSI);
	if (!out)
		out = cplus_demangle_v3(name, DMGL_PARAMS | DMGL_ANSI);
	if (!out)
		return NULL;
	size_t len = strlen(out), cut = rust_hash_suffix(out, len);
	if (len > SYMMOD_MAX_STRING) { /* back-references can make a short name expand a lot */
		free(out);
		return NULL;
	}
	if (cut)
		out[len - cut] = '\0';
	return out;
}

void symbolize_demangle_wasm(struct profile *p)
{
	bool renamed = false;
	for (size_t i = 0; i < p->funcs.len; i++) {
		struct pf_func *f = &p->funcs.items[i];
		if (!f->file || strncmp(profile_str(p, f->file), "wasm://", 7) != 0)
			continue;
		char *d = sym_demangle(profile_str(p, f->name));
		if (!d)
			continue;
		char *simple = funcname_simplify(d); /* the spelling native names get (funcname.h) */
		f->name = profile_intern(p, simple ? simple : d);
		free(simple);
		free(d);
		renamed = true;
	}
	if (renamed)
		profile_seal(p); /* names changed in place: the content index is stale */
}
