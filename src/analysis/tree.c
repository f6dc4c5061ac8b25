/* tree.c: call trees as report tables: one row per tree node in depth-first
 * order, the name column drawn with box characters, children under the
 * threshold folded into one elision line. An explicit stack, never recursion. */
#include <stdlib.h>
#include <string.h>

#include "profan/report.h"
#include "profan/calltree.h"
#include "profan/match.h"
#include "profan/yours.h"
#include "yours_int.h"
#include "tree.h"

#define TREE_MAX_ROWS 5000 /* a tree longer than this is not read; the threshold is the tool */
#define TREE_MAX_INDENT 24 /* deeper levels are drawn at this indent, tagged with their depth */

struct level {
	uint32_t node;
	size_t next, shown, elided; /* children visited, drawn, folded into the elision line */
	int64_t combined, max; /* of the folded children */
	size_t prefix_len, depth; /* the drawing in front of the children's rows; tree depth */
	bool single; /* exactly one child drawn and none folded */
};

static struct report_row *add_row(struct report *r, struct report_table *tab, const char *prefix,
				  size_t prefix_len, const char *connector, const char *depth_tag, const char *label,
				  const char *detail, size_t depth, int64_t total, int64_t self, bool show_self)
{
	char *name = xasprintf("%.*s%s%s%s", (int)prefix_len, prefix, connector, depth_tag, label);
	struct report_row *row = report_table_row(r, tab, name, detail);
	row->depth = (uint32_t)depth;
	row->drawing = (uint32_t)(strlen(name) - strlen(label));
	row->values[0] = total;
	if (show_self)
		row->values[1] = self;
	free(name);
	return row;
}

void tree_render(struct report *r, const struct calltree *t, const char *id, const char *title,
		 const struct pf_metric *metric, bool show_self, int64_t pct_total, double threshold_pct,
		 const struct tree_names *names)
{
	struct report_table *tab = report_add_table(r, id, title, "Function");
	report_table_col(tab, "Total", metric->unit, pct_total);
	if (show_self)
		report_table_col(tab, "Self", metric->unit, pct_total);
	double cut = threshold_pct / 100.0 * (double)(pct_total < 0 ? -pct_total : pct_total);
	VEC(char) prefix = {0};
	VEC(struct level) stack = {0};
	vec_reserve(&prefix, 256);
	size_t rows = 0;
	bool truncated = false;
	vec_push(&stack, ((struct level){.node = CALLTREE_ROOT}));
	while (stack.len > 0 && !truncated) {
		struct level *lv = &stack.items[stack.len - 1];
		size_t count;
		const uint32_t *kids = calltree_children(t, lv->node, &count);
		bool root_level = lv->node == CALLTREE_ROOT;
		if (lv->next ==
		    0) { /* first visit: which children clear the threshold, what the rest add up to */
			while (lv->shown < count && t->total[0][kids[lv->shown]] != 0 &&
			       (double)t->total[0][kids[lv->shown]] >= cut)
				lv->shown++;
			for (size_t i = lv->shown; i < count; i++) {
				int64_t v = t->total[0][kids[i]];
				if (v == 0)
					continue;
				lv->elided++;
				lv->combined += v;
				lv->max = v > lv->max ? v : lv->max;
			}
			/* an only child is drawn flush under its parent, so long call chains do not drift
			 * right; not under a top-level row, whose flush children would look like its peers */
			lv->single = lv->prefix_len > 0 && lv->shown == 1 && lv->elided == 0;
		}
		if (lv->next < lv->shown) {
			uint32_t c = kids[lv->next++];
			bool last = lv->next == lv->shown && lv->elided == 0;
			const char *connector = root_level || lv->single ? "" : last ? "└─ " : "├─ ";
			char tag[32] = "";
			size_t depth = lv->depth + 1;
			if (lv->prefix_len >= TREE_MAX_INDENT * 3)
				snprintf(tag, sizeof(tag), "[%zu] ", depth);
			/* two "(anonymous)" rows are told apart by where they are, as in the tables */
			const char *detail = NULL, *label = NULL;
			uint32_t func = t->nodes.items[c].func;
			if (names && names->p && func < names->p->funcs.len) {
				yours_describe(r, names->p, names->own, func, names->full_paths, &detail, &label);
				if (names->detail_of)
					names->detail_of(names->p, func, &detail);
			}
			struct report_row *row = add_row(r, tab, prefix.items, lv->prefix_len, connector, tag,
							 calltree_label(t, c), detail, depth, t->total[0][c],
							 t->self[0][c], show_self);
			row->label = label ? report_strdup(r, label) : NULL;
			if (++rows >= TREE_MAX_ROWS) {
				truncated = true;
				break;
			}
			size_t plen = lv->prefix_len;
			if (*connector && plen < TREE_MAX_INDENT * 3) {
				prefix.len = plen;
				for (const char *e = last ? "   " : "│  "; *e; e++)
					vec_push(&prefix, *e);
				plen = prefix.len;
			}
			vec_push(&stack, ((struct level){.node = c, .prefix_len = plen, .depth = depth}));
			continue;
		}
		if (lv->elided > 0) {
			char cv[48], mv[48];
			report_format_value(cv, sizeof(cv), lv->combined, metric->unit);
			report_format_value(mv, sizeof(mv), lv->max, metric->unit);
			char *label = xasprintf("… %zu more under %.2g%%: %s in all, largest %s", lv->elided,
						threshold_pct, cv, mv);
			add_row(r, tab, prefix.items, lv->prefix_len, root_level ? "" : "└─ ", "", label, NULL,
				lv->depth + 1, lv->combined, 0, show_self)->flags |= REPORT_ROW_FOLD;
			free(label);
			rows++;
		}
		stack.len--;
	}
	if (!truncated && t->no_stack[0] != 0)
		add_row(r, tab, "", 0, "", "", "(no stack)", NULL, 1, t->no_stack[0], t->no_stack[0], show_self);
	if (truncated)
		tab->note = report_printf(r,
					  "Cut after %d lines: raise --tree-threshold (now %g%%) to see the "
					  "heaviest paths only.",
					  TREE_MAX_ROWS, threshold_pct);
	vec_free(&prefix);
	vec_free(&stack);
}
