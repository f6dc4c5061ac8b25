/* fuzz_samply.c: the samply loader and every native view on arbitrary bytes.
 * A profile that loads must pass profile_check() (load_buffer runs it) and
 * survive all six views, with and without a thread filter and a sidecar, and
 * then the whole `profan samply` command (text or JSON report). */
#include "fuzz_run.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"
#include "profan/load.h"
#include "profan/match.h"
#include "samply/native.h"
#include "samply/samply.h"
#include "profan/views.h"
#include "input/json_test.h"
#include "input/load_test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool odd_tid(void *ctx, const struct samply_thread_desc *t)
{
	(void)ctx;
	return strlen(t->tid) % 2 == 1;
}

static void all_views(const struct profile *p)
{
	static struct regex *entry, *plumbing;
	if (entry == NULL) {
		char err[256];
		entry = regex_compile(NATIVE_ALLOC_ENTRY_DEFAULT, err, sizeof(err));
		plumbing = regex_compile(NATIVE_ALLOC_PLUMBING_DEFAULT, err, sizeof(err));
	}
	for (size_t m = 0; m < p->metric_count; m++) {
		struct pf_weights w;
		struct pf_rows rows;
		size_t nf, nl;
		uint32_t *fk = keys_by_func(p, &nf), *lk = keys_by_lib(p, &nl);
		bool *owned = native_owned_funcs(p), *e = match_funcs(p, entry, NULL);
		bool *pl = match_funcs(p, plumbing, NULL), *keep = m == 1 ? e : NULL;
		weights_compute(&w, p, m, NULL);
		view_self(p, &w, lk, nl, &rows);
		rows_release(&rows);
		view_inclusive(p, &w, fk, nf, &rows);
		if (rows_sum(&rows) < 0)
			abort();
		rows_release(&rows);
		view_nearest_owned(p, &w, fk, nf, owned, &rows);
		rows_release(&rows);
		if (view_alloc_callers(p, &w, e, pl, &rows) != rows_sum(&rows))
			abort();
		rows_release(&rows);
		weights_release(&w);
		free(fk);
		free(lk);
		free(owned);
		free(e);
		free(pl);
		(void)keep;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pf_set_quiet(true);
	struct samply_opts opts = {.binary = size % 3 ? NULL : "a", .select_thread = size % 2 ? odd_tid : NULL};
	struct profile p;
	fuzz_diag_begin();
	int rc = load_buffer((const char *)data, size, "fuzz", &samply_format.jopts, samply_load, &opts, &p);
	fuzz_diag_end(rc != 0);
	if (rc == 0) {
		fuzz_check_sums(&p);
		all_views(&p);
		profile_release(&p);
		/* symbolication reads the libraries' files: fuzz_elf covers it */
		struct profan_opts o;
		struct samply_view_opts so = {0};
		profan_opts_init(&o);
		profan_set_format_opts(&o, &samply_format, &so);
		o.no_symbols = true; /* symbolication reads the libraries' files: fuzz_elf covers it */
		switch (size % 4) {
		case 1: so.threads = true, o.metric = "samples", o.own.full_paths = true; break;
		case 2: so.thread = "^t", so.pid = size % 8 == 2 ? "1" : NULL; break;
		case 3: o.metric = "weight", o.own.binary = "a", so.whole_binary = size % 8 == 3; break;
		default: break;
		}
		fuzz_run("samply", data, size, &o, size / 4, size % 4 == 2 ? 2 : 1, false); /* a --thread that matches nothing: 2 */
		if (size % 5 == 0) { /* the file against itself: every change is 0 */
			profan_opts_init(&o);
			o.no_symbols = true;
			fuzz_run("samply", data, size, &o, size / 5, 1, true);
		}
	}
	/* the same bytes as a presymbolication sidecar of a tiny profile */
	fuzz_diag_begin();
	struct json_doc *syms = json_parse_buffer((const char *)data, size, "fuzz.syms.json", NULL);
	fuzz_diag_end(syms == NULL);
	if (syms != NULL) {
		static const char tiny[] =
			"{\"meta\":{},\"libs\":[{\"name\":\"a\",\"debugName\":\"a\",\"breakpadId\":"
			"\"5C0A0D51EA1980DF43F203B4525BE9BE0\"}],\"threads\":[{\"name\":\"t\",\"stringArray\":[\"0x10\"],"
			"\"resourceTable\":{\"length\":1,\"lib\":[0]},\"funcTable\":{\"length\":1,\"name\":[0],"
			"\"resource\":[0]},\"frameTable\":{\"length\":1,\"address\":[16],\"func\":[0]},"
			"\"stackTable\":{\"length\":1,\"frame\":[0],\"prefix\":[null]},"
			"\"samples\":{\"length\":1,\"stack\":[0],\"time\":[0]}}]}";
		struct samply_opts so = {.syms = syms};
		fuzz_diag_begin();
		rc = load_buffer(tiny, sizeof(tiny) - 1, "tiny", &samply_format.jopts, samply_load, &so, &p);
		fuzz_diag_end(rc != 0);
		if (rc == 0)
			profile_release(&p);
		json_doc_free(syms);
	}
	return 0;
}
