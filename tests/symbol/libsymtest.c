/* libsymtest.c: the shared library of the symbolication fixture. */
#include "symtest.h"

static inline __attribute__((always_inline)) double tri_area(double a, double b)
{
	return a * b / 2.0; /* LINE_TRI */
}

static inline __attribute__((always_inline)) double rect_area(double a, double b)
{
	return a * b; /* LINE_RECT */
}

__attribute__((noinline)) double shape_area(int kind, double a, double b)
{
	if (kind == 0)
		return tri_area(a, b); /* LINE_CALL_TRI */
	return rect_area(a, b) + (double)kind; /* LINE_CALL_RECT */
}

/* glibc's pattern: one function, an internal hidden name (LOCAL after linking,
 * and the name DWARF knows) and public aliases. Not folded code. */
__attribute__((noinline, visibility("hidden"))) double __libc_scale(double x)
{
	return x * 3.0; /* LINE_SCALE */
}
extern __typeof(__libc_scale) scale __attribute__((weak, alias("__libc_scale")));
extern __typeof(__libc_scale) __scale __attribute__((alias("__libc_scale")));
