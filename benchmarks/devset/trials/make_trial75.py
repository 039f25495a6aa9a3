#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 75 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- vet_prices_ru.xlsx       Russian veterinary clinic «Айболит-Плюс», price list from 1 October
                           2026: sheet Услуги (codes У-01 to У-16: consultations, ultrasound,
                           X-ray by projections, blood tests with their waiting times, claw
                           trimming, microchipping, house calls, in-patient days by animal and
                           weight, with price, duration in minutes and notes; a note row on the
                           pensioners' 10 % discount and the 50 % night surcharge) and sheet
                           Вакцинация и пакеты (vaccinations, castration, sterilisation,
                           packages and inhalation anaesthesia per 30 minutes for cats and dogs
                           by weight band: up to 10, 10-25, over 25 kg; a note row: +20 % over
                           40 kg)
- driving_school_zh.pptx   Chinese driving school 顺达驾驶员培训学校, 2026 brochure, 7 slides: the
                           title; classes C1/C2 普通班, VIP班, C2 速成班, D and E motorcycles with
                           fee and hours; the exam fees (科目一 to 科目四, first try and re-sit);
                           the split of the hours; extra practice and services (C1 150元/小时,
                           simulator, medical check); refund and make-up rules; contacts (the
                           free shuttle at 7:30)
- storage_terms_en.docx    English self-storage terms, StoreSafe (Riverside site), from 1 March
                           2026: the unit table (Locker A 3 × 3 to Garage F 10 × 20 with weekly,
                           monthly, 6-month prepaid and insurance prices), extra services (disc
                           padlock, van hire, collection, climate-controlled upgrade) and 12
                           numbered terms (two weeks minimum, deposit, late fees, gate 6:00-22:00,
                           office hours, goods not to be stored, student discount)

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-02 09:00:00, the members in the order the library wrote them) and core.xml's created
and modified times after saving, so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial75.py benchmarks/devset/docs
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

FIXED = dt.datetime(2026, 11, 2, 9, 0, 0)
STAMP = "2026-11-02T09:00:00Z"


def normalize(raw: bytes) -> bytes:
    """Rewrite the ZIP with fixed member times and fixed core-property dates."""
    src = zipfile.ZipFile(io.BytesIO(raw))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", r"\g<1>" + STAMP + r"\2", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", r"\g<1>" + STAMP + r"\2", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=(2026, 11, 2, 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, data)
    return buf.getvalue()


