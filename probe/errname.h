/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ERRNAME_H
#define ERRNAME_H

/* "EPERM" for EPERM; "E<n>" for a number without a name here. */
const char *errname(int err);

#endif
