// pincite web UI: every fixed word of the interface in English, Russian and Chinese.
//
// The one place for these texts (app.js and index.html only name keys). Two languages are in
// play at once: the interface's (from the browser's languages, or the switch in the top bar,
// kept in localStorage) labels the forms, tabs and library; the question's (the Answer's
// `language`) labels everything about one answer: its banners, claims, clarification, refusal
// reasons and the page view of its sources, so a Russian question reads Russian around its
// Russian answer whatever the interface says. Texts with {name} take values; no text here
// holds HTML except the keys ending in "_html" (fixed markup, never document text).
"use strict";

(() => {
  const LANGS = ["en", "ru", "zh"];
  const NAMES = { en: "English", ru: "Русский", zh: "中文" };
  const STORE_KEY = "pincite-ui-lang";

  const S = {
    // ---- top bar, tabs, form
    skip: { en: "Skip to content", ru: "К содержимому", zh: "跳到正文" },
    tagline: {
      en: "Answers from your documents, each with a source you can check.",
      ru: "Ответы по вашим документам, у каждого — источник, который можно проверить.",
      zh: "基于您的文档作答，每个答案都附有可核对的出处。",
    },
    ui_language: { en: "Language", ru: "Язык", zh: "语言" },
    tab_ask: { en: "Ask", ru: "Вопрос", zh: "提问" },
    tab_library: { en: "Library", ru: "Библиотека", zh: "资料库" },
    tab_settings: { en: "LLM settings", ru: "Настройки LLM", zh: "LLM 设置" },
    server_info: {
      en: "pincite {version} · {n} document{s} ready",
      ru: "pincite {version} · документов готово: {n}",
      zh: "pincite {version} · 已就绪文档 {n} 个",
    },
    question: { en: "Question", ru: "Вопрос", zh: "问题" },
    question_placeholder: {
      en: "e.g. How often must the impeller be replaced?",
      ru: "например: Как часто нужно менять рабочее колесо?",
      zh: "例如：叶轮多久需要更换一次？",
    },
    question_help: {
      en: "Enter sends, Shift+Enter starts a new line. Russian, Chinese or English.",
      ru: "Enter — отправить, Shift+Enter — новая строка. На русском, китайском или английском.",
      zh: "Enter 发送，Shift+Enter 换行。可用中文、俄文或英文提问。",
    },
    answer_mode: { en: "Answer mode", ru: "Режим ответа", zh: "回答方式" },
    mode_extractive: { en: "Extractive", ru: "Цитаты", zh: "摘录" },
    mode_extractive_hint: { en: "(quotes, offline)", ru: "(без сети)", zh: "（引文，离线）" },
    mode_llm: { en: "LLM", ru: "LLM", zh: "LLM" },
    mode_llm_hint: { en: "(generated, verified)", ru: "(текст модели, проверенный)", zh: "（模型生成，经核对）" },
    search_in: { en: "Search in", ru: "Искать в", zh: "搜索范围" },
    all_documents: { en: "All documents", ru: "Все документы", zh: "全部文档" },
    ask: { en: "Ask", ru: "Спросить", zh: "提问" },
    asking: { en: "Asking…", ru: "Ищу…", zh: "正在查询…" },
    scope: { en: "Scope", ru: "Область поиска", zh: "范围" },
    scope_hint: {
      en: "(optional: only documents with these fields answer)",
      ru: "(необязательно: отвечают только документы с этими полями)",
      zh: "（可选：只有具备这些字段的文档参与回答）",
    },
    model: { en: "Model", ru: "Модель", zh: "型号" },
    modification: { en: "Modification", ru: "Модификация", zh: "改型" },
    modifications: { en: "Modifications", ru: "Модификации", zh: "改型" },
    revision: { en: "Revision", ru: "Редакция", zh: "版本" },
    include_uploaded: { en: "Include uploaded documents", ru: "Учитывать загруженные документы", zh: "包含用户上传的文档" },
    open_llm_settings: { en: "LLM settings", ru: "Настройки LLM", zh: "LLM 设置" },
    searching: { en: "Searching the library…", ru: "Поиск по библиотеке…", zh: "正在检索资料库…" },
    searching_llm: {
      en: "Searching the library and asking the model…",
      ru: "Поиск по библиотеке и запрос к модели…",
      zh: "正在检索资料库并询问模型…",
    },
    answered_in: { en: "Answered in {time}.", ru: "Ответ за {time}.", zh: "用时 {time}。" },
    type_question: { en: "Type a question first.", ru: "Сначала введите вопрос.", zh: "请先输入问题。" },
    too_long: {
      en: "A question is at most 2,000 characters.",
      ru: "Вопрос — не длиннее 2000 символов.",
      zh: "问题最多 2000 个字符。",
    },

    // ---- answer (in the question's language)
    answer: { en: "Answer", ru: "Ответ", zh: "答案" },
    st_answered: { en: "Answered", ru: "Ответ найден", zh: "已回答" },
    st_answered_text: {
      en: "Each verified claim below is quoted from its cited page. Open a source to check it.",
      ru: "Каждое проверенное утверждение ниже процитировано с указанной страницы. Откройте источник, чтобы проверить.",
      zh: "下面每条经核对的内容都引自所注明的页面。打开出处即可核对。",
    },
    st_partial: { en: "Partly answered", ru: "Ответ неполный", zh: "部分回答" },
    st_partial_text: {
      en: "Only part of the question is covered by the library; the rest is not answered.",
      ru: "Библиотека отвечает только на часть вопроса; на остальное ответа нет.",
      zh: "资料库只涵盖问题的一部分，其余部分未作回答。",
    },
    st_refused: { en: "Not found in the library", ru: "В библиотеке не найдено", zh: "资料库中未找到" },
    st_refused_text: {
      en: "No passage in the library answers this question, so pincite does not guess.",
      ru: "Ни один фрагмент библиотеки не отвечает на этот вопрос, поэтому pincite не гадает.",
      zh: "资料库中没有段落回答这个问题，因此 pincite 不作猜测。",
    },
    st_not_confirmed: { en: "Not confirmed", ru: "Не подтверждено", zh: "未能证实" },
    st_not_confirmed_text: {
      en: "Passages were found, but no quote could be verified against its page. They are shown below only for you to judge: do not rely on them.",
      ru: "Фрагменты найдены, но ни одну цитату не удалось сверить со страницей. Они показаны ниже только для вашей оценки: не полагайтесь на них.",
      zh: "找到了段落，但没有引文能与其页面核对一致。下列段落仅供您自行判断，请勿依赖。",
    },
    st_needs_clarification: { en: "Which one do you mean?", ru: "Что именно имеется в виду?", zh: "请问指的是哪一个？" },
    st_needs_clarification_text: {
      en: "The question fits more than one document or revision. Choose one:",
      ru: "Вопрос подходит к нескольким документам или редакциям. Выберите один вариант:",
      zh: "这个问题对应多个文档或版本。请选择一个：",
    },
    part_st_needs_clarification: { en: "Needs a clarifying question", ru: "Нужно уточнение", zh: "需要澄清" },
    llm_answered_text: {
      en: "Each claim below was written by the model and checked by pincite: its quote is on the cited page and its numbers are in the quote. Open a source to check it.",
      ru: "Каждое утверждение ниже написано моделью и проверено pincite: его цитата стоит на указанной странице, а его числа — в цитате. Откройте источник, чтобы проверить.",
      zh: "下面每条内容由模型撰写并经 pincite 核对：引文在所注明的页面上，数字出自引文。打开出处即可核对。",
    },
    llm_partial_text: {
      en: "Only part of the question is covered; each claim shown was checked against its cited page.",
      ru: "Ответ есть только на часть вопроса; каждое показанное утверждение сверено с указанной страницей.",
      zh: "只回答了问题的一部分；显示的每条内容都已与所注明的页面核对。",
    },
    passages_judge: {
      en: "The passages below are shown only for you to judge: do not rely on them.",
      ru: "Фрагменты ниже показаны только для вашей оценки: не полагайтесь на них.",
      zh: "下列段落仅供您自行判断，请勿依赖。",
    },
    missing_refused: { en: "not found in the library", ru: "в библиотеке не найдено", zh: "资料库中未找到" },
    missing_not_confirmed: {
      en: "not confirmed (no quote could be verified against its page)",
      ru: "не подтверждено (ни одну цитату не удалось сверить со страницей)",
      zh: "未能证实（没有引文能与其页面核对一致）",
    },
    missing_needs_clarification: {
      en: "it needs a clarifying question (below)",
      ru: "нужно уточнение (ниже)",
      zh: "需要澄清（见下文）",
    },
    missing_partial: { en: "only partly answered", ru: "ответ неполный", zh: "仅部分回答" },
    part_missing: { en: "Part {n} is not answered: {why}. ", ru: "Часть {n} без ответа: {why}. ", zh: "第 {n} 部分未回答：{why}。" },
    parts_proven: {
      en: "The parts that are answered are proven below, each with its own sources; nothing is guessed for the rest.",
      ru: "Части с ответом подтверждены ниже, каждая своими источниками; об остальном ничего не домысливается.",
      zh: "已回答的部分在下方给出证据，各有出处；其余部分不作猜测。",
    },
    part: { en: "Part {n}", ru: "Часть {n}", zh: "第 {n} 部分" },
    part_heading: { en: "Part {n}: ", ru: "Часть {n}: ", zh: "第 {n} 部分：" },
    no_document_in_scope: { en: "No document in scope.", ru: "Нет документа в области поиска.", zh: "搜索范围内没有文档。" },
    hint_check_fields: {
      en: "Check the model, modification and revision in the scope, or add that document (or set these fields on one in the Library: Edit).",
      ru: "Проверьте модель, модификацию и редакцию в области поиска или добавьте такой документ (или задайте эти поля одному из документов: Библиотека, «Изменить»).",
      zh: "请检查范围中的型号、改型和版本，或添加该文档（或在资料库中“编辑”某个文档的这些字段）。",
    },
    hint_uploads_off: {
      en: "Uploaded documents were left out (“Include uploaded documents” is off).",
      ru: "Загруженные документы не учитывались (переключатель «Учитывать загруженные документы» выключен).",
      zh: "未包含用户上传的文档（“包含用户上传的文档”已关闭）。",
    },
    include_uploaded_again: {
      en: "Include uploaded documents and ask again",
      ru: "Учесть загруженные документы и спросить снова",
      zh: "包含上传的文档并重新提问",
    },
    n_not_verified: {
      en: "{n} claim{s} not verified. ",
      ru: "Не подтверждено утверждений: {n}. ",
      zh: "{n} 条内容未经核实。",
    },
    marked_llm: {
      en: "Marked below with the reason; they are not part of the answer.",
      ru: "Они отмечены ниже с причиной и в ответ не входят.",
      zh: "已在下方标出原因，它们不属于答案。",
    },
    marked: {
      en: "Marked below; their quotes were not found on the cited page.",
      ru: "Они отмечены ниже: их цитаты не найдены на указанной странице.",
      zh: "已在下方标出：其引文不在所注明的页面上。",
    },
    passages_found: { en: "Passages found", ru: "Найденные фрагменты", zh: "找到的段落" },
    passages_found_title: {
      en: "Passages found (not verified)",
      ru: "Найденные фрагменты (не проверены)",
      zh: "找到的段落（未核实）",
    },
    passages_note: {
      en: "No claim could be verified. These are the passages the search found: open one to read its page yourself.",
      ru: "Ни одно утверждение не подтвердилось. Это фрагменты, найденные поиском: откройте любой, чтобы прочитать страницу самому.",
      zh: "没有内容能被核实。以下是检索到的段落：打开任一段落可自行阅读其页面。",
    },
    warning: { en: "Warning", ru: "Предупреждение", zh: "提示" },
    warnings: { en: "Warnings", ru: "Предупреждения", zh: "提示" },
    why_refused: { en: "Why", ru: "Почему", zh: "原因" },
    clarifying_question: { en: "Clarifying question", ru: "Уточняющий вопрос", zh: "澄清问题" },
    verified_quote: { en: "verified quote", ru: "цитата проверена", zh: "引文已核对" },
    not_verified: { en: "not verified: {reason}", ru: "не подтверждено: {reason}", zh: "未核实：{reason}" },
    no_quote_found: {
      en: "no quote was found on the cited page",
      ru: "цитата не найдена на указанной странице",
      zh: "所注明的页面上没有找到引文",
    },
    ocr_badge_title: {
      en: "The text of this page was read by OCR from its image",
      ru: "Текст этой страницы распознан (OCR) по её изображению",
      zh: "此页文字由 OCR 从图像识别",
    },
    ocr_note: { en: "Text from OCR: check the page image.", ru: "Текст распознан (OCR): сверьте с изображением страницы.", zh: "文字由 OCR 识别：请对照页面图像核对。" },
    evidence_cards: { en: "Evidence cards:", ru: "Карточки доказательств:", zh: "证据卡片：" },
    details: { en: "Details", ru: "Подробности", zh: "详情" },
    calculation: { en: "Calculation", ru: "Расчёт", zh: "计算" },
    calc_note: {
      en: "Computed by pincite's code from the values the documents state; no model did this arithmetic.",
      ru: "Вычислено кодом pincite по значениям из документов; модель в расчёте не участвовала.",
      zh: "由 pincite 的代码根据文档所列数值计算；此计算未经模型。",
    },
    formula: { en: "Formula", ru: "Формула", zh: "公式" },
    substitution: { en: "Substitution", ru: "Подстановка", zh: "代入" },
    exact_result: { en: "Exact result", ru: "Точный результат", zh: "精确结果" },
    precision: { en: "Precision", ru: "Точность", zh: "精度" },
    inputs: { en: "Inputs", ru: "Исходные значения", zh: "输入值" },

    // ---- page view (in the question's language)
    cited_page: { en: "Cited page", ru: "Цитируемая страница", zh: "引用的页面" },
    cited_unit: { en: "Cited {what}", ru: "Цитируемый фрагмент", zh: "引用的{what}" },
    page: { en: "Page", ru: "Страница", zh: "页面" },
    printed_page: { en: "Printed page ", ru: "Печатная страница ", zh: "印刷页码 " },
    pdf_page_sep: { en: " · PDF page {n}", ru: " · страница PDF {n}", zh: " · PDF 第 {n} 页" },
    same_label: {
      en: "PDF page {n} · printed with the same number",
      ru: "Страница PDF {n} · печатный номер тот же",
      zh: "PDF 第 {n} 页 · 印刷页码相同",
    },
    no_label: {
      en: "No printed page label · PDF page {n}",
      ru: "Печатного номера нет · страница PDF {n}",
      zh: "无印刷页码 · PDF 第 {n} 页",
    },
    previous: { en: "← Previous", ru: "← Назад", zh: "← 上一页" },
    next: { en: "Next →", ru: "Вперёд →", zh: "下一页 →" },
    previous_aria: { en: "Previous page", ru: "Предыдущая страница", zh: "上一页" },
    next_aria: { en: "Next page", ru: "Следующая страница", zh: "下一页" },
    open_original: { en: "Open original at this page", ru: "Открыть оригинал на этой странице", zh: "在此页打开原文件" },
    download_original: { en: "Download original", ru: "Скачать оригинал", zh: "下载原文件" },
    position_of: { en: "{one} {n} of {total}", ru: "{one} {n} из {total}", zh: "{one} {n} / {total}" },
    position: { en: "{one} {n}", ru: "{one} {n}", zh: "{one} {n}" },
    unit_pdf: { en: "PDF page", ru: "Страница PDF", zh: "PDF 页" },
    unit_sheet: { en: "Sheet", ru: "Лист", zh: "工作表" },
    unit_slide: { en: "Slide", ru: "Слайд", zh: "幻灯片" },
    unit_lines: { en: "Part", ru: "Часть", zh: "部分" },
    open_pdf: { en: "page", ru: "страница", zh: "页面" },
    open_sheet: { en: "sheet", ru: "лист", zh: "工作表" },
    open_slide: { en: "slide", ru: "слайд", zh: "幻灯片" },
    open_lines: { en: "lines", ru: "строки", zh: "行" },
    text_pdf: { en: "Extracted text of this page", ru: "Извлечённый текст этой страницы", zh: "此页提取的文本" },
    text_sheet: {
      en: "Text of this sheet (one line per row, with its header)",
      ru: "Текст этого листа (строка таблицы — строка текста, с заголовком)",
      zh: "此工作表的文本（每行一条，带表头）",
    },
    text_slide: {
      en: "Text of this slide (title, text, tables, notes)",
      ru: "Текст этого слайда (заголовок, текст, таблицы, заметки)",
      zh: "此幻灯片的文本（标题、正文、表格、备注）",
    },
    text_lines: { en: "Text of these lines", ru: "Текст этих строк", zh: "这些行的文本" },
    loading_page: { en: "Loading page…", ru: "Загрузка страницы…", zh: "正在加载页面…" },
    page_load_failed: { en: "The page image could not be loaded.", ru: "Не удалось загрузить изображение страницы.", zh: "无法加载页面图像。" },
    no_page_text: { en: "This page has no extracted text.", ru: "У этой страницы нет извлечённого текста.", zh: "此页没有提取到文本。" },
    quote_not_marked: {
      en: "The quote is not marked in this page's text (it may continue on another page).",
      ru: "Цитата не отмечена в тексте этой страницы (она может продолжаться на другой).",
      zh: "引文未在此页文本中标出（可能延续到另一页）。",
    },
    quote_not_on_image: {
      en: "The quote could not be located on the page image.",
      ru: "Цитату не удалось найти на изображении страницы.",
      zh: "无法在页面图像上定位引文。",
    },
    quote_not_on_page: { en: "The cited quote is not on this page.", ru: "Цитируемого текста на этой странице нет.", zh: "引文不在此页上。" },
    quote_not_marked_unit: { en: "The quote is not marked in this text.", ru: "Цитата не отмечена в этом тексте.", zh: "引文未在此文本中标出。" },
    cited: { en: "Cited", ru: "Цитируется", zh: "引用" },
    cited_range_within: { en: "Cited range, within ", ru: "Цитируемый диапазон, в ", zh: "引用范围，位于 " },
    image_shown: { en: "Page image shown {ms} ms after the click.", ru: "Изображение страницы показано через {ms} мс после щелчка.", zh: "点击后 {ms} 毫秒显示页面图像。" },
    text_shown: { en: "Text shown {ms} ms after the click.", ru: "Текст показан через {ms} мс после щелчка.", zh: "点击后 {ms} 毫秒显示文本。" },
    original_failed: { en: "The original could not be opened: {error}", ru: "Не удалось открыть оригинал: {error}", zh: "无法打开原文件：{error}" },
    ocr_page_badge: { en: "OCR · text read by OCR", ru: "OCR · текст распознан", zh: "OCR · 文字由 OCR 识别" },
    ocr_page_title: {
      en: "The text of this page was read by OCR (tesseract) from its image: check it against the image",
      ru: "Текст этой страницы распознан (tesseract) по её изображению: сверьте его с изображением",
      zh: "此页文字由 OCR（tesseract）从图像识别：请对照图像核对",
    },

    // ---- library (interface language)
    add_documents_html: {
      en: "<strong>Add documents</strong>: drop files here or <span class=\"linkish\">choose files</span>",
      ru: "<strong>Добавить документы</strong>: перетащите файлы сюда или <span class=\"linkish\">выберите файлы</span>",
      zh: "<strong>添加文档</strong>：将文件拖到此处，或<span class=\"linkish\">选择文件</span>",
    },
    upload_fields: { en: "Fields of the next upload", ru: "Поля следующей загрузки", zh: "下次上传的字段" },
    upload_fields_hint: { en: "(optional; editable later)", ru: "(необязательно; можно изменить потом)", zh: "（可选；之后可编辑）" },
    trust: { en: "Trust", ru: "Доверие", zh: "可信度" },
    uploads: { en: "Uploads", ru: "Загрузки", zh: "上传" },
    documents: { en: "Documents", ru: "Документы", zh: "文档" },
    col_title: { en: "Title", ru: "Название", zh: "标题" },
    col_file: { en: "File", ru: "Файл", zh: "文件" },
    col_revision_status: { en: "Revision status", ru: "Статус редакции", zh: "版本状态" },
    col_pages: { en: "Pages", ru: "Страниц", zh: "页数" },
    col_state: { en: "State", ru: "Состояние", zh: "状态" },
    col_actions: { en: "Actions", ru: "Действия", zh: "操作" },
    no_documents: { en: "No documents yet. Add documents above.", ru: "Документов пока нет. Добавьте их выше.", zh: "尚无文档。请在上方添加。" },
    failures: { en: "Files that could not be added", ru: "Файлы, которые не удалось добавить", zh: "无法添加的文件" },
    edit: { en: "Edit", ru: "Изменить", zh: "编辑" },
    remove: { en: "Remove", ru: "Удалить", zh: "删除" },
    save: { en: "Save", ru: "Сохранить", zh: "保存" },
    cancel: { en: "Cancel", ru: "Отмена", zh: "取消" },
    remove_title: { en: "Remove document?", ru: "Удалить документ?", zh: "删除文档？" },

    // ---- LLM settings (interface language)
    llm_title: { en: "LLM answers", ru: "Ответы LLM", zh: "LLM 回答" },
    server_url: { en: "Server URL", ru: "Адрес сервера", zh: "服务器地址" },
    answer_model: { en: "Answer model", ru: "Модель ответа", zh: "回答模型" },
    query_model: { en: "Query model", ru: "Модель запросов", zh: "查询模型" },
    optional: { en: "(optional)", ru: "(необязательно)", zh: "（可选）" },
    api_key: { en: "API key", ru: "Ключ API", zh: "API 密钥" },
    clear_key: { en: "Clear key", ru: "Удалить ключ", zh: "清除密钥" },
    check_connection: { en: "Check connection", ru: "Проверить соединение", zh: "检查连接" },
    last_check: { en: "Last connection check", ru: "Последняя проверка соединения", zh: "上次连接检查" },
  };

  /** The first of `wanted` (BCP 47 tags such as "ru-RU", "zh-Hans-CN") that the UI speaks. */
  function pick(wanted) {
    for (const tag of wanted || []) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (LANGS.includes(base)) return base;
    }
    return "en";
  }

  /** The interface language: the switch's saved choice, else the browser's languages. */
  function uiLang() {
    let saved = null;
    try { saved = localStorage.getItem(STORE_KEY); } catch (_) { /* storage off */ }
    if (LANGS.includes(saved)) return saved;
    return pick(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  }

  function saveUiLang(lang) {
    try { localStorage.setItem(STORE_KEY, lang); } catch (_) { /* storage off: this page only */ }
  }

  /** The text `key` in `lang` (English when missing), {name}s filled from `vars`. */
  function t(lang, key, vars = {}) {
    const entry = S[key];
    if (!entry) return key;
    const text = entry[lang] ?? entry.en;
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  }

  /** Fill the marked elements under `root` in `lang`: data-i18n (text), data-i18n-html
   * (fixed markup from this file), data-i18n-placeholder, data-i18n-aria (aria-label),
   * data-i18n-title (title). */
  function apply(root, lang) {
    for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(lang, node.dataset.i18n);
    for (const node of root.querySelectorAll("[data-i18n-html]")) node.innerHTML = t(lang, node.dataset.i18nHtml);
    for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(lang, node.dataset.i18nPlaceholder);
    for (const node of root.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(lang, node.dataset.i18nAria));
    for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(lang, node.dataset.i18nTitle);
  }

  window.pinciteI18n = { LANGS, NAMES, STRINGS: S, pick, uiLang, saveUiLang, t, apply };
})();
