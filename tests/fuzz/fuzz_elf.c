/* fuzz_elf.c: symbolication of a hostile ELF file.
 *
 * Input: two little-endian u32 relative addresses, then the ELF bytes. The
 * ELF goes into a memfd; then (1) the module API reads it directly: build
 * ids, SVMA mapping, lookups with and without inline chains; and (2) a tiny
 * samply profile whose library path is that memfd, with one sample at each
 * address, runs through the whole `profan samply` command, which symbolicates
 * it with libdw and renders every view. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz_run.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "profan/find.h"
#include "profan/symbolize.h"
#include "symbol/dwarf.h"
#include "symbol/find_test.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t u32_le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void lookup_all(struct symmod *m, uint64_t svma)
{
	for (int chain = 0; chain < 2; chain++) {
		size_t n;
		const struct sym_loc *loc = symmod_lookup(m, svma, chain, &n);
		for (size_t i = 0; i < n; i++)
			if (loc[i].name == NULL || (i > 0 && !loc[i].inlined))
				abort(); /* the contract in symbol/dwarf.h */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 8)
		return 0;
	uint32_t rel[2] = {u32_le(data), u32_le(data + 4)};
	data += 8, size -= 8;
	pf_set_quiet(true);
	static int fd = -1;
	if (fd < 0 && (fd = memfd_create("profan-fuzz-elf", 0)) < 0)
		abort();
	if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	free(symfind_build_id(path));
	free(symfind_breakpad_id(path));
	struct symmod *m = symmod_open(path, NULL, 0);
	if (m != NULL) {
		for (int i = 0; i < 2; i++) {
			lookup_all(m, symmod_svma_of_relative(m, rel[i]));
			uint64_t s = symmod_svma_of_offset(m, rel[i]);
			if (s != UINT64_MAX)
				lookup_all(m, s);
		}
		symmod_close(m);
	}

	/* no codeId or breakpadId: the file is taken unverified, whatever build it is */
	char json[1024];
	int len = snprintf(json, sizeof(json),
			   "{\"meta\":{\"version\":24,\"preprocessedProfileVersion\":49,\"interval\":1.0,"
			   "\"product\":\"a\"},\"libs\":[{\"name\":\"a\",\"path\":\"%s\",\"debugName\":\"a\","
			   "\"debugPath\":\"%s\"}],\"threads\":[{\"name\":\"a\",\"processName\":\"a\","
			   "\"pid\":\"1\",\"tid\":\"1\",\"isMainThread\":true,"
			   "\"stringArray\":[\"0x%x\",\"0x%x\"],"
			   "\"resourceTable\":{\"length\":1,\"lib\":[0],\"name\":[0]},"
			   "\"funcTable\":{\"length\":2,\"name\":[0,1],\"resource\":[0,0]},"
			   "\"frameTable\":{\"length\":2,\"address\":[%u,%u],\"func\":[0,1]},"
			   "\"stackTable\":{\"length\":2,\"frame\":[0,1],\"prefix\":[null,0]},"
			   "\"samples\":{\"length\":3,\"stack\":[1,0,1],\"time\":[0,1,2],"
			   "\"threadCPUDelta\":[10,20,30]}}]}",
			   path, path, rel[0], rel[1], rel[0], rel[1]);
	struct profan_opts o;
	profan_opts_init(&o);
	o.symbols.no_inline = rel[0] & 1;
	if (fuzz_run("samply", (const uint8_t *)json, (size_t)len, &o, rel[1], 1, false) != 0)
		abort(); /* a missing or unreadable library is never an error */
	return 0;
}
