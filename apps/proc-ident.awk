# One process's identity from /proc/PID/status, in one line:
#   proc NAME uid=R E S F gid=R E S F groups=G... capeff=HEX
# (murun --status's form), read by apps/app-identity.sh and the corpus.
/^Name:/ { name = $2 }
/^Uid:/ { u = $2 " " $3 " " $4 " " $5 }
/^Gid:/ { g = $2 " " $3 " " $4 " " $5 }
/^Groups:/ { gr = ""; for (i = 2; i <= NF; i++) gr = gr (i > 2 ? " " : "") $i }
/^CapEff:/ { c = $2 }
END {
	if (name != "")
		printf "proc %s uid=%s gid=%s groups=%s capeff=%s\n", name, u, g, gr, c
}
