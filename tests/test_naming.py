"""Which document a question names (answer.retrieve.named_docs): a common word of a
document's title or file name ("code" of code_list.xlsx, "name") does not name it on its
own, so a question using such words about another document is not taken to name that one
(whose passages would then be set aside as "from another document than the one named");
a rare word ("siunitx", "code_list") or several title words together still name it.
"""
from __future__ import annotations

import pytest

from pdfgen import make_pdf
from pincite.answer import rank
from pincite.answer.features import general_weights
from pincite.answer.retrieve import named_docs, names_a_document
from pincite.config import Settings
from pincite.index.base import Hit
from pincite.library.facade import Library
from pincite.text import analysis


def _hit(doc: str, names: str) -> Hit:
    return Hit(chunk_id=f"{doc}-p1-c0", doc_id=doc, score=1.0, rank=1, page=1, page_end=1, char_start=0,
               char_end=1, text="x", name_terms=tuple(sorted(set(analysis.tokens(names)))))


@pytest.mark.parametrize("question,named", [
    ("What does the name camp stand for in the source code?", []),  # one common word: none
    ("What is the weight of GF-350 in code_list?", ["sheet"]),  # the file name itself
    ("What is the weight of GF-350 in the code list?", ["sheet"]),  # two title words together
    ("Under which license is siunitx distributed?", ["guide"]),  # a rare word
])
def test_common_words_alone_name_no_document(question, named):
    groups = analysis.query_groups(question)
    hits = [_hit("sheet", "code_list"), _hit("guide", "siunitx")]
    assert named_docs(hits, groups, general_weights(question, groups))[0] == named
    # without the words' weights any shared word names a document ("code" the sheet)
    assert named_docs(hits, groups)[0] == (named or ["sheet"])


def test_names_a_document_needs_a_rare_word_or_several():
    q = "What does the name camp stand for in the source code?"
    groups = analysis.query_groups(q)
    general = general_weights(q, groups)
    code = next(g for g in groups if "code" in g)
    name = next(g for g in groups if "name" in g)
    assert not names_a_document({code}, general) and not names_a_document(set(), general)
    assert names_a_document({code, name}, general) and names_a_document({code}, None)


def test_a_russian_word_is_as_common_as_its_lexeme():
    # "указан" is rare as a form (wordfreq counts each inflected form apart) but its verb
    # указать is common: a price list whose cover says "цены указаны в рублях" is not named
    # by "если -P не указан"; a rare Russian word ("программатор") still names a document
    q = "Какой порт берёт программатор, если -P не указан?"
    groups = analysis.query_groups(q)
    general = general_weights(q, groups)
    hits = [_hit("prices", "Прайс-лист типографии, цены указаны в рублях"), _hit("manual", "Программатор")]
    assert names_a_document({g for g in groups if "указа" in g}, general)  # by its form alone: rare
    assert named_docs(hits, groups, general, q)[0] == ["manual"]
    assert named_docs(hits[:1], groups, general, q)[0] == []


@pytest.fixture(scope="module")
def lib(tmp_path_factory) -> Library:
    import openpyxl

    root = tmp_path_factory.mktemp("naming")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Specs"
    ws.append(["Name", "Code", "Flow (m3/h)", "Weight (kg)"])
    ws.append(["Garden pump", "GF-110", 3.2, 8.4])
    ws.append(["Borehole pump", "GF-350", 9.5, 23.9])
    wb.save(root / "code_list.xlsx")
    make_pdf(root / "plotter_faq.pdf", [
        "Plotter FAQ\nQuestion 1.5. In the internals of Plotter, camp is short for C's Answer to MetaPost, "
        "the original design goal of the graphics language.\nQuestion 1.6. Plotter uses the Computer "
        "Modern fonts by default."])
    library = Library(Settings(data_dir=root / "data", embedder="none"))
    results = library.ingest([root / "code_list.xlsx", root / "plotter_faq.pdf"])
    assert [r.status for r in results] == ["added", "added"], results
    yield library
    library.close()


def test_a_question_with_a_sheets_common_words_does_not_name_it(lib):
    sheet = next(r.doc_id for r in lib.documents() if r.file_name == "code_list.xlsx")
    g = rank.gather(lib, "What does the name camp stand for in the source code?")
    assert g.scorer is not None and g.scorer.named == [], g.scorer.named
    ans = lib.ask("What does the name camp stand for in the source code?")
    assert not any("which the question names" in w for w in ans.warnings), ans.warnings
    # the sheet's own file name, or two of its words, still name it and scope the answer
    for q in ("In code_list, what is the weight of GF-350?", "What is the weight of GF-350 in the code list?"):
        g = rank.gather(lib, q)
        assert g.scorer is not None and g.scorer.named == [sheet], (q, g.scorer.named)
        ans = lib.ask(q)
        assert ans.status == "answered" and "23.9" in ans.claims[0].text, ans
