#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 65 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- ostry_kray_prays.docx          Russian knife and tool sharpening workshop «Острый край» in
                                 Kaluga: address and opening hours (Saturday 11:00-17:00,
                                 Sunday closed), knives by blade length with machine and
                                 hand-on-water-stones prices (one «не выполняется» cell) and a
                                 note on chips and tips, scissors and manicure tools with price
                                 and working days, skates, garden and joinery tools (secateurs,
                                 axe, chisel, chainsaw chains by link count), terms of service
                                 as bullets (one-hour rush +50 %, 10 % off from 5 knives, the
                                 master's visit, 30-day guarantee, storage, payment)
- antu_daijia_jiamubiao.xlsx     Chinese designated-driver service 安途代驾: start fares by
                                 time band with included kilometres and per-km rate, notes
                                 注1-注2 below (sheet 起步价), waiting, stops, return-trip,
                                 public-holiday and Spring Festival surcharges with notes and a
                                 cancellation note (sheet 等候与附加费), 4- and 8-hour business
                                 packages with price and overtime per hour and intercity
                                 one-way trips by distance band, two notes (sheet 包时与城际)
- oakridge_tree_care_rates.pptx  English tree-care company in Hamilton County: a title slide
                                 (insurance, free estimates), tree removal by height with price
                                 and time on site and notes below (speaker note: crane
                                 removals quoted separately), stump grinding by diameter,
                                 crown pruning per hour, hedge trimming per linear foot,
                                 emergency storm call-out, and notes (20 % off each further
                                 stump, cabling and bracing on request, invoices in 14 days)

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2026-02-15 09:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial65.py benchmarks/devset/docs
"""
import datetime as dt
import io
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from openpyxl import Workbook
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 2, 15, 9, 0, 0)
ZIP_TIME = (2026, 2, 15, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed timestamps and fixed core-property dates."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", r"\g<1>" + stamp + r"\2", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", r"\g<1>" + stamp + r"\2", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    path.write_bytes(buf.getvalue())


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.author = "Мастерская «Острый край»"
    cp.title = "Прейскурант заточной мастерской «Острый край»"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Острый край"
    cp.revision = 1

    d.add_heading("Заточная мастерская «Острый край»", level=0)
    d.add_paragraph(
        "Прейскурант и условия обслуживания. Действует с 1 марта 2026 года. "
        "Адрес: г. Калуга, ул. Кирова, д. 21, вход со двора. "
        "Режим работы: понедельник–пятница с 10:00 до 20:00, суббота с 11:00 до 17:00, воскресенье — выходной."
    )

    d.add_heading("1. Заточка ножей", level=1)
    d.add_paragraph("Цена указана за один нож в зависимости от длины клинка.")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    hdr = t.rows[0].cells
    hdr[0].text = "Длина клинка"
    hdr[1].text = "Машинная заточка, руб."
    hdr[2].text = "Ручная заточка на водных камнях, руб."
    for row in [
        ("до 12 см", "350", "600"),
        ("от 12 до 20 см", "450", "800"),
        ("от 20 до 30 см", "550", "1 000"),
        ("свыше 30 см (тесаки, мачете)", "700", "не выполняется"),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    d.add_paragraph(
        "* Выведение сколов глубиной более 1 мм оплачивается дополнительно: 150 руб. за каждый скол. "
        "Восстановление сломанного кончика клинка — 300 руб."
    )
    d.add_paragraph(
        "Керамические ножи и ножи с серрейторной (волнистой) заточкой мастерская не принимает."
    )

    d.add_heading("2. Ножницы и маникюрный инструмент", level=1)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    hdr = t.rows[0].cells
    hdr[0].text = "Изделие"
    hdr[1].text = "Цена, руб."
    hdr[2].text = "Срок, рабочих дней"
    for row in [
        ("Ножницы бытовые", "300", "1"),
        ("Ножницы портновские длиной до 25 см", "500", "2"),
        ("Ножницы портновские длиной свыше 25 см", "650", "2"),
        ("Ножницы парикмахерские прямые", "1 200", "3"),
        ("Ножницы парикмахерские филировочные", "1 500", "3"),
        ("Кусачки маникюрные", "400", "2"),
        ("Пинцет для бровей", "250", "1"),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    d.add_paragraph(
        "Парикмахерские ножницы затачиваются только вручную, с полировкой полотен и регулировкой винта."
    )

    d.add_heading("3. Коньки, садовый и столярный инструмент", level=1)
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    hdr = t.rows[0].cells
    hdr[0].text = "Изделие"
    hdr[1].text = "Цена, руб."
    for row in [
        ("Коньки хоккейные, пара", "450"),
        ("Коньки фигурные, пара", "600"),
        ("Секатор", "500"),
        ("Топор", "400"),
        ("Стамеска или рубанок (нож рубанка)", "350"),
        ("Цепь бензопилы до 40 звеньев", "500"),
        ("Цепь бензопилы от 41 до 72 звеньев", "700"),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v

    d.add_heading("4. Условия обслуживания", level=1)
    for s in [
        "Срочная заточка в течение одного часа выполняется с наценкой 50 % к цене по прейскуранту.",
        "При одновременной сдаче от 5 ножей предоставляется скидка 10 % на заточку ножей.",
        "Выезд мастера в ресторан или офис стоит 1 500 руб.; при заказе на сумму от 10 000 руб. выезд бесплатный.",
        "Гарантия на заточку — 30 дней при бытовом использовании инструмента.",
        "Готовые изделия хранятся бесплатно 14 дней, далее хранение стоит 50 руб. в сутки.",
        "Оплата наличными или банковской картой; для организаций — по безналичному расчёту с договором.",
    ]:
        d.add_paragraph(s, style="List Bullet")

    d.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "安途代驾"
    wb.properties.title = "安途代驾服务价目表（2026年）"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "起步价"
    rows = [
        ["时段", "起步价（元）", "起步价含里程（公里）", "超出部分（元/公里）"],
        ["07:00-21:59", 39, 10, 3],
        ["22:00-23:59", 59, 10, 4],
        ["00:00-04:59", 79, 10, 5],
        ["05:00-06:59", 49, 10, 3],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[1]:
        c.font = bold
    ws.append([])
    ws.append(["注1：按司机接单时的时段计价；行程跨时段时不重新计算起步价。"])
    ws.append(["注2：所有代驾司机均持有驾驶证满5年以上，并经过公司培训考核。"])

    ws2 = wb.create_sheet("等候与附加费")
    rows = [
        ["项目", "收费标准", "备注"],
        ["免费等候", "司机到达后前10分钟", "不收费"],
        ["超时等候", "1元/分钟", "从第11分钟开始计费"],
        ["途中停靠", "10元/次", "每次停靠不超过5分钟"],
        ["远途返程费", "1.5元/公里", "单程超过30公里时，按超出30公里部分收取"],
        ["节假日附加费", "20元/单", "法定节假日全天"],
        ["春节附加费", "50元/单", "除夕至正月初五"],
    ]
    for r in rows:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    ws2.append([])
    ws2.append(["说明：司机出发后取消订单，收取空驶费20元；司机到达后取消，收取30元。"])

    ws3 = wb.create_sheet("包时与城际")
    rows = [
        ["套餐", "包含时长", "价格（元）", "超时费（元/小时）"],
        ["商务包时 4小时", "4小时，含60公里", 360, 80],
        ["商务包时 8小时", "8小时，含120公里", 650, 80],
        ["城际单程 100公里以内", "—", 450, "—"],
        ["城际单程 100-200公里", "—", 800, "—"],
        ["城际单程 200-300公里", "—", 1100, "—"],
    ]
    for r in rows:
        ws3.append(r)
    for c in ws3[1]:
        c.font = bold
    ws3.append([])
    ws3.append(["说明：城际单程价格已含司机返程交通费；高速公路通行费和停车费由客户承担。"])
    ws3.append(["包时套餐超出所含公里数后，每公里加收2元。"])

    for sheet in (ws, ws2, ws3):
        sheet.column_dimensions["A"].width = 26
        sheet.column_dimensions["B"].width = 22
        sheet.column_dimensions["C"].width = 40
        sheet.column_dimensions["D"].width = 20
    wb.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------- PPTX (en)
def _table(slide, rows, left, top, width, height, col_widths):
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, height)
    tbl = shape.table
    for j, w in enumerate(col_widths):
        tbl.columns[j].width = w
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            cell = tbl.cell(i, j)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
    return tbl


def _textbox(slide, text_lines, left, top, width, height, size=14):
    tb = slide.shapes.add_textbox(left, top, width, height)
    tf = tb.text_frame
    tf.word_wrap = True
    for k, line in enumerate(text_lines):
        p = tf.paragraphs[0] if k == 0 else tf.add_paragraph()
        p.text = line
        for run in p.runs:
            run.font.size = PPt(size)
    return tb


def make_pptx(out: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Oakridge Tree Care"
    cp.title = "Oakridge Tree Care - Services and Rates 2026"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Oakridge Tree Care"
    cp.revision = 1

    # Slide 1: title
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Oakridge Tree Care — Services and Rates 2026"
    s.placeholders[1].text = (
        "Certified arborists serving Hamilton County since 2009. "
        "Fully insured: general liability cover up to $2,000,000. "
        "Free written estimates within 3 business days."
    )

    blank = prs.slide_layouts[5]  # title only

    # Slide 2: tree removal
    s = prs.slides.add_slide(blank)
    s.shapes.title.text = "Tree removal by height"
    _table(
        s,
        [
            ["Tree height", "Price (USD)", "Typical time on site"],
            ["Small, under 15 ft", "$250", "1–2 hours"],
            ["Medium, 15–30 ft", "$550", "half a day"],
            ["Large, 30–60 ft", "$1,100", "full day"],
            ["Extra large, over 60 ft", "from $1,800", "quoted on site"],
        ],
        Inches(0.7), Inches(1.6), Inches(11.9), Inches(2.8),
        [Inches(4.4), Inches(3.5), Inches(4.0)],
    )
    _textbox(
        s,
        [
            "* Removal prices include cutting the trunk into rounds and hauling away all branches.",
            "Trees within 10 ft of a house or power line add 25% to the removal price.",
            "Stump grinding is not included in tree removal; see the next slide.",
        ],
        Inches(0.7), Inches(4.8), Inches(11.9), Inches(1.8),
    )
    s.notes_slide.notes_text_frame.text = (
        "Crane-assisted removals are subcontracted and quoted separately."
    )

    # Slide 3: stumps, pruning, other services
    s = prs.slides.add_slide(blank)
    s.shapes.title.text = "Stump grinding, pruning and other services"
    _table(
        s,
        [
            ["Service", "Unit", "Price (USD)"],
            ["Stump grinding, up to 12 in diameter", "per stump", "$90"],
            ["Stump grinding, 12–24 in diameter", "per stump", "$150"],
            ["Stump grinding, over 24 in diameter", "per stump", "$220"],
            ["Crown pruning (2-person crew)", "per hour", "$120"],
            ["Hedge trimming", "per linear foot", "$3"],
            ["Emergency storm call-out", "flat fee", "$300"],
        ],
        Inches(0.7), Inches(1.5), Inches(11.9), Inches(3.4),
        [Inches(6.0), Inches(2.9), Inches(3.0)],
    )
    _textbox(
        s,
        [
            "Each additional stump ground on the same visit is 20% off.",
            "Cabling and bracing of weak limbs is also available on request.",
            "Wood chips can be left on site free of charge. Invoices are payable within 14 days.",
        ],
        Inches(0.7), Inches(5.1), Inches(11.9), Inches(1.8),
    )

    prs.save(out)
    normalise_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial65/
    outdir = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial65"))
    outdir.mkdir(parents=True, exist_ok=True)
    make_docx(outdir / "ostry_kray_prays.docx")
    make_xlsx(outdir / "antu_daijia_jiamubiao.xlsx")
    make_pptx(outdir / "oakridge_tree_care_rates.pptx")
    print("written to", outdir)


if __name__ == "__main__":
    main()
