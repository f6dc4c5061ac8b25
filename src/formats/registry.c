/* registry.c: the one list of input formats (format.h), in the order they are recognised,
 * and what the driver asks of all of them at once: which one a document is, and how to
 * parse it before that is known. A new format is its folder plus one line below. */
#include "profan/format.h"
#include "profan/magic.h"
#include "registry_test.h"

#include <stdio.h>
#include <string.h>

/* One line per format: its folder's NAME_format (src/formats/NAME/). */
#define FORMATS(X) \
	X(samply)  \
	X(perf)    \
	X(dhat)    \
	X(cpuprof)

#define DECLARE(n) extern const struct input_format n##_format;
FORMATS(DECLARE)
#define ENTRY(n) &n##_format,
static const struct input_format *const formats[] = {FORMATS(ENTRY)};

const struct input_format *format_at(size_t i)
{
	return i < ARRAY_SIZE(formats) ? formats[i] : NULL;
}

const struct input_format *format_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (strcmp(formats[i]->name, name) == 0 || strcmp(formats[i]->command, name) == 0)
			return formats[i];
	return NULL;
}

const char *format_name(const struct input_format *f)
{
	return f->name;
}

const char *format_command(const struct input_format *f)
{
	return f->command;
}

/* "a, b or c" of each format's name (COMMANDS: subcommand) into BUF[0..CAP). */
static const char *list_of(char *buf, size_t cap, bool commands)
{
	size_t len = 0;
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
		const char *sep = i == 0 ? "" : i + 1 == ARRAY_SIZE(formats) ? " or " : ", ";
		int n = snprintf(buf + len, cap - len, "%s%s", sep, commands ? formats[i]->command : formats[i]->name);
		if (n < 0 || (size_t)n >= cap - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

const char *format_names(void)
{
	static char names[256];
	return names[0] ? names : list_of(names, sizeof(names), false);
}

const char *format_commands(void)
{
	static char names[256];
	return names[0] ? names : list_of(names, sizeof(names), true);
}

const struct input_format *format_of(const struct json *root)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i]->sniff && formats[i]->sniff(root))
			return formats[i];
	return NULL;
}

const struct input_format *format_of_head(const char *d, size_t n)
{
	const char *kind = magic_binary(d, n);
	if (kind != NULL)
		return format_of_binary(kind);
	struct json_head head;
	json_head_scan(d, n, &head);
	for (size_t i = 0; head.is_json && i < ARRAY_SIZE(formats); i++)
		if (formats[i]->sniff_head && formats[i]->sniff_head(&head))
			return formats[i];
	return NULL;
}

const struct input_format *format_of_binary(const char *kind)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i]->binary && strcmp(formats[i]->binary, kind) == 0)
			return formats[i];
	return NULL;
}

int format_recognise(const struct json_doc *doc, const struct input_format **seen)
{
	const struct json *root = json_doc_root(doc);
	char what[512];
	*seen = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i]->lookalike && formats[i]->lookalike(root, what, sizeof(what))) {
			pf_error("%s: %s", json_doc_origin(doc), what);
			return -1;
		}
	*seen = format_of(root);
	return 0;
}

/* Before the format is known, every format's hook sees each value that is due, the first
 * to take it wins: their paths ("threads[].samples.stack", "pps") mean nothing to the others. */
static int any_format_divert(void *ctx, struct jstream *js, struct json_stub *stub)
{
	(void)ctx;
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
		const struct json_divert *dv = formats[i]->jopts.divert;
		if (dv == NULL || jstream_depth(js) > dv->max_depth)
			continue;
		int r = dv->fn(dv->ctx, js, stub);
		if (r != 0)
			return r;
	}
	return 0;
}

struct json_parse_opts format_parse_opts(const struct input_format *f, struct sym_prefetch *pf)
{
	static struct json_divert any = {.fn = any_format_divert};
	if (any.max_depth == 0)
		for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
			if (formats[i]->jopts.divert && formats[i]->jopts.divert->max_depth > any.max_depth)
				any.max_depth = formats[i]->jopts.divert->max_depth;
	struct json_parse_opts o = {.divert = &any};
	if (f != NULL) {
		o = f->jopts;
	} else {
		/* before the format is known, every format's repairs are allowed and every plan is
		 * carried out: their paths ("threads[].samples.stack") mean nothing to the others */
		size_t plans = 0;
		for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
			o.repair_missing_open_bracket |= formats[i]->jopts.repair_missing_open_bracket;
			for (size_t k = 0; k < JSON_PLANS && formats[i]->jopts.plan[k] != NULL; k++)
				if (plans < JSON_PLANS) /* JSON_PLANS holds every format's */
					o.plan[plans++] = formats[i]->jopts.plan[k];
		}
	}
	if (pf != NULL)
		for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
			if ((f == NULL || f == formats[i]) && formats[i]->parse_ahead)
				formats[i]->parse_ahead(&o, pf);
	return o;
}

const struct input_format *format_recording(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (formats[i]->recorder != NULL)
			return formats[i];
	return NULL;
}
