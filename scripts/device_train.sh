#!/usr/bin/env bash
# A recognizer stage trained on a lent GPU machine, bounded in time; what it writes comes back in
# one tar under $OUT.  Usage: bash scripts/device_train.sh [MINUTES] [SET]
# Prepare here with `python -m datasets.device_bundle pack --set SET`, then call the device tool's
# run with carry [".dev/whl", ".dev/stub", ".dev/SET.bin", ".dev/SET.idx"] (SET: classify, detect,
# faces, closeups, pasted, table or windows; designs reads the classify bundle) and the command
# `bash scripts/device_train.sh MINUTES SET`.
#
# classify (measured, models/MODEL_CARD.md): fine-tune the shipped weights at 96 px for 60 % of
# the time, then fine-tune that at 64 px (the size the recognizer runs at) for the rest.
# designs: the many-designs classifier (tile_classifier_designs.onnx), fine-tuned at 64 px from
# its last CPU run on the same data (real crops and the rendered designs' crops) for the time.
# detect (measured, models/MODEL_CARD.md): fine-tune the shipped detector at 320 px (its runtime
# size) for the time.
# faces: the second detector (tile_detector_faces.onnx: dark, coloured and close-up faces),
# fine-tuned at 320 px from its shipped epoch on its rendered photos and the real ones.
# closeups: the same detector fine-tuned from the same epoch on close-ups of one tile or two or
# three touching (python -m datasets.synth.closeups), real photos and rendered scenes.
# pasted: the shipped detector fine-tuned (from detect's start) on rendered scenes whose tiles are
# real train tiles cut out and pasted in, mixed with the real train photos and rendered scenes:
# tiles printed, worn and lit as photographed, for real sets it never saw (docs: datasets/synth).
# Made by `python -m datasets.synth.pasted --scenes 1500 --also work/synth/detect/images:1000`
# (its default mix: whole tables 0.05, walls 0.02 of the rest, as the real photos hold few backs),
# packed with `--set pasted` (carry .dev/pasted.bin, .dev/pasted.idx); measure on the real sets.
# table: the whole-table classifier (tile_classifier_table.onnx), fine-tuned at 64 px from the
# shipped classify-table5 on the crops of python -m datasets.synth.table_crops --designs 300
# (work/tablecls; more --scenes there for more data), as the CPU runs classify-table1..5 were
# (models/MODEL_CARD.md); pack --set table --quality 70: classify-table5's 94,428 crops (train
# and val) are 56.3 MiB so with the wheels, beside the tree with models/ moved aside but
# classify-table5_last.pt (3 MiB).
# windows: the whole-table detector (tile_detector_table.onnx), fine-tuned at 320 px from the
# shipped detect-table8 on windows of rendered tables cut as the recognizer looks at them (far
# tiles about vision.find.TABLE_TILE, 30 px), with the real train photos, at 3e-5 as the CPU runs
# detect-table3..8. On the CPU (models/MODEL_CARD.md) more windows at 24 px, of 40 designs or of
# 300, at 3e-5 or 1e-5 (detect-table4..7), read hidden backs better but rivers and indicators
# worse; windows at 30 px read at 30 (detect-table8) placed more tiles and rivers right. Made by
# `python -m datasets.synth.table_windows --scenes 900 --seed 14 --coloured 0.4 --far-px 30
# --real-share 1350 --workers 2 --out work/tablewin`, packed with `--set windows` (carry
# .dev/windows.bin, .dev/windows.idx), with models/ moved aside but detect-table8_last.pt; the
# candidate measured by `bash scripts/table_candidate.sh WEIGHTS`.
# Run names: PREFIX (default SET-gpu-<month day hour minute>-) then 96 / 64 / 320. PY, GPU_FLAG
# and EXTRA (more vision.train flags) exist for a dry run on a CPU: PY=.venv/bin/python GPU_FLAG=
# EXTRA="--fraction 0.01" bash scripts/device_train.sh 0.2
set -u
cd "$(dirname "$0")/.."
MINUTES=${1:-8}
SET=${2:-classify}
PREFIX=${PREFIX:-$SET-gpu-$(date -u +%m%d%H%M)-}
PY=${PY:-python3}
GPU_FLAG=${GPU_FLAG---gpu}
EXTRA=${EXTRA:-}
OUT=${OUT:-/tmp/device-out}
mkdir -p "$OUT" work/logs
BUNDLE=$SET TASK=$SET  # the packed set read, and vision.train's task
[ "$SET" = designs ] && BUNDLE=classify TASK=classify
[ "$SET" = table ] && TASK=classify
[ "$SET" = faces ] || [ "$SET" = closeups ] && TASK=detect
[ "$SET" = pasted ] || [ "$SET" = windows ] && TASK=detect

