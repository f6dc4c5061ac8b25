/* wasm.c: reads the import, code and "name" sections of a WebAssembly module
 * (see wasm.h), for naming `wasm-function[N]` frames in V8 profiles. Everything
 * else in the module is skipped by its section size. Every read is bounds
 * checked: the module is user input like any profile. */
#include "wasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profan/diag.h"
#include "profan/source.h"

enum { SEC_CUSTOM = 0, SEC_IMPORT = 2, SEC_CODE = 10 };
enum { NAME_SUB_FUNCTIONS = 1 };
enum { IMPORT_FUNC, IMPORT_TABLE, IMPORT_MEMORY, IMPORT_GLOBAL, IMPORT_TAG };

struct reader {
	const unsigned char *buf;
	size_t pos, end; /* end of the current section or subsection */
	const char *origin;
	bool failed;
};

static int rd_fail(struct reader *r, const char *what)
{
	if (!r->failed)
		pf_error("%s: byte %zu: %s", r->origin, r->pos, what);
	r->failed = true;
	return -1;
}

static int rd_byte(struct reader *r, unsigned *out)
{
	if (r->pos >= r->end)
		return rd_fail(r, "unexpected end of section");
	*out = r->buf[r->pos++];
	return 0;
}

/* Unsigned LEB128 of at most 64 bits. */
static int rd_leb(struct reader *r, uint64_t *out)
{
	uint64_t v = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		unsigned b;
		if (rd_byte(r, &b) < 0)
			return -1;
		v |= (uint64_t)(b & 0x7f) << shift;
		if ((b & 0x80) == 0) {
			*out = v;
			return 0;
		}
	}
	return rd_fail(r, "LEB128 number longer than 64 bits");
}

static int rd_u32(struct reader *r, uint32_t *out)
{
	uint64_t v;
	if (rd_leb(r, &v) < 0)
		return -1;
	if (v > UINT32_MAX)
		return rd_fail(r, "number out of range");
	*out = (uint32_t)v;
	return 0;
}

/* A length-prefixed byte string; returns its start and length. */
static int rd_bytes(struct reader *r, const unsigned char **s, uint32_t *len)
{
	if (rd_u32(r, len) < 0)
		return -1;
	if (*len > r->end - r->pos)
		return rd_fail(r, "string runs past the end of its section");
	*s = r->buf + r->pos;
	r->pos += *len;
	return 0;
}

static int rd_skip_limits(struct reader *r)
{
	unsigned flags;
	uint64_t v;
	if (rd_byte(r, &flags) < 0 || rd_leb(r, &v) < 0)
		return -1;
	return (flags & 1) ? rd_leb(r, &v) : 0;
}

static int read_imports(struct reader *r, struct wasm_module *m)
{
	uint32_t count;
	if (rd_u32(r, &count) < 0)
		return -1;
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *s;
		uint32_t n, type;
		unsigned kind, b;
		if (rd_bytes(r, &s, &n) < 0 || rd_bytes(r, &s, &n) < 0 || rd_byte(r, &kind) < 0)
			return -1;
		switch (kind) {
		case IMPORT_FUNC:
			if (rd_u32(r, &type) < 0)
				return -1;
			m->import_funcs++;
			break;
		case IMPORT_TABLE:
			if (rd_byte(r, &b) < 0 || rd_skip_limits(r) < 0)
				return -1;
			break;
		case IMPORT_MEMORY:
			if (rd_skip_limits(r) < 0)
				return -1;
			break;
		case IMPORT_GLOBAL:
			if (rd_byte(r, &b) < 0 || rd_byte(r, &b) < 0)
				return -1;
			break;
		case IMPORT_TAG:
			if (rd_byte(r, &b) < 0 || rd_u32(r, &type) < 0)
				return -1;
			break;
		default: return rd_fail(r, "unknown import kind");
		}
	}
	return 0;
}

static int read_code(struct reader *r, struct wasm_module *m)
{
	uint32_t count;
	if (rd_u32(r, &count) < 0)
		return -1;
	if (count > r->end - r->pos) /* every body takes at least one byte */
		return rd_fail(r, "function count larger than the code section");
	m->body_count = count;
	m->body_offset = xreallocarray(NULL, count ? count : 1, sizeof(uint32_t));
	for (uint32_t i = 0; i < count; i++) {
		uint32_t size;
		if (rd_u32(r, &size) < 0)
			return -1;
		if (size > r->end - r->pos)
			return rd_fail(r, "function body runs past the end of the code section");
		if (r->pos > UINT32_MAX)
			return rd_fail(r, "module larger than 4 GiB");
		m->body_offset[i] = (uint32_t)r->pos;
		r->pos += size;
	}
	return 0;
}

