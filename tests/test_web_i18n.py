"""The web app in the reader's language, in a real browser (Debian's chromium via Playwright,
see tests/browser.py), against a live server over a library of a generated Russian manual
(printed labels equal to the physical pages) and a generated Chinese one:

* with an English browser, a Russian question gets a Russian answer frame: status banner,
  "verified quote" mark, and a page view in Russian (position, text pane, original link, the
  label line, which does not repeat a printed label equal to the physical page), while the
  interface stays English; the switch turns the interface Russian, and the choice holds
  after a reload;
* a Chinese browser (locale zh-CN) gets a Chinese interface without touching the switch;
* a refusal says in Russian what was missing, with no score against a bar;
* a Chinese answer renders real glyphs: each CJK character of the claim, drawn in the
  claim's own computed font, differs from a known-missing glyph (the .notdef box that an
  unassigned code point gets) and from the others; the same check run in a browser whose
  fontconfig offers no CJK font reports the boxes, so it can fail;
* in a Russian and in a Chinese browser, no English word is left in what the main screens
  show or say to a screen reader (text, placeholders, aria-labels, titles, alt texts): the
  ask screen with its scope panel and the LLM-mode note, an answer with Details open and its
  page view, the library with a document's fields open and after an upload, and the LLM
  settings with a form error; only names that stay as
  they are (pincite, PDF, LLM, URL, API, product and model names, file names) are allowed;
* /docs (Swagger UI) works with every request to anywhere but 127.0.0.1 aborted, and none
  was even tried (no /redoc: ReDoc's bundle fetches its logo from a CDN).

Skips when chromium, Playwright or the server's packages are missing, unless
PINCITE_REQUIRE_BROWSER=1 (CI), which turns that into a failure.
"""
from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from browser import LiveServer, launch_chromium, require_browser, unavailable
from pdfgen import make_pdf

