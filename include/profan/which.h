/* which.h: can exec(3) find a program, as a shell's PATH search would? */
#ifndef PROFAN_WHICH_H
#define PROFAN_WHICH_H

#include <stdbool.h>

/* NAME with a '/' as it is, else the first PATH folder (an empty one: ".") holding it;
 * true when that file is executable. Without PATH: /usr/bin:/bin. */
bool which_executable(const char *name);

#endif
