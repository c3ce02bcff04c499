#!/usr/bin/env bash
# One-command training of the tile recognizer (detector + classifier), resumable.
#
#   scripts/train.sh                 # CPU: build data if missing, train classifier then detector
#   scripts/train.sh --gpu           # GPU machine: device 0, bigger batch/imgsz, more epochs
#   scripts/train.sh --install       # first install the train extra into .venv (torch pinned)
#   scripts/train.sh classify        # only one stage (classify | detect); flags may follow
#
# Every run resumes from work/runs/<name>/weights/last.pt or models/checkpoints/<name>_last.pt,
# appends to models/train_log.jsonl and exports ONNX into models/ when it finishes.
# CPU runs are niced so that other work on the machine is not starved.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
[ -x "$PY" ] || PY=python3

stages=()
flags=()
install=0
gpu=0
for arg in "$@"; do
  case "$arg" in
    classify|detect) stages+=("$arg") ;;
    --install) install=1 ;;
    --gpu) gpu=1; flags+=("$arg") ;;
    *) flags+=("$arg") ;;
  esac
done
[ ${#stages[@]} -gt 0 ] || stages=(classify detect)

if [ "$install" = 1 ]; then
  # torch first, pinned: an unpinned torch would pull a multi-GB build from the network.
  "$PY" -m pip install torch==2.14.1 torchvision==0.29.1
  "$PY" -m pip install -e '.[train]'
fi

export YOLO_OFFLINE=1
mkdir -p work/logs

# The sets both stages train on: real photos, their stretched copies, rendered scenes and crops,
# crops of what is not a tile (work/mixed).
if [ ! -f work/mixed/detect/data.yaml ] || [ ! -d work/mixed/classify/train ]; then
  "$PY" -m datasets.build --synth-count 800
fi

nice_cmd=(nice -n 10)
[ "$gpu" = 1 ] && nice_cmd=()

for stage in "${stages[@]}"; do
  log="work/logs/${stage}-$(date -u +%Y%m%dT%H%M%SZ).log"
  echo "training $stage (log: $log)"
  set +e
  ${nice_cmd[@]+"${nice_cmd[@]}"} "$PY" -m vision.train "$stage" ${flags[@]+"${flags[@]}"} 2>&1 \
    | tee "$log" | grep --line-buffered -E "^ +all|epochs completed|exported|resuming|Error"
  status=${PIPESTATUS[0]}
  set -e
  [ "$status" = 0 ] || { echo "$stage failed (exit $status), see $log"; exit 1; }
done
