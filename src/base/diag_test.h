/* diag_test.h: the fuzzers' switch of where diagnostics go (diag.h); not part of the contract. */
#ifndef PROFAN_BASE_DIAG_TEST_H
#define PROFAN_BASE_DIAG_TEST_H

#include <stdio.h>

/* Where the lines go instead of stderr (NULL: stderr again); the fuzz targets check them. */
void pf_set_output(FILE *f);

#endif
