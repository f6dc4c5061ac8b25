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
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* What the code between stderr_capture() and stderr_captured() writes to stderr: into BUF, at
 * most CAP - 1 bytes and a NUL; returns how many. */
struct stderr_capture {
	char path[32];
	int fd, saved;
};

static inline void stderr_capture(struct stderr_capture *c)
{
	snprintf(c->path, sizeof(c->path), "/tmp/profan-test-XXXXXX");
	c->fd = mkstemp(c->path);
	fflush(stderr);
	c->saved = dup(2);
	dup2(c->fd, 2);
}

static inline size_t stderr_captured(struct stderr_capture *c, char *buf, size_t cap)
{
	fflush(stderr);
	dup2(c->saved, 2);
	close(c->saved);
	memset(buf, 0, cap);
	lseek(c->fd, 0, SEEK_SET);
	ssize_t n = read(c->fd, buf, cap - 1);
	close(c->fd);
	unlink(c->path);
	return n > 0 ? (size_t)n : 0;
}

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
