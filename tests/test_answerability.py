"""The answerability layer: window features, the trained model, refusal reasons, vague
questions asked back, and the development set it is trained on.

Libraries are built from generated PDFs; the development set test reads only the repo's
own files under benchmarks/devset (its documents are fetched by fetch.py, not needed here).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from docgen import docx_table, make_sheet, make_table_slide
from pdfgen import make_pdf
from pincite.answer import answerability, asked_type, features
from pincite.answer.answerability import AnswerabilityModel
from pincite.answer.features import WindowFeatures
from pincite.config import Settings
from pincite.errors import ConfigError
from pincite.eval import hits
from pincite.library.facade import Library
from pincite.text import analysis

DEVSET = Path(__file__).resolve().parents[1] / "benchmarks" / "devset"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for name in ("PINCITE_DATA", "PINCITE_MIN_ANSWERABILITY", "PINCITE_EMBEDDER", "PINCITE_RETRIEVAL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def two_manuals(tmp_path_factory):
    """Two short manuals of different devices that both state a pressure and a term."""
    root = tmp_path_factory.mktemp("manuals")
    make_pdf(root / "boiler.pdf", [
        "Boiler KX-12 operating manual.\n1 Specifications\nThe rated pressure of the boiler is 3 bar. "
        "The water capacity is 18 litres.",
        "2 Warranty\nThe warranty term of the boiler is 24 months from the date of sale. "
        "Descale the heat exchanger once a year.",
    ])
    make_pdf(root / "compressor.pdf", [
        "Compressor AC-50 operating manual.\n1 Specifications\nThe maximum working pressure of the "
        "compressor is 8 bar. The receiver holds 50 litres of air.",
        "2 Service\nDrain the condensate from the receiver after every shift. Change the oil every "
        "500 operating hours.",
    ])
    lib = Library(Settings(data_dir=root / "data"))
    lib.ingest([root / "boiler.pdf", root / "compressor.pdf"])
    yield lib
    lib.close()


# ---------------------------------------------------------------- features and model


def test_general_weights_rank_rare_words_above_common_ones():
    """A question word that is rare in general language weighs more than a common one,
    whatever the library holds (wordfreq), in each of the three languages."""
    for question, rare, common in (("What is the tightening torque of the clamp?", "torqu", "what"),
                                   ("Какое давление у редуктора?", "редуктор", "давлен"),
                                   ("减速器的压力是多少？", "减速器", "压力")):
        groups = analysis.query_groups(question)
        weights = features.general_weights(question, groups)
        by_form = {g[0]: w for g, w in weights.items()}
        rare_w = next(w for f, w in by_form.items() if f.startswith(rare))
        common = [w for f, w in by_form.items() if f.startswith(common)]
        if common:
            assert rare_w > common[0], (question, by_form)
        assert rare_w > 2.0, (question, by_form)


def test_what_is_asked_of_a_thing_counts_apart_from_its_name():
    """Codes, capitalised names and words general language does not know name the thing
    asked about; the other words name what is asked of it. A window holding the name but
    not the asked attribute misses it wholly, however much rarer the name is."""
    q = "What is the price of the AQ-150 pump that Alan Whitaker ordered?"
    groups = analysis.query_groups(q)
    general = features.general_weights(q, groups)
    names = {g[0] for g in features.identifiers(q, groups, general)}
    assert {"aq-150", "alan"} <= names and any(n.startswith("whitak") for n in names), names
    assert not names & {"price", "pump", "order", "ordered"}, names
    asked = {g: general[g] for g in groups}
    row = set(analysis.tokens("Model: AQ-150; Flow rate: 18 m3/h; Weight: 58 kg; buyer Alan Whitaker"))
    priced = set(analysis.tokens("AQ-150 pump price 1200 EUR, ordered by Alan Whitaker"))
    names_asked = features.identifiers(q, groups, general)
    assert features.attr_missing(asked, row, names_asked) == 1.0
    assert features.attr_missing(asked, priced, names_asked) == 0.0
    # weighed by general rarity alone, the code and the names outweigh "price"
    absent = [w for g, w in asked.items() if not row & set(g)]
    assert max(absent) / max(asked.values()) < 1.0


def test_model_probability_is_a_probability_and_follows_its_coefficients():
    """The stored model maps features to (0, 1); raising a feature with a positive
    coefficient raises the probability."""
    model = answerability.load()
    names = WindowFeatures.names()
    base = WindowFeatures(**{n: 0.0 for n in names})
    p0 = model.probability(base)
    assert 0.0 < p0 < 1.0
    i = max(range(len(names)), key=lambda k: model.coef[k] / (model.scale[k] or 1.0))
    higher = WindowFeatures(**{n: (1.0 if k == i else 0.0) for k, n in enumerate(names)})
    assert model.probability(higher) > p0
    assert 0.0 < model.threshold < 1.0


def test_model_for_other_features_is_refused_with_a_clear_error(tmp_path):
    """A model file written for another feature set (an older pincite) is a ConfigError that
    says to retrain, never a silent mis-scoring; so is an unreadable file."""
    names = WindowFeatures.names()[:-1]
    stale = AnswerabilityModel(tuple(names), (0.0,) * len(names), (1.0,) * len(names), (0.0,) * len(names),
                               0.0, 0.5)
    path = tmp_path / "model.json"
    path.write_text(stale.to_json(), encoding="utf-8")
    with pytest.raises(ConfigError, match="retrain"):
        answerability.load(path)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError, match="cannot be read"):
        answerability.load(path)


# ---------------------------------------------------------------- answers


def test_answer_ranks_the_window_that_answers_first(two_manuals):
    """Among passages sharing the question's words, the first citation is the one stating
    the asked value of the named device; its score is the model's probability."""
    ans = two_manuals.ask("How much air does the receiver of the AC-50 compressor hold?")
    assert ans.status == "answered", ans.answer
    top = ans.citations()[0]
    assert top.file == "compressor.pdf" and "50 litres of air" in top.quote and top.verified
    assert ans.relevance is not None and 0.0 < ans.relevance.score <= 1.0
    assert ans.relevance.score >= ans.relevance.threshold


def test_gathered_features_belong_to_their_own_window(two_manuals):
    """Each candidate's features are those computed for its own window, also after the
    candidates were reordered by probability (other documents and zero-overlap windows
    last): the training rows and the answer read them by candidate."""
    import math

    from pincite.answer import rank

    for question in ("How much water does the boiler hold?", "What pressure does the compressor reach?",
                     "What is the rated pressure of the boiler?"):
        g = rank.gather(two_manuals, question)
        assert len(g.cands) >= 2
        for c in g.cands:
            f = g.features[id(c)]
            assert f.coverage == pytest.approx(c.coverage)
            assert f.log_chars == pytest.approx(math.log1p(len(features.window_text(c))))
        order = [g.probability[id(c)] for c in g.cands if id(c) not in g.other_code]
        assert order == sorted(order, reverse=True)