# ---------------------------------------------------------------- XLSX (ru)
def make_xlsx() -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.title = "Услуги"
    ws.append(["Ветеринарная клиника «Айболит-Плюс» — прейскурант на услуги (действует с 1 октября 2026 г.)"])
    ws["A1"].font = Font(bold=True)
    ws.append([])
    ws.append(["Код", "Услуга", "Цена, руб.", "Длительность, мин", "Примечание"])
    rows = [
        ("У-01", "Первичный приём терапевта", 1200, 30, "включает осмотр и взвешивание"),
        ("У-02", "Повторный приём терапевта (в течение 14 дней)", 800, 20, "по тому же заболеванию"),
        ("У-03", "Приём хирурга", 1500, 30, ""),
        ("У-04", "Консультация по результатам анализов", 600, 15, "без осмотра животного"),
        ("У-05", "УЗИ брюшной полости", 2400, 40, "натощак: не кормить 8 часов"),
        ("У-06", "УЗИ сердца (эхокардиография)", 3100, 45, ""),
        ("У-07", "Рентген, 1 проекция", 1300, 15, ""),
        ("У-08", "Рентген, 2 проекции", 2100, 20, ""),
        ("У-09", "Общий анализ крови", 950, None, "результат через 1 рабочий день"),
        ("У-10", "Биохимический анализ крови (12 показателей)", 2300, None, "результат через 2 рабочих дня"),
        ("У-11", "Стрижка когтей", 400, 15, ""),
        ("У-12", "Чистка параанальных желёз", 500, 15, ""),
        ("У-13", "Чипирование (с внесением в базу)", 1800, 15, "чип и регистрация включены"),
        ("У-14", "Вызов врача на дом (в пределах города)", 2500, 60, "в выходные дни +30%"),
        ("У-15", "Стационар, сутки (кошка или собака до 10 кг)", 1700, None, "корм включён"),
        ("У-16", "Стационар, сутки (собака свыше 10 кг)", 2400, None, "корм включён"),
    ]
    for r in rows:
        ws.append(list(r))
    ws.append([])
    ws.append(["*", "Пенсионерам скидка 10% на приёмы по будням с 10:00 до 16:00 (при предъявлении удостоверения). "
               "Ночные приёмы с 21:00 до 08:00 — надбавка 50% к цене. Скидки не суммируются."])
    ws.column_dimensions["B"].width = 48
    ws.column_dimensions["E"].width = 34

    ws2 = wb.create_sheet("Вакцинация и пакеты")
    ws2.append(["Вакцинация, операции и пакеты услуг — цена зависит от вида и веса животного, руб."])
    ws2["A1"].font = Font(bold=True)
    ws2.append([])
    ws2.append(["Позиция", "Кошки", "Собаки до 10 кг", "Собаки 10–25 кг", "Собаки свыше 25 кг"])
    rows2 = [
        ("Вакцинация комплексная (импортная вакцина)", 1900, 2100, 2300, 2600),
        ("Вакцинация от бешенства", 700, 700, 800, 900),
        ("Кастрация", 3500, 6000, 8500, 11000),
        ("Стерилизация", 6500, 9500, 13000, 16500),
        ("Пакет «Малыш» (2 вакцинации + чипирование + осмотр), до 6 месяцев", 4900, 5400, 5900, "—"),
        ("Пакет «Здоровый питомец» на год (3 приёма, анализ крови, комплексная вакцинация)", 5800, 6300, 6900, 7600),
        ("Ингаляционный наркоз, за каждые 30 минут", 1200, 1500, 2000, 2600),
    ]
    for r in rows2:
        ws2.append(list(r))
    ws2.append([])
    ws2.append(["Примечание: вес определяется на весах клиники в день процедуры. Для собак весом свыше 40 кг — "
                "надбавка 20% к цене столбца «Собаки свыше 25 кг». Пакеты оплачиваются одним платежом и не "
                "возвращаются после первой процедуры."])
    ws2.column_dimensions["A"].width = 60
    wb.properties.creator = "Айболит-Плюс"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    buf = io.BytesIO()
    wb.save(buf)
    return normalize(buf.getvalue())


# ---------------------------------------------------------------- PPTX (zh)
def add_table(slide, data, left, top, width, height, font=14):
    shape = slide.shapes.add_table(len(data), len(data[0]), left, top, width, height)
    tbl = shape.table
    for i, row in enumerate(data):
        for j, val in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = str(val)
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(font)
    return tbl


