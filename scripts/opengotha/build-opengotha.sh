#!/usr/bin/env bash
# Build OpenGotha (https://github.com/lucvannier/opengotha) from a source
# checkout into OUT_DIR/opengotha.jar.  Only needs a JDK; no network, no ant.
#
# usage: scripts/opengotha/build-opengotha.sh SRC_CHECKOUT OUT_DIR
#   SRC_CHECKOUT: a checkout of the OpenGotha repository (contains src/ and lib/jhall.jar)
#   OUT_DIR:      where classes/ and opengotha.jar are written (keep it outside Tengen's repo)
set -euo pipefail
src="${1:?usage: build-opengotha.sh SRC_CHECKOUT OUT_DIR}"
out="${2:?usage: build-opengotha.sh SRC_CHECKOUT OUT_DIR}"
[[ -d "$src/src/info/vannier/gotha" ]] || { echo "not an OpenGotha checkout: $src" >&2; exit 2; }
mkdir -p "$out"
rm -rf "$out/classes"; mkdir -p "$out/classes"
find "$src/src" -name '*.java' > "$out/sources.txt"
# GUI classes compile fine headless; javac only needs JavaHelp (lib/jhall.jar).
javac -nowarn -encoding UTF-8 -J-Xmx700m -cp "$src/lib/jhall.jar" -d "$out/classes" @"$out/sources.txt"
# non-Java resources (icons, css) so that the jar could also start the GUI
(cd "$src/src" && find . -type f ! -name '*.java' ! -name '*.form' -exec cp --parents {} "$out/classes/" \;)
jar cf "$out/opengotha.jar" -C "$out/classes" .
mkdir -p "$out/lib" && cp "$src/lib/jhall.jar" "$out/lib/jhall.jar"
echo "built $out/opengotha.jar"
