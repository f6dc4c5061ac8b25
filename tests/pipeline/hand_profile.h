/* hand_profile.h: the hand-built profiles of the pipeline tests (unit tests and
 * the export checks), with their sums worked out by hand in the comments. */
#ifndef PROFAN_TESTS_HAND_PROFILE_H
#define PROFAN_TESTS_HAND_PROFILE_H

#include <stdlib.h>
#include <string.h>

#include "profan/profile.h"

/*   sample  stack (root first)                 cpu
 *   1       main parse lex(12)                 10
 *   2       main parse lex(12) lex(15)         20   direct recursion
 *   3       main parse malloc                   5
 *   4       main alloc malloc                   7
 *   5       main memcpy                         3
 *   6       main                                1
 *   7       (no stack)                          4
 *   8       main parse alloc malloc             6
 * Total 56. Self: lex 30, malloc 18, memcpy 3, main 1. Inclusive: main 52,
 * parse 41, lex 30, malloc 18, alloc 13, memcpy 3.
 * Files: main.c (main), parse.c (parse, lex), mem.c (alloc); malloc and
 * memcpy have no file and live in libc.so.6; the rest in prog. */
struct names {
	const char *name, *file;
	uint32_t line, lib; /* lib: 0 prog, 1 libc */
};

static uint32_t frame_for(struct profile *p, const char *name, uint32_t line)
{
	static const struct names fns[] = {
		{"main", "main.c", 0, 0}, {"parse", "parse.c", 0, 0}, {"lex", "parse.c", 10, 0},
		{"alloc", "mem.c", 0, 0}, {"malloc", "", 0, 1},       {"memcpy", "", 0, 1},
	};
	for (size_t i = 0; i < ARRAY_SIZE(fns); i++) {
		if (strcmp(fns[i].name, name) != 0)
			continue;
		struct pf_func f = {.name = profile_intern(p, name),
				    .file = profile_intern(p, fns[i].file),
				    .lib = fns[i].lib,
				    .line = fns[i].line,
				    .flags = fns[i].lib == 0 ? PF_FUNC_OWNED : 0};
		struct pf_frame fr = {.func = profile_intern_func(p, &f),
				      .lib = fns[i].lib,
				      .address = 0x1000 + line,
				      .line = line};
		return profile_intern_frame(p, &fr);
	}
	abort();
}

static void add(struct profile *p, const char *const *stack, const uint32_t *lines, int64_t v)
{
	uint32_t s = PF_NONE;
	for (size_t i = 0; stack[i]; i++)
		s = profile_intern_stack(p, s, frame_for(p, stack[i], lines ? lines[i] : 0));
	profile_add_sample(p, s, PF_NONE, &v);
}

static void build(struct profile *p)
{
	profile_init(p);
	p->format = "test";
	profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "prog"), .flags = PF_LIB_MAIN});
	profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "libc.so.6")});
	profile_add_metric(p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	add(p, (const char *[]){"main", "parse", "lex", NULL}, (const uint32_t[]){0, 0, 12}, 10);
	add(p, (const char *[]){"main", "parse", "lex", "lex", NULL}, (const uint32_t[]){0, 0, 12, 15}, 20);
	add(p, (const char *[]){"main", "parse", "malloc", NULL}, NULL, 5);
	add(p, (const char *[]){"main", "alloc", "malloc", NULL}, NULL, 7);
	add(p, (const char *[]){"main", "memcpy", NULL}, NULL, 3);
	add(p, (const char *[]){"main", NULL}, NULL, 1);
	add(p, (const char *[]){NULL}, NULL, 4);
	add(p, (const char *[]){"main", "parse", "alloc", "malloc", NULL}, NULL, 6);
}

/* B: main parse lex 30, main memcpy 10; total 40. */
static void build_b(struct profile *p)
{
	profile_init(p);
	p->format = "test";
	profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "prog"), .flags = PF_LIB_MAIN});
	profile_add_lib(p, &(struct pf_lib){.name = profile_intern(p, "libc.so.6")});
	profile_add_metric(p, "cpu", "CPU time", PF_UNIT_MICROSECONDS);
	add(p, (const char *[]){"main", "parse", "lex", NULL}, (const uint32_t[]){0, 0, 12}, 30);
	add(p, (const char *[]){"main", "memcpy", NULL}, NULL, 10);
}

#endif
