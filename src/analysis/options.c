/* options.c: the defaults of struct profan_opts (options.h). */
#include "profan/options.h"

#include <string.h>

void profan_opts_init(struct profan_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->tree_threshold = 0.5;
	o->annotate.functions = 5;
	o->cpuprof.weight = CPUPROF_WEIGHT_BEFORE;
}
