#!/bin/sh
# apps/app.sh on a bad command line: exit 2, its last line naming what is
# wrong, before anything is built or booted; app-verdict.py on input it
# cannot judge: exit 2, one line.
#
# usage: app-args.sh APP_SH
set -eu
app=$1
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
for c in "nosuchprog@-- muprobe-no-such-program@muprobe-no-such-program is not in PATH" \
	"a folder@-- /@/ is not an executable file" \
	"--timeout=0@--timeout=0 -- /bin/true@--timeout wants seconds, not '0'" \
	"an unknown option@--frobnicate -- /bin/true@unknown option '--frobnicate'" \
	"an unknown package@--package=muprobe-no-such-package -- /bin/true@--package muprobe-no-such-package: not installed, and apt knows no such package" \
	"a program neither here nor in the package@--package=hello -- muprobe-no-such-program@muprobe-no-such-program is not in PATH nor in hello"; do
	what=${c%%@*} rest=${c#*@}
	args=${rest%%@*} want=${rest#*@}
	rc=0
	# shellcheck disable=SC2086
	"$app" $args >"$t/out" 2>"$t/err" || rc=$?
	check "$what: exit 2, naming it" \
		'[ $rc -eq 2 ] && tail -n 1 "$t/err" | grep -qF -e "app: $want"'
done
# app-verdict.py, which app.sh runs on the guests' results: the same.
verdict=$(dirname "$app")/app-verdict.py
mkdir -p "$t/runs"
for c in "a missing folder@$t/none 0 multiuser@not a folder of runs" \
	"an exit status that is not a number@$t/runs x multiuser@must be a number"; do
	what=${c%%@*} rest=${c#*@}
	args=${rest%%@*} want=${rest#*@}
	rc=0
	# shellcheck disable=SC2086
	/usr/bin/python3 "$verdict" $args >"$t/out" 2>"$t/err" || rc=$?
	check "app-verdict.py, $what: exit 2, one line" \
		'[ $rc -eq 2 ] && [ "$(wc -l <"$t/err")" = 1 ] && grep -qF -e "$want" "$t/err"'
done
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