def test_refusal_names_the_missing_words_in_the_question_language(two_manuals):
    """A refusal says in the question's language how much of the question the best passage
    held and which words it lacked, in words, never as a score against the bar (the bar raised
    here so that these questions are refused whatever the model)."""
    two_manuals.settings.min_answerability = 0.999
    try:
        en = two_manuals.ask("What is the warranty period of the KX-12 boiler?")
        assert en.status == "refused" and en.citations() == []
        assert any("period" in w and "question's words" in w for w in en.warnings), en.warnings
        # a price asked of passages stating none: that is what they lack
        price = two_manuals.ask("How much does the KX-12 boiler cost in euros?")
        assert price.status == "refused" and any("price" in w for w in price.warnings), price.warnings
        assert not any("0.999" in w or "needed" in w or "chance" in w for w in en.warnings), en.warnings
        ru = two_manuals.ask("Сколько стоит котёл KX-12 в евро?")
        assert ru.status == "refused"
        # the manuals are English: the Russian refusal says so rather than list Russian
        # words no English passage could hold
        assert any("английский" in w and "фрагмент" in w for w in ru.warnings), ru.warnings
        assert not any("0.999" in w or "нужно" in w for w in ru.warnings), ru.warnings
    finally:
        two_manuals.settings.min_answerability = None


def test_unknown_words_count_only_in_the_languages_the_library_writes():
    """A question word that occurs nowhere in the library is 'unknown' (a sign the library
    lacks the answer) only when the passages found are written in its language: a Russian
    word is absent from English passages whatever it means."""
    from pincite.answer.retrieve import unknown_words

    groups = [g for w in ("давление", "PX-9") for g in analysis.query_groups(w)]
    df = {t: 3 for g in groups if not analysis.detect_language(g[0]) == "ru" for t in g}
    assert unknown_words(groups, df) == {g for g in groups if analysis.detect_language(g[0]) == "ru"}
    assert unknown_words(groups, df, {"en"}) == set()
    assert unknown_words(groups, df, {"en", "ru"}) == unknown_words(groups, df)


def test_the_attribute_text_leaves_out_what_names_the_thing():
    """The dense vector of what is asked comes from the question without its names: codes,
    capitalised names, unknown words, and words in Latin letters inside a Russian or Chinese
    question; a question of nothing but names keeps them all."""
    def attr(q: str) -> str:
        groups = analysis.query_groups(q)
        return features.attribute_text(q, groups, features.general_weights(q, groups))

    assert attr("What is the maximum discharge pressure of the Delmar QX-40?") == \
        "What is the maximum discharge pressure of the"
    assert attr("Какой внутренний телефон у Ingrid Halvorsen?") == "Какой внутренний телефон у"
    assert attr("Helmfield 的 Brookside 仓库里，访客在哪里登记？") == "的 仓库里，访客在哪里登记？"
    assert attr("QX-40隔膜泵的最大排出压力是多少？") == "隔膜泵的最大排出压力是多少？"
    assert attr("What is the boiling point of water?") == "What is the boiling point of water?"
    assert attr("QX-40 / QX-45?") == "QX-40 / QX-45?"


def test_a_cover_naming_the_thing_is_not_the_answer_in_another_language(tmp_path):
    """A question in another language shares only its names with an English document; its
    whole-question vector then matches the cover that repeats those names best. The window's
    cosine with what is asked (the question without its names) tells the sentence that
    answers it from the cover."""
    from pincite.answer import rank

    make_pdf(tmp_path / "depot.pdf", [
        "Helmfield Foods Ltd\nBrookside Depot\nSite handbook\nEdition 2, May 2025",
        "1 Arrival\nAll visitors must sign in at the gatehouse and wear the yellow badge at all "
        "times. Delivery drivers wait in the lorry park until a bay is called.\n"
        "2 Emergencies\nThe assembly point is the north car park.",
    ])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "depot.pdf"])
        for q in ("Где должны регистрироваться посетители склада Helmfield Brookside?",
                  "Helmfield Brookside 的访客要在哪里登记？"):
            g = rank.gather(lib, q)
            cover = [g.features[id(c)] for c in g.cands if c.hit.page == 1]
            rule = [g.features[id(c)] for c in g.cands if "gatehouse" in features.window_text(c)]
            assert cover and rule
            # the whole question's vector prefers the cover; what is asked, the rule
            assert max(f.window_dense for f in cover) > max(f.window_dense for f in rule), q
            assert max(f.attr_dense for f in rule) > max(f.attr_dense for f in cover), q
        ans = lib.ask("Helmfield Brookside 的访客要在哪里登记？")
        assert ans.status == "answered", ans.warnings
        top = ans.citations()[0]
        assert top.page == 2 and "gatehouse" in top.quote, top.quote


def _compressor_manual(folder):
    """A two-page English compressor manual (specifications, service) stating a pressure, a
    volume and a service interval, no warranty: compressor.pdf in `folder`."""
    make_pdf(folder / "compressor.pdf", [
        "Compressor AC-50 operating manual.\n1 Specifications\nThe maximum working pressure of the "
        "compressor is 8 bar. The receiver holds 50 litres of air.",
        "2 Service\nDrain the condensate from the receiver after every shift. Change the oil every "
        "500 operating hours.",
    ])


def test_a_question_in_another_language_is_answered_by_the_translation(tmp_path):
    """A passage in another language than the question shares none of its words; the model
    judges it by meaning (dense and word-vector similarity, marked as another language),
    where a passage in the question's own language holding none of its words scores 0."""
    from pincite.answer import rank

    _compressor_manual(tmp_path)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "compressor.pdf"])
        for q in ("Какое максимальное рабочее давление?", "最大工作压力是多少？"):
            ans = lib.ask(q)
            assert ans.status == "answered", (q, ans.warnings)
            top = ans.citations()[0]
            assert top.verified and "maximum working pressure" in top.quote and "8 bar" in top.quote
            g = rank.gather(lib, q)
            f = g.features[id(g.cands[0])]
            assert f.cross_language == 1.0
            assert f.cross_dense == f.window_dense and f.cross_soft == f.soft_coverage
        g = rank.gather(lib, "What is the maximum working pressure?")
        assert all(g.features[id(c)].cross_language == 0.0 for c in g.cands)
        # a refusal over passages in another language says so instead of naming "missing"
        # words, which no English passage could hold
        ans = lib.ask("Какой гарантийный срок?")
        assert ans.status == "refused", ans.answer
        assert len(ans.warnings) == 1 and "английский" in ans.warnings[0], ans.warnings
        assert "гарант" not in ans.warnings[0] and "но не:" not in ans.warnings[0], ans.warnings


def test_a_near_miss_in_another_language_naming_the_subject_is_refused(tmp_path):
    """A warranty asked in Russian of an English manual that names the compressor but states
    no warranty is refused, though the dictionary translation matches "компрессор" fully."""
    _compressor_manual(tmp_path)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "compressor.pdf"])
        assert lib.ask("Какой гарантийный срок у компрессора?").status == "refused"


