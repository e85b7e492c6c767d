// SPDX-License-Identifier: GPL-2.0
/*
 * murun's processes when someone has to answer: the notifying modes
 * (--trace, --mode=compat) and --mode=native.  Three of them:
 *
 *   murun       what the caller started and waits for: it forwards the
 *               signals it is sent to the program and exits with the
 *               program's status as soon as the program exits
 *   supervisor  answers (or traces) the filtered calls; it dies with
 *               murun until the program has exited (PR_SET_PDEATHSIG),
 *               then goes on alone for as long as any filtered process
 *               the program left behind lives (a daemon): "followed"
 *   program     dies with the supervisor (PR_SET_PDEATHSIG), so it never
 *               runs on unanswered: a filtered call with nobody to answer
 *               gets ENOSYS, which is not what compat mode means
 *
 * In native mode every descendant is a tracee and PTRACE_O_EXITKILL takes
 * them all with the supervisor.  In the notifying modes a process the
 * program forked survives a SIGKILL of murun and then gets ENOSYS; the
 * catchable signals murun forwards leave the supervisor in place.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "murun.h"

/* What murun passes on; a terminal sends these to the whole group. */
static const int forwarded[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
};

/* Set before the handler that reads it is installed. */
static pid_t program;
static int report_fd = -1;
/* --summary: the program's stderr (a pipe), and murun's own stderr. */
static int err_pipe[2] = { -1, -1 };
static FILE *err_out;

int mu_stderr_fd(void)
{
	return err_pipe[0];
}

int mu_forward_stderr(void)
{
	char buf[4096];
	ssize_t n = read(err_pipe[0], buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return -1;
	if (n <= 0) {
		close(err_pipe[0]);
		err_pipe[0] = -1;
		return 0;
	}
	fwrite(buf, 1, n, err_out);
	fflush(err_out);
	mu_sum_stderr(buf, n);
	return 1;
}

static int send_fd(int sock, int fd)
{
	char buf[CMSG_SPACE(sizeof(int))] = { 0 }, c = 0;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);

	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(h), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char buf[CMSG_SPACE(sizeof(int))], c;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *h;
	int fd;

	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	h = CMSG_FIRSTHDR(&m);
	if (!h || h->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(h), sizeof(int));
	return fd;
}

/* Become ARGV[0]; returns only on failure, with 127 as a shell would. */
int mu_exec(char **argv)
{
	execvp(argv[0], argv);
	fprintf(stderr, "murun: cannot run %s: %s\n", argv[0],
		strerror(errno));
	return 127;
}

/*
 * The supervisor: the program has exited (CODE as murun reports it).  From
 * now on it no longer dies with murun, and murun may exit.
 */
void mu_program_exited(int code)
{
	if (report_fd < 0)
		return;
	/*
	 * What it wrote before it exited is in the pipe; a daemon it left
	 * may hold the pipe open, so read only what is there.
	 */
	if (err_out) {
		if (err_pipe[0] >= 0)
			fcntl(err_pipe[0], F_SETFL, O_NONBLOCK);
		while (err_pipe[0] >= 0 && mu_forward_stderr() > 0)
			;
		mu_sum_print(err_out, code);
	}
	prctl(PR_SET_PDEATHSIG, 0);
	/* A trace cut by a write error is no trace: murun says so, not 0. */
	if (mu_out_errno)
		code = -mu_out_errno;
	if (write(report_fd, &code, sizeof(code)) != sizeof(code))
		perror("murun: cannot report the exit status");
	close(report_fd);
	report_fd = -1;
}

static void forward(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	/* From the terminal (SI_KERNEL) the program has it already. */
	if (si->si_code != SI_KERNEL && program > 0)
		kill(program, sig);
}

