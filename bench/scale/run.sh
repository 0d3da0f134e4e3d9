#!/usr/bin/env bash
# Measures how the cost of plain `go vet ./...` and of `go vet
# -vettool=psharpvet ./...` grows with the size of the code: lines of Go,
# wall time, peak memory and thousands of lines per second on each module of
# bench/corpus/modules.txt (2.9 K to 476 K lines, about 1 M together), in
# three states of the go command's caches, and the cost of the worst package
# of one module.
#
# Modules are prepared as bench/corpus/run.sh prepares them: found in the
# module cache by `go mod download -json`, copied to a scratch directory,
# their dependencies downloaded (GOFLAGS=-mod=mod), then an untimed plain
# `go vet ./...` warms the build cache and decides whether the module
# type-checks here (if not, it is skipped, with a line on stderr). Lines of
# Go are those of modules.txt: .go files, tests included, without vendor/
# and testdata/. Downloads are never timed.
#
# The states (-states, default "warm cold rerun"):
#
#	warm   the build cache ($GOCACHE) holds the module's compiled
#	       dependencies; vet results are not cached: plain vet gets a
#	       -printf.funcs flag naming a function that does not exist, and
#	       psharpvet is a fresh copy with random bytes appended (the go
#	       command keys vet results by a hash of the tool's executable),
#	       as in bench/vet-std.sh.
#	cold   a fresh, empty GOCACHE for each run, removed afterwards: the
#	       time includes compiling the standard library and the
#	       dependencies the module needs.
#	rerun  psharpvet only: the warm run's copy of the tool again on the
#	       unchanged tree, so every vet action should come from the vet
#	       result cache (the vet_runs column counts the tool processes
#	       the go command still started: 0 on a full hit).
#
# Every go vet run starts the tool once per package of the build, test
# variants and dependencies included (these, the standard library too,
# only for their facts); go vet -x prints these commands and the vet.cfg
# files they read, which give vet_runs and vetted_kloc below.
#
# Memory is GNU time's %M: the largest maximum resident set size of any
# single process among go and its descendants (the go command, a compiler, a
# vet tool process), in KB. It is not the sum over the processes the go
# command runs at once (up to GOMAXPROCS actions). cpu_s is user plus system
# time of all of them, which contention from other work on the machine
# changes less than it changes the wall time. Without GNU time at
# /usr/bin/time, times come from bash's time and peak_kb is empty.
#
# The worst package: for one module (-worst, default nats-server), after
# its other runs, psharpvet and plain vet are run once more in the warm
# state with the tool wrapped by a script that times each vet action
# alone (GNU time: wall seconds and peak RSS of that one tool process) and
# reads its package and files from the vet.cfg the go command wrote. One
# row per vet action goes to out/packages.csv; out/worst.txt names the
# packages that took longest and the most memory.
#
# Usage: bench/scale/run.sh [-m name]... [-states "warm cold rerun"] [-worst name]
#
#	-m name        run this module only (name or module path; repeatable);
#	               MODULES="a b" does the same
#	-states list   the cache states to measure, of warm, cold and rerun
#	-worst name    the module whose packages are measured one by one
#	               (default nats-server; "none" for none)
#
# Environment:
#	PSHARPVET     the tool to run (default: built from this repository)
#	OUT           outputs (default bench/scale/out)
#	WORK          scratch copies of the modules and the cold caches
#	              (default $TMPDIR/psharpvet-scale-modules)
#	TIMEOUT       seconds allowed to one go vet run (default 1200)
#	COLD_MODULES  names of the modules measured in the cold state
#	              (default: all those selected)
#	GOCACHE       the build cache of the warm and rerun states (default:
#	              go env GOCACHE)
#
# Outputs in $OUT: scale.csv, one row per module, tool and state:
#
#	module,kloc,tool,cache,seconds,peak_kb,kloc_per_s,cpu_s,vet_runs,vetted_kloc,status
#
# where tool is plain or psharpvet; cache is warm, cold or rerun; kloc_per_s
# is kloc over wall seconds; vet_runs counts the vet tool processes started
# (0 when every result came from the cache); vetted_kloc counts the lines
# of the Go files they were given (dependencies and test variants
# included: the size of the work, where kloc is the size of the module);
# status is ok, timeout, crash (panic or internal error in the output) or
# failed (the module did not load or type-check). Rows with module "all"
# sum kloc, times and counts over the modules of each tool and state; their
# peak_kb is the largest of the modules (the runs are one after another).
# Then scale.svg, the plot of scale.csv by bench/scale/plot;
# <name>.<tool>.<cache>.log, the output of each run; packages.csv and
# worst.txt (see above).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
list=$root/bench/corpus/modules.txt
out=${OUT:-$here/out}
work=${WORK:-${TMPDIR:-/tmp}/psharpvet-scale-modules}
timeout_s=${TIMEOUT:-1200}
want=${MODULES:-}
states="warm cold rerun"
worst=nats-server

