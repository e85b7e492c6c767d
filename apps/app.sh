#!/bin/sh
# "Bring your own binary": run one program in every variant's guest, on
# every kernel version, and judge each variant against stock Linux
# (multiuser) in the report's words: like Linux, loud, silent, baseline
# fails (apps/app-verdict.py).  The argument vector reaches the guest
# unchanged: each word is single-quoted here into a script in the image,
# and no host shell ever reads it.
#
# usage: apps/app.sh [OPTION...] -- PROGRAM [ARG...]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)

usage() {
	cat <<'EOF'
usage: apps/app.sh [OPTION...] -- PROGRAM [ARG...]
Run PROGRAM with exactly ARG... in every variant's guest (QEMU) and say,
per variant, whether it behaves like stock Linux (multiuser).
  --kver=K          a kernel version (repeatable; default: the Makefile's KVERS)
  --variants='V...' the variants (default: the Makefile's VARIANTS)
  --base=BASE       the kernel base (default: tiny)
  --name=NAME       results in out/x86_64/KVER/BASE/app/NAME/ (default: PROGRAM's name)
  --expect-exit=N   the exit status of a working run on stock Linux (default 0)
  --timeout=S       seconds the program may run in a guest (default 20)
  --no-trace        run it bare, not under murun --mode=native --trace --status
  --package=PKG     add every file of the Debian package PKG: the host's
                    (dpkg -L) when installed, else PKG and what it depends
                    on fetched and unpacked as the corpus's packages are
                    (build/app-packages/), nothing installed; PROGRAM may
                    then be one of its files
  --own-package     add every file of the package that owns PROGRAM
  --add=PATH        add a file or a folder of the host at the same path
  --user=NAME       add the host's user or group NAME to the guest's /etc
  --args=STRING     ARG... as one string, split as sh splits quoted words,
                    nothing expanded (what make app's ARGS uses)
Exit status: 0 every variant like Linux, 1 any differs (loud or silent),
2 nothing could be judged (baseline fails, a guest run was cut short, bad
usage).
EOF
}

die() { echo "app: $*" >&2; exit 2; }

kvers= variants= base= name= expect=0 limit=20 trace=1 own=0 argstr= have_args=0
pkgs= adds= users=
while [ $# -gt 0 ]; do
	case $1 in
	--kver=*) kvers="$kvers ${1#*=}" ;;
	--variants=*) variants=${1#*=} ;;
	--base=*) base=${1#*=} ;;
	--name=*) name=${1#*=} ;;
	--expect-exit=*) expect=${1#*=} ;;
	--timeout=*) limit=${1#*=} ;;
	--no-trace) trace=0 ;;
	--package=*) pkgs="$pkgs ${1#*=}" ;;
	--own-package) own=1 ;;
	--add=*) case $1 in *[[:space:]]*) die "--add: a path with spaces cannot go into the image list" ;; esac
		adds="$adds ${1#*=}" ;;
	--user=*) users="$users ${1#*=}" ;;
	--args=*) argstr=${1#*=} have_args=1 ;;
	-h|--help) usage; exit 0 ;;
	--) shift; break ;;
	*) usage >&2; die "unknown option '$1' (the program goes after --)" ;;
	esac
	shift
