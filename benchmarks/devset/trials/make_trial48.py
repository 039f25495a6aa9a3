#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 48 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- gostevoy_dom_sosny.docx   Russian guest house price list and rules
- xunjieda_kuaidi.xlsx      Chinese courier company tariffs (2 sheets)
- harbourside_language.pptx English language school courses and fees

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial48.py benchmarks/devset/docs
"""
import datetime
import io
import os
import re
import sys
import zipfile
from pathlib import Path

import docx
import openpyxl
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = datetime.datetime(2026, 11, 1, 12, 0, 0)
# The modification time in core.xml: the DOCX and PPTX keep FIXED; the XLSX keeps the time
# openpyxl stamped when the trial's user ran this script, so the bytes match the trial's file.
SAVED = b"2026-11-01T12:00:00Z"
XLSX_SAVED = b"2026-12-06T06:13:39Z"


def normalise_zip(path: Path, modified: bytes = SAVED) -> None:
    """Rewrite a zip with fixed timestamps and sorted-as-written order so bytes are stable
    (and core.xml's modification time pinned: openpyxl stamps its save time whatever was set)."""
    data = path.read_bytes()
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2026, 11, 1, 12, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>" + modified, body)
            dst.writestr(zi, body)
    path.write_bytes(out.getvalue())


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = docx.Document()
    cp = d.core_properties
    cp.author = "Гостевой дом «Сосновый берег»"
    cp.title = "Цены и правила проживания"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "admin"
    cp.revision = 1

    d.add_heading("Гостевой дом «Сосновый берег» — цены и правила проживания на 2027 год", 0)
    d.add_paragraph(
        "Гостевой дом «Сосновый берег» расположен на берегу Плещеева озера, в 2 км от центра "
        "Переславля-Залесского. В доме 9 номеров, общая кухня-гостиная с камином, сауна на дровах "
        "и огороженный двор с беседкой. Цены указаны в рублях за номер в сутки и включают НДС."
    )

    d.add_heading("1. Стоимость номеров", 1)
    d.add_paragraph(
        "Низкий сезон — с 1 ноября по 30 апреля (кроме праздничных дней). Высокий сезон — с 1 мая "
        "по 31 октября. Праздничные дни — с 30 декабря по 8 января и с 1 по 10 мая; в эти даты "
        "минимальный срок проживания — 2 ночи."
    )
    rooms = [
        ("Тип номера", "Мест", "Низкий сезон, руб./сутки", "Высокий сезон, руб./сутки", "Праздничные дни, руб./сутки"),
        ("Стандарт с одной двуспальной кроватью", "2", "3 800", "4 900", "6 500"),
        ("Стандарт с двумя раздельными кроватями", "2", "3 900", "5 000", "6 600"),
        ("Комфорт с балконом и видом на озеро", "2", "4 700", "6 100", "8 000"),
        ("Мансардный номер", "3", "4 300", "5 500", "7 200"),
        ("Семейный номер (две спальни)", "4", "6 900", "8 700", "11 200"),
        ("Люкс с камином", "2", "7 500", "9 800", "13 000"),
    ]
    t = d.add_table(rows=0, cols=5)
    t.style = "Table Grid"
    for row in rooms:
        cells = t.add_row().cells
        for c, v in zip(cells, row):
            c.text = v
    d.add_paragraph(
        "Расчётный час: заезд с 14:00, выезд до 12:00. Ранний заезд с 8:00 или поздний выезд до "
        "18:00 оплачиваются в размере 50% стоимости суток, при наличии свободных номеров."
    )

    d.add_heading("2. Дополнительные места, питание и услуги", 1)
    extras = [
        ("Услуга", "Цена", "Условия"),
        ("Дополнительное место (раскладная кровать) для взрослого", "1 200 руб./сутки",
         "Только в номерах «Комфорт», «Мансардный» и «Семейный»"),
        ("Дополнительное место для ребёнка 6–12 лет", "700 руб./сутки", "Не более одного на номер"),
        ("Детская кроватка для ребёнка до 3 лет", "бесплатно", "По предварительному запросу"),
        ("Завтрак «шведский стол», взрослый", "550 руб./чел.", "С 8:00 до 10:30 в гостиной"),
        ("Завтрак «шведский стол», ребёнок 4–12 лет", "300 руб./чел.", "Дети до 4 лет — бесплатно"),
        ("Доставка завтрака в номер", "250 руб.", "Доплата к стоимости завтрака за номер"),
        ("Сауна на дровах", "2 500 руб. за 2 часа", "Каждый следующий час — 1 000 руб.; заказ за 3 часа"),
        ("Аренда мангала с углём и решёткой", "500 руб.", "До 23:00"),
        ("Прокат сапборда", "800 руб./час", "С 1 июня по 15 сентября"),
        ("Парковка во дворе", "бесплатно", "1 место на номер"),
    ]
    t = d.add_table(rows=0, cols=3)
    t.style = "Table Grid"
    for row in extras:
        cells = t.add_row().cells
        for c, v in zip(cells, row):
            c.text = v

    d.add_heading("3. Проживание с животными", 1)
    pets = [
        ("Животное", "Доплата", "Условия"),
        ("Собака мелкой породы (до 10 кг)", "600 руб./сутки", "Номера «Стандарт» и «Мансардный»"),
        ("Собака крупной породы (свыше 10 кг)", "1 000 руб./сутки", "Только номера «Стандарт»"),
        ("Кошка", "500 руб./сутки", "Номера «Стандарт» и «Мансардный»"),
    ]
    t = d.add_table(rows=0, cols=3)
    t.style = "Table Grid"
    for row in pets:
        cells = t.add_row().cells
        for c, v in zip(cells, row):
            c.text = v
    d.add_paragraph(
        "Размещение животных возможно только по согласованию при бронировании, не более одного "
        "животного в номере. Животных нельзя оставлять в номере без присмотра и выгуливать на "
        "территории детской площадки. В номерах «Люкс с камином» и «Комфорт с балконом» проживание "
        "с животными не допускается. За порчу мебели взимается компенсация по фактическому ущербу."
    )

    d.add_heading("4. Правила проживания", 1)
    for s in [
        "Тихие часы — с 23:00 до 8:00; в это время запрещено включать музыку во дворе и в беседке.",
        "Курение в номерах и в доме запрещено; за нарушение взимается штраф 5 000 руб. на "
        "химчистку номера. Курить можно в беседке у ворот.",
        "Гости, не указанные при бронировании, могут находиться на территории до 22:00.",
        "При заезде взимается возвратный залог 3 000 руб., который возвращается при выезде после "
        "осмотра номера.",
        "Полотенца меняются каждые 3 дня, постельное бельё — каждые 5 дней или по запросу.",
        "Потеря ключа от номера — 700 руб.",
    ]:
        d.add_paragraph(s, style="List Bullet")

    d.add_heading("5. Бронирование, оплата и отмена", 1)
    d.add_paragraph(
        "Бронирование подтверждается после внесения предоплаты в размере 30% от стоимости "
        "проживания. Остаток оплачивается при заезде наличными, картой или по СБП."
    )
    d.add_paragraph(
        "При отмене бронирования не позднее чем за 7 суток до даты заезда предоплата возвращается "
        "полностью. При отмене менее чем за 7 суток, но не позднее чем за 48 часов до заезда, "
        "удерживается 50% предоплаты. При отмене менее чем за 48 часов до заезда или при незаезде "
        "предоплата не возвращается. Для бронирований на праздничные дни бесплатная отмена "
        "возможна не позднее чем за 14 суток до заезда. Возврат производится в течение 10 рабочих "
        "дней тем же способом, которым была внесена предоплата."
    )
    d.add_paragraph(
        "Скидки: при проживании от 7 ночей — 10% от стоимости номера (кроме праздничных дней); "
        "для гостей, останавливавшихся у нас ранее, — 5%. Скидки не суммируются. Дети до 6 лет "
        "без предоставления отдельного места проживают бесплатно."
    )
    d.add_paragraph("Телефон администратора: +7 (48535) 2-17-40, ежедневно с 8:00 до 22:00.")
    d.save(str(path))
    normalise_zip(path)


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "迅捷达快递"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "资费标准"
    rows = [
        ["重量段", "同城（元）", "省内（元）", "一区 江浙沪皖（元）", "二区 华北华中华南（元）",
         "三区 东北西南（元）", "四区 新疆西藏青海（元）"],
        ["0.5公斤以内", 6, 8, 10, 12, 15, 22],
        ["0.5–1公斤", 8, 10, 12, 15, 18, 28],
        ["1–3公斤", 12, 14, 18, 23, 28, 45],
        ["3–5公斤", 15, 18, 24, 32, 40, 65],
        ["5–10公斤", 22, 28, 38, 52, 66, 110],
        ["10公斤以上每增加1公斤", 2, 3, 4, 6, 8, 13],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[1]:
        c.font = bold
    ws.append([])
    ws.append(["包装及增值服务收费"])
    ws.cell(row=ws.max_row, column=1).font = bold
    svc = [
        ["项目", "收费标准", "说明"],
        ["纸箱（小号 30×20×15厘米）", "3元/个", "寄件网点现场提供"],
        ["纸箱（中号 40×30×25厘米）", "5元/个", "寄件网点现场提供"],
        ["纸箱（大号 60×40×40厘米）", "9元/个", "寄件网点现场提供"],
        ["气泡膜包装", "2元/米", "易碎品建议使用"],
        ["木箱包装", "300元/立方米", "按体积计费，最低收费50元"],
        ["保价服务", "声明价值的1%", "最低收费1元，声明价值最高3万元"],
        ["签单返还", "5元/票", "收件人签字的回单寄回寄件人"],
        ["代收货款", "代收金额的1.5%", "最低收费3元，仅限国内"],
        ["夜间派送（20:00–22:00）", "10元/票", "仅限同城件"],
        ["偏远地区派送附加费", "每票15元", "以官网公布的偏远乡镇名单为准"],
    ]
    for r in svc:
        ws.append(r)
    ws.cell(row=ws.max_row - len(svc) + 1, column=1).font = bold
    ws.append([])
    ws.append(["计费说明：体积重量（公斤）= 长×宽×高（厘米）÷ 6000，按实际重量与体积重量中较大者计费；"
               "重量不足0.1公斤按0.1公斤计算。以上价格自2027年1月1日起执行。"])
    for col, w in zip("ABCDEFG", (30, 16, 16, 20, 22, 20, 22)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("时效与理赔")
    times = [
        ["寄达区域", "标准快递时效", "次日达", "备注"],
        ["同城", "当日或次日送达", "次日12:00前送达", "上午11:00前揽收当日可送达"],
        ["省内", "1–2天", "次日18:00前送达", "地级市市区"],
        ["一区 江浙沪皖", "2–3天", "次日18:00前送达", "仅限省会城市"],
        ["二区 华北华中华南", "3–4天", "不提供", ""],
        ["三区 东北西南", "3–5天", "不提供", ""],
        ["四区 新疆西藏青海", "5–7天", "不提供", "偏远地区可能延长2–3天"],
    ]
    for r in times:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    ws2.append([])
    ws2.append(["取件与理赔规则"])
    ws2.cell(row=ws2.max_row, column=1).font = bold
    rules = [
        ["规则", "内容"],
        ["上门取件时间", "每天8:00–19:00，下单后2小时内上门；19:00以后下单的次日上午取件"],
        ["上门取件费用", "免费；同一地址每日第4件起每件加收2元"],
        ["单件重量与尺寸限制", "单件重量不超过50公斤，单边长度不超过150厘米"],
        ["未保价快件丢失或损毁", "按实际损失赔偿，最高不超过运费的5倍"],
        ["保价快件丢失或损毁", "按声明价值及损失比例赔偿，最高不超过声明价值"],
        ["理赔申请期限", "损毁件自签收之日起7天内；丢失件自寄件之日起30天内"],
        ["理赔处理时间", "材料齐全后5个工作日内完成审核，审核通过后3个工作日内打款"],
        ["延误补偿", "次日达快件超时送达的，退还运费的50%"],
        ["禁寄物品", "易燃易爆品、管制刀具、活体动物、现金；锂电池不得单独寄送"],
        ["改地址与退回", "派送前可免费修改一次地址；退回件按原运费的100%收取"],
    ]
    for r in rules:
        ws2.append(r)
    ws2.cell(row=ws2.max_row - len(rules) + 1, column=1).font = bold
    ws2.column_dimensions["A"].width = 22
    ws2.column_dimensions["B"].width = 60
    ws2.column_dimensions["C"].width = 18
    ws2.column_dimensions["D"].width = 28
    wb.save(str(path))
    normalise_zip(path, XLSX_SAVED)


# --------------------------------------------------------------------------- PPTX (en)
def add_table(slide, data, left=0.4, top=1.5, width=9.2, row_h=0.45):
    rows, cols = len(data), len(data[0])
    shape = slide.shapes.add_table(rows, cols, Inches(left), Inches(top), Inches(width),
                                   Inches(row_h * rows))
    tbl = shape.table
    for i, row in enumerate(data):
        for j, v in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for r in p.runs:
                    r.font.size = PPt(13)
    return tbl


def bullets(slide, items, top=1.5, height=5.0):
    box = slide.shapes.add_textbox(Inches(0.5), Inches(top), Inches(9.0), Inches(height))
    tf = box.text_frame
    tf.word_wrap = True
    for i, s in enumerate(items):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = s
        p.font.size = PPt(16)


def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.core_properties.author = "Harbourside Language Centre"
    prs.core_properties.title = "Courses and fees 2027"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.revision = 1
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Harbourside Language Centre"
    s.placeholders[1].text = "English courses, exam preparation and fees 2027 — Brighton, UK"

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "General English courses"
    add_table(s, [
        ["Course", "Levels", "Lessons per week", "Max class size", "Price per week"],
        ["General English Standard", "A1–C1", "15 hours (mornings)", "12", "£210"],
        ["General English Intensive", "A1–C1", "25 hours", "12", "£320"],
        ["General English Super-Intensive", "B1–C1", "30 hours", "10", "£385"],
        ["Evening English", "A2–B2", "6 hours (Tue & Thu 18:30–21:30)", "14", "£95"],
        ["Business English", "B1–C1", "20 hours", "6", "£340"],
        ["English for Academic Purposes", "B2–C1", "20 hours", "10", "£330"],
    ])
    bullets(s, ["New courses start every Monday. One level takes about 10–12 weeks on the Standard course."],
            top=5.0, height=1.0)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Exam preparation"
    add_table(s, [
        ["Exam course", "Length", "Hours per week", "Course price", "Exam fee (not included)"],
        ["IELTS Academic", "8 weeks", "20", "£2,240", "£195"],
        ["IELTS General Training", "6 weeks", "20", "£1,680", "£195"],
        ["Cambridge B2 First", "10 weeks", "15", "£2,100", "£188"],
        ["Cambridge C1 Advanced", "10 weeks", "15", "£2,250", "£196"],
        ["TOEFL iBT", "6 weeks", "20", "£1,740", "£185"],
    ])
    bullets(s, ["Entry requirement: placement test result at least one level below the exam level.",
                "Mock exam included in every course; a second mock exam costs £40."],
            top=4.6, height=1.5)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Private lessons"
    add_table(s, [
        ["Lesson length", "One lesson (in school)", "Block of 10 lessons", "One lesson (online)"],
        ["45 minutes", "£38", "£350", "£32"],
        ["60 minutes", "£48", "£450", "£40"],
        ["90 minutes", "£70", "£660", "£58"],
    ], top=1.5, row_h=0.5)
    bullets(s, ["Shared private lessons (2 students): +50% of the one-lesson price, split between the two.",
                "Blocks of 10 lessons are valid for 3 months from the first lesson.",
                "Lessons cancelled less than 24 hours in advance are charged in full."],
            top=4.0, height=2.5)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Materials and other fees"
    bullets(s, [
        "Registration fee: £60, paid once per enrolment, non-refundable.",
        "Placement test: free of charge (online or at school).",
        "Course book: £35 per level (General English and Business English).",
        "Exam preparation materials pack: £45 per exam course.",
        "Homestay placement fee: £80; homestay from £190 per week with half board.",
        "Airport transfer from Gatwick: £85 one way; from Heathrow: £140 one way.",
        "Replacement certificate: £15.",
    ])

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Discounts"
    add_table(s, [
        ["Booking", "Discount on tuition"],
        ["12–23 weeks", "10%"],
        ["24 weeks or more", "15%"],
        ["Returning students", "5% (cannot be combined)"],
    ], top=1.5, width=6.0, row_h=0.5)
    bullets(s, ["Discounts apply to General English and Business English only, not to exam courses or private lessons."],
            top=4.2, height=1.0)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "School rules and cancellations"
    bullets(s, [
        "Minimum age: 16 years (14 in July and August with a parental consent form).",
        "Students need at least 80% attendance to receive a certificate.",
        "Arriving more than 15 minutes late counts as an absence.",
        "Holiday breaks: 1 week for every 12 weeks booked, to be requested 2 weeks in advance.",
        "Cancellation more than 14 days before the start: full refund except the registration fee.",
        "Cancellation within 14 days of the start: 1 week of tuition is charged.",
        "After the course has started, unused weeks are not refunded but may be moved within 6 months.",
        "No lessons on UK bank holidays; these lessons are not made up.",
    ])
    prs.save(str(path))
    normalise_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial48/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial48"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "gostevoy_dom_sosny.docx")
    make_xlsx(out / "xunjieda_kuaidi.xlsx")
    make_pptx(out / "harbourside_language.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
