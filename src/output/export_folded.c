/* export_folded.c: --folded FILE, Brendan Gregg's collapsed stacks: one line
 * per distinct path, "root;caller;leaf VALUE", for flamegraph.pl, inferno and
 * speedscope. Diffs write two values per line (difffolded's "BASE NEW"). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profan/export.h"
#include "profan/text.h"

/* The format has no escaping: a ';' or a line break inside a name would split it,
 * readers such as inferno want UTF-8 and copy names into XML, where other control
 * characters are not allowed. Each distinct label is cleaned once. */
static char *clean_label(const char *label)
{
	size_t len = strlen(label);
	char *s = xstrndup(label, len);
	text_utf8_clean(s, len);
	for (size_t i = 0; i < len; i++)
		if (s[i] == ';')
			s[i] = ':';
		else if (s[i] == '\n' || s[i] == '\r')
			s[i] = ' ';
		else if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			s[i] = '?';
	return s;
}

int export_folded(const char *path, const struct calltree *t, bool two_sides)
{
	struct output *out = output_open(path, "--folded");
	if (out == NULL)
		return -1;
	FILE *f = out->f;
	setvbuf(f, NULL, _IOFBF, 1 << 20);
	size_t nlabels = t->names.count;
	char **labels = xcalloc(nlabels + 1, sizeof(*labels));
	uint32_t *lens = xcalloc(nlabels + 1, sizeof(*lens));
	VEC(uint32_t) chain = {0};
	for (size_t n = 0; n < t->nodes.len; n++) {
		int64_t a = t->self[0][n], b = two_sides ? t->self[1][n] : 0;
		if (a == 0 && b == 0)
			continue;
		chain.len = 0;
		for (uint32_t x = (uint32_t)n; x != CALLTREE_ROOT; x = t->nodes.items[x].parent)
			vec_push(&chain, t->nodes.items[x].label);
		for (size_t i = chain.len; i-- > 0;) {
			uint32_t id = chain.items[i];
			if (labels[id] == NULL) {
				labels[id] = clean_label(strmap_str(&t->names, id));
				lens[id] = (uint32_t)strlen(labels[id]);
			}
			fwrite(labels[id], 1, lens[id], f);
			if (i)
				fputc(';', f);
		}
		if (two_sides)
			fprintf(f, " %" PRId64 " %" PRId64 "\n", a, b);
		else
			fprintf(f, " %" PRId64 "\n", a);
	}
	if (t->no_stack[0] != 0 || (two_sides && t->no_stack[1] != 0)) {
		if (two_sides)
			fprintf(f, "(no stack) %" PRId64 " %" PRId64 "\n", t->no_stack[0], t->no_stack[1]);
		else
			fprintf(f, "(no stack) %" PRId64 "\n", t->no_stack[0]);
	}
	for (size_t i = 0; i < nlabels; i++)
		free(labels[i]);
	free(labels);
	free(lens);
	vec_free(&chain);
	return output_close(out);
}
