#!/usr/bin/env bash
# Compile the headless OpenGotha driver against an existing OpenGotha build and
# run it.  Needs only a JDK (javac/java, 11+; tested with 17); no network.
#
# usage:
#   OPENGOTHA_HOME=/path/to/opengotha-build scripts/opengotha/run.sh standings FILE [--round N] [--all-players] [--gotha-strings] [--raw]
#   OPENGOTHA_HOME=... scripts/opengotha/run.sh pair FILE --round N [--keep-bye]
#   OPENGOTHA_HOME=... scripts/opengotha/run.sh xml FILE --out OUT.xml
#   (add --xml to read FILE as an OpenGotha .xml tournament instead of the line format)
#
# Or pass the build as first argument:  run.sh --opengotha /path/to/opengotha-build standings FILE
#
# OPENGOTHA_HOME may be
#   * a directory holding opengotha.jar (e.g. the one build-opengotha.sh makes,
#     or an unpacked official OpenGotha distribution with lib/jhall.jar), or
#   * set OPENGOTHA_JAR=/path/to/opengotha.jar directly instead.
# jhall.jar (JavaHelp, shipped with OpenGotha in lib/) is only needed for the
# "xml" mode; it is looked up next to the jar, in lib/ and in src/lib/.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [[ "${1:-}" == "--opengotha" ]]; then
    OPENGOTHA_HOME="$2"; shift 2
fi

jar="${OPENGOTHA_JAR:-}"
if [[ -z "$jar" ]]; then
    if [[ -z "${OPENGOTHA_HOME:-}" ]]; then
        echo "run.sh: set OPENGOTHA_HOME (dir with opengotha.jar) or OPENGOTHA_JAR, or pass --opengotha DIR" >&2
        exit 2
    fi
    jar="$OPENGOTHA_HOME/opengotha.jar"
fi
[[ -f "$jar" ]] || { echo "run.sh: no OpenGotha jar at $jar (see README.md: 'Rebuilding OpenGotha')" >&2; exit 2; }
jardir="$(cd "$(dirname "$jar")" && pwd)"

cp="$jar"
for h in "$jardir/jhall.jar" "$jardir/lib/jhall.jar" "$jardir/src/lib/jhall.jar" \
         "${OPENGOTHA_HOME:-/nonexistent}/lib/jhall.jar" "${OPENGOTHA_HOME:-/nonexistent}/src/lib/jhall.jar"; do
    if [[ -f "$h" ]]; then cp="$cp:$h"; break; fi
done

build="$(mktemp -d "${TMPDIR:-/tmp}/tengen-opengotha.XXXXXX")"
trap 'rm -rf "$build"' EXIT
javac -nowarn -encoding UTF-8 -cp "$cp" -d "$build" "$here/OpenGothaStandings.java"
java -Djava.awt.headless=true -cp "$cp:$build" info.vannier.gotha.OpenGothaStandings "$@"