usage() { sed -n '/^# Usage:/,/^# Outputs/p' "$0" | sed '$d; s/^#//'; }

while [ $# -gt 0 ]; do
	case $1 in
	-m | -states | -worst)
		[ $# -ge 2 ] || { usage >&2; exit 2; }
		case $1 in
		-m) want="$want $2" ;;
		-states) states=$2 ;;
		-worst) worst=$2 ;;
		esac
		shift 2
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
for s in $states; do
	case $s in
	warm | cold | rerun) ;;
	*)
		echo "run.sh: unknown state $s (want warm, cold or rerun)" >&2
		exit 2
		;;
	esac
done
has_state() { [[ " $states " == *" $1 "* ]]; }

mkdir -p "$out" "$work"
out=$(cd "$out" && pwd)
work=$(cd "$work" && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp" "$work/gocache-cold"' EXIT

# As bench/corpus/run.sh: the environment modules are built in, the tool,
# and the helpers (fresh, crashes, typefail, loc, prepare).
. "$root/bench/modules.sh"
vet=$(go env GOTOOLDIR)/vet

# Peak memory needs GNU time; bash's time keyword gives the times only.
gnutime=0
if /usr/bin/time -f '%e %M' -o "$tmp/probe" true 2>/dev/null &&
	grep -qE '^[0-9.]+ [0-9]+$' "$tmp/probe"; then
	gnutime=1
else
	echo "run.sh: no GNU time at /usr/bin/time; peak memory not measured" >&2
fi

selected() { # name module
	[ -n "${want// /}" ] || return 0
	local w
	for w in $want; do
		[ "$w" = "$1" ] || [ "$w" = "$2" ] && return 0
	done
	return 1
}

# measure dir log command...: runs command in dir under the timeout, its
# output in log, and prints "seconds peak_kb cpu_seconds status", peak_kb
# "-" if unknown.
measure() {
	local dir=$1 log=$2 rc=0 t=$tmp/time seconds kb=- user sys status=ok
	shift 2
	if [ "$gnutime" = 1 ]; then
		(cd "$dir" && /usr/bin/time -f '%e %M %U %S' -o "$t" timeout "$timeout_s" "$@" >"$log" 2>&1) || rc=$?
		read -r seconds kb user sys < <(tail -n 1 "$t")
	else
		(cd "$dir" && TIMEFORMAT='%R %U %S' && { time timeout "$timeout_s" "$@" >"$log" 2>&1; } 2>"$t") || rc=$?
		read -r seconds user sys < <(tail -n 1 "$t")
	fi
	if [ "$rc" = 124 ]; then
		status=timeout
	elif [ "$(crashes "$log")" != 0 ]; then
		status=crash
	elif [ -n "$(typefail "$log")" ]; then
		status=failed
	fi
	echo "$seconds $kb $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $status"
}

# vet_runs log: the number of vet tool processes in the commands that go vet
# -x printed to log.
vet_runs() { grep -cE ' \$WORK/b[0-9]+/vet\.cfg$' "$1" || true; }

# vetted_kloc log: thousands of lines in the Go files given to the vet tool
# processes of log, read from the vet.cfg files that go vet -x printed. The
# non-test files of a package with tests count twice: the go command vets
# the package (for its facts, when another imports it) and its test variant.
vetted_kloc() {
	awk '/vet\.cfg << / { cfg = 1 } cfg && /"GoFiles": \[/ { on = 1; next } on && /\]/ { on = cfg = 0 } on { gsub(/^[ \t]*"|",?$/, ""); print }' "$1" |
		tr '\n' '\0' | xargs -0 cat 2>/dev/null | wc -l | awk '{ printf "%.1f", $1 / 1000 }'
}

csv=$out/scale.csv
echo "module,kloc,tool,cache,seconds,peak_kb,kloc_per_s,cpu_s,vet_runs,vetted_kloc,status" >"$csv"
# run name kloc tool cache command...: measures one go vet run and appends
# its row to the CSV.
run() {
	local name=$1 kloc=$2 tool=$3 cache=$4 log=$out/$1.$3.$4.log seconds kb cpu status
	shift 4
	echo "   $tool $cache ..." >&2
	read -r seconds kb cpu status < <(measure "$dir" "$log" "$@")
	awk -v OFS=, -v m="$name" -v k="$kloc" -v t="$tool" -v c="$cache" -v s="$seconds" -v kb="${kb#-}" \
		-v cpu="$cpu" -v n="$(vet_runs "$log")" -v v="$(vetted_kloc "$log")" -v st="$status" \
		'BEGIN { print m, k, t, c, s, kb, (s > 0 ? sprintf("%.1f", k / s) : ""), cpu, n, v, st }' | tee -a "$csv" >&2
}

# wrapper label tool: writes an executable script that runs tool and, for each
# vet action (a vet.cfg as last argument), appends a row of packages.csv:
# the package, whether only its facts were wanted, its files, test files
# (in a test variant) and lines, and the wall seconds and peak RSS of that
# tool process alone. The go command
# asks it -V=full and -flags too: those go straight to the tool, so the vet
# cache key is still the tool's own.
wrapper() {
	local w=$tmp/wrap-$1
	{
		echo '#!/usr/bin/env bash'
		printf 'label=%q tool=%q log=%q\n' "$1" "$2" "$out/packages.csv"
		cat <<-'EOF'
			cfg=${!#}
			case $cfg in *.cfg) ;; *) exec "$tool" "$@" ;; esac
			t=$(mktemp)
			rc=0
			/usr/bin/time -f '%e %M' -o "$t" "$tool" "$@" || rc=$?
			read -r seconds kb < <(tail -n 1 "$t")
			rm -f "$t"
			id=$(sed -n 's/^[[:space:]]*"ID": "\(.*\)",$/\1/p' "$cfg")
			vetx=$(grep -q '"VetxOnly": true' "$cfg" && echo true || echo false)
			files=$(awk '/"GoFiles": \[/ { on = 1; next } on && /\]/ { exit } on { gsub(/^[ \t]*"|",?$/, ""); print }' "$cfg")
			nfiles=$(grep -c . <<<"$files" || true)
			ntests=$(grep -c '_test\.go$' <<<"$files" || true)
			lines=$(tr '\n' '\0' <<<"$files" | xargs -0 cat 2>/dev/null | wc -l)
			echo "$label,$id,$vetx,$nfiles,$ntests,$lines,$seconds,$kb" >>"$log"
			exit "$rc"
		EOF
	} >"$w"
	chmod +x "$w"
	echo "$w"
}

