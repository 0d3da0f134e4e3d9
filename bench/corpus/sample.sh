#!/usr/bin/env bash
# Prints a deterministic sample of a module's psharpvet reports, for triage
# in docs/triage/<name>.md: each report with its related-information lines,
# ordered by the SHA-256 of the report's first line, the first N of them
# (all reports if there are no more than N). The same output file gives the
# same sample on every machine: go vet prints positions relative to the
# module root.
#
# Usage: bench/corpus/sample.sh name [n] [mode]
#
#	name   a module name from modules.txt (run bench/corpus/run.sh first)
#	n      sample size (default 40)
#	mode   default or strict (default: default), reading out/<name>.<mode>.txt
#
# OUT names the outputs directory (default bench/corpus/out).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	sed -n '/^# Usage:/,/^# OUT/p' "$0" | sed 's/^#//' >&2
	exit 2
fi
name=$1
n=${2:-40}
mode=${3:-default}
file=$out/$name.$mode.txt
if [ ! -f "$file" ]; then
	echo "sample.sh: no $file; run bench/corpus/run.sh -m $name first" >&2
	exit 1
fi

tab=$'\t'
sep=$'\x1f'
# One record a report: its line, then its related lines, joined by \x1f.
# Lines that are neither (package headers "# pkg", other output) are dropped.
awk -v tab="$tab" -v sep="$sep" '
	/^[^ \t#].*\.go:[0-9]+:[0-9]+: / {
		if ($0 ~ ("\\.go:[0-9]+:[0-9]+: " tab)) {
			if (rec != "") rec = rec sep $0
			next
		}
		if (rec != "") print rec
		rec = $0
	}
	END { if (rec != "") print rec }
' "$file" |
	while IFS= read -r rec; do
		printf '%s %s\n' "$(printf '%s' "${rec%%"$sep"*}" | sha256sum | cut -d' ' -f1)" "$rec"
	done |
	LC_ALL=C sort -k1,1 -s |
	head -n "$n" |
	cut -d' ' -f2- |
	tr "$sep" '\n'
