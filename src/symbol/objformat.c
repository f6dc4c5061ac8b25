/* objformat.c: which object format a library of a profile is, from what the
 * profile records about it (no file is opened): profan symbolicates ELF only,
 * and a macOS or Windows recording is better told so than left "missing". */
#include <ctype.h>
#include <string.h>

#include "objformat.h"

static bool ends_with_ci(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);
	return n >= k && strcasecmp(s + n - k, tail) == 0;
}

static bool pe_name(const char *s)
{
	static const char *const ext[] = {".dll", ".exe", ".sys", ".drv", ".ocx", ".efi"};
	for (size_t i = 0; i < ARRAY_SIZE(ext); i++)
		if (ends_with_ci(s, ext[i]))
			return true;
	return false;
}

/* samply writes a Mach-O library's codeId as its LC_UUID in uppercase hex, the
 * breakpadId being the same digits and an age; an ELF codeId is the GNU build id
 * in lowercase, and the breakpadId reorders its first bytes. */
static bool macho_ids(const char *code_id, const char *breakpad_id)
{
	if (strlen(code_id) != 32 || strncmp(code_id, breakpad_id, 32) != 0)
		return false;
	for (const char *c = code_id; *c; c++)
		if (!isxdigit((unsigned char)*c) || islower((unsigned char)*c))
			return false;
	return true;
}

enum objformat objformat_of(const struct profile *p, const struct pf_lib *l)
{
	const char *name = profile_str(p, l->name), *path = profile_str(p, l->path);
	const char *debug_name = profile_str(p, l->debug_name);
	bool drive = isalpha((unsigned char)path[0]) && path[1] == ':' && (path[2] == '\\' || path[2] == '/');
	if (pe_name(name) || pe_name(path) || ends_with_ci(debug_name, ".pdb") || drive ||
	    strncmp(path, "\\\\", 2) == 0)
		return OBJFORMAT_PE;
	if (ends_with_ci(name, ".dylib") || strstr(path, ".framework/") || strstr(path, ".app/Contents/") ||
	    strncmp(path, "/System/Library/", 16) == 0 || strncmp(path, "/usr/lib/system/", 16) == 0 ||
	    macho_ids(profile_str(p, l->code_id), profile_str(p, l->breakpad_id)))
		return OBJFORMAT_MACHO;
	return OBJFORMAT_ELF;
}
