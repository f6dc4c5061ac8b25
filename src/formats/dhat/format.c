/* format.c: DHAT as an input format (format.h): valgrind's files and the Rust dhat
 * crate's, one loader, and their views. */
#include "dhat.h"
#include "profan/format.h"

static int load(const struct json_doc *doc, const struct load_env *env, struct profile *out)
{
	(void)env;
	return dhat_load(doc, out, NULL);
}

const struct input_format dhat_format = {
	.name = "dhat",
	.command = "dhat",
	.label = "a DHAT profile",
	.sniff = dhat_sniff,
	/* valgrind writes `"fs":]` for a stack it filtered; the program points go from the
	 * stream into the loader's columns, not into the tree */
	.jopts = {.repair_missing_open_bracket = true, .divert = &dhat_divert},
	.load = load,
	.views = dhat_views,
};
