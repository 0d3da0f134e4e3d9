#!/usr/bin/env bash
# Runs psharpvet as a vet tool over the corpus of real modules listed in
# bench/corpus/modules.txt and prints a Markdown table: lines of Go,
# reports in the default reading and with $STRICT_FLAGS, reports per
# thousand lines, and wall time against plain `go vet` in the same run.
#
# For each module: `go mod download -json` finds it in the module cache; it
# is copied into a scratch directory (the cache is read-only) and its
# dependencies downloaded (GOFLAGS=-mod=mod); an untimed plain `go vet
# ./...` warms the build cache and decides whether the module type-checks
# here (if not, it is reported and skipped). Then three timed runs, none of
# them served by the vet result cache (the method of bench/vet-std.sh): plain
# vet with a printf flag naming a function that does not exist, and
# psharpvet twice, each time a fresh copy with random bytes appended, since
# the go command keys vet results by a hash of the tool's executable.
#
# Usage: bench/corpus/run.sh [-m name]... [-smoke]
#
#	-m name    run this module only (name or module path; repeatable);
#	           MODULES="a b" does the same
#	-smoke     run the modules marked smoke in modules.txt (three small ones)
#
# Environment:
#	PSHARPVET     the tool to run (default: built from this repository)
#	STRICT_FLAGS  flags of the strict column (default -strict); if the tool
#	              does not know one of them (see `psharpvet -flags`), the
#	              column says n/a; STRICT_FLAGS= (empty) drops it too
#	LIST          the module list (default bench/corpus/modules.txt), e.g. modules
#	              held out of the corpus to check a change on code it was not tuned on
#	OUT           outputs (default bench/corpus/out)
#	WORK          scratch copies of the modules (default $TMPDIR/psharpvet-corpus-modules)
#	TIMEOUT       seconds allowed to one go vet run (default 1200)
#
# Exits 1 if psharpvet panics or prints an internal error on any module.
# Outputs in $OUT: <name>.default.txt, <name>.strict.txt (psharpvet's
# diagnostics, the stderr of go vet, sorted by position so that two runs
# compare byte for byte), <name>.plain.txt (plain go vet),
# <name>.times (wall seconds of each run, then a "peak-kb" line with
# the peak resident memory of each run's largest process), and table.md.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
list=${LIST:-$here/modules.txt}
out=${OUT:-$here/out}
work=${WORK:-${TMPDIR:-/tmp}/psharpvet-corpus-modules}
strict_flags=${STRICT_FLAGS--strict}
timeout_s=${TIMEOUT:-1200}
want=${MODULES:-}
smoke=0

usage() { sed -n '/^# Usage:/,/^#	-smoke/p' "$0" | sed 's/^#//'; }

while [ $# -gt 0 ]; do
	case $1 in
	-m)
		[ $# -ge 2 ] || { usage >&2; exit 2; }
		want="$want $2"
		shift 2
		;;
	-m=*)
		want="$want ${1#-m=}"
		shift
		;;
	-smoke | --smoke)
		smoke=1
		shift
		;;
	-h | -help | --help)
		usage
		exit 0
		;;
	*)
		echo "run.sh: unknown argument $1" >&2
		usage >&2
		exit 2
		;;
	esac
done

