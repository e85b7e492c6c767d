#!/bin/sh
# Run every program of the corpus (CORPUS_DIR/*.prog) and print KTAP in the
# scenarios' form: "# <id> <key>=<value>" lines, then "ok"/"not ok" (ok:
# it works as on stock Linux).  One verdict per program:
#   works    the client check passes, the output and the identities of its
#            processes are what stock Linux gives
#   loud     it says so: it exits, or the check fails; "message" is the
#            last thing it printed
#   silent   it runs and the check passes, but a process that asked to drop
#            stays root, or the check shows another identity
#   cannot   it cannot run here, and why (the kernel lacks a path, a setup
#            step failed)
# Whatever the verdict, "call" is the first identity call the kernel
# refused it (from murun's trace, when the run has one).
#
# usage: run-corpus.sh CORPUS_DIR [PRISTINE_ETC]
# MU_CORPUS_TRACE: the file murun --trace --output writes for this run.
#
# A corpus file holds lines "key value...":
#   package PKG...    the Debian packages it comes from
#   program PATH      a file of those packages the image needs (make)
#   tree PATH         a folder of those packages the image needs (make)
#   kind daemon|tool  a daemon runs until stopped, a tool to its end
#   setup CMD         shell run first, in a fresh working folder (repeatable)
#   start CMD         the program (a daemon: in the foreground)
#   listens PROTO PORT  a daemon is up when it listens there (tcp, udp)
#   check CMD         a daemon's client on loopback, run once it is up
#                     (without "listens": retried until it passes)
#   check-timeout N   seconds that client may take (default: tries below)
#   expect-exit N     a tool's exit status on stock Linux
#   expect-out TEXT   stock Linux prints TEXT (the tool or the check)
#   runs-as NAME USER after start-up, a process NAME runs as USER on Linux
#   needs PATH        cannot run when PATH is absent (a kernel feature)
# Every program starts from the pristine /etc and an empty /home, and ends
# with every process it started stopped.
dir=$1 pristine=${2:-/etc.pristine}
# Seconds a daemon has to listen, and a client or a tool to end.
limit=${MU_CORPUS_TIMEOUT:-8}
tries=${MU_CORPUS_CHECK_TIMEOUT:-4}
trace=${MU_CORPUS_TRACE:-}
obs=${MUOBS:-/bin/muobs}
bb=/bin/busybox
# The same environment in a guest and on the host (newgrp runs $SHELL).
export LC_ALL=C SHELL=/bin/sh HOME=/root PATH=/bin:/sbin:/usr/bin:/usr/sbin
unset http_proxy https_proxy ftp_proxy all_proxy no_proxy
n=0
for f in "$dir"/*.prog; do n=$((n + 1)); done
echo "KTAP version 1"
echo "1..$n"
echo "# selftests: muprobe: corpus"

# Our own shell and its ancestors: never a program's process.
anc=" $$ "
p=$$
while [ "$p" -gt 1 ]; do
	p=$($bb awk '/^PPid:/ { print $2 }' /proc/$p/status 2>/dev/null)
	[ -n "$p" ] || break
	anc="$anc$p "
done

# Every live process after pid MARK that descends from MAIN or was handed
# to init (a daemon that forked away), never our own shell's helpers, nor
# kernel threads (children of kthreadd), nor zombies nobody reaped yet.
# One read of /proc/*/stat: the name in parentheses may hold spaces, so the
# fields count from the last ")".
procs() {
	$bb cat /proc/[0-9]*/stat 2>/dev/null | $bb awk -v mark="$1" \
		-v main="${2:-0}" -v me="$$" -v anc="$anc" '
	{ s = $0; sub(/.*\) /, "", s); split(s, f, " "); pp[$1] = f[2]
	  if (f[1] == "Z") skip[$1] = 1 }
	# busybox timeout leaves its watcher to init for up to a second.
	/^[0-9]+ \(timeout\) / { skip[$1] = 1 }
	END {
		for (p in pp) {
			if (p + 0 <= mark + 0 || index(anc, " " p " ") || skip[p])
				continue
			for (q = p; q + 0 > 0; q = pp[q]) {
				if (q == me) break
				if (q == main || q == 1) { print p; break }
			}
		}
	}' | LC_ALL=C $bb sort -n
}

# "NAME uid=R E S F gid=R E S F groups=G... capeff=HEX" of one process
ident() {
	$bb awk -f /apps/proc-ident.awk "/proc/$1/status" 2>/dev/null |
		sed 's/^proc //'
}

