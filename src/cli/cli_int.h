/* cli_int.h: what the command line's files share: the option groups
 * (option_groups.c) that the commands (commands.c) are made of. */
#ifndef PROFAN_CLI_INT_H
#define PROFAN_CLI_INT_H

#include "cli.h"

extern const struct cli_group cli_own_group, cli_binary_group, cli_symbol_group, cli_diff_group;
/* profan record's and profan ab's own, and the options of diff's that ab takes */
extern const struct cli_group cli_record_group, cli_ab_group, cli_ab_diff_group;

/* The options that pick another sampler than the default one (--COMMAND of each format with a
 * recorder), or NULL when there is none. */
const struct cli_group *cli_sampler_choice_group(void);

/* Fills in the help of record's -o with the sampler's DEFAULT_OUTPUT. */
void cli_record_help_init(const char *default_output);

/* Fills in the help of diff's --format from the registry, and ab's rows of diff's table. */
void cli_diff_help_init(void);

/* Stores option VAL of the declared group G (a format's, cli_group.decl); -1 after a usage error. */
int cli_handle_declared(struct cli_state *st, const struct cli_group *g, int val, const char *arg);

/* Appends a transform step (a --focus, --under, ...); -1 after a usage error. */
int cli_add_step(struct cli_state *st, enum transform_kind kind, const char *pattern);

#endif