"$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target /tmp/site .dev/whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD/.dev/stub PYTHONUNBUFFERED=1
[ -d ".dev/$BUNDLE" ] || "$PY" -m datasets.device_bundle unpack --set "$BUNDLE" || exit 1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || echo "no GPU seen"

# The time bound refits the epochs after the first one; the epochs given set the schedule's
# shape until then (and, for the detector, mosaic off for the last quarter of them).
stage() {  # data, size, batch, epochs, start weights, name, share of the time
  timeout -s TERM "$(python3 -c "print(int($MINUTES * $7 * 60 + 90))")" \
    "$PY" -m vision.train "$TASK" $GPU_FLAG --data "$1" --imgsz "$2" --batch "$3" --epochs "$4" \
    --hours "$(python3 -c "print(round($MINUTES * $7 / 60, 4))")" --workers 14 \
    --init "$5" --name "$6" --no-export $EXTRA > "work/logs/$6.log" 2>&1
  echo "$6: exit $?"; cut -d, -f1-8 "work/runs/$6/results.csv" | tail -3
}
if [ "$SET" = classify ]; then
  stage .dev/classify 96 256 60 models/checkpoints/classify-turnall64b_last.pt "${PREFIX}96" 0.6
  stage .dev/classify 64 256 40 "work/runs/${PREFIX}96/weights/best.pt" "${PREFIX}64" 0.4
elif [ "$SET" = designs ]; then
  stage .dev/classify 64 256 40 models/checkpoints/classify-designs64n_last.pt "${PREFIX}64" 1.0
elif [ "$SET" = table ]; then
  stage .dev/table 64 256 40 models/checkpoints/classify-table5_last.pt "${PREFIX}64" 1.0
elif [ "$SET" = faces ] || [ "$SET" = closeups ]; then
  stage ".dev/$SET/data.yaml" 320 64 40 models/checkpoints/detect-faces3_best.pt "${PREFIX}320" 1.0
elif [ "$SET" = windows ]; then
  EXTRA="--lr 0.00003 $EXTRA"  # EXTRA's own --lr, given, comes last and wins
  stage .dev/windows/data.yaml 320 64 40 models/checkpoints/detect-table8_last.pt "${PREFIX}320" 1.0
elif [ "$SET" = pasted ]; then
  stage .dev/pasted/data.yaml 320 64 40 models/checkpoints/detect-gpu-11300126-320_last.pt "${PREFIX}320" 1.0
else
  stage .dev/detect/data.yaml 320 64 40 models/checkpoints/detect-gpu-11300126-320_last.pt "${PREFIX}320" 1.0
fi

# Checkpoints are kept under vision.train's GIT_CHECKPOINT_LIMIT; a best.pt of a run cut short
# still holds its optimizer and may be over the 16 MB a returned file may have, so it goes apart.
tar cf "$OUT/runs.tar" work/logs/"${PREFIX}"* work/runs/"${PREFIX}"*/results.csv \
  models/checkpoints/"${PREFIX}"* models/train_log.jsonl
for best in work/runs/"${PREFIX}"*/weights/best.pt; do
  [ -f "$best" ] && cp "$best" "$OUT/$(basename "$(dirname "$(dirname "$best")")")-best.pt"
done
ls -la "$OUT"
