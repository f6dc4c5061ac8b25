/* load.c: the shared front half of every subcommand: source -> JSON -> loader -> profile, or
 * source -> the whole bytes -> a binary format's loader (perf.data). */
#include "profan/load.h"

#include <stdio.h>

#include "profan/progress.h"
#include "profan/source.h"
#include "source_int.h"
#include "load_test.h"

/* After a loader: seal and check the profile; release it when anything failed. */
static int finish(int rc, struct profile *out)
{
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

static int load_source(struct source *src, const struct json_parse_opts *jopts, pf_loader load,
		       pf_binary_loader bload, const void *opts, struct profile *out)
{
	profile_init(out);
	if (src == NULL) {
		profile_release(out);
		return -1;
	}
	char phase[128];
	snprintf(phase, sizeof(phase), "reading %s", source_origin(src));
	progress_phase(phase, source_raw_size(src), true);
	if (source_binary(src) != NULL) {
		const unsigned char *d;
		size_t n;
		int rc = -1;
		if (bload == NULL)
			pf_error("%s: a %s file, which this command does not read", source_origin(src),
				 source_binary(src));
		else if (source_whole(src, &d, &n) == 0)
			rc = bload(source_binary(src), d, n, source_origin(src), out, opts);
		source_close(src);
		return finish(rc, out);
	}
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
	return finish(rc, out);
}

int load_file(const char *path, const struct json_parse_opts *jopts, pf_loader load, const void *opts,
	      struct profile *out)
{
	return load_source(source_open_file(path), jopts, load, NULL, opts, out);
}

int load_buffer(const char *buf, size_t len, const char *origin, const struct json_parse_opts *jopts,
		pf_loader load, const void *opts, struct profile *out)
{
	return load_source(source_open_buffer(buf, len, origin), jopts, load, NULL, opts, out);
}

int load_input(const char *path, const char *data, size_t len, const struct json_parse_opts *jopts,
	       pf_loader load, pf_binary_loader bload, const void *opts, struct profile *out)
{
	struct source *src = data ? source_open_buffer(data, len, path) : source_open_file(path);
	return load_source(src, jopts, load, bload, opts, out);
}

