# SPDX-License-Identifier: Apache-2.0
# The license: LICENSE is the Apache License 2.0 and every source file says so in an SPDX line
# (packaging/spdx.sh adds the line to new files).
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTDATA/.." && pwd)
grep -q "Apache License" "$ROOT/LICENSE" && grep -q "Version 2.0, January 2004" "$ROOT/LICENSE" || fail "LICENSE is not the Apache License 2.0"
sh "$ROOT/packaging/spdx.sh" --check "$ROOT" > "$TMP/missing" 2>&1 || fail "files without an SPDX line: $(head -20 "$TMP/missing")"
grep -q "^License: Apache-2.0" "$ROOT/packaging/debian/copyright" || fail "the Debian copyright file names another license"
finish
