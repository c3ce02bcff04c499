# One command each: `make demo` sets up and runs the assistant on an example; `make test` runs
# the tests. Both create the virtual environment on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The demo photo: a real one-row photo from ../shared when it lies beside the project (those photos
# may not be redistributed), else the rendered example in examples/.
DEMO_PHOTO ?= $(firstword $(wildcard ../shared/datasets/chinese-mahjong-detection-v4/valid/images/368369858_*.jpg) examples/table.jpg)

demo: $(STAMP)
	$(BIN)/mahjong-assistant analyze < examples/hand.json
	mkdir -p work
	-$(BIN)/mahjong-assistant score $(DEMO_PHOTO) --variant guangdong --annotate work/demo.jpg
	-$(BIN)/mahjong-assistant score $(DEMO_PHOTO) --variant guangdong --lang en

test: $(STAMP)
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
