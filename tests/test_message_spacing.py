"""Chinese messages set a filled-in Latin value apart from the ideographs beside it
(answer.messages.SpacedTemplate): "未找到 P-105 和 P-103 的数值", as Chinese typesetting
separates the scripts, while the values themselves and the other languages' messages are left
as they are."""
from __future__ import annotations

from pincite.answer.messages import MESSAGES, SpacedTemplate, listed, message


def test_a_latin_value_between_ideographs_gets_a_space_on_each_side():
    assert message("compare_missing", "zh").format(thing="P-105 和 P-103") == "未找到 P-105 和 P-103 的数值"


def test_a_chinese_value_and_punctuation_joints_get_none():
    assert message("compare_missing", "zh").format(thing="北辰") == "未找到北辰的数值"
    assert message("row_columns", "zh").format(columns="Item") == "列：Item"


def test_a_joint_that_has_a_space_already_gets_no_second_one():
    text = message("currency_other", "zh").format(unit="USD", found="CNY")
    assert text == "未换算为 USD：引文中的金额以 CNY 计，pincite 不换算货币"
    assert "  " not in text


def test_values_keep_their_own_text_and_positional_fields_work():
    assert SpacedTemplate("文件{}已删除，共{n}页").format("手册v2.pdf", n=12) == "文件手册v2.pdf 已删除，共 12 页"


def test_other_languages_are_formatted_as_written():
    assert message("compare_missing", "en").format(thing="P-105") == "no value found for P-105"
    assert message("compare_missing", "ru").format(thing="P-105") == "не найдено значение для P-105"
    assert type(message("compare_missing", "en")) is str


def test_every_chinese_template_formats_like_its_plain_string_but_for_spaces():
    for key, texts in MESSAGES.items():
        if "zh" not in texts:
            continue
        fields = {name: "X1" for name in _fields(texts["zh"])}
        spaced = message(key, "zh").format(**fields)
        plain = texts["zh"].format(**fields)
        assert spaced.replace(" ", "") == plain.replace(" ", ""), key


def _fields(template: str) -> set[str]:
    import string

    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_a_chinese_list_takes_the_enumeration_comma():
    """"КЭ-6、КЭ-9" in Chinese; "КЭ-6, КЭ-9" in the other languages."""
    assert listed(["КЭ-6", "КЭ-9", "КЭ-15"], "zh") == "КЭ-6、КЭ-9、КЭ-15"
    assert listed(["КЭ-6", "КЭ-9"], "ru") == listed(["КЭ-6", "КЭ-9"], "en") == "КЭ-6, КЭ-9"
    assert listed([], "zh") == ""


def test_a_quotes_reason_for_not_verifying_is_printed_in_the_answers_language():
    """A Chinese or Russian answer names why a quote did not verify in its own language
    (answer.verify's fixed English reasons); a reason without a translation stays as it is."""
    from rich.console import Console

    from pincite.answer.messages import quote_reason
    from pincite.answer.verify import REASON_CUT, REASON_NOT_FOUND
    from pincite.cli.render import print_answer
    from pincite.contract import Answer, Citation, Claim, PdfAddress

    cit = Citation(chunk_id="ab" * 8 + "-p2-c0", doc_id="ab" * 8, file="guide.pdf",
                   address=PdfAddress(page=2, page_end=2), page=2, quote="软件包名", verified=False,
                   reason=REASON_CUT)
    console = Console(record=True, width=200)
    print_answer(console, Answer(question="q", status="answered", language="zh", answer="a",
                                 claims=[Claim(text=cit.quote, verified=False, citations=[cit])]))
    shown = console.export_text()
    assert "截断了词语或数字" in shown and REASON_CUT not in shown, shown
    assert quote_reason(REASON_NOT_FOUND, "ru") == "нет в тексте источника"
    from pincite.answer import verify
    reasons = [v for k, v in vars(verify).items() if k.startswith("REASON_")]
    assert len(reasons) >= 5 and all(quote_reason(r, lang) != r for r in reasons for lang in ("ru", "zh"))
    assert quote_reason(REASON_NOT_FOUND, "en") == REASON_NOT_FOUND
    assert quote_reason("found, but not an answer", "zh") == "found, but not an answer"
