/* cli_int.h: what the command line's files share: the option groups
 * (option_groups.c) that the commands (commands.c) are made of. */
#ifndef PROFAN_CLI_INT_H
#define PROFAN_CLI_INT_H

#include "profan/cli.h"

extern const struct cli_group cli_own_group, cli_binary_group, cli_symbol_group, cli_select_group, cli_samply_group, cli_dhat_group,
	cli_v8_group, cli_diff_group;

/* Appends a transform step (a --focus, --under, ...); -1 after a usage error. */
int cli_add_step(struct cli_state *st, enum transform_kind kind, const char *pattern);

#endif