# packages name: measures each vet action of module name, warm, one tool at a
# time, and summarizes the worst in worst.txt.
packages() {
	local name=$1
	echo "tool,package,vetx_only,files,test_files,lines,seconds,peak_kb" >"$out/packages.csv"
	echo "   packages one by one ..." >&2
	measure "$dir" "$out/$name.psharpvet.packages.log" go vet -vettool="$(wrapper psharpvet "$(fresh packages)")" ./... >/dev/null
	measure "$dir" "$out/$name.plain.packages.log" go vet -vettool="$(wrapper plain "$vet")" "-printf.funcs=benchNoSuchFunc$RANDOM$RANDOM" ./... >/dev/null
	# The vet actions that took longest under psharpvet and that had the
	# largest peak, among the packages checked (those of ./... and their
	# test variants, which vet.cfg names like the package) and among those
	# vetted only for their facts (dependencies, the standard library, and
	# the module's packages that others import), each with plain vet's
	# cost on the same package. Import paths have no commas.
	awk -F, '
		NR == 1 { next }
		{ key = $2 "," $3 "," $5; secs[$1, key] = $7; kb[$1, key] = $8; lines[key] = $6; files[key] = $4 }
		$1 == "psharpvet" {
			if ($7 + 0 > ts[$3]) { ts[$3] = $7 + 0; tk[$3] = key }
			if ($8 + 0 > mk[$3]) { mk[$3] = $8 + 0; mkey[$3] = key }
		}
		$3 == "false" { checked[$1] += $6 }
		{ total[$1] += $7 }
		function show(what, key, f) {
			split(key, f, ",")
			printf "%s: %s (%d files, %d of them tests; %d lines): psharpvet %.1f s, %.0f MB; plain vet %.1f s, %.0f MB\n",
				what, f[1], files[key], f[3], lines[key], secs["psharpvet", key], kb["psharpvet", key] / 1024,
				secs["plain", key], kb["plain", key] / 1024
		}
		END {
			show("longest package checked", tk["false"])
			show("most memory, package checked", mkey["false"])
			show("longest package vetted for facts only", tk["true"])
			show("most memory, package vetted for facts only", mkey["true"])
			printf "sum over the vet actions: psharpvet %.1f s, plain vet %.1f s\n", total["psharpvet"], total["plain"]
		}
	' "$out/packages.csv" | tee "$out/worst.txt" >&2
}

