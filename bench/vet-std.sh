#!/usr/bin/env bash
# Measures wall time and peak memory of `go vet -vettool=psharpvet std`
# against plain `go vet std`, in the same run.
#
# Both run from one build cache that already holds compiled std (and its
# test variants), warmed once, untimed. The go command caches vet results
# by the vet tool's ID and flags, so every measurement is made unique:
# psharpvet by a fresh copy with random bytes appended (its ID hashes the
# executable), plain vet by a printf flag naming a function that does not
# exist. Nothing comes from the vet cache, and nothing is compiled during
# a timed run.
#
# Usage: bench/vet-std.sh [runs]     (default 1 run of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1}
out=$(pwd)/bench/out
mkdir -p "$out"
go build -o "$out/psharpvet" ./cmd/psharpvet
std=$(go env GOROOT)/src
export GOCACHE=$out/cache
(cd "$std" && go vet std >/dev/null 2>&1) || true

# fresh copies a tool and makes its content, hence its cache key, unique.
fresh() {
	local copy=$out/$2
	cp "$1" "$copy"
	head -c 64 /dev/urandom >>"$copy"
	echo "$copy"
}

measure() { # name, go vet arguments...
	local name=$1
	shift
	(cd "$std" && /usr/bin/time -f "%e %M" -o "$out/$name.time" go vet "$@" std >"$out/$name.log" 2>&1) || true
	tail -n 1 "$out/$name.time"
}

echo "run tool seconds peak_rss_kb"
for i in $(seq "$runs"); do
	read -r vs vk < <(measure vet "-printf.funcs=benchNoSuchFunc$RANDOM$RANDOM")
	read -r ps pk < <(measure psharpvet -vettool="$(fresh "$out/psharpvet" psharpvet-copy)")
	echo "$i go-vet $vs $vk"
	echo "$i psharpvet $ps $pk"
	awk -v a="$ps" -v b="$vs" -v c="$pk" -v d="$vk" -v i="$i" 'BEGIN { printf "%s ratio: time %.2fx, peak memory %.2fx\n", i, a/b, c/d }'
	if grep -E "^panic|internal error" "$out/psharpvet.log" >/dev/null; then
		echo "psharpvet crashed; see $out/psharpvet.log" >&2
		exit 1
	fi
done
# A report is a diagnostic line (path:line:col: message; its related
# lines have a tab after the position), counted once: go vet std checks a
# package and its test variant, which repeat the package's diagnostics.
grep -E '^[^ 	#].*\.go:[0-9]+:[0-9]+: [^	]' "$out/psharpvet.log" | sort -u >"$out/psharpvet.reports" || true
echo "psharpvet reports on std: $(wc -l <"$out/psharpvet.reports"), $(grep -vc '_test\.go:' "$out/psharpvet.reports" || true) outside _test.go files (see $out/psharpvet.reports)"
