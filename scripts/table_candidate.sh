#!/usr/bin/env bash
# A whole-table detector candidate (a checkpoint of `vision.train detect`, such as the lent GPU's
# `scripts/device_train.sh MINUTES windows` run) exported as tile_detector_table.onnx into a copy
# of models/ and measured beside the shipped one by `vision.evaluate_table` on the table reader's
# seeds: 63, 64, 66 and 67 decide, 65 and 68 are held out (docs/table-reader.md). With
# TASK=classify, a whole-table classifier candidate (`vision.train classify` on
# `datasets.synth.table_crops`) takes tile_classifier_table.onnx's place instead.
# Usage: PY=PYTHON [TASK=detect|classify] bash scripts/table_candidate.sh WEIGHTS [OUT_DIR] [SEEDS]
# PY: a Python with the train extra (ultralytics exports the ONNX file); one line of figures a
# seed and models folder.
set -euo pipefail
cd "$(dirname "$0")/.."
WEIGHTS=${1:?usage: [TASK=detect|classify] bash scripts/table_candidate.sh WEIGHTS [OUT_DIR] [SEEDS]}
OUT=${2:-work/candidate-table}
SEEDS=${3:-63 64 66 67 65 68}
PY=${PY:-.venv/bin/python}
TASK=${TASK:-detect}
case "$TASK" in
  detect) EXPORTED=tile_detector.onnx TARGET=tile_detector_table.onnx ;;
  classify) EXPORTED=tile_classifier.onnx TARGET=tile_classifier_table.onnx ;;
  *) echo "TASK is detect or classify, not $TASK" >&2; exit 2 ;;
esac
mkdir -p "$OUT/export"
for file in models/*.onnx models/*.npz; do ln -sf "$PWD/$file" "$OUT/"; done
"$PY" -m vision.train export "$TASK" --weights "$WEIGHTS" --out "$OUT/export"
rm -f "$OUT/$TARGET"
mv "$OUT/export/$EXPORTED" "$OUT/$TARGET"
FIGURES='import json, sys
d = json.loads(sys.stdin.read().splitlines()[-1])["reader_on_photos"]
print("face-up {face_up_seat_zone:.1%}, rivers in order {rivers_in_order:.1%} (exact {rivers_exact:.1%}),"
      " indicators {indicator_found:.1%}, hidden backs {hidden_seat_zone:.1%}, names {names_reader:.1%},"
      " missed {missed}".format(**d))'
for seed in $SEEDS; do
  for models in models "$OUT"; do
    echo "seed $seed, $models: $("$PY" -m vision.evaluate_table --seed "$seed" --models "$models" --json \
      | "$PY" -c "$FIGURES")"
  done
done
