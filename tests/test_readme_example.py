"""The questions-file example in README.md is the demo's own first question: a reader who
copies it and runs it on the demo library gets the answer it states."""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_questions_example_is_a_demo_question():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    examples = [json.loads(line.strip()) for line in readme.splitlines()
                if line.startswith("    {\"id\":") and "\"question\"" in line]
    assert examples, "README.md shows no questions-file line"
    demo = [json.loads(line) for line in (ROOT / "demo" / "expected.jsonl").read_text(encoding="utf-8").splitlines()
            if line.strip()]
    for ex in examples:
        assert ex in demo, f"README example {ex['id']} is not a line of demo/expected.jsonl"
