/* commands.c: the subcommands: one per format of the registry (format.h), its help and
 * option groups from the format's declared data, then diff, whose options are the ones
 * every format's command shares with it. Every one runs the same driver (driver.h). */
#include "cli_int.h"

#include <stdio.h>

#define MAX_FORMATS 16
#define MAX_GROUPS 16
#define EXTRA_COMMANDS 3 /* diff, record, ab */

/* What the command line builds from the registry, once. */
static struct {
	struct cli_command commands[MAX_FORMATS + EXTRA_COMMANDS];
	const struct cli_command *list[MAX_FORMATS + EXTRA_COMMANDS + 1];
	const struct cli_group *groups[MAX_FORMATS + EXTRA_COMMANDS][MAX_GROUPS];
	struct cli_group declared[MAX_FORMATS][MAX_GROUPS];
	size_t declared_count[MAX_FORMATS];
} cmds;

static const struct cli_group *shared_group(enum format_shared_group g)
{
	switch (g) {
	case FORMAT_OPTS_OWN: return &cli_own_group;
	case FORMAT_OPTS_BINARY: return &cli_binary_group;
	case FORMAT_OPTS_SYMBOLS: return &cli_symbol_group;
	case FORMAT_OPTS_END: break;
	}
	return NULL;
}

/* A format's own group D as the parser's table: option i has the value 0x100 + i. */
static const struct cli_group *declared_group(size_t fi, const struct input_format *f,
					      const struct format_opt_group *d)
{
	for (size_t i = 0; i < cmds.declared_count[fi]; i++)
		if (cmds.declared[fi][i].decl == d->opts)
			return &cmds.declared[fi][i];
	size_t n = 0;
	while (d->opts[n].name)
		n++;
	struct cli_opt *opts = xcalloc(n + 1, sizeof(*opts)); /* kept for the process's life */
	for (size_t i = 0; i < n; i++) {
		const struct format_opt *o = &d->opts[i];
		opts[i] = (struct cli_opt){o->name, o->arg ? 1 /* required_argument */ : 0, 0x100 + (int)i, o->arg,
					   o->help};
	}
	struct cli_group *g = &cmds.declared[fi][cmds.declared_count[fi]++];
	*g = (struct cli_group){.opts = opts, .decl = d->opts, .format = d->owner ? d->owner : f};
	return g;
}

static bool listed(const struct cli_group *const *groups, size_t n, const struct cli_group *g)
{
	for (size_t i = 0; i < n; i++)
		if (groups[i] == g)
			return true;
	return false;
}

static const struct cli_command cmd_diff = {
	.name = "diff",
	.summary = "compare two profiles (or two groups of runs) of one format, by change of share",
	.usage = "diff [options] BASE NEW  |  diff [options] --base A1 A2... -- B1 B2...  |  "
		 "diff [options] --base A1 --base A2 B1 B2...",
	.description =
		"Runs the same analysis on both sides (loading, symbolication and filters as the format's own\n"
		"command), normalises each side to its own total, and lists functions by the absolute change\n"
		"of their self and inclusive share (percentage points), with the relative change and the raw\n"
		"values. --flamegraph draws a differential flame graph (red: grew, blue: shrank) and --folded\n"
		"writes difffolded's two-column stacks.",
	.examples = "  profan diff before.json.gz after.json.gz --symbol-path build/ --top 20\n"
		    "  profan diff --top 20 --base runs/A-*.json.gz -- runs/B-*.json.gz\n"
		    "  profan diff --base a1.cpuprofile --base a2.cpuprofile b1.cpuprofile b2.cpuprofile\n"
		    "  profan diff old.json new.json --focus '^parse' --flamegraph diff.svg\n",
	.format = NULL,
};

/* "--dhat and --cpuprof record with ... instead": the options that pick another sampler. */
static const char *other_samplers(void)
{
	static char text[200];
	const struct cli_group *g = cli_sampler_choice_group();
	size_t len = 0;
	text[0] = '\0';
	for (size_t i = 0; g != NULL && g->opts[i].name != NULL; i++) {
		const char *sep = i == 0 ? "" : g->opts[i + 1].name == NULL ? " or " : ", ";
		int k = snprintf(text + len, sizeof(text) - len, "%s--%s", sep, g->opts[i].name);
		if (k < 0 || (size_t)k >= sizeof(text) - len)
			break;
		len += (size_t)k;
	}
	if (len > 0)
		snprintf(text + len, sizeof(text) - len, " records with another sampler instead (see below).");
	return text;
}

/* profan record and profan ab: their help names the default sampler, the format that has one. */
static struct cli_command record_command(const struct input_format *f, const struct cli_group **own)
{
	static char summary[120], description[900];
	const struct format_recorder *rec = f->recorder;
	snprintf(summary, sizeof(summary), "run a program under %s record and report on it, as 'profan %s' does",
		 rec->program, f->command);
	snprintf(description, sizeof(description),
		 "Runs CMD with its arguments (no shell) under %s record with the flags profan reads best (%s at\n"
		 "1000 Hz, --call-graph dwarf, the monotonic clock where accepted), keeps the recording (-o, default\n"
		 "%s) and prints what 'profan %s' prints for it: that command's options apply. Says in one line\n"
		 "when %s is missing or may not record here, and the program's exit status when it is not 0.\n"
		 "%s",
		 rec->program, rec->event, rec->default_output, f->command, rec->program, other_samplers());
	return (struct cli_command){
		.name = "record",
		.summary = summary,
		.usage = "record [options] [-o FILE] -- CMD [ARGS...]",
		.description = description,
		.examples = "  profan record -- ./prog input.txt\n"
			    "  profan record -o run.data --call-graph fp --top 20 -- ./prog --fast\n",
		.own = own,
		.kind = CLI_RECORD,
	};
}

