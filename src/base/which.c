/* which.c: the PATH search of exec(3) (which.h), for what profan runs: the sampler, a pager. */
#include "profan/which.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profan/alloc.h"

bool which_executable(const char *name)
{
	if (strchr(name, '/') != NULL)
		return access(name, X_OK) == 0;
	const char *path = getenv("PATH");
	bool found = false;
	for (const char *dir = path ? path : "/usr/bin:/bin"; !found; dir += strcspn(dir, ":") + 1) {
		size_t n = strcspn(dir, ":");
		char *full = xasprintf("%.*s/%s", (int)n, n ? dir : ".", name);
		found = access(full, X_OK) == 0;
		free(full);
		if (dir[n] == '\0')
			break;
	}
	return found;
}
