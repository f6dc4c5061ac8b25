/* kallsyms.h: kernel addresses named from a copy of /proc/kallsyms (src/symbol/kallsyms.c). */
#ifndef PROFAN_SYMBOL_KALLSYMS_H
#define PROFAN_SYMBOL_KALLSYMS_H

#include <stdint.h>

struct kallsyms;
/* Parses a /proc/kallsyms copy; NULL after printing "profan: FILE: ..." */
struct kallsyms *kallsyms_load(const char *path);
void kallsyms_free(struct kallsyms *k);
/* Name of the symbol covering kernel address ADDR ("name" or "name [module]"), or NULL. */
const char *kallsyms_lookup(const struct kallsyms *k, uint64_t addr);
/* Address of symbol NAME (e.g. "_text"), or 0. */
uint64_t kallsyms_address(const struct kallsyms *k, const char *name);

#endif
