"""A list as an answer: a window that introduces a list ("The dryer is delivered with the
following items:", "Installation steps:") runs on through the list's items
(answer.extractive.list_end), so the quote holds the list and not its lead-in or first item
alone. What makes it a list is structure only: a lead-in line ending with ":", then lines
with the same kind of marker (bullets, or numbers counting up from 1), within the quote
length limit.

The DOCX test needs LibreOffice (skips without it, unless PINCITE_REQUIRE_LIBREOFFICE=1);
the rest runs anywhere.
"""
from __future__ import annotations

import pytest

from pdfgen import make_pdf
from pincite.answer.extractive import MAX_QUOTE_CHARS, list_end, list_marker
from pincite.config import Settings
from pincite.library.facade import Library


def test_list_markers_give_a_kind_and_an_ordinal():
    assert list_marker("• a hose") == ("•", None)
    assert list_marker("\uf0b7 a hose") == ("\uf0b7", None)  # a Symbol-font bullet as PDFs give it
    assert list_marker("3. Plug it in") == ("1.", 3)
    assert list_marker("(2) second") == ("(1)", 2)
    assert list_marker("в) третий") == ("a)", 3)
    assert list_marker("2、安装") == ("1、", 2)
    assert list_marker("③ 安装") == ("①", 3)
    assert list_marker("十二、附录") == ("一、", 12)
    for line in ("3.1 Mount the pump", "3 kg of cotton", "e.g. this", "-5 °C", "Weight 58 kg"):
        assert list_marker(line) is None, line


TEXT = ("The dryer is built for hotels.\n"
        "Installation steps:\n"
        "1. Level the dryer on a firm floor.\n"
        "2. Connect the condensate hose to the\n"
        "drain at the back.\n"
        "3. Plug the dryer into a grounded socket.\n"
        "Clean the lint filter after every cycle.")


def _window(text: str, first: str, last: str) -> tuple[int, int]:
    return text.index(first), text.index(last) + len(last)


def test_a_lead_in_runs_on_through_its_items():
    start, end = _window(TEXT, "Installation steps:", "Installation steps:")
    got = TEXT[start:list_end(TEXT, start, end)]
    assert got.startswith("Installation steps:") and got.endswith("grounded socket.")
    assert "drain at the back." in got  # a wrapped item's next line belongs to it
    assert "Clean the lint" not in got  # the paragraph after the list does not
    # the lead-in with its first item runs on the same way
    start, end = _window(TEXT, "Installation steps:", "firm floor.")
    assert TEXT[start:list_end(TEXT, start, end)] == got


def test_a_heading_without_a_colon_leads_in_to_the_list_under_it():
    text = TEXT.replace("Installation steps:", "Installation steps")
    start, end = _window(text, "Installation steps", "Installation steps")
    assert text[start:list_end(text, start, end)].endswith("grounded socket.")
    # a wrapped item's last line inside a list introduces nothing
    bullets = "Parts:\n• a hose that is long enough to reach the\ndrain at the back\n• two filter mats\nThe end."
    start, end = _window(bullets, "• a hose", "at the back")
    assert list_end(bullets, start, end) == end


def test_windows_that_introduce_no_list_stay_as_they_are():
    start, end = _window(TEXT, "The dryer", "hotels.")  # no lead-in
    assert list_end(TEXT, start, end) == end
    start, end = _window(TEXT, "2. Connect", "back.")  # an item, not its list's lead-in
    assert list_end(TEXT, start, end) == end
    one = "Note:\n1. Only one item here.\nThe end of the page."
    assert list_end(one, 0, len("Note:")) == len("Note:")  # a list has two or more items
    skipped = "Steps:\n1. First.\n3. Third.\nMore text."
    assert list_end(skipped, 0, len("Steps:")) == len("Steps:")  # numbers count up by one


def test_a_list_is_cut_after_a_whole_item_within_the_quote_limit():
    items = "\n".join(f"{n}. Tighten bolt number {n} to the torque in the table below." for n in range(1, 20))
    text = "Tightening order:\n" + items
    end = list_end(text, 0, len("Tightening order:"))
    assert len("Tightening order:") < end <= MAX_QUOTE_CHARS
    assert text[:end].endswith("table below.")



STEPS = ["Level the dryer on a firm floor.", "Connect the condensate hose to the drain.",
         "Plug the dryer into a grounded socket.", "Run an empty cycle for ten minutes."]
ITEMS = ["a condensate hose", "two filter mats", "a user manual", "a stacking kit"]


@pytest.mark.xfail(strict=True, reason="with the model trained on the fresh-user trials 44-58 the heading and first "
                   "sentence of the one-page sheet (0.36) outrank the 'Installation steps:' list (0.31): the "
                   "embedder finds the title nearer the question; the delivered-items list still comes first")
def test_a_docx_list_answer_quotes_the_list(soffice, tmp_path):
    import docx

    d = docx.Document()
    d.add_heading("AX-40 tumble dryer: product sheet", level=1)
    d.add_paragraph("The AX-40 is a condenser tumble dryer for laundries and hotels. "
                    "It dries up to ten kilograms of cotton per cycle.")
    d.add_paragraph("Installation steps:")
    for s in STEPS:
        d.add_paragraph(s, style="List Number")
    d.add_paragraph("The dryer is delivered with the following items:")
    for s in ITEMS:
        d.add_paragraph(s, style="List Bullet")
    d.add_paragraph("Clean the lint filter after every cycle so that the air flows freely through the drum.")
    d.save(str(tmp_path / "ax40.docx"))
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "ax40.docx"])
        steps = lib.ask("What are the installation steps of the AX-40 dryer?")
        items = lib.ask("Which items are delivered with the AX-40 dryer?")
    quote = steps.claims[0].citations[0].quote
    assert steps.claims[0].citations[0].verified and all(s in quote for s in STEPS), quote
    quote = items.claims[0].citations[0].quote
    assert items.claims[0].citations[0].verified and all(s in quote for s in ITEMS), quote
    assert "lint filter" not in quote


def test_a_pdf_bullet_list_answer_quotes_the_list(tmp_path):
    bullets = ["fill the detergent tank with a low-foaming detergent", "open the cold water tap fully",
               "check that the drain hose is not kinked", "run one empty cycle at the highest temperature"]
    page = ("The CX-90 dishwasher is built for small restaurants and canteens that wash several hundred plates a day.\n"
            "Before the first start of the CX-90, the installer must:\n"
            + "\n".join(f"• {b}" for b in bullets) + "\n"
            "Clean the filters daily and descale the boiler every month to keep the rinse water hot enough.")
    pdf = make_pdf(tmp_path / "cx90.pdf", [page], font="dejavu", title="CX-90 dishwasher")
    with Library(Settings(data_dir=tmp_path / "data", embedder="none")) as lib:
        lib.ingest([pdf])
        ans = lib.ask("What must the installer do before the first start of the CX-90?")
    cit = ans.claims[0].citations[0]
    assert cit.verified and all(b in cit.quote for b in bullets), cit.quote
    assert "descale" not in cit.quote
