#!/bin/sh
# The corpus of Debian programs (apps/corpus/), on loopback, the whole run
# under murun's native trace: the kernel answers every call, and the trace
# names the first identity call a program was refused.
ip link set lo up || { echo "corpus: cannot bring up lo" >&2; exit 1; }
exec /bin/murun --mode=native --trace --output=/tmp/murun.trace -- \
	env MU_CORPUS_TRACE=/tmp/murun.trace /apps/corpus/run /apps/corpus
