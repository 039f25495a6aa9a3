"""User-facing sentences in the question's language (en, ru, zh).

Only fixed texts live here; nothing from documents. Unknown languages fall back to English.
"""
from __future__ import annotations

MESSAGES = {
    "not_found": {
        "en": "Not found in the library: no passage answers this question.",
        "ru": "В библиотеке ответа нет: ни один фрагмент не отвечает на этот вопрос.",
        "zh": "资料库中未找到答案：没有段落回答这个问题。",
    },
    "empty_library": {
        "en": "The library is empty: ingest documents first (pincite ingest FOLDER).",
        "ru": "Библиотека пуста: сначала добавьте документы (pincite ingest ПАПКА).",
        "zh": "资料库为空：请先导入文档（pincite ingest 文件夹）。",
    },
    "not_confirmed": {
        "en": "Passages were found, but no quote could be verified against the page text.",
        "ru": "Фрагменты найдены, но ни одну цитату не удалось проверить по тексту страницы.",
        "zh": "找到了相关段落，但没有引文能与页面文本核对一致。",
    },
    "not_confirmed_llm": {
        "en": "Passages were found, but none of the model's claims could be verified against them; the passages are listed below.",
        "ru": "Фрагменты найдены, но ни одно утверждение модели не подтвердилось по их тексту; фрагменты перечислены ниже.",
        "zh": "找到了相关段落，但模型的陈述均未能与段落文本核对一致；段落列在下方。",
    },
    "model_refused": {
        "en": "The passages found do not answer this question (the model declined to answer from them).",
        "ru": "Найденные фрагменты не отвечают на этот вопрос (модель отказалась отвечать по ним).",
        "zh": "找到的段落无法回答这个问题（模型拒绝据此作答）。",
    },
}

PAGE = {"en": "p.", "ru": "с.", "zh": "第{}页"}


def message(key: str, lang: str) -> str:
    """The fixed message `key` in `lang` (en when the language is not covered)."""
    texts = MESSAGES[key]
    return texts.get(lang, texts["en"])


def page_ref(page: int, page_label: str | None, lang: str) -> str:
    """Page reference: "p. 5-12 (PDF 47)" with a printed label, else "p. 47 (PDF)".

    The physical page (1-based) always appears, so the reference opens the right page.
    """
    if lang == "zh":
        if page_label and page_label != str(page):
            return f"第 {page_label} 页（PDF 第 {page} 页）"
        return f"PDF 第 {page} 页"
    word = PAGE.get(lang, PAGE["en"])
    if page_label and page_label != str(page):
        return f"{word} {page_label} (PDF {page})"
    return f"PDF {word} {page}"
