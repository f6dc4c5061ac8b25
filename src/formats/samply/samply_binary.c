/* samply_binary.c: which library is the user's own program in a samply
 * profile (samply.h: samply_choose_binary). Decided once every sample is in,
 * from the CPU each process used, so `samply record cargo run` reports the
 * program cargo ran, not cargo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samply.h"

/* Below this share of the CPU, meta.product is not what the profile is about
 * when another process used more. */
#define PRODUCT_MIN_PERCENT 10.0

/* Programs that start the one being measured and do little themselves. */
static const char *const launchers[] = {
	"cargo", "cargo-nextest", "rustup", "just", "make", "ninja", "env", "time", "sudo", "nice", "taskset",
	"sh", "bash", "dash", "zsh", "fish", "cmd", "powershell", "pwsh",
};

static bool is_launcher(const char *name, size_t len)
{
	if (len > 4 && strncmp(name + len - 4, ".exe", 4) == 0)
		len -= 4;
	for (size_t i = 0; i < ARRAY_SIZE(launchers); i++)
		if (strlen(launchers[i]) == len && strncmp(launchers[i], name, len) == 0)
			return true;
	return false;
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
	if (is_launcher(prod, strlen(prod)))
		return profile_printf(p, "meta.product %s is a launcher (%.1f%%)", prod, share);
	return profile_printf(p, "meta.product %s has %.1f%%", prod, share);
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
	const struct process_cpu *busiest = NULL;
	for (size_t k = 0; k < n; k++) {
		const char *name = profile_str(p, procs[k].name);
		if (prod != NULL && strcmp(name, prod) == 0)
			prod_cpu = procs[k].cpu;
		if (libs_named(p, name, strlen(name)) > 0 && (busiest == NULL || procs[k].cpu > busiest->cpu))
			busiest = &procs[k];
	}
	const char *bname = busiest ? profile_str(p, busiest->name) : NULL;
	bool other_busier = busiest != NULL &&
			    (prod == NULL || (busiest->cpu > prod_cpu && strcmp(bname, prod) != 0));
	bool product_weak = prod == NULL || is_launcher(prod, strlen(prod)) ||
			    percent(prod_cpu, total) < PRODUCT_MIN_PERCENT;
	const char *chosen = prod, *why = NULL; /* meta.product: the header's Product line says why */
	if (other_busier && product_weak) {
		chosen = bname;
		why = has_product ? profile_printf(p, "the process with the most CPU (%.1f%%); %s",
						   percent(busiest->cpu, total),
						   product_note(p, product, prod, percent(prod_cpu, total)))
				  : profile_printf(p, "the process with the most CPU (%.1f%%)",
						   percent(busiest->cpu, total));
	}
	free(procs);
	if (chosen != NULL)
		mark(p, chosen);
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
