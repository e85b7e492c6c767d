#!/bin/sh
# The HTML report rendered in headless Chromium (Debian's), offline: the
# screenshot must show the colour-coded matrix (the silent and the "same"
# cell colours of report/html.c) and the size chart's bars.
#
# usage: screenshot.sh REPORT.html OUT.png
set -eu
html=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") png=$2
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$png"
# No network here: keep Chromium from trying (it would only log errors).
timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic \
	--no-first-run --disable-background-networking \
	--disable-component-update --disable-sync --user-data-dir="$profile" \
	--window-size=1280,16000 --screenshot="$png" "file://$html" \
	>"$profile/log" 2>&1 || { tail -n 5 "$profile/log" >&2; exit 1; }
[ -s "$png" ] || { echo "FAIL: no screenshot" >&2; exit 1; }
python3 "$(dirname "$0")/pngcolors.py" "$png" \
	silent=255,136,136 same=221,255,221 loud=255,221,153 bar=68,170,68
