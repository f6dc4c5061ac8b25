/* views_int.h: what the analysis files share of views.c besides its contract (views.h). */
#ifndef PROFAN_ANALYSIS_VIEWS_INT_H
#define PROFAN_ANALYSIS_VIEWS_INT_H

#include <stddef.h>
#include <stdint.h>

/* Median of V[0..N) (sorts V); the mean of the two middle values for even N. */
int64_t median_i64(int64_t *v, size_t n);

#endif
