"""User-facing sentences in the question's language (en, ru, zh).

Only fixed texts live here; nothing from documents. Unknown languages fall back to English.

Size: over 600 lines as one table: every sentence pincite says, in its three languages, is
kept in one place, so that a translation is checked and changed where the others stand.
"""
from __future__ import annotations

from collections.abc import Iterable

from pincite.text.cjk import is_cjk_letter

MESSAGES = {
    "row_columns": {
        "en": "columns: {columns}",
        "ru": "столбцы: {columns}",
        "zh": "列：{columns}",
    },
    "nameplate": {
        "en": "Check the value on the opened page and compare the modification with the nameplate.",
        "ru": "Сверьте значение на открытой странице и модификацию с заводской табличкой.",
        "zh": "请在打开的页面上核对数值，并将型号与铭牌对照。",
    },
    "currency_other": {
        "en": "not converted to {unit}: the quotes give amounts in {found}, and pincite converts no currencies",
        "ru": "не пересчитано в {unit}: в цитатах суммы в {found}, а валюты pincite не пересчитывает",
        "zh": "未换算为{unit}：引文中的金额以 {found} 计，pincite 不换算货币",
    },
    "currency_unstated": {
        "en": "not converted to {unit}: the quotes do not say {unit}, and pincite converts no currencies; "
              "check the document's currency",
        "ru": "не пересчитано в {unit}: в цитатах нет {unit}, а валюты pincite не пересчитывает; "
              "проверьте валюту документа",
        "zh": "未换算为{unit}：引文中未写明{unit}，pincite 不换算货币；请核对文档所用货币",
    },
    "not_converted": {
        "en": "not converted to {unit}: pincite converts SI and metric units only; the quotes give the document's unit",
        "ru": "не пересчитано в {unit}: pincite пересчитывает только единицы СИ и метрические; "
              "в цитатах единица документа",
        "zh": "未换算为{unit}：pincite 只换算国际单位制和公制单位；引文中为文档原单位",
    },
    "hidden_text": {
        "en": "hidden text on this page: {where} holds text a reader cannot see ({reason}): "
              "{text}; it is left out of the text quotes are checked against (a sign of tampering)",
        "ru": "скрытый текст на этой странице: {where} содержит текст, которого читатель не "
              "видит ({reason}): {text}; он исключён из текста, по которому проверяются цитаты "
              "(признак подделки)",
        "zh": "此页有隐藏文字：{where} 含有读者看不到的文字（{reason}）：{text}；"
              "它不在核对引文的页面文本中（可能被篡改）",
    },
    # text that runs past the page's edge: cut from the page text as hidden text is, but a
    # layout overflow (a long line, a wide table) far more often than tampering
    "hidden_past_edge_text": {
        "en": "text past the page edge: {where} holds text that runs past the edge of the visible page "
              "area: {text}; it is left out of the text quotes are checked against (usually a layout "
              "overflow, not tampering)",
        "ru": "текст за краем страницы: {where} содержит текст, выходящий за край видимой области "
              "страницы: {text}; он исключён из текста, по которому проверяются цитаты (обычно это "
              "ошибка вёрстки, а не подделка)",
        "zh": "文字超出页面边缘：{where} 有文字超出页面可见区域的边缘：{text}；它不在核对引文的页面文本中"
              "（通常是排版溢出，而非篡改）",
    },
    # why text is hidden (pincite.extract.hidden's reasons, stored in English in the model)
    "hidden_invisible": {"en": "drawn in the invisible text mode", "ru": "в невидимом режиме вывода текста",
                         "zh": "以不可见文字模式绘制"},
    "hidden_tiny": {"en": "under {pt} pt", "ru": "меньше {pt} пт", "zh": "小于 {pt} 磅"},
    "hidden_outside": {"en": "outside the visible page area", "ru": "за пределами видимой области страницы",
                       "zh": "在页面可见区域之外"},
    "hidden_past_edge": {"en": "runs past the edge of the visible page area",
                         "ru": "выходит за край видимой области страницы", "zh": "超出页面可见区域的边缘"},
    "hidden_same_colour": {"en": "same colour as the background", "ru": "того же цвета, что и фон",
                           "zh": "与背景同色"},
    "hidden_transparent": {"en": "fully transparent", "ru": "полностью прозрачный", "zh": "完全透明"},
    "not_found": {
        "en": "Not found in the library: no passage answers this question.",
        "ru": "В библиотеке ответа нет: ни один фрагмент не отвечает на этот вопрос.",
        "zh": "资料库中未找到答案：没有段落回答这个问题。",
    },
    "other_model": {
        "en": "Not found for what is asked: the passages found are about another model or revision.",
        "ru": "Для запрошенного ответа нет: найденные фрагменты относятся к другой модели или редакции.",
        "zh": "未找到所问对象的答案：找到的段落说的是其他型号或版本。",
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
    "claim_not_an_answer": {
        "en": "found, but not an answer to the question: the quote stands on the page, "
              "but its passage does not answer what was asked",
        "ru": "найдено, но это не ответ на вопрос: цитата есть на странице, "
              "но её фрагмент не отвечает на заданный вопрос",
        "zh": "已找到，但不是对问题的回答：引文确在该页，但其段落并未回答所问的内容",
    },
    "not_confirmed_llm": {
        "en": "Passages were found, but none of the model's claims could be verified against them; "
              "the passages are listed below.",
        "ru": "Фрагменты найдены, но ни одно утверждение модели не подтвердилось по их тексту; "
              "фрагменты перечислены ниже.",
        "zh": "找到了相关段落，但模型的陈述均未能与段落文本核对一致；段落列在下方。",
    },
    "model_refused": {
        "en": "The passages found do not answer this question (the model declined to answer from them).",
        "ru": "Найденные фрагменты не отвечают на этот вопрос (модель отказалась отвечать по ним).",
        "zh": "找到的段落无法回答这个问题（模型拒绝据此作答）。",
    },
    "no_document": {
        "en": "The library has no document for {what}. Add one with these fields "
              "or correct the fields of an existing one. Such a document comes from the "
              "manufacturer or the issuing body.",
        "ru": "В библиотеке нет документа для {what}. Добавьте его с этими полями "
              "или исправьте поля имеющегося. Такой документ выпускает изготовитель или "
              "издающая организация.",
        "zh": "资料库中没有 {what} 的文档。请按这些字段导入文档，或修改已有文档的字段。"
              "此类文档由制造商或发布机构提供。",
    },
    "only_uploaded": {
        "en": "The library has no normative or reference document; uploaded documents answer "
              "only when they are included in the search.",
        "ru": "В библиотеке нет нормативных или справочных документов; загруженные "
              "пользователями отвечают, только если включить их в поиск.",
        "zh": "资料库中没有规范性或参考性文档；用户上传的文档仅在搜索中包含它们时参与回答。",
    },
    "no_words": {
        "en": "The question has no words to search for, only signs: ask it in words.",
        "ru": "В вопросе нет слов для поиска, только знаки: задайте его словами.",
        "zh": "问题中没有可供搜索的词语，只有符号：请用文字提问。",
    },
    "clarify_modification": {
        "en": "Which modification of {model} do you mean: {options}? Their manuals differ; "
              "name one in the question or in the scope.",
        "ru": "Какая модификация {model} имеется в виду: {options}? Руководства для них "
              "различаются; укажите одну в вопросе или в области поиска.",
        "zh": "请问是 {model} 的哪种改型：{options}？各改型的手册不同，请在问题或搜索范围中指明一种。",
    },
    "clarify_group": {
        "en": "Several rows of the table fit the question, each with its own answer, and the question "
              "names none of them. Which one do you mean: {options}?",
        "ru": "Вопросу соответствуют несколько строк таблицы, у каждой свой ответ, а в вопросе строка не "
              "названа. О какой идёт речь: {options}?",
        "zh": "表格中有几行都符合问题，各行的答案不同，而问题没有指明是哪一行。请问指的是哪一个：{options}？",
    },
    "clarify_column": {
        "en": "The row «{row}» gives a different value in each of several columns, and the question "
              "names none of them. Which one do you mean: {options}?",
        "ru": "В строке «{row}» несколько столбцов с разными значениями, а в вопросе столбец не назван. "
              "Какой из них имеется в виду: {options}?",
        "zh": "“{row}”这一行的几列各有不同的数值，而问题没有指明是哪一列。请问指的是哪一个：{options}？",
    },
    "clarify_row": {
        "en": "“{header}” differs from row to row of the table, and the question names no row. Which one do "
              "you mean: {options}?",
        "ru": "Значение «{header}» в таблице у каждой строки своё, а в вопросе строка не названа. О какой идёт "
              "речь: {options}?",
        "zh": "表格中每一行的“{header}”各不相同，而问题没有指明是哪一行。请问指的是哪一个：{options}？"},
    "clarify_no_subject": {
        "en": "The question says what it asks but not about what. Which service, device, document or "
              "part do you mean? Ask again naming it.",
        "ru": "В вопросе сказано, что нужно узнать, но не о чём. О какой услуге, изделии, документе или "
              "его разделе идёт речь? Задайте вопрос ещё раз, назвав это.",
        "zh": "问题说明了要问什么，却没有说明是关于什么。请问指的是哪项服务、哪台设备、哪份文档或哪一部分？"
              "请写明后再提问。",
    },
    "clarify_vague": {
        "en": "The question is too general: “{word}” stands in several places of the library: {options}. "
              "Which one do you mean? Ask again with what or which device or document it is about.",
        "ru": "Вопрос слишком общий: «{word}» встречается в библиотеке в нескольких местах: {options}. "
              "Что именно имеется в виду? Задайте вопрос точнее: о чём, о каком изделии или документе.",
        "zh": "问题过于笼统：“{word}”在资料库中出现在多处：{options}。请问指的是哪一处？"
              "请说明具体对象、设备或文档后再提问。",
    },
    "clarify_revision": {
        "en": "Which revision of the {model} manual do you mean: {options}? They differ; name one "
              "or give the serial number, in the question or in the scope.",
        "ru": "Какая редакция руководства {model} имеется в виду: {options}? Они различаются; "
              "укажите одну или заводской номер — в вопросе или в области поиска.",
        "zh": "请问是 {model} 手册的哪个版本：{options}？"
              "各版本内容不同，请在问题或搜索范围中指明一个版本或提供序列号。",
    },
    # the command line's own hint under a clarifying question (the Answer's text names no flags)
    "cli_clarify": {
        "en": "name one in the question, or ask again with --model, --modification, --revision or --serial",
        "ru": "назовите один из вариантов в вопросе или задайте вопрос снова "
              "с --model, --modification, --revision или --serial",
        "zh": "请在问题中指明其一，或使用 --model、--modification、--revision 或 --serial 重新提问",
    },
    # the same under a question back about a table's row or a vague word's place: name it
    "cli_clarify_choice": {
        "en": "name one in the question and ask again",
        "ru": "назовите один из вариантов в вопросе и задайте его снова",
        "zh": "请在问题中指明其一后重新提问",
    },
    # an exported answer's status line (library.export): the status as the Answer contract names it
    "export_status": {"en": "status: {status}", "ru": "статус: {status}", "zh": "状态：{status}"},
    # the Markdown export's table header (its columns: number, claim, quote, source)
    "export_columns": {"en": "| # | claim | quote | source |", "ru": "| № | утверждение | цитата | источник |",
                       "zh": "| # | 陈述 | 引文 | 来源 |"},
    "computed": {"en": "computed by pincite", "ru": "вычислено pincite", "zh": "由 pincite 计算"},
    "from_question": {"en": "from the question", "ru": "из вопроса", "zh": "来自问题"},
    # the claim column of a calculation's row in the evidence export (library.export)
    "export_calculation": {"en": "calculation", "ru": "расчёт", "zh": "计算"},
    "calc_not_done": {"en": "calculation not done: {reason}", "ru": "расчёт не выполнен: {reason}",
                      "zh": "未进行计算：{reason}"},
    # a calculation's precision words and unit-table note (answer.calc); {to} is a count
    # ("2 significant figures", "2 значащих цифр": `counted`) or calc_nearest
    "calc_unit_table": {"en": "unit table: {lines}", "ru": "таблица единиц: {lines}", "zh": "单位表：{lines}"},
    "calc_exact": {"en": "exact: only exact constants, nothing to round",
                   "ru": "точно: только точные константы, округлять нечего",
                   "zh": "精确值：只有精确常数，无需修约"},
    "calc_rounded": {"en": "rounded to {to}: {rule} (least precise input: {source})",
                     "ru": "округлено до {to}: {rule} (наименее точное входное значение: {source})",
                     "zh": "修约到 {to}：{rule}（最不精确的输入：{source}）"},
    "calc_nearest": {"en": "the nearest {step}", "ru": "ближайшего кратного {step}", "zh": "最接近的 {step} 的倍数"},
    "calc_rule_product": {"en": "× and ÷ keep the fewest significant figures of their operands",
                          "ru": "при × и ÷ остаётся наименьшее число значащих цифр операндов",
                          "zh": "乘除运算保留各运算数中最少的有效数字位数"},
    "calc_rule_sum": {"en": "+ and − keep the fewest decimal places of their operands",
                      "ru": "при + и − остаётся наименьшее число знаков после запятой операндов",
                      "zh": "加减运算保留各运算数中最少的小数位数"},
    "calc_rule_conversion": {"en": "a conversion by an exact factor keeps the significant figures of its input",
                             "ru": "перевод по точному множителю сохраняет значащие цифры исходного значения",
                             "zh": "按精确系数换算，保留输入值的有效数字"},
    "calc_nothing_dropped": {"en": "; nothing dropped: the exact result has no more digits",
                             "ru": "; ничего не отброшено: в точном результате нет других цифр",
                             "zh": "；未舍去任何数字：精确结果没有更多位数"},
    # an offline comparison (answer.comparison) asked for but not computed: the note an answer
    # carries instead of a result, {why} one of the compare_* reasons below
    # a superlative asked of a table (answer.extreme): the value compared over its rows;
    # where: extreme_sheet or extreme_table
    "extreme_min": {
        "en": "Lowest “{header}” among the {n} rows {where}: {value} (compared by pincite)",
        "ru": "Наименьшее значение «{header}» среди {n} строк {where}: {value} (сравнение выполнено pincite)",
        "zh": "{where}的{n}行中“{header}”最小：{value}（由 pincite 比较得出）"},
    "extreme_max": {
        "en": "Highest “{header}” among the {n} rows {where}: {value} (compared by pincite)",
        "ru": "Наибольшее значение «{header}» среди {n} строк {where}: {value} (сравнение выполнено pincite)",
        "zh": "{where}的{n}行中“{header}”最大：{value}（由 pincite 比较得出）"},
    "extreme_earliest": {
        "en": "Earliest “{header}” among the {n} rows {where}: {value} (compared by pincite)",
        "ru": "Самая ранняя дата «{header}» среди {n} строк {where}: {value} (сравнение выполнено pincite)",
        "zh": "{where}的{n}行中“{header}”最早：{value}（由 pincite 比较得出）"},
    "extreme_latest": {
        "en": "Latest “{header}” among the {n} rows {where}: {value} (compared by pincite)",
        "ru": "Самая поздняя дата «{header}» среди {n} строк {where}: {value} (сравнение выполнено pincite)",
        "zh": "{where}的{n}行中“{header}”最晚：{value}（由 pincite 比较得出）"},
    "amended_by": {
        "en": "[{old}] is changed by an amendment: see [{new}]",
        "ru": "[{old}] изменён поправкой: см. [{new}]",
        "zh": "[{old}] 已被修订：见 [{new}]"},
    "extreme_not_compared": {
        "en": "These rows were not compared (no single column to compare, or the question names something "
              "the table does not hold): they stand in the order found, not ranked by value",
        "ru": "Эти строки не сравнивались (нет единственного столбца для сравнения, или в вопросе названо то, "
              "чего нет в таблице): они идут в порядке поиска, а не по значению",
        "zh": "这些行未经比较（没有唯一可比较的列，或问题提到了表中没有的内容）：按检索顺序列出，并非按数值排序"},
    "extreme_sheet": {"en": "of sheet {sheet}", "ru": "листа {sheet}", "zh": "工作表{sheet}"},
    "extreme_table": {"en": "of the table", "ru": "таблицы", "zh": "表格"},
    "compare_not_done_difference": {
        "en": "the difference was not computed: {why}; the quotes give the values as the document states them",
        "ru": "разница не вычислена: {why}; значения приведены в цитатах так, как их даёт документ",
        "zh": "未计算差值：{why}；引文按文档原样给出数值"},
    "compare_not_done_ratio": {
        "en": "the ratio was not computed: {why}; the quotes give the values as the document states them",
        "ru": "отношение не вычислено: {why}; значения приведены в цитатах так, как их даёт документ",
        "zh": "未计算倍数：{why}；引文按文档原样给出数值"},
    # why: the quotes do not tie two values to the two things the question compares
    "compare_unbound": {
        "en": "the quotes do not show which value belongs to which of the things compared",
        "ru": "по цитатам не видно, какое значение к чему из сравниваемого относится",
        "zh": "引文中看不出哪个数值属于所比较的哪一项"},
    "compare_missing": {"en": "no value found for {thing}", "ru": "не найдено значение для {thing}",
                        "zh": "未找到{thing}的数值"},
    "compare_several": {"en": "more than one value for {thing} ({values})",
                        "ru": "для {thing} найдено несколько значений ({values})",
                        "zh": "{thing}有多个数值（{values}）"},
    "compare_rows": {"en": "more than one table row could be meant ({rows})",
                     "ru": "подходит несколько строк таблицы ({rows})",
                     "zh": "表格中有多行可能符合（{rows}）"},
    "compare_which_row": {"en": "the question does not say which table row to compare ({rows})",
                          "ru": "в вопросе не сказано, какую строку таблицы сравнивать ({rows})",
                          "zh": "问题未说明比较表格中的哪一行（{rows}）"},
    "compare_units": {"en": "the units do not compare ({units})", "ru": "единицы несопоставимы ({units})",
                      "zh": "单位无法比较（{units}）"},
    "compare_failed": {"en": "{reason}", "ru": "{reason}", "zh": "{reason}"},
    # refusal reasons (Answer.warnings of a refused answer); figures already formatted
    "why_covered": {
        "en": "the best passage found holds {coverage} of the question's words{lack}",
        "ru": "лучший найденный фрагмент содержит {coverage} слов вопроса{lack}",
        "zh": "找到的最佳段落只包含问题词语的 {coverage}{lack}",
    },
    "why_other_variant": {
        "en": "the table states this only for other rows than the one asked: {found}",
        "ru": "в таблице это указано только для других строк, чем спрошено: {found}",
        "zh": "表格中只有其他行的数据，没有所问的那一行：{found}",
    },
    "why_unlisted_variant": {
        "en": "the table lists only {options}; none of them is for {words}, which the library writes nowhere",
        "ru": "в таблице есть только: {options}; ни одна строка не подходит к словам {words}: "
              "их нет нигде в библиотеке",
        "zh": "表格中只有：{options}；没有一行对应 {words}，资料库中也没有出现这些词",
    },
    "why_not_stated": {
        "en": "the passages found share the question's words, but none of them states what it asks",
        "ru": "в найденных фрагментах есть слова вопроса, но ни один из них не содержит того, о чём он спрашивает",
        "zh": "找到的段落含有问题中的词语，但都没有给出问题所问的内容",
    },
    "why_other_language": {
        "en": "the passages found are in {found}, not in the question's language, and none was judged to "
              "answer it; asking in {found} may find more",
        "ru": "найденные фрагменты написаны на другом языке ({found}), и ни один не признан ответом; "
              "вопрос на этом языке может найти больше",
        "zh": "找到的段落是用其他语言（{found}）写的，都没有被判定为答案；用该语言提问可能找到更多",
    },
    # said after why_other_language when no dictionary translates between the two languages
    "why_no_dictionary": {
        "en": " (words are translated between English and Russian only with the Debian package mueller7-dict "
              "installed)",
        "ru": " (слова переводятся между английским и русским, только если установлен пакет Debian "
              "mueller7-dict)",
        "zh": "（只有安装了 Debian 软件包 mueller7-dict 才会在英语和俄语之间翻译词语）",
    },
    "why_lacks": {
        "en": ", and no passage found holds: {words}",
        "ru": ", и ни в одном найденном фрагменте нет: {words}",
        "zh": "，且找到的段落中都没有：{words}",
    },
    "why_other_revision": {
        "en": "the library has {found}, not {asked}: no passage found is about {asked}",
        "ru": "в библиотеке есть {found}, а не {asked}: ни один найденный фрагмент не относится к {asked}",
        "zh": "资料库中有 {found}，而不是 {asked}：找到的段落都不涉及 {asked}",
    },
    "why_no_column": {
        "en": "the table found in {file} has no column for {words} (its columns: {columns})",
        "ru": "в найденной таблице из {file} нет столбца для: {words} (её столбцы: {columns})",
        "zh": "在 {file} 中找到的表格没有 {words} 这一列（其列为：{columns}）",
    },
    "why_no_value": {
        "en": "the table found in {file} gives no value for {row} under {column}: the cell reads \u201c{value}\u201d",
        "ru": "в найденной таблице из {file} для {row} в столбце «{column}» значения нет: в ячейке «{value}»",
        "zh": "在 {file} 中找到的表格里，{row} 在“{column}”一列没有数值：单元格为“{value}”",
    },
    "why_other_record": {
        "en": "the row found in {file} is that of {column} {value}; no row of {asked} states what is asked",
        "ru": "найденная строка из {file} относится к {column} {value}; ни одна строка для {asked} не "
              "содержит того, о чём спрашивается",
        "zh": "在 {file} 中找到的行属于 {column} {value}；{asked} 的各行都没有写明所问的内容",
    },
    "why_other_size": {
        "en": "the table in {file} lists the sizes {options}; {asked} is not among them",
        "ru": "в таблице из {file} есть размеры {options}; размера {asked} среди них нет",
        "zh": "{file} 中的表格只列出这些尺寸：{options}；其中没有 {asked}",
    },
    "why_unlisted_row": {
        "en": "the table found lists {column} {rows}; it has no row for {asked}",
        "ru": "в найденной таблице {column}: {rows}; строки для {asked} в ней нет",
        "zh": "找到的表格中{column}只有：{rows}；没有 {asked} 这一行",
    },
    "why_no_row": {
        "en": "the table found in {file} has no row for {words}, and the library writes {words} nowhere",
        "ru": "в найденной таблице из {file} нет строки для: {words}, и нигде в библиотеке нет слова {words}",
        "zh": "在 {file} 中找到的表格没有 {words} 这一行，资料库中也没有出现 {words}",
    },
    "why_no_number": {
        "en": "none of the passages found states a number for what is asked",
        "ru": "ни в одном найденном фрагменте не указано число для того, о чём спрашивается",
        "zh": "找到的段落中都没有写明所问的数值",
    },
    "why_no_kind": {
        "en": "none of the passages found states a value of the {kind} asked for",
        "ru": "ни в одном найденном фрагменте не указано значение того, о чём спрашивается: {kind}",
        "zh": "找到的段落中都没有写明所问的{kind}数值",
    },
    "why_price_in_words": {
        "en": "the row «{row}» gives no amount, only «{price}»",
        "ru": "в строке «{row}» сумма не указана, только «{price}»",
        "zh": "“{row}”这一行没有写明金额，只写了“{price}”",
    },
    "why_no_price": {
        "en": "none of the passages found states a price or an amount of money",
        "ru": "ни в одном найденном фрагменте не указана цена или сумма денег",
        "zh": "找到的段落中都没有写明价格或金额",
    },
    "why_never_named": {
        "en": "the library never mentions {words}",
        "ru": "в библиотеке нигде не упоминается {words}",
        "zh": "资料库中没有任何地方提到 {words}",
    },
    "why_no_words": {
        "en": "no passage found holds these words of the question{words} (words that only name a "
              "document do not count)",
        "ru": "ни в одном найденном фрагменте нет этих слов вопроса{words} (слова из названия "
              "документа не в счёт)",
        "zh": "找到的段落中都没有问题里的这些词{words}（只是文档名称中的词不计）",
    },
    "why_other_edition": {
        "en": "the passages found are about {found}, not {asked}",
        "ru": "найденные фрагменты относятся к {found}, а не к {asked}",
        "zh": "找到的段落说的是 {found}，而不是 {asked}",
    },
    "why_other_document": {
        "en": "the passages found come from documents about another model or edition than {asked}",
        "ru": "найденные фрагменты взяты из документов о другой модели или редакции, не {asked}",
        "zh": "找到的段落出自其他型号或版本的文档，而不是 {asked}",
    },
    "why_left_out": {
        "en": "passages that may answer it are in {files}, which this search leaves out: {levels} "
              "documents answer only when asked; ask again with {option}",
        "ru": "фрагменты, которые могут ответить, есть в {files}, но этот поиск их не учитывает: "
              "документы с доверием {levels} отвечают, только если их включить; задайте вопрос снова с {option}",
        "zh": "可能回答该问题的段落在 {files} 中，但本次搜索不包括它们："
              "可信度为 {levels} 的文档只有在指定时才参与回答；请使用 {option} 重新提问",
    },
    # the options named by why_left_out: the command line's, then the REST API's and MCP's
    "option_uploaded": {
        "en": "--include-uploaded (REST API: \"scope\": {{\"include_uploaded\": true}}; MCP: include_uploaded)",
        "ru": "--include-uploaded (REST API: \"scope\": {{\"include_uploaded\": true}}; MCP: include_uploaded)",
        "zh": "--include-uploaded（REST API：\"scope\": {{\"include_uploaded\": true}}；MCP：include_uploaded）",
    },
    "option_trust": {
        "en": "--trust {level} (REST API: \"trust\" in \"scope\"; MCP: trust)",
        "ru": "--trust {level} (REST API: \"trust\" в \"scope\"; MCP: trust)",
        "zh": "--trust {level}（REST API：\"scope\" 中的 \"trust\"；MCP：trust）",
    },
    "why_other_named": {
        "en": "the passages found come from {found}, not from {asked}, which the question names",
        "ru": "найденные фрагменты взяты из {found}, а не из {asked}, который назван в вопросе",
        "zh": "找到的段落出自 {found}，而不是问题所指的 {asked}",
    },
    # a serial number the scope cannot place (Answer.warnings)
    "serial_no_registry": {
        "en": "serial number {serial} cannot be looked up: no serial registry has been imported into "
              "this library (import one with `pincite registry import registry.csv`); "
              "every revision in scope may answer",
        "ru": "заводской номер {serial} не по чему проверить: в библиотеку не импортирован реестр "
              "заводских номеров (импортируйте его командой `pincite registry import registry.csv`); "
              "отвечать могут все редакции в области поиска",
        "zh": "无法查询序列号 {serial}：此资料库尚未导入序列号登记表"
              "（请用 `pincite registry import registry.csv` 导入）；检索范围内的所有版本均可作答",
    },
    "serial_not_registered": {
        "en": "serial number {serial} is in no serial range of the registry",
        "ru": "заводской номер {serial} не входит ни в один диапазон номеров реестра",
        "zh": "序列号 {serial} 不在登记表的任何序列号范围内",
    },
    # how a scope was decided (Scope.decided_by in English, Scope.decided_by_shown in the
    # answer's language); reasons are joined by "; "
    "why_default": {"en": "default", "ru": "по умолчанию", "zh": "默认"},
    "why_explicit": {"en": "explicit option", "ru": "явно заданный параметр", "zh": "明确指定的选项"},
    "why_named": {"en": "named in the question: {what}", "ru": "названо в вопросе: {what}",
                  "zh": "问题中指明：{what}"},
    "field_model": {"en": "model", "ru": "модель", "zh": "型号"},
    "field_modification": {"en": "modification", "ru": "модификация", "zh": "改型"},
    "why_serial_mod": {
        "en": "registry: serial {serial} is modification {modification} (range {range})",
        "ru": "реестр: заводской номер {serial} — модификация {modification} (диапазон {range})",
        "zh": "登记表：序列号 {serial} 属于改型 {modification}（范围 {range}）",
    },
    "why_mod_of_model": {
        "en": "registry: modification {modification} is of model {model}",
        "ru": "реестр: модификация {modification} относится к модели {model}",
        "zh": "登记表：改型 {modification} 属于型号 {model}",
    },
    "why_shipped": {
        "en": "registry: serial {serial} shipped with rev. {revision}{prov}",
        "ru": "реестр: изделие с заводским номером {serial} поставлено с ред. {revision}{prov}",
        "zh": "登记表：序列号 {serial} 出厂时对应版本 {revision}{prov}",
    },
    "why_current": {
        "en": "registry: rev. {revision} current for modification {modification}{since}{prov}",
        "ru": "реестр: ред. {revision} действующая для модификации {modification}{since}{prov}",
        "zh": "登记表：版本 {revision} 是改型 {modification} 的现行版本{since}{prov}",
    },
    "why_in_force": {
        "en": "registry: rev. {revision} in force for modification {modification}{since}{prov}",
        "ru": "реестр: ред. {revision} в силе для модификации {modification}{since}{prov}",
        "zh": "登记表：版本 {revision} 对改型 {modification} 有效{since}{prov}",
    },
    "why_since": {"en": " since {date}", "ru": " с {date}", "zh": "（自 {date} 起）"},
    "why_prov": {"en": " ({prov})", "ru": " ({prov})", "zh": "（{prov}）"},
    "prov_checked": {"en": "checked {date}", "ru": "проверено {date}", "zh": "核对于 {date}"},
    "prov_source": {"en": "source {source}", "ru": "источник: {source}", "zh": "来源：{source}"},
    "why_status": {"en": " (rev. {revision} {status})", "ru": " (ред. {revision}: {status})",
                   "zh": "（版本 {revision}：{status}）"},
    # a compound answer's part that is not answered (Answer.warnings of a partial answer)
    "part_not_answered": {
        "en": "part {n} is not answered ({status}): {question}{why}",
        "ru": "часть {n} без ответа ({status}): {question}{why}",
        "zh": "第 {n} 部分未回答（{status}）：{question}{why}",
    },
    "why_part": {"en": " ({why})", "ru": " ({why})", "zh": "（{why}）"},
    # a compound answer's part answered, weakly, from another document than its strongest
    # part (pipeline.answer_compound): its text, and its reason among the warnings
    "part_other_document": {
        "en": "Not confirmed: the only passages found for this part are in {found}, not in {anchor}, "
              "which answers the rest of the question, and they are weak evidence; they are listed below.",
        "ru": "Не подтверждено: для этой части найдены фрагменты только из {found}, а не из {anchor}, "
              "по которому отвечены остальные части вопроса, и это слабое свидетельство; фрагменты "
              "перечислены ниже.",
        "zh": "未核实：这一部分只在 {found} 中找到段落，而不在回答了问题其余部分的 {anchor} 中，"
              "且证据较弱；段落列在下方。",
    },
    "why_other_document_part": {
        "en": "found only in {found}, not in {anchor}, which answers the rest of the question, "
              "and with weak evidence",
        "ru": "найдено только в {found}, а не в {anchor}, по которому отвечены остальные части, "
              "и свидетельство слабое",
        "zh": "只在 {found} 中找到，而不在回答了其余部分的 {anchor} 中，且证据较弱",
    },
    # the mark of a citation whose quote was (not) found on its page (the web app's words)
    "verified": {"en": "verified", "ru": "цитата проверена", "zh": "引文已核对"},
    "not_verified": {"en": "not verified: {reason}", "ru": "не подтверждено: {reason}", "zh": "未核实：{reason}"},
    # why a quote did not verify (answer.verify's REASON_* values, as the contract states them)
    "reason:empty": {"en": "empty", "ru": "пустая цитата", "zh": "引文为空"},
    "reason:too short": {"en": "too short", "ru": "слишком короткая цитата", "zh": "引文太短"},
    "reason:not in source": {"en": "not in source", "ru": "нет в тексте источника", "zh": "不在原文中"},
    "reason:cuts a word or number": {"en": "cuts a word or number", "ru": "обрывает слово или число",
                                     "zh": "截断了词语或数字"},
    "reason:source text unavailable": {"en": "source text unavailable", "ru": "текст источника недоступен",
                                       "zh": "无法读取原文"},
    "reason:the claim is a question, not a statement of the answer": {
        "en": "the claim is a question, not a statement of the answer",
        "ru": "утверждение задано вопросом, а не сообщает ответ", "zh": "该陈述是一个问题，而不是对答案的陈述"},
    "llm_checked": {"en": "model {model}; every claim checked against its source",
                    "ru": "модель {model}; каждое утверждение сверено с источником",
                    "zh": "模型 {model}；每条陈述均已与来源核对"},
    "status_refused": {"en": "refused", "ru": "отказ", "zh": "拒答"},
    "status_not_confirmed": {"en": "not confirmed", "ru": "не подтверждено", "zh": "未核实"},
    "status_needs_clarification": {"en": "needs clarification", "ru": "нужно уточнение", "zh": "需要澄清"},
    "status_partial": {"en": "partial", "ru": "частично", "zh": "部分回答"},
    "status_answered": {"en": "answered", "ru": "отвечено", "zh": "已回答"},
    "status_in_force": {"en": "in force", "ru": "в силе", "zh": "有效"},
    "status_superseded": {"en": "superseded", "ru": "заменена", "zh": "已被取代"},
    "status_repealed": {"en": "repealed", "ru": "отменена", "zh": "已废止"},
    "status_not_yet_in_force": {"en": "not yet in force", "ru": "ещё не вступила в силу", "zh": "尚未生效"},
    "why_compare": {"en": "compare: rev. {revisions}", "ru": "сравнение: ред. {revisions}",
                    "zh": "比较：版本 {revisions}"},
    "and": {"en": " and ", "ru": " и ", "zh": " 和 "},
    # the command line's scope line: "scope: PX-200, mod. B, rev. 3.0 — how it was decided"
    "scope_label": {"en": "scope", "ru": "область поиска", "zh": "检索范围"},
    "scope_mod": {"en": "mod. {modification}", "ru": "мод. {modification}", "zh": "改型 {modification}"},
    "scope_rev": {"en": "rev. {revision}", "ru": "ред. {revision}", "zh": "版本 {revision}"},
    "scope_serial": {"en": "S/N {serial}", "ru": "зав. № {serial}", "zh": "序列号 {serial}"},
    "or": {"en": " or ", "ru": " или ", "zh": " 或 "},
    "compare_heading": {"en": "Revision {revision}", "ru": "Редакция {revision}", "zh": "版本 {revision}"},
}

PAGE = {"en": "p.", "ru": "с.", "zh": "第{}页"}


#: The name of a language (en, ru, zh) in each language of the messages.
#: Names of the kinds of physical quantity a question may ask for (answer.apart.MEASURED_KINDS),
#: as a refusal names what no passage states.
QUANTITY_NAMES: dict[str, dict[str, str]] = {
    "pressure": {"en": "pressure", "ru": "давление", "zh": "压力"},
    "temperature": {"en": "temperature", "ru": "температура", "zh": "温度"},
    "voltage": {"en": "voltage", "ru": "напряжение", "zh": "电压"},
    "power": {"en": "power", "ru": "мощность", "zh": "功率"},
    "mass": {"en": "weight", "ru": "вес", "zh": "重量"},
    "volume": {"en": "volume", "ru": "объём", "zh": "容量"},
    "length": {"en": "length", "ru": "длина", "zh": "长度"},
    "speed": {"en": "speed", "ru": "скорость", "zh": "速度"},
    "noise": {"en": "noise level", "ru": "уровень шума", "zh": "噪声"},
    "datasize": {"en": "amount of data", "ru": "объём данных", "zh": "数据量"},
}


def quantity_names(kinds: Iterable[str], lang: str) -> str:
    """The names of `kinds` (QUANTITY_NAMES keys, sorted) in `lang` (English when unknown), listed."""
    return listed([QUANTITY_NAMES[k].get(lang, QUANTITY_NAMES[k]["en"]) for k in sorted(kinds)], lang)


LANGUAGE_NAMES = {
    "en": {"en": "English", "ru": "Russian", "zh": "Chinese"},
    "ru": {"en": "английский", "ru": "русский", "zh": "китайский"},
    "zh": {"en": "英文", "ru": "俄文", "zh": "中文"},
}


def language_name(code: str, lang: str) -> str:
    """The name of language `code` written in `lang` (English names when `lang` is not
    covered; the code itself when `code` is not)."""
    return LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"]).get(code, code)


#: Nouns counted in the messages, by their English singular: the English plural where it is
#: not the singular plus "s", the Russian phrase in the nominative singular (its forms after
#: a number come from pymorphy3: `counted`) and the Chinese measure word and noun (Chinese
#: has no plural). A noun missing here is counted in English in every language.
COUNTED: dict[str, dict[str, str]] = {
    "document": {"ru": "документ", "zh": "份文档"},
    "file": {"ru": "файл", "zh": "个文件"},
    "question": {"ru": "вопрос", "zh": "个问题"},
    "page": {"ru": "страница", "zh": "页"},
    "passage": {"ru": "фрагмент", "zh": "个段落"},
    "significant figure": {"ru": "значащая цифра", "zh": "位有效数字"},
    "decimal place": {"ru": "знак после запятой", "zh": "位小数"},
}


def counted(n: int, noun: str, lang: str = "en", case: str = "nomn") -> str:
    """`n` and `noun` (an English singular, a key of COUNTED) in `lang`, the noun in the number
    `n` asks for: "1 document", "2 documents"; "1 документ", "2 документа", "5 документов",
    "21 документ" (the nominative), or with `case` an OpenCorpora case name the phrase's case
    after a preposition ("до 1 значащей цифры", "до 2 значащих цифр": `case="gent"`); "3 份文档".
    English adds "s" (to the last word); a Russian phrase agrees each of its nouns and
    adjectives in the nominative singular with `n` (pymorphy3's `make_agree_with_number`, or in
    another case the singular for 1, 21, ... and the plural else), leaving other words as
    written ("после запятой"). A noun or language COUNTED lacks is counted in English."""
    forms = COUNTED.get(noun, {})
    if lang == "zh" and "zh" in forms:
        return f"{n} {forms['zh']}"
    if lang == "ru" and "ru" in forms:
        return f"{n} {_agreed(forms['ru'], n, case)}"
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _agreed(phrase: str, n: int, case: str) -> str:
    """The Russian `phrase` (nominative singular) agreed with the number `n` in `case`."""
    from pincite.text import analysis

    out = []
    for word in phrase.split(" "):
        parse = next((p for p in analysis.morph().parse(word) if p.tag.POS in ("NOUN", "ADJF")
                      and {"nomn", "sing"} <= p.tag.grammemes), None)
        if parse is None:
            out.append(word)
            continue
        if case != "nomn":
            one = n % 10 == 1 and n % 100 != 11
            parse = parse.inflect({case, "sing" if one else "plur"}) or parse
        else:
            parse = parse.make_agree_with_number(n) or parse
        out.append(parse.word)
    return " ".join(out)


def listed(items: Iterable[str], lang: str) -> str:
    """Items of a list in a message, in `lang`'s way: "a, b, c"; in Chinese with the
    enumeration comma, "甲、乙、丙" (a comma between Chinese words reads as a clause break)."""
    return ("、" if lang == "zh" else ", ").join(items)


def message(key: str, lang: str) -> str:
    """The fixed message `key` in `lang` (en when the language is not covered); a Chinese one
    is a `SpacedTemplate`, whose `format` sets Latin values apart from the Chinese text."""
    texts = MESSAGES[key]
    text = texts.get(lang, texts["en"])
    return SpacedTemplate(text) if lang == "zh" and lang in texts else text


def quote_reason(reason: str, lang: str) -> str:
    """Why a quote did not verify (Citation.reason / Claim.reason: answer.verify's fixed
    English values) in `lang`; a reason without a translation as it is."""
    return message("reason:" + reason, lang) if "reason:" + reason in MESSAGES else reason


def _latin(ch: str) -> bool:
    """Whether `ch` is an ASCII letter or digit."""
    return ch.isascii() and ch.isalnum()


def _meet(left: str, right: str) -> bool:
    """Whether a space belongs between `left`'s last and `right`'s first character: an
    ideograph (text.cjk.is_cjk_letter: not CJK punctuation, which needs no space) beside a
    Latin letter or digit."""
    if not left or not right:
        return False
    a, b = left[-1], right[0]
    return (is_cjk_letter(a) and _latin(b)) or (_latin(a) and is_cjk_letter(b))


class SpacedTemplate(str):
    """A Chinese message template whose `format` puts a space between a filled-in value and
    the template's ideographs where the two meet as Latin and Chinese ("未找到 P-105 和 P-103 的数值",
    not "未找到P-105 和 P-103的数值"), as Chinese typesetting sets the scripts apart. Only the
    joints are spaced: the values (codes, file names, quotes) are left as they are, and a
    joint that already has a space or punctuation gets none."""

    def format(self, *args: object, **kwargs: object) -> str:
        import string

        f = string.Formatter()
        pieces: list[tuple[bool, str]] = []  # (is a value, text) in order
        auto = 0
        for literal, field, spec, conv in f.parse(self):
            pieces.append((False, literal))
            if field is None:
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            value, _ = f.get_field(field, args, kwargs)
            pieces.append((True, f.format_field(f.convert_field(value, conv), spec or "")))
        out = ""
        last_value = False
        for is_value, text in pieces:
            if text and (is_value or last_value) and _meet(out, text):
                out += " "
            out += text
            if text:
                last_value = is_value
        return out


#: A reference to two pages (a quote across a page break): "PDF pp. 5–6", "p. 12 f. (PDF 5–6)".
PAGES = {"en": "pp.", "ru": "сс."}
FOLLOWING = {"en": "f.", "ru": "и сл."}


def page_ref(page: int, page_label: str | None, lang: str, page_end: int | None = None) -> str:
    """Page reference: "p. 5-12 (PDF 47)" with a printed label, else "p. 47 (PDF)".

    The physical page (1-based) always appears, so the reference opens the right page. With
    `page_end` > page (a quote running on to the next page): "PDF pp. 47–48", or with the
    first page's label "p. 5-12 f. (PDF 47–48)" (the next page's label is not known here,
    and is never guessed).
    """
    if page_end is not None and page_end > page:
        phys = f"{page}–{page_end}"
        has_label = bool(page_label) and page_label != str(page)
        if lang == "zh":
            return f"第 {page_label} 页起（PDF 第 {phys} 页）" if has_label else f"PDF 第 {phys} 页"
        if has_label:
            word, more = PAGE.get(lang, PAGE["en"]), FOLLOWING.get(lang, FOLLOWING["en"])
            return f"{word} {page_label} {more} (PDF {phys})"
        return f"PDF {PAGES.get(lang, PAGES['en'])} {phys}"
    if lang == "zh":
        if page_label and page_label != str(page):
            return f"第 {page_label} 页（PDF 第 {page} 页）"
        return f"PDF 第 {page} 页"
    word = PAGE.get(lang, PAGE["en"])
    if page_label and page_label != str(page):
        return f"{word} {page_label} (PDF {page})"
    return f"PDF {word} {page}"
