/* samply_binary.c: which library is the user's own program in a samply
 * profile (samply.h: samply_choose_binary). Decided once every sample is in,
 * from the CPU each process used, so `samply record cargo run` reports the
 * program cargo ran, not cargo, and not rustc, which may well use more CPU
 * compiling it than the program running. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samply.h"

/* Below this share of the CPU, meta.product is not what the profile is about
 * when another process used more. */
#define PRODUCT_MIN_PERCENT 10.0

/* What a process is to the one being measured, by its name: docs/samply.md ("Which program"). */
enum process_role {
	ROLE_PROGRAM,  /* any other: a program of its own */
	ROLE_LAUNCHER, /* starts the one being measured and does little itself */
	ROLE_BUILD,    /* a build's tool: compiles or links it (a profile that holds one is of a build) */
};

static const struct {
	const char *name;
	enum process_role role;
} process_roles[] = {
	{"cargo", ROLE_LAUNCHER},      {"cargo-nextest", ROLE_LAUNCHER}, {"rustup", ROLE_LAUNCHER},
	{"just", ROLE_LAUNCHER},       {"make", ROLE_LAUNCHER},          {"gmake", ROLE_LAUNCHER},
	{"ninja", ROLE_LAUNCHER},      {"env", ROLE_LAUNCHER},           {"time", ROLE_LAUNCHER},
	{"sudo", ROLE_LAUNCHER},       {"nice", ROLE_LAUNCHER},          {"taskset", ROLE_LAUNCHER},
	{"sh", ROLE_LAUNCHER},         {"bash", ROLE_LAUNCHER},          {"dash", ROLE_LAUNCHER},
	{"zsh", ROLE_LAUNCHER},        {"fish", ROLE_LAUNCHER},          {"cmd", ROLE_LAUNCHER},
	{"powershell", ROLE_LAUNCHER}, {"pwsh", ROLE_LAUNCHER},
	/* compilers and their drivers, linkers, archivers, and what a build runs for itself */
	{"rustc", ROLE_BUILD},         {"rustdoc", ROLE_BUILD},          {"clippy-driver", ROLE_BUILD},
	{"build-script-build", ROLE_BUILD}, {"cc", ROLE_BUILD},          {"c++", ROLE_BUILD},
	{"gcc", ROLE_BUILD},           {"g++", ROLE_BUILD},              {"clang", ROLE_BUILD},
	{"clang++", ROLE_BUILD},       {"cc1", ROLE_BUILD},              {"cc1plus", ROLE_BUILD},
	{"collect2", ROLE_BUILD},      {"lto1", ROLE_BUILD},             {"lto-wrapper", ROLE_BUILD},
	{"as", ROLE_BUILD},            {"ld", ROLE_BUILD},               {"ld.bfd", ROLE_BUILD},
	{"ld.gold", ROLE_BUILD},       {"ld.lld", ROLE_BUILD},           {"lld", ROLE_BUILD},
	{"rust-lld", ROLE_BUILD},      {"mold", ROLE_BUILD},             {"ar", ROLE_BUILD},
	{"ranlib", ROLE_BUILD},        {"strip", ROLE_BUILD},            {"cmake", ROLE_BUILD},
	{"ccache", ROLE_BUILD},        {"sccache", ROLE_BUILD},          {"go", ROLE_BUILD},
	{"javac", ROLE_BUILD},
};

/* Linux keeps the first 15 bytes of a process name (comm): "build-script-bu". */
#define COMM_LEN 15

/* NAME starts with a target triple's architecture ("x86_64-linux-gnu-"): its length up to the
 * last '-' before END, else 0. */
static size_t triple_prefix(const char *name, size_t end)
{
	static const char *const archs[] = {"x86_64-", "i686-",  "i586-",    "i386-", "aarch64-", "arm",
					    "riscv",   "powerpc", "ppc",     "s390x-", "mips",     "loongarch64-",
					    "wasm32-", "sparc"};
	size_t dash = end;
	while (dash > 0 && name[dash - 1] != '-')
		dash--;
	for (size_t i = 0; dash > 1 && i < ARRAY_SIZE(archs); i++)
		if (strncmp(name, archs[i], strlen(archs[i])) == 0 && strlen(archs[i]) < dash)
			return dash;
	return 0;
}

/* NAME[0..LEN) as a tool is called: ".exe" dropped, and a target triple before it and a version
 * after it ("x86_64-linux-gnu-gcc-12") when what is left is a known name. */
