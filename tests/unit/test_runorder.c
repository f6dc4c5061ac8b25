/* Unit tests for the order of runs and the ABBA rule (runorder.h). */
#include "profan/runorder.h"

#include <stdlib.h>

#include "check.h"

static void parse(void)
{
	char err[160];
	char *o = runorder_parse("abba-ABBA", 4, 4, err, sizeof(err));
	CHECK_STR(o, "ABBAABBA");
	free(o);
	o = runorder_parse("A, B, B, A", 2, 2, err, sizeof(err));
	CHECK_STR(o, "ABBA");
	free(o);
	CHECK(runorder_parse("ABBA", 3, 1, err, sizeof(err)) == NULL);
	CHECK_STR(err, "one letter per run: 3 A and 1 B for 3 base and 1 new runs, not 2 and 2");
	CHECK(runorder_parse("ABXA", 2, 2, err, sizeof(err)) == NULL);
	CHECK_STR(err, "letters A (a base run) and B (a new run) in the order they were made, not 'X'");
}

static void times_in_names(void)
{
	int64_t t = 0;
	CHECK(runorder_time_in_name("/tmp/prof/CPU.20261201.113917.14352.0.001.cpuprofile", &t));
	CHECK_INT(t, 20261201113917LL);
	CHECK(runorder_time_in_name("run-2025-01-31T08:05:59.json", &t));
	CHECK_INT(t, 20250131080559LL);
	CHECK(runorder_time_in_name("b_20250131-080559.json.gz", &t));
	CHECK_INT(t, 20250131080559LL);
	CHECK(!runorder_time_in_name("a1.cpuprofile.gz", &t));
	CHECK(!runorder_time_in_name("dhat.out.123456789012345", &t)); /* a long number, not a time */
	CHECK(!runorder_time_in_name("x-20251301-120000.json", &t));  /* month 13 */
	CHECK(!runorder_time_in_name("20250101120000/a.json", &t));   /* only the file's own name */
}

static void from_times(void)
{
	int64_t when[] = {30, 10, 20, 40};
	bool known[] = {true, true, true, true};
	char *o = runorder_from_times(when, known, 2, 2, 1); /* base 30 10, new 20 40 */
	CHECK_STR(o, "ABAB");
	free(o);
	CHECK(runorder_from_times(when, known, 2, 2, 11) == NULL); /* 10 apart: too close for runs */
	known[2] = false;
	CHECK(runorder_from_times(when, known, 2, 2, 1) == NULL);
	known[2] = true;
	when[3] = 30; /* two files with one time: copies, not runs in order */
	CHECK(runorder_from_times(when, known, 2, 2, 1) == NULL);
}

static void abba_rule(void)
{
	CHECK_INT(runorder_always_first("AABB"), 'A');
	CHECK_INT(runorder_always_first("ABAB"), 'A'); /* alternating arms, but A first in each pair */
	CHECK_INT(runorder_always_first("BBBAAA"), 'B');
	CHECK_INT(runorder_always_first("ABBA"), 0);
	CHECK_INT(runorder_always_first("ABBAABBA"), 0);
	CHECK_INT(runorder_always_first("BAAB"), 0);
	CHECK_INT(runorder_always_first("AB"), 0);   /* one pair tells nothing */
	CHECK_INT(runorder_always_first("AAAB"), 0); /* one pair */
	CHECK_INT(runorder_always_first("AABAB"), 'A'); /* pairs (1,3) (2,5) */
}

int main(void)
{
	RUN(parse);
	RUN(times_in_names);
	RUN(from_times);
	RUN(abba_rule);
	return check_summary();
}
