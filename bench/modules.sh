# Shared by bench/corpus/run.sh and bench/scale/run.sh, which source it:
# how a corpus module is prepared and how the tool's runs are told apart.
# The caller sets root (the repository), tmp (a scratch directory) and
# PSHARPVET (a built tool, or empty to build one in tmp).

# Modules are built as published: no workspace, the local toolchain, and
# go.mod/go.sum completed from the proxy where they are short.
export GOWORK=off GOTOOLCHAIN=local
goflags=$(go env GOFLAGS)
export GOFLAGS="${goflags:+$goflags }-mod=mod"

if [ -z "${PSHARPVET:-}" ]; then
	(cd "$root" && go build -o "$tmp/psharpvet" ./cmd/psharpvet)
	PSHARPVET=$tmp/psharpvet
fi
PSHARPVET=$(cd "$(dirname "$PSHARPVET")" && pwd)/$(basename "$PSHARPVET")

# fresh copies the tool and makes its content, hence its vet cache key, unique.
fresh() {
	local copy=$tmp/psharpvet-$1
	cp "$PSHARPVET" "$copy"
	head -c 64 /dev/urandom >>"$copy"
	echo "$copy"
}

crashes() { grep -cE 'panic:|fatal error:|internal error|no package vetx file' "$1" || true; }

# typefail prints the lines of a plain vet log showing that the module does
# not load or type-check here ("go: downloading ..." and the like, printed
# while -mod=mod completes go.mod, are not failures).
typefail() {
	grep -E '^vet: |^go: |^pattern |no required module provides|build constraints exclude all|could not import|cannot find (module|package)|403 Forbidden' "$1" |
		grep -vE '^go: (downloading|extracting|finding module|found|added|upgraded) ' || true
}

# loc counts the lines of Go of a module: .go files, tests included,
# without vendor/ and testdata/.
loc() {
	find "$1" -name '*.go' -type f -not -path '*/vendor/*' -not -path '*/testdata/*' -print0 |
		xargs -0 cat | wc -l
}

# prepare mod ver dir: copies mod@ver from the module cache (downloading it)
# to dir, writable, with a go.mod and its dependencies downloaded; returns
# 1 if the proxy does not serve it.
prepare() {
	local mod=$1 ver=$2 dir=$3 src
	src=$(go mod download -json "$mod@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
	if [ -z "$src" ] || [ ! -d "$src" ]; then
		return 1
	fi
	chmod -R u+w "$dir" 2>/dev/null || true
	rm -rf "$dir"
	cp -r "$src" "$dir"
	chmod -R u+w "$dir"
	if [ ! -f "$dir/go.mod" ]; then
		(cd "$dir" && go mod init "$mod" >/dev/null 2>&1 && go mod tidy -e >/dev/null 2>&1) || true
	fi
	(cd "$dir" && go mod download >/dev/null 2>&1) || true
}
