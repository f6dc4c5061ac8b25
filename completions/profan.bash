# bash completion for profan(1)                                -*- shell-script -*-
# Installed as share/bash-completion/completions/profan, where bash-completion
# loads it on first use; or source it from ~/.bashrc. Needs nothing but bash.
# The lists mirror `profan CMD --help`: tests/ux/check_docs.py fails when they drift.

_profan_commands='samply perf dhat cpuprof diff record ab'

# Options of every command, then each command's own. An option that takes a
# value is also listed in _profan_takes_value, so that the word after it
# completes as that value, not as an option or a profile.
_profan_common='--top --json --output -o --color --wide --no-pager --quiet -q --help -h
	--focus --ignore --hide --root-at --collapse-recursion --by --tree --inverted --tree-threshold --callers
	--callees --per-file --folded --pprof --flamegraph --annotate --source-path --source-prefix'
_profan_opts_samply='--ours --binary --full-paths --explain-ownership --thread --pid --under --threads --metric --alloc-entry
	--alloc-plumbing --whole-binary --no-sidecar --symbol-path --kallsyms --no-inline --no-symbols --verbose -v'
_profan_opts_perf='--ours --binary --full-paths --explain-ownership --pid --thread --event --under --threads --metric --alloc-entry --alloc-plumbing
	--whole-binary --no-sidecar --symbol-path --kallsyms --no-inline --no-symbols --verbose -v'
_profan_opts_dhat='--ours --binary --full-paths --explain-ownership --where --not --metric --stacks --alloc-tree --plumbing'
_profan_opts_cpuprof='--ours --full-paths --explain-ownership --weight --profile --wasm'
_profan_opts_diff='--base --format --metric --confidence --order --aa --match --fail-on-change --median --ours --binary --full-paths --explain-ownership
	--thread --pid --event --symbol-path --kallsyms --verbose -v --no-inline --no-symbols --no-sidecar --weight
	--profile --wasm'
_profan_opts_record='-o --output --call-graph --freq --dhat --cpuprof --ours --binary --full-paths --explain-ownership --pid --thread
	--event --under --threads
	--metric --alloc-entry --alloc-plumbing --whole-binary --no-sidecar --symbol-path --kallsyms --no-inline --no-symbols
	--verbose -v'
_profan_opts_ab='--runs --warmup --keep --call-graph --freq --dhat --cpuprof --aa --metric --confidence --match --fail-on-change --event --ours
	--binary --full-paths --explain-ownership --symbol-path --kallsyms --no-inline --no-symbols --no-sidecar --verbose -v
	--weight --profile --wasm'
_profan_takes_value='--call-graph --freq --runs --warmup --keep --top --output -o --binary --thread --pid --event --under --metric --alloc-entry
	--alloc-plumbing --symbol-path --kallsyms --where --not --stacks --ours --plumbing --weight --profile
	--wasm --base --format --confidence --order --match --focus --ignore --hide --root-at --by --tree-threshold
	--callers --callees --folded --pprof --flamegraph --annotate --source-path --source-prefix'

# Prints the values of option $2 of command $1, "FILE" for a file name, "DIR" for a
# directory, or nothing when the value is free text (a number, a regex).
_profan_values()
{
	case "$1 $2" in
	"samply --metric") echo 'cpu samples weight' ;;
	"perf --metric" | "record --metric") echo 'cpu samples weight oncpu offcpu' ;;
	*" --call-graph") echo 'dwarf fp' ;;
	"dhat --metric")
		echo 'gb gbk tb tbk tiny short-lived zero-access zero-access-blocks low-access low-access-blocks
			eb ebk rb high-reads wb high-writes tl mb mbk list' ;;
	"cpuprof --weight" | "diff --weight" | "ab --weight") echo 'before after samples' ;;
	"cpuprof --profile" | "diff --profile" | "ab --profile") echo 'all' ;;
	"diff --format") echo 'samply perf dhat cpuprof' ;;
	"diff --match" | "ab --match") echo 'name file' ;;
	*" --by") echo 'function file line lib' ;;
	*" --color") echo 'auto always never' ;;
	*" --output" | *" -o" | *" --folded" | *" --pprof" | *" --flamegraph" | *" --kallsyms" | \
		*" --wasm" | "diff --base") echo FILE ;;
	*" --symbol-path" | *" --source-path" | "ab --keep") echo DIR ;;
	esac
}

_profan()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local cmd='' i
	COMPREPLY=()

	# The command is the first word that is not an option.
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "$_profan_commands help --help --version" -- "$cur"))
		return
	fi
	[[ $cmd == help ]] && return

	# "--color=al": bash splits the word at '=' (COMP_WORDBREAKS), so the option is
	# two words back; a shell without that split hands over "--color=al" whole.
	local opt='' value=$cur joined=''
	if [[ $cur == = ]]; then
		opt=$prev value=''
	elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*} value=${cur#*=} joined=$opt=
	elif [[ " $(echo $_profan_takes_value) " == *" $prev "* && $prev != --color ]]; then
		opt=$prev
	fi
	if [[ -n $opt ]]; then
		local values
		values=$(_profan_values "$cmd" "$opt")
		if [[ $values == FILE ]]; then
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -f -- "$value"))
		elif [[ $values == DIR ]]; then
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -d -- "$value"))
		elif [[ -n $values ]]; then
			COMPREPLY=($(compgen -W "$values" -- "$value"))
		fi
		[[ -n $joined ]] && COMPREPLY=("${COMPREPLY[@]/#/$joined}")
		return
	fi

	if [[ $cur == -* ]]; then
		local own=_profan_opts_$cmd
		local words="${!own} $_profan_common"
		words=${words/--color/--color=}
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
		[[ ${COMPREPLY[*]} == --color= ]] && compopt -o nospace 2>/dev/null
		return
	fi

	# Anything else is a profile: .json, .json.gz, .cpuprofile, dhat.out.* ... (record's program
	# and ab's commands: a file too)
	compopt -o filenames 2>/dev/null
	COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _profan profan
