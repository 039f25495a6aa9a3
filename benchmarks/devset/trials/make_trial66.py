#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 66 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- chasy_mayatnik_ru.docx    Russian watch-repair workshop «Маятник» in Tver: address and
                            opening hours (Saturday 11:00-17:00, Sunday closed), battery
                            replacement by watch type with price, time and note (a
                            smartwatch footnote), mechanical servicing by movement with
                            price, working days and warranty (a footnote: tourbillon,
                            minute repeater, perpetual calendar priced after diagnosis),
                            glass, bracelet and strap work (sapphire glass «по запросу»),
                            terms as bullets (diagnosis 500 rubles when the repair is
                            declined, rush +50 %, 6-month battery warranty, storage 20
                            rubles a day after three months, pensioners 10 % off, payment)
- caizhai_lvye_zh.xlsx      Chinese pick-your-own fruit farm 绿野采摘园: tickets by visitor
                            group with weekday and weekend prices and notes below (sheet
                            门票), picking prices per jin by variety with months and minimum
                            weight, two notes (sheet 采摘价格), services (barbecue, fishing,
                            farm lunch, parking, team-building lawn) and the visitor rules
                            游园须知 below them (hours 8:00-17:30, last entry 16:30; sheet
                            配套服务及须知)
- fletcher_archery_en.pptx  English archery range: lane time by lane and distance for 30
                            and 60 minutes with notes (outdoor fields '—' for 30 minutes;
                            a footnote and a speaker note), lessons and equipment hire,
                            memberships and range rules (minimum age 8, opening hours)

