#!/bin/sh
# In the guest, after make app's program has run: what it left behind, for
# the silent verdict.  A MULTIUSER=n kernel can let a privilege drop
# "succeed" and leave the process root, or chown a file and leave it 0:0;
# neither shows in an exit status, both show here.
#
#   proc NAME uid=R E S F gid=R E S F groups=G... capeff=HEX
#       every process started while the program ran (a pid between PID0,
#       taken before, and PID1, taken after) that still lives, and its
#       children: a daemon, in murun --status's form
#   file UID:GID MODE PATH
#       every file or folder the run created or changed, its owner or
#       mode included (ctime later than the mark, made a second before
#       the run)
#
# usage: app-identity.sh MARK PID0 PID1 LIMIT   (busybox applets called by
# name, so that a program put at /usr/bin/find cannot stand in for them)
mark=$1 pid0=$2 pid1=$3 limit=$4
bb=/bin/busybox
anc=" $$ "
p=$$
while [ "$p" -gt 1 ]; do
	p=$($bb awk '/^PPid:/ { print $2 }' /proc/$p/status 2>/dev/null)
	[ -n "$p" ] || break
	anc="$anc$p "
done
# busybox timeout's watcher outlives the run by up to a second.
watcher="timeout $limit sh -c sh /app/cmd "
ours=" "
for d in /proc/[0-9]*; do
	pid=${d#/proc/}
	pp=$($bb awk '/^PPid:/ { print $2 }' "$d/status" 2>/dev/null)
	case $ours in *" $pp "*) ;; *)
		[ "$pid" -gt "$pid0" ] && [ "$pid" -lt "$pid1" ] || continue ;;
	esac
	case $anc in *" $pid "*) continue ;; esac
	[ "$($bb tr '\000' ' ' 2>/dev/null <"$d/cmdline")" != "$watcher" ] || continue
	ours="$ours$pid "
	# Kernel threads have an empty command line.
	[ -n "$($bb tr -d '\000' 2>/dev/null <"$d/cmdline" | $bb head -c 1)" ] ||
		continue
	$bb awk -f /app/proc-ident.awk "$d/status" 2>/dev/null
done | LC_ALL=C $bb sort
# /tmp is a mount of its own in the guest: no -xdev.  By ctime, not
# mtime: chown and chgrp change only the former.
m=$($bb stat -c %Z "$mark")
$bb find / \( -path /proc -o -path /sys -o -path /dev \
	-o -path '/tmp/scn.*' -o -path '/tmp/app.*' \) -prune \
	-o ! -path /tmp -print0 2>/dev/null |
	$bb xargs -0 $bb stat -c '%Z file %u:%g %a %n' 2>/dev/null |
	$bb awk -v m="$m" '$1 > m { sub(/^[0-9]+ /, ""); print }' |
	LC_ALL=C $bb sort
