/* export_demo.c: the export checks' stand-in for a subcommand: it builds the
 * hand profile (hand_profile.h), or with --diff compares it with profile B,
 * runs the driver's stages on it (driver_run_profile, driver_diff_profiles:
 * transforms, views, trees, exports) and prints the report;
 * check_exports.py reads the exports back on its own.
 *
 * Options: --diff | --awkward | --empty, --json, --top N, --focus RE,
 * --folded FILE, --pprof FILE, --flamegraph FILE, --tree, --inverted. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "hand_profile.h"
#include "profan/driver.h"
#include "profan/render.h"

/* Names that break naive writers: "a;b" -> a:b in folded, XML specials, a line
 * break, invalid UTF-8 (\xff) and a valid multi-byte name. Stack: top > each, 1 each. */
static void build_awkward(struct profile *p)
{
	static const char *const names[] = {"a;b", "x<y>&z\"q'", "line\nbreak", "bad\xff\xfe", "größe::ß"};
	profile_init(p);
	p->format = "test";
	profile_add_metric(p, "samples", "samples", PF_UNIT_COUNT);
	uint32_t top = profile_intern_stack(
		p, PF_NONE, profile_func_frame(p, profile_intern(p, "top"), 0, PF_NONE, 0, 0, 0));
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		uint32_t fr = profile_func_frame(p, profile_intern(p, names[i]), 0, PF_NONE, 0, 0, 0);
		int64_t one = 1;
		profile_add_sample(p, profile_intern_stack(p, top, fr), PF_NONE, &one);
	}
}

int main(int argc, char **argv)
{
	enum { OPT_DIFF = 0x100, OPT_AWKWARD, OPT_EMPTY, OPT_JSON, OPT_TOP, OPT_FOCUS, OPT_FOLDED, OPT_PPROF,
	       OPT_FLAMEGRAPH, OPT_TREE, OPT_INVERTED };
	static const struct option longopts[] = {
		{"diff", no_argument, NULL, OPT_DIFF},        {"awkward", no_argument, NULL, OPT_AWKWARD},
		{"empty", no_argument, NULL, OPT_EMPTY},      {"json", no_argument, NULL, OPT_JSON},
		{"top", required_argument, NULL, OPT_TOP},    {"focus", required_argument, NULL, OPT_FOCUS},
		{"folded", required_argument, NULL, OPT_FOLDED}, {"pprof", required_argument, NULL, OPT_PPROF},
		{"flamegraph", required_argument, NULL, OPT_FLAMEGRAPH}, {"tree", no_argument, NULL, OPT_TREE},
		{"inverted", no_argument, NULL, OPT_INVERTED},          {NULL, 0, NULL, 0},
	};
	struct profan_opts o;
	profan_opts_init(&o);
	int mode = 0, c;
	bool json = false;
	struct render_opts ro = {.top = 30};
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_DIFF:
		case OPT_AWKWARD:
		case OPT_EMPTY: mode = c; break;
		case OPT_JSON: json = true; break;
		case OPT_TOP: ro.top = (size_t)atoi(optarg); break;
		case OPT_FOCUS:
			o.steps[o.step_count++] = (struct transform_step){.kind = TRANSFORM_FOCUS, .pattern = optarg};
			break;
		case OPT_FOLDED: o.folded = optarg; break;
		case OPT_PPROF: o.pprof = optarg; break;
		case OPT_FLAMEGRAPH: o.flamegraph = optarg; break;
		case OPT_TREE: o.tree = true; break;
		case OPT_INVERTED: o.inverted = true; break;
		default: return 2;
		}
	}
	struct profile p;
	if (mode == OPT_AWKWARD) {
		build_awkward(&p);
	} else if (mode == OPT_EMPTY) {
		profile_init(&p);
		profile_add_metric(&p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	} else {
		build(&p);
	}
	struct report r;
	report_init(&r);
	int rc;
	if (mode == OPT_DIFF) {
		struct profile b;
		build_b(&b);
		const char *pa[] = {"hand.json"}, *pb[] = {"b.json"};
		rc = driver_diff_profiles(&o, &p, 1, pa, &b, 1, pb, &r);
		profile_release(&b);
	} else {
		rc = driver_run_profile(&o, &p, "hand.json", &r);
	}
	if (rc == PF_EXIT_OK && (json ? render_json(stdout, &r, &ro) : render_text(stdout, &r, &ro)) < 0)
		rc = PF_EXIT_FAIL;
	report_release(&r);
	profile_release(&p);
	return rc;
}