# Seconds of uptime, whole.
now() { read -r t _ </proc/uptime; echo "${t%.*}"; }

# Whether something listens on 127.0.0.1 or any address at PROTO PORT.
listening() {
	$bb awk -v p="$(printf ':%04X' "$2")" -v st="$([ "$1" = udp ] && echo 07 || echo 0A)" '
	NR > 1 && substr($2, length($2) - 4) == p && $4 == st { f = 1 }
	END { exit !f }' "/proc/net/$1" 2>/dev/null
}

# A message without what changes from run to run: dates, times, pids.
steady() {
	sed -E 's/[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}/DATE/g
		s/[A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2}/DATE/g
		s/\[[0-9]+(:[0-9]+)?\]/[N]/g; s/\( *[0-9]+\)/(N)/g
		s/[0-9]+#[0-9]+/N#N/g; s/process [0-9]+/process N/g'
}

# The last non-empty line of FILE, or nothing.
last() { $bb grep -v '^[[:space:]]*$' "$1" 2>/dev/null | $bb tail -n 1 | $bb cut -c 1-200; }

# Stop procs' processes: TERM, then KILL; 0 when none is left.
# (sh has no locals: its counter must not be the main loop's i.)
stop_all() { # MARK [MAIN]
	ps=$(procs "$@")
	[ -n "$ps" ] || return 0
	kill $ps 2>/dev/null
	tries_left=20
	while [ $tries_left -gt 0 ] && [ -n "$(procs "$@")" ]; do
		$bb usleep 100000
		tries_left=$((tries_left - 1))
	done
	ps=$(procs "$@")
	[ -n "$ps" ] || return 0
	kill -9 $ps 2>/dev/null
	$bb usleep 200000
	[ -z "$(procs "$@")" ]
}

