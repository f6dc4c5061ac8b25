/* export_flamegraph.c: --flamegraph FILE.svg, a self-contained interactive
 * flame graph (no network, no external script): hover shows name, value and
 * percent, click zooms into a frame, Search highlights a regex and sums what
 * it matched, Esc or "Reset zoom" goes back. Diffs colour each frame by the
 * change of its share: red grew, blue shrank (widths are the new profile). */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profan/report.h"
#include "profan/export.h"
#include "profan/text.h"

#define FG_WIDTH 1200
#define FG_FRAME_H 16
#define FG_PAD_TOP 56
#define FG_PAD_BOTTOM 36
#define FG_PAD_SIDE 10
#define FG_MIN_PX 0.1 /* narrower frames are not drawn (they would be invisible) */
#define FG_MAX_DEPTH 2048 /* a deeper stack is cut; the subtitle says so */
#define FG_CHAR_W 6.6 /* monospace 11px */

/* XML text: escaped, control bytes and broken UTF-8 replaced, since names come from binaries. */
static void put_xml(FILE *f, const char *text)
{
	size_t len = strlen(text);
	char *s = xstrndup(text, len);
	text_utf8_clean(s, len);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? '?' : (int)c, f); break;
		}
	}
	free(s);
}

/* Warm colours, stable per name (so the same function looks the same in every graph). */
static void name_colour(const char *name, char *buf, size_t cap)
{
	uint64_t h = hash_mix(hash_bytes(name, strlen(name)));
	unsigned r = 205 + (unsigned)(h % 50), g = (unsigned)((h >> 8) % 230), b = (unsigned)((h >> 16) % 55);
	snprintf(buf, cap, "rgb(%u,%u,%u)", r, g, b);
}

/* Red for growth, blue for shrinking, white for no change; full colour at |D| >= MAX,
 * and never for less than 5 points of share, so that noise does not look like news. */
static void diff_colour(double d, double max, char *buf, size_t cap)
{
	max = fmax(max, 0.05);
	double k = fmin(fabs(d) / max, 1.0);
	unsigned fade = (unsigned)lround(235 - 190 * k);
	if (d > 0)
		snprintf(buf, cap, "rgb(250,%u,%u)", fade, fade);
	else if (d < 0)
		snprintf(buf, cap, "rgb(%u,%u,250)", fade, fade);
	else
		snprintf(buf, cap, "rgb(235,235,235)");
}

static double share(int64_t v, int64_t total)
{
	return total ? (double)v / (double)total : 0;
}

/* A diff's colour: the change of a frame's own (self) value per run, over the base's total
 * per run. Like flamegraph.pl --diff, the frame whose own work grew is red and its callers,
 * whose own work did not change, stay neutral; per run, since the arms may differ in runs. */
static double self_change(const struct calltree *t, int64_t self_base, int64_t self_new)
{
	double rb = t->runs[0] ? (double)t->runs[0] : 1, rn = t->runs[1] ? (double)t->runs[1] : 1;
	double base_total = (double)t->sum[0] / rb;
	if (base_total <= 0)
		base_total = fmax(1, (double)t->sum[1] / rn);
	return ((double)self_new / rn - (double)self_base / rb) / base_total;
}

struct fg_item {
	uint32_t node; /* CALLTREE_ROOT: the "all" frame; PF_NONE - 1: "(no stack)" */
	int64_t start;
	uint32_t depth;
};

#define FG_NO_STACK (CALLTREE_ROOT - 1)

