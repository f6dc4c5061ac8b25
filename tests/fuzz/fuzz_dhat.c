/* fuzz_dhat.c: the DHAT loader, dh_view's conditions and the tree on arbitrary bytes.
 * A profile that loads must pass profile_check() (load_buffer runs it); the tree is
 * built for every metric, with and without a condition; then the whole `profan dhat`
 * command runs on it with one of a few option sets. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dhat/dhat.h"
#include "dhat/dhat_tree.h"
#include "profan/load.h"
#include "profan/report.h"
#include "input/load_test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *frame_name(void *ctx, uint32_t frame)
{
	const struct profile *p = ctx;
	return profile_func_name(p, p->frames.items[frame].func);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pf_set_quiet(true);
	struct profile p;
	fuzz_diag_begin();
	int rc = load_buffer((const char *)data, size, "fuzz", &dhat_json_opts, dhat_load, NULL, &p);
	fuzz_diag_end(rc != 0);
	if (rc != 0)
		return 0;
	fuzz_check_sums(&p);
	struct dhat_meta meta = *dhat_meta_of(&p);
	for (size_t m = 0; m < p.metric_count; m++) {
		enum dhat_pred pred = (enum dhat_pred)(m % 6);
		if (!dhat_pred_available(&meta, pred))
			pred = DHAT_PRED_NONE;
		bool *keep = calloc(p.sample_count + 1, sizeof(*keep));
		for (size_t i = 0; i < p.sample_count; i++)
			keep[i] = dhat_pred_holds(&p, &meta, i, pred) || i % 2;
		struct report r;
		report_init(&r);
		struct dhat_tree_opts to = {.metric = m, .pred = pred, .keep = keep, .frame_text = frame_name, .ctx = &p};
		dhat_tree_report(&r, &p, &meta, &to);
		fuzz_render(&r, m, (int)m * 10);
		report_release(&r);
		free(keep);
	}
	profile_release(&p);
	struct profan_opts o;
	struct dhat_view_opts d = {0};
	profan_opts_init(&o);
	profan_set_format_opts(&o, &dhat_format, &d);
	static const char *const where[] = {"a|0x"}, *const not_[] = {"b"}, *const ours[] = {"f"},
				 *const plumbing[] = {"^g"};
	switch (size % 6) {
	case 1: d.stacks = 3, o.metric = "tb"; break;
	case 2:
		d.where = (struct pattern_list){where, 1};
		d.not_ = (struct pattern_list){not_, 1};
		d.alloc_tree = true, o.metric = "short-lived";
		break;
	case 3:
		o.own.ours = (struct pattern_list){ours, 1};
		d.plumbing = (struct pattern_list){plumbing, 1};
		o.metric = "low-access-blocks";
		break;
	case 4: o.metric = "eb", d.alloc_tree = true; break;
	case 5: o.metric = "high-writes", d.stacks = 1; break;
	default: break;
	}
	fuzz_run("dhat", data, size, &o, size / 6, 2, false);
	if (size % 5 == 0) { /* the file against itself: every change is 0 */
		profan_opts_init(&o);
		fuzz_run("dhat", data, size, &o, size / 5, 1, true);
	}
	return 0;
}
