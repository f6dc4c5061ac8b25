/* progress_int.h: the progress line wiped before a diagnostic is printed (progress.c, diag.c). */
#ifndef PROFAN_BASE_PROGRESS_INT_H
#define PROFAN_BASE_PROGRESS_INT_H

/* Erases the line; the phase goes on (pf_error and pf_warn call this). */
void progress_clear(void);

#endif
