# One command each: `make demo` sets up and runs the assistant on an example; `make test` runs
# the tests. Both create the virtual environment on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint bench clean

# pip -qq: errors only; setuptools' note on every editable install and this machine's index
# settings are not ours to print.
$(STAMP): pyproject.toml setup.py assistant/_core.c assistant/_patterns.c assistant/_patterns.h
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -qq --upgrade pip
	$(BIN)/pip install -qq -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The demo: the example hand in Chinese and English, a real photo read when ../shared lies beside
# the project (those photos may not be redistributed), and last the rendered example photo, whose
# hand is a win, scored under Guangdong rules in both languages.
REAL_PHOTO ?= $(firstword $(wildcard ../shared/datasets/chinese-mahjong-detection-v4/valid/images/368369858_*.jpg))
WIN_PHOTO ?= examples/table.jpg

demo: $(STAMP)
	@echo "== 示例手牌 The example hand (examples/hand.json) =="
	$(BIN)/mahjong-assistant analyze < examples/hand.json
	$(BIN)/mahjong-assistant analyze --lang en < examples/hand.json
	mkdir -p work
ifneq ($(REAL_PHOTO),)
	@echo "== 一张真实照片 A real photo: the tiles read, the hand analysed =="
	-$(BIN)/mahjong-assistant score $(REAL_PHOTO) --variant guangdong --annotate work/demo-real.jpg
endif
	@echo "== 和牌照片 A photo of a winning hand, scored (annotated: work/demo.jpg) =="
	$(BIN)/mahjong-assistant score $(WIN_PHOTO) --variant guangdong --annotate work/demo.jpg
	$(BIN)/mahjong-assistant score $(WIN_PHOTO) --variant guangdong --lang en

# The whole suite, file by file with a dot per test; about 10 minutes on a 2-core machine (the
# recognizer and browser tests are most of it).
test: $(STAMP)
	@echo "Running the whole test suite: about 10 minutes on a 2-core machine (one dot per test)."
	$(BIN)/python -m pytest -o console_output_style=count

lint: $(STAMP)
	$(BIN)/ruff check .

# The engine's speed beside its peers (mahjong, PyMahjongGB), every figure with its target;
# docs/engine.md says what each line means.
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/mcr_speed.py
	$(BIN)/python benchmarks/riichi_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
