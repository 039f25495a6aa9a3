"""Counts printed with their noun ("1 document", "2 documents"; "1 документ", "2 документа",
"5 документов"; "3 份文档"): answer.messages.counted, and the command line's counts of
documents, questions and pages, which once read "1 documents"."""
from __future__ import annotations

import json

import pytest

from pincite.answer.messages import counted


@pytest.mark.parametrize("n, en, ru", [
    (0, "0 documents", "0 документов"),
    (1, "1 document", "1 документ"),
    (2, "2 documents", "2 документа"),
    (5, "5 documents", "5 документов"),
    (11, "11 documents", "11 документов"),
    (21, "21 documents", "21 документ"),
    (23, "23 documents", "23 документа"),
    (112, "112 documents", "112 документов"),
])
def test_a_count_takes_the_form_its_number_asks(n, en, ru):
    assert counted(n, "document") == counted(n, "document", "en") == en
    assert counted(n, "document", "ru") == ru
    assert counted(n, "document", "zh") == f"{n} 份文档"  # Chinese has no plural


def test_a_russian_phrase_agrees_every_word_that_can():
    """Adjectives agree with the noun; words that cannot ("после запятой") stay as written;
    after a preposition the phrase keeps its case (singular for 1, 21, plural else)."""
    assert [counted(n, "significant figure", "ru") for n in (1, 2, 5)] == [
        "1 значащая цифра", "2 значащие цифры", "5 значащих цифр"]
    assert [counted(n, "significant figure", "ru", case="gent") for n in (1, 2, 21)] == [
        "1 значащей цифры", "2 значащих цифр", "21 значащей цифры"]
    assert counted(3, "decimal place", "ru") == "3 знака после запятой"
    assert counted(1, "page", "ru") == "1 страница" and counted(1, "page", "de") == "1 page"
    assert counted(2, "unlisted noun", "ru") == "2 unlisted nouns"  # not in the table: English


def test_the_command_line_counts_one_document_in_the_singular(tmp_path, monkeypatch):
    from cli_runner import invoke
    from pdfgen import make_pdf

    monkeypatch.setenv("PINCITE_EMBEDDER", "none")
    docs = tmp_path / "docs"
    docs.mkdir()
    make_pdf(docs / "valve.pdf", ["The KX-7 valve is serviced every 900 operating hours by a fitter."])
    data = str(tmp_path / "data")
    invoke("--data", data, "ingest", str(docs))
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({
        "id": "q1", "lang": "en", "doc": "valve.pdf", "question": "How often is the KX-7 valve serviced?",
        "answer": "every 900 operating hours", "pages": [1], "quote": "serviced every 900 operating hours",
        "kind": "fact"}) + "\n", encoding="utf-8")
    out = " ".join(invoke("--data", data, "eval", str(questions), "--out", str(tmp_path / "r.jsonl")).stdout.split())
    assert "pincite eval: 1 question, 1 document" in out, out
    assert "1 file / 1 page" in out and "1 documents" not in out, out
    assert "re-indexed 1 document" in " ".join(invoke("--data", data, "reindex").stdout.split())


def test_a_number_of_people_multiplies_only_a_price_per_person(tmp_path):
    """"Four of us …" multiplies a price per person, though the row states 4 elsewhere
    ("Minimum climbers: 4"); "a room for 20 people" beside rooms priced per hour and a card
    whose room discount is "9折" multiplies nothing: twenty is how many the room must hold,
    and "9折" is no price."""
    from docgen import make_sheet, make_table_deck
    from pincite.config import Settings
    from pincite.library.facade import Library

    make_table_deck(tmp_path / "wall.pptx", [
        ("Wall sessions", [("Session", "Mon–Thu (per person)", "Fri–Sun (per person)", "Minimum climbers"),
                           ("60 minutes", "$18", "$24", "2"), ("120 minutes", "$30", "$39", "4")])])
    make_sheet(tmp_path / "tea.xlsx", "价目表", ("包间", "容纳人数", "工作日（元/小时）", "包间折扣"),
               [("兰亭（大包间）", "9–12人", 198, "无"), ("竹韵（小包间）", "2–4人", 88, "无"),
                ("金卡", "不限", 888, "9折")])
    with Library(Settings(data_dir=tmp_path / "wall")) as lib:
        lib.ingest([tmp_path / "wall.pptx"])
        four = lib.ask("Four of us want a 120-minute session on a Friday. What is the total?")
    with Library(Settings(data_dir=tmp_path / "tea")) as lib:
        lib.ingest([tmp_path / "tea.xlsx"])
        room = lib.ask("Does the tea house have a private room for 20 people, and what does it cost per hour?")
    assert four.calculation is not None and (four.calculation.result, four.calculation.unit) == ("156", "USD"), \
        four.answer
    assert room.calculation is None, room.answer


def test_a_count_a_cited_rows_label_states_names_that_row(tmp_path):
    """"a crew of three movers" over rows "Бригада из 2 грузчиков" and "Бригада из 3
    грузчиков" with an hourly rate each: three names the second row, so no rate is multiplied
    by three (the column product of another row was shown as computed)."""
    import docx

    from docgen import docx_table
    from pincite.config import Settings
    from pincite.library.facade import Library

    d = docx.Document()
    d.add_paragraph("Грузчики: цена за час работы бригады и минимальный заказ.")
    docx_table(d, [("Бригада", "Цена за час, руб.", "Минимальный заказ"),
                   ("Бригада из 2 грузчиков", "1 250", "2 часа"), ("Бригада из 3 грузчиков", "1 800", "3 часа")])
    d.save(str(tmp_path / "movers.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "movers.docx"])
        crew = lib.ask("For a crew of three movers, what is the hourly rate?")
    assert crew.calculation is None, crew.answer
