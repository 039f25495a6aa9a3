#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of trial 46 (deterministic, no network).

  lib_src/banya_berezka.docx   Russian: sauna and bath complex price list and rules
  lib_src/pereezd_prices.xlsx  Chinese: moving company prices (3 sheets)
  lib_src/summit_wall.pptx     English: climbing gym prices and rules (7 slides)

Run: python make_docs.py [OUTDIR]
"""
import datetime
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

FIXED = datetime.datetime(2026, 1, 15, 12, 0, 0)


def normalise_zip(path):
    """Rewrite the zip with fixed timestamps and sorted-as-written order."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    # openpyxl stamps docProps/core.xml "modified" with the current time on save
    items = [(n, re.sub(rb"<dcterms:modified([^>]*)>[^<]*</dcterms:modified>",
                        rb"<dcterms:modified\1>2026-01-15T12:00:00Z</dcterms:modified>", d)
              if n == "docProps/core.xml" else d) for n, d in items]
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 15, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    os.replace(tmp, path)


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path):
    d = docx.Document()
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.title = "Банный комплекс «Берёзка» — прейскурант"
    d.core_properties.author = "Берёзка"
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    d.add_heading("Банный комплекс «Берёзка»", level=0)
    d.add_paragraph(
        "Прейскурант и правила посещения. Действует с 1 февраля 2026 года. "
        "Адрес: г. Вологда, ул. Лесная, д. 12. Телефон для бронирования: +7 (8172) 55-40-12.")

    d.add_heading("1. Аренда залов", level=1)
    d.add_paragraph(
        "Залы сдаются целиком, на одну компанию. Будни — с понедельника по четверг; "
        "выходные — пятница, суббота, воскресенье и праздничные дни. Цена указана за один час "
        "аренды зала для компании не больше, чем указано в графе «Гостей включено».")
    rows = [
        ("Зал", "Гостей включено", "Максимум гостей", "Будни, руб./час", "Выходные, руб./час", "Минимум аренды"),
        ("Русская баня «Изба» на дровах", "6", "8", "3 200", "4 100", "2 часа"),
        ("Русская баня «Большая изба» на дровах", "10", "14", "4 800", "5 900", "3 часа"),
        ("Финская сауна «Фьорд»", "4", "6", "2 600", "3 300", "2 часа"),
        ("Финская сауна «Фьорд-Люкс» с бассейном 4×8 м", "8", "12", "4 400", "5 600", "2 часа"),
        ("Турецкий хаммам «Сераль»", "6", "10", "3 900", "4 700", "2 часа"),
        ("Японская баня офуро «Сакура» (две купели)", "2", "4", "2 100", "2 700", "1,5 часа"),
    ]
    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph(
        "Каждый гость сверх включённых оплачивается отдельно: 400 руб. за весь сеанс в будни "
        "и 550 руб. за весь сеанс в выходные. Дети до 7 лет не считаются гостями и проходят "
        "бесплатно. С 23:00 до 02:00 действует ночной тариф: стоимость часа аренды выше на 20 %.")

    d.add_heading("2. Дополнительные услуги", level=1)
    rows = [
        ("Услуга", "Длительность / объём", "Цена, руб."),
        ("Парение берёзовым веником", "20 мин", "1 500"),
        ("Парение дубовым веником", "20 мин", "1 700"),
        ("Парение в четыре веника (два пармейстера)", "40 мин", "4 200"),
        ("Солевой скраб", "15 мин", "900"),
        ("Медовый скраб", "15 мин", "1 100"),
        ("Пенный массаж в хаммаме", "30 мин", "2 300"),
        ("Классический массаж спины", "30 мин", "2 000"),
        ("Травяной чай из самовара", "5 л", "650"),
        ("Аренда простыни", "1 шт.", "150"),
        ("Аренда махрового халата", "1 шт.", "300"),
        ("Банная шапка (с собой)", "1 шт.", "350"),
        ("Берёзовый веник (с собой)", "1 шт.", "450"),
    ]
    t = d.add_table(rows=len(rows), cols=3)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v

    d.add_heading("3. Бронирование и оплата", level=1)
    d.add_paragraph(
        "Зал бронируется по телефону или на сайте. Для подтверждения брони вносится предоплата "
        "30 % от стоимости аренды. Бесплатная отмена возможна не позднее чем за 24 часа до начала "
        "сеанса; при более поздней отмене предоплата не возвращается. Продлить сеанс можно "
        "отрезками по 30 минут, если зал не забронирован следующей компанией. Время опоздания не "
        "компенсируется, а выход из зала позже окончания сеанса более чем на 10 минут оплачивается "
        "как дополнительные полчаса.")
    d.add_paragraph(
        "Комплекс работает ежедневно с 10:00 до 02:00. Последний сеанс начинается не позже 00:00. "
        "Для гостей бесплатная охраняемая парковка на 15 автомобилей.")

    d.add_heading("4. Правила посещения", level=1)
    for s in [
        "Дети до 14 лет находятся в комплексе только вместе со взрослыми.",
        "Температура в финской сауне поддерживается в пределах 90–100 °C, в русской бане — "
        "70–80 °C при влажности до 60 %, в хаммаме — 45–50 °C при влажности 100 %.",
        "Приносить с собой крепкий алкоголь запрещено; за каждую принесённую бутылку вина "
        "взимается сбор 300 руб.",
        "Запрещено пользоваться собственными электроприборами в парных и пользоваться "
        "бассейном в состоянии алкогольного опьянения.",
        "Курение разрешено только на открытой террасе.",
        "За повреждение имущества взимается его полная стоимость по акту. Потерянный ключ от "
        "шкафчика — штраф 500 руб.",
        "Людям с заболеваниями сердца перед посещением парной рекомендуется проконсультироваться с врачом.",
    ]:
        d.add_paragraph(s, style="List Number")
    d.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path):
    wb = openpyxl.Workbook()
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.creator = "安心搬家"
    wb.properties.title = "安心搬家服务价目表"
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "车型与里程"
    rows = [
        ["车型", "载重", "车厢尺寸（长×宽×高）", "起步价（元，含10公里）", "10–30公里（元/公里）", "30公里以上（元/公里）", "含搬运工（人）"],
        ["小面包车", "0.8吨", "2.4×1.3×1.1米", 180, 5, 4, 1],
        ["金杯车", "1.2吨", "3.0×1.5×1.3米", 260, 6, 5, 2],
        ["4.2米厢式货车", "3吨", "4.2×2.0×1.9米", 450, 8, 6, 2],
        ["6.8米厢式货车", "8吨", "6.8×2.4×2.4米", 880, 12, 10, 3],
        ["9.6米厢式货车", "15吨", "9.6×2.4×2.5米", 1500, 15, 12, 4],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[1]:
        c.font = bold
    ws.append([])
    ws.append(["无电梯楼层费（从2楼起，按每层计）"])
    ws.cell(row=ws.max_row, column=1).font = bold
    ws.append(["车型", "每层加收（元）", "说明"])
    for c in ws[ws.max_row]:
        c.font = bold
    for r in [
        ["小面包车", 30, "1楼及有电梯不收"],
        ["金杯车", 40, "1楼及有电梯不收"],
        ["4.2米厢式货车", 60, "1楼及有电梯不收"],
        ["6.8米厢式货车", 100, "1楼及有电梯不收"],
        ["9.6米厢式货车", 150, "1楼及有电梯不收"],
    ]:
        ws.append(r)
    for col, w in zip("ABCDEFG", [16, 14, 22, 22, 20, 20, 14]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("包装材料与附加服务")
    rows = [
        ["项目", "规格", "单位", "价格（元）"],
        ["纸箱（大号）", "60×40×50厘米", "个", 12],
        ["纸箱（中号）", "50×35×40厘米", "个", 8],
        ["纸箱（小号）", "40×30×30厘米", "个", 5],
        ["气泡膜", "宽1米，长50米", "卷", 35],
        ["缠绕膜", "宽50厘米", "卷", 25],
        ["封箱胶带", "宽4.8厘米", "卷", 6],
        ["立式钢琴搬运", "不含调音", "台", 800],
        ["三角钢琴搬运", "不含调音", "台", 2000],
        ["保险柜搬运", "200公斤以下", "台", 300],
        ["空调拆装（挂机）", "含移机，不含加氟", "台", 150],
        ["空调拆装（柜机）", "含移机，不含加氟", "台", 250],
        ["床的拆装", "双人床", "张", 80],
        ["等候费", "超过30分钟后每30分钟", "次", 40],
    ]
    for r in rows:
        ws2.append(r)
    for c in ws2[1]:
        c.font = bold
    for col, w in zip("ABCD", [20, 24, 8, 12]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("保险、定金与营业时间")
    rows = [
        ["项目", "内容"],
        ["基础保险", "免费赠送，每单最高赔付5000元"],
        ["全额保险", "按申报物品价值的0.5%收取，最低50元，每单最高赔付200000元"],
        ["定金", "预约时支付100元，搬家完成后从总价中抵扣"],
        ["取消预约", "提前24小时取消，定金全额退还；24小时内取消，定金不退"],
        ["营业时间", "每天7:00–20:00，全年无休"],
        ["夜间搬家", "20:00–23:00开始的搬家，总价加收20%"],
        ["春节期间", "除夕至正月初七，总价加收30%"],
        ["付款方式", "现金、微信、支付宝；企业客户可开具增值税发票"],
        ["客服电话", "400-820-6655"],
    ]
    for r in rows:
        ws3.append(r)
    for c in ws3[1]:
        c.font = bold
    ws3.column_dimensions["A"].width = 14
    ws3.column_dimensions["B"].width = 60
    wb.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- PPTX (en)
def add_table(slide, rows, left=0.5, top=1.5, width=9.0, height=None):
    nrows, ncols = len(rows), len(rows[0])
    height = height or 0.4 * nrows
    shape = slide.shapes.add_table(nrows, ncols, Inches(left), Inches(top), Inches(width), Inches(height))
    tbl = shape.table
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            cell = tbl.cell(i, j)
            cell.text = v
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
    return tbl


def add_text(slide, lines, top=1.5, size=18):
    box = slide.shapes.add_textbox(Inches(0.5), Inches(top), Inches(9.0), Inches(5.0))
    tf = box.text_frame
    tf.word_wrap = True
    for i, line in enumerate(lines):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = line
        for run in p.runs:
            run.font.size = PPt(size)


def make_pptx(path):
    prs = Presentation()
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.title = "Summit Wall Climbing Centre - Prices 2026"
    prs.core_properties.author = "Summit Wall"
    title_layout = prs.slide_layouts[0]
    only_title = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Summit Wall Climbing Centre"
    s.placeholders[1].text = "Prices, memberships and house rules - valid from 1 March 2026\nUnit 4, Canal Works, Sheffield S3 8GG"

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Day passes"
    add_table(s, [
        ["Ticket", "Peak", "Off-peak"],
        ["Adult (18+)", "£14.50", "£11.00"],
        ["Student (valid student card)", "£12.00", "£9.50"],
        ["Junior (8-17 years)", "£10.00", "£8.00"],
        ["Kids (4-7 years)", "£7.50", "£6.00"],
        ["Family (2 adults + 2 children)", "£38.00", "£30.00"],
        ["10-visit punch card, adult", "£125.00", "£95.00"],
    ], top=1.4)
    add_text(s, ["Off-peak: Monday to Friday, entry before 4 pm. Peak: weekday evenings from 4 pm, weekends and bank holidays. "
                 "Punch cards are valid for 12 months from the date of purchase."], top=4.7, size=14)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Memberships"
    add_table(s, [
        ["Membership", "Monthly (rolling)", "3 months upfront", "12 months upfront"],
        ["Adult", "£52 per month", "£145", "£495"],
        ["Student", "£44 per month", "£122", "£420"],
        ["Junior (8-17)", "£34 per month", "£95", "£330"],
        ["Senior (65+)", "£38 per month", "£105", "£360"],
        ["Off-peak adult", "£39 per month", "£108", "£375"],
    ], top=1.4)
    add_text(s, ["A one-off joining fee of £15 applies to rolling monthly memberships only. "
                 "Rolling memberships need one full calendar month's notice to cancel. "
                 "Memberships can be frozen for up to 2 months per year at £5 per month."], top=4.3, size=14)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Equipment hire"
    add_table(s, [
        ["Item", "Price per visit"],
        ["Climbing shoes (UK sizes 1-13)", "£4.00"],
        ["Harness", "£3.00"],
        ["Chalk bag", "£1.50"],
        ["Belay device with screwgate karabiner", "£2.00"],
        ["Full kit (shoes, harness, chalk bag)", "£7.50"],
        ["Locker (£1 coin, returned)", "free"],
    ], top=1.4)
    add_text(s, ["Hire kit is checked after every use. Lost or damaged hire shoes are charged at £60 a pair."], top=4.7, size=14)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Courses and coaching"
    add_text(s, [
        "Intro to Bouldering: one 90-minute session, £25 per person, shoes included.",
        "Learn to Climb (ropes): 4 weekly sessions of 2 hours, £110 per person; on completion you may belay unsupervised.",
        "Lead Climbing Course: 3 sessions of 3 hours, £135; you must already hold a belay competency sign-off.",
        "Kids Club (ages 7-12): Saturdays 10:00-11:30, £120 for a 10-week term.",
        "Private coaching: £45 per hour for one climber, plus £15 for each additional climber (maximum 4).",
    ], top=1.4, size=16)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "House rules"
    add_text(s, [
        "1. Every new climber completes a free 20-minute induction before the first climb.",
        "2. Climbers under 18 need a consent form signed by a parent or guardian.",
        "3. Children under 14 must be supervised by an adult at all times; one adult may supervise at most 3 children.",
        "4. Auto-belays are for climbers weighing 10 kg to 130 kg.",
        "5. Bouldering walls are up to 4.5 m high; rope walls reach 15 m. Never stand or sit on the bouldering mats below a climber.",
        "6. No food or drinks other than water on the climbing floor.",
    ], top=1.4, size=16)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Opening hours"
    add_text(s, [
        "Monday to Friday: 10:00-22:00",
        "Saturday and Sunday: 09:00-20:00",
        "Bank holidays: 10:00-18:00; closed on 25 and 26 December.",
        "Last entry is one hour before closing.",
        "Café open daily 10:00-17:00. Free parking for 30 cars behind the building.",
    ], top=1.4, size=18)
    prs.save(path)
    normalise_zip(path)


def main():
    # the development set's docs folder (fetch.py passes it); the files go to its trial46/
    out = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial46")
    os.makedirs(out, exist_ok=True)
    make_docx(os.path.join(out, "banya_berezka.docx"))
    make_xlsx(os.path.join(out, "pereezd_prices.xlsx"))
    make_pptx(os.path.join(out, "summit_wall.pptx"))
    print("written to", out)


if __name__ == "__main__":
    main()
