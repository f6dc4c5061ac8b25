/* magic.c: byte signatures of files that are not JSON profiles (magic.h). */
#include "profan/magic.h"

#include <string.h>

#include "profan/diag.h"
#include "magic_int.h"

struct signature {
	const char *bytes;
	size_t len;
	const char *what;
};

static const struct signature signatures[] = {
	{"\xDC\xDF\x4A\x53\x4C\x42", 6,
	 "samply binary container (JSLB) is not supported yet; save the profile as JSON"},
	/* perf.data of perf before 2.6.37; version 2 ("PERFILE2") is read (magic_binary) */
	{"PERFFILE", 8, "a perf.data file of version 1 (perf before Linux 2.6.37): `perf inject -i OLD -o NEW` "
			"rewrites it as version 2, which `profan perf` reads"},
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

const char *magic_binary(const void *d, size_t n)
{
	/* perf's header: "PERFILE2" as a little-endian u64, byte-swapped when written big-endian */
	if (n >= 8 && (memcmp(d, "PERFILE2", 8) == 0 || memcmp(d, "2ELIFREP", 8) == 0))
		return "perf";
	return NULL;
}
