/* output_file.c: the files profan writes (the report with -o, the exports):
 * each goes to a temporary file beside its target and is renamed into place
 * only once complete, so a failed write never destroys what was there. A
 * symbolic link is written through (its target replaced, the link kept); a
 * special file and a descriptor of profan's own (/dev/stdout) are written in place. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profan/export.h"
#include "profan/interrupt.h"

/* The descriptor N when PATH names one of this process's own ("/dev/fd/N", "/proc/self/fd/N",
 * "/proc/PID/fd/N" with profan's PID), else -1. Such a path is written through a copy of the
 * descriptor, at its offset: `--folded /dev/stdout >file` appends to the redirect as it is. */
static int own_descriptor(const char *path)
{
	char pid[32];
	snprintf(pid, sizeof(pid), "/proc/%ld/fd/", (long)getpid());
	const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", pid};
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		size_t n = strlen(dirs[i]);
		if (strncmp(path, dirs[i], n) != 0 || path[n] == '\0')
			continue;
		char *end;
		long fd = strtol(path + n, &end, 10);
		return *end == '\0' && path[n] >= '0' && path[n] <= '9' && fd <= INT_MAX ? (int)fd : -1;
	}
	return -1;
}

/* The file PATH names once its symbolic links are followed, link by link, so that a link to a
 * file that does not exist yet names where that file will be (malloc'd); NULL with errno set
 * (ELOOP). *FD gets a descriptor of profan's own that a link on the way names, else -1. */
static char *link_target(const char *path, int *fd)
{
	char *p = xstrdup(path);
	*fd = own_descriptor(p);
	for (int hops = 0; *fd < 0; hops++) {
		struct stat st;
		if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
			return p;
		if (hops == 40) {
			free(p);
			errno = ELOOP;
			return NULL;
		}
		char to[PATH_MAX];
		ssize_t n = readlink(p, to, sizeof(to) - 1);
		if (n <= 0) {
			free(p);
			errno = n < 0 ? errno : ENOENT;
			return NULL;
		}
		to[n] = '\0';
		const char *slash = strrchr(p, '/');
		char *next = to[0] == '/' || slash == NULL ? xstrdup(to)
							   : xasprintf("%.*s/%s", (int)(slash - p), p, to);
		free(p);
		p = next;
		*fd = own_descriptor(p);
	}
	return p;
}

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
	/* a symbolic link is written through: the file it names is replaced, not the link */
	int fd = -1;
	char *target = link_target(path, &fd);
	if (target == NULL) {
		o->f = NULL;
	} else if (fd >= 0) {
		int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		if (copy >= 0 && (o->f = fdopen(copy, "wb")) == NULL)
			close(copy);
	} else if (writes_in_place(target)) {
		o->f = fopen(target, "wb");
	} else {
		/* a temporary file beside the target, renamed over it once complete */
		const char *slash = strrchr(target, '/');
		o->tmp = slash ? xasprintf("%.*s/.%s.profan-XXXXXX", (int)(slash - target), target, slash + 1)
			       : xasprintf(".%s.profan-XXXXXX", target);
		o->target = target;
		target = NULL;
		/* Ctrl-C while it is written leaves no temporary file behind: registered before
		 * mkstemp creates it, so no signal falls between its creation and its registration
		 * (until then the handler unlinks a name that does not exist) */
		interrupt_unlink_on_signal(o->tmp);
		int tfd = mkstemp(o->tmp);
		if (tfd >= 0 && (o->f = fdopen(tfd, "wb")) == NULL)
			close(tfd);
		if (o->f == NULL) {
			int saved = errno;
			if (tfd >= 0)
				unlink(o->tmp);
			interrupt_forget(o->tmp);
			errno = saved;
		}
	}
	free(target);
	if (o->f == NULL) {
		pf_error("%s: cannot write: %s", path, strerror(errno));
		free(o->tmp);
		free(o->target);
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
	if (o->tmp && !bad && fchmod(fileno(o->f), final_mode(o->target)) != 0)
		bad = 1, saved = errno;
	if (fclose(o->f) != 0 && !bad)
		bad = 1, saved = errno;
	if (o->tmp && !bad && rename(o->tmp, o->target) != 0)
		bad = 1, saved = errno;
	if (bad) {
		if (o->tmp)
			unlink(o->tmp); /* the previous contents, if any, stay */
		pf_error("%s: write error: %s", o->path, strerror(saved ? saved : EIO));
	}
	if (o->tmp) /* renamed or removed: the handler's unlink would find nothing */
		interrupt_forget(o->tmp);
	free(o->tmp);
	free(o->target);
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
	free(o->target);
	free(o->path);
	free(o);
}

char *output_target(const char *path)
{
	int fd;
	char *target = link_target(path, &fd);
	if (target == NULL)
		return xstrdup(path);
	/* the folder resolved too: "x", "./x" and "dir/../x" are one file */
	const char *slash = strrchr(target, '/');
	char *dir = slash ? xstrndup(target, slash == target ? 1 : (size_t)(slash - target)) : xstrdup(".");
	char *real = realpath(dir, NULL);
	char *out = real ? xasprintf("%s/%s", strcmp(real, "/") == 0 ? "" : real, slash ? slash + 1 : target)
			 : xstrdup(target);
	free(real);
	free(dir);
	free(target);
	return out;
}

bool output_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
	       S_ISREG(sa.st_mode);
}