mkdir -p "$out" "$work"
out=$(cd "$out" && pwd)
work=$(cd "$work" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The environment modules are built in, the tool, and the helpers both
# benchmarks share (fresh, crashes, typefail, loc, prepare).
. "$root/bench/modules.sh"

# The strict column runs only if the tool declares every flag in it.
strict=1
read -r -a strict_args <<<"$strict_flags"
if [ ${#strict_args[@]} -eq 0 ]; then
	strict=0
else
	flags_json=$("$PSHARPVET" -flags)
	for f in "${strict_args[@]}"; do
		n=${f#-}
		n=${n#-}
		n=${n%%=*}
		if ! grep -qF "\"Name\": \"$n\"" <<<"$flags_json"; then
			echo "run.sh: $PSHARPVET has no flag -$n; strict column n/a" >&2
			strict=0
		fi
	done
fi

# timed dir name log go-vet-arguments...: runs go vet ./... in dir, its
# stderr and stdout into log, and prints "seconds exit-status peak-KB"
# (the peak resident memory of its largest process: a unit's).
timed() {
	local dir=$1 name=$2 log=$3 rc=0
	shift 3
	(cd "$dir" && /usr/bin/time -f "%e %M" -o "$tmp/$name.time" \
		timeout "$timeout_s" go vet "$@" ./... >"$log" 2>&1) || rc=$?
	read -r secs kb < <(tail -n 1 "$tmp/$name.time")
	echo "$secs $rc $kb"
}

tab=$'\t'
report_re='^[^ '"$tab"'#].*\.go:[0-9]+:[0-9]+: '
related_re='\.go:[0-9]+:[0-9]+: '"$tab"
# reports counts diagnostics, not their related-information lines (which
# go vet prints as "position: <tab>message").
reports() { grep -E "$report_re" "$1" | grep -cvE "$related_re" || true; }
# canonical sorts the diagnostics of a log by position, each with its
# related-information lines, so that two runs compare byte for byte: go vet
# runs packages in parallel and interleaves their output. Diagnostics at
# one position (two analyzers, or a package and its test variant, whose
# outputs go vet prints in the order the units finish) are ordered by
# their text. Other lines (the
# "# package" headers go vet prints, anything unexpected) follow, in their
# order. Positions are made relative to the module's directory $2: go vet
# prints them relative to its working directory, but output it replays
# from its cache may name the files by absolute path.
canonical() {
	sed "s|^$2/||" "$1" >"$1.rel" && mv "$1.rel" "$1"
	awk -v tab="$tab" '
		/\.go:[0-9]+:[0-9]+: / && index($0, ": " tab) == 0 && !/^#/ { if (rec != "") print rec; rec = $0; next }
		index($0, ": " tab) > 0 && rec != "" { rec = rec "\x1f" $0; next }
		{ if (rec != "") print rec; rec = ""; other = other $0 "\n" }
		END { if (rec != "") print rec; printf "%s", other > "/dev/stderr" }
	' "$1" 2>"$1.other" | LC_ALL=C sort -t: -k1,1 -k2,2n -k3,3n -k4 -s | tr '\037' '\n' >"$1.sorted"
	grep -v '^#' "$1.other" >>"$1.sorted" || true
	mv "$1.sorted" "$1"
	rm -f "$1.other"
}

selected() { # name module smoke-tag
	if [ -n "${want// /}" ]; then
		local w
		for w in $want; do
			[ "$w" = "$1" ] || [ "$w" = "$2" ] && return 0
		done
		return 1
	fi
	[ "$smoke" = 0 ] || [ "$3" = smoke ]
}

table=$out/table.md
{
	echo "| module | version | KLOC | reports (default) | reports (${strict_flags:-strict}) | reports/KLOC (default) | time default (s) | time go vet (s) | ratio | errors | notes |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
} >"$table"
cat "$table"

failed=0
ran=0
start=$(date +%s)
while read -r name mod ver tag _; do
	case $name in '' | '#'*) continue ;; esac
	[ "$tag" = smoke ] || tag=
	selected "$name" "$mod" "$tag" || continue
	ran=$((ran + 1))
	echo "== $name $mod@$ver" >&2
	rm -f "$out/$name".*

	dir=$work/$name
	if ! prepare "$mod" "$ver" "$dir"; then
		echo "| $name | $ver | | | | | | | | | not downloadable |" | tee -a "$table"
		continue
	fi
	lines=$(loc "$dir")
	kloc=$(awk -v n="$lines" 'BEGIN { printf "%.1f", n / 1000 }')

	# Untimed: warms the build cache; decides whether the module type-checks.
	(cd "$dir" && timeout "$timeout_s" go vet ./... >"$out/$name.plain.txt" 2>&1) || true
	why=$(typefail "$out/$name.plain.txt" | head -n 1)
	if [ -n "$why" ]; then
		echo "$name: does not type-check under plain go vet, skipped: $why" >&2
		echo "| $name | $ver | $kloc | | | | | | | | skipped: does not type-check (see $name.plain.txt) |" | tee -a "$table"
		continue
	fi

	read -r tvet _ mvet < <(timed "$dir" vet "$out/$name.plain.txt" "-printf.funcs=benchNoSuchFunc$RANDOM$RANDOM")
	read -r tdef rdef mdef < <(timed "$dir" default "$out/$name.default.txt" -vettool="$(fresh default)")
	ndef=$(reports "$out/$name.default.txt")
	errs=$(crashes "$out/$name.default.txt")
	[ "$errs" != 0 ] || canonical "$out/$name.default.txt" "$dir"
	notes=
	[ "$rdef" = 124 ] && notes="default: timeout after ${timeout_s}s"
	nstr=n/a
	if [ "$strict" = 1 ]; then
		read -r tstr rstr mstr < <(timed "$dir" strict "$out/$name.strict.txt" -vettool="$(fresh strict)" "${strict_args[@]}")
		nstr=$(reports "$out/$name.strict.txt")
		nerr=$(crashes "$out/$name.strict.txt")
		[ "$nerr" != 0 ] || canonical "$out/$name.strict.txt" "$dir"
		errs=$((errs + nerr))
		[ "$rstr" = 124 ] && notes="${notes:+$notes; }strict: timeout after ${timeout_s}s"
		echo "plain $tvet default $tdef strict $tstr" >"$out/$name.times"
	else
		echo "plain $tvet default $tdef" >"$out/$name.times"
	fi
	echo "peak-kb plain $mvet default $mdef${mstr:+ strict $mstr}" >>"$out/$name.times"
	if [ "$errs" -gt 0 ]; then
		failed=1
		notes="${notes:+$notes; }psharpvet crashed, see $name.default.txt"
	fi
	awk -v name="$name" -v ver="$ver" -v kloc="$kloc" -v nd="$ndef" -v ns="$nstr" \
		-v td="$tdef" -v tv="$tvet" -v e="$errs" -v notes="$notes" 'BEGIN {
		printf "| %s | %s | %s | %d | %s | %.2f | %.1f | %.1f | %.1fx | %d | %s |\n",
			name, ver, kloc, nd, ns, (kloc > 0 ? nd / kloc : 0), td, tv, (tv > 0 ? td / tv : 0), e, notes
	}' | tee -a "$table"
done <"$list"

end=$(date +%s)
echo >>"$table"
echo "$ran modules, wall time $((end - start)) s; psharpvet $("$PSHARPVET" -V=full 2>/dev/null | head -n 1 || true)" | tee -a "$table"
if [ "$ran" = 0 ]; then
	echo "run.sh: no module selected" >&2
	exit 2
fi
if [ "$failed" = 1 ]; then
	echo "run.sh: psharpvet panicked or reported an internal error; see $out" >&2
	exit 1
fi