def make_pptx() -> bytes:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    title_layout = prs.slide_layouts[0]
    only_title = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "顺达驾驶员培训学校"
    s.placeholders[1].text = "2026年招生简章 · 本地户籍与外地户籍同价 · 报名即送科目一题库会员"

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "班型与学费"
    add_table(s, [
        ["班型", "准驾车型", "学费（元）", "培训学时", "说明"],
        ["C1 普通班", "C1 手动挡小型汽车", "4,280", "62学时", "工作日和周末均可预约练车"],
        ["C1 VIP班", "C1 手动挡小型汽车", "6,580", "62学时", "一人一车，专属教练，接送上门"],
        ["C2 普通班", "C2 自动挡小型汽车", "4,080", "58学时", "工作日和周末均可预约练车"],
        ["C2 VIP班", "C2 自动挡小型汽车", "6,280", "58学时", "一人一车，专属教练，接送上门"],
        ["C2 速成班", "C2 自动挡小型汽车", "7,980", "58学时", "约30天拿证（不含等待考试排期）"],
        ["D 摩托车班", "D 普通三轮摩托车", "2,600", "34学时", "仅周末开班"],
        ["E 摩托车班", "E 普通二轮摩托车", "2,200", "30学时", "仅周末开班"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(4.5))

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "考试费用（由车管所收取，不含在学费内）"
    add_table(s, [
        ["科目", "考试内容", "首次考试费（元）", "补考费（元/次）"],
        ["科目一", "道路交通安全法律法规理论考试", "50", "50"],
        ["科目二（C1）", "场地驾驶技能考试", "300", "300"],
        ["科目二（C2）", "场地驾驶技能考试", "260", "260"],
        ["科目三", "道路驾驶技能考试", "240", "240"],
        ["科目四", "安全文明驾驶常识考试", "60", "60"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(3.5))
    tb = s.shapes.add_textbox(Inches(0.5), Inches(5.4), Inches(12.3), Inches(1.0))
    tb.text_frame.text = "每个科目有5次预约考试机会，5次均不合格的，已考合格的科目成绩作废。"

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "培训学时分配"
    add_table(s, [
        ["班型", "理论学时", "科目二实操学时", "科目三实操学时", "合计"],
        ["C1", "22", "16", "24", "62"],
        ["C2", "22", "14", "22", "58"],
        ["D / E", "12", "10", "12 / 8", "34 / 30"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(3.0))
    tb = s.shapes.add_textbox(Inches(0.5), Inches(4.8), Inches(12.3), Inches(1.0))
    tb.text_frame.text = "每1学时为60分钟，其中实际操作不少于45分钟；每天实操最多4学时。"

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "加时与附加服务"
    add_table(s, [
        ["项目", "价格", "备注"],
        ["加时练车（C1）", "150元/小时", "须在原学时用完后购买"],
        ["加时练车（C2）", "140元/小时", "须在原学时用完后购买"],
        ["有证陪练", "180元/小时", "已取得驾照的学员，10小时起订"],
        ["模拟器练习", "60元/小时", "科目二、科目三均可"],
        ["代办体检", "40元", "含照片，当天出结果"],
        ["考场熟悉（科目二）", "200元/次", "每次1小时，考前一周内"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(4.0))

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "退费与补课规定"
    tb = s.shapes.add_textbox(Inches(0.5), Inches(1.4), Inches(12.3), Inches(5.5))
    tf = tb.text_frame
    tf.word_wrap = True
    rules = [
        "1. 报名后7日内未参加任何培训的，可全额退还学费，但须扣除资料费200元。",
        "2. 已开始培训但尚未参加科目一考试的，退还所缴学费的60%。",
        "3. 科目二考试合格后，学费不予退还。",
        "4. 学员不能按时练车的，须提前24小时在微信预约平台取消，否则视为已上课，扣除1学时。",
        "5. 因驾校原因停课的，补课每次不超过2学时，不另收费。",
        "6. 同一学员每月最多申请补课3次。",
        "7. 学员须自受理之日起3年内完成全部考试，逾期已考合格的科目成绩作废，学费不退。",
    ]
    tf.text = rules[0]
    for r in rules[1:]:
        p = tf.add_paragraph()
        p.text = r
    for p in tf.paragraphs:
        for run in p.runs:
            run.font.size = PPt(18)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "联系我们"
    tb = s.shapes.add_textbox(Inches(0.5), Inches(1.4), Inches(12.3), Inches(5.0))
    tf = tb.text_frame
    lines = [
        "报名地址：滨河区学院路88号顺达驾校招生大厅",
        "报名热线：0571-8866 2026（微信同号）",
        "营业时间：周一至周日 8:00–18:00；法定节假日 9:00–16:00",
        "训练场：滨河训练场（学院路88号东门），免费班车每天7:30从地铁2号线学院路站B口发车",
        "报名须携带：身份证原件、一寸白底照片2张；外地户籍无需居住证",
    ]
    tf.text = lines[0]
    for r in lines[1:]:
        p = tf.add_paragraph()
        p.text = r

    cp = prs.core_properties
    cp.author = "顺达驾校"
    cp.title = "顺达驾校 2026年招生简章"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "顺达驾校"
    cp.revision = 1
    buf = io.BytesIO()
    prs.save(buf)
    return normalize(buf.getvalue())


# ---------------------------------------------------------------- DOCX (en)
def make_docx() -> bytes:
    d = Document()
    d.add_heading("StoreSafe Self Storage — Rental Terms and Price List", 0)
    d.add_paragraph("Riverside site, Unit 4 Mill Lane. Prices effective from 1 March 2026 and include VAT.")

    d.add_heading("1. Unit sizes and prices", 1)
    t = d.add_table(rows=1, cols=7)
    t.style = "Table Grid"
    hdr = ["Unit type", "Size (ft)", "Area (sq ft)", "Weekly price", "Monthly price", "6 months prepaid",
           "Insurance per month"]
    for i, h in enumerate(hdr):
        t.rows[0].cells[i].text = h
    units = [
        ("Locker A", "3 × 3", "9", "£6", "£24", "£129", "£4 (cover up to £1,000)"),
        ("Small B", "5 × 5", "25", "£12", "£49", "£264", "£6 (cover up to £2,000)"),
        ("Medium C", "5 × 10", "50", "£21", "£85", "£459", "£8 (cover up to £3,000)"),
        ("Large D", "10 × 10", "100", "£37", "£149", "£805", "£11 (cover up to £5,000)"),
        ("Extra large E", "10 × 15", "150", "£52", "£209", "£1,129", "£14 (cover up to £7,500)"),
        ("Garage F", "10 × 20", "200", "£66", "£265", "£1,431", "£18 (cover up to £10,000)"),
    ]
    for u in units:
        cells = t.add_row().cells
        for i, v in enumerate(u):
            cells[i].text = v
    d.add_paragraph("Weekly prices apply to lets of 2 to 8 weeks only; from the ninth week the monthly price "
                    "applies. The 6-month prepaid price is paid in one sum at move-in.")

    d.add_heading("2. Extra services", 1)
    t2 = d.add_table(rows=1, cols=3)
    t2.style = "Table Grid"
    for i, h in enumerate(["Service", "Price", "Notes"]):
        t2.rows[0].cells[i].text = h
    extras = [
        ("Disc padlock", "£12", "one-off; yours to keep"),
        ("Van hire, half day (4 hours)", "£45", "Luton van; driver aged 25 or over"),
        ("Van hire, full day", "£75", "Luton van; driver aged 25 or over"),
        ("Collection service", "£60 per trip", "within 10 miles of the site; £2 per extra mile"),
        ("Cardboard box, medium", "£2.50 each", "pack of 10 for £22"),
        ("Parcel acceptance", "£3 per parcel", "held for up to 14 days"),
        ("Climate-controlled upgrade", "£15 per month", "units up to 10 × 10 only"),
        ("Trolleys and pallet truck", "free", "during office hours"),
    ]
    for e in extras:
        cells = t2.add_row().cells
        for i, v in enumerate(e):
            cells[i].text = v

    d.add_heading("3. Terms of rental", 1)
    terms = [
        "The minimum rental period is two weeks.",
        "A refundable deposit equal to one month's rent is payable at move-in and is returned within 10 working "
        "days after you vacate, less any unpaid charges.",
        "Rent is payable monthly in advance on the same date each month as the move-in date.",
        "You must give at least 14 days' written notice before you vacate; an email to the office counts as "
        "written notice.",
        "If rent is more than 7 days overdue a late fee of £15 is added; if it is more than 21 days overdue a "
        "further £30 is added and your gate code is suspended until the account is paid.",
        "If rent remains unpaid for 60 days, we may sell or dispose of the goods after giving you 14 days' "
        "notice in writing.",
        "The site gate opens with your personal code from 6:00 to 22:00 every day, including bank holidays. "
        "The office is staffed Monday to Friday 8:30–17:30 and Saturday 9:00–16:00, and is closed on Sundays.",
        "Goods must be insured for their full value, either under our cover (see the table above) or under "
        "your own policy; proof of your own policy must be shown at move-in.",
        "Food, flammable liquids, gas cylinders, firearms, waste and anything alive must not be stored.",
        "We may change the rent by giving 28 days' notice, and not more than once in any 12 months.",
        "If you leave before the end of a prepaid period, unused whole months are refunded at the monthly "
        "price, less an administration fee of £20.",
        "Students with a valid student card receive 15% off the monthly price for units up to 5 × 10 from "
        "June to September.",
    ]
    for i, s in enumerate(terms, 1):
        d.add_paragraph(f"3.{i} {s}")
    d.add_paragraph("StoreSafe Self Storage Ltd · office@storesafe.example · 01632 960 417")

    for para in d.paragraphs:
        for run in para.runs:
            run.font.size = Pt(11)
    cp = d.core_properties
    cp.author = "StoreSafe Self Storage Ltd"
    cp.title = "Rental terms and price list 2026"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "StoreSafe"
    cp.revision = 1
    buf = io.BytesIO()
    d.save(buf)
    return normalize(buf.getvalue())


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial75/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial75"
    out.mkdir(parents=True, exist_ok=True)
    for name, fn in [("vet_prices_ru.xlsx", make_xlsx), ("driving_school_zh.pptx", make_pptx),
                     ("storage_terms_en.docx", make_docx)]:
        (out / name).write_bytes(fn())


if __name__ == "__main__":
    main()