static enum process_role role_of(const char *name, size_t len)
{
	if (len > 4 && strncmp(name + len - 4, ".exe", 4) == 0)
		len -= 4;
	size_t vlen = len; /* without "-12", "-14.0" */
	while (vlen > 0 && (name[vlen - 1] == '.' || (name[vlen - 1] >= '0' && name[vlen - 1] <= '9')))
		vlen--;
	vlen = vlen > 0 && vlen < len && name[vlen - 1] == '-' ? vlen - 1 : len;
	for (size_t i = 0; i < ARRAY_SIZE(process_roles); i++) {
		const char *r = process_roles[i].name;
		size_t n = strlen(r);
		for (size_t l = 0; l < 2; l++) {
			size_t have = l ? vlen : len;
			bool whole = have == n && strncmp(name, r, n) == 0;
			bool comm = have == COMM_LEN && n > COMM_LEN && strncmp(name, r, COMM_LEN) == 0;
			bool triple = have > n + 1 && triple_prefix(name, have) == have - n &&
				      strncmp(name + have - n, r, n) == 0;
			if (whole || comm || (triple && process_roles[i].role == ROLE_BUILD))
				return process_roles[i].role;
		}
	}
	return ROLE_PROGRAM;
}

/* Libraries named NAME[0..LEN): how many. */
static size_t libs_named(const struct profile *p, const char *name, size_t len)
{
	size_t hits = 0;
	for (size_t i = 0; i < p->libs.len; i++) {
		const char *ln = profile_str(p, p->libs.items[i].name);
		hits += strlen(ln) == len && memcmp(ln, name, len) == 0;
	}
	return hits;
}

/* CPU per process name: the threads' process_name string ids, summed over the
 * pids that share a name (rustc.exe run three times is one program). */
struct process_cpu {
	uint32_t name;
	int64_t cpu;
};

static size_t cpu_by_process(const struct profile *p, struct process_cpu *out, int64_t *total)
{
	size_t n = 0;
	*total = 0;
	int64_t *by_thread = xcalloc(p->threads.len + 1, sizeof(int64_t));
	for (size_t i = 0; i < p->sample_count; i++)
		if (p->sample_thread[i] < p->threads.len)
			by_thread[p->sample_thread[i]] += p->sample_values[SAMPLY_METRIC_CPU][i];
	for (size_t t = 0; t < p->threads.len; t++) {
		const struct pf_thread *th = &p->threads.items[t];
		if (th->excluded)
			continue;
		*total += by_thread[t];
		size_t k = 0;
		while (k < n && out[k].name != th->process_name)
			k++;
		if (k == n)
			out[n++] = (struct process_cpu){.name = th->process_name};
		out[k].cpu += by_thread[t];
	}
	free(by_thread);
	return n;
}

static double percent(int64_t v, int64_t total)
{
	return total > 0 ? 100.0 * (double)v / (double)total : 0.0;
}

static void mark(struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->libs.len; i++)
		if (strcmp(profile_str(p, p->libs.items[i].name), name) == 0)
			p->libs.items[i].flags |= PF_LIB_MAIN;
	for (size_t f = 0; f < p->funcs.len; f++) {
		uint32_t lib = p->funcs.items[f].lib;
		if (lib < p->libs.len && (p->libs.items[lib].flags & PF_LIB_MAIN))
			p->funcs.items[f].flags |= PF_FUNC_OWNED;
	}
	profile_seal(p); /* the function index keyed on the old flags */
}

/* The binaries of the profile's launchers and build tools other than CHOSEN: PF_LIB_TOOL, so
 * cargo beside rustc in a toolchain's bin/ is not rustc's code when rustc is the program. */
static void mark_tools(struct profile *p, const char *chosen)
{
	for (size_t t = 0; t < p->threads.len; t++) {
		const char *name = profile_str(p, p->threads.items[t].process_name);
		if (role_of(name, strlen(name)) == ROLE_PROGRAM || (chosen && strcmp(name, chosen) == 0))
			continue;
		for (size_t i = 0; i < p->libs.len; i++)
			if (strcmp(profile_str(p, p->libs.items[i].name), name) == 0 &&
			    !(p->libs.items[i].flags & PF_LIB_MAIN))
				p->libs.items[i].flags |= PF_LIB_TOOL;
	}
}

/* The "Binary" header line (its place is the loader's) and, when given, the reason on the next line. */
static void set_header(struct profile *p, const char *value, const char *why)
{
	size_t at = 0;
	while (at < p->info.len && strcmp(p->info.items[at].key, "Binary") != 0)
		at++;
	if (at == p->info.len)
		profile_add_info(p, "Binary", value);
	p->info.items[at].value = value;
	if (why == NULL)
		return;
	profile_add_info(p, "Binary chosen", why);
	struct pf_info line = p->info.items[p->info.len - 1];
	memmove(p->info.items + at + 2, p->info.items + at + 1, (p->info.len - at - 2) * sizeof(line));
	p->info.items[at + 1] = line;
}

/* Why meta.product PRODUCT (PROD: the library it names, or NULL) is not the binary. */
static const char *product_note(struct profile *p, const char *product, const char *prod, double share)
{
	if (prod == NULL)
		return product ? profile_printf(p, "meta.product %s names no library", product)
			       : "no meta.product";
	if (role_of(prod, strlen(prod)) == ROLE_LAUNCHER)
		return profile_printf(p, "meta.product %s is a launcher (%.1f%%)", prod, share);
	if (role_of(prod, strlen(prod)) == ROLE_BUILD)
		return profile_printf(p, "meta.product %s is a build's tool (%.1f%%)", prod, share);
	return profile_printf(p, "meta.product %s has %.1f%%", prod, share);
}

