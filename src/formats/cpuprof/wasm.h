/* wasm.h: the two parts of a WebAssembly module that `profan cpuprof --wasm` needs.
 *
 * V8 names a wasm frame `wasm-function[N]` when the module has no name section;
 * N counts imported functions first. Its column is the byte offset of the
 * function's body in the module (just after the body's size), the same in a
 * stripped build and in one that keeps its names. So a frame can be named from
 * a module's name section, and checked against its code section first. */
#ifndef PROFAN_WASM_H
#define PROFAN_WASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wasm_module {
	uint32_t import_funcs; /* imported functions: indices [0, import_funcs) */
	uint32_t body_count;   /* defined functions: indices [import_funcs, import_funcs + body_count) */
	uint32_t *body_offset; /* per defined function: byte offset of its body */
	uint32_t name_count;   /* length of NAMES (the whole function index space) */
	char **names;          /* function names by index; NULL where the name section has none */
	bool has_name_section; /* a "name" custom section with a function-names subsection */
};

/* Reads a module from BUF. Returns 0, or -1 after printing
 * "profan: ORIGIN: byte N: what". *OUT is zeroed first and owns its memory. */
int wasm_module_parse(const unsigned char *buf, size_t len, const char *origin, struct wasm_module *out);
/* The same for a file (gzip accepted, like every profan input). */
int wasm_module_read(const char *path, struct wasm_module *out);
void wasm_module_release(struct wasm_module *m);

/* Name of function INDEX, or NULL. */
const char *wasm_func_name(const struct wasm_module *m, uint32_t index);
/* True when defined function INDEX's body starts at byte OFFSET: the check that
 * a profile's frames come from this module (or a build identical but for names). */
bool wasm_body_at(const struct wasm_module *m, uint32_t index, uint64_t offset);

#endif