static struct cli_command ab_command(const struct input_format *f, const struct cli_group **own)
{
	static char description[1200];
	snprintf(description, sizeof(description),
		 "Runs two shell commands (each one quoted string, run by sh -c) in turn, A B B A A B B A ...,\n"
		 "--runs times each after --warmup unrecorded runs each, records every run under %s record\n"
		 "(as profan record does), and compares the arms as 'profan diff' does, with the order of the\n"
		 "runs given to it. The header has each command's wall and CPU time per run (median and range,\n"
		 "the sampler's own CPU included). --aa first compares A with itself, in the same order, and\n"
		 "says how many rows the noise alone moved. The commands' output is discarded; a command that\n"
		 "fails stops the runs. Ctrl-C stops recording and compares the runs made, if each arm has one.\n"
		 "The protocol and when to trust a verdict: docs/ab.md.\n%s",
		 f->recorder->program, other_samplers());
	return (struct cli_command){
		.name = "ab",
		.summary = "run two commands in turn (A B B A ...), recording each run, and compare them",
		.usage = "ab [options] 'CMD_A' 'CMD_B'",
		.description = description,
		.examples = "  profan ab './prog-base input.txt' './prog input.txt'\n"
			    "  profan ab --runs 8 --warmup 1 --aa --keep runs/ 'old/bench' 'new/bench'\n"
			    "  profan ab --fail-on-change 5 --top 20 './prog-base' './prog'\n",
		.own = own,
		.kind = CLI_AB,
	};
}

const struct cli_command *const *cli_command_list(void)
{
	if (cmds.list[0] != NULL)
		return cmds.list;
	cli_diff_help_init();
	size_t nf = 0, nd = 0;
	const struct cli_group **diff = cmds.groups[MAX_FORMATS];
	diff[nd++] = &cli_diff_group;
	for (const struct input_format *f; nf < MAX_FORMATS && (f = format_at(nf)) != NULL; nf++) {
		const struct cli_group **own = cmds.groups[nf];
		size_t n = 0;
		for (size_t i = 0; n + 1 < MAX_GROUPS && (f->cli.groups[i].shared || f->cli.groups[i].own); i++) {
			const struct cli_group *g = f->cli.groups[i].own ? declared_group(nf, f, f->cli.groups[i].own)
									   : shared_group(f->cli.groups[i].shared);
			own[n++] = g;
			/* diff takes the shared groups and the ones a format lends it, each once */
			bool to_diff = f->cli.groups[i].own == NULL || f->cli.groups[i].own->diff;
			if (to_diff && nd + 1 < MAX_GROUPS && !listed(diff, nd, g))
				diff[nd++] = g;
		}
		cmds.commands[nf] = (struct cli_command){
			.name = f->command,
			.summary = f->cli.summary,
			.usage = f->cli.usage,
			.description = f->cli.description,
			.examples = f->cli.examples,
			.own = own,
			.format = f,
		};
		cmds.list[nf] = &cmds.commands[nf];
	}
	size_t nc = nf;
	cmds.commands[nc] = cmd_diff;
	cmds.commands[nc].own = diff;
	cmds.list[nc] = &cmds.commands[nc];
	nc++;
	const struct input_format *rf = format_recording();
	for (size_t fi = 0; rf != NULL && fi < nf; fi++) {
		if (format_at(fi) != rf)
			continue;
		/* record: its own options, then those of the command that reads its recordings */
		const struct cli_group **own = cmds.groups[nc];
		size_t n = 0;
		own[n++] = &cli_record_group;
		const struct cli_group *choice = cli_sampler_choice_group();
		if (choice != NULL)
			own[n++] = choice;
		for (const struct cli_group *const *g = cmds.groups[fi]; *g && n + 1 < MAX_GROUPS; g++)
			own[n++] = *g;
		cli_record_help_init(rf->recorder->default_output);
		cmds.commands[nc] = record_command(rf, own);
		cmds.list[nc] = &cmds.commands[nc];
		nc++;
		/* ab: its own, diff's verdict options, and those of diff's other groups that the
		 * command of a format with a recorder takes (the default sampler's or another's: a
		 * format's own are refused before anything runs when another sampler records) */
		own = cmds.groups[nc];
		n = 0;
		own[n++] = &cli_ab_group;
		if (choice != NULL)
			own[n++] = choice;
		own[n++] = &cli_ab_diff_group;
		for (size_t i = 1; i < nd && n + 1 < MAX_GROUPS; i++) {
			bool recorded = false;
			for (size_t fj = 0; fj < nf && !recorded; fj++) {
				size_t nr = 0;
				while (cmds.groups[fj][nr])
					nr++;
				recorded = format_at(fj)->recorder != NULL && listed(cmds.groups[fj], nr, diff[i]);
			}
			if (recorded)
				own[n++] = diff[i];
		}
		cmds.commands[nc] = ab_command(rf, own);
		cmds.list[nc] = &cmds.commands[nc];
		nc++;
	}
	return cmds.list;
}
