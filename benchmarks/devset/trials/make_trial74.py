#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 74 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- snegostop_prajs_2026-2027.docx       Russian snow-removal service ООО «СнегоСтоп»
                                       (Yekaterinburg), price list for the winter season
                                       2026/2027: manual clearing by snow depth (up to 10,
                                       10-30, 30-50, over 50 cm), paths and de-icing, with a
                                       footnote; machinery with operator (Bobcat S530, МТЗ-82,
                                       SDLG L956, КамАЗ dump truck) with minimum orders and
                                       hourly prices; roof clearing by roof type and icicles;
                                       seasonal subscriptions («Старт», «Стандарт», «Без
                                       забот», 8 % per extra сотка) and the conditions (urgent
                                       +30 %, night +20 %, 45 rubles per km outside ЕКАД)
- changxing_zuche_jiamubiao_2027.xlsx  Chinese car rental 畅行租车 (Chengdu), 2027: six car
                                       classes with weekday, weekend, weekly and monthly rates
                                       and deposits, notes 注1-2 (sheet 车型租金), cover levels
                                       and extras (child seat, extra driver, delivery, one-way
                                       returns, snow chains; sheet 保障与附加服务), the rental
                                       terms (minimum age 22, 300 km a day, fuel, deposits,
                                       cancellation, opening hours; sheet 租车须知)
- greenstripe_lawn_care_2027.pptx      English lawn care, GreenStripe (Leeds), 2027: a title
                                       slide, mowing by lawn size (one-off, weekly and
                                       fortnightly plans), treatments (£165 year-round
                                       programme, 12p per extra m²), hedges by height and
                                       extras, the terms (£25 minimum charge); one speaker note

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-20 09:00:00, the members in the order the library wrote them) and core.xml's created
and modified times after saving, so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial74.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)
ZIP_TIME = (2026, 11, 20, 9, 0, 0)