static const char script[] =
	"var W=%d,PAD=%d,CW=%.1f,total=%" PRId64 ",zoomed=null;\n"
	"function frames(){return document.querySelectorAll('g.f');}\n"
	"function fit(g){var "
	"r=g.querySelector('rect'),t=g.querySelector('text'),w=+r.getAttribute('width');\n"
	" var n=g.getAttribute('data-n'),k=Math.floor((w-6)/CW);\n"
	" t.textContent=k<3?'':(n.length<=k?n:n.substring(0,k-2)+'..');t.setAttribute('x',+r.getAttribute('x'"
	")+3);}\n"
	"function zoom(g){var "
	"s=+g.getAttribute('data-s'),v=+g.getAttribute('data-v'),d=+g.getAttribute('data-d');\n"
	" if(v<=0)return;zoomed=g;frames().forEach(function(f){var fs=+f.getAttribute('data-s'),\n"
	"  fv=+f.getAttribute('data-v'),fd=+f.getAttribute('data-d'),r=f.querySelector('rect');\n"
	"  var inside=fd>=d&&fs>=s&&fs+fv<=s+v,above=fd<d&&fs<=s&&fs+fv>=s+v;\n"
	"  f.style.display=inside||above?'':'none';f.classList.toggle('dim',above);\n"
	"  if(inside){r.setAttribute('x',PAD+(fs-s)/v*W);r.setAttribute('width',fv/v*W);}\n"
	"  else if(above){r.setAttribute('x',PAD);r.setAttribute('width',W);}fit(f);});\n"
	" document.getElementById('unzoom').style.opacity=1;}\n"
	"function unzoom(){zoomed=null;frames().forEach(function(f){var r=f.querySelector('rect');\n"
	"  f.style.display='';f.classList.remove('dim');r.setAttribute('x',f.getAttribute('data-x'));\n"
	"  r.setAttribute('width',f.getAttribute('data-w'));fit(f);});\n"
	" document.getElementById('unzoom').style.opacity=0.3;}\n"
	"function pct(v){return (100*v/total).toFixed(2)+'%%';}\n"
	"function search(){var re=prompt('Search (regular expression):','');if(re!==null)highlight(re);}\n"
	"function highlight(re){clear();if(re==='')return;var x;try{x=new "
	"RegExp(re);}catch(e){alert(e);return;}\n"
	" var iv=[];\n"
	" frames().forEach(function(f){if(x.test(f.getAttribute('data-n'))&&f.getAttribute('data-d')!=='0'){"
	"\n"
	"  f.classList.add('hit');iv.push([+f.getAttribute('data-s'),+f.getAttribute('data-v')]);}});\n"
	" iv.sort(function(a,b){return a[0]-b[0]||b[1]-a[1];});var sum=0,end=-1e300;\n"
	" iv.forEach(function(i){if(i[0]>=end){sum+=i[1];end=i[0]+i[1];}});\n"
	" document.getElementById('matched').textContent='Matched /'+re+'/: '+pct(sum);}\n"
	"function clear(){frames().forEach(function(f){f.classList.remove('hit');});\n"
	" document.getElementById('matched').textContent='';}\n"
	"function init(){var det=document.getElementById('details');frames().forEach(function(f){\n"
	"  f.addEventListener('mouseover',function(){det.textContent=f.querySelector('title').textContent\n"
	"   .replace(/\\n/g,'  ');});\n"
	"  f.addEventListener('mouseout',function(){det.textContent=' ';});\n"
	"  f.addEventListener('click',function(){zoom(f);});});\n"
	" document.getElementById('unzoom').addEventListener('click',unzoom);\n"
	" document.getElementById('search').addEventListener('click',search);\n"
	" document.addEventListener('keydown',function(e){if((e.ctrlKey||e.metaKey)&&e.key==='f'){\n"
	"  e.preventDefault();search();}else if(e.key==='Escape'){unzoom();clear();}});}\n";

