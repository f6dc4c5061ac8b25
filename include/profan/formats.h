/* formats.h: the input formats profan knows, for commands that take any of
 * them (profan diff): each one's loader, and recognition by the JSON's
 * top-level keys when the user does not name the format. */
#ifndef PROFAN_FORMATS_H
#define PROFAN_FORMATS_H

#include "profan/json.h"
#include "profan/load.h"

struct pipeline_format {
	const char *name; /* as profile->format says: "samply", "dhat", "cpuprofile" */
	const char *alias; /* the subcommand's name when it differs ("cpuprof"), or NULL */
	pf_loader load; /* NULL while the loader is not part of the build */
	const void *opts; /* LOAD's options for a plain run (NULL: its defaults) */
	struct json_parse_opts jopts;
};

extern const struct pipeline_format pipeline_formats[];
extern const size_t pipeline_format_count;

/* The format a document looks like (samply: meta + threads; dhat: dhatFileVersion;
 * cpuprofile: nodes + samples, traceEvents, or an array of trace events), or NULL. */
const struct pipeline_format *formats_sniff(const struct json *root);
/* Before loader LOAD reads DOC: when DOC is clearly another known format,
 * prints "FILE: this is a dhat profile, not samply: read it with 'profan dhat'"
 * and returns -1, instead of letting the loader fail on a missing key. */
int formats_check(const struct json_doc *doc, pf_loader load);
/* By name or alias; NULL when unknown. */
const struct pipeline_format *formats_find(const char *name);
/* Loads PATH as FORMAT (NULL: recognise it). Returns 0, or -1 after printing an error. */
int formats_load(const char *path, const struct pipeline_format *format, struct profile *out);

#endif
