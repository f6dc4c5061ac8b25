/* fuzz_dhat.c: the DHAT loader, dh_view's conditions and the tree on arbitrary bytes.
 * A profile that loads must pass profile_check() (load_buffer runs it); the tree is
 * built for every metric, with and without a condition; then the whole `profan dhat`
 * command runs on it with one of a few option sets. */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "profan/dhat.h"
#include "profan/dhat_tree.h"
#include "profan/load.h"
#include "profan/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *frame_name(void *ctx, uint32_t frame)
{
	const struct profile *p = ctx;
	return profile_func_name(p, p->frames.items[frame].func);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pf_set_quiet(true);
	struct dhat_meta meta;
	struct dhat_load_opts opts = {.meta = &meta};
	struct profile p;
	fuzz_diag_begin();
	int rc = load_buffer((const char *)data, size, "fuzz", &dhat_json_opts, dhat_load, &opts, &p);
	fuzz_diag_end(rc != 0);
	if (rc != 0)
		return 0;
	fuzz_check_sums(&p);
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
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		if (mem == NULL)
			abort();
		report_print_text(mem, &r);
		fclose(mem);
		if (!fuzz_text_safe(text, len, "\n"))
			fuzz_broken("a control character or bad UTF-8 in the text report", text, len);
		free(text);
		FILE *null = fopen("/dev/null", "w");
		if (null) {
			report_print_json(null, &r);
			fclose(null);
		}
		report_release(&r);
		free(keep);
	}
	profile_release(&p);
	static const char *const variants[][10] = {
		{NULL},
		{"--json", "--stacks", "3", "--metric", "tb", NULL},
		{"--where", "a|0x", "--not", "b", "--tree", "--metric", "short-lived", NULL},
		{"--ours", "f", "--plumbing", "^g", "--metric", "low-access-blocks", "--json", NULL},
		{"--metric", "eb", "--tree", "--json", NULL},
		{"--metric", "high-writes", "--stacks", "1", NULL},
	};
	fuzz_run_command(&cmd_dhat, data, size, variants[size % 6], size / 6, 2);
	if (size % 5 == 0) { /* the file against itself: every change is 0 */
		static const char *const diff[] = {"--format", "dhat", "@IN", NULL};
		fuzz_run_command(&cmd_diff, data, size, diff, size / 5 % FUZZ_DIFF_VARIANTS, 1);
	}
	return 0;
}
