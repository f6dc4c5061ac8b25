/* prefetch.c: symbol files found and opened ahead, on a thread of their own, while the
 * profile is still being read (prefetch.h).
 *
 * samply names its libraries before its samples, so their files can be opened while the
 * samples stream in; opening libc's DWARF alone is 60-90 ms of inflating and page faults
 * here. The reader queues libraries; a worker thread locates and opens each in turn, its
 * lines held (pf_hold_lines); symbolize_profile() stops it and takes what it opened for the
 * same query. A library whose opening had something to say is opened again in its place,
 * so every line comes where it always did. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "profan/alloc.h"
#include "profan/diag.h"
#include "profan/find.h"
#include "profan/task.h"

#include "dwarf.h"
#include "prefetch_int.h"
#include "prefetch_test.h"

struct ahead_lib {
	struct symfind_query q; /* strings owned */
	struct symfind_answer a;
	struct symmod *m;
	bool done, said, taken;
};

struct sym_prefetch {
	struct symbol_dirs dirs;
	pthread_mutex_t mu;
	VEC(struct ahead_lib *) libs;
	size_t next;     /* the first not yet opened */
	size_t held;     /* modules opened and held for symbolize_profile() */
	bool running;    /* a worker thread is started and not joined */
	bool ended;      /* ... and has found nothing more to open: it is ending */
	bool stop;       /* open nothing more */
	struct task task;
};

/* Beyond this many libraries, the rest are opened in place (a profile can name thousands). */
#define AHEAD_MAX 256
/* symbolize_profile() holds one module at a time; ahead of it, at most this many are held
 * (their DWARF decompressed: libc's is about 20 MB), so a profile naming many libraries with
 * debug information does not hold them all at once. The program and libc come first in
 * samply's list. */
#define AHEAD_HELD 4

static char *dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

static bool same_text(const char *a, const char *b)
{
	return strcmp(a && *a ? a : "", b && *b ? b : "") == 0;
}

static bool same_query(const struct symfind_query *a, const struct symfind_query *b)
{
	return same_text(a->name, b->name) && same_text(a->path, b->path) &&
	       same_text(a->debug_name, b->debug_name) && same_text(a->debug_path, b->debug_path) &&
	       same_text(a->code_id, b->code_id) && same_text(a->breakpad_id, b->breakpad_id);
}

struct sym_prefetch *sym_prefetch_new(const struct symbolize_opts *o)
{
	if (o->verbose)
		return NULL; /* every path tried is printed, in its place */
	/* what symmod_open() does first, done here, on this thread: the worker's own call then
	 * changes nothing in the environment that this thread may be reading */
	unsetenv("DEBUGINFOD_URLS");
	struct sym_prefetch *pf = xcalloc(1, sizeof(*pf));
	symbol_dirs_init(&pf->dirs, o);
	pthread_mutex_init(&pf->mu, NULL);
	return pf;
}

static void open_ahead(void *arg)
{
	struct sym_prefetch *pf = arg;
	for (;;) {
		pthread_mutex_lock(&pf->mu);
		bool full = pf->stop || pf->held >= AHEAD_HELD || pf->next == pf->libs.len;
		struct ahead_lib *l = full ? NULL : pf->libs.items[pf->next];
		pf->ended = l == NULL;
		pthread_mutex_unlock(&pf->mu);
		if (l == NULL)
			return;
		bool said = false;
		bool *outer = pf_hold_lines(&said);
		symfind_locate(&l->q, pf->dirs.items, pf->dirs.len, &l->a);
		if (l->a.result == SYMFIND_FOUND)
			l->m = symmod_open(l->a.path, pf->dirs.items, pf->dirs.len);
		pf_hold_lines(outer);
		pthread_mutex_lock(&pf->mu);
		l->said = said;
		l->done = true;
		pf->held += l->m != NULL;
		pf->next++;
		pthread_mutex_unlock(&pf->mu);
	}
}

/* Waits for the worker, if one runs, after telling it to open nothing more (STOP) or to
 * finish what is queued. */
static void join(struct sym_prefetch *pf, bool stop)
{
	pthread_mutex_lock(&pf->mu);
	pf->stop = stop;
	bool running = pf->running;
	pf->running = false;
	pthread_mutex_unlock(&pf->mu);
	if (running)
		task_finish(&pf->task);
}

void sym_prefetch_lib(struct sym_prefetch *pf, const struct symfind_query *q)
{
	if (pf == NULL)
		return;
	pthread_mutex_lock(&pf->mu);
	bool known = pf->libs.len >= AHEAD_MAX;
	for (size_t i = 0; i < pf->libs.len && !known; i++)
		known = same_query(&pf->libs.items[i]->q, q);
	if (!known) {
		struct ahead_lib *l = xcalloc(1, sizeof(*l));
		l->q = (struct symfind_query){.name = dup_or_null(q->name), .path = dup_or_null(q->path),
					      .debug_name = dup_or_null(q->debug_name),
					      .debug_path = dup_or_null(q->debug_path),
					      .code_id = dup_or_null(q->code_id),
					      .breakpad_id = dup_or_null(q->breakpad_id)};
		vec_push(&pf->libs, l);
	}
	bool start = !known && (!pf->running || pf->ended);
	pthread_mutex_unlock(&pf->mu);
	if (!start)
		return;
	join(pf, false); /* a worker that found the queue empty and is ending */
	pthread_mutex_lock(&pf->mu);
	pf->stop = pf->ended = false;
	/* without a thread (or inline: task.h), symbolize_profile() opens every library in place */
	pf->running = task_start(&pf->task, "profan-symbols", open_ahead, pf);
	pthread_mutex_unlock(&pf->mu);
}

void sym_prefetch_stop(struct sym_prefetch *pf)
{
	if (pf != NULL)
		join(pf, true);
}

void sym_prefetch_finish(struct sym_prefetch *pf)
{
	if (pf != NULL)
		join(pf, false);
}

bool sym_prefetch_take(struct sym_prefetch *pf, const struct symfind_query *q, struct symfind_answer *a,
		       struct symmod **m)
{
	if (pf == NULL)
		return false;
	for (size_t i = 0; i < pf->libs.len; i++) {
		struct ahead_lib *l = pf->libs.items[i];
		if (!l->done || l->taken || l->said || !same_query(&l->q, q))
			continue;
		*a = l->a;
		*m = l->m;
		l->a = (struct symfind_answer){0};
		l->m = NULL;
		l->taken = true;
		return true;
	}
	return false;
}

void sym_prefetch_clear(struct sym_prefetch *pf)
{
	if (pf == NULL)
		return;
	join(pf, true);
	for (size_t i = 0; i < pf->libs.len; i++) {
		struct ahead_lib *l = pf->libs.items[i];
		symmod_close(l->m);
		symfind_answer_release(&l->a);
		free((char *)l->q.name), free((char *)l->q.path), free((char *)l->q.debug_name);
		free((char *)l->q.debug_path), free((char *)l->q.code_id), free((char *)l->q.breakpad_id);
		free(l);
	}
	pf->libs.len = pf->next = pf->held = 0;
}

void sym_prefetch_free(struct sym_prefetch *pf)
{
	if (pf == NULL)
		return;
	sym_prefetch_clear(pf);
	vec_free(&pf->libs);
	symbol_dirs_release(&pf->dirs);
	pthread_mutex_destroy(&pf->mu);
	free(pf);
}
