#!/bin/sh
# The HTML report as headless Chromium (Debian's) parses it, offline,
# against the Markdown it was rendered from (dom.py).
#
# usage: html.sh REPORT.md REPORT.html
set -eu
md=$1 html=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic \
	--no-first-run --disable-background-networking \
	--disable-component-update --disable-sync --user-data-dir="$profile" \
	--dump-dom "file://$html" >"$profile/dom.html" 2>"$profile/log" ||
	{ tail -n 5 "$profile/log" >&2; exit 1; }
python3 "$(dirname "$0")/dom.py" "$md" "$profile/dom.html"
