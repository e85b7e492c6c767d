#!/bin/sh
# Boot one kernel variant with the guest image in QEMU and collect what the
# guest reported on its second channel.
#
# usage: boot-guest.sh VARIANT BZIMAGE INITRAMFS OUTDIR TIMEOUT ACCEL QEMU [CACHE]
# MU_GUEST_MEM: the guest's memory (default 256M; the corpus image needs more)
# MU_MACHINE, MU_CONSOLE, MU_RESULTS: the architecture's machine, console and
# second channel (default: a PC, ttyS0, ttyS1; a channel named hvc* is a
# virtio console, for machines with one UART)
# MU_CMDLINE: words added to the kernel's command line (the base's)
#
# ACCEL is kvm, tcg or auto.  auto trusts KVM only after a short test boot
# has ended by itself: on some hosts /dev/kvm exists but guests hang.  The
# verdict is cached in CACHE (default: OUTDIR's parent/.accel).
#
# Results land in OUTDIR only when complete.  Anything else (timeout, panic,
# missing end marker, garbage) leaves OUTDIR absent, keeps the evidence in
# OUTDIR.failed and exits 1 with a one-line reason and the console tail.
set -eu
variant=$1 kernel=$2 initrd=$3 out=$4 timeout=$5 accel=$6 qemu=$7

fail() {
	echo "boot: $variant: $1" >&2
	# The report names it too (mureport reads VARIANT.failed/reason).
	[ ! -d "$out.failed" ] || echo "$1" >"$out.failed/reason"
	if [ -s "$out.failed/console.log" ]; then
		echo "--- console tail ($out.failed/console.log) ---" >&2
		tr -d '\r' <"$out.failed/console.log" | tail -n 15 >&2
	fi
	exit 1
}

console=${MU_CONSOLE:-ttyS0} results=${MU_RESULTS:-ttyS1}
run_qemu() { # ACCEL DIR TIMEOUT APPEND
	ac=$1 d=$2 t=$3 ap=$4
	case $results in
	hvc*)	set -- -device virtio-serial-device \
			-chardev "file,id=res,path=$d/results.raw" \
			-device virtconsole,chardev=res ;;
	*)	set -- -serial "file:$d/results.raw" ;;
	esac
	# MU_MACHINE is words ("-M virt -cpu max"): split on purpose.
	# shellcheck disable=SC2086
	timeout -k 5 "$t" "$qemu" -accel "$ac" ${MU_MACHINE:--M pc} \
		-m "${MU_GUEST_MEM:-256M}" -smp 1 \
		-nodefaults -display none -no-reboot \
		-kernel "$kernel" -initrd "$initrd" \
		-append "console=$console panic=-1 muprobe.results=$results $ap" \
		-serial "file:$d/console.log" "$@" \
		</dev/null >"$d/qemu.log" 2>&1
}

cache=${8:-$(dirname "$out")/.accel}
if [ "$accel" = auto ]; then
	if [ -s "$cache" ]; then
		accel=$(cat "$cache")
	else
		accel=tcg
		if [ -w /dev/kvm ]; then
			t=$(mktemp -d)
			# No init at all: the kernel panics and, with panic=-1
			# and -no-reboot, QEMU ends within a second on a
			# working KVM.
			if run_qemu kvm "$t" 20 "rdinit=/muprobe-none" &&
			    grep -q 'No working init' "$t/console.log"; then
				accel=kvm
			fi
			rm -rf "$t"
		fi
		mkdir -p "$(dirname "$cache")"
		echo "$accel" >"$cache"
	fi
fi

rm -rf "$out" "$out.failed" "$out.tmp"
mkdir -p "$out.tmp"
rc=0
run_qemu "$accel" "$out.tmp" "$timeout" "${MU_CMDLINE:-}" || rc=$?
mv "$out.tmp" "$out.failed"
echo "$accel" >"$out.failed/accel"
[ $rc -ne 124 ] && [ $rc -ne 137 ] ||
	fail "guest timed out after ${timeout}s (stage boot, accel $accel)"
grep -q 'Kernel panic' "$out.failed/console.log" &&
	fail "kernel panic during boot (stage boot): $(grep -m1 'Kernel panic' "$out.failed/console.log" | tr -d '\r')"
[ $rc -eq 0 ] || fail "qemu exited with status $rc (stage boot): $(head -c 200 "$out.failed/qemu.log")"
tr -d '\r' <"$out.failed/results.raw" >"$out.failed/results.txt" ||
	fail "cannot write $out.failed/results.txt (disk full?)"
[ -s "$out.failed/results.txt" ] ||
	fail "guest reported nothing on $results (stage results)"
[ "$(head -n 1 "$out.failed/results.txt")" = "@@ muprobe-guest 1" ] ||
	fail "results do not start with '@@ muprobe-guest 1': garbage on $results (stage results)"
[ "$(tail -n 1 "$out.failed/results.txt")" = "@@ done" ] ||
	fail "results truncated: no '@@ done' end line (stage results)"
if LC_ALL=C grep -q '[^[:print:][:space:]]' "$out.failed/results.txt"; then
	fail "results contain non-text bytes: garbage on $results (stage results)"
fi
rm -f "$out.failed/results.raw"
mv "$out.failed" "$out"