i=0
for f in "$dir"/*.prog; do
	i=$((i + 1))
	id=corpus.$(basename "$f" .prog)
	if [ -d "$pristine" ]; then
		rm -rf /etc /home
		cp -a "$pristine" /etc
		# git keeps no mode but 644 and 755.
		chmod 600 /etc/shadow /etc/gshadow 2>/dev/null
		mkdir -p /home/alice
		chown 1000:1000 /home/alice 2>/dev/null
	fi
	w=/tmp/corpus
	rm -rf "$w" "$w".* && mkdir -p "$w"
	kind= start= check= want_exit= want_out= missing= runs= pkgs= listens=
	ctries=$tries
	while read -r key rest; do
		case $key in
		package) pkgs="$pkgs $rest" ;;
		kind) kind=$rest ;;
		start) start=$rest ;;
		check) check=$rest ;;
		needs) [ -e "$rest" ] || missing=$rest ;;
		expect-exit) want_exit=$rest ;;
		expect-out) want_out=$rest ;;
		listens) listens=$rest ;;
		check-timeout) ctries=$rest ;;
		runs-as) runs="$runs$rest
" ;;
		esac
	done <"$f"
	echo "# $id package=${pkgs# }"
	echo "# $id kind=$kind"
	echo "# $id cmd=$start"
	[ -z "$check" ] || echo "# $id check=$check"
	verdict= why= call=
	if [ -n "$missing" ]; then
		verdict=cannot why="kernel lacks $missing"
	fi
	grep '^setup ' "$f" | sed 's/^setup //' >"$w.setup"
	while [ -z "$verdict" ] && read -r s; do
		(cd "$w" && sh -c "$s") >>"$w.setup.log" 2>&1 </dev/null && continue
		verdict=cannot why="setup failed: $s: $(last "$w.setup.log")"
	done <"$w.setup"
	mark=$(sh -c 'echo $$')
	t0=0
	[ -z "$trace" ] || t0=$($bb wc -l <"$trace")
	rc=
	if [ -n "$verdict" ]; then
		:
	elif [ "$kind" = tool ]; then
		(cd "$w" && timeout "$limit" sh -c "$start") >"$w.out" 2>"$w.err" </dev/null
		rc=$?
		cp "$w.out" "$w.seen"
	else
		(cd "$w" && exec sh -c "exec $start") >"$w.out" 2>"$w.err" </dev/null &
		main=$!
		# Up to LIMIT seconds for it to listen (or, with no "listens"
		# line, for its client to pass), then its client once.
		end=$(($(now) + limit))
		while :; do
			if [ -n "$listens" ]; then
				rc=1
				listening $listens && break
			else
				(cd "$w" && timeout "$tries" sh -c "$check") \
					>"$w.seen" 2>"$w.cerr" </dev/null
				rc=$?
				[ $rc -ne 0 ] || break
			fi
			kill -0 "$main" 2>/dev/null || break
			[ "$(now)" -lt "$end" ] || break
			$bb usleep 100000
		done
		if [ -n "$listens" ]; then
			(cd "$w" && timeout "$ctries" sh -c "$check") \
				>"$w.seen" 2>"$w.cerr" </dev/null
			rc=$?
		fi
		alive=yes
		kill -0 "$main" 2>/dev/null || alive=no
		echo "# $id alive=$alive"
		# Its processes as they stay: in two looks 0.3 s apart, so
		# that a session's process on its way out is not counted.
		for k in 1 2; do
			[ $k = 1 ] || $bb usleep 300000
			procs "$mark" "$main" | while read -r p; do
				x=$(ident "$p")
				[ -z "$x" ] || echo "$p $x"
			done | LC_ALL=C $bb sort >"$w.ids$k"
		done
		$bb awk 'NR == FNR { a[$0]; next } $0 in a' "$w.ids1" "$w.ids2" |
			$bb cut -d' ' -f2- |
			LC_ALL=C $bb sort >"$w.ids"
		sed "s/^/# $id proc=/" "$w.ids"
		stop_all "$mark" "$main" || echo "# $id stopped=no"
		wait "$main" 2>/dev/null
	fi
	[ -z "$rc" ] || echo "# $id exit=$rc"
	[ ! -e "$w.out" ] || $obs "$id" stdout <"$w.out"
	[ ! -e "$w.err" ] || $obs "$id" stderr <"$w.err"
	if [ "$kind" = daemon ] && [ -e "$w.seen" ]; then
		$obs "$id" check <"$w.seen"
		$obs "$id" check_stderr <"$w.cerr"
	fi
	if [ -n "$trace" ] && [ -z "$verdict" ]; then
		call=$($bb tail -n +$((t0 + 1)) "$trace" | $bb grep -m 1 '= -1 ' |
			sed 's/^murun: //')
	fi
	if [ -n "$verdict" ]; then
		:
	elif [ "$kind" = tool ] && [ "$rc" != "${want_exit:-0}" ]; then
		verdict=loud why="exit $rc, stock Linux exits ${want_exit:-0}"
	elif [ "$kind" = daemon ] && [ "$rc" != 0 ]; then
		verdict=loud
		if [ "$alive" = no ]; then
			why="it exited before its client got an answer"
		else
			why="its client got no answer (exit $rc)"
		fi
	elif [ -n "$want_out" ] && ! grep -qF -- "$want_out" "$w.seen"; then
		# Another answer is silent; no answer at all is not.
		if [ -s "$w.seen" ]; then
			verdict=silent
		else
			verdict=loud
		fi
		why="prints '$(last "$w.seen")' where stock Linux prints '$want_out'"
	fi
	if [ -z "$verdict" ] && [ -n "$runs" ]; then
		while read -r name user; do
			[ -n "$name" ] || continue
			uid=$($bb awk -F: -v u="$user" '$1 == u { print $3 }' /etc/passwd)
			grep -q "^$name uid=$uid $uid " "$w.ids" && continue
			if grep -q "^$name uid=0 " "$w.ids"; then
				verdict=silent why="$name stays root where stock Linux runs it as $user"
			else
				verdict=loud why="no $name process runs as $user"
			fi
			break
		done <<EOF
$runs
EOF
	fi
	if [ "$verdict" = loud ]; then
		# The program's own words first, its client's after.
		msg=$(last "$w.err")
		[ -n "$msg" ] || msg=$(last "$w.out")
		[ -n "$msg" ] || msg=$(last "$w.cerr")
		echo "# $id message=$(echo "$msg" | steady)"
	fi
	# Silent too: a program that was refused and went on as root.
	[ -z "$call" ] || echo "# $id call=$call"
	if [ -z "$verdict" ]; then
		echo "# $id verdict=works"
		echo "# $id reason=as on stock Linux"
		echo "ok $i $id"
	elif [ "$verdict" = cannot ]; then
		echo "# $id verdict=cannot"
		echo "# $id reason=$why"
		echo "ok $i $id # SKIP $why"
	else
		echo "# $id verdict=$verdict"
		echo "# $id reason=$why"
		echo "not ok $i $id"
	fi
	stop_all 0 || echo "# $id stopped=no"
done
echo "# corpus end"
