/* truncated.c: two allocations made inside libc, each on its own path (fopen, opendir), live at
 * t-gmax, and one of the program's own. Recorded with valgrind --num-callers=2 the two libc
 * stacks stop inside libc, before any frame of the program: the test expects two separate
 * "(stack truncated)" sites holding exactly what the same run shows under open_file and
 * open_dir at --num-callers=40, and the program's own allocation still at its own line. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *open_file(void)
{
	return fopen("/proc/self/status", "r");
}

static DIR *open_dir(void)
{
	return opendir("/");
}

int main(void)
{
	FILE *f = open_file();
	DIR *d = open_dir();
	char *own = malloc(1000);
	if (f == NULL || d == NULL || own == NULL)
		return 1;
	own[0] = 1;
	/* all three live here, at the heap's peak */
	free(own);
	closedir(d);
	fclose(f);
	return 0;
}
