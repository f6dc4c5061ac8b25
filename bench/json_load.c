/* json_load.c: parse one file through profan's JSON layer and report time and
 * tree memory; bench/json.sh runs it beside node's JSON.parse. */
#include <stdio.h>
#include <time.h>

#include "profan/json.h"
#include "profan/source.h"
#include "input/json_test.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: json_load FILE\n");
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct source *src = source_open_file(argv[1]);
	if (src == NULL)
		return 1;
	struct json_doc *doc = json_parse(src, NULL);
	source_close(src);
	if (doc == NULL)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("parse %.3f s, tree %.1f MiB, values under root %zu\n", s, (double)json_doc_memory(doc) / (1 << 20),
	       json_len(json_doc_root(doc)));
	json_doc_free(doc);
	return 0;
}