/* The program's process: filter, hand over the listener, exec. */
static void start_program(const struct mu_args *a, pid_t parent, int sv,
			  const struct sigaction *old)
{
	size_t i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(forwarded); i++)
		sigaction(forwarded[i], &old[i], NULL);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(125);
	if (a->native && (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP)))
		_exit(125);
	if (a->summary && dup2(err_pipe[1], 2) < 0)
		_exit(125);
	fd = mu_load_mode(a);
	if (fd < 0) {
		perror("murun: cannot load the filter");
		_exit(125);
	}
	if (!a->native) {
		if (send_fd(sv, fd))
			_exit(125);
		close(fd);
		close(sv);
	}
	_exit(mu_exec(a->program));
}

/* The supervisor's process; reports to REPORT, returns when all is done. */
static void supervisor(const struct mu_args *a, const struct sigaction *old)
{
	struct sigaction ign = { .sa_handler = SIG_IGN };
	int sv[2] = { -1, -1 }, fd, st, null, code;
	pid_t self = getpid(), pid;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(forwarded); i++)
		sigaction(forwarded[i], &ign, NULL);
	if (!a->native && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC,
				     0, sv)) {
		perror("murun: socketpair");
		return;
	}
	if (a->summary) {
		fd = dup(2);
		err_out = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (!err_out || pipe2(err_pipe, O_CLOEXEC)) {
			perror("murun: --summary");
			return;
		}
	}
	pid = fork();
	if (pid < 0) {
		perror("murun: fork");
		return;
	}
	if (pid == 0)
		start_program(a, self, sv[1], old);
	if (write(report_fd, &pid, sizeof(pid)) != sizeof(pid))
		return;
	if (err_pipe[1] >= 0)
		close(err_pipe[1]);
	/* The program has them; a daemon's caller must not wait for ours. */
	null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		if (mu_out != stderr)
			dup2(null, 2);
		close(null);
	}
	if (a->native) {
		code = trace_native(pid, a->status);
		/* Only if it never saw the program exit. */
		mu_program_exited(code);
		return;
	}
	close(sv[1]);
	fd = recv_fd(sv[0]);
	close(sv[0]);
	if (fd >= 0) {
		supervise(fd, a, pid);
		close(fd);
	}
	if (report_fd >= 0 && waitpid(pid, &st, 0) == pid)
		mu_program_exited(mu_status_of(st));
}

int mu_status_of(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int mu_supervised(const struct mu_args *a)
{
	struct sigaction old[ARRAY_SIZE(forwarded)];
	struct sigaction fwd = { .sa_sigaction = forward,
				 .sa_flags = SA_SIGINFO | SA_RESTART };
	pid_t self = getpid(), sup;
	int p[2], code;
	size_t i;
	ssize_t n;

	for (i = 0; i < ARRAY_SIZE(forwarded); i++)
		sigaction(forwarded[i], NULL, &old[i]);
	if (pipe2(p, O_CLOEXEC)) {
		perror("murun: pipe");
		return 125;
	}
	sup = fork();
	if (sup < 0) {
		perror("murun: fork");
		return 125;
	}
	if (sup == 0) {
		close(p[0]);
		report_fd = p[1];
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != self)
			_exit(125);
		supervisor(a, old);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], &program, sizeof(program)) != sizeof(program)) {
		fprintf(stderr, "murun: the supervisor did not start the program\n");
		return 125;
	}
	/* Only an ignored signal stays ignored, as it would for the program. */
	for (i = 0; i < ARRAY_SIZE(forwarded); i++)
		if (old[i].sa_handler != SIG_IGN)
			sigaction(forwarded[i], &fwd, NULL);
	do
		n = read(p[0], &code, sizeof(code));
	while (n < 0 && errno == EINTR);
	if (n != sizeof(code)) {
		fprintf(stderr, "murun: the supervisor died before the program exited\n");
		return 125;
	}
	if (code < 0) {
		fprintf(stderr, "murun: cannot write the trace to %s: %s; it is incomplete\n",
			a->output ? a->output : "stderr", strerror(-code));
		return 125;
	}
	return code;
}
