#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 73 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- prazdnik_kit_ru.docx     Russian children's party agency «Весёлый кит» (Moscow), price list
                           from 1 September 2026 to 31 August 2027: the party programmes by
                           age and length, for up to 10 or 11-20 children (pirate party 1 or 2
                           hours, science show «Безумный профессор» 1 or 1.5 hours, bubble
                           show, quest, Fairy and Unicorn 1 hour), the extras (face painting
                           per hour, costume character, photographer, helium balloon bunches
                           of 10 and 25, paper show, candy floss, a filled piñata), travel by
                           zone from the MKAD (free inside, 700 / 1 500 / 2 600 rubles, by
                           agreement beyond 50 km) and the terms as a numbered list (30 %
                           prepayment, free cancellation 48 hours ahead, a second entertainer
                           3 500 rubles an hour, kindergarten graduations on request)
- qingquan_xiyi_zh.xlsx    Chinese laundry and dry cleaner 清泉洗衣坊, prices from 1 January
                           2026: clothes by item and cut with wash, dry-clean and press-only
                           prices and notes 注1-2 (leather and fur priced after evaluation in the
                           shop, express +50 %; sheet 衣物洗护), home textiles and shoes (bed sheets
                           by size, curtains and carpets per square metre; sheet 家纺与鞋类),
                           membership cards and the service notes (opening hours, pickup, 3 to 5
                           days, 7 for down jackets and carpets, a storage fee after 30 days;
                           sheet 会员与服务说明)
