#!/usr/bin/env bash
# Measures wall time and peak memory of `go vet -vettool=psharpvet std`
# against plain `go vet std`, in the same run: each from a build cache that
# holds compiled std but no vet results.
#
# Usage: bench/vet-std.sh [runs]     (default 1 run of each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1}
out=$(pwd)/bench/out
mkdir -p "$out"
go build -o "$out/psharpvet" ./cmd/psharpvet
tool=$(cd "$out" && pwd)/psharpvet
std=$(go env GOROOT)/src

measure() { # name, command...
	local name=$1
	shift
	# A fresh cache for every run, since the go command caches vet results;
	# std is compiled into it first, untimed, so both tools start from the
	# same export data.
	local cache
	cache=$(mktemp -d)
	(cd "$std" && GOCACHE=$cache go build std >/dev/null 2>&1) || true
	(cd "$std" && GOCACHE=$cache /usr/bin/time -f "%e %M" -o "$out/$name.time" "$@" >"$out/$name.log" 2>&1) || true
	rm -rf "$cache"
	read -r secs kb <"$out/$name.time"
	echo "$name $secs $kb"
}

echo "run tool seconds peak_rss_kb"
for i in $(seq "$runs"); do
	read -r _ vs vk < <(measure vet go vet std)
	read -r _ ps pk < <(measure psharpvet go vet -vettool="$tool" std)
	echo "$i go-vet $vs $vk"
	echo "$i psharpvet $ps $pk"
	awk -v a="$ps" -v b="$vs" -v c="$pk" -v d="$vk" 'BEGIN { printf "%s ratio time %.2fx, peak memory %.2fx\n", "'"$i"'", a/b, c/d }'
	if grep -E "panic|internal error" "$out/psharpvet.log" >/dev/null; then
		echo "psharpvet crashed; see $out/psharpvet.log" >&2
		exit 1
	fi
done
echo "psharpvet reports on std: $(grep -c ': ' "$out/psharpvet.log" || true) lines (see $out/psharpvet.log)"
