#!/bin/sh
# "Bring your own binary": run one program in every variant's guest and
# show, side by side, what differed.  The program goes into the guest with
# the shared libraries ldd resolves for it; it runs as a one-line scenario
# (exit status, stdout, stderr kept) from the pristine /etc.  With TRACE=1
# it runs under murun --mode=native --trace, so that each identity call it
# made is listed with what that kernel answered ("call:" lines).  ARGS is
# one line of words for the guest's sh (quotes and all); this script only
# writes it into the scenario file and never lets a host shell read it.
#
# usage: app.sh GEN_INIT_CPIO BUILD_DIR OUT_DIR QEMU TIMEOUT ACCEL TRACE \
#               APP ARGS VARIANT=KERNEL...
set -eu
gen=$1 build=$2 out=$3 qemu=$4 timeout=$5 accel=$6 trace=$7 app=$8 args=$9
shift 9
here=$(cd "$(dirname "$0")/.." && pwd)
[ -n "$app" ] || { echo "app: set APP=/path/to/program" >&2; exit 2; }
[ -f "$app" ] && [ -x "$app" ] || {
	echo "app: $app is not an executable file" >&2
	exit 2
}
# One line of the scenario file: a newline would start another directive.
case $args in
*'
'*) echo "app: ARGS has a newline; give one line of words for the guest's sh" >&2
	exit 2 ;;
esac
work=$build/app
rm -rf "$work" && mkdir -p "$work/scenarios"
name=$(basename "$app")
case $trace in
0) printf 'run /app/%s %s\n' "$name" "$args" ;;
1) printf 'run murun --mode=native --trace --output=/tmp/app.calls -- /app/%s %s\nstate cat /tmp/app.calls\n' \
	"$name" "$args" ;;
*) echo "app: TRACE must be 0 or 1, not '$trace'" >&2; exit 2 ;;
esac >"$work/scenarios/$name.scn"
printf '#!/bin/sh\nexec /apps/run /app/scenarios /etc.pristine\n' >"$work/30-app"
cat >"$work/app.list" <<EOL
elf	/app/$name	$app	0755
tree	/app/scenarios	$work/scenarios	-
file	/payload/30-app	$work/30-app	0755
file	/bin/murun	$build/murun/murun	0755
EOL
if ! ldd "$app" >/dev/null 2>&1 && file -L "$app" 2>/dev/null | grep -q dynamic; then
	echo "app: ldd cannot resolve the libraries of $app" >&2
	exit 2
fi
"$here/initramfs/mkinitramfs.sh" "$gen" "$here/initramfs/files.list:$work/app.list" \
	"$build" "$work/initramfs.cpio"

first=
for vk in "$@"; do
	v=${vk%%=*} k=${vk#*=}
	"$here/initramfs/boot-guest.sh" "$v" "$k" "$work/initramfs.cpio" \
		"$out/$v" "$timeout" "$accel" "$qemu" "$build/accel"
	"$here/initramfs/section.sh" "$out/$v/results.txt" app |
		sed -n 's/^# apps\.[^ ]* \(exit\|stdout\|stderr\)=/\1: /p
			s/^# apps\.[^ ]* state=cat [^ ]* => murun: /call: /p' >"$out/$v.txt"
	[ -n "$first" ] || first=$v
done
printf "== %s %s\n" "$name" "$args"
for vk in "$@"; do
	v=${vk%%=*}
	printf '%-20s exit %s\n' "$v" "$(sed -n 's/^exit: //p' "$out/$v.txt")"
done
for vk in "$@"; do
	v=${vk%%=*}
	[ "$v" = "$first" ] && continue
	if cmp -s "$out/$first.txt" "$out/$v.txt"; then
		echo "== $v: same as $first"
	else
		echo "== $v differs from $first:"
		diff -u --label "$first" --label "$v" "$out/$first.txt" "$out/$v.txt" |
			tail -n +3 || true
	fi
done
