#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 76 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- tipografiya-ottisk-prais.docx   Russian print shop «Оттиск» (Вологда), price list from
                                  1 December 2026 to 31 March 2027 (3 pages through
                                  LibreOffice): 1 Визитки (runs of 100, 500, 1000; one- or
                                  two-sided), 2 Листовки (А4, А5, Евро; one- or two-sided;
                                  100, 500, 1000), 3 Буклеты, 4 Бумага и отделка (paper
                                  surcharges; lamination and corner rounding of business cards
                                  per 100), 5 Срочность (next day +30 %, same day +60 %),
                                  6 Дизайн, and 7 Условия заказа, 8 numbered terms (100 % or,
                                  under contract, 50 % prepayment; 3 or 5 working days; files;
                                  ±2 %; 14 days' free storage, then 100 ₽ a day; delivery in
                                  Вологда 450 ₽, free from 15 000 ₽; claims within 7 days)
- lixing-jianshen-jiagebiao.xlsx  Chinese gym 力行健身（滨江店）, prices from 1 January 2027,
                                  3 sheets: 会员卡 (month, quarter, half-year and year cards,
                                  a 10-visit card and a single entry; full-time, off-peak and
                                  student prices; note rows: off-peak hours, the student rule,
                                  opening hours), 私教课程 (a trial session, packages A, B, C
                                  of 10, 20, 40 sessions and a two-person package, per session
                                  by junior, senior and gold coach; note rows: 60 minutes,
                                  booked 24 hours ahead, refunds), 附加服务 (lockers by month
                                  or year with a 100 yuan deposit, towel, InBody test, card
                                  replacement, drinks, parking; note rows 停卡规定 and 转卡规定)
- heron-lake-rentals.pptx         English kayak and boat rental, Heron Lake Boat Rentals,
                                  season 2027, 7 slides: the title; hire rates per craft (single
                                  and tandem kayak, open canoe, SUP, rowing boat: per hour, half
                                  day, full day); deposits, minimum ages and maximum loads;
                                  extras and guided trips (wetsuit £8 per day, parking); safety
                                  rules (wind above 20 mph, late returns, last hire 17:00);
                                  groups, passes and discounts; booking and contact