WAIT_MS = 90_000  # the first answer loads the embedder
RU_QUESTION = "Какое рабочее давление насоса НД-40?"
RU_REFUSED = "Сколько стоит билет в Антарктиду?"
ZH_QUESTION = "ZR-8 燃气热水器的额定功率是多少？"
#: fontconfig with only DejaVu (no CJK font): what a stock chromium without fonts-noto-cjk sees.
NO_CJK_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{cache}</cachedir></fontconfig>
"""
#: In the page: each distinct CJK character of the element's text drawn alone in the
#: element's computed font on a canvas, and an unassigned code point (U+10FFFD, always the
#: missing-glyph box) drawn the same way. Returns how many characters were drawn, how many
#: look like the missing glyph, how many distinct pictures they make, and the ink of each.
GLYPH_PROBE = """(node) => {
  const font = getComputedStyle(node).font;
  const chars = [...new Set([...node.textContent].filter((ch) => /\\p{Script=Han}/u.test(ch)))].slice(0, 8);
  const draw = (ch) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64; canvas.height = 64;
    const ctx = canvas.getContext("2d");
    ctx.font = font.replace(/\\d+(\\.\\d+)?px/, "40px");
    ctx.fillStyle = "#000";
    ctx.textBaseline = "top";
    ctx.fillText(ch, 4, 8);
    const data = ctx.getImageData(0, 0, 64, 64).data;
    let bits = "", ink = 0;
    for (let i = 3; i < data.length; i += 4) { const on = data[i] > 96; bits += on ? "1" : "0"; ink += on; }
    return { bits, ink };
  };
  const missing = draw(String.fromCodePoint(0x10FFFD)).bits;
  const pics = chars.map(draw);
  return {
    chars: chars.length,
    like_missing: pics.filter((p) => p.bits === missing).length,
    distinct: new Set(pics.map((p) => p.bits)).size,
    ink: pics.map((p) => p.ink),
  };
}"""


@pytest.fixture(scope="module")
def pw_instance():
    sync_playwright = require_browser()
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401

        from pincite.web.server import create_app
    except ImportError as exc:
        unavailable(f"the web server cannot be imported ({exc}); install pincite with its web dependencies")
    from pincite.config import Settings
    from pincite.library.facade import Library

    root = tmp_path_factory.mktemp("i18n")
    docs = root / "docs"
    docs.mkdir()
    make_pdf(docs / "nd40-rukovodstvo.pdf", [
        "Руководство по эксплуатации насоса НД-40. Общие сведения о насосе и правила безопасности.",
        "Технические данные. Рабочее давление насоса НД-40 составляет 1,6 МПа при температуре воды до 40 °C.",
        "Обслуживание. Сальник насоса НД-40 заменяют каждые 2000 часов работы.",
    ], font="dejavu", title="Насос НД-40", page_labels=[(0, "D", "", 1)])
    make_pdf(docs / "zr8-shuoming.pdf", [
        "ZR-8 燃气热水器使用说明书。本说明书介绍热水器的安装和安全使用。",
        "技术参数。ZR-8 燃气热水器的额定功率为 20 千瓦，额定电压为 220 伏。",
    ], font="cid-chinese", title="ZR-8 燃气热水器")
    settings = Settings(data_dir=root / "data")
    with pytest.MonkeyPatch.context() as mp:
        for name in ("PINCITE_LLM_URL", "PINCITE_LLM_MODEL", "PINCITE_API_KEY", "PINCITE_TOKEN"):
            mp.delenv(name, raising=False)
        lib = Library(settings)
        try:
            results = lib.ingest([docs])
        finally:
            lib.close()
        assert [r.status for r in results] == ["added", "added"], results
        with LiveServer(create_app(settings)) as server:
            yield server


def _browser(pw, tmp_path: Path, locale: str, **options):
    profile = tmp_path / f"profile-{locale}"
    profile.mkdir()
    context = launch_chromium(pw, profile, locale=locale, **options)
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def _ask(page, question: str) -> None:
    page.fill("#question", question)
    page.click("#ask-btn")
    page.wait_for_selector("#answer:not([hidden]) #status-banner[data-status]")


def test_russian_question_gets_russian_labels(pw_instance, live_server, tmp_path):
    context, page, errors = _browser(pw_instance, tmp_path, "en-US")
    try:
        page.goto(live_server.url + "/")
        assert page.inner_text("#tab-ask").strip() == "Ask" and page.input_value("#ui-lang") == "en"
        _ask(page, RU_QUESTION)
        banner = page.locator("#status-banner")
        assert banner.get_attribute("data-status") == "answered"
        assert banner.inner_text().startswith("Ответ найден"), banner.inner_text()
        assert page.inner_text(".claim .verify-ok").strip() == "✓ цитата проверена"
        assert page.get_attribute("#answer", "lang") == "ru"
        assert page.inner_text(".export-label") == "Карточки доказательств:"
        source = page.locator(".source-btn").first
        assert "nd40-rukovodstvo.pdf" in source.inner_text() and "PDF с. 2" in source.inner_text()
        source.click()
        page.wait_for_selector("#page-text[data-page='2']")
        assert page.inner_text("#page-position") == "Страница PDF 2 из 3"
        assert page.inner_text("#page-text-title") == "Извлечённый текст этой страницы"
        assert page.inner_text("#open-original") == "Открыть оригинал на этой странице"
        assert page.inner_text("#next-page") == "Вперёд →"
        # the printed label equals the physical page: said once, not "Printed page 2 · PDF page 2"
        assert page.inner_text("#page-label") == "Страница PDF 2 · печатный номер тот же"
        assert page.get_attribute("#page-view", "aria-label") == "Цитируемая страница"
        # the interface itself stays in the browser's language
        assert page.inner_text("#tab-library").startswith("Library")
        assert page.inner_text("label[for='question']") == "Question"

        page.select_option("#ui-lang", "ru")
        assert page.inner_text("#tab-ask").strip() == "Вопрос"
        assert page.inner_text("label[for='question']") == "Вопрос"
        assert page.get_attribute("html", "lang") == "ru"
        assert page.inner_text("#ask-btn") == "Спросить"
        page.reload()
        assert page.inner_text("#tab-settings").startswith("Настройки LLM")
        assert page.get_attribute("#question", "placeholder").startswith("например")
        assert not errors, errors
    finally:
        context.close()


def test_chinese_browser_gets_a_chinese_interface(pw_instance, live_server, tmp_path):
    context, page, errors = _browser(pw_instance, tmp_path, "zh-CN")
    try:
        page.goto(live_server.url + "/")
        assert page.input_value("#ui-lang") == "zh" and page.get_attribute("html", "lang") == "zh"
        assert page.inner_text("#tab-ask").strip() == "提问"
        assert page.inner_text("#tab-library").startswith("资料库")
        page.wait_for_function("document.querySelector('#server-info').textContent.includes('已就绪文档 2 个')")
        assert not errors, errors
    finally:
        context.close()


def test_refusal_says_what_was_missing_without_scores(pw_instance, live_server, tmp_path):
    context, page, errors = _browser(pw_instance, tmp_path, "en-US")
    try:
        page.goto(live_server.url + "/")
        _ask(page, RU_REFUSED)
        assert page.get_attribute("#status-banner", "data-status") == "refused"
        assert page.inner_text("#status-banner").startswith("В библиотеке ответа нет")
        why = page.inner_text(".refusal-why")
        # the reason is in Russian and names the words no passage holds; the best passage may
        # be Chinese, but Russian passages were found too, so the language is not blamed
        assert why.startswith("Почему") and "Антарктиду" in why and "китайский" not in why, why
        body = page.inner_text("#answer-body")
        assert not re.search(r"\d\.\d\d|needed|нужно|chance", body), body
        assert not errors, errors
    finally:
        context.close()


def _glyphs(page) -> dict:
    _ask(page, ZH_QUESTION)
    assert page.get_attribute("#status-banner", "data-status") == "answered"
    assert page.inner_text("#status-banner").startswith("已回答")
    claim = page.locator(".claim .claim-text").first
    assert "额定功率" in claim.inner_text()
    return claim.evaluate(GLYPH_PROBE)


def test_chinese_answer_renders_real_glyphs(pw_instance, live_server, tmp_path):
    context, page, errors = _browser(pw_instance, tmp_path, "zh-CN")
    try:
        page.goto(live_server.url + "/")
        got = _glyphs(page)
        assert got["chars"] >= 6, got
        assert got["like_missing"] == 0, f"CJK characters drawn as the missing-glyph box: {got}"
        assert got["distinct"] == got["chars"] and min(got["ink"]) > 20, got
        assert not errors, errors
    finally:
        context.close()
    # the same check in a browser with no CJK font sees the boxes (the check can fail)
    conf = tmp_path / "fonts.conf"
    conf.write_text(NO_CJK_FONTS.format(cache=tmp_path / "fc-cache"), encoding="utf-8")
    import os

    context, page, _ = _browser(pw_instance, tmp_path, "en-US",
                                env={**os.environ, "FONTCONFIG_FILE": str(conf)})
    try:
        page.goto(live_server.url + "/")
        bare = _glyphs(page)
        assert bare["like_missing"] == bare["chars"] >= 6 and bare["distinct"] == 1, bare
    finally:
        context.close()


#: English words that stay as they are in every language: names of the program, formats,
#: products and models, keys of the keyboard, and the language switch's own "English".
ALLOWED_WORDS = {
    "pincite", "PDF", "LLM", "URL", "API", "JSON", "CSV", "OCR", "Markdown", "English", "Enter",
    "Shift", "OpenAI", "DeepSeek", "Ollama", "vLLM", "llama", "cpp", "Word", "PowerPoint", "Excel",
    "docx", "pptx", "xlsx", "txt", "localhost", "https", "http", "tesseract",
    "deepseek", "chat", "qwen", "instruct",  # model names in the model field's example
}
#: Left out before looking for words: URLs, commands and their flags, and file names.
NOT_WORDS = re.compile(r"\b\w+://\S+|\bpincite [a-z]+\b|--[\w-]+|[\w.-]+\.(?:pdf|docx|pptx|xlsx|txt|md|json)\b")
#: In the page: the visible text of the body, and the placeholder, aria-label, title and alt
#: of every visible element (what a screen reader says).
SHOWN_TEXT = """() => {
  const out = [document.body.innerText];
  for (const node of document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
    if (!node.checkVisibility()) continue;
    for (const name of ["placeholder", "aria-label", "title", "alt"]) {
      const value = node.getAttribute(name);
      if (value) out.push(value);
    }
  }
  return out.join("\\n");
}"""


def english_words(text: str) -> list[str]:
    """The words of three or more Latin letters in `text` that are not allowed names."""
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", NOT_WORDS.sub(" ", text)) if w not in ALLOWED_WORDS})


def test_english_words_finds_english_only():
    assert english_words("Вопрос: Scope (e.g. PX-200)") == ["Scope"]
    assert english_words("nd40-rukovodstvo.pdf — PDF с. 2; https://api.deepseek.com/v1; --include-uploaded") == []
    assert english_words("模型 qwen2.5:7b-instruct · pincite") == []
    assert english_words("命令行 pincite ask 默认 · pincite 不作猜测 · Ask") == ["Ask"]


#: A text file each browser uploads (its name and words in the browser's language).
UPLOADS = {
    "ru": ("заметки-насос.txt", "Заметки о насосе НД-40.\nСальник проверяют раз в месяц.\n"),
    "zh": ("热水器笔记.txt", "ZR-8 热水器笔记。\n每年检查一次燃气管。\n"),
}


@pytest.mark.parametrize("locale, lang, question", [("ru-RU", "ru", RU_QUESTION), ("zh-CN", "zh", ZH_QUESTION)])
def test_no_english_left_on_the_main_screens(pw_instance, live_server, tmp_path, locale, lang, question):
    context, page, errors = _browser(pw_instance, tmp_path, locale)
    found: dict[str, list[str]] = {}

    def look(screen: str) -> None:
        words = english_words(page.evaluate(SHOWN_TEXT))
        if words:
            found[screen] = words

    try:
        page.goto(live_server.url + "/")
        assert page.input_value("#ui-lang") == lang
        page.wait_for_function("document.querySelector('#server-info').textContent.includes('pincite')")
        assert page.locator("#ask-scope").is_visible() and page.locator("#scope-model").is_visible()
        look("ask screen, scope panel")
        page.check("input[name='mode'][value='llm']")
        page.locator("#llm-mode-note").wait_for(state="visible")
        look("ask screen, LLM mode note")
        page.check("input[name='mode'][value='extractive']")

        _ask(page, question)
        assert page.get_attribute("#status-banner", "data-status") == "answered"
        page.click("#details-summary")
        assert page.locator("#answer-meta dd").first.is_visible()
        page.locator(".source-btn").first.click()
        page.wait_for_selector("#page-text[data-page]")
        page.wait_for_function("document.querySelector('#page-timing').textContent !== ''")
        look("answer with Details open, page view")

        page.click("#tab-library")
        page.wait_for_selector(".doc-row[data-status='ready']")
        page.locator(".doc-row .edit-btn").first.click()
        page.locator(".edit-form").wait_for(state="visible")
        look("library, with a document's fields open")
        name, text = UPLOADS[lang]
        (tmp_path / name).write_text(text, encoding="utf-8")
        page.set_input_files("#upload-input", str(tmp_path / name))
        page.wait_for_selector(".upload-row[data-status='ready']")
        page.locator(".doc-row[data-trust='uploaded']", has_text=name).wait_for()
        look("library, after an upload")

        page.click("#tab-settings")
        page.wait_for_selector("#llm-state[data-state]")
        page.click("#llm-check")  # nothing filled in: the form says what is missing
        page.locator("#llm-error").wait_for(state="visible")
        look("LLM settings, with a form error")

        assert not found, f"English words in the {lang} interface: {found}"
        assert not errors, errors
    finally:
        context.close()


def test_text_around_markup_follows_the_switch(pw_instance, live_server, tmp_path):
    """A sentence with <code> or <strong> inside changes language around that markup, which
    stays the same element (no HTML is parsed) through every switch."""
    context, page, errors = _browser(pw_instance, tmp_path, "en-US")
    codes = "[...document.querySelectorAll('#ask-scope-help code')].map((c) => c.textContent)"
    try:
        page.goto(live_server.url + "/")
        first = page.evaluate_handle("document.querySelector('#ask-scope-help code')")
        assert "on by default in this web app" in page.inner_text("#ask-scope-help")
        for lang, words, add in [("ru", "включено по умолчанию", "Добавить документы"),
                                 ("zh", "默认开启", "添加文档"), ("en", "on by default", "Add documents")]:
            page.select_option("#ui-lang", lang)
            assert words in page.inner_text("#ask-scope-help"), lang
            assert page.evaluate(codes) == ["pincite ask", "--include-uploaded"], lang
            assert page.evaluate("(c) => c === document.querySelector('#ask-scope-help code')", first), lang
            assert page.evaluate("document.querySelector('#llm-url-help code').textContent") == "/v1"
            assert page.evaluate("document.querySelector('.drop-label strong').textContent") == add
            assert "{" not in page.evaluate("document.body.innerText"), lang
        assert not errors, errors
    finally:
        context.close()


def test_api_docs_work_offline(pw_instance, live_server, tmp_path):
    context, page, errors = _browser(pw_instance, tmp_path, "en-US")
    tried: list[str] = []

    def only_local(route):
        host = urllib.parse.urlsplit(route.request.url).hostname
        if host == "127.0.0.1":
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    try:
        context.route("**/*", only_local)
        page.goto(live_server.url + "/docs")
        page.wait_for_selector(".swagger-ui .info .title")
        assert page.inner_text(".swagger-ui .info .title").startswith("pincite")
        page.get_by_text("/api/ask").first.wait_for()
        assert page.locator(".opblock").count() >= 10
        page.locator(".opblock-summary", has_text="/api/ask").first.click()  # Swagger's own JS works
        page.get_by_text("Try it out").first.wait_for()
        assert tried == [], tried
        assert page.goto(live_server.url + "/redoc").status == 404  # ReDoc would fetch its logo online
        assert not errors, errors
    finally:
        context.close()