def test_price_question_over_manuals_without_prices_is_refused(two_manuals):
    """A near miss whose asked words no passage holds ("cost", "euros") is refused: no
    passage states an amount of money (answer.apart.windows_lacking_money)."""
    assert two_manuals.ask("How much does the KX-12 boiler cost in euros?").status == "refused"


def test_vague_question_is_asked_back_with_the_places(two_manuals):
    """A question whose one content word is common ("What is the pressure?") over a library
    where two devices state a pressure gets a question back naming both places, and no
    claims; a question naming the device is answered."""
    vague = two_manuals.ask("What is the pressure?")
    assert vague.status == "needs_clarification", vague.answer
    assert vague.claims == [] and vague.clarification is not None
    files = " ".join(vague.clarification.options)
    assert "boiler.pdf" in files and "compressor.pdf" in files
    plain = two_manuals.ask("What is the rated pressure of the KX-12 boiler?")
    assert plain.status == "answered" and "3 bar" in plain.citations()[0].quote


def test_min_answerability_setting_moves_the_bar(tmp_path):
    """Settings.min_answerability overrides the model's bar: at 1.0 nothing is answered, at
    0.0 the best evidence is."""
    make_pdf(tmp_path / "m.pdf", ["The oil tank of the PX-9 pump holds 4 litres of oil."])
    with Library(Settings(data_dir=tmp_path / "d", min_answerability=1.0)) as lib:
        lib.ingest([tmp_path / "m.pdf"])
        assert lib.ask("How much oil does the PX-9 tank hold?").status == "refused"
        lib.settings.min_answerability = 0.0
        ans = lib.ask("How much oil does the PX-9 tank hold?")
        assert ans.status == "answered" and "4 litres" in ans.citations()[0].quote


# ---------------------------------------------------------------- evaluation of units


def test_eval_hits_a_sheet_or_slide_citation_by_its_quote():
    """A citation without a PDF page (a sheet range, a slide) hits when its quote holds the
    expected quote, and only in the expected file."""
    q = {"doc": "office/staff.xlsx", "quote": "4702", "pages": [1], "lang": "en"}
    cit = {"file": "staff.xlsx", "page": None, "quote": "Employee ID: E1008; Phone: 4702", "doc_id": "x"}
    assert hits.citation_hits(q, "staff.xlsx", {1}, cit, None)
    assert not hits.citation_hits(q, "staff.xlsx", {1}, dict(cit, quote="Phone: 4703"), None)
    assert not hits.citation_hits(q, "staff.xlsx", {1}, dict(cit, file="other.xlsx"), None)


def test_eval_hits_a_sheet_or_slide_citation_of_the_expected_row():
    """An expected quote written as a row's cells joined by " | " hits a sheet or slide
    citation that holds the row's label and one more of its cells (the asked cell quoted
    with its header), not one of another row or one holding the label alone."""
    q = {"doc": "prices.xlsx", "quote": "Prices!A3:D3 60 minutes | £48 | £450 | £40", "pages": [1]}
    cit = {"file": "prices.xlsx", "page": None, "doc_id": "x",
           "quote": "60 minutes / One lesson (in school): £48; One lesson (online): £40"}
    assert hits.citation_hits(q, "prices.xlsx", {1}, cit, None)
    assert not hits.citation_hits(q, "prices.xlsx", {1}, dict(cit, quote="90 minutes / One lesson: £48"), None)
    assert not hits.citation_hits(q, "prices.xlsx", {1}, dict(cit, quote="60 minutes / Ten lessons: £420"), None)
    assert not hits.citation_hits(dict(q, quote="60 minutes £48 £450 £40"), "prices.xlsx", {1}, cit, None)


def test_eval_hits_a_citation_holding_one_piece_of_an_elided_quote():
    """An expected quote elided with "…" is two pieces that stand apart in the source: a
    slide citation holding them (or one of them) hits, one holding neither does not; a page
    citation of a question without pages hits when its page holds a piece."""
    q = {"doc": "office/deck.pptx", "quote": "rated power 37 kW … rated pressure 0.8 MPa", "lang": "en"}
    slide = {"file": "deck.pptx", "page": None, "doc_id": "x",
             "quote": "For the three units (rated power 37 kW, rated pressure 0.8 MPa)."}
    assert hits.citation_hits(q, "deck.pptx", set(), slide, None)
    assert not hits.citation_hits(q, "deck.pptx", set(), dict(slide, quote="rated power 45 kW"), None)
    page = {"file": "deck.pptx", "page": 2, "doc_id": "x", "quote": "whatever was cited"}
    texts = {2: "Section 4. The rated pressure 0.8 MPa applies to all units.", 3: "Nothing here."}
    assert hits.citation_hits(q, "deck.pptx", set(), page, lambda d, n: texts[n])
    assert not hits.citation_hits(q, "deck.pptx", set(), dict(page, page=3), lambda d, n: texts[n])


def test_eval_hits_a_page_citation_whose_quote_holds_a_short_expected_quote():
    """A DOCX question without pages whose expected quote is short ("41 kg") hits a page
    citation whose quote holds it, which no page-wide test could decide; a quote without it
    on a page without it does not."""
    q = {"doc": "spec.docx", "quote": "41 kg", "lang": "en"}
    cit = {"file": "spec.docx", "page": 1, "doc_id": "x", "quote": "Weight 41 kg"}
    texts = {1: "Weight 41 kg\nAirflow 780 W", 2: "Maintenance: clean the filter."}
    assert hits.citation_hits(q, "spec.docx", set(), cit, lambda d, n: texts[n])
    assert not hits.citation_hits(q, "spec.docx", set(), dict(cit, page=2, quote="clean the filter"),
                                  lambda d, n: texts[n])


# ---------------------------------------------------------------- the development set