def normalize_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed timestamps and fixed core-property dates."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              r"\g<1>2026-11-20T09:00:00Z\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              r"\g<1>2026-11-20T09:00:00Z\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------- Russian DOCX
def make_docx(path: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.author = "ООО «СнегоСтоп»"
    cp.title = "Прайс-лист на зимний сезон 2026/2027"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "ООО «СнегоСтоп»"
    cp.revision = 1
    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("ООО «СнегоСтоп» — уборка и вывоз снега", level=1)
    p = d.add_paragraph("Прайс-лист на зимний сезон 2026/2027, г. Екатеринбург")
    p.alignment = WD_ALIGN_PARAGRAPH.LEFT
    d.add_paragraph(
        "Цены действуют с 1 ноября 2026 г. по 31 марта 2027 г. и указаны в рублях с НДС. "
        "Выезд бригады в пределах ЕКАД бесплатный; за пределы ЕКАД — 45 руб. за каждый "
        "километр пути в одну сторону. Минимальная сумма заказа ручной уборки — 2 000 руб."
    )

    d.add_heading("1. Ручная уборка снега", level=2)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    hdr = ["Вид работ", "Высота снежного покрова", "Цена, руб./м²"]
    for c, h in zip(t.rows[0].cells, hdr):
        c.text = h
    rows = [
        ("Уборка снега с двора и парковки лопатами", "до 10 см", "18"),
        ("Уборка снега с двора и парковки лопатами", "от 10 до 30 см", "26"),
        ("Уборка снега с двора и парковки лопатами", "от 30 до 50 см", "38"),
        ("Уборка снега с двора и парковки лопатами", "более 50 см", "от 55¹"),
        ("Расчистка дорожек шириной до 1,5 м", "до 30 см", "22"),
        ("Посыпка противогололёдным реагентом", "—", "9"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph(
        "¹ При высоте покрова более 50 см цена определяется после осмотра, "
        "но не ниже 55 руб./м². Уборка снега с крыльца и ступеней — 350 руб. за одно крыльцо."
    )

    d.add_heading("2. Механизированная уборка (техника с оператором)", level=2)
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells,
                    ["Техника", "Минимальный заказ", "Цена за час, руб.", "Примечание"]):
        c.text = h
    rows = [
        ("Мини-погрузчик Bobcat S530", "3 часа", "3 200", "ковш 0,4 м³"),
        ("Трактор МТЗ-82 с отвалом и щёткой", "4 часа", "2 900", "ширина отвала 2,5 м"),
        ("Фронтальный погрузчик SDLG L956", "4 часа", "4 700", "ковш 3 м³"),
        ("Самосвал КамАЗ 6520 (вывоз снега)", "1 рейс", "6 800 за рейс²", "кузов 20 м³"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph(
        "² Снег вывозится на лицензированный снегоприёмный пункт; плата за приём снега "
        "включена в стоимость рейса. Время подачи техники — от 2 часов с момента заявки."
    )

    d.add_heading("3. Очистка кровли", level=2)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Тип кровли / работа", "Цена", "Условия"]):
        c.text = h
    rows = [
        ("Плоская мягкая кровля", "45 руб./м²", "сброс снега вниз с ограждением зоны"),
        ("Скатная кровля из металлочерепицы", "70 руб./м²", "промышленные альпинисты"),
        ("Скатная кровля из профнастила", "60 руб./м²", "промышленные альпинисты"),
        ("Сбивание сосулек и наледи с карниза", "250 руб./пог. м", "с автовышки — +3 500 руб. за выезд"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    d.add_heading("4. Сезонные абонементы для частных домов", level=2)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Абонемент", "Число выездов за сезон", "Цена, руб."]):
        c.text = h
    rows = [
        ("«Старт»", "5 выездов", "14 500"),
        ("«Стандарт»", "10 выездов", "26 000"),
        ("«Без забот»", "без ограничения", "39 000"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph(
        "Абонементы рассчитаны на участок до 10 соток (1 000 м²); за каждую следующую сотку "
        "цена абонемента увеличивается на 8 %. Выезд по абонементу — после снегопада от 5 см, "
        "в течение 12 часов после окончания снегопада."
    )

    d.add_heading("5. Условия", level=2)
    for line in [
        "Срочный выезд (бригада на объекте в течение 3 часов) — наценка 30 % к стоимости работ.",
        "Работы в ночное время, с 22:00 до 6:00, — наценка 20 %.",
        "ТСЖ и управляющим компаниям при договоре на весь сезон — скидка 10 %.",
        "Оплата наличными, банковской картой или по счёту для юридических лиц; для заказов "
        "свыше 20 000 руб. — предоплата 50 %.",
        "Гарантия чистоты: если в течение 24 часов после уборки выпадет более 5 см снега, "
        "повторная уборка выполняется со скидкой 50 %.",
        "Вызов на осмотр и расчёт сметы бесплатны. Телефон диспетчерской: +7 (343) 300-45-17, "
        "круглосуточно.",
    ]:
        d.add_paragraph(line, style="List Bullet")
    d.save(path)
    normalize_zip(path)


# ---------------------------------------------------------------- Chinese XLSX
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "畅行租车"
    wb.properties.title = "畅行租车 2027 年价目表"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "车型租金"
    ws.append(["畅行租车（成都）2027 年租金价目表（单位：元，含税）"])
    ws["A1"].font = bold
    ws.append([])
    hdr = ["车型类别", "代表车型", "座位数", "日租（周一至周四）", "日租（周五至周日）",
           "周租（7天）", "月租（30天）", "车辆押金"]
    ws.append(hdr)
    for c in ws[3]:
        c.font = bold
    rows = [
        ["经济型", "大众朗逸", 5, 168, 198, 1050, 3900, 3000],
        ["舒适型", "丰田凯美瑞", 5, 268, 318, 1680, 6300, 5000],
        ["城市SUV", "本田CR-V", 5, 298, 358, 1890, 6900, 5000],
        ["新能源", "比亚迪汉EV", 5, 238, 288, 1500, 5600, 5000],
        ["商务7座", "别克GL8", 7, 458, 528, 2880, 10800, 8000],
        ["豪华型", "宝马5系", 5, 688, 788, 4300, 16800, 15000],
    ]
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["注1：春节、国庆节等法定节假日期间，日租价格上浮30%，周租和月租不参与节假日上浮。"])
    ws.append(["注2：新能源车型取车时电量不低于80%，还车电量低于取车电量的，按每度电2元补收电费。"])
    for col, w in zip("ABCDEFGH", [12, 14, 8, 18, 18, 12, 12, 10]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("保障与附加服务")
    ws2.append(["项目", "收费标准", "说明"])
    for c in ws2[1]:
        c.font = bold
    rows2 = [
        ["基础保障", "含在租金内", "车损自付额5000元，第三者责任险保额100万元"],
        ["全面保障", "每天60元", "车损自付额0元，不含轮胎及玻璃损坏"],
        ["尊享保障", "每天90元", "车损自付额0元，含轮胎、玻璃损坏及停运损失"],
        ["儿童安全座椅", "每天30元", "适用于9个月至12岁儿童，需提前一天预订"],
        ["额外驾驶人", "每人每天20元", "需到店出示驾驶证"],
        ["送车上门（市区三环内）", "每次80元", "三环外按每公里3元加收"],
        ["异地还车（省内）", "每单300元", "同城不同门店还车免费"],
        ["异地还车（省外）", "每单800元", "仅限经济型、舒适型和城市SUV"],
        ["雪地链", "每次租期50元", "11月至次年3月提供"],
    ]
    for r in rows2:
        ws2.append(r)
    for col, w in zip("ABC", [22, 16, 40]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("租车须知")
    ws3.append(["条款", "内容"])
    for c in ws3[1]:
        c.font = bold
    rows3 = [
        ["租车条件", "承租人须年满22周岁，持有效驾驶证且驾龄满1年；豪华型车辆要求驾龄满3年。"],
        ["计费方式", "日租按24小时计算；超时不足4小时的，每小时按当日日租价的10%收取超时费，超过4小时按一天计算。"],
        ["里程限制", "日租每天限行300公里，超出部分每公里收费0.8元；周租和月租不限里程。"],
        ["燃油政策", "满油取车、满油还车；还车时油量不足的，按每升12元补收油费，另收加油服务费30元。"],
        ["押金退还", "车辆押金在还车验车后当场退还；违章押金2000元在还车后30天内无违章记录时原路退回。"],
        ["取消政策", "取车前24小时以上取消免费；24小时内取消，收取一天租金作为违约金。"],
        ["营业时间", "门店营业时间为每天8:00至21:00，夜间取还车每次加收服务费100元。"],
    ]
    for r in rows3:
        ws3.append(r)
    ws3.column_dimensions["A"].width = 12
    ws3.column_dimensions["B"].width = 90
    for row in ws3.iter_rows(min_row=2):
        row[1].alignment = Alignment(wrap_text=True)
    wb.save(path)
    normalize_zip(path)


# ---------------------------------------------------------------- English PPTX
def add_table(slide, data, left, top, width, height, font=12):
    rows, cols = len(data), len(data[0])
    shape = slide.shapes.add_table(rows, cols, left, top, width, height)
    tbl = shape.table
    for i, row in enumerate(data):
        for j, val in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = val
            for para in cell.text_frame.paragraphs:
                for run in para.runs:
                    run.font.size = PPt(font)
    return tbl


def add_text(slide, text_lines, left, top, width, height, size=12):
    box = slide.shapes.add_textbox(left, top, width, height)
    tf = box.text_frame
    tf.word_wrap = True
    for i, line in enumerate(text_lines):
        para = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        para.text = line
        for run in para.runs:
            run.font.size = PPt(size)
    return box


def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "GreenStripe Lawn Care Ltd"
    cp.title = "GreenStripe Lawn Care — Residential Price Guide 2027"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "GreenStripe Lawn Care Ltd"
    cp.revision = 1

    # slide 1: title
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "GreenStripe Lawn Care — Residential Price Guide 2027"
    s.placeholders[1].text = (
        "Serving Leeds, Otley and Wetherby. All prices include VAT and apply "
        "from 1 March 2027 to 28 February 2028."
    )

    title_only = prs.slide_layouts[5]
    # slide 2: mowing
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Lawn mowing"
    add_table(s, [
        ["Lawn size", "Area", "One-off cut", "Weekly plan (per visit)", "Fortnightly plan (per visit)"],
        ["Small", "up to 100 m²", "£28", "£18", "£22"],
        ["Medium", "101–250 m²", "£38", "£25", "£30"],
        ["Large", "251–500 m²", "£55", "£38", "£45"],
        ["Extra large", "over 500 m²", "by quote", "from £52", "from £60"],
    ], Inches(0.6), Inches(1.5), Inches(12), Inches(2.6), font=14)
    add_text(s, [
        "Every cut includes edging of borders and removal of all clippings.",
        "The weekly plan runs from April to October, 30 visits in all; the fortnightly plan has 15 visits.",
        "* A one-off cut of grass taller than 15 cm (first cut of the season, neglected lawns) costs 50% more.",
    ], Inches(0.6), Inches(4.4), Inches(12), Inches(2), size=14)

    # slide 3: treatments
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Lawn treatments"
    add_table(s, [
        ["Treatment", "Season", "Price per treatment (lawn up to 250 m²)", "Notes"],
        ["Spring feed & weed", "March–April", "£34", "granular fertiliser + selective weedkiller"],
        ["Summer feed", "June–July", "£30", "slow-release nitrogen"],
        ["Moss control", "any time", "£32", "iron sulphate, moss turns black in 2 weeks"],
        ["Autumn scarification", "September–October", "£85", "dead moss and thatch raked out and taken away"],
        ["Hollow-tine aeration", "September–November", "£70", "cores left on the surface to break down"],
        ["Top dressing & overseeding", "September–October", "£95", "seed and loam included"],
    ], Inches(0.4), Inches(1.5), Inches(12.5), Inches(3.6), font=13)
    add_text(s, [
        "Lawns over 250 m² are charged at the table price plus 12p for every extra m².",
        "Year-round programme (spring feed, summer feed, moss control, scarification): £165 a year, paid monthly.",
    ], Inches(0.4), Inches(5.4), Inches(12.5), Inches(1.5), size=14)

    # slide 4: hedges and extras
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Hedges, leaves and green waste"
    add_table(s, [
        ["Service", "Unit", "Price"],
        ["Hedge trimming, hedge up to 1.5 m tall", "per metre of hedge (one face + top)", "£4.50"],
        ["Hedge trimming, hedge 1.5–2.5 m tall", "per metre of hedge (one face + top)", "£6.80"],
        ["Hedge trimming, hedge over 2.5 m tall", "per metre of hedge (one face + top)", "£9.50"],
        ["Leaf clearance (two-person team)", "per hour", "£40"],
        ["Green waste removal", "per 1-tonne bulk bag", "£30"],
        ["Strimming of long grass / rough areas", "per hour", "£32"],
    ], Inches(0.6), Inches(1.5), Inches(12), Inches(3.4), font=14)
    add_text(s, [
        "Hedges over 2.5 m are cut from a tower platform; the platform itself is included in the price.",
        "Trimming both faces of a hedge counts as two lengths.",
    ], Inches(0.6), Inches(5.2), Inches(12), Inches(1.5), size=14)
    s.notes_slide.notes_text_frame.text = (
        "Speaker note: we do not fell or crown-reduce trees; refer customers to a qualified arborist."
    )

    # slide 5: terms
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Terms and conditions"
    add_text(s, [
        "• Minimum charge for any visit: £25.",
        "• Cancellations with less than 24 hours' notice are charged at 50% of the visit price.",
        "• If rain stops a scheduled cut, we come back within 3 working days at no extra cost.",
        "• Invoices are payable within 14 days by bank transfer or card; plans are billed monthly.",
        "• Customers aged 70 or over get 10% off any mowing plan.",
        "• Free quote visits within 10 miles of Leeds city centre; beyond that a £15 call-out fee applies.",
        "• Pets must be kept indoors while we work; please clear toys and hoses before the visit.",
        "Contact: 0113 496 0732 · hello@greenstripe.example",
    ], Inches(0.6), Inches(1.5), Inches(12), Inches(5), size=18)

    prs.save(path)
    normalize_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial74/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial74"
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "snegostop_prajs_2026-2027.docx")
    make_xlsx(out / "changxing_zuche_jiamubiao_2027.xlsx")
    make_pptx(out / "greenstripe_lawn_care_2027.pptx")


if __name__ == "__main__":
    main()
