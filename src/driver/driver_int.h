/* driver_int.h: the format table's entries, shared by formats.c and driver.c. */
#ifndef PROFAN_DRIVER_INT_H
#define PROFAN_DRIVER_INT_H

#include <stdbool.h>

#include "profan/analysis.h"
#include "profan/driver.h"
#include "profan/json.h"

struct wasm_module;

/* What a loader may need besides the document: the run's options and the
 * side files the driver read for this input. */
struct load_env {
	const struct profan_opts *o;
	const struct json_doc *sidecar;  /* samply: the .syms.json beside the profile, or NULL */
	const struct wasm_module *wasm;  /* V8: the --wasm module, or NULL */
};

struct input_format {
	const char *name;    /* profile->format and --format: "cpuprofile" */
	const char *command; /* the subcommand: "cpuprof" */
	const char *label;   /* in messages: "a V8 CPU profile" */
	bool (*sniff)(const struct json *root);
	/* Files of the format's family that profan does not read (lookalike.h), or NULL. */
	bool (*lookalike)(const struct json *root, char *what, size_t cap);
	struct json_parse_opts jopts;
	/* One parsed input -> profile; -1 after one error line (the profile is then released). */
	int (*load)(const struct json_doc *doc, const struct load_env *env, struct profile *out);
	bool native;  /* frames are addresses: symbolicate them */
	bool sidecar; /* a samply .syms.json may sit beside the file */
	bool wasm;    /* --wasm names its wasm frames */
	bool binaries; /* its frames name binaries: --binary can pick the program's */
	int (*views)(const struct view_input *in, struct report *r, struct view_choice *out);
	/* A binary format (magic.h's magic_binary names it BINARY): its loader gets the whole input. */
	const char *binary;
	int (*load_binary)(const unsigned char *data, size_t len, const char *origin, const struct load_env *env,
			   struct profile *out);
};

/* The format whose magic_binary() name is KIND, or NULL. */
const struct input_format *format_of_binary(const char *kind);

/* JSON parse options for F (NULL: any format); with PF, the symbol files of the libraries a
 * native profile names are opened ahead while the rest of it is read (or PF NULL). */
struct sym_prefetch;
struct json_parse_opts format_parse_opts(const struct input_format *f, struct sym_prefetch *pf);

#endif
