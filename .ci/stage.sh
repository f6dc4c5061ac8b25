# shellcheck shell=bash
# Sourced by the .ci scripts: each stage's time, one line as it ends
# ("== stage NAME: N s wall, M s CPU"), and the stage a failure stopped in. The CPU time is that
# of the commands the stage ran: on a shared machine the wall time grows with the load, the CPU
# time hardly (on an idle 2-core machine a stage takes about CPU / 2 when it keeps both cores busy).
ci_stage_name="" ci_stage_start=$SECONDS ci_stage_cpu=0

# The CPU seconds of this shell's finished children (cutime + cstime in /proc/PID/stat).
ci_children_cpu() {
	local stat f
	stat=$(</proc/$$/stat)
	stat=${stat##*) } # after the command name, which may hold spaces
	read -r -a f <<<"$stat"
	# fields 16 and 17 of stat(5), counted from the state (field 3) at index 0
	echo $(((f[13] + f[14]) / $(getconf CLK_TCK)))
}

# stage NAME: ends the stage that is running, if any, and starts NAME ("" starts none)
stage() {
	local cpu
	cpu=$(ci_children_cpu)
	if [ -n "$ci_stage_name" ]; then
		echo "== stage $ci_stage_name: $((SECONDS - ci_stage_start)) s wall, $((cpu - ci_stage_cpu)) s CPU"
	fi
	ci_stage_name=$1 ci_stage_start=$SECONDS ci_stage_cpu=$cpu
}

ci_stage_failed() {
	local rc=$?
	if [ "$rc" -ne 0 ] && [ -n "$ci_stage_name" ]; then
		echo "== stage $ci_stage_name: FAILED (exit $rc) after $((SECONDS - ci_stage_start)) s"
	fi
}
trap ci_stage_failed EXIT
