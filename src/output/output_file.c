/* output_file.c: the files profan writes (the report with -o, the exports):
 * each goes to a temporary file beside its target and is renamed into place
 * only once complete, so a failed write never destroys what was there. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/export.h"
#include "profan/interrupt.h"

/* Special files (/dev/null, /dev/full, a FIFO, a terminal) cannot be replaced by a
 * rename: they are written in place. */
static bool writes_in_place(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

struct output *output_open(const char *path, const char *what)
{
	if (strcmp(path, "-") == 0) {
		pf_error("%s: cannot go to standard output, which carries the report; give a file name",
			 what);
		return NULL;
	}
	struct output *o = xcalloc(1, sizeof(*o));
	o->path = xstrdup(path);
	if (writes_in_place(path)) {
		o->f = fopen(path, "wb");
	} else {
		/* a temporary file beside the target, renamed over it once complete */
		const char *slash = strrchr(path, '/');
		o->tmp = slash ? xasprintf("%.*s/.%s.profan-XXXXXX", (int)(slash - path), path, slash + 1)
			       : xasprintf(".%s.profan-XXXXXX", path);
		/* Ctrl-C while it is written leaves no temporary file behind: registered before
		 * mkstemp creates it, so no signal falls between its creation and its registration
		 * (until then the handler unlinks a name that does not exist) */
		interrupt_unlink_on_signal(o->tmp);
		int fd = mkstemp(o->tmp);
		if (fd >= 0 && (o->f = fdopen(fd, "wb")) == NULL)
			close(fd);
		if (o->f == NULL) {
			int saved = errno;
			if (fd >= 0)
				unlink(o->tmp);
			interrupt_forget(o->tmp);
			errno = saved;
		}
	}
	if (o->f == NULL) {
		pf_error("%s: cannot write: %s", path, strerror(errno));
		free(o->tmp);
		free(o->path);
		free(o);
		return NULL;
	}
	return o;
}

/* The mode a new file gets (0666 less the umask), or the replaced file's own. */
static mode_t final_mode(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mode_t mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

int output_close(struct output *o)
{
	int bad = fflush(o->f) != 0 || ferror(o->f);
	int saved = errno;
	if (o->tmp && !bad && fchmod(fileno(o->f), final_mode(o->path)) != 0)
		bad = 1, saved = errno;
	if (fclose(o->f) != 0 && !bad)
		bad = 1, saved = errno;
	if (o->tmp && !bad && rename(o->tmp, o->path) != 0)
		bad = 1, saved = errno;
	if (bad) {
		if (o->tmp)
			unlink(o->tmp); /* the previous contents, if any, stay */
		pf_error("%s: write error: %s", o->path, strerror(saved ? saved : EIO));
	}
	if (o->tmp) /* renamed or removed: the handler's unlink would find nothing */
		interrupt_forget(o->tmp);
	free(o->tmp);
	free(o->path);
	free(o);
	return bad ? -1 : 0;
}

void output_abort(struct output *o)
{
	fclose(o->f);
	if (o->tmp) {
		unlink(o->tmp);
		interrupt_forget(o->tmp);
	}
	free(o->tmp);
	free(o->path);
	free(o);
}

bool output_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
	       S_ISREG(sa.st_mode);
}
