/* perfile.c: --per-file: how much each function's share varies from one
 * merged input file to the next (median, min, max of the per-file shares). */
#include <stdlib.h>
#include <string.h>

#include "profan/match.h"
#include "profan/views.h"
#include "views_int.h"
#include "perfile.h"

/* Each function's share of its run's total, per run; SHARE[run * nkeys + key] in ppm. */
static int64_t *run_shares(const struct profile *p, size_t metric, const bool *selected, size_t runs,
			   bool inclusive, size_t *nkeys_out)
{
	size_t nkeys;
	uint32_t *keys = keys_by_func(p, &nkeys);
	int64_t *share = xcalloc(runs * nkeys + 1, sizeof(*share));
	bool *keep = xreallocarray(NULL, p->sample_count + 1, sizeof(*keep));
	for (size_t r = 0; r < runs; r++) {
		for (size_t i = 0; i < p->sample_count; i++) {
			uint32_t t = p->sample_thread[i];
			keep[i] = t != PF_NONE && p->threads.items[t].run == r &&
				  (selected == NULL || selected[i]);
		}
		struct pf_weights w;
		weights_compute(&w, p, metric, keep);
		struct pf_rows rows;
		if (inclusive)
			view_inclusive(p, &w, keys, nkeys, &rows);
		else
			view_self(p, &w, keys, nkeys, &rows);
		for (size_t k = 0; k < rows.len; k++)
			if (w.total != 0)
				share[r * nkeys + rows.items[k].key] =
					(int64_t)((double)rows.items[k].value * 1e6 / (double)w.total + 0.5);
		rows_release(&rows);
		weights_release(&w);
	}
	free(keep);
	free(keys);
	*nkeys_out = nkeys;
	return share;
}

static void perfile_table(struct report *r, const struct profile *p, size_t metric, const bool *selected,
			  bool inclusive)
{
	size_t runs = profile_run_count(p), nkeys;
	int64_t *share = run_shares(p, metric, selected, runs, inclusive, &nkeys);
	struct report_table *t = report_add_table(
		r, inclusive ? "per_file_inclusive" : "per_file_self",
		report_printf(r, "%s share per file (%zu files)", inclusive ? "Inclusive" : "Self", runs),
		"Function");
	report_table_col(t, "Median", PF_UNIT_PPM, 0);
	report_table_col(t, "Min", PF_UNIT_PPM, 0);
	report_table_col(t, "Max", PF_UNIT_PPM, 0);
	t->note = "Each function's share of its own file's total; the detail lists the files in order.";
	int64_t *v = xreallocarray(NULL, runs, sizeof(*v));
	for (size_t k = 0; k < nkeys; k++) {
		bool any = false;
		VEC(char) detail = {0};
		for (size_t run = 0; run < runs; run++) {
			v[run] = share[run * nkeys + k];
			any |= v[run] != 0;
			char *part = xasprintf("%s%.2f%%", run ? " " : "", (double)v[run] / 1e4);
			for (const char *s = part; *s; s++)
				vec_push(&detail, *s);
			free(part);
		}
		vec_push(&detail, '\0');
		if (any) {
			struct report_row *row =
				report_table_row(r, t, func_label(p, (uint32_t)k), detail.items);
			int64_t lo = v[0], hi = v[0];
			for (size_t run = 1; run < runs; run++) {
				lo = v[run] < lo ? v[run] : lo;
				hi = v[run] > hi ? v[run] : hi;
			}
			row->values[0] = median_i64(v, runs);
			row->values[1] = lo;
			row->values[2] = hi;
		}
		vec_free(&detail);
	}
	report_table_finish(t);
	free(v);
	free(share);
}

void perfile_tables(struct report *r, const struct profile *p, size_t metric, const bool *keep)
{
	perfile_table(r, p, metric, keep, false);
	perfile_table(r, p, metric, keep, true);
}
