/* export_demo.c: a stand-in subcommand for the export checks while the real
 * loaders live on other branches. It builds the hand profile (hand_profile.h),
 * or with --diff compares it with profile B, runs the pipeline exactly as a
 * subcommand does (cli_parse, pipeline_prepare, views, pipeline_finish), and
 * prints the report; check_exports.py reads the exports back on its own. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "hand_profile.h"
#include "profan/cli.h"
#include "profan/pipeline.h"
#include "profan/views.h"

enum { OPT_DIFF = 0x100, OPT_AWKWARD, OPT_EMPTY };
static const struct cli_opt opts[] = {
	{"diff", no_argument, OPT_DIFF, NULL, "compare the hand profile (base) with profile B (new)"},
	{"awkward", no_argument, OPT_AWKWARD, NULL, "names with ; < & \" ' newlines and broken UTF-8"},
	{"empty", no_argument, OPT_EMPTY, NULL, "a profile without samples"},
	{NULL, 0, 0, NULL, NULL},
};

static int handle(int val, const char *arg, void *ctx)
{
	(void)arg;
	*(int *)ctx = val;
	return 0;
}

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

static const struct cli_command cmd = {
	.name = "demo", .summary = "pipeline export checks", .usage = "demo", .opts = opts};

static void view_table(struct report *r, const struct profile *p, const struct pf_weights *w, bool inclusive,
		       size_t top)
{
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	struct pf_rows rows;
	if (inclusive)
		view_inclusive(p, w, keys, nkeys, &rows);
	else
		view_self(p, w, keys, nkeys, &rows);
	struct report_table *t = report_add_table(r, inclusive ? "top_inclusive" : "top_self",
						  inclusive ? "Top inclusive" : "Top self", "Function");
	report_table_col(t, "CPU", p->metrics[0].unit, w->total);
	report_table_from_rows(r, t, &rows, report_func_name, p);
	report_table_finish(t, top);
	rows_release(&rows);
	free(keys);
}

int main(int argc, char **argv)
{
	int mode = 0;
	struct cli_common c;
	int first;
	enum cli_result res = cli_parse(&cmd, argc, argv, &c, handle, &mode, &first);
	if (res != CLI_OK)
		return res == CLI_DONE ? 0 : 2;
	bool diff = mode == OPT_DIFF;
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
	if (diff) {
		struct profile b;
		build_b(&b);
		char *pa[] = {"hand.json"}, *pb[] = {"b.json"};
		struct diff_side base = {&p, 1, pa}, news = {&b, 1, pb};
		rc = pipeline_prepare(&c, &p) || pipeline_prepare(&c, &b)
			     ? PF_EXIT_FAIL
			     : diff_run(&c, &base, &news, NULL, false, &r);
		profile_release(&b);
	} else {
		rc = pipeline_prepare(&c, &p) < 0 ? PF_EXIT_FAIL : PF_EXIT_OK;
		if (rc == PF_EXIT_OK) {
			report_header_from_profile(&r, &p);
			struct pf_weights w;
			weights_compute(&w, &p, 0, NULL);
			view_table(&r, &p, &w, false, c.top);
			view_table(&r, &p, &w, true, c.top);
			weights_release(&w);
			rc = pipeline_finish(&c, &p, 0, &r);
		}
	}
	if (rc == PF_EXIT_OK)
		rc = cli_emit(&c, &r);
	report_release(&r);
	profile_release(&p);
	return rc;
}
