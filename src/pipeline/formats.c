/* formats.c: the registry of input formats for commands that read any of them
 * (profan diff), and recognising a file's format from its top-level keys. */
#include "profan/formats.h"

#include <string.h>

#include "profan/cpuprof.h"
#include "profan/dhat.h"
#include "profan/samply.h"

/* Every loader with its defaults (NULL options); valgrind writes `"fs":]` for a stack it filtered. */
const struct pipeline_format pipeline_formats[] = {
	{"samply", NULL, samply_load, NULL, {0}},
	{"dhat", NULL, dhat_load, NULL, {.repair_missing_open_bracket = true}},
	{"cpuprofile", "cpuprof", cpuprof_load, NULL, {0}},
};
const size_t pipeline_format_count = ARRAY_SIZE(pipeline_formats);

const struct pipeline_format *formats_find(const char *name)
{
	for (size_t i = 0; i < pipeline_format_count; i++) {
		const struct pipeline_format *f = &pipeline_formats[i];
		if (strcmp(f->name, name) == 0 || (f->alias && strcmp(f->alias, name) == 0))
			return f;
	}
	return NULL;
}

const struct pipeline_format *formats_sniff(const struct json *root)
{
	const char *name = NULL;
	const struct json *first = json_at(root, 0);
	if (json_type(root) == JSON_ARRAY && (json_get(first, "ph") || json_get(first, "name")))
		name = "cpuprofile"; /* a bare array of trace events */
	else if (json_type(root) != JSON_OBJECT)
		return NULL; /* an array of anything else is no profile we know */
	else if (json_get(root, "meta") && json_get(root, "threads"))
		name = "samply";
	else if (json_get(root, "dhatFileVersion"))
		name = "dhat";
	else if ((json_get(root, "nodes") && json_get(root, "samples")) || json_get(root, "traceEvents"))
		name = "cpuprofile";
	return name ? formats_find(name) : NULL;
}

static const char *format_label(const struct pipeline_format *f)
{
	return strcmp(f->name, "samply") == 0 ? "a samply profile"
	       : strcmp(f->name, "dhat") == 0 ? "a DHAT profile"
					      : "a V8 CPU profile";
}

int formats_check(const struct json_doc *doc, pf_loader load)
{
	const struct pipeline_format *want = NULL, *got = formats_sniff(json_doc_root(doc));
	for (size_t i = 0; i < pipeline_format_count; i++)
		if (pipeline_formats[i].load == load)
			want = &pipeline_formats[i];
	if (want == NULL || got == NULL || want == got)
		return 0;
	pf_error("%s: this is %s, not %s: read it with 'profan %s'", json_doc_origin(doc), format_label(got),
		 format_label(want), got->alias ? got->alias : got->name);
	return -1;
}

struct sniff_ctx {
	const struct pipeline_format *forced;
};

static int sniff_and_load(const struct json_doc *doc, struct profile *out, const void *opts)
{
	const struct sniff_ctx *ctx = opts;
	const struct pipeline_format *f = ctx->forced ? ctx->forced : formats_sniff(json_doc_root(doc));
	if (f == NULL) {
		pf_error("%s: not a profile profan recognises (samply, dhat or cpuprofile JSON); "
			 "name it with --format",
			 json_doc_origin(doc));
		return -1;
	}
	if (f->load == NULL) {
		pf_error("%s: %s profiles cannot be read by this build yet", json_doc_origin(doc), f->name);
		return -1;
	}
	return f->load(doc, out, f->opts);
}

int formats_load(const char *path, const struct pipeline_format *format, struct profile *out)
{
	/* the parse happens before we know the format: allow every format's repairs */
	struct json_parse_opts jopts = {0};
	for (size_t i = 0; i < pipeline_format_count; i++)
		if (format == NULL || format == &pipeline_formats[i])
			jopts.repair_missing_open_bracket |=
				pipeline_formats[i].jopts.repair_missing_open_bracket;
	struct sniff_ctx ctx = {format};
	return load_file(path, &jopts, sniff_and_load, &ctx, out);
}
