/* check.h: the unit-test harness (no framework dependency).
 *
 *   static void interned_ids_are_stable(void) { CHECK_INT(strmap_intern(&m, "a"), 1); }
 *   int main(void) { RUN(interned_ids_are_stable); return check_summary(); }
 *
 * A failed check prints file:line, the expression and both values, and the
 * test goes on; check_summary() prints "N passed, N failed" and returns the
 * exit status. */
#ifndef PROFAN_CHECK_H
#define PROFAN_CHECK_H

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures_, check_tests_passed_, check_tests_failed_;

#define CHECK(expr)                                                                                     \
	do {                                                                                            \
		if (!(expr)) {                                                                          \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #expr);       \
			check_failures_++;                                                              \
		}                                                                                       \
	} while (0)

#define CHECK_INT(actual, expected)                                                                     \
	do {                                                                                            \
		long long a_ = (long long)(actual), e_ = (long long)(expected);                         \
		if (a_ != e_) {                                                                         \
			fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", __FILE__, __LINE__,  \
				#actual, a_, #expected, e_);                                            \
			check_failures_++;                                                              \
		}                                                                                       \
	} while (0)

#define CHECK_DBL(actual, expected, tol)                                                                \
	do {                                                                                            \
		double a_ = (actual), e_ = (expected);                                                  \
		if (!(fabs(a_ - e_) <= (tol))) {                                                        \
			fprintf(stderr, "%s:%d: %s == %.17g, expected %.17g\n", __FILE__, __LINE__,     \
				#actual, a_, e_);                                                       \
			check_failures_++;                                                              \
		}                                                                                       \
	} while (0)

#define CHECK_STR(actual, expected)                                                                     \
	do {                                                                                            \
		const char *a_ = (actual), *e_ = (expected);                                            \
		if (a_ == NULL || e_ == NULL ? a_ != e_ : strcmp(a_, e_) != 0) {                        \
			fprintf(stderr, "%s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__, __LINE__,    \
				#actual, a_ ? a_ : "(null)", e_ ? e_ : "(null)");                       \
			check_failures_++;                                                              \
		}                                                                                       \
	} while (0)

#define RUN(test)                                                                                       \
	do {                                                                                            \
		int before_ = check_failures_;                                                          \
		test();                                                                                 \
		if (check_failures_ == before_) {                                                       \
			check_tests_passed_++;                                                          \
		} else {                                                                                \
			check_tests_failed_++;                                                          \
			fprintf(stderr, "FAIL: %s\n", #test);                                           \
		}                                                                                       \
	} while (0)

static inline int check_summary(void)
{
	printf("%d passed, %d failed\n", check_tests_passed_, check_tests_failed_);
	return check_tests_failed_ ? 1 : 0;
}

#endif
