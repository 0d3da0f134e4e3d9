// Copyright 2025 The psharpvet Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestVersion checks -version, and that the build ID -V=full prints, on
// which go vet keys its cache of the tool's results, is the same for the
// same program and changes when its code does.
func TestVersion(t *testing.T) {
	bin := build(t)
	out, code := run(t, t.TempDir(), bin, "-version")
	if ok, _ := regexp.MatchString(`^psharpvet (\(devel\)|v[0-9]\S*) \(go\S+\)\n$`, out); code != 0 || !ok {
		t.Errorf("-version: exit code %d, want 0; output %q, want \"psharpvet VERSION (GOVERSION)\"", code, out)
	}

	buildID := regexp.MustCompile(`^\S+ version devel comments-go-here buildID=([0-9a-f]{64})\n$`)
	id := func(bin string) string {
		t.Helper()
		out, code := run(t, t.TempDir(), bin, "-V=full")
		m := buildID.FindStringSubmatch(out)
		if code != 0 || m == nil {
			t.Fatalf("-V=full: exit code %d, want 0; output %q, want \"PROG version devel comments-go-here buildID=HASH\"", code, out)
		}
		return m[1]
	}
	first := id(bin)
	if again := id(bin); again != first {
		t.Errorf("-V=full: build ID %s, then %s", first, again)
	}

	// The same program with one more function, added by an overlay.
	dir := t.TempDir()
	extra := filepath.Join(dir, "extra.go")
	if err := os.WriteFile(extra, []byte("package main\n\nimport \"os\"\n\nfunc init() {\n\tif os.Getenv(\"PSHARPVET_TEST_CHANGED\") == \"1\" {\n\t\tprintln(\"changed\")\n\t}\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(wd, "zz_overlay_extra.go"): extra}})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	changed := filepath.Join(dir, "psharpvet")
	if out, err := exec.Command("go", "build", "-overlay", overlayFile, "-o", changed, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -overlay: %v\n%s", err, out)
	}
	if id(changed) == first {
		t.Errorf("-V=full: the same build ID %s after a change of the code", first)
	}
}
