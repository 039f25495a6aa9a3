#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 72 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- akvabur_prais_2026.docx     Russian water-well drilling firm «АкваБур» in Tver: price list
                              from 1 March 2026; drilling per metre by well type, depth and
                              casing (Abyssinian well, sand wells with 125 or 160 mm uPVC casing,
                              artesian wells 40-80 and 80-150 m; boulder soils +15 %), crew
                              travel by zone from Tver (free up to 30 km, 3 500 / 6 000 rubles,
                              by agreement over 100 km; the geologist's visit 2 500 rubles,
                              credited within 14 days), fit-out (the table's header on page 1,
                              its rows on page 2: plastic and metal caissons, adapter, pumping,
                              water analysis, pump installation, well passport; old wells
                              cleaned, no price), then on page 2 the terms as bullets (30 %
                              prepayment, guarantees 3 and 5 years, dry well 50 %, winter
                              surcharge 10 % below -20 °C, pensioners 5 %, payment)
- lvyuan_chongdian_2026.xlsx  Chinese EV charging station 绿源充电站 in Hangzhou: time-of-use
                              tariff (峰时/平时/谷时: energy, service fee, total per kWh) with
                              notes 注1-3 (AC service fee 0.30, grid tariff, leave within 15
                              minutes; sheet 充电价格), charger types by power and count (7 kW
                              AC, 60 and 120 kW DC, 240 kW 超充; sheet 充电桩类型), membership
                              tiers and the parking rules (2 hours free, then 5 yuan an hour up to
                              50, fuel cars 200 yuan; sheet 停车与会员)
- fairway_heights_2026.pptx   English golf driving range Fairway Heights in Harrogate: a title
                              slide (opening hours, 32 bays, VAT, mini-golf in spring 2027; a
                              speaker note), range balls per bucket size and bay type (heated
                              bays November to March, ball-tracking screens $6 an hour),
                              coaching and club hire, memberships (Range Pass, Range Pass Plus)
                              and general terms

