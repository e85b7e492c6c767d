/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading what a guest reported: the "@@"-framed results file, its KTAP
 * sections, and the "# <id> <key>=<value>" observations in them.
 */
#ifndef MUREPORT_RESULTS_H
#define MUREPORT_RESULTS_H

#include <jansson.h>

/*
 * Parse OUT_DIR/VARIANT/results.txt into
 *   { "status": "complete"|"incomplete", "reason": "...",
 *     "kernel": { key: value },
 *     "probe":  { id: { "verdict":, "reason":, "obs": { key: value } } },
 *     "order":  [ probe ids in output order ],
 *     "sweep":  { abi: { name: { "nr":, "result": } } },
 *     "apps":   { id: { "cmd":, "exit":, "output": [lines], "note": } },
 *     "app_order": [ ids ],
 *     "corpus": { id: { "verdict":, "reason":, "message":, "call":,
 *                       "procs": [lines], "output": [lines], ... } },
 *     "corpus_order": [ ids ],
 *     "debian": { id: { key: value, "procs": [lines] } },
 *     "debian_order": [ ids ] }
 * WANT: the RESULTS_ sections that must have run to their end.
 * A missing, truncated or garbled file gives status "incomplete" and the
 * reason; whatever could be read is kept, nothing is invented.
 */
#define RESULTS_PROBE	1
#define RESULTS_APPS	2
#define RESULTS_CORPUS	4
#define RESULTS_DEBIAN	8
json_t *results_load(const char *out_dir, const char *variant, int want);

#endif
