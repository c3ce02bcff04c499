#!/usr/bin/env bash
# The classifier recipe on a lent GPU machine, bounded in time; what it writes comes back in one
# tar under $OUT. Prepare here with `python -m datasets.device_bundle pack`, then call the device
# tool's run with carry [".dev"] and the command `bash scripts/device_train.sh [MINUTES]`.
#
# Recipe (measured, models/MODEL_CARD.md): fine-tune the shipped weights at 96 px for 60 % of the
# time, then fine-tune that at 64 px (the size the recognizer runs at) for the rest.
# Run names: PREFIX (default classify-gpu-<month day hour minute>) then 96 and 64. PY, GPU_FLAG and
# EXTRA (more vision.train flags) exist for a dry run on a CPU: PY=.venv/bin/python GPU_FLAG=
# EXTRA="--fraction 0.01" bash scripts/device_train.sh 0.2
set -u
cd "$(dirname "$0")/.."
MINUTES=${1:-8}
PREFIX=${PREFIX:-classify-gpu-$(date -u +%m%d%H%M)-}
PY=${PY:-python3}
GPU_FLAG=${GPU_FLAG---gpu}
EXTRA=${EXTRA:-}
INIT=${INIT:-models/checkpoints/classify-gpu64_last.pt}
OUT=${OUT:-/tmp/device-out}
mkdir -p "$OUT" work/logs

"$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target /tmp/site .dev/whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD/.dev/stub PYTHONUNBUFFERED=1
[ -d .dev/classify ] || "$PY" -m datasets.device_bundle unpack || exit 1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || echo "no GPU seen"

hours() { python3 -c "print(round($MINUTES * $1 / 60, 4))"; }
stage() {  # size, start weights, name, share of the time
  timeout -s TERM "$(python3 -c "print(int($MINUTES * $4 * 60 + 90))")" \
    "$PY" -m vision.train classify $GPU_FLAG --data .dev/classify --imgsz "$1" --batch 256 \
    --epochs 60 --hours "$(hours "$4")" --workers 14 --init "$2" --name "$3" --no-export $EXTRA \
    > "work/logs/$3.log" 2>&1
  echo "$3: exit $?"; cut -d, -f1,4,5 "work/runs/$3/results.csv" | tail -3
}
stage 96 "$INIT" "${PREFIX}96" 0.6
stage 64 "work/runs/${PREFIX}96/weights/best.pt" "${PREFIX}64" 0.4

tar cf "$OUT/runs.tar" work/logs/"${PREFIX}"* work/runs/"${PREFIX}"*/results.csv \
  work/runs/"${PREFIX}"*/weights/best.pt models/checkpoints/"${PREFIX}"* models/train_log.jsonl
ls -la "$OUT"
