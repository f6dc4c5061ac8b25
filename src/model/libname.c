/* libname.c: how a library is named in a report. Its name, unless another
 * library of the profile has the same name and another path (two `cargo`
 * binaries, two `vcruntime140.dll`): then the shortest suffix of its path that
 * no such library shares (`.cargo/bin/cargo`). For display only: the model
 * keeps names and paths, and every key that matches functions across files
 * (diff, trees) still uses the name. */
#include <stdlib.h>
#include <string.h>

#include "profan/profile.h"

/* Larger groups of same-named libraries (only a hostile file has them) show whole paths. */
#define MAX_GROUP 64

static bool is_sep(char c)
{
	return c == '/' || c == '\\';
}

/* The last K components of PATH (all of it when it has fewer). */
static const char *suffix(const char *path, size_t k)
{
	size_t n = strlen(path), seen = 0;
	for (size_t i = n; i-- > 0;)
		if (is_sep(path[i]) && i + 1 < n && ++seen == k)
			return path + i + 1;
	return path;
}

struct named {
	uint32_t name, lib;
};

static int by_name(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	if (x->name != y->name)
		return x->name < y->name ? -1 : 1;
	return x->lib < y->lib ? -1 : x->lib > y->lib;
}

/* Labels for the libraries G[0..N) that share a name. */
static void label_group(struct profile *p, const struct named *g, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct pf_lib *l = &p->libs.items[g[i].lib];
		const char *path = profile_str(p, l->path);
		if (*path == '\0')
			continue;
		const char *label = path;
		for (size_t k = 1; n <= MAX_GROUP; k++) {
			const char *mine = suffix(path, k);
			bool clash = false;
			for (size_t j = 0; j < n && !clash; j++) {
				const char *other = profile_str(p, p->libs.items[g[j].lib].path);
				clash = strcmp(other, path) != 0 && strcmp(suffix(other, k), mine) == 0;
			}
			if (!clash) {
				label = mine;
				break;
			}
			if (mine == path) /* all of it is the end of another path: the whole path */
				break;
		}
		l->label = profile_intern(p, label);
	}
}

void profile_label_libs(struct profile *p)
{
	size_t n = p->libs.len;
	struct named *v = xreallocarray(NULL, n ? n : 1, sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		p->libs.items[i].label = 0;
		v[i] = (struct named){p->libs.items[i].name, (uint32_t)i};
	}
	if (n > 1)
		qsort(v, n, sizeof(*v), by_name);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		bool paths_differ = false;
		for (; j < n && v[j].name == v[i].name; j++)
			paths_differ |= p->libs.items[v[j].lib].path != p->libs.items[v[i].lib].path;
		if (paths_differ)
			label_group(p, v + i, j - i);
		i = j;
	}
	free(v);
}

const char *profile_lib_label(const struct profile *p, uint32_t lib)
{
	const struct pf_lib *l = &p->libs.items[lib];
	return profile_str(p, l->label ? l->label : l->name);
}
