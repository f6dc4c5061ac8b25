/* format.h: what an input format hands the driver, and the one registry of formats.
 *
 * A format is a folder, src/formats/NAME/: its loader, its own views, its side inputs and
 * this one struct of hooks, named in src/formats/registry.c. The driver calls the hooks
 * and never names a format; a hook left NULL means the format needs nothing at that step.
 * HACKING.md, "Adding a format". */
#ifndef PROFAN_FORMAT_H
#define PROFAN_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "profan/analysis.h"
#include "profan/diff.h"
#include "profan/json.h"
#include "profan/json_head.h"
#include "profan/options.h"
#include "profan/profile.h"

struct sym_prefetch;

/* What a loader may need besides the document. */
struct load_env {
	const struct profan_opts *o;
	/* The input's file when it is one on disk (not stdin, not bytes in memory): where
	 * side inputs beside it are looked for. NULL otherwise. */
	const char *file;
	void *run;            /* what the format's run_open made for this run, or NULL */
	const char **origin;  /* the load may set *ORIGIN: a side file its names came from
			       * (kept by the profile), shown by its views as view_input.symbols_origin */
};

/* An option of a format's own, as data: the command line parses it and prints --help from it. */
enum format_opt_kind {
	FOPT_FLAG,     /* bool: set */
	FOPT_TEXT,     /* const char *: the value */
	FOPT_REGEX,    /* const char *: the value, which must compile (regex.h) */
	FOPT_SIZE,     /* size_t: a non-negative integer */
	FOPT_CHOICE,   /* int: the index of the value in .choices */
	FOPT_PATTERNS, /* struct pattern_list: one more regex each time (repeatable) */
	FOPT_METRIC,   /* the run's metric (profan_opts.metric), when .accept takes it */
	FOPT_FOCUS,    /* a --focus step shown as this option */
};

struct format_opt {
	const char *name;        /* long name without "--"; NULL ends a group */
	const char *arg;         /* the value's name in --help; NULL: takes none */
	const char *help;        /* one line */
	enum format_opt_kind kind;
	size_t offset;           /* in the format's options struct (not for METRIC, FOCUS) */
	const char *const *choices; /* CHOICE: NULL-terminated */
	bool (*accept)(const char *value); /* METRIC: a metric of the format's */
	void (*list)(void);      /* METRIC: prints the metrics for "--metric list" (NULL: no list) */
	const char *refusal;     /* CHOICE, METRIC: the usage error for a value not taken (one %s) */
	/* After the value is stored: NULL, or the usage error to print (OPTS: the format's). */
	const char *(*check)(const void *opts, const char *value);
};

struct input_format;
struct format_opt_group {
	const struct format_opt *opts;
	bool diff; /* profan diff takes these too */
	/* The format whose options struct the offsets index, when another format lists the group
	 * (perf's views are samply's); NULL: the format that lists it. */
	const struct input_format *owner;
};

/* The command line's own groups a format's command may list among its own. */
enum format_shared_group { FORMAT_OPTS_END, FORMAT_OPTS_OWN, FORMAT_OPTS_BINARY, FORMAT_OPTS_SYMBOLS };

/* A format's subcommand: its help and its options, in --help order. */
struct format_command {
	const char *summary;     /* one line for `profan --help` */
	const char *usage;       /* "NAME [options] PROFILE..." */
	const char *description; /* a paragraph for `profan NAME --help` */
	const char *examples;    /* lines for `profan NAME --help` */
	struct {
		enum format_shared_group shared; /* or FORMAT_OPTS_END with OWN set */
		const struct format_opt_group *own;
	} groups[10]; /* ends with an entry of neither */
	size_t opts_size; /* the format's options struct (zero-filled: the defaults) */
};

/* What `profan record` and `profan ab` ask of a sampler (driver.h). */
struct record_request {
	const char *output;     /* the recording to write */
	const char *call_graph; /* "dwarf" or "fp" */
	unsigned freq;          /* samples per second */
	bool clock;             /* ask for the monotonic clock (dropped where the sampler refuses it) */
	const char *scratch;    /* a directory of profan's for the whole session (prepare's files) */
};

/* The options of profan record and profan ab a recorder carries out (format_recorder.takes). */
enum { RECORD_CALL_GRAPH = 1, RECORD_FREQ = 2 };

/* A format whose files a sampler on this machine records (format_recording()). */
struct format_recorder {
	const char *program;        /* looked up in PATH */
	const char *package;        /* the Debian package that provides it */
	const char *default_output; /* the recording's name when -o is not given */
	const char *event;          /* what it samples, for the header ("cpu-clock") */
	/* The sampler's command line around CMD[0..n): a NULL-terminated array the caller frees
	 * (its strings are static, the request's or CMD's). */
	const char **(*argv)(const struct record_request *rq, const char *const *cmd, size_t n);
	/* Why recording cannot work here, before trying (e.g. a kernel setting): NULL or one line. */
	const char *(*refusal)(void);
	/* A failed recording's stderr ERR as one line of cause and fix into WHY[0..CAP); false when
	 * it says nothing known. */
	bool (*explain)(const char *err, char *why, size_t cap);
	/* A note on what the machine samples with (no hardware counters): NULL or one line. */
	const char *(*note)(void);
	const char *suffix;           /* of ab's recordings: ".data" */
	const char *const *probe;     /* the program recorded once to try the sampler (NULL: `true`) */
	unsigned takes;               /* RECORD_* options it carries out */
	/* Its counts are exact, the same on every run of one program and input: ab makes one run
	 * per arm unless --runs asks more (DIFF then checks that they agree). */
	bool exact;
	/* The help of the option that picks it (--COMMAND of profan record and profan ab); NULL:
	 * it is the default sampler. */
	const char *choice;
	/* Files the sampler needs for the session, in RQ->scratch: 0, or -1 with one line in WHY. */
	int (*prepare)(const struct record_request *rq, char *why, size_t cap);
	/* After a run of process PID (SHELL: a `sh -c` around the command, which is no part of
	 * it): makes RQ->output the run's one recording from what the sampler wrote. 0 (no file is
	 * no recording: the caller says so), or -1 with one line in WHY. NULL: the sampler writes
	 * RQ->output itself. */
	int (*collect)(const struct record_request *rq, long pid, bool shell, char *why, size_t cap);
	/* How runs are recorded, for the header, when the command line is not the clearest way to
	 * say it: NULL (the command line is shown), or one line (static storage). */
	const char *(*shown)(const struct record_request *rq);
};

