/* recording.c: what the recorders of the formats share (format.h): the end of a collect hook,
 * where the one file a run left becomes the recording or is removed. */
#include "profan/format.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int format_keep_recording(char *chosen, int rc, const char *output, char *why, size_t cap)
{
	if (chosen != NULL && rc == 0 && rename(chosen, output) != 0) {
		snprintf(why, cap, "%s: cannot rename to %s: %s", chosen, output, strerror(errno));
		rc = -1;
	}
	if (chosen != NULL && rc < 0)
		unlink(chosen);
	free(chosen);
	return rc;
}