- skyward_balloon_en.pptx  English hot-air balloon flights, Skyward Balloon Co., 2026: a title
                           slide, the flight packages with adult and child prices (shared
                           sunrise and sunset flights, the Extended Sunrise Flight, private
                           flights for 2 and 4, the proposal flight), the add-ons (photo
                           package, GoPro video, farm breakfast, hotel pickup by zone, a gift
                           voucher) and the terms (cancellation, gift vouchers valid 18 months,
                           minimum age 8, a weight surcharge over 250 lb)

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-20 10:00:00, the members in the order the library wrote them) and core.xml's created
and modified times after saving, so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial73.py benchmarks/devset/docs
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
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 20, 10, 0, 0)
ZIP_TIME = (2026, 11, 20, 10, 0, 0)
ISO = "2026-11-20T10:00:00Z"


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
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", rf"\g<1>{ISO}\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rf"\g<1>{ISO}\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------- Russian DOCX
def make_docx(out: Path) -> Path:
    doc = Document()
    cp = doc.core_properties
    cp.author = "Агентство «Весёлый кит»"
    cp.title = "Прайс-лист на организацию детских праздников"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 1
    style = doc.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    doc.add_heading("Агентство детских праздников «Весёлый кит»", level=1)
    doc.add_paragraph(
        "Прайс-лист на анимационные программы и дополнительные услуги. "
        "Действует с 1 сентября 2026 года по 31 августа 2027 года. Все цены указаны в рублях, НДС не облагается."
    )

    doc.add_heading("1. Анимационные программы", level=2)
    t = doc.add_table(rows=1, cols=5)
    t.style = "Table Grid"
    hdr = ["Программа", "Возраст детей", "Длительность", "До 10 детей, руб.", "11–20 детей, руб."]
    for c, h in zip(t.rows[0].cells, hdr):
        c.text = h
    rows = [
        ("Пиратская вечеринка", "5–10 лет", "1 час", "7 500", "9 900"),
        ("Пиратская вечеринка", "5–10 лет", "2 часа", "12 000", "15 800"),
        ("Научное шоу «Безумный профессор»", "6–12 лет", "1 час", "9 000", "11 500"),
        ("Научное шоу «Безумный профессор»", "6–12 лет", "1,5 часа", "12 500", "16 000"),
        ("Шоу мыльных пузырей", "3–8 лет", "40 минут", "8 000", "10 500"),
        ("Квест «Тайна старого замка»*", "8–14 лет", "1,5 часа", "14 000", "18 500"),
        ("Фея и единорог", "3–6 лет", "1 час", "6 800", "8 900"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    doc.add_paragraph(
        "* Квест проводится только на площадке заказчика площадью не менее 40 м² или в арендованном кафе."
    )
    doc.add_paragraph(
        "Для группы более 20 детей стоимость программы рассчитывается индивидуально: "
        "к каждой группе до 20 детей добавляется ещё один аниматор."
    )

    doc.add_heading("2. Дополнительные услуги", level=2)
    t = doc.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Услуга", "Единица", "Цена, руб."]):
        c.text = h
    extras = [
        ("Аквагрим", "1 час работы мастера", "2 800"),
        ("Ростовая кукла (Мишка или Зайка)", "30 минут", "4 200"),
        ("Фотограф с обработкой снимков", "1 час", "3 500"),
        ("Гелиевые шары", "связка из 10 шт.", "1 300"),
        ("Гелиевые шары", "связка из 25 шт.", "2 900"),
        ("Бумажное шоу", "20 минут", "5 500"),
        ("Сладкая вата (аппарат и оператор)", "1 час", "3 200"),
        ("Пиньята с наполнением", "1 шт.", "2 400"),
    ]
    for r in extras:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    doc.add_paragraph("Фотографии передаются в электронном виде в течение 5 рабочих дней после праздника.")

    doc.add_heading("3. Выезд аниматоров", level=2)
    t = doc.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Зона", "Расстояние от МКАД", "Стоимость выезда, руб."]):
        c.text = h
    zones = [
        ("Зона 1", "в пределах МКАД", "бесплатно"),
        ("Зона 2", "до 10 км", "700"),
        ("Зона 3", "от 10 до 30 км", "1 500"),
        ("Зона 4", "от 30 до 50 км", "2 600"),
        ("Зона 5", "свыше 50 км", "по договорённости"),
    ]
    for r in zones:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    doc.add_heading("4. Условия заказа", level=2)
    terms = [
        "Бронирование даты подтверждается предоплатой 30 % от стоимости программы.",
        "Бесплатная отмена возможна не позднее чем за 48 часов до начала праздника; "
        "при более поздней отмене предоплата не возвращается.",
        "Продление любой программы на 30 минут стоит 2 000 рублей, если у аниматора нет следующего заказа.",
        "Второй аниматор на ту же программу добавляется за 3 500 рублей в час.",
        "По будням с 10:00 до 15:00 действует скидка 10 % на все анимационные программы; "
        "скидка не распространяется на дополнительные услуги и выезд.",
        "Имениннику вручается памятная медаль в подарок.",
        "Мы также проводим выпускные в детском саду и новогодние ёлки — стоимость по запросу.",
        "Оплата наличными, банковской картой или по счёту для юридических лиц.",
    ]
    for s in terms:
        doc.add_paragraph(s, style="List Number")
    doc.add_paragraph("Телефон для заказа: +7 (495) 123-45-67, ежедневно с 9:00 до 21:00.")

    path = out / "prazdnik_kit_ru.docx"
    doc.save(path)
    normalise_zip(path)
    return path


# ---------------------------------------------------------------- Chinese XLSX
def make_xlsx(out: Path) -> Path:
    wb = Workbook()
    wb.properties.creator = "清泉洗衣坊"
    wb.properties.title = "清泉洗衣坊价目表 2026"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "衣物洗护"
    ws.append(["清泉洗衣坊 衣物洗护价目表（2026年1月1日起执行）"])
    ws["A1"].font = bold
    ws.append(["品类", "规格", "水洗（元）", "干洗（元）", "仅熨烫（元）"])
    for c in ws[2]:
        c.font = bold
    clothes = [
        ("衬衫", "短袖", 12, 18, 8),
        ("衬衫", "长袖", 15, 22, 10),
        ("西装上衣", "—", "—", 45, 20),
        ("西裤", "—", 18, 28, 12),
        ("连衣裙", "短款（膝上）", 25, 38, 15),
        ("连衣裙", "长款（过膝）", 32, 48, 20),
        ("羽绒服", "短款", 45, 60, "—"),
        ("羽绒服", "中长款", 58, 75, "—"),
        ("羽绒服", "长款", 68, 88, "—"),
        ("羊绒大衣", "—", "—", 98, 30),
        ("真丝睡衣", "每套", 35, 50, "—"),
    ]
    for r in clothes:
        ws.append(list(r))
    ws.append([])
    ws.append(["注1：皮衣、皮草需到店评估后报价。"])
    ws.append(["注2：加急服务（24小时内取件）在原价基础上加收50%，羽绒服不提供加急。"])
    for col, w in zip("ABCDE", (14, 16, 12, 12, 14)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("家纺与鞋类")
    ws2.append(["项目", "规格", "单位", "价格（元）"])
    for c in ws2[1]:
        c.font = bold
    home = [
        ("床单", "单人（1.2米）", "件", 20),
        ("床单", "双人（1.5米）", "件", 25),
        ("床单", "特大（1.8米）", "件", 30),
        ("被罩", "双人（1.5米）", "件", 35),
        ("羽绒被", "双人", "条", 120),
        ("窗帘", "普通布艺", "每平方米", 12),
        ("窗帘", "遮光/丝绒", "每平方米", 18),
        ("地毯", "化纤", "每平方米", 25),
        ("地毯", "羊毛", "每平方米", 40),
        ("运动鞋", "普通清洗", "双", 30),
        ("运动鞋", "白鞋翻新", "双", 45),
        ("雪地靴", "—", "双", 55),
    ]
    for r in home:
        ws2.append(list(r))
    ws2.append([])
    ws2.append(["注：窗帘、地毯按实际面积计算，不足1平方米按1平方米计。"])
    for col, w in zip("ABCD", (12, 16, 12, 12)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("会员与服务说明")
    ws3.append(["会员等级", "充值金额（元）", "赠送金额（元）", "洗护折扣"])
    for c in ws3[1]:
        c.font = bold
    for r in [("银卡", 500, 50, "9.5折"), ("金卡", 1000, 150, "9折"), ("钻石卡", 2000, 400, "8.5折")]:
        ws3.append(list(r))
    ws3.append([])
    notes = [
        "服务说明",
        "1. 营业时间：每天8:00至21:00，节假日照常营业。",
        "2. 3公里内订单满80元免费上门取送，不足80元收取取送费10元。",
        "3. 普通衣物洗护周期为3至5天，羽绒服及地毯为7天。",
        "4. 衣物在洗护过程中如有损坏，按洗护费用的10倍以内赔偿，最高不超过衣物购买价的70%。",
        "5. 取衣凭条遗失者，需凭本人身份证领取。",
        "6. 洗好的衣物超过30天未取，每件每天收取保管费2元。",
        "7. 本店另提供衣物除螨消毒服务，价格请到店咨询。",
        "8. 会员卡余额不可提现，可与家人共用。",
    ]
    for n in notes:
        ws3.append([n])
    ws3["A6"].font = bold
    for col, w in zip("ABCD", (14, 16, 16, 12)):
        ws3.column_dimensions[col].width = w

    path = out / "qingquan_xiyi_zh.xlsx"
    wb.save(path)
    normalise_zip(path)
    return path


# ---------------------------------------------------------------- English PPTX
def _table(slide, rows, left, top, width, col_widths):
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, Inches(0.4) * len(rows))
    tbl = shape.table
    for j, w in enumerate(col_widths):
        tbl.columns[j].width = w
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            cell = tbl.cell(i, j)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(13)
    return tbl


def _bullets(slide, lines, left, top, width, height, size=15):
    box = slide.shapes.add_textbox(left, top, width, height)
    tf = box.text_frame
    tf.word_wrap = True
    for i, line in enumerate(lines):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = line
        for run in p.runs:
            run.font.size = PPt(size)
    return box


def make_pptx(out: Path) -> Path:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Skyward Balloon Co."
    cp.title = "Skyward Balloon Co. 2026 flight prices and terms"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_printed = FIXED
    cp.revision = 1
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Skyward Balloon Co. — 2026 Flight Prices & Terms"
    s.placeholders[1].text = (
        "Hot-air balloon flights over the Willow Valley from the Meadow Field launch site, "
        "April to October 2026. All prices in US dollars, taxes included."
    )

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Flight packages"
    _table(
        s,
        [
            ("Package", "Time aloft", "Adult (13+)", "Child (8–12)"),
            ("Sunrise Shared Flight", "about 1 hour", "$245", "$195"),
            ("Sunset Shared Flight", "about 1 hour", "$265", "$215"),
            ("Extended Sunrise Flight", "about 1.5 hours", "$320", "$260"),
            ("Private Flight for 2", "about 1 hour", "$890 per basket", "—"),
            ("Private Flight for 4", "about 1 hour", "$1,560 per basket", "—"),
            ("Proposal Flight for 2", "about 1 hour", "$1,150 per basket", "—"),
        ],
        Inches(0.6), Inches(1.5), Inches(12.0),
        [Inches(4.0), Inches(2.6), Inches(2.8), Inches(2.6)],
    )
    _bullets(
        s,
        [
            "Shared flights carry up to 12 passengers in a partitioned basket.",
            "Every flight ends with a sparkling toast and a printed flight certificate. "
            "Allow 3 to 4 hours for the whole experience, including inflation, landing and the ride back.",
        ],
        Inches(0.6), Inches(5.0), Inches(12.0), Inches(1.6), size=14,
    )

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Add-ons and hotel pickup"
    _table(
        s,
        [
            ("Add-on", "Price"),
            ("In-flight photo package (digital)", "$45 per booking"),
            ("GoPro video of your flight", "$65 per booking"),
            ("Farm breakfast after landing", "$28 per person"),
            ("Hotel pickup, Zone A (up to 10 miles)", "$25 per person"),
            ("Hotel pickup, Zone B (10–25 miles)", "$40 per person"),
            ("Hotel pickup, Zone C (25–40 miles)", "$60 per person"),
            ("Printed gift voucher mailed to you", "$8"),
        ],
        Inches(0.6), Inches(1.5), Inches(9.0),
        [Inches(6.0), Inches(3.0)],
    )
    _bullets(
        s,
        [
            "We cannot offer pickup beyond 40 miles from Meadow Field.",
            "Tethered balloon rides for weddings and corporate events are quoted on request.",
        ],
        Inches(0.6), Inches(5.4), Inches(12.0), Inches(1.2), size=14,
    )

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Passenger requirements and booking terms"
    _bullets(
        s,
        [
            "Minimum age is 8; children must be at least 4 ft 6 in tall and fly with a paying adult.",
            "Passengers weighing over 250 lb pay a $75 weight surcharge, as they take up extra basket space.",
            "A 50% deposit is due when booking; the balance is charged 7 days before the flight.",
            "Cancel more than 72 hours before the flight for a full refund minus a $30 admin fee; "
            "within 72 hours there is no refund, but you may rebook once free of charge.",
            "If we cancel for weather, you may rebook at no charge or take a full refund.",
            "Gift vouchers are valid for 18 months from the date of purchase.",
            "Groups of 8 or more on a shared flight get 10% off the adult price.",
            "Meet at Meadow Field, 12 Orchard Lane, 15 minutes before the meeting time in your confirmation.",
        ],
        Inches(0.6), Inches(1.4), Inches(12.0), Inches(5.6), size=16,
    )

    path = out / "skyward_balloon_en.pptx"
    prs.save(path)
    normalise_zip(path)
    return path


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial73/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial73"
    out.mkdir(parents=True, exist_ok=True)
    for fn in (make_docx, make_xlsx, make_pptx):
        fn(out)


if __name__ == "__main__":
    main()
