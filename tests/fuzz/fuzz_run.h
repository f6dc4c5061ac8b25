/* fuzz_run.h: runs the whole analysis a subcommand runs (driver.h: loader,
 * symbolication, transforms, views, trees, exports, both renderers) on the
 * fuzz input held in memory, with one of a few option sets, so the views,
 * trees, exports and renderers see every hostile-but-valid model a loader
 * accepts. No argv, no files: the same struct profan_opts the command line
 * fills. Header-only: tests/fuzz/CMakeLists.txt builds each fuzz_*.c on its own. */
#ifndef PROFAN_FUZZ_RUN_H
#define PROFAN_FUZZ_RUN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/driver.h"
#include "profan/render.h"

/* Filters, trees and exports, one set per run. */
#define FUZZ_PIPELINE_VARIANTS 7
#define FUZZ_DIFF_VARIANTS 4 /* the first ones: `profan diff` takes no trees, --pprof or --per-file */

static inline void fuzz_step(struct profan_opts *o, enum transform_kind kind, const char *pattern,
			     enum transform_by by)
{
	o->steps[o->step_count++] = (struct transform_step){kind, pattern, by};
}

/* Adds option set VARIANT to O; *TWICE: run the input as two merged files. */
static inline void fuzz_pipeline(struct profan_opts *o, size_t variant, bool *twice)
{
	*twice = false;
	switch (variant % FUZZ_PIPELINE_VARIANTS) {
	case 1:
		fuzz_step(o, TRANSFORM_FOCUS, "0x|a", 0);
		fuzz_step(o, TRANSFORM_HIDE, "1", 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_LIB);
		break;
	case 2:
		fuzz_step(o, TRANSFORM_ROOT_AT, "a", 0);
		fuzz_step(o, TRANSFORM_COLLAPSE_RECURSION, NULL, 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_LINE);
		break;
	case 3:
		o->folded = o->flamegraph = "/dev/null";
		fuzz_step(o, TRANSFORM_IGNORE, "z", 0);
		fuzz_step(o, TRANSFORM_BY, NULL, TRANSFORM_BY_FILE);
		break;
	case 4:
		o->tree = o->inverted = true;
		o->tree_threshold = 0;
		o->callers = ".";
		o->callees = "0x";
		o->annotate.pattern = "."; /* source paths from the input: only regular text files are read */
		o->annotate.functions = 3;
		break;
	case 5:
		o->per_file = o->tree = true;
		o->pprof = "/dev/null";
		*twice = true;
		break;
	case 6:
		o->tree = o->inverted = true;
		fuzz_step(o, TRANSFORM_COLLAPSE_RECURSION, NULL, 0);
		fuzz_step(o, TRANSFORM_HIDE, "^[a-f]", 0);
		break;
	default: break;
	}
}

/* Renders R as text (top TOP, width WIDTH, in color or not) and as JSON into /dev/null. */
static inline void fuzz_render(const struct report *r, size_t top, int width)
{
	FILE *null = fopen("/dev/null", "w");
	if (null == NULL)
		return;
	struct render_opts ro = {.top = top, .color = width % 2, .width = width};
	render_text(null, r, &ro);
	render_json(null, r, &ro);
	fclose(null);
}

/* Runs FORMAT's analysis (diff against itself when DIFF) on DATA with O plus
 * pipeline option set VARIANT. Returns the exit code; aborts when it is above
 * MAX_RC: 1 normally, 2 where a usage error can depend on the input (a dhat
 * metric the file's mode lacks). */
static inline int fuzz_run(const char *format, const uint8_t *data, size_t size, struct profan_opts *o,
			   size_t variant, int max_rc, bool diff)
{
	bool twice;
	fuzz_pipeline(o, diff ? variant % FUZZ_DIFF_VARIANTS : variant, &twice);
	struct driver_input in[2] = {{"fuzz", (const char *)data, size}, {"fuzz2", (const char *)data, size}};
	struct report r;
	report_init(&r);
	int rc = diff ? driver_diff(format_find(format), o, &in[0], 1, &in[1], 1, &r)
		      : driver_run(format_find(format), o, in, twice ? 2 : 1, &r);
	if (rc == PF_EXIT_OK)
		fuzz_render(&r, variant % 3 == 0 ? 0 : 2, (int)(variant % 5) * 20);
	report_release(&r);
	pf_set_quiet(true);
	if (rc < 0 || rc > max_rc)
		abort();
	return rc;
}

#endif