The trial's generator pinned every zip member's time, compression and attributes, the
members' order ([Content_Types].xml first), the core properties' created and modified times
(2026-11-20 09:00:00) and core.xml's modified time once more after saving (openpyxl's
save-time stamp overwritten), so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial66.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)
ZIP_TIME = (2026, 11, 20, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed entry times and a fixed entry order."""
    with zipfile.ZipFile(path) as zin:
        items = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        # [Content_Types].xml first, as Office writes it
        items.sort(key=lambda kv: (kv[0] != "[Content_Types].xml",))
        for name, data in items:
            if name == "docProps/core.xml":
                # openpyxl stamps "modified" with the time of saving: pin it
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>2026-11-20T09:00:00Z\g<2>",
                    data,
                )
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)
    path.write_bytes(buf.getvalue())


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.title = "Прейскурант часовой мастерской «Маятник»"
    cp.author = "ИП Гордеев А. В."
    cp.last_modified_by = "ИП Гордеев А. В."
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 3
    cp.language = "ru-RU"
    cp.subject = "Цены и условия обслуживания"
    cp.keywords = "часы, ремонт, батарейка, прейскурант"
    cp.comments = ""
    cp.category = ""
    cp.identifier = ""
    cp.version = "2026-12"

    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("Часовая мастерская «Маятник»", level=0)
    d.add_paragraph(
        "Прейскурант и условия обслуживания. Действует с 1 декабря 2026 года. "
        "Адрес: г. Тверь, ул. Советская, д. 14, вход со двора. "
        "Часы работы: понедельник–пятница с 10:00 до 20:00, суббота с 11:00 до 17:00, "
        "воскресенье — выходной."
    )

    def table(headers, rows, widths=None):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for c, h in enumerate(headers):
            cell = t.rows[0].cells[c]
            cell.text = h
            for r in cell.paragraphs[0].runs:
                r.bold = True
        for row in rows:
            cells = t.add_row().cells
            for c, v in enumerate(row):
                cells[c].text = v
        return t

    d.add_heading("1. Замена элемента питания", level=1)
    d.add_paragraph(
        "Стоимость указана с учётом батарейки Renata или Maxell. Замена выполняется "
        "в присутствии клиента."
    )
    table(
        ["Тип часов", "Цена, руб.", "Срок выполнения", "Примечание"],
        [
            ["Кварцевые наручные, без защиты от воды", "450", "15 минут", "—"],
            ["Кварцевые наручные, водозащита 5–10 атм", "900", "40 минут",
             "с заменой прокладки и проверкой герметичности"],
            ["Кварцевый хронограф", "750", "30 минут", "с установкой стрелок в ноль"],
            ["Настенные и настольные часы", "250", "10 минут", "батарейка АА клиента — 100 руб."],
            ["Детские и фитнес-часы с батарейкой CR2032", "350", "20 минут", "—"],
        ],
    )
    d.add_paragraph("* Смарт-часы с аккумулятором мастерская не обслуживает.")

    d.add_heading("2. Обслуживание механических часов", level=1)
    d.add_paragraph(
        "Полное обслуживание включает разборку, ультразвуковую чистку, смазку и "
        "регулировку хода. Цена не включает стоимость запасных частей."
    )
    table(
        ["Механизм", "Цена, руб.", "Срок, рабочих дней", "Гарантия"],
        [
            ["Ручной подзавод, без усложнений", "4 500", "10", "12 месяцев"],
            ["Автоматический подзавод", "5 800", "12", "12 месяцев"],
            ["Автоматический подзавод с календарём", "6 900", "14", "12 месяцев"],
            ["Механический хронограф", "8 900", "20", "12 месяцев"],
            ["Карманные часы", "5 200", "15", "6 месяцев"],
        ],
    )
    d.add_paragraph(
        "** Часы с усложнениями (турбийон, минутный репетир, вечный календарь) "
        "принимаются только после диагностики; стоимость определяется индивидуально."
    )

    d.add_heading("3. Стёкла, браслеты и ремешки", level=1)
    table(
        ["Работа", "Цена, руб.", "Срок"],
        [
            ["Замена минерального стекла, диаметр до 30 мм", "1 200", "1 день"],
            ["Замена минерального стекла, диаметр 30–40 мм", "1 500", "1 день"],
            ["Замена минерального стекла, диаметр свыше 40 мм", "1 900", "2 дня"],
            ["Замена сапфирового стекла", "по запросу", "от 7 дней"],
            ["Укорачивание металлического браслета (до 3 звеньев)", "300", "10 минут"],
            ["Установка ремешка клиента", "200", "10 минут"],
            ["Полировка корпуса и браслета", "2 400", "3 дня"],
        ],
    )

    d.add_heading("4. Условия", level=1)
    for text in [
        "Диагностика бесплатна при согласии на ремонт; при отказе от ремонта "
        "диагностика оплачивается в размере 500 рублей.",
        "Срочное выполнение работ возможно с наценкой 50 % к стоимости работы.",
        "Гарантия на замену элемента питания составляет 6 месяцев и не распространяется "
        "на саму батарейку.",
        "Изделия, не востребованные в течение трёх месяцев после уведомления о готовности, "
        "передаются на платное хранение: 20 рублей за каждые сутки.",
        "Пенсионерам по предъявлении удостоверения предоставляется скидка 10 % на все работы, "
        "кроме срочных.",
        "Оплата наличными или картой; для юридических лиц — по счёту.",
    ]:
        d.add_paragraph(text, style="List Bullet")

    d.save(path)
    normalise_zip(path)


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    p = wb.properties
    p.creator = "绿野采摘园"
    p.lastModifiedBy = "绿野采摘园"
    p.created = FIXED
    p.modified = FIXED
    p.title = "绿野采摘园 2026—2027 年价目表"
    p.subject = "门票、采摘价格与配套服务"
    p.language = "zh-CN"

    bold = Font(bold=True)

    ws = wb.active
    ws.title = "门票"
    rows = [
        ["票种", "适用人群", "平日价（元）", "周末及节假日价（元）", "备注"],
        ["成人票", "身高1.5米以上", 40, 60, "含0.5斤当季水果品尝"],
        ["儿童票", "身高1.2—1.5米", 20, 30, "须由成人陪同"],
        ["儿童免票", "身高1.2米以下", 0, 0, "每名成人限带1名"],
        ["长者票", "65岁及以上", 20, 30, "凭身份证"],
        ["学生票", "全日制在校学生", 30, 45, "凭学生证"],
        ["年卡", "不限", 380, 380, "一年内不限次数入园，不含采摘费"],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[1]:
        c.font = bold
    ws.append([])
    ws.append(["注：20人及以上团队门票打八折，须提前一天电话预约。"])
    ws.append(["注：门票当日有效，出园后再次入园须重新购票。"])
    for col, w in zip("ABCDE", (12, 18, 14, 20, 32)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("采摘价格")
    rows = [
        ["品种", "采摘月份", "单价（元/斤）", "起采量（斤）", "备注"],
        ["草莓（红颜）", "12月—次年4月", 35, 1, "大棚种植"],
        ["草莓（章姬）", "12月—次年4月", 30, 1, "大棚种植"],
        ["蓝莓", "6月—8月", 45, 1, ""],
        ["樱桃（美早）", "5月—6月", 50, 2, ""],
        ["樱桃（红灯）", "5月—6月", 40, 2, ""],
        ["水蜜桃", "7月—9月", 12, 3, ""],
        ["葡萄（阳光玫瑰）", "8月—10月", 28, 2, ""],
        ["葡萄（巨峰）", "8月—9月", 15, 2, ""],
        ["苹果（红富士）", "10月—11月", 8, 5, "可代为装箱邮寄"],
    ]
    for r in rows:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    ws2.append([])
    ws2.append(["注：采摘果品出园前统一称重付款，园内现场品尝不计重量。"])
    ws2.append(["注：各品种实际开园日期以果实成熟情况为准，请关注公众号通知。"])
    for col, w in zip("ABCDE", (18, 16, 14, 14, 20)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("配套服务及须知")
    rows = [
        ["服务项目", "计费单位", "价格（元）", "说明"],
        ["烧烤炉租用", "每小时", 50, "含木炭一袋"],
        ["烧烤炉租用", "半天（4小时）", 150, "含木炭两袋"],
        ["垂钓", "每竿每小时", 30, "鱼获按每斤20元另计"],
        ["农家午餐", "每位", 68, "需提前预订"],
        ["停车（小型车）", "每次", 10, ""],
        ["停车（大巴）", "每次", 30, ""],
        ["团建草坪场地", "半天", 800, "可容纳60人"],
    ]
    for r in rows:
        ws3.append(r)
    for c in ws3[1]:
        c.font = bold
    ws3.append([])
    ws3.append(["游园须知"])
    ws3["A10"].font = bold
    for line in [
        "1. 营业时间为每天8:00至17:30，最晚入园时间为16:30。",
        "2. 园区禁止携带宠物入内，导盲犬除外。",
        "3. 请勿攀折果树枝条，损坏果树按每株200元赔偿。",
        "4. 遇暴雨、大风等恶劣天气，采摘区暂停开放，已购门票可在30天内改期使用。",
        "5. 咨询及团队预约电话：0571-8866 2035。",
    ]:
        ws3.append([line])
    for col, w in zip("ABCD", (18, 16, 12, 24)):
        ws3.column_dimensions[col].width = w

    wb.save(path)
    normalise_zip(path)


# --------------------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    prs = Presentation()
    cp = prs.core_properties
    cp.title = "Fletcher's Archery Range — Prices and Range Rules 2027"
    cp.author = "Fletcher's Archery Range Ltd"
    cp.last_modified_by = "Fletcher's Archery Range Ltd"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 2
    cp.subject = "Price list"
    cp.keywords = "archery, lanes, lessons, membership"
    cp.language = "en-GB"

    layout = prs.slide_layouts[5]  # title only

    def slide_with_table(title, headers, rows, top=1.5, col_widths=None, notes=None):
        s = prs.slides.add_slide(layout)
        s.shapes.title.text = title
        s.shapes.title.text_frame.paragraphs[0].runs[0].font.size = PPt(28)
        nrows, ncols = len(rows) + 1, len(headers)
        height = Inches(0.38 * nrows)
        gt = s.shapes.add_table(nrows, ncols, Inches(0.4), Inches(top), Inches(9.2), height).table
        for c, h in enumerate(headers):
            gt.cell(0, c).text = h
        for r, row in enumerate(rows, start=1):
            for c, v in enumerate(row):
                gt.cell(r, c).text = v
        for r in range(nrows):
            for c in range(ncols):
                for para in gt.cell(r, c).text_frame.paragraphs:
                    for run in para.runs:
                        run.font.size = PPt(12)
        if col_widths:
            for c, w in enumerate(col_widths):
                gt.columns[c].width = Inches(w)
        if notes:
            s.notes_slide.notes_text_frame.text = notes
        return s, top + 0.38 * nrows

    def add_text(slide, top, lines, size=12):
        tb = slide.shapes.add_textbox(Inches(0.4), Inches(top + 0.15), Inches(9.2), Inches(1.6))
        tf = tb.text_frame
        tf.word_wrap = True
        for i, line in enumerate(lines):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = line
            for run in p.runs:
                run.font.size = PPt(size)

    s1, bottom = slide_with_table(
        "Range time — Fletcher's Archery Range",
        ["Lane", "Distance", "30 minutes", "60 minutes", "Notes"],
        [
            ["Indoor lane, short", "10 m", "$14", "$24", "Up to 2 archers per lane"],
            ["Indoor lane, standard", "18 m", "$16", "$28", "Up to 2 archers per lane"],
            ["Outdoor field, club", "30 m", "—", "$20", "Per archer"],
            ["Outdoor field, long", "50 m", "—", "$25", "Per archer"],
            ["Outdoor field, Olympic", "70 m", "—", "$30", "Members and certified archers only¹"],
        ],
        col_widths=[2.4, 1.1, 1.3, 1.3, 3.1],
        notes="Lane prices were last changed in January 2027. Weekend mornings are busiest.",
    )
    add_text(s1, bottom, [
        "¹ Certification means a completed beginner course or a recognised club card.",
        "Outdoor fields open from April to October; indoor lanes all year.",
        "Targets and bosses are included in every lane price.",
    ])

    s2, bottom = slide_with_table(
        "Lessons and equipment hire",
        ["Item", "Length", "Price", "Includes"],
        [
            ["Intro session", "60 min", "$35", "Coach, bow, arrows, arm guard"],
            ["Beginner course", "4 × 90 min", "$160", "Coach, equipment, certificate"],
            ["Private coaching", "per hour", "$55", "1:1 with a level 2 coach"],
            ["Recurve bow hire", "per session", "$12", "Bow and stringer"],
            ["Compound bow hire", "per session", "$18", "Bow and release aid"],
            ["Arrows hire", "set of 6", "$6", "Aluminium arrows"],
        ],
        col_widths=[2.4, 1.6, 1.2, 4.0],
    )
    add_text(s2, bottom, [
        "Arm guards and finger tabs are lent free of charge.",
        "A hired arrow that breaks is charged at $4 each.",
        "Lessons cancelled less than 24 hours before the start are charged at 50% of the price.",
    ])

    s3, bottom = slide_with_table(
        "Memberships and range rules",
        ["Membership", "Price", "Range time", "Extras"],
        [
            ["Monthly", "$65", "Unlimited lane use", "—"],
            ["Quarterly", "$180", "Unlimited lane use", "1 guest pass"],
            ["Annual", "$600", "Unlimited lane use", "4 guest passes, 10% off lessons"],
            ["Junior annual (under 18)", "$300", "Unlimited lane use", "10% off lessons"],
        ],
        col_widths=[2.6, 1.2, 2.4, 3.0],
    )
    add_text(s3, bottom, [
        "Minimum age is 8; archers under 14 must be accompanied by a paying adult.",
        "Open Tuesday to Sunday, 9:00 to 21:00; closed on Mondays.",
        "Gift vouchers are valid for 12 months from the date of purchase.",
        "Own equipment: draw weight limit 60 lb indoors; no broadheads on the range.",
    ])

    prs.save(path)
    normalise_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial66/
    outdir = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial66"))
    outdir.mkdir(parents=True, exist_ok=True)
    make_docx(outdir / "chasy_mayatnik_ru.docx")
    make_xlsx(outdir / "caizhai_lvye_zh.xlsx")
    make_pptx(outdir / "fletcher_archery_en.pptx")
    print("written to", outdir)


if __name__ == "__main__":
    main()
