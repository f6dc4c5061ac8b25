/* interrupt_int.h: what the progress line tells the interrupt handler (interrupt.c); inside
 * src/base/ only. */
#ifndef PROFAN_BASE_INTERRUPT_INT_H
#define PROFAN_BASE_INTERRUPT_INT_H

#include <stdbool.h>

/* The progress line is on screen (true) or erased (false). */
void interrupt_line_shown(bool shown);

#endif
