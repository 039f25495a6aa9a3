# pincite: two commands on a fresh machine.
#   make demo   set up .venv, build the demo PDFs, ingest them, ask questions in en/ru/zh
#   make test   set up .venv and run the test suite (CI runs exactly this)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
DEMO   := demo/out
DEMO_DATA := $(DEMO)/pincite-data

.PHONY: demo test train setup clean

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

test: setup
	$(PY) -m pytest -q

# Retrain the answerability model on the development set's tune split and report the
# held-out split (fetches the documents first: Debian packages, generated Office files).
train: setup
	$(PY) benchmarks/devset/fetch.py
	$(PY) benchmarks/train_answerability.py
	$(PY) benchmarks/devset_eval.py --split heldout

clean:
	rm -rf $(DEMO) pincite-data
