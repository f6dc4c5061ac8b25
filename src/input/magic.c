/* magic.c: byte signatures of files that are not JSON profiles (magic.h). */
#include "profan/magic.h"

#include <string.h>

#include "profan/diag.h"

struct signature {
	const char *bytes;
	size_t len;
	const char *what;
};

#define PERF_DATA                                                                                         \
	"a perf.data file (perf record's binary format), not JSON: `samply import perf.data --save-only -o " \
	"prof.json` turns it into a profile profan reads"

static const struct signature signatures[] = {
	{"\xDC\xDF\x4A\x53\x4C\x42", 6,
	 "samply binary container (JSLB) is not supported yet; save the profile as JSON"},
	/* perf's header: "PERFILE2" as a little-endian u64 (byte-swapped when written big-endian), or v1 */
	{"PERFILE2", 8, PERF_DATA},
	{"2ELIFREP", 8, PERF_DATA},
	{"PERFFILE", 8, PERF_DATA},
};

const char *magic_refusal(const void *d, size_t n, bool inside_gzip)
{
	const unsigned char *b = d;
	if (inside_gzip && n >= 2 && b[0] == 0x1f && b[1] == 0x8b)
		return "gzip inside gzip (the file was compressed twice): `gzip -dc FILE > once.gz` leaves a "
		       "file profan reads";
	for (size_t i = 0; i < ARRAY_SIZE(signatures); i++)
		if (n >= signatures[i].len && memcmp(b, signatures[i].bytes, signatures[i].len) == 0)
			return signatures[i].what;
	return NULL;
}