The trial's generator pinned every zip member's time, compression and attributes
(2026-12-01 09:00:00, the members in the order the library wrote them) and core.xml's created
and modified times after saving, so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial76.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 12, 1, 9, 0, 0)
FIXED_ISO = "2026-12-01T09:00:00Z"
ZIP_TIME = (2026, 12, 1, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite a saved OOXML file: fixed member times, fixed core.xml dates, same order."""
    with zipfile.ZipFile(path) as zin:
        members = [(i.filename, zin.read(i.filename)) for i in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in members:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              rf"\g<1>{FIXED_ISO}\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rf"\g<1>{FIXED_ISO}\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------- Russian DOCX
def make_docx(path: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.author = "Типография «Оттиск»"
    cp.title = "Прайс-лист типографии «Оттиск»"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Типография «Оттиск»"
    cp.revision = 1

    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("Типография «Оттиск»: прайс-лист на цифровую и офсетную печать", level=0)
    d.add_paragraph(
        "Цены действуют с 1 декабря 2026 г. по 31 марта 2027 г. и указаны в рублях с учётом НДС. "
        "Адрес: г. Вологда, ул. Мира, д. 14, офис 3. Телефон: +7 (8172) 55-41-90, "
        "e-mail: zakaz@ottisk-print.ru. Приём заказов: пн–пт с 9:00 до 19:00, сб с 10:00 до 15:00."
    )

    def table(header, rows):
        t = d.add_table(rows=1, cols=len(header))
        t.style = "Table Grid"
        for i, h in enumerate(header):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v
        d.add_paragraph("")

    d.add_heading("1. Визитки", level=1)
    d.add_paragraph(
        "Формат 90×50 мм, мелованная бумага 300 г/м², полноцветная печать. "
        "Цена указана за весь тираж."
    )
    table(
        ["Тираж", "Односторонние (4+0)", "Двусторонние (4+4)"],
        [
            ["100 шт.", "690 ₽", "890 ₽"],
            ["500 шт.", "1 450 ₽", "1 890 ₽"],
            ["1000 шт.", "2 100 ₽", "2 750 ₽"],
        ],
    )

    d.add_heading("2. Листовки", level=1)
    d.add_paragraph(
        "Мелованная глянцевая бумага 130 г/м², полноцветная печать. Цена указана за весь тираж."
    )
    table(
        ["Формат", "Печать", "100 шт.", "500 шт.", "1000 шт."],
        [
            ["А4 (210×297 мм)", "односторонняя", "1 900 ₽", "4 200 ₽", "6 300 ₽"],
            ["А4 (210×297 мм)", "двусторонняя", "2 600 ₽", "5 700 ₽", "8 400 ₽"],
            ["А5 (148×210 мм)", "односторонняя", "1 200 ₽", "2 700 ₽", "3 900 ₽"],
            ["А5 (148×210 мм)", "двусторонняя", "1 650 ₽", "3 600 ₽", "5 200 ₽"],
            ["Евро (99×210 мм)", "односторонняя", "950 ₽", "2 100 ₽", "3 100 ₽"],
            ["Евро (99×210 мм)", "двусторонняя", "1 300 ₽", "2 850 ₽", "4 150 ₽"],
        ],
    )

    d.add_heading("3. Буклеты", level=1)
    d.add_paragraph(
        "Формат А4 с двумя фальцами (в сложенном виде 99×210 мм), мелованная бумага 150 г/м², "
        "печать 4+4. Биговка включена в цену."
    )
    table(
        ["Тираж", "Цена за тираж", "Цена за 1 шт."],
        [
            ["100 шт.", "4 900 ₽", "49,00 ₽"],
            ["500 шт.", "11 500 ₽", "23,00 ₽"],
            ["1000 шт.", "17 800 ₽", "17,80 ₽"],
        ],
    )

    d.add_heading("4. Бумага и отделка", level=1)
    table(
        ["Материал или операция", "Плотность", "Доплата"],
        [
            ["Мелованная глянцевая", "130 г/м²", "входит в цену"],
            ["Мелованная матовая", "130 г/м²", "+5 % к цене тиража"],
            ["Мелованная плотная", "170 г/м²", "+12 % к цене тиража"],
            ["Офсетная", "80 г/м²", "−10 % от цены тиража"],
            ["Дизайнерская Touch Cover (только визитки)", "300 г/м²", "+45 % к цене тиража"],
            ["Ламинация визиток матовая, с двух сторон", "—", "350 ₽ за каждые 100 шт."],
            ["Скругление углов визиток", "—", "150 ₽ за каждые 100 шт."],
        ],
    )

    d.add_heading("5. Срочность", level=1)
    table(
        ["Срок изготовления", "Наценка"],
        [
            ["Стандартный срок (см. п. 2 условий)", "0 %"],
            ["Ускоренный — на следующий рабочий день", "+30 %"],
            ["Экспресс — в день заказа, если макет утверждён до 11:00", "+60 %"],
        ],
    )

    d.add_heading("6. Дизайн и допечатная подготовка", level=1)
    table(
        ["Услуга", "Стоимость"],
        [
            ["Разработка макета визитки", "1 200 ₽ за макет (две правки включены)"],
            ["Дизайн листовки или буклета", "1 500 ₽ в час, минимум 2 часа"],
            ["Правка готового макета заказчика", "800 ₽ в час"],
            ["Проверка файла перед печатью", "бесплатно"],
        ],
    )

    d.add_heading("7. Условия заказа", level=1)
    terms = [
        "Заказ запускается в печать после 100 % предоплаты; организации, заключившие с нами "
        "договор, вносят 50 % предоплаты, а остаток оплачивают в течение 5 банковских дней после "
        "получения тиража.",
        "Стандартный срок изготовления визиток и листовок составляет 3 рабочих дня, буклетов — "
        "5 рабочих дней; срок отсчитывается со дня утверждения макета.",
        "Макеты принимаются в формате PDF в цветовой модели CMYK, с вылетами по 2 мм с каждой "
        "стороны; разрешение изображений должно быть не ниже 300 dpi.",
        "Файлы Word и PowerPoint принимаются только с допечатной подготовкой, которая стоит "
        "800 ₽ за файл.",
        "Количество готовой продукции может отличаться от заказанного тиража не более чем на 2 %.",
        "Готовый тираж хранится у нас бесплатно 14 календарных дней, после этого хранение стоит "
        "100 ₽ в сутки.",
        "Доставка по Вологде стоит 450 ₽, а при заказе на сумму от 15 000 ₽ доставка бесплатная.",
        "Претензии по качеству печати принимаются в течение 7 дней со дня получения тиража.",
    ]
    for i, t in enumerate(terms, 1):
        d.add_paragraph(f"7.{i}. {t}")

    d.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- Chinese XLSX
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "力行健身"
    wb.properties.title = "力行健身价目表"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "力行健身"

    bold = Font(bold=True)

    ws = wb.active
    ws.title = "会员卡"
    ws.append(["力行健身（滨江店）会员卡价目表　2027年1月1日起执行"])
    ws["A1"].font = Font(bold=True, size=14)
    ws.append([])
    ws.append(["卡种", "有效期", "全时段价格（元）", "闲时卡价格（元）", "学生价（元）", "备注"])
    for c in ws[3]:
        c.font = bold
    rows = [
        ["月卡", "30天", 399, 299, 259, "可使用器械区、有氧区和团操课"],
        ["季卡", "90天", 1080, 799, 699, "可停卡1次"],
        ["半年卡", "180天", 1880, 1399, 1199, "赠送1次体测"],
        ["年卡", "365天", 3280, 2480, 2080, "赠送2节私教体验课"],
        ["次卡（10次）", "自开卡起180天内有效", 450, "—", 380, "不可转让"],
        ["单次入场", "当天有效", 60, "—", 45, "含毛巾一条"],
    ]
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["说明：闲时段为周一至周五 10:00—16:00，闲时卡在其他时间入场须补差价每次20元。"])
    ws.append(["学生价须出示有效学生证，仅限25周岁以下全日制在校学生。"])
    ws.append(["营业时间：周一至周五 6:30—22:30，周六、周日 8:00—21:00；电话：0571-8652 3370。"])
    for col, w in zip("ABCDEF", (16, 22, 18, 18, 14, 30)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("私教课程")
    ws2.append(["私教课程价目表（单价为每节课价格）"])
    ws2["A1"].font = Font(bold=True, size=14)
    ws2.append([])
    ws2.append(["课程包", "节数", "初级教练（元/节）", "高级教练（元/节）", "金牌教练（元/节）", "有效期"])
    for c in ws2[3]:
        c.font = bold
    for r in [
        ["体验课", 1, 99, 149, 199, "7天"],
        ["私教包A", 10, 280, 380, 520, "90天"],
        ["私教包B", 20, 260, 350, 480, "150天"],
        ["私教包C", 40, 230, 320, 450, "300天"],
        ["双人私教（每人）", 10, 200, 260, 360, "120天"],
    ]:
        ws2.append(r)
    ws2.append([])
    ws2.append(["每节私教课时长60分钟，须提前24小时预约；迟到超过15分钟按已上课处理。"])
    ws2.append(["体验课每位会员限购一次。私教包一次性付清，未上课时可按原单价扣除已上节数后退款。"])
    for col, w in zip("ABCDEF", (18, 8, 18, 18, 18, 10)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("附加服务")
    ws3.append(["附加服务及其他费用"])
    ws3["A1"].font = Font(bold=True, size=14)
    ws3.append([])
    ws3.append(["项目", "价格（元）", "计价单位", "说明"])
    for c in ws3[3]:
        c.font = bold
    for r in [
        ["更衣柜（月租）", 50, "每月", "押金100元，退柜时退还"],
        ["更衣柜（年租）", 480, "每年", "押金100元，退柜时退还"],
        ["毛巾租用", 5, "每次", "单次入场已含毛巾"],
        ["体测（InBody体成分分析）", 30, "每次", "年卡会员每季度免费1次"],
        ["补办会员卡", 20, "每张", "需本人持身份证办理"],
        ["运动饮料", 8, "每瓶", ""],
        ["停车", 0, "每次", "会员免费停车3小时，超出部分每小时5元"],
    ]:
        ws3.append(r)
    ws3.append([])
    ws3.append(["停卡规定：月卡不可停卡；季卡可停卡1次，最长15天；半年卡可停卡1次，最长30天；"
                "年卡可停卡2次，累计不超过60天。停卡须提前一天到前台申请。"])
    ws3.append(["转卡规定：会员卡可转让一次，转让手续费为剩余卡费的10%，最低100元；次卡不可转让。"])
    for col, w in zip("ABCD", (26, 12, 10, 40)):
        ws3.column_dimensions[col].width = w
    for sheet in (ws, ws2, ws3):
        for row in sheet.iter_rows():
            for c in row:
                c.alignment = Alignment(wrap_text=False)

    wb.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- English PPTX
def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Heron Lake Boat Rentals"
    cp.title = "Heron Lake Boat Rentals: rates and rules 2027"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Heron Lake Boat Rentals"
    cp.revision = 1

    title_layout = prs.slide_layouts[0]
    title_only = prs.slide_layouts[5]
    title_content = prs.slide_layouts[1]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Heron Lake Boat Rentals"
    s.placeholders[1].text = ("Kayaks, canoes, SUP boards and rowing boats for hire\n"
                              "Season 2027: 1 May to 30 September, open daily")

    def table_slide(title, header, rows, note=None, widths=None):
        sl = prs.slides.add_slide(title_only)
        sl.shapes.title.text = title
        n_rows = len(rows) + 1
        shape = sl.shapes.add_table(n_rows, len(header), Inches(0.6), Inches(1.6),
                                    Inches(12.1), Inches(0.5 * n_rows))
        tbl = shape.table
        for i, h in enumerate(header):
            tbl.cell(0, i).text = h
        for r, row in enumerate(rows, 1):
            for i, v in enumerate(row):
                tbl.cell(r, i).text = v
        for r in range(n_rows):
            for i in range(len(header)):
                for p in tbl.cell(r, i).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(16)
        if widths:
            for i, w in enumerate(widths):
                tbl.columns[i].width = Inches(w)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.6), Inches(1.8 + 0.5 * n_rows),
                                       Inches(12.1), Inches(0.8))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
        return sl

    table_slide(
        "Hire rates per craft",
        ["Craft", "Per hour", "Half day (4 hours)", "Full day (8 hours)"],
        [
            ["Single kayak", "£15", "£40", "£60"],
            ["Tandem kayak (2 seats)", "£22", "£58", "£85"],
            ["Open canoe (3 seats)", "£25", "£65", "£95"],
            ["Stand-up paddle board (SUP)", "£14", "£38", "£55"],
            ["Rowing boat (up to 4 people)", "£28", "£75", "£110"],
        ],
        note=("Prices are per craft, not per person. Minimum hire is 1 hour; after the first "
              "hour, extra time is charged in 30-minute blocks at half the hourly rate."),
        widths=[4.7, 2.2, 2.6, 2.6],
    )

    table_slide(
        "Deposits, ages and weight limits",
        ["Craft", "Deposit", "Minimum age", "Maximum load"],
        [
            ["Single kayak", "£50", "12 years (paddling alone)", "110 kg"],
            ["Tandem kayak (2 seats)", "£80", "8 years with an adult on board", "200 kg"],
            ["Open canoe (3 seats)", "£100", "6 years with an adult on board", "300 kg"],
            ["Stand-up paddle board (SUP)", "£50", "14 years", "120 kg"],
            ["Rowing boat (up to 4 people)", "£150", "18 years to hire", "400 kg"],
        ],
        note=("The deposit is taken by card when the craft goes out and released when it comes "
              "back undamaged. Maximum load includes people, dogs and bags."),
        widths=[4.2, 1.8, 4.0, 2.1],
    )

    table_slide(
        "Extras and guided trips",
        ["Item", "Price", "Notes"],
        [
            ["Buoyancy aid (life jacket)", "Free", "Included with every craft, all sizes"],
            ["Wetsuit", "£8 per day", "Sizes from child 8 to adult XXL"],
            ["Dry bag, 20 litres", "£4 per hire", ""],
            ["Waterproof phone pouch", "£3 per hire", ""],
            ["Guided sunset paddle (2 hours)", "£45 per person", "Single or tandem kayak included"],
            ["Beginner lesson (1 hour)", "£25 per person", "Groups of up to 6"],
            ["Parking at the boathouse", "£5 per day", "Free with a full-day hire"],
        ],
        widths=[4.6, 2.6, 4.9],
    )

    sl = prs.slides.add_slide(title_content)
    sl.shapes.title.text = "Safety rules on the water"
    body = sl.placeholders[1].text_frame
    rules = [
        "Everyone on the water must wear a buoyancy aid at all times, whatever their swimming "
        "ability.",
        "We cancel hires when the wind is above 20 mph or a thunderstorm warning is in force; "
        "you then get a full refund or a voucher valid for 12 months.",
        "Late returns cost £10 for every 15 minutes started after your booked return time.",
        "If a craft is more than 60 minutes late we start a search, and the £60 cost of the "
        "rescue boat is charged to the hirer.",
        "The last hire goes out at 17:00, and every craft must be back at the jetty by 19:00.",
        "Stay inside the yellow buoys; the northern bay beyond them is a bird reserve and is "
        "closed to all craft.",
    ]
    body.text = rules[0]
    for r in rules[1:]:
        body.add_paragraph().text = r
    for p in body.paragraphs:
        for run in p.runs:
            run.font.size = PPt(18)

    sl = prs.slides.add_slide(title_content)
    sl.shapes.title.text = "Groups, passes and discounts"
    body = sl.placeholders[1].text_frame
    items = [
        "Groups of 10 people or more get 15% off the hire rates (extras are charged in full).",
        "Weekday early bird: hires starting before 11:00 from Monday to Friday are 20% off.",
        "Season pass: £220 per person, unlimited single kayak or SUP hire, up to 2 hours a day.",
        "Children under 16 pay half price for a wetsuit.",
        "Gift vouchers are sold in £25, £50 and £100 values and are valid for 2 years.",
    ]
    body.text = items[0]
    for r in items[1:]:
        body.add_paragraph().text = r
    for p in body.paragraphs:
        for run in p.runs:
            run.font.size = PPt(18)

    sl = prs.slides.add_slide(title_content)
    sl.shapes.title.text = "Booking and contact"
    body = sl.placeholders[1].text_frame
    items = [
        "Boathouse: Heron Lake Country Park, Mill Lane, Ashby Fold, HX7 4QP",
        "Phone: 01422 860 517 (9:00 to 18:00 daily in season)",
        "Email: hello@heronlakeboats.co.uk",
        "Book online at heronlakeboats.co.uk or walk in; bookings are advised at weekends.",
        "Free cancellation up to 24 hours before your hire; later cancellations are refunded at 50%.",
    ]
    body.text = items[0]
    for r in items[1:]:
        body.add_paragraph().text = r
    for p in body.paragraphs:
        for run in p.runs:
            run.font.size = PPt(18)

    prs.save(path)
    normalise_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial76/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial76"
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "tipografiya-ottisk-prais.docx")
    make_xlsx(out / "lixing-jianshen-jiagebiao.xlsx")
    make_pptx(out / "heron-lake-rentals.pptx")


if __name__ == "__main__":
    main()