struct input_format {
	const char *name;    /* profile->format and --format: "cpuprofile" */
	const char *command; /* the subcommand */
	const char *label;   /* in messages: "a V8 CPU profile" */
	struct format_command cli;
	bool (*sniff)(const struct json *root); /* NULL: a binary format, never JSON */
	/* The same from the document's first bytes (json_head.h), sure only: false when they do
	 * not show it (NULL: a binary format, told by its magic). */
	bool (*sniff_head)(const struct json_head *head);
	/* A binary format: the name magic_binary() gives its files ("perf"), and its loader,
	 * which gets the whole decoded input instead of a parsed document. */
	const char *binary;
	int (*load_binary)(const unsigned char *data, size_t len, const char *origin, const struct load_env *env,
			   struct profile *out);
	/* Files of the format's family that profan does not read: true with a sentence in
	 * WHAT[0..CAP) when ROOT is one. Asked before any format's sniff, for every command. */
	bool (*lookalike)(const struct json *root, char *what, size_t cap);
	struct json_parse_opts jopts;
	/* Lets the parse hand members to PF as they stream in (the libraries a native profile
	 * names, whose symbol files can be opened while the rest is read). */
	void (*parse_ahead)(struct json_parse_opts *jo, struct sym_prefetch *pf);

	/* Side inputs read once per run (V8's --wasm module): 0 with *RUN set (NULL: none asked),
	 * or -1 after one error line. Called for every format before the inputs are read. */
	int (*run_open)(const struct profan_opts *o, void **run);
	void (*run_close)(void *run);
	/* Options this format cannot carry out: 0, or -1 after one error line. */
	int (*check_options)(const struct profan_opts *o, const char *label);
	/* Options of this format given for a file of another (LABEL): 0, or -1 after one line. */
	int (*foreign_options)(const struct profan_opts *o, const char *label);

	/* One parsed input -> profile; -1 or LOAD_MISFIT after one error line (the profile is
	 * then released). */
	int (*load)(const struct json_doc *doc, const struct load_env *env, struct profile *out);
	/* Names the frames of a loaded profile (native addresses, wasm names); PF: what was
	 * opened ahead, or NULL. 0, or -1 after one error line. */
	int (*symbolicate)(struct profile *p, const struct profan_opts *o, struct sym_prefetch *pf);
	/* The format's own views (generic_views: self and inclusive by function). */
	int (*views)(const struct view_input *in, struct report *r, struct view_choice *out);
	/* What the format changes in profan diff; NULL: a sampled profile's comparison. */
	const struct diff_format *diff;
	/* How to record a program into this format; NULL: profan cannot. */
	const struct format_recorder *recorder;
};

/* The input formats, in the order they are recognised. */
const struct input_format *format_find(const char *name); /* by name or command; NULL if unknown */
const struct input_format *format_at(size_t i);            /* NULL past the last */
const char *format_command(const struct input_format *f); /* its subcommand: "cpuprof" */
/* The first format with a recorder (profan record, profan ab: the default sampler), or NULL. */
const struct input_format *format_recording(void);
/* For a collect hook's end: CHOSEN (malloc'd; NULL: the run left no file) is renamed to
 * OUTPUT when RC is 0, else removed; CHOSEN is freed. RC, or -1 with one line in WHY when the
 * rename fails. */
int format_keep_recording(char *chosen, int rc, const char *output, char *why, size_t cap);

/* The format the first bytes D[0..N) of a decoded input show (a binary format's magic, or a
 * JSON format's sniff_head), or NULL when they do not tell: asked of every input of a diff
 * before any is read whole. */
const struct input_format *format_of_head(const char *d, size_t n);
/* The binary format whose magic_binary() name is KIND, or NULL. */
const struct input_format *format_of_binary(const char *kind);
/* What a parsed input is, for every command: *SEEN gets format_of() (NULL:
 * unknown); -1 after one error line when it is a file profan recognises but
 * does not read (each format's lookalike). Files that are not JSON were named
 * before parsing (magic.h). */
int format_recognise(const struct json_doc *doc, const struct input_format **seen);
/* JSON parse options for F (NULL: any format); with PF, the symbol files of the libraries a
 * native profile names are opened ahead while the rest of it is read (or PF NULL). */
struct json_parse_opts format_parse_opts(const struct input_format *f, struct sym_prefetch *pf);
/* The formats' names or commands for a message: "samply, dhat or cpuprofile" (static storage). */
const char *format_names(void);
const char *format_commands(void);

#endif
