/* path.h: file paths as text, never touching the file system: the paths a
 * profile names (DWARF file names, library paths) belong to another machine.
 *
 *   path_normalize("/rustc/h/library/std/src/../../backtrace/x.rs") -> "/rustc/h/backtrace/x.rs"
 *   path_join_normalize("/home/dev/build", "src/main.rs")          -> "/home/dev/build/src/main.rs"
 *   path_join_normalize("./malloc", "../include/x.h")              -> "include/x.h" */
#ifndef PROFAN_PATH_H
#define PROFAN_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* PATH without "." segments, repeated slashes, a trailing slash and "dir/.." pairs
 * (malloc'd). An absolute path stays absolute ("/.." is "/"); a relative one keeps
 * the ".." segments it cannot resolve; nothing left is ".". */
char *path_normalize(const char *path);
/* REL when it is absolute or DIR is NULL or empty, else DIR/REL; normalised (malloc'd). */
char *path_join_normalize(const char *dir, const char *rel);
/* True if PATH is DIR or lies below it ("/a/b" is under "/a" and "/", not under "/a/b2"). */
bool path_is_under(const char *path, const char *dir);
/* Length of DIR's text when PATH lies strictly below it, else 0: the prefix a
 * display leaves out ("/a/b/c.rs" below "/a" -> 2, and "c.rs" shows as "b/c.rs"). */
size_t path_prefix_len(const char *path, const char *dir);

#endif
