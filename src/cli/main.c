/* main.c: profan's entry point; everything else lives in profan_core. */
#include <malloc.h>

#include "cli.h"

int main(int argc, char **argv)
{
#ifdef M_TOP_PAD
	/* The heap grows 64 MiB at a time instead of glibc's 128 KiB: profan is one short run that
	 * builds large tables, and growing by small steps cost DHAT and cpuprofile inputs 8-15 % of
	 * their time (docs/performance.md, "Samply, third steps"); untouched pad is not resident,
	 * so peak RSS is unchanged. */
	mallopt(M_TOP_PAD, 64 << 20);
#endif
	return cli_main(argc, argv);
}
