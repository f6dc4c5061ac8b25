/* libowntool_driver.c: the work of `owntool`, in a shared library beside its thin launcher,
 * the way rustc keeps its code in librustc_driver-*.so (profan issue 13).
 *
 * Design (shares of CPU, see tests/ownership/EXPECTED.md for the measured ones), one thread:
 * - mix_block: the dominant function (~40%), a multiply-rotate loop;
 * - build_list: the allocation hot spot: a malloc per item plus a malloc'd string (strdup);
 * - sort_items: qsort (libc) calling back the library's comparator cmp_items, whose
 *   `return strcmp(...)` is a tail call: strcmp's samples have sort_items as nearest frame;
 * - format_items: snprintf into a buffer (libc's vfprintf);
 * - free_list: free per item. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item {
	char *name;
	uint64_t weight;
	struct item *next;
};

__attribute__((noinline)) static uint64_t mix_block(const uint64_t *data, size_t n, unsigned rounds)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL;
	for (unsigned r = 0; r < rounds; r++)
		for (size_t i = 0; i < n; i++) {
			h = (h ^ data[i]) * 0x100000001b3ULL;
			h = ((h << 23) | (h >> 41)) + i;
		}
	return h;
}

__attribute__((noinline)) static struct item *build_list(size_t n, uint64_t seed)
{
	struct item *head = NULL;
	char buf[64];
	uint64_t s = seed;
	for (size_t i = 0; i < n; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		struct item *it = malloc(sizeof *it);
		snprintf(buf, sizeof buf, "item-%05llu-%zu", (unsigned long long)((s >> 33) % 20000), i % 7);
		it->name = strdup(buf);
		it->weight = s >> 40;
		it->next = head;
		head = it;
	}
	return head;
}

static int cmp_items(const void *a, const void *b)
{
	const struct item *x = *(const struct item *const *)a, *y = *(const struct item *const *)b;
	return strcmp(x->name, y->name);
}

__attribute__((noinline)) static struct item **sort_items(struct item *head, size_t n)
{
	struct item **v = malloc(n * sizeof *v);
	size_t k = 0;
	for (struct item *it = head; it; it = it->next)
		v[k++] = it;
	qsort(v, k, sizeof *v, cmp_items);
	return v;
}

__attribute__((noinline)) static size_t format_items(struct item **v, size_t n)
{
	char line[128];
	size_t total = 0;
	for (size_t i = 0; i < n; i += 2)
		total += (size_t)snprintf(line, sizeof line, "%-20s %12llu %8.3f\n", v[i]->name,
					  (unsigned long long)v[i]->weight, (double)v[i]->weight / 7.0);
	return total;
}

__attribute__((noinline)) static void free_list(struct item *head)
{
	while (head) {
		struct item *next = head->next;
		free(head->name);
		free(head);
		head = next;
	}
}

int owntool_main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 10;
	static uint64_t data[4096];
	for (size_t i = 0; i < 4096; i++)
		data[i] = i * 0x9e3779b97f4a7c15ULL;
	uint64_t acc = 0;
	for (int round = 0; round < scale; round++) {
		const size_t n = 20000;
		struct item *head = build_list(n, (uint64_t)round);
		struct item **v = sort_items(head, n);
		acc ^= format_items(v, n);
		free(v);
		free_list(head);
		acc ^= mix_block(data, 4096, 1200);
	}
	printf("owntool: %#llx\n", (unsigned long long)acc);
	return 0;
}