int export_flamegraph(const char *path, const struct calltree *t, const struct flamegraph_opts *o)
{
	int side = o->diff ? 1 : 0;
	int64_t total = t->sum[side];
	/* pass 1: which frames are drawn, and how deep the graph gets */
	double px_per_unit = total > 0 ? (double)FG_WIDTH / (double)total : 0;
	VEC(struct fg_item) items = {0}, todo = {0};
	uint32_t max_depth = 0;
	bool cut_deep = false;
	if (total > 0)
		vec_push(&todo, ((struct fg_item){CALLTREE_ROOT, 0, 0}));
	while (todo.len > 0) {
		struct fg_item it = todo.items[--todo.len];
		vec_push(&items, it);
		if (it.depth > max_depth)
			max_depth = it.depth;
		if (it.node == FG_NO_STACK)
			continue;
		if (it.depth + 1 > FG_MAX_DEPTH) {
			cut_deep = true;
			continue;
		}
		size_t count;
		const uint32_t *kids = calltree_children(t, it.node, &count);
		int64_t x = it.start;
		/* pushed in reverse so they pop left to right */
		size_t first = todo.len;
		for (size_t i = 0; i < count; i++) {
			int64_t v = t->total[side][kids[i]];
			if (v > 0 && (double)v * px_per_unit >= FG_MIN_PX)
				vec_push(&todo, ((struct fg_item){kids[i], x, it.depth + 1}));
			if (v > 0)
				x += v;
		}
		if (it.node == CALLTREE_ROOT && t->no_stack[side] > 0)
			vec_push(&todo, ((struct fg_item){FG_NO_STACK, x, 1}));
		for (size_t a = first, b = todo.len; a + 1 < b; a++, b--) {
			struct fg_item tmp = todo.items[a];
			todo.items[a] = todo.items[b - 1];
			todo.items[b - 1] = tmp;
		}
	}
	vec_free(&todo);

	struct output *out = output_open(path, "--flamegraph");
	if (out == NULL) {
		vec_free(&items);
		return -1;
	}
	FILE *f = out->f;
	int height = FG_PAD_TOP + (int)(max_depth + 1) * FG_FRAME_H + FG_PAD_BOTTOM;
	int width = FG_WIDTH + 2 * FG_PAD_SIDE;
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" onload=\"init()\">\n",
		width, height, width, height);
	fprintf(f, "<style>\n"
		   "text{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:11px;fill:#000}\n"
		   "g.f{cursor:pointer}g.f rect{stroke:#fff;stroke-width:0.5}g.f:hover rect{stroke:#000}\n"
		   "g.f text{pointer-events:none}g.dim rect{opacity:0.45}g.hit "
		   "rect{fill:rgb(230,0,230)!important}\n"
		   ".title{font-size:17px;font-family:sans-serif}.sub{font-size:12px;fill:#555;font-family:"
		   "sans-serif}\n"
		   ".btn{cursor:pointer;font-size:12px;font-family:sans-serif;fill:#06c}\n"
		   "</style>\n");
	char total_text[48];
	report_format_value(total_text, sizeof(total_text), total, o->unit);
	fprintf(f, "<script type=\"text/ecmascript\"><![CDATA[\n");
	fprintf(f, script, FG_WIDTH, FG_PAD_SIDE, FG_CHAR_W, total);
	fprintf(f, "]]></script>\n");
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fdfdf8\"/>\n", width, height);
	fprintf(f, "<text class=\"title\" x=\"%d\" y=\"22\" text-anchor=\"middle\">", width / 2);
	put_xml(f, o->title ? o->title : "Flame graph");
	fprintf(f, "</text>\n<text class=\"sub\" x=\"%d\" y=\"40\" text-anchor=\"middle\">", width / 2);
	char sub[512];
	snprintf(sub, sizeof(sub), "%s%sTotal %s%s%s", o->subtitle ? o->subtitle : "",
		 o->subtitle ? " · " : "", total_text,
		 o->diff ? " (new) · red: its own time per run grew, blue: shrank" : "",
		 cut_deep ? " · stacks cut at 2048 frames" : "");
	put_xml(f, sub);
	fprintf(f, "</text>\n");
	fprintf(f,
		"<text id=\"unzoom\" class=\"btn\" x=\"%d\" y=\"22\" style=\"opacity:0.3\">Reset "
		"zoom</text>\n",
		FG_PAD_SIDE);
	fprintf(f, "<text id=\"search\" class=\"btn\" x=\"%d\" y=\"22\" text-anchor=\"end\">Search</text>\n",
		width - FG_PAD_SIDE);
	fprintf(f, "<text id=\"matched\" class=\"sub\" x=\"%d\" y=\"%d\" text-anchor=\"end\"></text>\n",
		width - FG_PAD_SIDE, height - 12);
	fprintf(f, "<text id=\"details\" class=\"sub\" x=\"%d\" y=\"%d\"> </text>\n", FG_PAD_SIDE,
		height - 12);

	/* the largest change of a frame's own value, for the colour scale of a diff */
	double max_change = 0;
	if (o->diff)
		for (size_t n = 0; n < t->nodes.len; n++)
			max_change = fmax(max_change, fabs(self_change(t, t->self[0][n], t->self[1][n])));
	for (size_t i = 0; i < items.len; i++) {
		const struct fg_item *it = &items.items[i];
		const char *label;
		int64_t v, base = 0, self_b = 0, self_n = 0;
		if (it->node == CALLTREE_ROOT) {
			label = "all";
			v = total;
			base = t->sum[0];
		} else if (it->node == FG_NO_STACK) {
			label = "(no stack)";
			v = self_n = t->no_stack[side];
			base = self_b = t->no_stack[0];
		} else {
			label = calltree_label(t, it->node);
			v = t->total[side][it->node];
			base = t->total[0][it->node];
			self_b = t->self[0][it->node];
			self_n = side ? t->self[1][it->node] : 0;
		}
		double x = FG_PAD_SIDE + (double)it->start * px_per_unit, w = (double)v * px_per_unit;
		double y = FG_PAD_TOP + (double)(max_depth - it->depth) * FG_FRAME_H;
		char colour[48], value[48], tip[256];
		report_format_value(value, sizeof(value), v, o->unit);
		if (o->diff) {
			double sb = share(base, t->sum[0]), sn = share(v, t->sum[1]);
			double own = self_change(t, self_b, self_n);
			diff_colour(own, max_change, colour, sizeof(colour));
			snprintf(tip, sizeof(tip),
				 "\n%s (new) · share %.2f%% → %.2f%% (%+.2f pts) · own time %+.2f%% of the base's total",
				 value, 100 * sb, 100 * sn, 100 * (sn - sb), 100 * own);
		} else {
			if (it->node == CALLTREE_ROOT)
				snprintf(colour, sizeof(colour), "rgb(200,200,200)");
			else
				name_colour(label, colour, sizeof(colour));
			snprintf(tip, sizeof(tip), "\n%s · %.2f%%", value, 100 * share(v, total));
		}
		fprintf(f,
			"<g class=\"f\" data-s=\"%" PRId64 "\" data-v=\"%" PRId64 "\" data-d=\"%u\" "
			"data-x=\"%.2f\" data-w=\"%.2f\" data-n=\"",
			it->start, v, it->depth, x, w);
		put_xml(f, label);
		fprintf(f, "\"><title>");
		put_xml(f, label);
		put_xml(f, tip);
		fprintf(f,
			"</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" "
			"rx=\"1\"/>"
			"<text x=\"%.2f\" y=\"%.1f\">",
			x, y, w, FG_FRAME_H - 1, colour, x + 3, y + 11.5);
		/* the same truncation the script applies after a zoom, so it reads right before any click */
		int fit = (int)((w - 6) / FG_CHAR_W);
		size_t len = strlen(label);
		if (fit >= 3) {
			if (len <= (size_t)fit) {
				put_xml(f, label);
			} else {
				char *cut = xstrndup(label, (size_t)fit - 2);
				/* do not split a UTF-8 sequence */
				size_t cl = strlen(cut);
				while (cl > 0 && ((unsigned char)cut[cl - 1] & 0xc0) == 0x80)
					cut[--cl] = '\0';
				if (cl > 0 && ((unsigned char)cut[cl - 1] & 0xc0) == 0xc0)
					cut[--cl] = '\0';
				put_xml(f, cut);
				fputs("..", f);
				free(cut);
			}
		}
		fprintf(f, "</text></g>\n");
	}
	fprintf(f, "</svg>\n");
	vec_free(&items);
	return output_close(out);
}
