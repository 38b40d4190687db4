#!/bin/bash
# Every command's output on the samples, with the code of another tree, for a refactoring that
# must change no byte (issue 29): run it once with the older tree and once with this one, on the
# same samples, then `diff -r` the two folders.
#
#   git worktree add /tmp/before 1240c73
#   tools/compare_outputs.sh /tmp/before /tmp/out-before
#   tools/compare_outputs.sh "$PWD" /tmp/out-after
#   diff -r /tmp/out-before /tmp/out-after    # empty: the same exit codes, text, JSON, SVG, HTML
#
# TREE's grinivil_cli is imported (PYTHONPATH), this checkout's samples are read.
set -u
TREE=$1
OUT=$2
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
run() { env PYTHONPATH="$TREE" python -m grinivil_cli "$@"; }
for f in samples/*.yaml samples/variants/*.yaml samples/illegal/*.yaml samples/claims/*.yaml \
         samples/variants/illegal/*.yaml; do
  n=$(echo "$f" | tr '/' '_')
  run validate "$f" > "$OUT/$n.validate" 2>&1; echo "exit $?" >> "$OUT/$n.validate"
  run audit "$f" --format json > "$OUT/$n.audit.json" 2>&1; echo "exit $?" >> "$OUT/$n.audit.json"
  run moves "$f" --turn 5 > "$OUT/$n.moves" 2>&1; echo "exit $?" >> "$OUT/$n.moves"
done
for f in samples/game-2p.yaml samples/variants/promo-tiles-4p.yaml samples/game-6p.yaml; do
  n=$(echo "$f" | tr '/' '_')
  run render "$f" -o "$OUT/$n.render" --turn 40 > /dev/null 2>&1; echo "exit $?" > "$OUT/$n.render.exit"
  run viewer "$f" -o "$OUT/$n.html" > /dev/null 2>&1; echo "exit $?" > "$OUT/$n.viewer.exit"
  run show "$f" --turn 30 > "$OUT/$n.show" 2>&1; echo "exit $?" >> "$OUT/$n.show"
done
run report samples/*.yaml --format json > "$OUT/report.json" 2>&1; echo "exit $?" >> "$OUT/report.json"
