/* limits.h: the longest string the symbol stage reads, shared by dwarf.c, plt.c and
 * demangle.c (a header of its own: dwarf.c uses the other two). */
#ifndef PROFAN_SYMBOL_LIMITS_H
#define PROFAN_SYMBOL_LIMITS_H

/* The longest string read from an ELF or DWARF file: no compiler writes a longer
 * name, and a string section without its NUL bytes would make every name run to
 * the section's end. A file whose string sections break this is not read (one
 * warning); a longer string found later stops the module's lookups (one warning). */
#define SYMMOD_MAX_STRING 65536

#endif
