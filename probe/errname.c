// SPDX-License-Identifier: GPL-2.0
/*
 * errno names ("EPERM"), the same on every libc: the report compares them
 * across guests, and murun prints them too.
 */
#include <errno.h>
#include <stdio.h>

#include "errname.h"

static const char *const names[] = {
	[EPERM] = "EPERM", [ENOENT] = "ENOENT", [ESRCH] = "ESRCH",
	[EINTR] = "EINTR", [EIO] = "EIO", [ENXIO] = "ENXIO", [E2BIG] = "E2BIG",
	[ENOEXEC] = "ENOEXEC", [EBADF] = "EBADF", [ECHILD] = "ECHILD",
	[EAGAIN] = "EAGAIN", [ENOMEM] = "ENOMEM", [EACCES] = "EACCES",
	[EFAULT] = "EFAULT", [EBUSY] = "EBUSY", [EEXIST] = "EEXIST",
	[EXDEV] = "EXDEV", [ENODEV] = "ENODEV", [ENOTDIR] = "ENOTDIR",
	[EISDIR] = "EISDIR", [EINVAL] = "EINVAL", [ENFILE] = "ENFILE",
	[EMFILE] = "EMFILE", [ENOTTY] = "ENOTTY", [EFBIG] = "EFBIG",
	[ENOSPC] = "ENOSPC", [ESPIPE] = "ESPIPE", [EROFS] = "EROFS",
	[EMLINK] = "EMLINK", [EPIPE] = "EPIPE", [EDOM] = "EDOM",
	[ERANGE] = "ERANGE", [EDEADLK] = "EDEADLK",
	[ENAMETOOLONG] = "ENAMETOOLONG", [ENOLCK] = "ENOLCK",
	[ENOSYS] = "ENOSYS", [ENOTEMPTY] = "ENOTEMPTY", [ELOOP] = "ELOOP",
	[ENOMSG] = "ENOMSG", [EIDRM] = "EIDRM", [ENODATA] = "ENODATA",
	[EOVERFLOW] = "EOVERFLOW", [EILSEQ] = "EILSEQ", [EUSERS] = "EUSERS",
	[ENOTSOCK] = "ENOTSOCK", [EDESTADDRREQ] = "EDESTADDRREQ",
	[EMSGSIZE] = "EMSGSIZE", [EPROTOTYPE] = "EPROTOTYPE",
	[ENOPROTOOPT] = "ENOPROTOOPT", [EPROTONOSUPPORT] = "EPROTONOSUPPORT",
	[EOPNOTSUPP] = "EOPNOTSUPP", [EAFNOSUPPORT] = "EAFNOSUPPORT",
	[EADDRINUSE] = "EADDRINUSE", [ENOTCONN] = "ENOTCONN",
	[ETIMEDOUT] = "ETIMEDOUT", [ECONNREFUSED] = "ECONNREFUSED",
	[EALREADY] = "EALREADY", [EINPROGRESS] = "EINPROGRESS",
	[ESTALE] = "ESTALE", [EDQUOT] = "EDQUOT", [ECANCELED] = "ECANCELED",
	[ENOKEY] = "ENOKEY", [EOWNERDEAD] = "EOWNERDEAD",
};

const char *errname(int err)
{
	static char buf[16];

	if (err > 0 && err < (int)(sizeof(names) / sizeof(names[0])) && names[err])
		return names[err];
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}