/* The function-names subsection: (index, name) pairs. Other subsections are skipped. */
static int read_names(struct reader *r, struct wasm_module *m)
{
	size_t section_end = r->end;
	while (r->pos < section_end) {
		unsigned id;
		uint32_t size;
		r->end = section_end;
		if (rd_byte(r, &id) < 0 || rd_u32(r, &size) < 0)
			return -1;
		if (size > section_end - r->pos)
			return rd_fail(r, "name subsection runs past the end of its section");
		r->end = r->pos + size;
		if (id == NAME_SUB_FUNCTIONS) {
			uint32_t count;
			if (rd_u32(r, &count) < 0)
				return -1;
			if (count > r->end - r->pos)
				return rd_fail(r, "name count larger than its subsection");
			m->has_name_section = true;
			for (uint32_t i = 0; i < count; i++) {
				uint32_t index, len;
				const unsigned char *s;
				if (rd_u32(r, &index) < 0 || rd_bytes(r, &s, &len) < 0)
					return -1;
				if (index > (1u << 24))
					return rd_fail(r, "function index too large");
				if (index >= m->name_count) {
					uint32_t n = index + 1;
					m->names = xreallocarray(m->names, n, sizeof(char *));
					memset(m->names + m->name_count, 0,
					       (n - m->name_count) * sizeof(char *));
					m->name_count = n;
				}
				free(m->names[index]);
				m->names[index] = xstrndup((const char *)s, len);
			}
		}
		r->pos = r->end;
	}
	r->end = section_end;
	return 0;
}

int wasm_module_parse(const unsigned char *buf, size_t len, const char *origin, struct wasm_module *out)
{
	static const unsigned char magic[8] = {0, 'a', 's', 'm', 1, 0, 0, 0};
	memset(out, 0, sizeof(*out));
	struct reader r = {.buf = buf, .pos = 0, .end = len, .origin = origin};
	if (len < sizeof(magic) || memcmp(buf, magic, sizeof(magic)) != 0) {
		pf_error("%s: not a WebAssembly module (version 1 binary format expected)", origin);
		return -1;
	}
	r.pos = sizeof(magic);
	bool seen_code = false;
	while (r.pos < len) {
		unsigned id;
		uint32_t size;
		r.end = len;
		if (rd_byte(&r, &id) < 0 || rd_u32(&r, &size) < 0)
			goto fail;
		if (size > len - r.pos) {
			rd_fail(&r, "section runs past the end of the module");
			goto fail;
		}
		r.end = r.pos + size;
		size_t next = r.end;
		int rc = 0;
		if (id == SEC_IMPORT) {
			rc = read_imports(&r, out);
		} else if (id == SEC_CODE) {
			if (seen_code) {
				rd_fail(&r, "second code section");
				goto fail;
			}
			seen_code = true;
			rc = read_code(&r, out);
		} else if (id == SEC_CUSTOM) {
			const unsigned char *name;
			uint32_t nlen;
			rc = rd_bytes(&r, &name, &nlen);
			if (rc == 0 && nlen == 4 && memcmp(name, "name", 4) == 0)
				rc = read_names(&r, out);
		}
		if (rc < 0)
			goto fail;
		r.pos = next;
	}
	return 0;
fail:
	wasm_module_release(out);
	return -1;
}

int wasm_module_read(const char *path, struct wasm_module *out)
{
	size_t len;
	char *buf = source_slurp(path, &len);
	if (buf == NULL) {
		memset(out, 0, sizeof(*out));
		return -1;
	}
	int rc = wasm_module_parse((const unsigned char *)buf, len, path, out);
	free(buf);
	return rc;
}

void wasm_module_release(struct wasm_module *m)
{
	for (uint32_t i = 0; i < m->name_count; i++)
		free(m->names[i]);
	free(m->names);
	free(m->body_offset);
	memset(m, 0, sizeof(*m));
}

const char *wasm_func_name(const struct wasm_module *m, uint32_t index)
{
	return index < m->name_count ? m->names[index] : NULL;
}

bool wasm_body_at(const struct wasm_module *m, uint32_t index, uint64_t offset)
{
	if (index < m->import_funcs || index - m->import_funcs >= m->body_count)
		return false;
	return m->body_offset[index - m->import_funcs] == offset;
}
