/* record.c: `profan record`: one run of a program under the sampler (sampler.h), the
 * recording kept, then the report the format's own command gives on it (driver_run). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "profan/driver.h"
#include "profan/which.h"
#include "sampler.h"

int driver_record(const struct profan_opts *o, const struct record_opts *ro, const char *const *cmd, size_t n,
		  struct report *r)
{
	if (n == 0) {
		pf_error("record: no program to record: give it after '--'");
		return PF_EXIT_USAGE;
	}
	struct sampler s;
	int rc = sampler_open(&s, ro, "record");
	if (rc == PF_EXIT_OK)
		rc = driver_check_options(s.format, o);
	if (rc == PF_EXIT_OK && !which_executable(cmd[0])) { /* said before the sampler starts, in profan's words */
		pf_error("record: %s: %s", cmd[0], strchr(cmd[0], '/') ? "no such executable" : "command not found");
		rc = PF_EXIT_FAIL;
	}
	if (rc == PF_EXIT_OK)
		rc = sampler_try(&s, "record");
	if (rc != PF_EXIT_OK) {
		sampler_close(&s);
		return rc;
	}
	const char *out = ro->output ? ro->output : s.rec->default_output;
	struct sampler_run res;
	rc = sampler_run(&s, out, cmd, n, SAMPLER_TO_STDERR, NULL, &res);
	struct stat st;
	if (rc == 0 && (stat(out, &st) != 0 || st.st_size == 0)) {
		const char *how = sampler_status(res.status);
		pf_error("record: %s: %s wrote no recording (%s)", out, s.rec->program, how ? how : "exit status 0");
		rc = -1;
	}
	if (rc < 0) {
		sampler_close(&s);
		return PF_EXIT_FAIL;
	}
	/* the sampler's command line is the recording's own header line */
	report_header(r, "Run", "%.3f s wall, %.3f s CPU, %s's own included (recording `%s` took %.3f s, %.3f s); "
				"kept in %s", res.wall, res.cpu, s.rec->program, sampler_probe_text(&s), s.probe_wall,
		      s.probe_cpu, out);
	const char *note = s.rec->note ? s.rec->note() : NULL;
	if (note != NULL)
		report_header(r, "Sampler", "%s", note);
	const char *status = sampler_status(res.status);
	if (res.interrupted)
		report_warning(r, "%s was interrupted (Ctrl-C): the report covers the run up to then", cmd[0]);
	else if (status != NULL)
		report_warning(r, "%s ended with %s", cmd[0], status);
	struct driver_input in = {.path = out};
	rc = driver_run(s.format, o, &in, 1, r);
	sampler_close(&s);
	return rc;
}
