// pincite web UI: every fixed word of the interface in English, Russian and Chinese.
//
// Longer than the ~600 lines other modules keep to: it is one table (every text in three
// languages side by side), read whole by whoever translates, with a few helpers at its end.
//
// The one place for these texts (js/*.js and index.html only name keys). Two languages are in
// play at once: the interface's (from the browser's languages, or the switch in the top bar,
// kept in localStorage) labels the forms, tabs and library; the question's (the Answer's
// `language`) labels everything about one answer: its banners, claims, clarification, refusal
// reasons and the page view of its sources, so a Russian question reads Russian around its
// Russian answer whatever the interface says. Texts with {name} take values; no text here
// holds HTML, and none is ever set as HTML. A text that runs around markup (a <code> inside
// a sentence) names that markup as a {slot}: the element keeps its own child with
// data-slot="slot" (which may carry its own data-i18n) and only the words around it change,
// as text nodes (data-i18n-slots).
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
    st_needs_clarification_row_text: {
      en: "The question fits more than one row of a table. Choose one:",
      ru: "Вопрос подходит к нескольким строкам таблицы. Выберите одну:",
      zh: "这个问题对应表格中的多行。请选择一行：",
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
    row_columns: { en: "columns: {columns}", ru: "столбцы: {columns}", zh: "列：{columns}" },
    not_verified: { en: "not verified: {reason}", ru: "не подтверждено: {reason}", zh: "未核实：{reason}" },
    // why a quote did not verify: the Answer's fixed English reasons (render.js quoteReason)
    reason_empty: { en: "empty", ru: "пустая цитата", zh: "引文为空" },
    reason_too_short: { en: "too short", ru: "слишком короткая цитата", zh: "引文太短" },
    reason_not_in_source: { en: "not in source", ru: "нет в тексте источника", zh: "不在原文中" },
    reason_cut: { en: "cuts a word or number", ru: "обрывает слово или число", zh: "截断了词语或数字" },
    reason_unavailable: { en: "source text unavailable", ru: "текст источника недоступен", zh: "无法读取原文" },
    reason_claim_is_question: {
      en: "the claim is a question, not a statement of the answer",
      ru: "утверждение задано вопросом, а не сообщает ответ",
      zh: "该陈述是一个问题，而不是对答案的陈述",
    },
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
    // the Pages column of a document counted in other units (a label form: no plural agreement)
    count_sheet: { en: "sheets: {n}", ru: "листов: {n}", zh: "工作表：{n}" },
    count_slide: { en: "slides: {n}", ru: "слайдов: {n}", zh: "幻灯片：{n}" },
    count_lines: { en: "parts: {n}", ru: "частей: {n}", zh: "部分：{n}" },
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
    add_documents: {
      en: "{add}: drop files here or {choose}",
      ru: "{add}: перетащите файлы сюда или {choose}",
      zh: "{add}：将文件拖到此处，或{choose}",
    },
    add_documents_title: { en: "Add documents", ru: "Добавить документы", zh: "添加文档" },
    choose_files: { en: "choose files", ru: "выберите файлы", zh: "选择文件" },
    upload_fields: { en: "Fields of the next upload", ru: "Поля следующей загрузки", zh: "下次上传的字段" },
    upload_fields_hint: { en: "(optional; editable later)", ru: "(необязательно; можно изменить потом)", zh: "（可选；之后可编辑）" },
    trust: { en: "Trust", ru: "Доверие", zh: "可信度" },
    uploads: { en: "Uploads", ru: "Загрузки", zh: "上传" },
    documents: { en: "Documents", ru: "Документы", zh: "文档" },
    col_title: { en: "Title", ru: "Название", zh: "标题" },
    col_file: { en: "File", ru: "Файл", zh: "文件" },
    col_revision_status: { en: "Revision status", ru: "Статус редакции", zh: "版本状态" },
    rev_in_force: { en: "in force", ru: "действует", zh: "现行有效" },
    rev_superseded: { en: "superseded", ru: "заменена", zh: "已被取代" },
    rev_repealed: { en: "repealed", ru: "отменена", zh: "已废止" },
    rev_not_yet_in_force: { en: "not yet in force", ru: "ещё не действует", zh: "尚未生效" },
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
    llm_help: {
      en: "Optional. In LLM mode an OpenAI-compatible server (DeepSeek, OpenAI, a local Ollama, vLLM or llama.cpp) writes the answer from the passages pincite found, and pincite checks every claim against its page before showing it. Extractive mode needs none of this.",
      ru: "Необязательно. В режиме LLM ответ по найденным pincite фрагментам пишет OpenAI-совместимый сервер (DeepSeek, OpenAI, локальные Ollama, vLLM или llama.cpp), а pincite сверяет каждое утверждение со страницей, прежде чем показать его. Режиму цитат всё это не нужно.",
      zh: "可选。在 LLM 模式下，由兼容 OpenAI 的服务器（DeepSeek、OpenAI，或本地的 Ollama、vLLM、llama.cpp）根据 pincite 找到的段落撰写答案，pincite 在显示前逐条与页面核对。摘录模式无需这些设置。",
    },
    privacy_title: { en: "What leaves this machine.", ru: "Что уходит с этого компьютера.", zh: "哪些数据会离开本机。" },
    privacy_text: {
      en: "With LLM mode, your question and the passages found in your library are sent to the server at this URL. The API key is kept in the pincite server's memory for this browser session only: it is never written to disk, never shown back here, and it is lost when pincite restarts (the library stays).",
      ru: "В режиме LLM ваш вопрос и найденные в библиотеке фрагменты отправляются на сервер по этому адресу. Ключ API хранится в памяти сервера pincite только для этого сеанса браузера: он не записывается на диск, не показывается здесь снова и теряется при перезапуске pincite (библиотека остаётся).",
      zh: "在 LLM 模式下，您的问题和在资料库中找到的段落会发送到此地址的服务器。API 密钥仅为本浏览器会话保存在 pincite 服务器的内存中：不会写入磁盘，不会在此回显，pincite 重启后即丢失（资料库保留）。",
    },
    llm_url_placeholder: {
      en: "https://api.deepseek.com/v1 or http://127.0.0.1:11434/v1",
      ru: "https://api.deepseek.com/v1 или http://127.0.0.1:11434/v1",
      zh: "https://api.deepseek.com/v1 或 http://127.0.0.1:11434/v1",
    },
    llm_url_help: {
      en: "The base URL, ending in {v1}. https for remote servers; plain http only for localhost.",
      ru: "Базовый адрес, оканчивается на {v1}. Для удалённых серверов — https; простой http — только для localhost.",
      zh: "基础地址，以 {v1} 结尾。远程服务器用 https；普通 http 仅限 localhost。",
    },
    llm_model_placeholder: {
      en: "e.g. deepseek-chat or qwen2.5:7b-instruct",
      ru: "например, deepseek-chat или qwen2.5:7b-instruct",
      zh: "例如 deepseek-chat 或 qwen2.5:7b-instruct",
    },
    llm_query_placeholder: { en: "same as the answer model", ru: "та же, что модель ответа", zh: "与回答模型相同" },
    llm_query_help: {
      en: "Used for sub-questions; empty means the answer model.",
      ru: "Для подвопросов; если пусто — модель ответа.",
      zh: "用于子问题；留空则使用回答模型。",
    },
    llm_key_help: {
      en: "Leave empty to keep the key already set. Local servers usually need none.",
      ru: "Оставьте пустым, чтобы сохранить уже заданный ключ. Локальным серверам ключ обычно не нужен.",
      zh: "留空则保留已设置的密钥。本地服务器通常不需要密钥。",
    },
    llm_error_prefix: { en: "LLM settings: ", ru: "Настройки LLM: ", zh: "LLM 设置：" },
    llm_saving: { en: "Saving…", ru: "Сохранение…", zh: "正在保存…" },
    llm_checking: {
      en: "Checking the connection… (up to about a minute)",
      ru: "Проверка соединения… (до минуты)",
      zh: "正在检查连接…（最多约一分钟）",
    },
    llm_state_changed: {
      en: "Not checked: the settings were changed. Save, then check the connection.",
      ru: "Не проверено: настройки изменены. Сохраните их и проверьте соединение.",
      zh: "未检查：设置已更改。请保存，然后检查连接。",
    },
    llm_state_unconfigured: {
      en: "Not set up: enter the server URL and the answer model, save, then check the connection.",
      ru: "Не настроено: введите адрес сервера и модель ответа, сохраните и проверьте соединение.",
      zh: "尚未设置：请输入服务器地址和回答模型，保存后检查连接。",
    },
    llm_state_checked: { en: "✓ Checked: the connection works. LLM mode is ready.", ru: "✓ Проверено: соединение работает. Режим LLM готов.", zh: "✓ 已检查：连接正常。LLM 模式已就绪。" },
    llm_state_checked_format: {
      en: "✓ Checked: the connection works (response format {format}). LLM mode is ready.",
      ru: "✓ Проверено: соединение работает (формат ответа {format}). Режим LLM готов.",
      zh: "✓ 已检查：连接正常（响应格式 {format}）。LLM 模式已就绪。",
    },
    llm_state_unchecked: {
      en: "Not checked: run “Check connection” before asking in LLM mode.",
      ru: "Не проверено: нажмите «Проверить соединение», прежде чем спрашивать в режиме LLM.",
      zh: "未检查：在 LLM 模式下提问前，请先“检查连接”。",
    },
    llm_state_server: {
      en: " These are the server's own settings (llm.json or its environment).",
      ru: " Это собственные настройки сервера (llm.json или его окружение).",
      zh: " 这是服务器自身的设置（llm.json 或其环境变量）。",
    },
    llm_key_server: {
      en: "The server's configured key is used (it is not shown).",
      ru: "Используется ключ, заданный на сервере (он не показывается).",
      zh: "使用服务器配置的密钥（不显示）。",
    },
    llm_key_session: {
      en: "A key is set for this session (it is not shown).",
      ru: "Для этого сеанса задан ключ (он не показывается).",
      zh: "已为本会话设置密钥（不显示）。",
    },
    llm_key_none: { en: "No key is set.", ru: "Ключ не задан.", zh: "未设置密钥。" },
    llm_tab_unchecked: { en: "(not checked)", ru: "(не проверено)", zh: "（未检查）" },
    llm_note_loading: { en: "LLM: reading the settings…", ru: "LLM: чтение настроек…", zh: "LLM：正在读取设置…" },
    llm_note_unconfigured: { en: "LLM is not set up yet.", ru: "LLM пока не настроена.", zh: "LLM 尚未设置。" },
    llm_note_checked: {
      en: "LLM: {model} at {host}, connection checked ✓",
      ru: "LLM: {model} на {host}, соединение проверено ✓",
      zh: "LLM：{host} 上的 {model}，连接已检查 ✓",
    },
    llm_note_unchecked: { en: "LLM: connection not checked.", ru: "LLM: соединение не проверено.", zh: "LLM：连接未检查。" },
    llm_note_changed: {
      en: "LLM: settings changed, connection not checked.",
      ru: "LLM: настройки изменены, соединение не проверено.",
      zh: "LLM：设置已更改，连接未检查。",
    },
    llm_mode_help: {
      en: "In LLM mode your question and the passages found in the library are sent to that server; pincite checks every claim before showing it.",
      ru: "В режиме LLM ваш вопрос и найденные в библиотеке фрагменты отправляются на этот сервер; pincite проверяет каждое утверждение, прежде чем показать его.",
      zh: "在 LLM 模式下，您的问题和在资料库中找到的段落会发送到该服务器；pincite 在显示前逐条核对。",
    },
    llm_need_both: { en: "enter the server URL and the answer model.", ru: "введите адрес сервера и модель ответа.", zh: "请输入服务器地址和回答模型。" },
    llm_need_url: { en: "enter the server URL (it ends in /v1).", ru: "введите адрес сервера (он оканчивается на /v1).", zh: "请输入服务器地址（以 /v1 结尾）。" },
    llm_need_model: { en: "enter the answer model.", ru: "введите модель ответа.", zh: "请输入回答模型。" },
    llm_need_both_clear: {
      en: "enter the server URL and the answer model to save the settings without a key.",
      ru: "введите адрес сервера и модель ответа, чтобы сохранить настройки без ключа.",
      zh: "请输入服务器地址和回答模型，以便在不带密钥的情况下保存设置。",
    },
    cannot_be_read: { en: "cannot be read: {error}", ru: "не удалось прочитать: {error}", zh: "无法读取：{error}" },
    check_could_not_run: { en: "the check could not run: {error}", ru: "проверку не удалось выполнить: {error}", zh: "无法执行检查：{error}" },
    check_passed: { en: "✓ Passed. Response format: {format}.", ru: "✓ Пройдено. Формат ответа: {format}.", zh: "✓ 通过。响应格式：{format}。" },
    check_failed: { en: "✗ Failed.", ru: "✗ Не пройдено.", zh: "✗ 未通过。" },
    check_failed_format: {
      en: "✗ Failed (response format found: {format}).",
      ru: "✗ Не пройдено (найден формат ответа: {format}).",
      zh: "✗ 未通过（检测到的响应格式：{format}）。",
    },
    check_models: { en: " Models that answered: {models}.", ru: " Ответившие модели: {models}.", zh: " 有响应的模型：{models}。" },

    // ---- ask form: scope, notices, errors (interface language)
    tabs_aria: { en: "Views", ru: "Разделы", zh: "视图" },
    scope_model_placeholder: { en: "e.g. PX-200", ru: "напр. PX-200", zh: "例如 PX-200" },
    scope_modification_placeholder: { en: "e.g. B", ru: "напр. B", zh: "例如 B" },
    scope_modifications_placeholder: { en: "e.g. A, B", ru: "напр. A, B", zh: "例如 A, B" },
    scope_revision_placeholder: { en: "e.g. 3.0", ru: "напр. 3.0", zh: "例如 3.0" },
    scope_help: {
      en: "A document without the field asked for does not answer; if none fits, pincite says which document is missing. “Include uploaded documents” is on by default in this web app, so files you upload here answer at once, each citation marked “uploaded, not normative”; turn it off to answer from normative and reference documents only (the command line, {cmd}, leaves uploads out unless {flag}).",
      ru: "Документ без указанного поля не отвечает; если не подходит ни один, pincite скажет, какого документа не хватает. В веб-приложении «Учитывать загруженные документы» включено по умолчанию, поэтому загруженные здесь файлы отвечают сразу, а каждая ссылка на них помечена «загружен пользователем, не нормативный»; выключите, чтобы отвечали только нормативные и справочные документы (командная строка, {cmd}, не учитывает загрузки без {flag}).",
      zh: "缺少所问字段的文档不参与回答；若没有合适的文档，pincite 会说明缺少哪个文档。此网页应用默认开启“包含用户上传的文档”，因此在此上传的文件可立即参与回答，每条引用都标注“用户上传，非规范性”；关闭后只由规范性文档和参考文档回答（命令行 {cmd} 默认不含上传文档，除非加 {flag}）。",
    },
    notice_mode_changed: { en: "The answer mode changed: ask again.", ru: "Режим ответа изменён: спросите снова.", zh: "回答方式已更改：请重新提问。" },
    notice_docs_changed: { en: "The documents to search changed: ask again.", ru: "Документы для поиска изменены: спросите снова.", zh: "搜索的文档已更改：请重新提问。" },
    notice_scope_changed: { en: "The scope changed: ask again.", ru: "Область поиска изменена: спросите снова.", zh: "范围已更改：请重新提问。" },
    notice_library_changed: {
      en: "The library changed: the previous answer was cleared. Ask again.",
      ru: "Библиотека изменилась: прежний ответ убран. Спросите снова.",
      zh: "资料库已变化：之前的答案已清除。请重新提问。",
    },
    notice_library_changing: {
      en: "The library is changing: the previous answer was cleared.",
      ru: "Библиотека меняется: прежний ответ убран.",
      zh: "资料库正在变化：之前的答案已清除。",
    },
    notice_doc_removed: {
      en: "A document was removed: the previous answer was cleared.",
      ru: "Документ удалён: прежний ответ убран.",
      zh: "已删除一个文档：之前的答案已清除。",
    },
    notice_fields_changed: {
      en: "The fields of a document changed: the previous answer was cleared. Ask again.",
      ru: "Поля документа изменены: прежний ответ убран. Спросите снова.",
      zh: "文档的字段已更改：之前的答案已清除。请重新提问。",
    },
    notice_llm_changed: {
      en: "The LLM settings changed: the previous answer was cleared. Ask again.",
      ru: "Настройки LLM изменены: прежний ответ убран. Спросите снова.",
      zh: "LLM 设置已更改：之前的答案已清除。请重新提问。",
    },
    err_unreachable: {
      en: "The pincite server cannot be reached. Is `pincite serve` still running?",
      ru: "Сервер pincite недоступен. Запущен ли ещё `pincite serve`?",
      zh: "无法连接 pincite 服务器。`pincite serve` 是否仍在运行？",
    },
    err_token: {
      en: "This server needs its access token (PINCITE_TOKEN): open the app as …/#token=YOUR_TOKEN (the token stays in this browser tab).",
      ru: "Этому серверу нужен токен доступа (PINCITE_TOKEN): откройте приложение как …/#token=ВАШ_ТОКЕН (токен остаётся в этой вкладке браузера).",
      zh: "此服务器需要访问令牌（PINCITE_TOKEN）：请以 …/#token=您的令牌 打开应用（令牌只保存在此浏览器标签页中）。",
    },
    err_llm_unsaved: {
      en: "the LLM settings were changed and not saved: save them and check the connection first.",
      ru: "настройки LLM изменены, но не сохранены: сначала сохраните их и проверьте соединение.",
      zh: "LLM 设置已更改但未保存：请先保存并检查连接。",
    },
    err_lead: { en: "The question could not be answered: ", ru: "Ответить на вопрос не удалось: ", zh: "无法回答该问题：" },
    err_lead_model: { en: "The model server failed: ", ru: "Сбой сервера модели: ", zh: "模型服务器出错：" },
    err_lead_llm: { en: "LLM mode is not ready: ", ru: "Режим LLM не готов: ", zh: "LLM 模式尚未就绪：" },
    open_llm_check: {
      en: "Open LLM settings to check the connection",
      ru: "Открыть настройки LLM и проверить соединение",
      zh: "打开 LLM 设置以检查连接",
    },
    unit_sec: { en: "{n} s", ru: "{n} с", zh: "{n} 秒" },
    unit_ms: { en: "{n} ms", ru: "{n} мс", zh: "{n} 毫秒" },

    // ---- answer extras: usage, sources, calculation, details (question's language)
    usage_model: { en: "Model {model}", ru: "Модель {model}", zh: "模型 {model}" },
    usage_prompt: { en: "{n} prompt", ru: "{n} на запрос", zh: "提示 {n}" },
    usage_completion: { en: "{n} completion", ru: "{n} на ответ", zh: "生成 {n}" },
    usage_tokens: { en: "{n} tokens", ru: "токенов: {n}", zh: "{n} 个词元" },
    usage_no_tokens: { en: "tokens not reported by the server", ru: "сервер не сообщил число токенов", zh: "服务器未报告词元数" },
    usage_model_time: { en: "model time {time}", ru: "время модели {time}", zh: "模型用时 {time}" },
    source_title: { en: "{title} — open the {what}", ru: "{title} — открыть ({what})", zh: "{title} — 打开{what}" },
    source_title_plain: { en: "Open the {what}", ru: "Открыть ({what})", zh: "打开{what}" },
    source_title_ocr: { en: " (text read by OCR)", ru: " (текст распознан OCR)", zh: "（文字由 OCR 识别）" },
    quote_not_found_here: { en: "the quote was not found on this page", ru: "цитата не найдена на этой странице", zh: "此页上没有找到引文" },
    calc_not_done: { en: "calculation not done: {reason}", ru: "расчёт не выполнен: {reason}", zh: "未进行计算：{reason}" },
    no_reason_given: { en: "no reason given", ru: "причина не указана", zh: "未说明原因" },
    not_bound: { en: "not bound", ru: "не найдено", zh: "未取得" },
    document_writes: { en: " (the document writes “{text}”)", ru: " (в документе: «{text}»)", zh: "（文档写作“{text}”）" },
    value_not_verified: { en: "its value is not in a verified quote", ru: "значения нет в проверенной цитате", zh: "其数值不在经核对的引文中" },
    meta_status: { en: "Status", ru: "Статус", zh: "状态" },
    meta_language: { en: "Language", ru: "Язык", zh: "语言" },
    meta_scope: { en: "Scope", ru: "Область поиска", zh: "范围" },
    meta_relevance: { en: "Relevance", ru: "Релевантность", zh: "相关性" },
    meta_server_time: { en: "Server time", ru: "Время на сервере", zh: "服务器用时" },
    meta_answer_mode: { en: "Answer mode", ru: "Режим ответа", zh: "回答方式" },
    meta_model: { en: "Model", ru: "Модель", zh: "模型" },
    meta_tokens: { en: "Tokens", ru: "Токены", zh: "词元" },
    meta_llm_mode: {
      en: "LLM (claims written by the model, checked by pincite)",
      ru: "LLM (утверждения пишет модель, проверяет pincite)",
      zh: "LLM（内容由模型撰写，经 pincite 核对）",
    },
    meta_field: { en: "{name} {value}", ru: "{name} {value}", zh: "{name} {value}" },
    meta_n_documents: { en: "{n} document{s}", ru: "документов: {n}", zh: "{n} 个文档" },
    meta_trust: { en: "trust {value}", ru: "доверие: {value}", zh: "可信度 {value}" },
    meta_mode: { en: "mode {value}", ru: "режим: {value}", zh: "模式 {value}" },
    meta_decided_by: { en: "{bits} (decided by {why})", ru: "{bits} (основание: {why})", zh: "{bits}（依据：{why}）" },
    meta_relevance_value: {
      en: "coverage {coverage}, chance it answers {score} (bar {bar})",
      ru: "покрытие {coverage}, вероятность ответа {score} (порог {bar})",
      zh: "覆盖率 {coverage}，可回答概率 {score}（门槛 {bar}）",
    },
    meta_meaning: { en: ", meaning {value}", ru: ", смысловая близость {value}", zh: "，语义相似度 {value}" },
    scope_mode_all: { en: "all", ru: "все", zh: "全部" },
    scope_mode_current: { en: "current", ru: "действующие", zh: "现行" },
    "scope_mode_as-shipped": { en: "as-shipped", ru: "на момент поставки", zh: "出厂时" },
    decided_default: { en: "default", ru: "по умолчанию", zh: "默认" },
    "decided_explicit option": { en: "explicit option", ru: "явно заданный параметр", zh: "明确指定的选项" },
    timing_retrieve: { en: "retrieve", ru: "поиск", zh: "检索" },
    timing_answer: { en: "answer", ru: "ответ", zh: "作答" },
    timing_llm: { en: "llm", ru: "модель", zh: "模型" },
    tokens_prompt: { en: "prompt", ru: "запрос", zh: "提示" },
    tokens_completion: { en: "completion", ru: "ответ", zh: "生成" },
    tokens_total: { en: "total", ru: "всего", zh: "合计" },

    // ---- page view extras (question's language)
    heading_slide: { en: "Slide {n}", ru: "Слайд {n}", zh: "第 {n} 张幻灯片" },
    heading_line: { en: "Line {n}", ru: "Строка {n}", zh: "第 {n} 行" },
    heading_lines: { en: "Lines {a}–{b}", ru: "Строки {a}–{b}", zh: "第 {a}–{b} 行" },
    previous_aria_sheet: { en: "Previous sheet", ru: "Предыдущий лист", zh: "上一个工作表" },
    next_aria_sheet: { en: "Next sheet", ru: "Следующий лист", zh: "下一个工作表" },
    previous_aria_slide: { en: "Previous slide", ru: "Предыдущий слайд", zh: "上一张幻灯片" },
    next_aria_slide: { en: "Next slide", ru: "Следующий слайд", zh: "下一张幻灯片" },
    previous_aria_lines: { en: "Previous part", ru: "Предыдущая часть", zh: "上一部分" },
    next_aria_lines: { en: "Next part", ru: "Следующая часть", zh: "下一部分" },
    nav_unit_sheet: { en: "sheet", ru: "лист", zh: "工作表" },
    nav_unit_slide: { en: "slide", ru: "слайд", zh: "幻灯片" },
    nav_unit_lines: { en: "part", ru: "часть", zh: "部分" },
    open_original_aria: {
      en: "Open the original {file} at PDF page {n} (new tab)",
      ru: "Открыть оригинал {file} на странице PDF {n} (новая вкладка)",
      zh: "在新标签页中打开原文件 {file} 的 PDF 第 {n} 页",
    },
    download_original_aria: { en: "Download the original {file}", ru: "Скачать оригинал {file}", zh: "下载原文件 {file}" },
    page_img_alt: { en: "PDF page {n} of {file}", ru: "Страница PDF {n} файла {file}", zh: "{file} 的 PDF 第 {n} 页" },
    page_text_failed: { en: "The page text could not be loaded: {error}", ru: "Не удалось загрузить текст страницы: {error}", zh: "无法加载页面文本：{error}" },
    highlight_failed: { en: "The highlight could not be loaded: {error}", ru: "Не удалось загрузить выделение: {error}", zh: "无法加载高亮：{error}" },
    unit_text_failed: { en: "The text could not be loaded: {error}", ru: "Не удалось загрузить текст: {error}", zh: "无法加载文本：{error}" },
    quote_not_in_unit: { en: "The cited quote is not in this {unit}.", ru: "Цитируемого текста здесь нет ({unit}).", zh: "引文不在此{unit}中。" },

    // ---- library extras (interface language)
    library_help: {
      en: "PDF, Word (.docx), PowerPoint (.pptx), Excel (.xlsx), text and Markdown (.txt, .md). Each file is checked (type from its bytes, size, pages, encryption, text layer; scanned pages are read by OCR) and indexed in the background.",
      ru: "PDF, Word (.docx), PowerPoint (.pptx), Excel (.xlsx), текст и Markdown (.txt, .md). Каждый файл проверяется (тип по содержимому, размер, число страниц, шифрование, текстовый слой; сканы распознаются OCR) и индексируется в фоне.",
      zh: "PDF、Word (.docx)、PowerPoint (.pptx)、Excel (.xlsx)、文本和 Markdown (.txt, .md)。每个文件都会经过检查（按内容判断类型、大小、页数、加密、文本层；扫描页由 OCR 识别），并在后台建立索引。",
    },
    upload_trust_help: {
      en: "Uploaded documents answer only when “Include uploaded documents” is on.",
      ru: "Загруженные документы отвечают, только когда включено «Учитывать загруженные документы».",
      zh: "只有开启“包含用户上传的文档”时，上传的文档才参与回答。",
    },
    trust_normative: { en: "normative", ru: "нормативный", zh: "规范性" },
    trust_reference: { en: "reference", ru: "справочный", zh: "参考" },
    trust_uploaded: { en: "uploaded", ru: "загружен пользователем", zh: "用户上传" },
    trust_uploaded_badge: { en: "uploaded (not normative)", ru: "загружен (не нормативный)", zh: "用户上传（非规范性）" },
    library_error_prefix: { en: "Library: ", ru: "Библиотека: ", zh: "资料库：" },
    upload_failed: { en: "the upload failed: {error}", ru: "загрузка не удалась: {error}", zh: "上传失败：{error}" },
    remove_failed: { en: "could not remove {file}: {error}", ru: "не удалось удалить {file}: {error}", zh: "无法删除 {file}：{error}" },
    library_problems: { en: "Library problems", ru: "Проблемы библиотеки", zh: "资料库问题" },
    doc_valid: { en: "valid {from} – {to}", ru: "действует {from} – {to}", zh: "有效期 {from} – {to}" },
    doc_language: { en: "language {lang}", ru: "язык {lang}", zh: "语言 {lang}" },
    doc_source: { en: "source", ru: "источник", zh: "来源" },
    state_ready: { en: "ready", ru: "готов", zh: "就绪" },
    state_pending: { en: "indexing…", ru: "индексация…", zh: "正在索引…" },
    edit_aria: { en: "Edit the fields of {file}", ru: "Изменить поля {file}", zh: "编辑 {file} 的字段" },
    remove_aria: { en: "Remove {file}", ru: "Удалить {file}", zh: "删除 {file}" },
    field_language: { en: "Language", ru: "Язык", zh: "语言" },
    field_valid_from: { en: "Valid from", ru: "Действует с", zh: "生效日期" },
    field_valid_to: { en: "Valid to", ru: "Действует по", zh: "失效日期" },
    field_source_url: { en: "Source URL", ru: "URL источника", zh: "来源 URL" },
    date_placeholder: { en: "YYYY-MM-DD", ru: "ГГГГ-ММ-ДД", zh: "例如 2025-01-31" },
    edit_form_aria: { en: "Fields of {file}", ru: "Поля {file}", zh: "{file} 的字段" },
    edit_help: {
      en: "Saved at once, without reading the file again; an empty field clears it. Uploaded documents answer only when “Include uploaded documents” is on.",
      ru: "Сохраняется сразу, без повторного чтения файла; пустое поле очищает значение. Загруженные документы отвечают, только когда включено «Учитывать загруженные документы».",
      zh: "立即保存，无需重新读取文件；留空即清除该字段。只有开启“包含用户上传的文档”时，上传的文档才参与回答。",
    },
    not_saved: { en: "Not saved: {error}", ru: "Не сохранено: {error}", zh: "未保存：{error}" },
    upload_waiting: { en: "waiting", ru: "в очереди", zh: "等待中" },
    upload_indexing: { en: "indexing… {pct}%", ru: "индексация… {pct}%", zh: "正在索引… {pct}%" },
    upload_added: { en: "ready: added", ru: "готово: добавлен", zh: "完成：已添加" },
    upload_replaced: { en: "ready: replaced the earlier version", ru: "готово: заменил прежнюю версию", zh: "完成：已替换旧版本" },
    upload_skipped: { en: "ready: already in the library", ru: "готово: уже в библиотеке", zh: "完成：已在资料库中" },
    upload_ready: { en: "ready", ru: "готово", zh: "完成" },
    upload_failed_badge: { en: "failed", ru: "ошибка", zh: "失败" },
    upload_no_reason: { en: "failed (no reason given)", ru: "ошибка (причина не указана)", zh: "失败（未说明原因）" },
    upload_progress_aria: { en: "Progress of {file}", ru: "Ход загрузки {file}", zh: "{file} 的进度" },
    confirm_remove: {
      en: "Remove “{title}” ({file}) from the library? Its pages stop answering questions; the file on your disk is not touched.",
      ru: "Удалить «{title}» ({file}) из библиотеки? Его страницы перестанут отвечать на вопросы; файл на вашем диске не затрагивается.",
      zh: "从资料库中删除“{title}”（{file}）？其页面将不再参与回答；您磁盘上的文件不受影响。",
    },
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

  /** Set `node`'s content to the text `key` in `lang`, each {slot} of it replaced by the
   * node's own child element with data-slot="slot" (kept from the page, e.g. a <code>); the
   * words around the slots become text nodes, so no text is parsed as HTML. */
  function fillSlots(node, lang, key) {
    if (!node.pinciteSlots) {
      node.pinciteSlots = new Map([...node.querySelectorAll("[data-slot]")].map((child) => [child.dataset.slot, child]));
    }
    const pieces = t(lang, key).split(/\{(\w+)\}/);
    node.replaceChildren(...pieces.map((piece, i) => (i % 2 && node.pinciteSlots.has(piece)
      ? node.pinciteSlots.get(piece) : document.createTextNode(i % 2 ? `{${piece}}` : piece))));
  }

  /** Fill the marked elements under `root` in `lang`: data-i18n (text), data-i18n-slots
   * (text around the element's own data-slot children), data-i18n-placeholder,
   * data-i18n-aria (aria-label), data-i18n-title (title). */
  function apply(root, lang) {
    for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(lang, node.dataset.i18n);
    for (const node of root.querySelectorAll("[data-i18n-slots]")) fillSlots(node, lang, node.dataset.i18nSlots);
    for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(lang, node.dataset.i18nPlaceholder);
    for (const node of root.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(lang, node.dataset.i18nAria));
    for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(lang, node.dataset.i18nTitle);
  }

  window.pinciteI18n = { LANGS, NAMES, STRINGS: S, pick, uiLang, saveUiLang, t, apply };
})();
