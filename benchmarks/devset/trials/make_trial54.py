#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 54 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- vernyi_drug_kinologiya.docx  Russian dog-training school: training courses, private
                               lessons by trainer grade, group lessons, home visits by
                               distance, equipment for sale, school rules (vaccination,
                               age, payment, refunds, rescheduling, discounts)
- mingmou_yanjing.xlsx         Chinese optical shop: frames, lenses, eye tests, repairs and
                               contact lenses (sheet 1), service terms, warranties,
                               opening hours and membership (sheet 2)
- kiln_and_clay_pottery.pptx   English pottery studio: tasters, weekly courses, wheel hire,
                               kiln firing by size, glazing, memberships, private parties,
                               age and safety rules, booking and cancellation

The trial's generator pinned core.xml's created and modified times but not the zip members'
times, and openpyxl stamps its save time as core.xml's modified time whatever was set; so
every zip member's time is pinned to the trial's save time (2026-12-06 14:29:50), and so is
the XLSX's modified time (2026-12-06T14:29:50Z), so the bytes match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial54.py benchmarks/devset/docs
"""
import datetime
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from openpyxl import Workbook
from pptx import Presentation
from pptx.util import Inches, Pt

FIXED = datetime.datetime(2025, 1, 15, 12, 0, 0)
#: when the trial's files were saved (their zip members' times)
SAVED = (2026, 12, 6, 14, 29, 50)
#: the XLSX's core.xml modified time, which openpyxl sets at save
XLSX_MODIFIED = b"2026-12-06T14:29:50Z"


# ---------------------------------------------------------------- Russian DOCX
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.title = "Кинологическая школа «Верный друг»"
    d.add_heading("Кинологическая школа «Верный друг»: прайс-лист и правила 2025", 0)
    d.add_paragraph(
        "Школа работает с 2014 года на площадке в Екатеринбурге, ул. Полевая, 12. "
        "Все цены указаны в рублях и включают НДС."
    )

    d.add_heading("1. Курсы дрессировки", 1)
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Курс", "Уровень", "Длительность", "Стоимость, руб."]):
        c.text = h
    rows = [
        ("Щенячий старт", "Начальный", "4 недели, 8 занятий", "9 600"),
        ("Послушание ОКД-1", "Начальный", "6 недель, 12 занятий", "14 400"),
        ("Послушание ОКД-2", "Средний", "8 недель, 16 занятий", "19 200"),
        ("Управляемая городская собака (УГС)", "Средний", "6 недель, 12 занятий", "15 600"),
        ("Аджилити базовый", "Средний", "8 недель, 16 занятий", "21 600"),
        ("Аджилити спортивный", "Продвинутый", "12 недель, 24 занятия", "34 800"),
        ("Защитно-караульная служба (ЗКС)", "Продвинутый", "10 недель, 20 занятий", "32 000"),
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    d.add_heading("2. Индивидуальные занятия", 1)
    d.add_paragraph("Стоимость одного занятия длительностью 60 минут зависит от категории кинолога.")
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Категория кинолога", "1 занятие, руб.", "Абонемент на 5 занятий, руб."]):
        c.text = h
    for r in [
        ("Инструктор", "1 800", "8 500"),
        ("Кинолог первой категории", "2 500", "11 800"),
        ("Старший кинолог", "3 200", "15 000"),
        ("Кинолог-эксперт РКФ", "4 500", "21 000"),
    ]:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    d.add_heading("3. Групповые занятия", 1)
    d.add_paragraph(
        "Группы до 6 собак. Разовое групповое занятие (90 минут) стоит 1 100 руб., "
        "абонемент на 8 групповых занятий — 7 900 руб., действует 6 недель. "
        "Группа выходного дня собирается по субботам в 10:00 и 12:00."
    )

    d.add_heading("4. Выезд кинолога на дом", 1)
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Расстояние от площадки", "Доплата за выезд, руб."]):
        c.text = h
    for r in [
        ("до 5 км", "0"),
        ("5–15 км", "500"),
        ("15–30 км", "1 000"),
        ("свыше 30 км (в пределах области)", "40 руб. за каждый км"),
    ]:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    d.add_heading("5. Снаряжение в продаже", 1)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Товар", "Размер / вариант", "Цена, руб."]):
        c.text = h
    for r in [
        ("Поводок брезентовый", "3 м", "650"),
        ("Поводок брезентовый", "5 м", "850"),
        ("Поводок-рулетка", "до 25 кг", "1 400"),
        ("Шлейка Y-образная", "S", "1 700"),
        ("Шлейка Y-образная", "M", "1 900"),
        ("Шлейка Y-образная", "L", "2 200"),
        ("Кликер", "—", "250"),
        ("Сумка для лакомств", "—", "900"),
        ("Намордник-корзинка", "размеры 1–6", "1 150"),
    ]:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    d.add_heading("6. Правила школы", 1)
    for p in [
        "Вакцинация. На все занятия допускаются только собаки с комплексной прививкой и прививкой "
        "от бешенства, сделанной не ранее 12 месяцев и не позднее 14 дней до первого занятия; "
        "ветеринарный паспорт предъявляется на первом занятии.",
        "Возраст. На курс «Щенячий старт» принимаются щенки от 3 до 6 месяцев; на курсы ОКД-1 и УГС — "
        "с 6 месяцев; на курсы аджилити — с 12 месяцев; на курс ЗКС — с 14 месяцев.",
        "Течные суки на групповые занятия не допускаются; пропущенные по этой причине занятия "
        "переносятся без доплаты.",
        "Оплата. Курс оплачивается полностью до первого занятия наличными, картой или по QR-коду СБП. "
        "Возможна оплата курса двумя частями: 50% до начала и 50% не позднее третьей недели.",
        "Возврат. При отказе от курса не менее чем за 3 дня до старта деньги возвращаются полностью; "
        "после начала курса возвращается стоимость непройденных занятий за вычетом 10%. "
        "Возврат производится в течение 10 рабочих дней.",
        "Перенос индивидуального занятия возможен бесплатно при предупреждении не позднее чем за 24 часа; "
        "при более позднем предупреждении занятие считается проведённым.",
        "Скидка 15% предоставляется владельцам собак из приютов и пенсионерам; скидки не суммируются.",
    ]:
        d.add_paragraph(p)
    d.core_properties.created = d.core_properties.modified = FIXED
    d.save(path)


# ---------------------------------------------------------------- Chinese XLSX
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "价目表"
    ws.append(["明眸眼镜店 2025年价目表（单位：元人民币）"])
    ws.append([])
    ws.append(["类别", "品牌/项目", "材质/规格", "价格（元）", "备注"])
    data = [
        ("镜架", "雷朋 Ray-Ban", "板材", 1280, "男女款"),
        ("镜架", "雷朋 Ray-Ban", "金属", 1180, ""),
        ("镜架", "帕森 Parim", "纯钛", 980, "超轻"),
        ("镜架", "帕森 Parim", "板材", 680, ""),
        ("镜架", "海伦凯勒 Helen Keller", "β钛", 1580, ""),
        ("镜架", "店内自有品牌", "TR90", 298, "儿童款同价"),
        ("镜片", "单光镜片", "折射率1.56", 380, "一副"),
        ("镜片", "单光镜片", "折射率1.60", 680, "一副"),
        ("镜片", "单光镜片", "折射率1.67", 1180, "一副"),
        ("镜片", "单光镜片", "折射率1.74", 2280, "一副，高度近视推荐"),
        ("镜片", "防蓝光镜片", "折射率1.60", 880, "一副"),
        ("镜片", "渐进多焦点镜片", "折射率1.60", 2680, "一副，需验光"),
        ("镜片", "变色镜片", "折射率1.56", 960, "一副"),
        ("验光", "常规电脑验光", "—", 0, "配镜免费"),
        ("验光", "综合视功能检查", "约40分钟", 150, ""),
        ("验光", "儿童散瞳验光", "约60分钟", 200, "12岁以下"),
        ("维修", "更换鼻托", "一对", 20, ""),
        ("维修", "镜腿焊接", "金属镜架", 80, "约3个工作日"),
        ("维修", "超声波清洗与调校", "—", 0, "免费"),
        ("隐形眼镜", "博士伦日抛", "30片装", 185, ""),
        ("隐形眼镜", "博士伦日抛", "90片装", 498, ""),
        ("隐形眼镜", "强生安视优月抛", "3片装", 168, ""),
        ("隐形眼镜", "强生安视优月抛", "6片装", 318, ""),
        ("隐形眼镜", "护理液", "360毫升", 78, ""),
    ]
    for r in data:
        ws.append(list(r))
    ws.column_dimensions["B"].width = 24
    ws.column_dimensions["C"].width = 16

    ws2 = wb.create_sheet("服务条款")
    ws2.append(["项目", "说明"])
    for r in [
        ("镜架保修", "镜架自购买之日起保修12个月（人为损坏除外）。"),
        ("镜片保修", "镜片膜层保修6个月，出现脱膜免费更换一次。"),
        ("不适应重配", "配镜后30天内如因度数不适应，可免费重新验光并更换同等级镜片一次。"),
        ("退货", "未经加工的镜架7天内可凭小票退货；已加工的镜片、已拆封的隐形眼镜不退不换。"),
        ("营业时间", "周一至周五 10:00–21:00；周六、周日 09:30–21:30；春节除夕至初二休息。"),
        ("银卡会员", "累计消费满2000元成为银卡会员，镜架、镜片享9.5折。"),
        ("金卡会员", "累计消费满5000元成为金卡会员，镜架、镜片享9折，每年免费综合视功能检查一次。"),
        ("会员说明", "会员折扣不适用于隐形眼镜及护理液，不与其他优惠同时使用。"),
        ("取镜时间", "现片当天可取；定制镜片7–10个工作日。"),
        ("地址电话", "杭州市西湖区文三路88号，电话 0571-8888 6612。"),
    ]:
        ws2.append(list(r))
    ws2.column_dimensions["B"].width = 80
    wb.properties.created = wb.properties.modified = FIXED
    wb.save(path)


# ---------------------------------------------------------------- English PPTX
def make_pptx(path: Path) -> None:
    prs = Presentation()
    title_layout, body_layout, only_title = prs.slide_layouts[0], prs.slide_layouts[1], prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Kiln & Clay Pottery Studio"
    s.placeholders[1].text = "Classes, studio hire and prices 2025 — 14 Mill Lane, Bristol"

    def bullets(title, lines):
        sl = prs.slides.add_slide(body_layout)
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            tf.add_paragraph().text = ln
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = Pt(18)

    def table(title, header, rows, note=None):
        sl = prs.slides.add_slide(only_title)
        sl.shapes.title.text = title
        n = len(rows) + 1
        shp = sl.shapes.add_table(n, len(header), Inches(0.5), Inches(1.5), Inches(9), Inches(0.4 * n))
        tb = shp.table
        for j, h in enumerate(header):
            tb.cell(0, j).text = h
        for i, r in enumerate(rows, 1):
            for j, v in enumerate(r):
                tb.cell(i, j).text = v
        if note:
            box = sl.shapes.add_textbox(Inches(0.5), Inches(1.6 + 0.4 * n), Inches(9), Inches(0.8))
            box.text_frame.text = note

    bullets("Taster sessions", [
        "Wheel taster: 2 hours, up to 8 people, £45 per person, includes 2 kg of clay",
        "Hand-building taster: 2 hours, £38 per person",
        "Couples wheel taster (Friday evenings): 2.5 hours, £95 per couple",
        "Taster pieces are trimmed, glazed in white and fired by us; ready to collect in 3 weeks",
    ])
    table("Weekly courses", ["Course", "Level", "Length", "Price"], [
        ("Wheel Foundations", "Beginner", "6 weeks × 2 h", "£210"),
        ("Wheel Foundations", "Beginner", "10 weeks × 2 h", "£330"),
        ("Wheel Improvers", "Intermediate", "8 weeks × 2.5 h", "£320"),
        ("Hand-building & Sculpture", "All levels", "6 weeks × 2 h", "£195"),
        ("Advanced Throwing & Glaze Chemistry", "Advanced", "10 weeks × 3 h", "£450"),
    ], note="Course fees include clay up to 10 kg, glazes and firing of up to 12 pieces.")
    table("Wheel hire", ["Option", "Price"], [
        ("1 hour, weekday daytime", "£14"),
        ("1 hour, evenings and weekends", "£18"),
        ("Block of 10 hours (valid 3 months)", "£150"),
        ("Clay (stoneware, 10 kg bag)", "£24"),
    ], note="Wheel hire is for people who have finished a course or can centre 1 kg of clay unaided.")
    table("Kiln firing per piece", ["Size (tallest side)", "Bisque firing", "Glaze firing"], [
        ("Small (up to 10 cm)", "£3", "£4"),
        ("Medium (10–20 cm)", "£5", "£7"),
        ("Large (20–35 cm)", "£9", "£12"),
        ("Extra large (over 35 cm)", "by quote", "by quote"),
    ], note="Firings run every Tuesday and Friday. Only clay bought at the studio can be fired.")
    bullets("Glazing", [
        "Self-glazing session: 90 minutes, £20, access to 24 studio glazes",
        "Glaze dipping included in course fees; brush-on specialty glazes £2 per piece",
        "We do not fire lead or low-fire commercial glazes brought from home",
    ])
    table("Memberships", ["Membership", "Monthly fee", "Includes"], [
        ("Studio Basic", "£75", "12 hours wheel time, 1 shelf"),
        ("Studio Plus", "£120", "24 hours wheel time, 2 shelves, 10% off courses"),
        ("Studio Unlimited", "£180", "unlimited open-studio hours, 3 shelves, 15% off courses"),
    ], note="Minimum membership term 3 months; firing is charged separately.")
    table("Private parties", ["Group size", "Price for the group (2 hours)"], [
        ("4–6 guests", "£260"),
        ("7–10 guests", "£380"),
        ("11–14 guests", "£500"),
    ], note="Hen parties, birthdays and team events; BYO drinks allowed for guests 18+.")
    bullets("Age and safety rules", [
        "Minimum age for adult classes and wheel hire is 16",
        "Children aged 8–15 can join family sessions with a paying adult; under-8s are not admitted to the studio floor",
        "Closed-toe shoes must be worn; long hair must be tied back at the wheel",
        "The kiln room is staff-only; firing temperatures reach 1,260 °C",
    ])
    bullets("Booking and cancellation", [
        "Book online or at reception; courses require full payment at booking",
        "Cancel a taster or party at least 7 days before for a full refund; 48 hours–7 days: 50% refund; under 48 hours: no refund",
        "Missed course sessions can be made up within the same term, once",
        "Gift vouchers are valid for 12 months",
    ])
    prs.core_properties.created = prs.core_properties.modified = FIXED
    prs.save(path)


def normalize_zip(path: Path, modified: bytes | None = None) -> None:
    """Rewrite the zip with the trial's member times (and, given, core.xml's modified time)
    so that the bytes are reproducible; members' order, attributes and compression are kept."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            if modified is not None and info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>" + modified + rb"\g<2>", data)
            zi = zipfile.ZipInfo(info.filename, date_time=SAVED)
            zi.compress_type = info.compress_type
            zi.external_attr = info.external_attr
            z.writestr(zi, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial54/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial54"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "vernyi_drug_kinologiya.docx")
    make_xlsx(out / "mingmou_yanjing.xlsx")
    make_pptx(out / "kiln_and_clay_pottery.pptx")
    normalize_zip(out / "vernyi_drug_kinologiya.docx")
    normalize_zip(out / "mingmou_yanjing.xlsx", XLSX_MODIFIED)
    normalize_zip(out / "kiln_and_clay_pottery.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
