#!/bin/sh
# The guest-image list (initramfs/mkinitramfs.sh's form) of the corpus: the
# runner, every corpus file, and what each names with "program" (an ELF
# with its libraries) and "tree" (a folder) from the unpacked packages.
#
# usage: mklist.sh CORPUS_DIR ROOT_IN_LIST
set -eu
dir=$1 root=$2
echo "file	/payload/40-corpus	$dir/payload.sh	0755"
echo "file	/apps/corpus/run	$dir/run-corpus.sh	0755"
echo "file	/apps/proc-ident.awk	$dir/../proc-ident.awk	0644"
echo "file	/bin/murun	@B@/murun/murun	0755"
echo "file	/bin/muobs	@B@/probe/muobs	0755"
echo "tree	/etc.pristine	$dir/etc	-"
echo "tree	/etc	$dir/etc	-"
for f in "$dir"/*.prog; do
	echo "file	/apps/corpus/${f##*/}	$f	0644"
done
cat "$dir"/*.prog | awk -v root="$root" '
	$1 == "program" { print "debelf\t" $2 "\t" root "\t-" }
	$1 == "tree" { print "debtree\t" $2 "\t" root "\t-" }' | LC_ALL=C sort -u
# PAM loads its modules with dlopen(), which no ELF header names.
for m in pam_rootok pam_permit; do
	echo "debelf	/lib/@MULTIARCH@/security/$m.so	$root	-"
done
