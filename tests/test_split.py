"""Compound questions (issue #9): the offline splitter on the shared questions and generated
ones, part-by-part answers (`parts[]`, `partial`), the query model's split on the LLM path,
and the part-by-part eval score."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from llm_server import Reply, ScriptedLLM, chat_json
from pdfgen import make_pdf
from pincite.answer.llm import LlmSettings
from pincite.answer.split import split_question
from pincite.app import Library
from pincite.config import Settings
from pincite.evaluate import score, summarise

QUESTIONS = Path(__file__).resolve().parents[1].parent / "shared" / "eval" / "questions.jsonl"


def shared_questions(corpus) -> list[dict]:
    return [json.loads(line) for line in (corpus.parent / "eval" / "questions.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]


def test_shared_compound_questions_split_and_no_other_does(corpus):
    qs = shared_questions(corpus)
    compound = [q for q in qs if q["kind"] == "compound"]
    others = [q for q in qs if q["kind"] != "compound"]
    assert len(compound) >= 5 and len(others) >= 35
    not_split = [q["id"] for q in compound if len(split_question(q["question"], q["lang"])) < 2]
    false_splits = [q["id"] for q in others if len(split_question(q["question"], q["lang"])) > 1]
    print(f"\ncompound split {len(compound) - len(not_split)}/{len(compound)}; false splits "
          f"{len(false_splits)}/{len(others)}")
    assert not not_split and not false_splits


@pytest.mark.parametrize("question, parts", [
    ("According to lshort, when was TeX as we use it today released, and in which year were "
     "enhancements added to better support 8-bit characters?",
     ["According to lshort, when was TeX as we use it today released?",
      "According to lshort, in which year were enhancements added to better support 8-bit characters?"]),
    ("What is the maximum pressure of the PX-200 pump? How long is the PX-200 warranty period?",
     ["What is the maximum pressure of the PX-200 pump?", "How long is the PX-200 warranty period?"]),
    ("Какое максимальное давление насоса НД-40 и какой гарантийный срок установлен для насоса?",
     ["Какое максимальное давление насоса НД-40?", "Какой гарантийный срок установлен для насоса?"]),
    ("泵 PX-200 的最大工作压力是多少？泵的保修期从交货日期起算是多长时间？",
     ["泵 PX-200 的最大工作压力是多少？", "泵的保修期从交货日期起算是多长时间？"]),
])
def test_generated_compound_questions_split_self_contained(question, parts):
    assert split_question(question) == parts


@pytest.mark.parametrize("question", [
    "In the siunitx table of SI prefixes, what symbol and power of ten belong to the prefix 'ronna'?",
    "Which siunitx command produces the unit with symbol 'kat', and what unit is it?",
    "В каком издательстве и в каком году вышла книга?",
    "\\zhganzhi 命令参数的正常范围是多少？超出范围会怎样？",
    "What is the pressure and temperature limit of the pump?",
])
def test_single_questions_with_and_are_not_split(question):
    assert split_question(question) == [question]


PAGES = [
    "PX-200 pump service manual. Overview of the unit.",
    "Operating limits. The maximum operating pressure of the PX-200 pump is 10 bar.",
    "Warranty. The warranty period of the PX-200 pump is 18 months from the date of delivery.",
]


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    root = tmp_path_factory.mktemp("compound")
    make_pdf(root / "px200.pdf", PAGES, title="PX-200 pump service manual")
    lib = Library(Settings(data_dir=root / "data", embedder="none"))
    assert lib.ingest([root / "px200.pdf"])[0].status == "added"
    yield lib
    lib.close()


def test_compound_answer_has_one_part_per_sub_question(library):
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump? "
                      "How long is the warranty period of the PX-200 pump?")
    assert ans.status == "answered" and len(ans.parts) == 2
    assert [p.status for p in ans.parts] == ["answered", "answered"]
    assert ans.parts[0].claims[0].citations[0].page == 2 and ans.parts[1].claims[0].citations[0].page == 3
    assert ans.citations()[0].page == 2  # the first part's best citation comes first
    assert "10 bar" in ans.answer and "18 months" in ans.answer


def test_a_part_missing_from_the_library_makes_a_partial_answer_without_a_number(library):
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump, and what noise "
                      "level in decibels does the PX-200 pump produce at full speed?")
    assert ans.status == "partial" and len(ans.parts) == 2
    proven, missing = ans.parts
    assert proven.status == "answered" and "10 bar" in proven.answer
    assert missing.status == "refused" and not missing.claims
    assert not any(ch.isdigit() for ch in missing.answer)
    assert any("part 2 is not answered" in w for w in ans.warnings)


def test_query_model_split_is_used_and_a_bad_one_falls_back_to_rules(library):
    import re

    block = re.compile(r"<<<EVIDENCE (\w+) chunk_id=(\S+) \| [^\n]*>>>\n(.*?)\n<<<END \1>>>", re.S)

    def model(request, headers):
        if request.get("response_format", {}).get("json_schema", {}).get("name") == "split":
            return Reply(json=chat_json(json.dumps({"parts": [
                "What is the maximum operating pressure of the PX-200 pump?",
                "What is the warranty period of the PX-200 pump?"]})))
        user = request["messages"][1]["content"]
        blocks = block.findall(user)
        asked = user.split("\n", 1)[0]
        for topic, needle, claim in (("pressure", "10 bar", "It is 10 bar."),
                                     ("warranty", "18 months", "It is 18 months.")):
            hit = next(((cid, text) for _, cid, text in blocks if needle in text), None)
            if hit and topic in asked:
                sentence = next(s for s in hit[1].split(". ") if needle in s)
                return Reply(json=chat_json(json.dumps({"status": "answered", "claims": [
                    {"text": claim, "chunk_id": hit[0], "quote": sentence.strip().rstrip(".")}]})))
        return Reply(json=chat_json(json.dumps({"status": "refused", "claims": []})))

    with ScriptedLLM(handler=model) as llm:
        settings = LlmSettings(base_url=llm.url, model="answer", query_model="splitter", timeout_s=5)
        ans = library.ask("Tell me the PX-200 pump's maximum operating pressure and its warranty period.",
                          llm=settings)
        assert llm.requests[0][1]["model"] == "splitter"
        assert len(ans.parts) == 2 and ans.status == "answered"
        assert any("split into 2 parts by the query model splitter" in w for w in ans.warnings)
        assert [p.claims[0].citations[0].page for p in ans.parts] == [2, 3]

        llm.handler = lambda request, headers: Reply(json=chat_json("I cannot split this."))
        ans = library.ask("What is the maximum operating pressure of the PX-200 pump?", llm=settings)
        assert any("split by rules" in w for w in ans.warnings) or ans.parts == []


def test_eval_scores_compound_questions_part_by_part(library):
    doc = library.documents()[0]
    ans = library.ask("What is the maximum operating pressure of the PX-200 pump? "
                      "How long is the warranty period of the PX-200 pump?")
    q = {"id": "g-1", "lang": "en", "kind": "compound", "doc": "px200.pdf", "pages": [2, 3],
         "question": ans.question, "answer": "10 bar; 18 months",
         "quote_parts": ["maximum operating pressure of the PX-200 pump is 10 bar",
                         "warranty period of the PX-200 pump is 18 months"]}
    rec = score(q, ans, 0.1, page_text=library.page_text)
    assert (rec.parts_found, rec.parts_total) == (2, 2)
    one = ans.model_copy(update={"claims": ans.parts[0].claims})
    rec1 = score(q, one, 0.1, page_text=library.page_text)
    assert (rec1.parts_found, rec1.parts_total) == (1, 2)
    assert summarise([rec, rec1]).rows["all"]["compound_parts"] == 0.75
    assert doc.file_name == "px200.pdf"


def test_core_of_leaves_out_copied_context():
    from pincite.answer.split import core_of

    (first, second) = split_question("What does lshort say about fonts? How are margins set in it (per lshort)?")
    assert second.endswith("(per lshort)?") and core_of(second) == "How are margins set in it?"
    assert core_of("Plain question?") == "Plain question?"
