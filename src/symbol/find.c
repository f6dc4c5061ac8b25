/* find.c: which file on this machine holds a profiled library's code, and is
 * it the same build? Part of symbolication (find.h): candidates come
 * from the recorded path, the symbol directories and /usr/lib/debug, and a
 * candidate is accepted only if its GNU build id matches the profile's. */
#include "profan/find.h"
#include "find_test.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <elfutils/libdwelf.h>
#include <gelf.h>
#include <libelf.h>

#include "profan/alloc.h"
#include "profan/diag.h"

static const char hexdig[] = "0123456789abcdef";

static char *hex_of(const unsigned char *b, size_t n, bool upper)
{
	char *s = xmalloc(2 * n + 1);
	for (size_t i = 0; i < n; i++) {
		s[2 * i] = hexdig[b[i] >> 4];
		s[2 * i + 1] = hexdig[b[i] & 15];
	}
	s[2 * n] = '\0';
	if (upper)
		for (size_t i = 0; i < 2 * n; i++)
			s[i] = (char)toupper((unsigned char)s[i]);
	return s;
}

/* A breakpad id is a UUID printed with its first three fields in little-endian
 * order (samply debugid_util.rs), then the age, which samply sets to 0. */
static char *breakpad_of_bytes(const unsigned char in[16])
{
	static const int order[16] = {3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15};
	unsigned char b[16];
	for (int i = 0; i < 16; i++)
		b[i] = in[order[i]];
	char *hex = hex_of(b, 16, true);
	char *s = xasprintf("%s0", hex);
	free(hex);
	return s;
}

static Elf *elf_open_path(const char *path, int *fd)
{
	*fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO must not hang us */
	if (*fd < 0)
		return NULL;
	struct stat stb;
	if (fstat(*fd, &stb) != 0 || !S_ISREG(stb.st_mode)) {
		close(*fd);
		return NULL;
	}
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (e && elf_kind(e) != ELF_K_ELF) {
		elf_end(e);
		e = NULL;
	}
	if (!e)
		close(*fd);
	return e;
}

static void elf_close(Elf *e, int fd)
{
	elf_end(e);
	close(fd);
}

/* Raw build id of E into *BYTES (owned by E); its length, or 0. */
static size_t elf_build_id(Elf *e, const unsigned char **bytes)
{
	const void *p = NULL;
	ssize_t n = dwelf_elf_gnu_build_id(e, &p);
	if (n <= 0)
		return 0;
	*bytes = p;
	return (size_t)n;
}

char *symfind_build_id(const char *path)
{
	int fd;
	Elf *e = elf_open_path(path, &fd);
	if (!e)
		return NULL;
	const unsigned char *b;
	size_t n = elf_build_id(e, &b);
	char *s = n ? hex_of(b, n, false) : NULL;
	elf_close(e, fd);
	return s;
}

char *symfind_breakpad_of_build_id(const char *hex)
{
	unsigned char b[16] = {0}; /* shorter ids are zero-padded, as samply does */
	size_t len = strlen(hex);
	for (size_t i = 0; i < 16 && 2 * i + 1 < len; i++) {
		char pair[3] = {hex[2 * i], hex[2 * i + 1], 0};
		if (!isxdigit((unsigned char)pair[0]) || !isxdigit((unsigned char)pair[1]))
			return NULL;
		b[i] = (unsigned char)strtoul(pair, NULL, 16);
	}
	return breakpad_of_bytes(b);
}

/* Without a build id samply XOR-folds the first 4 KiB of .text into 16 bytes. */
static char *breakpad_of_text(Elf *e)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx) != 0)
		return NULL;
	for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
		GElf_Shdr sh;
		const char *nm;
		if (!gelf_getshdr(scn, &sh) || !(nm = elf_strptr(e, shstrndx, sh.sh_name)) ||
		    strcmp(nm, ".text") != 0 || sh.sh_type == SHT_NOBITS)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			return NULL;
		unsigned char fold[16] = {0};
		size_t n = d->d_size < 4096 ? d->d_size : 4096;
		for (size_t i = 0; i < n; i++)
			fold[i % 16] ^= ((const unsigned char *)d->d_buf)[i];
		return breakpad_of_bytes(fold);
	}
	return NULL;
}

char *symfind_breakpad_id(const char *path)
{
	int fd;
	Elf *e = elf_open_path(path, &fd);
	if (!e)
		return NULL;
	const unsigned char *b;
	size_t n = elf_build_id(e, &b);
	char *s;
	if (n) {
		char *hex = hex_of(b, n, false);
		s = symfind_breakpad_of_build_id(hex);
		free(hex);
	} else {
		s = breakpad_of_text(e);
	}
	elf_close(e, fd);
	return s;
}

static bool is_set(const char *s)
{
	return s && *s;
}

/* The nil breakpad id means "unknown" (synthetic libs, unreadable files). */
static bool breakpad_known(const char *s)
{
	if (!is_set(s))
		return false;
	for (; *s; s++)
		if (*s != '0')
			return true;
	return false;
}

enum check { CHECK_ABSENT, CHECK_MATCH, CHECK_DIFFERENT };

/* Compares the candidate at PATH with the profile's ids; *ID gets the
 * candidate's id (in the profile's form) on a difference. */
