/* load.c: the shared front half of every subcommand: source -> JSON -> loader -> profile. */
#include "profan/load.h"

#include <stdio.h>

#include "profan/progress.h"
#include "profan/source.h"

static int load_source(struct source *src, const struct json_parse_opts *jopts, pf_loader load,
		       const void *opts, struct profile *out)
{
	profile_init(out);
	if (src == NULL) {
		profile_release(out);
		return -1;
	}
	char phase[128];
	snprintf(phase, sizeof(phase), "reading %s", source_origin(src));
	progress_phase(phase, source_raw_size(src), true);
	struct json_doc *doc = json_parse(src, jopts);
	source_close(src);
	if (doc == NULL) {
		progress_end();
		profile_release(out);
		return -1;
	}
	progress_phase("building the profile", 0, false);
	int rc = load(doc, out, opts);
	json_doc_free(doc);
	profile_seal(out);
	progress_end();
	if (rc == 0) {
		const char *bad = profile_check(out);
		if (bad != NULL) {
			pf_error("internal error: loader built an inconsistent profile: %s", bad);
			rc = -1;
		}
	}
	if (rc != 0)
		profile_release(out);
	return rc;
}

int load_file(const char *path, const struct json_parse_opts *jopts, pf_loader load, const void *opts,
	      struct profile *out)
{
	return load_source(source_open_file(path), jopts, load, opts, out);
}

int load_buffer(const char *buf, size_t len, const char *origin, const struct json_parse_opts *jopts,
		pf_loader load, const void *opts, struct profile *out)
{
	return load_source(source_open_buffer(buf, len, origin), jopts, load, opts, out);
}
