/* events.c: known copies and ad-hoc events, for DHAT's copy and ad-hoc modes (see run.sh).
 *
 * Copy mode: copy_block() memcpy's 4096 bytes 3 times and copy_name() strcpy's an 11-character
 * string plus its NUL (12 bytes) twice. Ad-hoc mode: record() reports weights 10, 20 and 30 from
 * two call sites: 10 + 20 from hot_path(), 30 from cold_path(). Built with -O0. */
#include <string.h>
#include <valgrind/dhat.h>

static char src[4096], dst[4096], name[32];

static __attribute__((noinline)) void copy_block(void)
{
	memcpy(dst, src, sizeof(src));
}

static __attribute__((noinline)) void copy_name(void)
{
	strcpy(name, "hello world");
}

static __attribute__((noinline)) void record(int weight)
{
	DHAT_AD_HOC_EVENT(weight);
}

static __attribute__((noinline)) void hot_path(void)
{
	record(10);
	record(20);
}

static __attribute__((noinline)) void cold_path(void)
{
	record(30);
}

int main(void)
{
	for (int i = 0; i < 3; i++)
		copy_block();
	copy_name();
	copy_name();
	hot_path();
	cold_path();
	return dst[0] + name[0] == 0;
}
