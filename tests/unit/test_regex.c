/* test_regex.c: the pcre2 wrapper behind --where/--not/--ours/--plumbing. */
#include "check.h"

#include "profan/regex.h"
#include "base/regex_test.h"

static int m(const char *pattern, const char *subject)
{
	char err[256];
	struct regex *re = regex_compile(pattern, err, sizeof(err));
	if (re == NULL)
		return -2;
	int rc = regex_match(re, subject, strlen(subject), err, sizeof(err));
	regex_free(re);
	return rc;
}

static void perl_syntax_matches_anywhere(void)
{
	CHECK_INT(m("make_buf", "make_buf (demo.c:47)"), 1);
	CHECK_INT(m("^make", "make_buf (demo.c:47)"), 1);
	CHECK_INT(m("^buf", "make_buf (demo.c:47)"), 0);
	CHECK_INT(m("\\(demo\\.c:\\d+\\)$", "make_buf (demo.c:47)"), 1);
	CHECK_INT(m("(?i)MAKE_BUF", "make_buf (demo.c:47)"), 1);
	CHECK_INT(m("\\bbuf\\b", "make_buf"), 0);
	CHECK_INT(m("operator new\\(unsigned long\\)",
		    "operator new(unsigned long) (in /x/vgpreload_dhat.so)"),
		  1);
	CHECK_INT(m("", "anything"), 1);
}

static void bad_pattern_names_problem_and_offset(void)
{
	char err[256] = "";
	struct regex *re = regex_compile("a(b", err, sizeof(err));
	CHECK(re == NULL);
	CHECK(strstr(err, "bad regex 'a(b'") != NULL);
	CHECK(strstr(err, "missing closing parenthesis") != NULL);
	CHECK(strstr(err, "at offset 3") != NULL);
	re = regex_compile("x{2,1}", err, sizeof(err));
	CHECK(re == NULL);
	CHECK(strstr(err, "offset") != NULL);
}

static void invalid_utf8_subject_does_not_fail(void)
{
	/* symbol names are raw bytes: an invalid sequence must not be an error */
	const char subject[] = "caf\xe9_fn (a.c:1)";
	CHECK_INT(m("_fn", subject), 1);
	CHECK_INT(m("nomatch", subject), 0);
	CHECK_INT(m("é", "café"), 1);
}

static void embedded_nul_is_part_of_the_subject(void)
{
	char err[64];
	struct regex *re = regex_compile("b$", err, sizeof(err));
	CHECK(re != NULL);
	CHECK_INT(regex_match(re, "a\0b", 3, err, sizeof(err)), 1);
	CHECK_INT(regex_match(re, "a\0b", 1, err, sizeof(err)), 0);
	CHECK_STR(regex_pattern(re), "b$");
	regex_free(re);
}

static void catastrophic_backtracking_reports_an_error(void)
{
	char err[256] = "";
	struct regex *re = regex_compile("^(a+)+$", err, sizeof(err));
	CHECK(re != NULL);
	char subject[64];
	memset(subject, 'a', 40);
	subject[40] = 'b';
	subject[41] = '\0';
	int rc = regex_match(re, subject, strlen(subject), err, sizeof(err));
	/* either pcre2 (JIT or not) finishes with "no match", or it gives up with a message */
	CHECK(rc == 0 || (rc == -1 && strstr(err, "^(a+)+$") != NULL));
	regex_free(re);
}

static void lists_are_all_and_any(void)
{
	struct regex_list l = {0};
	char err[256];
	CHECK_INT(regex_list_all(&l, "x", 1, err, sizeof(err)), 1);
	CHECK_INT(regex_list_any(&l, "x", 1, err, sizeof(err)), 0);
	CHECK(regex_list_empty(&l));
	CHECK_INT(regex_list_add(&l, "foo", err, sizeof(err)), 0);
	CHECK_INT(regex_list_add(&l, "bar", err, sizeof(err)), 0);
	CHECK_INT(regex_list_add(&l, "[", err, sizeof(err)), -1);
	CHECK_INT(l.res.len, 2);
	CHECK_INT(regex_list_all(&l, "foobar", 6, err, sizeof(err)), 1);
	CHECK_INT(regex_list_all(&l, "foo", 3, err, sizeof(err)), 0);
	CHECK_INT(regex_list_any(&l, "bar", 3, err, sizeof(err)), 1);
	CHECK_INT(regex_list_any(&l, "baz", 3, err, sizeof(err)), 0);
	regex_list_free(&l);
}

int main(void)
{
	RUN(perl_syntax_matches_anywhere);
	RUN(bad_pattern_names_problem_and_offset);
	RUN(invalid_utf8_subject_does_not_fail);
	RUN(embedded_nul_is_part_of_the_subject);
	RUN(catastrophic_backtracking_reports_an_error);
	RUN(lists_are_all_and_any);
	return check_summary();
}