static enum check check_candidate(const struct symfind_query *q, const char *path, char **id)
{
	int fd;
	Elf *e = elf_open_path(path, &fd);
	if (!e)
		return CHECK_ABSENT;
	const unsigned char *b;
	size_t n = elf_build_id(e, &b);
	char *have = NULL;
	const char *want = NULL;
	if (is_set(q->code_id)) {
		want = q->code_id;
		have = n ? hex_of(b, n, false) : xstrdup("(none)");
	} else if (breakpad_known(q->breakpad_id)) {
		want = q->breakpad_id;
		if (n) {
			char *hex = hex_of(b, n, false);
			have = symfind_breakpad_of_build_id(hex);
			free(hex);
		} else {
			have = breakpad_of_text(e);
		}
		if (!have)
			have = xstrdup("(none)");
	}
	elf_close(e, fd);
	if (!want)
		return CHECK_MATCH; /* nothing to verify against */
	bool same = strcasecmp(want, have) == 0;
	if (same)
		free(have);
	else
		*id = have;
	return same ? CHECK_MATCH : CHECK_DIFFERENT;
}

struct search {
	const struct symfind_query *q;
	struct symfind_answer *a;
	bool done;
};

static const char *query_name(const struct symfind_query *q)
{
	return is_set(q->name) ? q->name : is_set(q->path) ? q->path : "?";
}

/* Tries PATH; a MISMATCH_QUIET candidate (a --symbol-path file named otherwise) that
 * differs is just not this library's, not "another build" of it. */
static void try_path_as(struct search *s, const char *path, bool mismatch_quiet)
{
	if (s->done || !is_set(path))
		return;
	char *id = NULL;
	switch (check_candidate(s->q, path, &id)) {
	case CHECK_ABSENT:
		if (s->q->verbose)
			pf_note("%s: %s: no ELF file there", query_name(s->q), path);
		return;
	case CHECK_MATCH:
		s->a->result = SYMFIND_FOUND;
		s->a->path = xstrdup(path);
		s->a->verified = is_set(s->q->code_id) || breakpad_known(s->q->breakpad_id);
		s->done = true;
		if (s->q->verbose)
			pf_note("%s: %s: %s: used", query_name(s->q), path,
				s->a->verified ? "the build id matches" : "no build id to check");
		return;
	case CHECK_DIFFERENT:
		if (s->q->verbose)
			pf_note("%s: %s: another build (id %s, the profile has %s)", query_name(s->q), path, id,
				is_set(s->q->code_id) ? s->q->code_id : s->q->breakpad_id);
		if (mismatch_quiet) {
			free(id);
		} else if (!s->a->mismatch_path) {
			s->a->mismatch_path = xstrdup(path);
			s->a->mismatch_id = id;
		} else {
			free(id);
		}
		return;
	}
}

static void try_path(struct search *s, const char *path)
{
	try_path_as(s, path, false);
}

/* DIR/.build-id/xx/rest[.debug], the layout of /usr/lib/debug and debuginfod caches. */
static void try_build_id_dir(struct search *s, const char *dir)
{
	const char *id = s->q->code_id;
	if (!is_set(id) || strlen(id) < 3)
		return;
	char *p = xasprintf("%s/.build-id/%.2s/%s.debug", dir, id, id + 2);
	try_path(s, p);
	free(p);
	p = xasprintf("%s/.build-id/%.2s/%s", dir, id, id + 2);
	try_path(s, p);
	free(p);
}

static bool same_base_name(const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');
	return is_set(name) && strcmp(slash ? slash + 1 : path, name) == 0;
}

static void try_dir(struct search *s, const char *dir)
{
	struct stat sb;
	if (stat(dir, &sb) == 0 && S_ISREG(sb.st_mode)) {
		/* --symbol-path FILE, the binary itself (a common guess): this library's when
		 * the ids match, or, in a profile without ids, when it bears the library's name */
		bool named = same_base_name(dir, s->q->name) || same_base_name(dir, s->q->debug_name);
		if (named || is_set(s->q->code_id) || breakpad_known(s->q->breakpad_id))
			try_path_as(s, dir, !named);
		return;
	}
	try_build_id_dir(s, dir);
	const char *names[] = {s->q->name, s->q->debug_name};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		if (!is_set(names[i]) || strchr(names[i], '/') || (i == 1 && is_set(names[0]) &&
								    strcmp(names[0], names[1]) == 0))
			continue;
		char *p = xasprintf("%s/%s", dir, names[i]);
		try_path(s, p);
		free(p);
	}
}

void symfind_locate(const struct symfind_query *q, const char *const *dirs, size_t ndirs,
		    struct symfind_answer *a)
{
	memset(a, 0, sizeof(*a));
	struct search s = {.q = q, .a = a};
	try_path(&s, q->path);
	if (is_set(q->debug_path) && (!is_set(q->path) || strcmp(q->path, q->debug_path) != 0))
		try_path(&s, q->debug_path);
	for (size_t i = 0; i < ndirs; i++)
		try_dir(&s, dirs[i]);
	try_build_id_dir(&s, "/usr/lib/debug");
	if (!s.done)
		a->result = a->mismatch_path ? SYMFIND_MISMATCH : SYMFIND_MISSING;
}

void symfind_answer_release(struct symfind_answer *a)
{
	free(a->path);
	free(a->mismatch_path);
	free(a->mismatch_id);
	memset(a, 0, sizeof(*a));
}

/* The folders searched for symbol files: --symbol-path, then $PROFAN_SYMBOL_PATH. */
void symbol_dirs_init(struct symbol_dirs *d, const struct symbolize_opts *o)
{
	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < o->symbol_path_count; i++)
		vec_push(d, o->symbol_paths[i]);
	const char *env = o->no_env ? NULL : getenv(SYMBOLIZE_PATH_ENV);
	if (!env || !*env)
		return;
	d->env_copy = xstrdup(env);
	for (char *save = NULL, *e = strtok_r(d->env_copy, ":", &save); e; e = strtok_r(NULL, ":", &save))
		vec_push(d, e);
}

void symbol_dirs_release(struct symbol_dirs *d)
{
	vec_free(d);
	free(d->env_copy);
	d->env_copy = NULL;
}
