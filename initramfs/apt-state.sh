# shellcheck shell=sh
# Sourced: an apt state of our own, so that packages of any architecture
# can be fetched without touching the host's dpkg architectures, package
# lists or status.
#
# apt_state DIR DEBARCH TYPE LOG: Debian's archive as the host's sources
# name it, under DIR, for architecture DEBARCH (TYPE deb) or its sources
# (TYPE deb-src), its lists fetched once (output in LOG).  Sets $apt to
# the options every apt-get and apt-cache call then takes.  Returns 1,
# LOG's tail on stderr, if the update fails.
apt_state() {
	_st=$1
	mkdir -p "$_st/etc/apt/sources.list.d" "$_st/etc/apt/apt.conf.d" \
		"$_st/etc/apt/preferences.d" "$_st/var/lib/apt/lists/partial" \
		"$_st/var/cache/apt/archives/partial" "$_st/var/lib/dpkg"
	: >"$_st/var/lib/dpkg/status"
	for _f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list \
	    /etc/apt/sources.list; do
		[ -r "$_f" ] || continue
		if [ "$3" = deb-src ]; then
			sed 's/^Types: deb$/Types: deb-src/; s/^deb /deb-src /' "$_f"
		else
			cat "$_f"
		fi >"$_st/etc/apt/sources.list.d/$(basename "$_f" .list | sed 's/\.sources$//').${_f##*.}"
	done
	apt="-q -o Dir=$_st -o Dir::State::status=$_st/var/lib/dpkg/status \
-o APT::Architecture=$2 -o APT::Architectures::=$2 \
-o Dir::Etc::TrustedParts=/etc/apt/trusted.gpg.d -o Debug::NoLocking=1"
	ls "$_st/var/lib/apt/lists/"*_Packages "$_st/var/lib/apt/lists/"*_Sources \
		>/dev/null 2>&1 && return 0
	# shellcheck disable=SC2086 # options without spaces
	apt-get $apt update >"$4" 2>&1 || { tail -n 5 "$4" >&2; return 1; }
}
