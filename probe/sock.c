// SPDX-License-Identifier: GPL-2.0
/*
 * UNIX-socket peer credentials, the basis of D-Bus-style authentication:
 * SO_PEERCRED and SCM_CREDENTIALS.  A server trusts what the kernel says
 * the peer's uid is; a single-user kernel says 0 for everyone.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

struct sun {
	unsigned short family;
	char path[108];
};

/* A client that became nobody connects; what does SO_PEERCRED say? */
static void peercred(const struct probe *p)
{
	struct sun a = { AF_UNIX, "\0muprobe.peercred" };
	struct ucred uc = { 0 };
	socklen_t len = sizeof(uc);
	int ls, cs, pfd[2], st;
	long r = -1;
	pid_t pid;
	char c = 0;

	(void)p;
	ls = socket(AF_UNIX, SOCK_STREAM, 0);
	if (ls < 0 || bind(ls, (void *)&a, sizeof(a)) || listen(ls, 1) ||
	    pipe(pfd))
		skip("cannot listen on a UNIX socket: %s", errname(errno));
	pid = fork();
	if (pid == 0) {
		r = rawcall(SYS_setresuid, NOBODY, NOBODY, NOBODY);
		if (write(pfd[1], &r, sizeof(r)) < 0)
			_exit(1);
		cs = socket(AF_UNIX, SOCK_STREAM, 0);
		connect(cs, (void *)&a, sizeof(a));
		if (read(cs, &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	if (read(pfd[0], &r, sizeof(r)) != sizeof(r))
		loud("the client died");
	cs = accept(ls, NULL, NULL);
	if (getsockopt(cs, SOL_SOCKET, SO_PEERCRED, &uc, &len))
		loud("SO_PEERCRED failed: %s", errname(errno));
	close(cs);
	waitpid(pid, &st, 0);
	obs("client_setresuid", "%s", r ? "-1" : "0");
	obs("peer_uid_gid", "%u %u", uc.uid, uc.gid);
	if (r)
		loud("the client's setresuid failed, so the server sees uid %u",
		     uc.uid);
	if (uc.uid != NOBODY)
		silent("client became nobody, server sees uid %u", uc.uid);
	same("server sees the client's uid");
}

/* Root may claim any uid in SCM_CREDENTIALS; the receiver must see it. */
static void scm_creds(const struct probe *p)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} u;
	struct ucred uc = { .pid = getpid(), .uid = NOBODY, .gid = NOBODY };
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	char x;
	int sv[2], one = 1;
	ssize_t r;

	(void)p;
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		skip("socketpair: %s (UNIX sockets off?)", errname(errno));
	setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_CREDENTIALS;
	c->cmsg_len = CMSG_LEN(sizeof(uc));
	memcpy(CMSG_DATA(c), &uc, sizeof(uc));
	r = sendmsg(sv[0], &m, 0);
	obs_ret("sendmsg", r);
	if (r < 0)
		loud("sendmsg with SCM_CREDENTIALS uid 65534 failed: %s",
		     errname(errno));
	iov.iov_base = &x;
	m.msg_controllen = sizeof(u.buf);
	memset(u.buf, 0, sizeof(u.buf));
	r = recvmsg(sv[1], &m, 0);
	c = CMSG_FIRSTHDR(&m);
	if (r < 0 || !c || c->cmsg_type != SCM_CREDENTIALS)
		loud("no credentials received: %s", errname(errno));
	memcpy(&uc, CMSG_DATA(c), sizeof(uc));
	obs("received_uid_gid", "%u %u", uc.uid, uc.gid);
	if (uc.uid != NOBODY || uc.gid != NOBODY)
		silent("root sent uid/gid 65534, the receiver sees %u %u",
		       uc.uid, uc.gid);
	same("receiver sees the claimed ids");
}

static const struct probe rows[] = {
	{ "sock.peercred", "sock",
	  "client setresuid(65534) then connects; server reads SO_PEERCRED",
	  "the server sees uid 65534", peercred, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SETUID) },
	{ "sock.scm_credentials", "sock",
	  "root sends SCM_CREDENTIALS claiming uid/gid 65534",
	  "allowed for CAP_SETUID/CAP_SETGID; the receiver sees 65534 65534",
	  scm_creds, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SETUID) | NEED_CAP(CAP_SETGID) },
};

PROBE_SET(sock_set, rows);
