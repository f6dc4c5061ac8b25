/* perf_record.c: how `profan record` and `profan ab` run perf record (format.h's
 * format_recorder): cpu-clock at the asked frequency (a timer: the same on every machine,
 * PMU or not, and its periods are CPU time), the call graph asked, the monotonic clock,
 * and what perf's failures mean in one line each. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "perf.h"
#include "profan/alloc.h"
#include "profan/format.h"

/* perf_event_paranoid above 2 refuses even a process's own user-space samples (Debian's 3);
 * root, or CAP_PERFMON granted some other way, records anyway (the probe run then says). */
#define PARANOID_ALLOWS 2
#define PARANOID_FIX "sudo sysctl kernel.perf_event_paranoid=1"

static int paranoid_level(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = -1;
	if (f != NULL) {
		if (fscanf(f, "%d", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static const char *refusal(void)
{
	static char line[200];
	int v = paranoid_level();
	if (v <= PARANOID_ALLOWS || geteuid() == 0)
		return NULL;
	snprintf(line, sizeof(line), "kernel.perf_event_paranoid is %d, which forbids sampling your own programs; "
				     "lower it with: %s", v, PARANOID_FIX);
	return line;
}

static const char **record_argv(const struct record_request *rq, const char *const *cmd, size_t n)
{
	static char freq[24];
	snprintf(freq, sizeof(freq), "%u", rq->freq);
	const char **a = xcalloc(n + 16, sizeof(*a));
	size_t k = 0;
	a[k++] = "perf";
	a[k++] = "record";
	a[k++] = "-q";
	a[k++] = "-e";
	a[k++] = "cpu-clock";
	a[k++] = "-F";
	a[k++] = freq;
	a[k++] = "--call-graph";
	a[k++] = rq->call_graph;
	if (rq->clock) {
		a[k++] = "-k";
		a[k++] = "CLOCK_MONOTONIC";
	}
	a[k++] = "-o";
	a[k++] = rq->output;
	a[k++] = "--";
	for (size_t i = 0; i < n; i++)
		a[k++] = cmd[i];
	a[k] = NULL;
	return a;
}

static bool explain(const char *err, char *why, size_t cap)
{
	if (strstr(err, "perf_event_paranoid") != NULL || strstr(err, "Permission denied") != NULL) {
		int v = paranoid_level();
		snprintf(why, cap, "perf may not sample here (kernel.perf_event_paranoid is %d); lower it with: %s", v,
			 PARANOID_FIX);
		return true;
	}
	if (strstr(err, "clockid") != NULL || strstr(err, "use_clockid") != NULL) {
		snprintf(why, cap, "this kernel or perf refuses -k CLOCK_MONOTONIC");
		return true;
	}
	if (strstr(err, "not supported") != NULL || strstr(err, "No such device") != NULL) {
		snprintf(why, cap, "perf cannot open the cpu-clock event here (a container without perf events?)");
		return true;
	}
	return false;
}

/* A hardware PMU shows as a "cpu" (or hybrid "cpu_core") event source; a VM without one
 * has only software events, which cpu-clock is. */
static const char *note(void)
{
	struct stat st;
	if (stat("/sys/bus/event_source/devices/cpu", &st) == 0 ||
	    stat("/sys/bus/event_source/devices/cpu_core", &st) == 0 ||
	    stat("/sys/bus/event_source/devices/armv8_pmuv3_0", &st) == 0)
		return NULL;
	return "no hardware PMU here: cpu-clock (a timer) is what perf samples, as it would anyway";
}

const struct format_recorder perf_recorder = {
	.program = "perf",
	.package = "linux-perf",
	.default_output = "perf.data",
	.event = "cpu-clock",
	.argv = record_argv,
	.refusal = refusal,
	.explain = explain,
	.note = note,
	.suffix = ".data",
	.takes = RECORD_CALL_GRAPH | RECORD_FREQ,
};
