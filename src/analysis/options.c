/* options.c: the defaults of struct profan_opts (options.h) and where each format's own are. */
#include "profan/options.h"

#include <string.h>

void profan_opts_init(struct profan_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->tree_threshold = 0.5;
	o->annotate.functions = 5;
}

const void *profan_format_opts(const struct profan_opts *o, const void *format)
{
	for (size_t i = 0; i < o->format_opts_count; i++)
		if (o->format_opts[i].format == format)
			return o->format_opts[i].opts;
	return NULL;
}

void profan_set_format_opts(struct profan_opts *o, const void *format, void *opts)
{
	for (size_t i = 0; i < o->format_opts_count; i++)
		if (o->format_opts[i].format == format) {
			o->format_opts[i].opts = opts;
			return;
		}
	if (o->format_opts_count < PROFAN_FORMAT_OPTS_MAX)
		o->format_opts[o->format_opts_count++] = (struct format_opts){format, opts};
}