done
[ $# -gt 0 ] && [ -n "$1" ] ||
	{ usage >&2; die "no program given (apps/app.sh -- PROGRAM ARG..., or make app APP=...)"; }
app=$1
shift
# Packages the host has not installed: fetched with their dependencies
# and unpacked (initramfs/fetch-debs.sh), one folder per set of them.
fetched= pkgroot= pkgdir=
for p in $pkgs; do
	dpkg -L "$p" >/dev/null 2>&1 && continue
	apt-cache show "$p" >/dev/null 2>&1 ||
		die "--package $p: not installed, and apt knows no such package (apt-get update?)"
	fetched="$fetched $p"
done
if [ -n "$fetched" ]; then
	debarch=$(dpkg --print-architecture)
	pkgdir=$here/build/app-packages/$debarch/$(printf '%s\n' $fetched | LC_ALL=C sort -u | paste -sd+ -)
	mkdir -p "$pkgdir"
	# make check judges two versions at once, with the same packages.
	flock "$pkgdir/.lock" sh -c 'echo "package$1" >"$2/wanted" &&
		"$3/initramfs/fetch-debs.sh" "$2" "$4" "$2/wanted"' sh \
		"$fetched" "$pkgdir" "$here" "$debarch" >&2 ||
		die "--package$fetched: cannot fetch (see above)"
	pkgroot=$pkgdir/root
fi
# PROGRAM from a fetched package: its path in the unpacked root (Debian
# 12 merges /usr: /bin/x may be /usr/bin/x there).
in_pkgroot() {
	[ -n "$pkgroot" ] || return 1
	for c in "$1" "/usr$1"; do
		[ -f "$pkgroot$c" ] && [ -x "$pkgroot$c" ] && { echo "$c"; return 0; }
	done
	return 1
}
fromroot=0
case $app in
*/*) r=$(in_pkgroot "$app") && app=$r fromroot=1 ;;
*) for d in /usr/bin /usr/sbin /usr/games; do
	r=$(in_pkgroot "$d/$app") && { app=$r fromroot=1; break; }
   done
   [ $fromroot = 1 ] || { prog=$app; app=$(command -v "$prog" 2>/dev/null) ||
	die "$prog is not in PATH${fetched:+ nor in$fetched}"; } ;;
esac
if [ $fromroot = 0 ]; then
	[ -f "$app" ] && [ -x "$app" ] || die "$app is not an executable file"
	app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")
fi
case $expect in ''|*[!0-9]*) die "--expect-exit wants a number, not '$expect'" ;; esac
case $limit in ''|*[!0-9]*|0) die "--timeout wants seconds, not '$limit'" ;; esac
[ -n "$name" ] || name=$(basename "$app")
case $name in
''|.*|*[!A-Za-z0-9._+-]*) die "--name '$name': use letters, digits and ._+-" ;;
esac
case $app in *[[:space:]]*) die "$app: a path with spaces cannot go into the image list" ;; esac

# The command line for the guest's sh: every word single-quoted, so that
# spaces, quotes, newlines, ';' and '$(...)' are the program's, not sh's.
quote() {
	printf "'"
	printf '%s' "$1" | sed "s/'/'\\\\''/g"
	printf "'"
}
cmdline() {
	quote "$app"
	for a in "$@"; do printf ' '; quote "$a"; done
}
if [ "$have_args" = 1 ]; then
	[ $# -eq 0 ] || die "give the arguments after -- or with --args, not both"
	words=$(python3 -c 'import shlex, sys
try:
	print(" ".join(shlex.quote(w) for w in shlex.split(sys.argv[1])), end="")
except ValueError as e:
	sys.exit(f"app: ARGS: {e} (quote as in sh; nothing is expanded)")
' "$argstr") || exit 2
	line="$(quote "$app") $words"
else
	line=$(cmdline "$@")
fi

mk() { make -s --no-print-directory -C "$here" ${base:+BASE=$base} \
	${variants:+"VARIANTS=$variants"} "$@"; }
[ -n "$kvers" ] || kvers=$(mk print-KVERS)

# A folder of its own: make check runs it for two versions at once.
mkdir -p "$here/build/app"
work=$(mktemp -d "$here/build/app/$name.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/scenarios" "$work/etc"
# The guest's /etc, with the users and groups the program names: any
# argument word (or part of one split at : , =) that is a user or group of
# this host but not of the guest, and every --user.
cp -a "$here/apps/etc/." "$work/etc/"
words_of() { printf '%s\n' "$line" | tr "' :,=" '\n\n\n\n\n'; }
for u in $users $(words_of | grep -E '^[A-Za-z_][A-Za-z0-9_.-]*\$?$' | sort -u); do
	found=0
	if ! grep -q "^$u:" "$work/etc/passwd" && getent passwd "$u" >"$work/pw"; then
		cat "$work/pw" >>"$work/etc/passwd"
		echo "$u:*:19000:0:99999:7:::" >>"$work/etc/shadow"
		gid=$(cut -d: -f4 "$work/pw")
		grep -q "^[^:]*:[^:]*:$gid:" "$work/etc/group" ||
			getent group "$gid" >>"$work/etc/group" || true
		found=1
	fi
	if ! grep -q "^$u:" "$work/etc/group" && getent group "$u" >"$work/gr"; then
		cat "$work/gr" >>"$work/etc/group"
		echo "$u:!::" >>"$work/etc/gshadow"
		found=1
	fi
	case " $users " in
	*" $u "*) [ $found = 1 ] || grep -q "^$u:" "$work/etc/passwd" \
		"$work/etc/group" || die "--user $u: no such user or group on this host" ;;
	esac
done
rm -f "$work/pw" "$work/gr"
sed "s|	apps/etc	|	$work/etc	|" "$here/initramfs/files.list" >"$work/files.list"

# What goes into the image besides the program: package files and --add,
# checked first so that a bad one stops here with its name.
# A fetched PROGRAM: its packages are in the image already.
if [ "$own" = 1 ] && [ $fromroot = 0 ]; then
	p=$(dpkg -S "$app" 2>/dev/null | head -n 1 | cut -d: -f1)
	[ -n "$p" ] || die "--own-package: no Debian package owns $app"
	pkgs="$pkgs $p"
fi
hostpkgs=
for p in $pkgs; do
	case " $fetched " in *" $p "*) continue ;; esac
	dpkg -L "$p" >/dev/null 2>&1 || die "--package $p: not an installed Debian package"
	hostpkgs="$hostpkgs $p"
done
addlist=
for a in $(printf '%s\n' "$adds" | tr ' ' '\n'); do
	r=$(readlink -f "$a") && [ -e "$r" ] || die "--add $a: no such file or folder"
	[ -d "$r" ] || [ -f "$r" ] || die "--add $a: not a file or folder"
	addlist="$addlist $r"
done
# initramfs/files.list names its sources from the project's root.
cd "$here"
iself() { [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]; }
{
	if [ $fromroot = 0 ]; then
		printf 'elf\t%s\t%s\t0755\n' "$app" "$app"
	elif iself "$pkgroot$app"; then
		printf 'debelf\t%s\t%s\t-\n' "$app" "$pkgroot"
	else
		printf 'file\t%s\t%s\t0755\n' "$app" "$pkgroot$app"
	fi
	# A fetched package's files, each as the package has it (its ELF
	# files with their libraries from the same unpacked root).
	for p in $fetched; do
		while read -r f; do
			s=$pkgroot$f
			[ ! -L "$s" ] || case $(readlink "$s") in /*) s=$pkgroot$(readlink "$s") ;; esac
			[ -f "$s" ] || continue
			case $f in *[[:space:]]*) echo "app: skipped $f (a space in its path)" >&2; continue ;; esac
			if iself "$s"; then
				printf 'debelf\t%s\t%s\t-\n' "$f" "$pkgroot"
			else
				printf 'file\t%s\t%s\t0%s\n' "$f" "$s" "$(stat -L -c %a "$s")"
			fi
		done <"$pkgdir/info/$p.list"
	done | LC_ALL=C sort -u
	for p in $hostpkgs; do dpkg -L "$p"; done | LC_ALL=C sort -u | while read -r f; do
		[ -f "$f" ] || continue
		case $f in *[[:space:]]*) echo "app: skipped $f (a space in its path)" >&2; continue ;; esac
		if iself "$f"; then
			printf 'elf\t%s\t%s\t0%s\n' "$f" "$f" "$(stat -L -c %a "$f")"
		else
			printf 'file\t%s\t%s\t0%s\n' "$f" "$f" "$(stat -L -c %a "$f")"
		fi
	done
	for a in $addlist; do
		if [ -d "$a" ]; then
			printf 'tree\t%s\t%s\t-\n' "$a" "$a"
		else
			printf 'elf\t%s\t%s\t0%s\n' "$a" "$a" "$(stat -c %a "$a")"
		fi
	done
	printf 'tree\t/app/scenarios\t%s\t-\n' "$work/scenarios"
	printf 'file\t/app/cmd\t%s\t0755\n' "$work/cmd"
	printf 'file\t/app/identity\t%s\t0755\n' "$here/apps/app-identity.sh"
	printf 'file\t/app/proc-ident.awk\t%s\t0644\n' "$here/apps/proc-ident.awk"
	printf 'file\t/payload/30-app\t%s\t0755\n' "$work/30-app"
} >"$work/app.list"

# The guest side: a one-line scenario whose run is /app/cmd.
# After the program, a fresh pid bounds the processes it started.
case $trace in
1) printf 'murun --mode=native --trace --status --output=/tmp/app.calls -- %s\n' "$line" ;;
0) printf '%s\n' "$line" ;;
esac >"$work/cmd"
printf 'rc=$?\nsh -c '"'"'echo $$'"'"' >/tmp/app.pid1\nexit $rc\n' >>"$work/cmd"
{
	echo "setup echo \$\$ >/tmp/app.pid0; busybox touch /tmp/app.mark; busybox sleep 1"
	echo "run sh /app/cmd"
	echo "state sh /app/identity /tmp/app.mark \$(cat /tmp/app.pid0) \$(cat /tmp/app.pid1) $limit"
	[ "$trace" = 0 ] || echo "state cat /tmp/app.calls"
} >"$work/scenarios/app.scn"
printf '#!/bin/sh\nMU_RUN_TIMEOUT=%s exec /apps/run /app/scenarios /etc.pristine\n' \
	"$limit" >"$work/30-app"

worst=0
for k in $kvers; do
	mk KVER="$k" app-prepare || die "$k: cannot build what make app needs (see above)"
	paths=$(mk KVER="$k" app-paths)
	get() { printf '%s\n' "$paths" | sed -n "s/^$1=//p"; }
	b=$(get build) out=$(get out)/$name
	mkdir -p "$b/app"
	cpio=$b/app/$name.cpio
	# murun is per version (its list of lost calls comes from the tree).
	sed "s|@MURUN@|$b/murun/murun|" >"$work/murun.list" <<'EOL'
file	/bin/murun	@MURUN@	0755
EOL
	"$here/initramfs/mkinitramfs.sh" "$(get gen)" \
		"$work/files.list:$work/app.list:$work/murun.list" "$b" "$cpio" ||
		die "$k: cannot build the guest image (see above)"
	rm -rf "$out" && mkdir -p "$out"
	printf '%s\n' "$line" >"$out/command"
	vs=
	for vk in $(get kernels); do
		v=${vk%%=*}
		vs="$vs $v"
		"$here/initramfs/boot-guest.sh" "$v" "${vk#*=}" "$cpio" "$out/$v" \
			"$(get timeout)" "$(get accel)" "$(get qemu)" "$(get accelcache)" ||
			echo "app: $k $v: the guest run failed; judged as cut short" >&2
	done
	printf "== %s/%s %s: %s\n" "$k" "$(get base)" "$name" "$line"
	rc=0
	python3 "$here/apps/app-verdict.py" "$out" "$expect" $vs || rc=$?
	echo "== results in ${out#"$here"/}/"
	[ $rc -le 2 ] || rc=2
	if [ $rc = 2 ] || [ $worst = 2 ]; then worst=2
	elif [ $rc = 1 ]; then worst=1
	fi
done
exit $worst