The trial's generator pinned every zip member's time, compression and attributes
(2026-03-01 09:00:00, the members in the order the library wrote them) and core.xml's created
and modified times after saving (openpyxl's save-time stamp overwritten), so the bytes match
the trial's files without further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial72.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

FIXED = dt.datetime(2026, 3, 1, 9, 0, 0)
ZIP_TIME = (2026, 3, 1, 9, 0, 0)


def normalize_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed timestamps and fixed core dates."""
    src = zipfile.ZipFile(path)
    entries = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in entries:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                stamp = "2026-03-01T09:00:00Z"
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", rf"\g<1>{stamp}\2", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rf"\g<1>{stamp}\2", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    path.write_bytes(buf.getvalue())


# ----------------------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    d = Document()
    cp = d.core_properties
    cp.author = "ООО «АкваБур»"
    cp.title = "Прайс-лист на бурение скважин 2026"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "АкваБур"
    cp.revision = 1

    style = d.styles["Normal"]
    style.font.name = "Liberation Serif"
    style.font.size = Pt(11)

    d.add_heading("ООО «АкваБур» — бурение скважин на воду", level=0)
    p = d.add_paragraph(
        "Прайс-лист и условия выполнения работ. Действует с 1 марта 2026 года до выхода новой редакции. "
        "Работаем в Тверской области круглый год; офис: г. Тверь, ул. Складская, д. 14, тел. +7 (4822) 55-18-40."
    )
    p.alignment = WD_ALIGN_PARAGRAPH.LEFT

    def table(headers, rows, widths=None):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for i, h in enumerate(headers):
            cell = t.rows[0].cells[i]
            cell.text = h
            for r in cell.paragraphs[0].runs:
                r.bold = True
        for row in rows:
            cells = t.add_row().cells
            for i, v in enumerate(row):
                cells[i].text = v
        return t

    d.add_heading("1. Бурение скважин", level=1)
    d.add_paragraph("Цена указана за один погонный метр бурения с обсадной трубой, без обустройства.")
    table(
        ["Тип скважины", "Глубина, м", "Обсадная труба", "Цена за 1 м, руб.", "Срок работ"],
        [
            ["Абиссинский колодец (иглофильтр)", "до 12", "сталь 32 мм", "1 800", "1 день"],
            ["Скважина на песок", "15–40", "НПВХ 125 мм", "2 900", "1–2 дня"],
            ["Скважина на песок", "15–40", "НПВХ 160 мм", "3 400", "1–2 дня"],
            ["Артезианская скважина (известняк)", "40–80", "сталь 133 мм + НПВХ 117 мм", "4 200", "2–3 дня"],
            ["Артезианская скважина (известняк)", "80–150", "сталь 159 мм + НПВХ 125 мм", "4 900", "3–5 дней"],
        ],
    )
    d.add_paragraph(
        "* При бурении через валунные грунты к цене метра добавляется 15 %. "
        "** Глубина скважины определяется по результатам бурения; оплачиваются фактически пробуренные метры."
    )

    d.add_heading("2. Выезд бригады", level=1)
    table(
        ["Зона", "Расстояние от г. Тверь", "Стоимость выезда, руб."],
        [
            ["Зона 1", "до 30 км", "бесплатно"],
            ["Зона 2", "31–60 км", "3 500"],
            ["Зона 3", "61–100 км", "6 000"],
            ["Зона 4", "свыше 100 км", "по договорённости"],
        ],
    )
    d.add_paragraph(
        "Выезд геолога на участок для выбора места бурения стоит 2 500 руб.; эта сумма засчитывается "
        "в стоимость бурения, если договор заключён в течение 14 дней. Консультация геолога по телефону бесплатна."
    )

    d.add_heading("3. Обустройство скважины", level=1)
    table(
        ["Услуга", "Ед. изм.", "Цена, руб."],
        [
            ["Кессон пластиковый 1,5 м", "шт.", "48 000"],
            ["Кессон металлический 2,0 м", "шт.", "62 000"],
            ["Скважинный адаптер (вместо кессона)", "шт.", "18 500"],
            ["Прокачка скважины после бурения", "час", "2 200"],
            ["Химический анализ воды (30 показателей)", "проба", "5 600"],
            ["Монтаж насосного оборудования", "комплект", "12 000"],
            ["Паспорт скважины", "шт.", "3 000"],
        ],
    )
    d.add_paragraph(
        "Насосы, гидроаккумуляторы и фильтры подбираются под дебит скважины и оплачиваются отдельно "
        "по счёту поставщика. "
        "Также выполняем ремонт и чистку старых скважин."
    )

    d.add_heading("4. Условия оплаты и гарантии", level=1)
    for line in [
        "Предоплата 30 % от сметы вносится при подписании договора, остаток — в день сдачи скважины по акту.",
        "Гарантия на скважину на песок — 3 года, на артезианскую скважину — 5 лет с даты подписания акта. "
        "На насосное оборудование действует гарантия его производителя.",
        "Если вода не получена («сухая» скважина), заказчик оплачивает только 50 % стоимости пробуренных метров.",
        "С 1 декабря по 28 февраля подъезд к участку расчищает заказчик; при работе в мороз ниже −20 °C к цене "
        "бурения применяется надбавка 10 %.",
        "Пенсионерам предоставляется скидка 5 % на бурение; скидки не суммируются.",
        "Оплата принимается наличными, банковской картой или переводом на расчётный счёт.",
    ]:
        d.add_paragraph(line, style="List Bullet")

    d.save(str(path))
    normalize_zip(path)


# ----------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    wb = Workbook()
    wb.properties.creator = "绿源充电站"
    wb.properties.title = "绿源电动汽车充电站收费标准（2026年版）"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "绿源充电站"
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "充电价格"
    rows = [
        ["绿源电动汽车充电站（杭州市滨江区江南大道1088号）收费标准，自2026年1月1日起执行"],
        [],
        ["时段", "时间", "电费（元/千瓦时）", "服务费（元/千瓦时）", "合计（元/千瓦时）"],
        ["峰时", "10:00–15:00、18:00–21:00", 1.05, 0.80, 1.85],
        ["平时", "07:00–10:00、15:00–18:00、21:00–23:00", 0.68, 0.60, 1.28],
        ["谷时", "23:00–次日07:00", 0.32, 0.40, 0.72],
        [],
        ["注1：以上价格适用于直流快充桩和直流超充桩；交流慢充桩的服务费统一为每千瓦时0.30元，电费按同一时段执行。"],
        ["注2：电费按国网浙江省电力公司分时电价执行，如有调整，以站内公示为准。"],
        ["注3：充电结束后请在15分钟内将车辆驶离充电车位。"],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[3]:
        c.font = bold
    ws["A1"].font = Font(bold=True, size=13)
    for col, w in zip("ABCDE", (10, 38, 18, 20, 18)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("充电桩类型")
    rows2 = [
        ["桩型", "额定功率（kW）", "数量（个）", "适用车型", "位置"],
        ["交流慢充", 7, 12, "所有国标交流车型", "地下B1层A区"],
        ["直流快充", 60, 8, "国标直流车型", "地面C区"],
        ["直流快充", 120, 6, "国标直流车型", "地面D区"],
        ["直流超充", 240, 2, "支持800V高压平台的车型", "地面D区"],
        [],
        ["说明：直流超充桩每车单次充电时长不超过60分钟；交流慢充桩适合夜间停放充电。"],
        ["全站共28个充电车位，其中2个为无障碍车位。"],
    ]
    for r in rows2:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    for col, w in zip("ABCDE", (12, 16, 12, 26, 16)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("停车与会员")
    rows3 = [
        ["会员等级", "年费（元）", "服务费折扣", "每月免费停车（小时）", "办理方式"],
        ["普通会员", 0, "无折扣", 0, "小程序注册"],
        ["银卡会员", 199, "9折", 10, "小程序购买"],
        ["金卡会员", 499, "8折", 30, "小程序购买"],
        ["企业车队", 1999, "7折", "不限", "线下签约（至少5辆车）"],
        [],
        ["停车规定：充电车辆可免费停车2小时，超过2小时后每小时收取占位费5元，单次最高收取50元。"],
        ["燃油车占用充电车位的，按每次200元收取占位费。"],
        ["折扣仅适用于服务费，不适用于电费。会员有效期为购买之日起12个月。"],
        ["营业时间：全天24小时；客服电话：400-820-6618；可开具增值税电子普通发票。"],
    ]
    for r in rows3:
        ws3.append(r)
    for c in ws3[1]:
        c.font = bold
    for col, w in zip("ABCDE", (12, 12, 12, 22, 24)):
        ws3.column_dimensions[col].width = w
    for wsx in (ws, ws2, ws3):
        for row in wsx.iter_rows():
            for c in row:
                c.alignment = Alignment(vertical="top")

    wb.save(str(path))
    normalize_zip(path)


# ----------------------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    prs.core_properties.author = "Fairway Heights Driving Range"
    prs.core_properties.title = "Fairway Heights Driving Range - 2026 prices and terms"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.last_modified_by = "Fairway Heights"
    prs.core_properties.revision = 1
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)

    def add_title(slide, text):
        tb = slide.shapes.add_textbox(Inches(0.5), Inches(0.3), Inches(12.3), Inches(0.9))
        tf = tb.text_frame
        tf.text = text
        tf.paragraphs[0].runs[0].font.size = Pt(30)
        tf.paragraphs[0].runs[0].font.bold = True

    def add_text(slide, lines, top, height=1.5, size=14):
        tb = slide.shapes.add_textbox(Inches(0.5), Inches(top), Inches(12.3), Inches(height))
        tf = tb.text_frame
        tf.word_wrap = True
        for i, line in enumerate(lines):
            para = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            para.text = line
            for r in para.runs:
                r.font.size = Pt(size)

    def add_table(slide, data, top, height, col_widths):
        rows, cols = len(data), len(data[0])
        gt = slide.shapes.add_table(rows, cols, Inches(0.5), Inches(top), Inches(sum(col_widths)), Inches(height))
        t = gt.table
        for j, w in enumerate(col_widths):
            t.columns[j].width = Inches(w)
        for i, row in enumerate(data):
            for j, v in enumerate(row):
                cell = t.cell(i, j)
                cell.text = v
                for para in cell.text_frame.paragraphs:
                    for r in para.runs:
                        r.font.size = Pt(14)
                        r.font.bold = i == 0

    blank = prs.slide_layouts[6]

    # Slide 1
    s = prs.slides.add_slide(blank)
    add_title(s, "Fairway Heights Driving Range — 2026 Prices & Terms")
    add_text(
        s,
        [
            "42 Quarry Lane, Harrogate HG3 2LP · open daily 7:00 am – 10:00 pm (closed 25 December).",
            "32 bays on two levels: 14 outdoor bays, 12 covered bays and 6 heated bays. Floodlights come on at sunset.",
            "Prices valid from 1 January 2026 and include VAT.",
            "A mini-golf course next to the range opens in spring 2027.",
        ],
        top=1.4,
        height=2.5,
        size=18,
    )
    s.notes_slide.notes_text_frame.text = "Front desk: hand out this sheet with every first visit."

    # Slide 2: buckets
    s = prs.slides.add_slide(blank)
    add_title(s, "Range balls — price per bucket")
    add_table(
        s,
        [
            ["Bucket", "Balls", "Outdoor bay", "Covered bay", "Heated bay*"],
            ["Small", "40", "$8", "$10", "$12"],
            ["Medium", "80", "$14", "$17", "$20"],
            ["Large", "120", "$19", "$23", "$27"],
            ["Jumbo", "200", "$28", "$33", "$38"],
        ],
        top=1.4,
        height=2.6,
        col_widths=[2.4, 1.6, 2.6, 2.6, 2.6],
    )
    add_text(
        s,
        [
            "* Heated bays are open from November to March only.",
            "Ball-tracking screens are fitted on covered bays only and cost $6 per hour on top of the bucket price.",
            "Range balls may not be taken off the premises: a charge of $1 per ball applies.",
        ],
        top=4.4,
        height=1.8,
    )

    # Slide 3: lessons and hire
    s = prs.slides.add_slide(blank)
    add_title(s, "Coaching and club hire")
    add_table(
        s,
        [
            ["Service", "Duration", "Price"],
            ["Private lesson with a PGA coach", "30 minutes", "$45"],
            ["Private lesson with a PGA coach", "60 minutes", "$80"],
            ["Group clinic (up to 6 players)", "90 minutes", "$35 per player"],
            ["Junior clinic (ages 8–15)", "60 minutes", "$20 per player"],
            ["Single club hire", "per visit", "$3"],
            ["Half-set hire (7 clubs and bag)", "per visit", "$10"],
        ],
        top=1.4,
        height=3.4,
        col_widths=[5.6, 2.8, 3.4],
    )
    add_text(
        s,
        [
            "Lessons cancelled less than 24 hours before the start are charged in full.",
            "Players under 12 must be accompanied by an adult at all times.",
        ],
        top=5.2,
        height=1.2,
    )

    # Slide 4: memberships
    s = prs.slides.add_slide(blank)
    add_title(s, "Memberships and general terms")
    add_table(
        s,
        [
            ["Membership", "Monthly fee", "Included", "Member benefits"],
            ["Range Pass", "$49", "1 medium bucket per day", "10% off lessons"],
            ["Range Pass Plus", "$89", "1 large bucket per day", "20% off lessons, free club hire"],
        ],
        top=1.4,
        height=1.6,
        col_widths=[2.8, 2.0, 3.6, 4.0],
    )
    add_text(
        s,
        [
            "Memberships run month to month; members give 30 days' written notice to cancel.",
            "Included buckets are for the member's own use and cannot be carried over to another day.",
            "Gift vouchers are valid for 12 months from the date of purchase.",
            "Corporate and party bookings of 10 bays or more: ask at the front desk.",
        ],
        top=3.4,
        height=2.4,
    )

    prs.save(str(path))
    normalize_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial72/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial72"
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "akvabur_prais_2026.docx")
    make_xlsx(out / "lvyuan_chongdian_2026.xlsx")
    make_pptx(out / "fairway_heights_2026.pptx")


if __name__ == "__main__":
    main()