echo "== psharpvet $("$PSHARPVET" -V=full | head -n 1); $(go version); $(nproc) cores; states: $states" >&2
ran=0
start=$(date +%s)
while read -r name mod ver _; do
	case $name in '' | '#'*) continue ;; esac
	selected "$name" "$mod" || continue
	ran=$((ran + 1))
	echo "== $name $mod@$ver ($(($(date +%s) - start)) s)" >&2
	rm -f "$out/$name".*

	dir=$work/$name
	if ! prepare "$mod" "$ver" "$dir"; then
		echo "$name: not downloadable, skipped" >&2
		continue
	fi
	kloc=$(awk -v n="$(loc "$dir")" 'BEGIN { printf "%.1f", n / 1000 }')

	# Untimed: warms the build cache; decides whether the module type-checks.
	(cd "$dir" && timeout "$timeout_s" go vet ./... >"$out/$name.warmup.log" 2>&1) || true
	why=$(typefail "$out/$name.warmup.log" | head -n 1)
	if [ -n "$why" ]; then
		echo "$name: does not type-check under plain go vet, skipped: $why" >&2
		continue
	fi

	tool=$(fresh "$name")
	if has_state warm; then
		run "$name" "$kloc" plain warm go vet -x "-printf.funcs=benchNoSuchFunc$RANDOM$RANDOM" ./...
		run "$name" "$kloc" psharpvet warm go vet -x -vettool="$tool" ./...
	elif has_state rerun; then
		(cd "$dir" && timeout "$timeout_s" go vet -vettool="$tool" ./... >/dev/null 2>&1) || true
	fi
	if has_state rerun; then
		run "$name" "$kloc" psharpvet rerun go vet -x -vettool="$tool" ./...
	fi
	if has_state cold && { [ -z "${COLD_MODULES:-}" ] || [[ " $COLD_MODULES " == *" $name "* ]]; }; then
		cold=$work/gocache-cold
		for t in plain psharpvet; do
			rm -rf "$cold"
			if [ "$t" = plain ]; then
				run "$name" "$kloc" plain cold env GOCACHE="$cold" go vet -x ./...
			else
				run "$name" "$kloc" psharpvet cold env GOCACHE="$cold" go vet -x -vettool="$(fresh cold)" ./...
			fi
		done
		rm -rf "$cold"
	fi
	if [ "$name" = "$worst" ] && [ "$gnutime" = 1 ]; then
		packages "$name"
	fi
done <"$list"
if [ "$ran" = 0 ]; then
	echo "run.sh: no module selected" >&2
	exit 2
fi

# The totals over the modules, per tool and state.
awk -F, -v OFS=, '
	NR == 1 || $1 == "all" { next }
	{
		g = $3 "," $4
		if (!(g in n)) order[++groups] = g
		n[g]++; kloc[g] += $2; secs[g] += $5; cpu[g] += $8; runs[g] += $9; vetted[g] += $10
		if ($6 + 0 > kb[g]) kb[g] = $6 + 0
		if ($11 == "ok") ok[g]++
	}
	END {
		for (i = 1; i <= groups; i++) {
			g = order[i]; split(g, tc, ",")
			print "all", sprintf("%.1f", kloc[g]), tc[1], tc[2], sprintf("%.2f", secs[g]), (kb[g] ? kb[g] : ""),
				(secs[g] > 0 ? sprintf("%.1f", kloc[g] / secs[g]) : ""), sprintf("%.2f", cpu[g]), runs[g],
				sprintf("%.1f", vetted[g]), (ok[g] == n[g] ? "ok" : ok[g] + 0 " of " n[g] " ok")
		}
	}
' "$csv" | tee -a "$csv" >&2

(cd "$root" && GOFLAGS=$goflags go run ./bench/scale/plot -o "$out/scale.svg" "$csv")
echo "$ran modules, wall time $(($(date +%s) - start)) s; $csv, $out/scale.svg" >&2