def test_development_set_is_well_formed():
    """The development set holds at least 300 questions over at least 30 documents outside
    the shared corpus, every language, a tune and a held-out split by document (together a
    quarter or more near misses: they were written for that), and tiny libraries that name
    existing documents; fresh-user trials are splits of their own ("trial44"), each with 10
    near misses of its 58 questions, whose vague questions (kind "clarify") have no answer
    either."""
    docs = {json.loads(line)["name"]: json.loads(line) for line in
            (DEVSET / "documents.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()}
    libs = json.loads((DEVSET / "libraries.json").read_text(encoding="utf-8"))
    qs = [json.loads(line) for f in sorted((DEVSET / "questions").glob("*.jsonl"))
          for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(docs) >= 30 and len(qs) >= 300
    assert len({q["id"] for q in qs}) == len(qs)
    splits = {d["split"] for d in docs.values()}
    assert {"tune", "heldout"} <= splits and all(s.startswith("trial") for s in splits - {"tune", "heldout"})
    assert all(len(d["sha256"]) == 64 for d in docs.values())
    for q in qs:
        assert q["doc"] in docs, q["id"]
        assert q["lang"] in ("en", "ru", "zh") and q["question"].strip()
        assert q.get("library", "all") == "all" or q["doc"] in libs[q["library"]], q["id"]
        if q["kind"] in ("refusal", "clarify"):
            assert q["answer"] is None and not q["pages"] and q["quote"] is None, q["id"]
        else:
            assert q["answer"] and q["quote"], q["id"]
    written = [q for q in qs if docs[q["doc"]]["split"] in ("tune", "heldout")]
    assert len(written) >= 300 and sum(q["kind"] == "refusal" for q in written) >= 0.25 * len(written)
    for split in ("tune", "heldout"):
        langs = {q["lang"] for q in qs if docs[q["doc"]]["split"] == split}
        assert langs == {"en", "ru", "zh"}, split
    assert all(name in docs for names in libs.values() for name in names)


# ---------------------------------------------------------------- spreadsheet cells


def test_sheet_row_claim_names_the_row_and_the_asked_cell():
    """A spreadsheet row quoted whole is shown as "row name / asked column: value"; without
    an asked column, or for text that is no header-value row, nothing replaces the row."""
    from pincite.answer.table_verify import sheet_cell_claim

    row = "'Staff'!A3:D3 | Name: Ivan Petrov; Department: Sales; Phone ext.: 2231; Room: C-12"
    terms = analysis.tokens("What is Ivan Petrov's phone extension?")
    assert sheet_cell_claim(row, terms) == "Ivan Petrov / Phone ext.: 2231"
    assert sheet_cell_claim(row, analysis.tokens("In which room does Ivan Petrov sit?")) == "Ivan Petrov / Room: C-12"
    assert sheet_cell_claim(row, analysis.tokens("What is the warranty of the laptop?")) is None
    assert sheet_cell_claim("The pump holds 2 litres: fill it slowly.", terms) is None


def test_spreadsheet_answer_shows_the_asked_cell_with_its_row_as_quote(tmp_path):
    """Asked of a one-sheet library, the answer's claim is the asked cell of the named row,
    and its quote (verified) is the whole row it stands in."""
    make_sheet(tmp_path / "staff.xlsx", "Staff", ("Name", "Department", "Phone ext.", "Room"),
               [("Ivan Petrov", "Sales", 2231, "C-12"), ("Maria Lopez", "Finance", 2240, "C-14"),
                ("Chen Wei", "Engineering", 2305, "D-02")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        ans = lib.ask("What is Maria Lopez's phone extension?")
    assert ans.status == "answered", ans.answer
    claim = ans.claims[0]
    assert claim.text == "Maria Lopez / Phone ext.: 2240"
    assert claim.citations[0].verified and "Maria Lopez" in claim.citations[0].quote


def test_a_sheet_row_shows_the_cell_of_the_kind_of_value_asked(tmp_path):
    """A question that asks for a kind of value by its own words ("How much does … cost?",
    "Сколько стоит …?": a price) reads the cell of that kind's column ("Price, EUR"), though
    no header shares a word with the question."""
    from pincite.answer.table_verify import sheet_cell_claim

    row = "'Prices'!A3:E3 | SKU: FL-250; Product: Flow meter FL-250; Price, EUR: 715; Lead time (days): 14"
    terms = analysis.tokens("How much does the FL-250 flow meter cost?")
    assert sheet_cell_claim(row, terms) is None  # no header shares a word
    kinds = asked_type.column_words("How much does the FL-250 flow meter cost?")
    assert sheet_cell_claim(row, terms, kinds=kinds) == "Flow meter FL-250 / Price, EUR: 715"
    make_sheet(tmp_path / "prices.xlsx", "Prices", ("SKU", "Product", "Price, EUR", "Lead time (days)"),
               [("FL-100", "Flow meter FL-100", 480, 10), ("FL-250", "Flow meter FL-250", 715, 14),
                ("CB-20", "Signal cable CB-20", 58, 3)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "prices.xlsx"])
        for question in ("How much does the FL-250 flow meter cost?", "Сколько стоит расходомер FL-250?"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            assert ans.claims[0].text.endswith("Price, EUR: 715"), (question, ans.claims[0].text)
            assert ans.claims[0].citations[0].verified


def test_a_money_question_reads_a_price_column_not_one_a_word_of_the_name_names(tmp_path):
    """"英语启蒙课多少钱？" comes near the column "每学期课时" (lessons a term) by the "课" of
    the course's name; what it asks is a price, so the cells shown are the row's price
    columns (named by "费" and the currency "元"), not the lesson count; a question that
    asks the count gets the count."""
    from pincite.answer.table_verify import sheet_cell_claim

    row = ("课程价目!A8:F8 | 课程: 英语启蒙; 级别: 启蒙班; 每学期课时（节）: 32; 学期费（元）: 5760; "
           "教材费（元/学期）: 350")

    def money(header: str) -> bool:
        return bool(asked_type.MONEY_HEADING.search(header))

    terms = analysis.tokens("英语启蒙课多少钱？")
    assert sheet_cell_claim(row, terms, kind_header=money) == "英语启蒙 / 学期费（元）: 5760; 教材费（元/学期）: 350"
    make_sheet(tmp_path / "courses.xlsx", "课程价目", ("课程", "级别", "每学期课时（节）", "学期费（元）"),
               [("英语启蒙", "启蒙班", 32, 5760), ("创意美术", "提高班", 16, 3840)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "courses.xlsx"])
        price = lib.ask("创意美术课多少钱？")
        count = lib.ask("创意美术课每学期有多少课时？")
    assert price.status == "answered" and "学期费（元）: 3840" in price.claims[0].text, price.answer
    assert "课时" not in price.claims[0].text, price.answer
    assert count.status == "answered" and "每学期课时（节）: 16" in count.claims[0].text, count.answer


def test_a_sheet_header_row_states_nothing():
    """A sheet row (or a slide table's line) whose cells name the values of the rows under
    it is a header: it states no value, so it counts as stating nothing; a data row, a
    headerless row and a line naming no rows under it do not."""
    from pincite.answer.extractive import header_row

    text = ("'Budget FY2024'!A3:C3 | Department; Q1; Q2\n"
            "'Budget FY2024'!A4:C4 | Department: IT; Q1: 1200; Q2: 1300\n"
            "'Budget FY2024'!A5:C5 | Department: Sales; Q1: 800; Q2: 950")
    lines = text.split("\n")
    assert header_row(lines[0], text)
    assert not header_row(lines[1], text)
    plain = "Notes!A1:B1 | Mains voltage; 230 V\nNotes!A2:B2 | Fuse; 10 A"
    assert not header_row(plain.split("\n")[0], plain)
    # a slide's table writes its rows the same way without an address
    slide = "Budget\n\nDepartment; Q1; Q2\n\nDepartment: IT; Q1: 1200; Q2: 1300\n\nDepartment: Sales; Q1: 800"
    assert header_row("Department; Q1; Q2", slide)
    assert not header_row("Department; Q1; Q2", "Department; Q1; Q2 are the columns of the budget sheet.")


def test_a_sheet_header_row_is_not_the_first_claim(tmp_path):
    """Asked of a one-sheet library, the header row (which names every asked column) loses
    to the data row that holds the same words and a value: the answer cites that row; and
    where it is still a candidate, it is scored as stating nothing."""
    from pincite.answer import rank

    make_sheet(tmp_path / "budget.xlsx", "Budget", ("Department", "Q1", "Q2", "Q3", "Q4"),
               [("IT", 312800, 298000, 301500, 330100), ("Sales", 210000, 225500, 219900, 240000),
                ("Finance", 150200, 149800, 151000, 160300)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "budget.xlsx"])
        ans = lib.ask("What is the IT department's budget for Q2?")
        g = rank.gather(lib, "What is the Legal department's budget for Q2?")
    assert ans.status == "answered", ans.answer
    assert "Department: IT" in ans.claims[0].citations[0].quote
    for c in g.cands:
        window = c.hit.text[c.start - c.hit.char_start:c.end - c.hit.char_start]
        assert "Department; Q1" not in window or g.features[id(c)].states_nothing == 1.0
    assert "Department: " in g.cands[0].hit.text[g.cands[0].start - g.cands[0].hit.char_start:]
    # the header row's own span, scored as a claim's quote would be, states nothing
    hit = g.cands[0].hit
    start = hit.char_start + hit.text.index("Budget!A1")
    end = hit.char_start + hit.text.index("\n", start - hit.char_start)
    _, feats, _ = g.scorer.judge(hit, start, end)
    assert feats.states_nothing == 1.0


def test_a_sheet_row_whose_own_cell_names_the_asked_word_wins_the_tie(tmp_path):
    """Every row of a sheet repeats its headers' words ("Total: 739000"), so the rows tie on
    "total"; the row whose own cell says "Total", below many others, is the answer."""
    rows = [(name, 100 + i, 200 + i, 300 + 3 * i) for i, name in enumerate(
        ("Finance", "Legal", "IT", "Sales", "Marketing", "Operations", "Engineering", "Support",
         "Procurement", "Logistics", "Research", "Quality", "Facilities", "Security"))]
    rows.append(("Total", sum(r[1] for r in rows), sum(r[2] for r in rows), sum(r[3] for r in rows)))
    make_sheet(tmp_path / "budget.xlsx", "Budget 2025", ("Department", "H1", "H2", "Total"), rows)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "budget.xlsx"])
        ans = lib.ask("What is the total of the 2025 budget?")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text == f"Total / Total: {rows[-1][3]}", [c.text for c in ans.claims]


def test_a_sheet_cell_holding_a_full_stop_stays_in_its_row(tmp_path):
    """A cell written with an abbreviation's full stop ("Capt. Rhys Pennant") is no sentence
    end: the row is one window, so the claim gives the whole cell and the columns after it."""
    from pincite.answer.extractive import sheet_spans

    text = ("Vessels!A1:C1 | Vessel; Master; Last refit\n"
            "Vessels!A2:C2 | Vessel: MV Kittiwake; Master: Capt. Rhys Pennant; Last refit: 2024-02-06\n"
            "'Fleet list'!A3:C3 | Vessel: MV Puffin; Master: Dr. A. Lee. Relief crew; Last refit: 2023-11-20")
    spans, records = sheet_spans(text)
    assert [text[a:b].split(" | ")[0] for a, b in spans] == ["Vessels!A1:C1", "Vessels!A2:C2", "'Fleet list'!A3:C3"]
    assert text[spans[2][0]:spans[2][1]].endswith("Last refit: 2023-11-20") and records == [None] * 3
    make_sheet(tmp_path / "fleet.xlsx", "Vessels", ("Vessel", "Master", "Speed (knots)", "Last refit"),
               [("MV Kittiwake", "Capt. Rhys Pennant", 14, "2024-02-06"),
                ("MV Puffin", "Capt. Ana Ruiz", 16, "2023-11-20")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fleet.xlsx"])
        ans = lib.ask("Who is the master of MV Kittiwake?")
        refit = lib.ask("When was MV Kittiwake last refitted?")
    assert ans.status == "answered", ans.answer
    assert ans.claims[0].text == "MV Kittiwake / Master: Capt. Rhys Pennant", ans.claims[0].text
    assert refit.claims[0].text == "MV Kittiwake / Last refit: 2024-02-06", refit.claims[0].text


def test_a_document_kind_the_library_never_writes_names_the_document(tmp_path):
    """"the tabmark manual" where no passage writes "manual": the word names the document
    asked about, so the title page's version line answers with the whole question covered;
    a library that writes the word keeps it as a question word."""
    from pdfgen import make_pdf
    from pincite.answer import rank
    from pincite.answer.retrieve import unwritten_document_kinds

    groups = [("manual",), ("руководств",), ("version",), ("手册",)]
    assert unwritten_document_kinds(groups, {"version": 3, "руководств": 1}) == {("manual",), ("手册",)}
    make_pdf(tmp_path / "tabmark.pdf", [
        "The tabmark package\nMarking table cells in LaTeX\nJane Q. Example\n2024/05/17 Version 2.3\n"
        "Abstract\nThe tabmark package marks cells of a table with colours and symbols.",
        "1 Usage\nThe command \\tabmark{colour} marks the current cell."], title="The tabmark package")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tabmark.pdf"])
        g = rank.gather(lib, "Which version of the tabmark manual is this?")
        assert ("manual",) not in g.groups and g.cands[0].coverage == 1.0
        assert "Version 2.3" in g.cands[0].hit.text


def test_an_acronym_spelled_like_a_stopword_is_a_question_word(tmp_path):
    """"IT" and "US" written in capitals inside a mixed-case question name a department or a
    country, not the pronoun: the question keeps them as words, so the row they name wins
    over rows that tie on every other word. A question in capitals only keeps no such word."""
    from pincite.text import analysis

    assert ("it",) in analysis.query_groups("What is the IT budget?")
    assert ("it",) not in analysis.query_groups("Is it in the budget?")
    assert ("it",) not in analysis.query_groups("WHAT IS IT?")
    assert "us" in analysis.query_terms("Which US office?")
    make_sheet(tmp_path / "budget.xlsx", "Budget", ("Department", "Q1", "Q2"),
               [("Sales", 210000, 225500), ("HR", 98000, 99500), ("IT", 312800, 298000)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "budget.xlsx"])
        ans = lib.ask("What is the Q2 budget of IT?")
    assert ans.status == "answered", ans.answer
    assert "Department: IT" in ans.claims[0].citations[0].quote


def test_a_capital_letter_naming_a_row_is_a_question_word(tmp_path):
    """"Studio A" names a row as "Studio B" does: a capital letter after a word that ends no
    sentence is a label, not the article, so the question keeps it and the row it names is
    answered (in English and in a question in another language naming it in Latin letters)
    instead of asking back which studio is meant. The article leading a sentence stays a
    stopword."""
    from pincite.text import analysis

    assert ("a",) in analysis.query_groups("How much is Studio A per hour?")
    assert ("a",) not in analysis.query_groups("A studio for a day? A big one.")
    assert ("i",) not in analysis.query_groups("Can I book Studio B?")
    make_table_slide(tmp_path / "studio.pptx", "Studio rates", [
        ("Room", "Per hour", "Full day (10 h)"), ("Studio A", "£65", "£550"), ("Studio B", "£40", "£340")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "studio.pptx"])
        for question in ("How much is Studio A per hour?", "Сколько стоит час в Studio A?"):
            ans = lib.ask(question)
            assert ans.status == "answered", (question, ans.answer)
            assert "Studio A" in ans.claims[0].citations[0].quote, (question, ans.claims[0].text)


def test_a_column_asked_of_no_row_is_asked_back_with_the_rows(tmp_path):
    """Over a staff list, "What is the phone extension?" names no row: each row has its own
    extension, so the question back lists the rows by name and nothing is claimed; naming the
    row, or a value that picks rows, is answered as before."""
    make_sheet(tmp_path / "staff.xlsx", "Staff", ("Name", "Department", "Start date", "Phone extension"),
               [("Alice Moreno", "Maintenance", "2019-03-11", 2214), ("Brian Okafor", "Purchasing", "2021-09-01", 2307),
                ("Chen Wei", "Quality", "2016-01-18", 2150), ("Erik Lindqvist", "Production", "2012-07-02", 2401)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        vague = lib.ask("What is the phone extension?")
        assert vague.status == "needs_clarification", vague.answer
        assert vague.claims == [] and vague.clarification is not None
        assert vague.clarification.options == ["Alice Moreno", "Brian Okafor", "Chen Wei", "Erik Lindqvist"]
        assert "Phone extension" in vague.answer and not any(ch.isdigit() for ch in vague.answer)
        named = lib.ask("What is Chen Wei's phone extension?")
        assert named.status == "answered" and "2150" in named.citations()[0].quote, named.answer
        picked = lib.ask("What is the phone extension in Purchasing?")
        assert picked.status == "answered" and "2307" in picked.citations()[0].quote, picked.answer
        first = lib.ask("Who has the earliest start date?")  # a superlative names its row by comparing
        assert first.status == "answered" and "Erik Lindqvist" in first.citations()[0].quote, first.answer
        # an option is asked as the web app's button asks it: the question and the option
        again = lib.ask(f"What is the phone extension? {vague.clarification.options[1]}")
        assert again.status == "answered" and "2307" in again.citations()[0].quote, again.answer


def test_a_column_of_a_slide_table_asked_of_no_row_is_asked_back(tmp_path):
    """A slide's table is asked back as a spreadsheet is: "员工人数是多少？" over a table of
    warehouses names no warehouse, so the question back lists them; naming one answers."""
    make_table_slide(tmp_path / "warehouses.pptx", "仓库概况", [
        ("仓库", "面积（平方米）", "员工人数"), ("A1仓", "8000", "45"), ("B2仓", "5000", "30"),
        ("C3仓", "12000", "52")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "warehouses.pptx"])
        vague = lib.ask("员工人数是多少？")
        assert vague.status == "needs_clarification" and vague.claims == [], vague.answer
        assert vague.clarification.options == ["A1仓", "B2仓", "C3仓"]  # the header row is no option
        assert "员工人数" in vague.answer and not any(ch.isdigit() for ch in vague.answer.replace("A1", "")
                                                        .replace("B2", "").replace("C3", ""))
        named = lib.ask("B2仓的员工人数是多少？")
        assert named.status == "answered" and "员工人数: 30" in named.citations()[0].quote, named.answer
        # a row the table lacks, named by a word the library writes nowhere, is no row of it
        other = lib.ask("南京仓的面积是多少？")
        assert other.status == "refused" and not other.claims, other.answer
        assert any("南京" in w for w in other.warnings), other.warnings
        # a column the table lacks is named by its own word, not the run of text around it
        rent = lib.ask("A1仓的租金是多少？")
        assert rent.status == "refused" and any("租金" in w for w in rent.warnings), rent.warnings
        assert not any("A1仓的" in w for w in rent.warnings), rent.warnings
        # the table's line of column labels states nothing: never cited beside its rows
        kazan = lib.ask("Какая площадь у склада в Казани?")
        assert not any(c.quote.startswith("仓库; 面积") for c in kazan.citations()), kazan.answer
        # a word of general language the library lacks names no row ("人" of "多少人")
        people = lib.ask("A1仓的员工有多少人？")
        assert people.status == "answered" and "员工人数: 45" in people.citations()[0].quote, people.answer


def test_the_column_asked_back_about_is_the_one_the_question_names(tmp_path):
    """Of two headers sharing a part of the question's word, the one holding it whole is
    asked about ("首班车", not "末班车"); the column that names the rows is never the one asked,
    though its header shares a word with the question ("Категория номера" for "номера")."""
    make_table_slide(tmp_path / "bus.pptx", "12路公交时刻表", [
        ("站点", "首班车", "末班车"), ("火车北站", "6:00", "22:30"), ("人民广场", "6:12", "22:42"),
        ("滨江公园", "6:45", "23:15")])
    make_table_slide(tmp_path / "rooms.pptx", "Номерной фонд гостиницы", [
        ("Категория номера", "Площадь, м²", "Мест"), ("Эконом", "14", "1"), ("Стандарт", "20", "2"),
        ("Люкс", "48", "4")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "bus.pptx", tmp_path / "rooms.pptx"])
        # a name the library never writes whole, though a part of it stands there ("班车")
        night = lib.ask("夜班车几点发车？")
        assert night.status == "refused" and any("夜班车" in w for w in night.warnings), night.answer
        first = lib.ask("首班车是几点？")
        assert first.status == "needs_clarification", first.answer
        assert "首班车" in first.answer and "末班车" not in first.answer
        assert first.clarification.options == ["火车北站", "人民广场", "滨江公园"]
        area = lib.ask("Какая площадь номера?")
        assert area.status == "needs_clarification" and "Площадь, м²" in area.answer, area.answer
        assert area.clarification.options == ["Эконом", "Стандарт", "Люкс"]
        named = lib.ask("Какая площадь номера «Люкс»?")
        assert named.status == "answered" and "48" in named.claims[0].citations[0].quote, named.answer


def test_a_column_of_a_word_table_asked_of_no_row_is_asked_back(soffice, tmp_path):
    """A DOCX table (read on the pages of its layout) is asked back too: "Какова
    периодичность?" over a maintenance schedule names no job; an option re-asks and is
    answered from its row."""
    import docx

    d = docx.Document()
    d.add_heading("Регламент обслуживания компрессора КС-7", 1)
    rows = [("Работа", "Периодичность", "Продолжительность, ч"), ("Проверка уровня масла", "ежедневно", "0,5"),
            ("Замена фильтра", "раз в месяц", "1,5"), ("Замена масла", "раз в 6 месяцев", "3")]
    docx_table(d, rows)
    d.save(tmp_path / "reglament.docx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert [r.status for r in lib.ingest([tmp_path / "reglament.docx"])] == ["added"]
        vague = lib.ask("Какова периодичность?")
        assert vague.status == "needs_clarification" and vague.claims == [], vague.answer
        assert vague.clarification.options == [r[0] for r in rows[1:]]
        again = lib.ask(f"Какова периодичность? {vague.clarification.options[2]}")
        assert again.status == "answered" and "раз в 6 месяцев" in again.citations()[0].quote, again.answer


def test_a_column_asked_of_no_row_is_asked_back_though_a_sentence_ranks_first(soffice, tmp_path):
    """A sentence sharing the question's words may rank before the table ("…приходите в
    аудиторию за 15 минут до начала экзамена"): the question about a column of no row is
    still asked back with the table's rows."""
    import docx

    d = docx.Document()
    d.add_heading("Расписание экзаменов", 1)
    d.add_paragraph("Приходите в аудиторию за 15 минут до начала экзамена.")
    docx_table(d, [("Дисциплина", "Дата", "Аудитория"), ("Линейная алгебра", "16.01.2026", "305"),
                   ("Физика", "15.01.2026", "118"), ("Базы данных", "21.01.2026", "214")])
    d.save(tmp_path / "exams.docx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert [r.status for r in lib.ingest([tmp_path / "exams.docx"])] == ["added"]
        vague = lib.ask("В какой аудитории экзамен?")
        assert vague.status == "needs_clarification", (vague.answer, [c.quote for c in vague.citations()])
        assert vague.clarification.options == ["Линейная алгебра", "Физика", "Базы данных"]


def test_a_row_under_a_price_heading_answers_what_it_costs(soffice, tmp_path):
    """A table of prices whose columns are named by season, not by a price word, stands
    under the heading "Стоимость номеров": its numbers are prices though no cell writes a
    currency, so "Сколько стоит …?" is answered from the row's cell."""
    import docx

    d = docx.Document()
    d.add_heading("Гостиница «Северная звезда»", 0)
    d.add_heading("Дополнительные услуги", 1)
    d.add_paragraph("Поздний выезд до 18:00 стоит 1500 рублей.")
    d.add_heading("Стоимость номеров", 1)
    d.add_paragraph("Цены указаны в рублях за номер в сутки.")
    docx_table(d, [("Категория номера", "Площадь, м²", "Низкий сезон", "Высокий сезон"),
                   ("Эконом", "14", "3200", "3900"), ("Комфорт", "26", "5900", "7600"),
                   ("Люкс", "48", "11500", "14900")])
    d.save(tmp_path / "hotel.docx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        assert [r.status for r in lib.ingest([tmp_path / "hotel.docx"])] == ["added"]
        ans = lib.ask("Сколько стоит номер «Комфорт» в высокий сезон?")
        assert ans.status == "answered", (ans.answer, ans.warnings)
        assert "7600" in ans.claims[0].citations[0].quote and ans.claims[0].verified, ans.answer


def test_a_row_of_another_record_does_not_answer_for_the_code_asked(tmp_path):
    """A question naming a code (a group, a model) the table writes in one column is not
    answered by a row holding another code there: the maths exam of group ПМ-101 is not that
    of ПИ-202, which the table lists for other subjects only."""
    make_table_slide(tmp_path / "exams.pptx", "Расписание экзаменов", [
        ("Дисциплина", "Группа", "Дата"), ("Математический анализ", "ПМ-101", "12.01.2026"),
        ("Базы данных", "ПИ-202", "21.01.2026"), ("Английский язык", "ПИ-202", "26.01.2026"),
        ("Физика", "ПМ-101", "15.01.2026")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "exams.pptx"])
        other = lib.ask("Когда экзамен по математическому анализу у группы ПИ-202?")
        assert other.status == "refused" and not other.claims, other.answer
        assert any("ПМ-101" in w and "ПИ-202" in w for w in other.warnings), other.warnings
        own = lib.ask("Когда экзамен по математическому анализу у группы ПМ-101?")
        assert own.status == "answered" and "12.01.2026" in own.claims[0].citations[0].quote, own.answer
        db = lib.ask("Когда экзамен по базам данных у группы ПИ-202?")
        assert db.status == "answered" and "21.01.2026" in db.claims[0].citations[0].quote, db.answer


def test_a_long_table_is_offered_row_options_up_to_a_limit(tmp_path):
    """Past ROW_OPTIONS rows the question back lists the first ones and says there are more,
    and no option is the ellipsis itself (each option is asked as it stands)."""
    from pincite.answer.clarify import ROW_OPTIONS

    names = [f"Person {chr(65 + i)}{chr(97 + i)}son" for i in range(ROW_OPTIONS + 2)]
    make_sheet(tmp_path / "staff.xlsx", "Staff", ("Name", "Phone extension"),
               [(n, 2100 + i) for i, n in enumerate(names)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        vague = lib.ask("What is the phone extension?")
        assert vague.status == "needs_clarification", vague.answer
        assert vague.clarification.options == names[:ROW_OPTIONS] and vague.answer.rstrip("?").endswith("…")


def test_a_column_named_in_other_words_is_asked_back(tmp_path):
    """"What is the daily fine?" over a library workbook whose fines sheet is headed "Fine per
    day (GBP)": "daily" is held by meaning (word vectors), so the question about a column of
    no row is asked back with the item types."""
    import openpyxl

    wb = openpyxl.Workbook()
    loans = wb.active
    loans.title = "Loans"
    loans.append(["Loan ID", "Member", "Title", "Due", "Days overdue"])
    for row in [("L-1041", "Margaret Okafor", "The Remains of the Day", "2027-01-25", 0),
                ("L-1042", "Daniel Price", "A Brief History of Time", "2027-01-26", 8),
                ("L-1043", "Priya Raman", "Wolf Hall", "2027-01-28", 17)]:
        loans.append(list(row))
    fines = wb.create_sheet("Fines")
    fines.append(["Item type", "Fine per day (GBP)", "Maximum fine (GBP)", "Loan period (days)"])
    for row in [("Adult book", 0.25, 8, 21), ("Children's book", 0, 0, 21), ("DVD", 1, 10, 7),
                ("Audiobook CD", 0.5, 8, 14), ("Reference book", 2, 20, 1)]:
        fines.append(list(row))
    wb.save(tmp_path / "library.xlsx")
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "library.xlsx"])
        vague = lib.ask("What is the daily fine?")
        both = lib.ask("What's the fine?")
    assert vague.status == "needs_clarification", vague.answer
    assert "Fine per day" in vague.answer and vague.clarification.options[:2] == ["Adult book", "Children's book"]
    # two columns named alike ("fine") are named together, and the row is asked back
    assert both.status == "needs_clarification", both.answer
    assert "“Fine per day (GBP)” / “Maximum fine (GBP)”" in both.answer, both.answer


@pytest.mark.parametrize("question, column", [("续重多少钱？", "续重每公斤(元)"),
                                              ("首重多少钱？", "首重(1公斤)价格(元)")])
def test_a_price_asked_of_no_row_is_asked_back_with_the_rows(tmp_path, question, column):
    """"续重多少钱？" ("how much per extra kilo?") over a tariff by region names the column by
    one word and asks what it costs by another ("钱"), which no header writes: a column of
    money (its header names a currency, "(元)") holds it, so the rows are asked back; naming
    a region answers."""
    make_sheet(tmp_path / "tariff.xlsx", "标准资费", ("寄达区域", "首重(1公斤)价格(元)", "续重每公斤(元)"),
               [("同城", 8, 2), ("省内", 10, 3), ("华北（京津冀晋）", 15, 6)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "tariff.xlsx"])
        vague = lib.ask(question)
        named = lib.ask("寄往华北续重多少钱？")
        # a row named by its parenthesis ("京津冀"), with a common noun beside it ("一带", around)
        around = lib.ask("寄往京津冀一带，首重多少钱？")
    assert around.status == "answered", (around.answer, around.warnings)
    assert around.claims[0].text.startswith("华北（京津冀晋） / 首重(1公斤)价格(元): 15"), around.claims[0].text
    assert vague.status == "needs_clarification", vague.answer
    assert vague.clarification.options == ["同城", "省内", "华北（京津冀晋）"] and column in vague.answer
    assert named.status == "answered" and named.claims[0].text == "华北（京津冀晋） / 续重每公斤(元): 6", named.answer


def test_a_row_asked_back_is_no_scope_question(tmp_path):
    """A question back about a table's row is of kind "row": the command line's hint asks to
    name one, not to pass --model or --serial, which settle a scope question back."""
    from typer.testing import CliRunner

    from docgen import make_sheet
    from pincite.cli.main import app

    make_sheet(tmp_path / "fines.xlsx", "Fines", ("Item type", "Fine per day (GBP)", "Loan period (days)"), [
        ("Adult book", 0.25, 21), ("DVD", 1, 7), ("Reference book", 2, 1)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "fines.xlsx"])
        ans = lib.ask("What is the fine per day?")
    assert ans.status == "needs_clarification" and ans.clarification.kind == "row", ans.answer
    out = CliRunner().invoke(app, ["--data", str(tmp_path / "data"), "ask", "What is the fine per day?"]).output
    assert "name one in the question" in out and "--serial" not in out, out


def test_a_refusal_over_another_language_names_the_missing_dictionary(tmp_path, monkeypatch):
    """Without a dictionary between the question's language and the passages' (English <->
    Russian needs Debian's mueller7-dict), the refusal says which package translates them."""
    from pincite.text import bilingual

    _compressor_manual(tmp_path)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "compressor.pdf"])
        installed = lib.ask("Какой гарантийный срок?")
        monkeypatch.setattr(bilingual, "pair_available", lambda src, dst: src == dst)
        missing = lib.ask("Какой гарантийный срок?")
    assert installed.status == missing.status == "refused"
    assert "mueller7-dict" in missing.warnings[0] and "английский" in missing.warnings[0], missing.warnings
    assert bilingual.MUELLER_PATH.exists() == ("mueller7-dict" not in installed.warnings[0]), installed.warnings


def test_a_variant_the_table_does_not_list_is_refused(tmp_path):
    """Asked the price of a variant that no row lists ("transparent" of rows for a white and a
    gold chair, which match every other word of the question alike), the sheet's rows do not
    answer: the question is refused; the listed variant is answered from its own row."""
    make_sheet(tmp_path / "decor.xlsx", "Decor hire", ("Item", "Unit", "Price per day, EUR"),
               [("Chiavari chair, white", "piece", 35), ("Chiavari chair, gold", "piece", 42),
                ("Wedding arch, round metal", "piece", 650), ("Table runner, linen", "piece", 8)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "decor.xlsx"])
        listed = lib.ask("How much is it to hire a gold Chiavari chair for a day?")
        unlisted = lib.ask("How much is it to hire a transparent Chiavari chair for a day?")
    assert listed.status == "answered", listed.answer
    assert "42" in listed.claims[0].text, listed.claims[0].text
    assert unlisted.status == "refused", unlisted.answer
    assert any("white" in w and "gold" in w and "transparent" in w for w in unlisted.warnings), unlisted.warnings


def test_a_verb_or_a_word_of_the_tables_stem_names_no_unlisted_variant(tmp_path):
    """A word no cell holds names no variant the table lacks when it is a verb ("перевезти"
    asks of the rows for moving a grand piano), a word of a cell's stem ("цветочная" of
    "цветы") or one letter off a cell's word (a typo): the question is about the rows found,
    which differ, so it is answered with them (or asked back), not refused."""
    make_sheet(tmp_path / "moving.xlsx", "Перевозка", ("Услуга", "Цена, руб."),
               [("Перевозка рояля по городу", 12000), ("Перевозка рояля за город (до 50 км)", 18000),
                ("Композиция из цветов, низкая", 2800), ("Композиция из цветов, высокая", 4200)])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "moving.xlsx"])
        for question in ("Сколько стоит перевезти рояль?", "Сколько стоит цветочная композиция?"):
            ans = lib.ask(question)
            assert ans.status in ("answered", "needs_clarification"), (question, ans.status, ans.answer)
    from pincite.answer.clarify import _kin

    assert _kin("дуп", "дуб") and _kin("цветочн", "цвет") and _kin("перевезт", "перевозк")
    assert not _kin("прозрачн", "бел") and not _kin("洗碗机", "洗衣机") and not _kin("офисн", "ушаст")


def test_a_label_the_best_rows_label_holds_does_not_move_first(tmp_path):
    """A row whose whole label the question writes ("A4") is moved first only when the best
    row's label does not hold it: "A4, one-sided black-and-white" names A4 too, and the rest
    of the question besides, so it stays the answer to a question about one-sided
    black-and-white A4 prints; a question naming "A4" alone still gets the "A4" row."""
    make_sheet(tmp_path / "print.xlsx", "Printing", ("Format", "Price per sheet"),
               [("A4", "35 RUB"), ("A4, one-sided black-and-white", "8 RUB"),
                ("A3", "60 RUB"), ("A3, one-sided black-and-white", "16 RUB")])
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "print.xlsx"])
        ans = lib.ask("How much is a one-sided black-and-white A4 print?")
    assert ans.status == "answered", ans.answer
    assert "one-sided" in ans.claims[0].citations[0].quote and "A4" in ans.claims[0].citations[0].quote, \
        ans.claims[0].text
