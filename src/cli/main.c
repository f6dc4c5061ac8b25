/* main.c: profan's entry point; everything else lives in profan_core. */
#include "profan/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
