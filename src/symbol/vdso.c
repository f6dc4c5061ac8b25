/* vdso.c: the running kernel's vDSO as a file, for [vdso] frames. Part of
 * symbolication (vdso.h): a profile analysed on the machine (and
 * kernel) that recorded it has the same vDSO, which the build id proves. */
#include "vdso.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <elfutils/libdwelf.h>
#include <libelf.h>

#include "profan/alloc.h"

/* The vDSO is a complete ELF image whose section headers come last. */
#define VDSO_MAX_SIZE (1u << 20)

static size_t vdso_size(const unsigned char *base)
{
	if (memcmp(base, ELFMAG, SELFMAG) != 0 || base[EI_CLASS] != ELFCLASS64)
		return 0;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)base;
	size_t end = (size_t)eh->e_shoff + (size_t)eh->e_shnum * eh->e_shentsize;
	return eh->e_shoff && end <= VDSO_MAX_SIZE ? end : 0;
}

char *vdso_image_file(const char *code_id)
{
	const unsigned char *base = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
	size_t size = base ? vdso_size(base) : 0;
	if (!size || !code_id || !*code_id)
		return NULL;
	char *copy = xmalloc(size); /* elf_memory wants a writable buffer */
	memcpy(copy, base, size);
	elf_version(EV_CURRENT);
	Elf *e = elf_memory(copy, size);
	const void *id = NULL;
	ssize_t n = e ? dwelf_elf_gnu_build_id(e, &id) : -1;
	bool same = n > 0 && strlen(code_id) == 2 * (size_t)n;
	for (ssize_t i = 0; same && i < n; i++) {
		char hex[3];
		snprintf(hex, sizeof(hex), "%02x", ((const unsigned char *)id)[i]);
		same = strncasecmp(hex, code_id + 2 * i, 2) == 0;
	}
	if (e)
		elf_end(e);
	const char *dir = getenv("TMPDIR");
	char *path = same ? xasprintf("%s/profan-vdso-XXXXXX", dir && *dir ? dir : "/tmp") : NULL;
	int fd = path ? mkstemp(path) : -1;
	bool ok = fd >= 0 && write(fd, copy, size) == (ssize_t)size;
	if (fd >= 0)
		close(fd);
	free(copy);
	if (!ok && path) {
		if (fd >= 0)
			unlink(path);
		free(path);
		path = NULL;
	}
	return path;
}
