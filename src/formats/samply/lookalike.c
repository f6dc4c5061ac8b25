/* lookalike.c: Firefox files that look like the processed profiles samply writes but are
 * something else (samply_format.lookalike). Layouts: tests/corpus/EXPECTED.md, docs/samply.md. */
#include "samply.h"

#include <stdio.h>

/* The Firefox Profiler processes raw profiles and upgrades old processed ones
 * when it opens them; its Download button saves the result as processed JSON. */
#define FIREFOX_HINT "open it in profiler.firefox.com and save it with Upload Local Profile > Download"

/* The integer member KEY of OBJ, or -1. */
static long long int_member(const struct json *obj, const char *key)
{
	int64_t v;
	const struct json *m = json_get(obj, key);
	return json_type(m) == JSON_NUMBER && json_i64(m, &v) && v >= 0 ? (long long)v : -1;
}

/* The Gecko profiler's own thread layout: {schema, data} tables and a stringTable
 * (a subprocess's profile may be embedded as a JSON string). */
static bool raw_gecko_thread(const struct json *t)
{
	return json_type(t) == JSON_STRING || json_get(json_get(t, "samples"), "schema") != NULL ||
	       json_get(t, "stringTable") != NULL;
}

/* SEP + "meta.version N" when META has one, else "". */
static const char *meta_version(const struct json *meta, const char *sep, char *buf, size_t cap)
{
	long long v = int_member(meta, "version");
	if (v < 0)
		return "";
	snprintf(buf, cap, "%smeta.version %lld", sep, v);
	return buf;
}

bool lookalike_firefox(const struct json *root, char *what, size_t cap)
{
	if (json_type(root) != JSON_OBJECT)
		return false;
	const struct json *inner = json_get(root, "profile");
	if (json_get(root, "ticks") != NULL && json_type(inner) == JSON_OBJECT &&
	    json_get(inner, "meta") != NULL) {
		snprintf(what, cap,
			 "a Firefox DevTools performance-panel recording, not a processed profile: its "
			 "\"profile\" member is a raw Gecko profile (jq .profile FILE > gecko.json); "
			 FIREFOX_HINT);
		return true;
	}
	const struct json *meta = json_get(root, "meta");
	const struct json *threads = json_get(root, "threads");
	if (json_type(meta) != JSON_OBJECT || json_type(threads) != JSON_ARRAY)
		return false;
	long long processed = int_member(meta, "preprocessedProfileVersion");
	char version[48];
	if (processed >= 0 && processed < 41) {
		snprintf(what, cap,
			 "a Firefox processed profile of version %lld; profan reads version 41 and later: "
			 FIREFOX_HINT ", which upgrades it",
			 processed);
		return true;
	}
	if (json_get(meta, "preprocessedProfileVersion") != NULL)
		return false;
	const struct json *t0 = json_at(threads, 0);
	if (json_type(json_get(root, "libs")) == JSON_STRING || raw_gecko_thread(t0)) {
		snprintf(what, cap,
			 "a raw Gecko profile (Firefox's capture format%s), not a processed profile: "
			 FIREFOX_HINT " to get processed JSON",
			 meta_version(meta, ", ", version, sizeof(version)));
		return true;
	}
	/* Before preprocessedProfileVersion, processed threads carried their own libs. */
	if (json_get(root, "libs") == NULL && json_get(t0, "libs") != NULL &&
	    json_get(t0, "funcTable") != NULL) {
		snprintf(what, cap,
			 "a Firefox processed profile from before preprocessedProfileVersion existed "
			 "(no version number%s); profan reads version 41 and later: " FIREFOX_HINT
			 ", which upgrades it",
			 meta_version(meta, ", ", version, sizeof(version)));
		return true;
	}
	return false;
}
