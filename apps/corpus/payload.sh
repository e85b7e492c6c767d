#!/bin/sh
# The corpus of Debian programs (apps/corpus/), on loopback, the whole run
# under murun's native trace: the kernel answers every call, and the trace
# names the first identity call a program was refused.
# A kernel without networking (no /proc/net: NET off) still runs every
# program: the daemons then fail as they would there.  Anywhere else, lo
# down is a broken image, not a verdict.
if [ ! -d /proc/net ]; then
	echo "corpus: no networking in this kernel; the programs run without lo" >&2
elif ! ip link set lo up; then
	echo "corpus: cannot bring up lo" >&2
	exit 1
fi
# murun stops the identity calls with a seccomp filter.  A kernel without
# one (CONFIG_SECCOMP_FILTER=n: no Seccomp_filters line) still runs every
# program, judged on what it does; only the refused call goes unnamed.
if ! grep -q '^Seccomp_filters:' /proc/self/status; then
	echo "corpus: no seccomp filter in this kernel; the programs run without murun, no call named" >&2
	exec /apps/corpus/run /apps/corpus
fi
exec /bin/murun --mode=native --trace --output=/tmp/murun.trace -- \
	env MU_CORPUS_TRACE=/tmp/murun.trace /apps/corpus/run /apps/corpus
