/* vdso.h: the running kernel's vDSO as a file (src/symbol/vdso.c). */
#ifndef PROFAN_SYMBOL_VDSO_H
#define PROFAN_SYMBOL_VDSO_H

/* A temporary file holding the running kernel's vDSO, if its build id is
 * CODE_ID; the caller unlinks it and frees the path. NULL otherwise. */
char *vdso_image_file(const char *code_id);

#endif