/* The build's tools in PROCS[0..N) by CPU, the two busiest with their shares: "rustc 58.1%,
 * rust-lld 9.0%, +2 more"; NULL when there is none. */
static const char *build_tools(struct profile *p, const struct process_cpu *procs, size_t n, int64_t total)
{
	const struct process_cpu *top[2] = {NULL, NULL};
	size_t count = 0;
	for (size_t k = 0; k < n; k++) {
		const char *name = profile_str(p, procs[k].name);
		if (procs[k].cpu <= 0 || role_of(name, strlen(name)) != ROLE_BUILD)
			continue;
		count++;
		if (top[0] == NULL || procs[k].cpu > top[0]->cpu)
			top[1] = top[0], top[0] = &procs[k];
		else if (top[1] == NULL || procs[k].cpu > top[1]->cpu)
			top[1] = &procs[k];
	}
	if (count == 0)
		return NULL;
	const char *s = profile_printf(p, "%s %.1f%%", profile_str(p, top[0]->name), percent(top[0]->cpu, total));
	if (top[1] != NULL)
		s = profile_printf(p, "%s, %s %.1f%%", s, profile_str(p, top[1]->name), percent(top[1]->cpu, total));
	return count > 2 ? profile_printf(p, "%s, +%zu more", s, count - 2) : s;
}

/* HAS_PRODUCT: the format has a product field (samply's meta.product), which the note on the
 * choice then mentions. */
static void choose_binary(struct profile *p, const char *want, const char *product, bool has_product)
{
	if (want != NULL) {
		if (libs_named(p, want, strlen(want)) > 0)
			mark(p, want);
		else
			profile_warn(p,
				     "--binary %s: no library of that name in the profile; the views of the "
				     "binary's own code are empty",
				     want);
		mark_tools(p, want);
		set_header(p, profile_strdup(p, want), NULL);
		return;
	}
	/* meta.product as written, or its first word ("firefox -P x") */
	const char *prod = NULL;
	if (product != NULL && libs_named(p, product, strlen(product)) > 0)
		prod = profile_strdup(p, product);
	else if (product != NULL && libs_named(p, product, strcspn(product, " ")) > 0)
		prod = profile_printf(p, "%.*s", (int)strcspn(product, " "), product);

	struct process_cpu *procs = xcalloc(p->threads.len + 1, sizeof(*procs));
	int64_t total, prod_cpu = 0;
	size_t n = cpu_by_process(p, procs, &total);
	/* A profile of a build (cargo run, make && ./prog): the program is what the build ran, not
	 * its compiler, however much CPU that took, when such a program ran at all. */
	const char *tools = build_tools(p, procs, n, total);
	const struct process_cpu *busiest = NULL, *ran = NULL;
	for (size_t k = 0; k < n; k++) {
		const char *name = profile_str(p, procs[k].name);
		if (prod != NULL && strcmp(name, prod) == 0)
			prod_cpu = procs[k].cpu;
		if (libs_named(p, name, strlen(name)) == 0)
			continue;
		if (busiest == NULL || procs[k].cpu > busiest->cpu)
			busiest = &procs[k];
		if (tools != NULL && procs[k].cpu > 0 && role_of(name, strlen(name)) == ROLE_PROGRAM &&
		    (ran == NULL || procs[k].cpu > ran->cpu))
			ran = &procs[k];
	}
	if (ran != NULL)
		busiest = ran;
	const char *bname = busiest ? profile_str(p, busiest->name) : NULL;
	bool other_busier = busiest != NULL &&
			    (prod == NULL || (busiest->cpu > prod_cpu && strcmp(bname, prod) != 0));
	bool prod_tool = prod != NULL && role_of(prod, strlen(prod)) != ROLE_PROGRAM;
	bool product_weak = prod == NULL || prod_tool || percent(prod_cpu, total) < PRODUCT_MIN_PERCENT;
	const char *chosen = prod, *why = NULL; /* meta.product: the header's Product line says why */
	if ((other_busier || (ran != NULL && prod_tool)) && product_weak) {
		chosen = bname;
		why = ran != NULL ? profile_printf(p, "the program the build ran (%.1f%%), not the build's tools "
						      "(%s)",
						   percent(busiest->cpu, total), tools)
				  : profile_printf(p, "the process with the most CPU (%.1f%%)",
						   percent(busiest->cpu, total));
		if (has_product)
			why = profile_printf(p, "%s; %s", why,
					     product_note(p, product, prod, percent(prod_cpu, total)));
	}
	free(procs);
	if (chosen != NULL)
		mark(p, chosen);
	mark_tools(p, chosen);
	set_header(p, chosen ? chosen : "(not found; name it with --binary)", why);
}

void samply_choose_binary(struct profile *p, const char *want, const char *product)
{
	choose_binary(p, want, product, true);
}

void samply_choose_binary_by_cpu(struct profile *p, const char *want)
{
	choose_binary(p, want, NULL, false);
}
