#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 47 (deterministic, no network),
written by the trial's user, who had not read pincite's code; the content is invented.

- shinomontazh_ru.docx : Russian tyre-fitting and car-wash price list and rules
- jiaxiao_zh.xlsx      : Chinese driving school: courses, exam fees, rules
- ski_school_en.pptx   : English ski and snowboard school price guide

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial47.py benchmarks/devset/docs
"""
import datetime as dt
import os
import re
import sys
import zipfile

import docx
import openpyxl
from docx.shared import Pt
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2025, 11, 1, 10, 0, 0)


def normalise_zip(path):
    """Rewrite the ZIP with fixed timestamps so the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    # openpyxl stamps the save time into core.xml whatever was set: pin it
    items = [
        (n, re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>2025-11-01T10:00:00Z", d))
        if n == "docProps/core.xml" else (n, d)
        for n, d in items
    ]
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=(2025, 11, 1, 10, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    os.replace(tmp, path)


# --------------------------------------------------------------------------
# DOCX (ru): шиномонтаж и автомойка
# --------------------------------------------------------------------------
def add_table(d, header, rows):
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for i, h in enumerate(header):
        t.rows[0].cells[i].text = h
        for r in t.rows[0].cells[i].paragraphs[0].runs:
            r.bold = True
    for row in rows:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    return t


def make_docx(out):
    d = docx.Document()
    cp = d.core_properties
    cp.author = "Колесо-Про"
    cp.title = "Прайс-лист шиномонтажа и автомойки «Колесо-Про»"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Колесо-Про"
    cp.revision = 1
    style = d.styles["Normal"]
    style.font.size = Pt(11)

    d.add_heading("Шиномонтаж и автомойка «Колесо-Про»", level=0)
    d.add_paragraph(
        "Прайс-лист и правила обслуживания. Действует с 1 октября 2025 года. "
        "Адрес: г. Тверь, Московское шоссе, д. 14, стр. 2. Телефон записи: +7 (4822) 55-18-90."
    )
    d.add_paragraph(
        "Режим работы: шиномонтаж — ежедневно с 8:00 до 21:00; автомойка — ежедневно с 7:00 до 23:00. "
        "В сезон переобувки (с 1 апреля по 15 мая и с 1 октября по 30 ноября) шиномонтаж работает до 23:00."
    )

    d.add_heading("1. Комплексный шиномонтаж", level=1)
    d.add_paragraph(
        "Цена указана в рублях за комплект из 4 колёс и включает снятие и установку колёс, "
        "демонтаж и монтаж шин, балансировку и затяжку болтов динамометрическим ключом."
    )
    add_table(
        d,
        ["Радиус диска", "Легковой автомобиль, руб.", "Кроссовер / внедорожник, руб.", "Микроавтобус, руб."],
        [
            ["R13", "2 000", "—", "—"],
            ["R14", "2 200", "—", "3 000"],
            ["R15", "2 400", "2 900", "3 300"],
            ["R16", "2 700", "3 200", "3 600"],
            ["R17", "3 100", "3 600", "4 000"],
            ["R18", "3 500", "4 100", "—"],
            ["R19", "4 000", "4 600", "—"],
            ["R20", "4 600", "5 200", "—"],
            ["R21–R22", "—", "6 000", "—"],
        ],
    )
    d.add_paragraph(
        "Шины RunFlat и низкопрофильные шины (профиль 45 и ниже) монтируются с наценкой 30% к тарифу. "
        "Шиномонтаж одного колеса стоит 30% от цены комплекта."
    )

    d.add_heading("2. Отдельные услуги", level=1)
    add_table(
        d,
        ["Услуга", "Единица", "Цена, руб."],
        [
            ["Балансировка колеса", "1 колесо", "350"],
            ["Ремонт прокола жгутом", "1 колесо", "400"],
            ["Ремонт прокола грибком (изнутри)", "1 колесо", "800"],
            ["Ремонт бокового пореза с установкой латки", "1 колесо", "1 200"],
            ["Правка литого диска R13–R16", "1 диск", "1 500"],
            ["Правка литого диска R17–R19", "1 диск", "2 200"],
            ["Правка стального диска", "1 диск", "900"],
            ["Подкачка колёс азотом", "1 колесо", "100"],
            ["Замена вентиля (ниппеля)", "1 колесо", "150"],
            ["Установка датчика давления (TPMS)", "1 колесо", "600"],
        ],
    )

    d.add_heading("3. Сезонное хранение шин", level=1)
    d.add_paragraph(
        "Хранение в отапливаемом складе при температуре от +10 до +25 °C. Цена за комплект из 4 шин за сезон "
        "(до 6 месяцев); пакеты, мойка колёс и маркировка включены."
    )
    add_table(
        d,
        ["Вариант хранения", "R13–R16, руб.", "R17–R19, руб.", "R20–R22, руб."],
        [
            ["Шины без дисков", "3 200", "4 000", "4 800"],
            ["Шины на дисках", "3 800", "4 600", "5 500"],
            ["Шины на дисках с подвесом на стеллаже", "4 300", "5 100", "6 000"],
        ],
    )
    d.add_paragraph(
        "Продление хранения сверх оплаченного сезона — 700 руб. за каждый месяц. "
        "Шины с остаточной глубиной протектора менее 1,6 мм на хранение не принимаются."
    )

    d.add_heading("4. Автомойка", level=1)
    d.add_paragraph(
        "Класс 1 — малые автомобили и седаны; класс 2 — кроссоверы и универсалы; "
        "класс 3 — внедорожники, минивэны и микроавтобусы. Цены в рублях."
    )
    add_table(
        d,
        ["Услуга", "Класс 1, руб.", "Класс 2, руб.", "Класс 3, руб."],
        [
            ["Экспресс-мойка кузова", "600", "750", "900"],
            ["Комплексная мойка (кузов, салон, коврики)", "1 500", "1 800", "2 200"],
            ["Мойка двигателя с консервацией", "1 200", "1 400", "1 600"],
            ["Химчистка салона", "7 500", "9 000", "11 000"],
            ["Полировка кузова воском", "2 500", "3 000", "3 500"],
            ["Чернение шин", "200", "250", "300"],
            ["Обработка кузова антидождём", "800", "950", "1 100"],
        ],
    )

    d.add_heading("5. Правила обслуживания", level=1)
    rules = [
        "Запись ведётся по телефону и на сайте; клиенты без записи обслуживаются в порядке живой очереди.",
        "При опоздании более чем на 15 минут запись может быть перенесена на ближайшее свободное время.",
        "Гарантия на шиномонтажные работы — 30 дней, на ремонт проколов — 3 месяца при предъявлении заказ-наряда.",
        "Повторная протяжка колёсных болтов рекомендуется через 50–100 км пробега и выполняется бесплатно.",
        "Пенсионерам предоставляется скидка 10% на шиномонтаж по будням с 9:00 до 12:00 при предъявлении удостоверения.",
        "При одновременном заказе комплексного шиномонтажа и комплексной мойки скидка на мойку составляет 15%.",
        "Шины, не забранные с хранения в течение 30 дней после окончания оплаченного срока, хранятся по тарифу продления; "
        "по истечении 6 месяцев неоплаченного хранения шины утилизируются.",
        "После мойки автомобиль может бесплатно стоять на территории 1 час, далее — 200 руб. за каждый час.",
        "Мойка не принимает автомобили с прицепом и грузовые автомобили массой свыше 3,5 т.",
        "Оплата наличными, банковской картой или через СБП; юридическим лицам — по счёту.",
    ]
    for r in rules:
        d.add_paragraph(r, style="List Number")
    d.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------
# XLSX (zh): 驾校
# --------------------------------------------------------------------------
def make_xlsx(out):
    wb = openpyxl.Workbook()
    wb.properties.creator = "顺风驾驶培训学校"
    wb.properties.title = "顺风驾校 2025 年收费标准"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "课程价格"
    header = ["课程编号", "课程名称", "驾照类型", "车型", "科目二学时", "科目三学时", "理论学时", "学费（元）", "备注"]
    rows = [
        ["K01", "C1手动挡普通班", "C1", "小型汽车（手动挡）", 16, 24, 12, 4800, "周末可约车"],
        ["K02", "C1手动挡VIP班", "C1", "小型汽车（手动挡）", 20, 28, 12, 6800, "一人一车，专属教练"],
        ["K03", "C2自动挡普通班", "C2", "小型汽车（自动挡）", 14, 20, 12, 5200, "周末可约车"],
        ["K04", "C2自动挡VIP班", "C2", "小型汽车（自动挡）", 18, 24, 12, 7200, "一人一车，专属教练"],
        ["K05", "C2自动挡夜间班", "C2", "小型汽车（自动挡）", 14, 20, 12, 5600, "周一至周五19:00–22:00练车"],
        ["K06", "B2大型货车班", "B2", "重型货车", 30, 40, 16, 9800, "须年满20周岁"],
        ["K07", "A1大型客车班", "A1", "大型客车", 32, 44, 16, 12500, "须持有B2驾照满3年"],
        ["K08", "D三轮摩托车班", "D", "三轮摩托车", 8, 6, 6, 2600, ""],
        ["K09", "E二轮摩托车班", "E", "二轮摩托车", 8, 6, 6, 2400, ""],
        ["K10", "C1增驾B2班", "B2", "重型货车", 24, 32, 8, 7600, "须持有C1驾照满1年"],
    ]
    ws.append(header)
    for c in ws[1]:
        c.font = bold
    for r in rows:
        ws.append(r)
    for col, w in zip("ABCDEFGHI", [10, 18, 10, 20, 12, 12, 10, 12, 28]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("考试费用")
    ws2.append(["考试科目", "适用驾照类型", "首次考试费（元）", "补考费（元/次）", "考试时长（分钟）", "合格标准"])
    for c in ws2[1]:
        c.font = bold
    for r in [
        ["科目一（道路交通安全法规理论）", "全部", 50, 50, 45, "90分及以上"],
        ["科目二（场地驾驶技能）", "C1/C2", 300, 220, 20, "80分及以上"],
        ["科目二（场地驾驶技能）", "B2/A1", 480, 400, 30, "80分及以上"],
        ["科目二（场地驾驶技能）", "D/E", 150, 120, 15, "80分及以上"],
        ["科目三（道路驾驶技能）", "C1/C2", 350, 260, 30, "90分及以上"],
        ["科目三（道路驾驶技能）", "B2/A1", 520, 450, 40, "90分及以上"],
        ["科目四（安全文明驾驶常识）", "全部", 50, 50, 30, "90分及以上"],
    ]:
        ws2.append(r)
    for col, w in zip("ABCDEF", [30, 14, 16, 16, 16, 14]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("退费与约车规则")
    ws3.append(["条款", "规则内容"])
    for c in ws3[1]:
        c.font = bold
    for r in [
        [1, "报名后7天内未开始培训的，全额退还学费，另扣除资料费200元。"],
        [2, "科目一考试合格前申请退学的，退还已缴学费的70%。"],
        [3, "科目二考试合格后申请退学的，退还已缴学费的30%；科目三培训开始后不予退费。"],
        [4, "练车须提前24小时通过学员APP预约，每人每天最多预约2学时。"],
        [5, "预约后未到且未提前4小时取消的，扣除1学时；每月累计爽约3次的，暂停约车7天。"],
        [6, "超出课程学时的加练费：C1/C2每学时120元，B2/A1每学时180元，D/E每学时80元。"],
        [7, "教练不得收受学员任何礼品或红包，投诉电话400-820-6688。"],
        [8, "学员自报名之日起3年内未完成全部科目考试的，学籍作废，已缴费用不予退还。"],
        [9, "市区内提供免费接送班车，每天7:00和12:30各发车一班。"],
        [10, "同一学员更换教练限2次，须提前3个工作日向教务处申请。"],
    ]:
        ws3.append(r)
    ws3.column_dimensions["A"].width = 8
    ws3.column_dimensions["B"].width = 80
    wb.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------
# PPTX (en): ski and snowboard school
# --------------------------------------------------------------------------
def add_bullets(slide, left, top, width, height, lines, size=16):
    tb = slide.shapes.add_textbox(left, top, width, height)
    tf = tb.text_frame
    tf.word_wrap = True
    for i, line in enumerate(lines):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = line
        for r in p.runs:
            r.font.size = PPt(size)
    return tb


def add_ptable(slide, header, rows, top=Inches(1.4), height=None, size=12):
    n = len(rows) + 1
    height = height or Inches(0.4) * n
    shape = slide.shapes.add_table(n, len(header), Inches(0.4), top, Inches(9.2), height)
    t = shape.table
    for i, h in enumerate(header):
        t.cell(0, i).text = h
    for r, row in enumerate(rows, start=1):
        for i, v in enumerate(row):
            t.cell(r, i).text = v
    for r in range(n):
        for i in range(len(header)):
            for p in t.cell(r, i).text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(size)
    return t


def make_pptx(out):
    prs = Presentation()
    prs.core_properties.author = "Summit Ridge Snowsports"
    prs.core_properties.title = "Summit Ridge Ski & Snowboard School - Winter 2025/26"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.last_modified_by = "Summit Ridge Snowsports"
    prs.core_properties.revision = 1
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Summit Ridge Ski & Snowboard School"
    s.placeholders[1].text = "Winter 2025/26 prices, bundles and conditions (all prices in EUR, VAT included)"

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "About the school"
    add_bullets(s, Inches(0.6), Inches(1.5), Inches(8.8), Inches(5), [
        "Season: 13 December 2025 to 6 April 2026.",
        "Meeting point: the Blue Gondola base station, at the red flags.",
        "Morning lessons start at 9:30, afternoon lessons at 13:30.",
        "All instructors hold a national instructor licence; 42 instructors speak English, German or Italian.",
        "Ski school office: open daily 8:00-18:00, phone +43 5412 66 210.",
    ])

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Group ski lessons"
    add_ptable(s, ["Course", "Age", "Lesson length", "1 day", "3 days", "5 days"], [
        ["Kids Snow Garden (first-timers)", "4-6", "2 h", "€55", "€150", "€230"],
        ["Kids Ski Level 1-2", "7-12", "3 h", "€65", "€180", "€275"],
        ["Kids Ski Level 3-4", "7-12", "3 h", "€68", "€188", "€290"],
        ["Teens Ski Intermediate", "13-17", "3 h", "€70", "€195", "€300"],
        ["Adult Ski Beginner", "18+", "3 h", "€75", "€205", "€320"],
        ["Adult Ski Intermediate", "18+", "3 h", "€80", "€220", "€340"],
        ["Adult Ski Advanced / Off-piste", "18+", "4 h", "€95", "€270", "€420"],
    ])
    add_bullets(s, Inches(0.6), Inches(5.0), Inches(8.8), Inches(1.5), [
        "Maximum group size: 6 children in the Snow Garden, 8 in other kids' groups, 10 for teens and adults.",
    ], size=14)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Group snowboard lessons"
    add_ptable(s, ["Course", "Age", "Lesson length", "1 day", "3 days", "5 days"], [
        ["Kids Snowboard Starter", "8-12", "3 h", "€70", "€195", "€300"],
        ["Adult Snowboard Beginner", "13+", "3 h", "€80", "€220", "€345"],
        ["Adult Snowboard Intermediate", "13+", "3 h", "€85", "€235", "€365"],
        ["Snowboard Freestyle Park", "13+", "3 h", "€90", "€250", "€390"],
    ])
    add_bullets(s, Inches(0.6), Inches(4.0), Inches(8.8), Inches(2), [
        "Minimum age for snowboard lessons: 8 years.",
        "Freestyle Park lessons require a helmet and back protector (back protector hire €8 per day).",
    ], size=14)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Private lessons (ski or snowboard)"
    add_ptable(s, ["Duration", "1 person", "2 persons", "3-4 persons"], [
        ["1 hour", "€85", "€100", "€120"],
        ["2 hours", "€160", "€185", "€220"],
        ["Half day (3 h, morning)", "€220", "€250", "€290"],
        ["Full day (6 h)", "€420", "€470", "€540"],
    ])
    add_bullets(s, Inches(0.6), Inches(4.0), Inches(8.8), Inches(2), [
        "Early-bird private hour from 8:30 to 9:30: 15% off the 1-hour price.",
        "Private lessons for children under 4: 1 hour maximum.",
    ], size=14)
    s.notes_slide.notes_text_frame.text = (
        "Speaker note: instructors may extend a private lesson on the spot, billed per started hour at the 1-hour rate."
    )

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Lift-pass bundles"
    add_ptable(s, ["Bundle", "What is included", "Adult", "Child (6-15)"], [
        ["Learn-to-Ski 3 days", "3 beginner group lessons (3 h) + 3-day Zone A lift pass + ski hire", "€395", "€310"],
        ["Learn-to-Ride 3 days", "3 beginner snowboard lessons (3 h) + 3-day Zone A lift pass + board hire", "€415", "€330"],
        ["Improver 5 days", "5 group lessons (3 h) + 5-day full-area lift pass", "€620", "€470"],
        ["Weekend bundle", "2 group lessons (3 h) + 2-day full-area lift pass", "€260", "€195"],
    ], size=11)
    add_bullets(s, Inches(0.6), Inches(4.3), Inches(8.8), Inches(2), [
        "Children under 6 ride the lifts free with a paying adult (ID required).",
        "Bundles are personal and must be used on consecutive days.",
    ], size=14)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Equipment hire"
    add_ptable(s, ["Item", "1 day", "3 days", "6 days", "Each extra day"], [
        ["Adult ski set Standard (skis, boots, poles)", "€32", "€90", "€165", "€25"],
        ["Adult ski set Premium (skis, boots, poles)", "€45", "€126", "€230", "€35"],
        ["Child ski set (up to 150 cm)", "€18", "€50", "€92", "€14"],
        ["Snowboard and boots, adult", "€35", "€98", "€180", "€28"],
        ["Snowboard and boots, child", "€20", "€56", "€102", "€16"],
        ["Ski boots only", "€15", "€42", "€78", "€12"],
        ["Helmet", "€6", "€16", "€30", "€5"],
    ], size=11)
    add_bullets(s, Inches(0.6), Inches(5.0), Inches(8.8), Inches(1.5), [
        "Deposit: €150 or a passport. Damage waiver: €3 per item per day.",
        "Helmets are free for children under 12 booked in a group course.",
    ], size=14)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Booking rules and conditions"
    add_bullets(s, Inches(0.6), Inches(1.4), Inches(8.8), Inches(5.5), [
        "Group courses must be booked at least 24 hours before the first lesson.",
        "Cancellation: full refund up to 48 hours before the start; 50% refund between 48 and 24 hours; "
        "no refund within 24 hours unless a medical certificate is shown.",
        "Lessons take place in any weather; if the lifts are closed the school refunds or reschedules the lesson.",
        "Helmets are mandatory for all participants under 16.",
        "Children must be collected within 15 minutes of the end of the lesson; late pick-up costs €20 per started 15 minutes.",
        "Missed group days are not refunded and cannot be transferred to another person.",
        "Family discount: 10% when 3 or more members of one family book a 5-day group course.",
    ], size=15)

    prs.save(out)
    normalise_zip(out)


def main():
    # the development set's docs folder (fetch.py passes it); the files go to its trial47/
    outdir = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial47")
    os.makedirs(outdir, exist_ok=True)
    make_docx(os.path.join(outdir, "shinomontazh_ru.docx"))
    make_xlsx(os.path.join(outdir, "jiaxiao_zh.xlsx"))
    make_pptx(os.path.join(outdir, "ski_school_en.pptx"))
    print("written to", outdir)


if __name__ == "__main__":
    main()
