#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 67 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- massazh_prais_ru.docx       Russian massage studio «Тёплые руки» in Vologda: address and
                              validity (from 1 November 2026), classic massage by zone and
                              duration with price (a general body massage at 60 and 90
                              minutes; aromatherapy +300 rubles a session, footnoted),
                              special programmes (stone therapy at 75 minutes only, a
                              children's massage footnote), abonements of 5, 10 and 15
                              sessions with discount and validity, terms as bullets (hours,
                              free cancellation 12 hours ahead, lateness, home visits +1 000
                              rubles, pensioners 7 % off, gift certificates valid 6 months,
                              payment), two footnotes and the licence number
- meijia_jiamubiao_zh.xlsx    Chinese nail and eyelash studio 晶彩美甲美睫工作室 in Hangzhou:
                              nail services by body part with duration, price and note
                              (plain and cat-eye gel, French, three extension lengths, feet,
                              removal; a footnote row on hand painting; sheet 美甲价目),
                              eyelash extensions by style with duration, price and days they
                              last, and a note row on water (sheet 美睫价目), membership cards
                              by top-up, bonus, discount and validity and the customer notes
                              顾客须知 below them (hours, lateness, free touch-up, student
                              discount, address; sheet 会员与须知)
- strikezone_bowling_en.pptx  English bowling alley Strike Zone in Dayton, OH: lane rates
                              per lane and hour by time of day, Mon-Thu and Fri-Sun (late
                              night '—' on Mon-Thu), pay per game, shoes, lane capacity and
                              validity; Bronze, Silver and Gold party packages, extra guests,
                              deposit, outside food and cake fee; arcade cards, the fall
                              league, reserved lanes and opening hours

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-20 10:00:00, the members in the order the library wrote them), the core properties'
created and modified times (and the DOCX's and PPTX's last printed) and core.xml's modified
time after saving (openpyxl's save-time stamp overwritten), so the bytes match the trial's
files without further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial67.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import os
import re
import sys
import zipfile
from pathlib import Path

FIXED = dt.datetime(2026, 11, 20, 10, 0, 0)
ZIP_TIME = (2026, 11, 20, 10, 0, 0)


def normalise_zip(data: bytes) -> bytes:
    """Rewrite a ZIP with fixed timestamps and attributes, entries in their original order."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            zi.create_system = 3
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                # openpyxl stamps "modified" with the time of saving: pin it
                blob = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>2026-11-20T10:00:00Z\g<2>",
                    blob,
                )
            dst.writestr(zi, blob)
    return out.getvalue()


def save_fixed(obj, path: Path) -> None:
    buf = io.BytesIO()
    obj.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    d = Document()
    cp = d.core_properties
    cp.title = "Прейскурант студии массажа «Тёплые руки»"
    cp.author = "ИП Соколова Е. В."
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 1
    cp.last_modified_by = "ИП Соколова Е. В."
    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("Студия массажа «Тёплые руки»", level=0)
    d.add_paragraph(
        "г. Вологда, ул. Зосимовская, д. 14, офис 3. Телефон для записи: +7 (8172) 55-31-07. "
        "Прейскурант действует с 1 ноября 2026 года. Все цены указаны в рублях, НДС не облагается."
    )

    def table(headers, rows):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for i, h in enumerate(headers):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v
        return t

    d.add_heading("1. Классический массаж", level=1)
    table(
        ["Услуга", "Длительность, мин", "Цена, руб."],
        [
            ["Массаж шейно-воротниковой зоны", "20", "1 200"],
            ["Массаж спины", "30", "1 600"],
            ["Массаж спины и шеи", "40", "2 000"],
            ["Массаж ног (стопы и голени)", "30", "1 500"],
            ["Общий массаж тела", "60", "3 000"],
            ["Общий массаж тела", "90", "4 200"],
        ],
    )
    d.add_paragraph(
        "Цены включают массажное масло. Ароматерапия с эфирными маслами — дополнительно 300 руб. за сеанс¹."
    )

    d.add_heading("2. Специальные программы", level=1)
    table(
        ["Программа", "Длительность, мин", "Цена, руб."],
        [
            ["Антицеллюлитный массаж (одна зона)", "40", "2 300"],
            ["Лимфодренажный массаж", "60", "3 200"],
            ["Спортивный массаж", "60", "3 400"],
            ["Косметический массаж лица", "30", "1 700"],
            ["Стоун-терапия (горячие камни)", "75", "4 500"],
            ["Детский массаж (от 1 года до 7 лет)²", "30", "1 300"],
        ],
    )
    d.add_paragraph(
        "Антицеллюлитный массаж рекомендуется курсом не менее 10 процедур через день."
    )

    d.add_heading("3. Абонементы", level=1)
    table(
        ["Абонемент", "Количество сеансов", "Скидка от прейскуранта", "Срок действия"],
        [
            ["«Старт»", "5", "5 %", "45 дней"],
            ["«Курс»", "10", "10 %", "90 дней"],
            ["«Курс+»", "15", "15 %", "120 дней"],
        ],
    )
    d.add_paragraph(
        "Абонемент именной и оформляется на одну услугу одной длительности. Скидки по абонементам "
        "и акциям не суммируются."
    )

    d.add_heading("4. Условия обслуживания", level=1)
    for text in [
        "Студия работает ежедневно с 9:00 до 21:00, последняя запись — в 19:30.",
        "Отменить или перенести запись можно бесплатно не позднее чем за 12 часов до начала сеанса; "
        "при более поздней отмене или неявке удерживается половина стоимости сеанса.",
        "При опоздании более чем на 15 минут сеанс сокращается на время опоздания, цена не меняется.",
        "Выезд массажиста на дом в пределах города — надбавка 1 000 руб. к цене услуги; "
        "за пределами города выезд не осуществляется.",
        "Пенсионерам по будням с 9:00 до 14:00 предоставляется скидка 7 % при предъявлении удостоверения.",
        "Подарочный сертификат на любую сумму от 1 500 руб. действует 6 месяцев со дня покупки.",
        "Оплата наличными, банковской картой или по QR-коду СБП.",
    ]:
        d.add_paragraph(text, style="List Bullet")

    d.add_paragraph(
        "¹ Ароматерапия не проводится при аллергии на эфирные масла и для детей до 7 лет."
    )
    d.add_paragraph(
        "² Детский массаж проводится только в присутствии одного из родителей и при наличии "
        "направления педиатра."
    )
    d.add_paragraph("Медицинская лицензия студии № Л041-01174-35/00612345 от 14.03.2024.")
    save_fixed(d, path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.properties.creator = "晶彩美甲美睫工作室"
    wb.properties.title = "晶彩美甲美睫价目表 2026"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "晶彩美甲美睫工作室"

    bold = Font(bold=True)

    ws = wb.active
    ws.title = "美甲价目"
    rows = [
        ["项目", "部位", "时长（分钟）", "价格（元）", "备注"],
        ["基础修手（修型、去死皮）", "手部", 30, 58, ""],
        ["纯色甲油胶", "手部", 60, 128, "含基础修手"],
        ["猫眼甲油胶", "手部", 75, 168, "含基础修手"],
        ["法式甲", "手部", 75, 158, ""],
        ["延长甲（短款）", "手部", 90, 238, "价格不含手绘*"],
        ["延长甲（中长款）", "手部", 105, 288, "价格不含手绘*"],
        ["延长甲（长款）", "手部", 120, 338, "价格不含手绘*"],
        ["纯色甲油胶", "足部", 60, 148, "含基础修脚"],
        ["卸甲（本店所做）", "卸甲", 20, 0, "免费"],
        ["卸甲（外店所做）", "卸甲", 30, 40, ""],
        ["*手绘每指加收15元，贴钻每指加收5元起。", None, None, None, None],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[1]:
        c.font = bold
    ws.column_dimensions["A"].width = 28
    ws.column_dimensions["E"].width = 22

    ws2 = wb.create_sheet("美睫价目")
    rows2 = [
        ["项目", "款式说明", "时长（分钟）", "价格（元）", "保持期（天）"],
        ["自然款嫁接", "约80根/眼", 90, 199, 21],
        ["浓密款嫁接", "约120根/眼", 120, 269, 21],
        ["山茶花款嫁接", "开花睫毛，约150根/眼", 120, 299, 25],
        ["下睫毛嫁接", "约30根/眼", 30, 79, 14],
        ["补睫（嫁接后21天内）", "补至原款式", 60, 99, None],
        ["睫毛卸除", "", 20, 30, None],
        ["注：嫁接后24小时内请勿沾水，不得使用油性卸妆产品。", None, None, None, None],
    ]
    for r in rows2:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    ws2.column_dimensions["A"].width = 24
    ws2.column_dimensions["B"].width = 22

    ws3 = wb.create_sheet("会员与须知")
    rows3 = [
        ["卡种", "充值金额（元）", "赠送金额（元）", "消费折扣", "有效期"],
        ["银卡", 1000, 100, "9.5折", "12个月"],
        ["金卡", 2000, 300, "9折", "18个月"],
        ["钻石卡", 5000, 1000, "8.5折", "24个月"],
        [None, None, None, None, None],
        ["顾客须知", None, None, None, None],
        ["营业时间：每天10:00至21:30，最晚接单时间20:00。", None, None, None, None],
        ["预约迟到超过15分钟需重新排队。", None, None, None, None],
        ["甲油胶做完七天内如有起翘，可免费补修一次（人为损坏除外）。", None, None, None, None],
        ["学生凭有效学生证周一至周四享8.8折，不与会员折扣同享。", None, None, None, None],
        ["会员卡余额不可提现，不可转让。", None, None, None, None],
        ["地址：杭州市西湖区文三路259号2楼；电话：0571-8812 6630。", None, None, None, None],
    ]
    for r in rows3:
        ws3.append(r)
    for c in ws3[1]:
        c.font = bold
    ws3.column_dimensions["A"].width = 40
    save_fixed(wb, path)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches, Pt

    p = Presentation()
    cp = p.core_properties
    cp.title = "Strike Zone Bowling & Arcade — Rates and Terms 2026/27"
    cp.author = "Strike Zone Bowling & Arcade LLC"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 1
    cp.last_modified_by = "Strike Zone Bowling & Arcade LLC"

    layout = p.slide_layouts[5]  # title only

    def add_table(slide, data, top, height, col_widths):
        rows, cols = len(data), len(data[0])
        shape = slide.shapes.add_table(rows, cols, Inches(0.4), Inches(top), Inches(9.2), Inches(height))
        tbl = shape.table
        for j, w in enumerate(col_widths):
            tbl.columns[j].width = Inches(w)
        for i, r in enumerate(data):
            for j, v in enumerate(r):
                cell = tbl.cell(i, j)
                cell.text = v
                for para in cell.text_frame.paragraphs:
                    for run in para.runs:
                        run.font.size = Pt(12)
        return tbl

    def add_text(slide, lines, top, height, size=12):
        tb = slide.shapes.add_textbox(Inches(0.4), Inches(top), Inches(9.2), Inches(height))
        tf = tb.text_frame
        tf.word_wrap = True
        for k, line in enumerate(lines):
            para = tf.paragraphs[0] if k == 0 else tf.add_paragraph()
            para.text = line
            for run in para.runs:
                run.font.size = Pt(size)

    # slide 1: lane rates
    s1 = p.slides.add_slide(layout)
    s1.shapes.title.text = "Strike Zone Bowling & Arcade — Lane Rates"
    add_table(
        s1,
        [
            ["Lane rental (per lane, per hour)", "Mon–Thu", "Fri–Sun & public holidays"],
            ["Daytime (10:00–17:00)", "$32", "$40"],
            ["Evening (17:00–23:00)", "$42", "$52"],
            ["Late night (23:00–01:00, Fri–Sat only)", "—", "$36"],
        ],
        1.6, 1.6, [4.4, 2.0, 2.8],
    )
    add_text(
        s1,
        [
            "Pay per game instead: $6.50 per person per game Monday to Thursday, $7.50 Friday to Sunday.",
            "Shoe rental is $4.50 per pair; socks are sold at the front desk for $2.",
            "A lane takes up to 6 bowlers. Children under 6 bowl free with a paying adult (bumpers on request).",
            "Prices valid from 1 September 2026; sales tax included.",
        ],
        3.5, 2.5,
    )

    # slide 2: party packages
    s2 = p.slides.add_slide(layout)
    s2.shapes.title.text = "Birthday & Party Packages"
    add_table(
        s2,
        [
            ["Package", "Guests (max)", "Duration", "Includes", "Price"],
            ["Bronze", "8", "1.5 hours", "1 lane, shoes, 2 large pizzas", "$199"],
            ["Silver", "12", "2 hours", "2 lanes, shoes, 3 large pizzas, soft drinks", "$329"],
            ["Gold", "20", "2 hours", "3 lanes, shoes, pizza buffet, drinks, 20 arcade credits per guest", "$549"],
        ],
        1.5, 2.2, [1.2, 1.2, 1.1, 4.5, 1.2],
    )
    add_text(
        s2,
        [
            "* Each extra guest: $18 (Bronze, Silver) or $24 (Gold), up to 4 extra guests.",
            "A $100 deposit secures the booking; it is refunded only if you cancel at least 7 days before the party.",
            "Outside food is not allowed, except a birthday cake (cake fee $15).",
            "Party packages are available Saturday and Sunday from 11:00 to 18:00.",
        ],
        4.0, 2.2,
    )

    # slide 3: arcade and leagues
    s3 = p.slides.add_slide(layout)
    s3.shapes.title.text = "Arcade Cards, Leagues & House Rules"
    add_table(
        s3,
        [
            ["Arcade card", "Credits", "Price"],
            ["Starter card", "40", "$10"],
            ["Player card", "90", "$20"],
            ["Champion card", "250", "$50"],
        ],
        1.5, 1.6, [4.2, 2.5, 2.5],
    )
    add_text(
        s3,
        [
            "Arcade credits never expire; a lost card can be replaced once for $3 if registered.",
            "Fall league season: 16 weeks starting Tuesday 8 September 2026, weekly fee $22 per bowler (3 games).",
            "Reserved lanes are held for 10 minutes past the booking time.",
            "Opening hours: Monday to Thursday 10:00–23:00, Friday and Saturday 10:00–01:00, Sunday 10:00–22:00.",
            "Strike Zone Bowling & Arcade, 418 Mill Road, Dayton, OH 45402 · (937) 555-0142",
        ],
        3.4, 3.0,
    )
    save_fixed(p, path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial67/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial67"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "massazh_prais_ru.docx")
    make_xlsx(out / "meijia_jiamubiao_zh.xlsx")
    make_pptx(out / "strikezone_bowling_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
