/* fuzz_source.c: the source reader behind --annotate (source_text.h) on arbitrary
 * recorded names: paths, file:// URLs with %-escapes, other URLs, "..", NUL bytes.
 *
 * A tree is made once in a temporary folder T:
 *   T/root/a.c, T/root/sub/b.rs          text files, the only root
 *   T/root/nul.c                         a file holding a NUL byte (never read)
 *   T/root/fifo                          a FIFO (never opened for good: it would block)
 *   T/root/out -> ../outside/secret.c    a link out of the root
 *   T/root/in -> a.c                     a link within it
 *   T/outside/secret.c                   a file outside the root
 * The first byte picks the options: bit 0 --source-path T/root, bit 1 --source-path
 * T/outside (a folder the fuzzer names but that is no root here), bit 2 --source-prefix
 * /build=T/root, bit 3 --source-prefix /x=T/outside. The rest is the recorded name, each
 * '@' replaced by T so the fuzzer can reach the tree. Checked: a file read is under
 * T/root by its real path and never the secret; otherwise exactly one reason is given,
 * and a file refused for lying outside names --source-path. */
#define _GNU_SOURCE /* mkdtemp */
#include "fuzz_run.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/path.h"
#include "analysis/source_text.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char tree[PATH_MAX], root[PATH_MAX + 16], outside[PATH_MAX + 16];
static struct source_roots roots;

static void put(const char *dir, const char *name, const char *text, size_t len)
{
	char path[PATH_MAX * 2];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (f == NULL || fwrite(text, 1, len, f) != len || fclose(f) != 0)
		abort();
}

static void cleanup(void)
{
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tree);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz_source: could not remove %s\n", tree);
	source_roots_release(&roots);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	const char *tmp = getenv("TMPDIR");
	snprintf(tree, sizeof(tree), "%s/profan-fuzz-source-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(tree) == NULL)
		abort();
	char *real = realpath(tree, NULL);
	snprintf(tree, sizeof(tree), "%s", real);
	free(real);
	snprintf(root, sizeof(root), "%s/root", tree);
	snprintf(outside, sizeof(outside), "%s/outside", tree);
	char sub[PATH_MAX + 32], link[PATH_MAX + 32];
	snprintf(sub, sizeof(sub), "%s/sub", root);
	if (mkdir(root, 0700) != 0 || mkdir(outside, 0700) != 0 || mkdir(sub, 0700) != 0)
		abort();
	put(root, "a.c", "int main(void)\n{\n\treturn 0;\n}\n", 30);
	put(sub, "b.rs", "fn main() {}\r\n", 14);
	put(root, "nul.c", "a\0b\n", 4);
	put(outside, "secret.c", "SECRET\n", 7);
	snprintf(link, sizeof(link), "%s/fifo", root);
	if (mkfifo(link, 0600) != 0)
		abort();
	snprintf(link, sizeof(link), "%s/out", root);
	if (symlink("../outside/secret.c", link) != 0)
		abort();
	snprintf(link, sizeof(link), "%s/in", root);
	if (symlink("a.c", link) != 0)
		abort();
	if (!source_roots_add(&roots, root))
		abort();
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (tree[0] == '\0')
		LLVMFuzzerInitialize(NULL, NULL); /* replay.c calls it only when defined: it is */
	if (size < 1)
		return 0;
	unsigned pick = data[0];
	/* the recorded name, '@' made T (kept with its NUL bytes: a name may hold one) */
	VEC(char) name = {0};
	for (size_t i = 1; i < size; i++) {
		if (data[i] == '@')
			for (const char *q = tree; *q; q++)
				vec_push(&name, *q);
		else
			vec_push(&name, (char)data[i]);
	}
	size_t len = name.len;
	vec_push(&name, '\0');
	const char *paths[2];
	size_t np = 0;
	if (pick & 1)
		paths[np++] = root;
	if (pick & 2)
		paths[np++] = outside;
	struct source_prefix prefixes[2];
	size_t nx = 0;
	if (pick & 4)
		prefixes[nx++] = (struct source_prefix){"/build", root};
	if (pick & 8)
		prefixes[nx++] = (struct source_prefix){"/x", outside};
	struct annotate_opts o = {.source_paths = paths, .source_path_count = np, .prefixes = prefixes,
				  .prefix_count = nx};
	struct source_text t;
	source_text_find(&o, &roots, name.items, len, &t);
	if (t.path != NULL) {
		char *real = realpath(t.path, NULL);
		if (real == NULL || !path_is_under(real, root))
			fuzz_broken("a file read outside the root", t.path, strlen(t.path));
		free(real);
		if (memmem(t.data, strlen(t.data), "SECRET", 6) != NULL)
			fuzz_broken("the secret was read", t.path, strlen(t.path));
		if (t.looked != NULL || t.refused != NULL)
			fuzz_broken("a file read and a reason not to", name.items, len);
		for (size_t i = 0; i < t.line_count; i++)
			if (source_text_line(&t, (uint32_t)i + 1) == NULL)
				fuzz_broken("a line missing", t.path, strlen(t.path));
	} else if ((t.looked == NULL) == (t.refused == NULL)) {
		fuzz_broken("not read, and not exactly one reason", name.items, len);
	} else if (t.refused != NULL && strstr(t.refused, "outside") && !strstr(t.refused, "--source-path ")) {
		fuzz_broken("a file outside the roots without the option that allows it", t.refused,
			    strlen(t.refused));
	}
	source_text_release(&t);
	vec_free(&name);
	return 0;
}
