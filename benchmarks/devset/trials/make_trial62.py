#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 62 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- karting_ru.docx     Russian indoor karting centre «Вираж» in Yekaterinburg: opening
                      hours and the track (780 m, 14 turns), rides by kart with engine power,
                      ride length and weekday and weekend prices (footnotes * and ** on the
                      junior kart and the «Про» kart), season passes for 5 and 10 rides,
                      extras by unit with one «по запросу» row, rules in sentences (ages,
                      weight limits, briefing, birthday discount, group deposit,
                      cancellation, payment)
- carwash_zh.xlsx     Chinese car wash and detailing shop: services by car class (轿车,
                      SUV, MPV/7座车) with time and notes, a title row above the header and
                      footnotes 注1/注2 below the rows (sheet 洗车美容价目), membership and
                      prepaid cards (sheet 会员卡), service terms in sentences: hours,
                      address, rain guarantee, 48 hours after 镀晶, booking (sheet 服务须知)
- paintball_en.pptx   English paintball park in Surrey: terms in sentences (opening times,
                      minimum age, safety briefing), player packages by paintballs included
                      and weekday and weekend price, extras with one "on request" row,
                      group-size discount bands, parties, deposit and weather terms

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2026-11-20 10:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was (two unused imports dropped).

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial62.py benchmarks/devset/docs
"""
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

FIXED = dt.datetime(2026, 11, 20, 10, 0, 0)
ZIP_TIME = (2026, 11, 20, 10, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed timestamps, sorted-as-written order and fixed core dates."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              r"\g<1>2026-11-20T10:00:00Z\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              r"\g<1>2026-11-20T10:00:00Z\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    path.write_bytes(out.getvalue())


def set_core(props, title, author, lang):
    props.title = title
    props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 1
    try:
        props.language = lang
    except Exception:
        pass


# --------------------------------------------------------------------------------------
# Russian DOCX: karting centre
# --------------------------------------------------------------------------------------

def make_docx(out: Path) -> None:
    d = Document()
    set_core(d.core_properties, "Картинг-центр «Вираж»: прайс-лист 2026", "Картинг-центр «Вираж»", "ru-RU")
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    d.add_heading("Картинг-центр «Вираж»", level=1)
    d.add_paragraph("Прайс-лист и правила посещения. Действует с 1 января 2026 года. "
                    "г. Екатеринбург, ул. Монтажников, 14, крытая трасса.")
    d.add_paragraph("Центр открыт ежедневно: в будни (понедельник — четверг) с 14:00 до 23:00, "
                    "в пятницу, выходные и праздничные дни — с 11:00 до 23:00. "
                    "Длина трассы — 780 метров, на ней 14 поворотов.")

    d.add_heading("1. Заезды", level=2)
    t = d.add_table(rows=1, cols=5)
    t.style = "Table Grid"
    hdr = ["Карт", "Мощность двигателя", "Длительность заезда", "Будни (пн–чт), руб.",
           "Пт, выходные и праздники, руб."]
    for c, h in zip(t.rows[0].cells, hdr):
        c.text = h
    rows = [
        ["Детский карт «Юниор»*", "6,5 л.с.", "8 мин", "700", "850"],
        ["Прокатный карт «Стандарт»", "9 л.с.", "10 мин", "1 100", "1 300"],
        ["Прокатный карт «Спорт»", "13 л.с.", "10 мин", "1 500", "1 800"],
        ["Двухместный карт «Тандем»", "9 л.с.", "10 мин", "1 600", "1 900"],
        ["Спортивный карт «Про»**", "20 л.с.", "12 мин", "2 400", "2 900"],
    ]
    for r in rows:
        cells = t.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph("* Детский карт — для детей от 7 до 13 лет ростом не ниже 125 см; "
                    "ребёнок едет только в присутствии взрослого.")
    d.add_paragraph("** Карт «Про» доступен пилотам с клубной картой уровня B и выше "
                    "(её выдают после 5 заездов на картах «Спорт» с лучшим кругом быстрее 48 секунд).")
    d.add_paragraph("В «Тандеме» за рулём — взрослый, пассажир — ребёнок от 4 лет. "
                    "Цена указана за карт, а не за человека.")

    d.add_heading("2. Абонементы", level=2)
    t2 = d.add_table(rows=1, cols=4)
    t2.style = "Table Grid"
    for c, h in zip(t2.rows[0].cells, ["Абонемент", "Количество заездов", "Срок действия", "Цена, руб."]):
        c.text = h
    rows2 = [
        ["«Стандарт-5»", "5 заездов на карте «Стандарт»", "2 месяца", "4 900"],
        ["«Стандарт-10»", "10 заездов на карте «Стандарт»", "3 месяца", "9 000"],
        ["«Спорт-5»", "5 заездов на карте «Спорт»", "2 месяца", "6 700"],
        ["«Спорт-10»", "10 заездов на карте «Спорт»", "3 месяца", "12 500"],
    ]
    for r in rows2:
        cells = t2.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph("Абонементы действуют в любой день недели, в том числе в выходные, без доплаты. "
                    "Абонемент именной, передавать его другому лицу нельзя; "
                    "продлить срок действия можно один раз на 14 дней за 500 руб.")

    d.add_heading("3. Дополнительные услуги", level=2)
    t3 = d.add_table(rows=1, cols=3)
    t3.style = "Table Grid"
    for c, h in zip(t3.rows[0].cells, ["Услуга", "Единица", "Цена, руб."]):
        c.text = h
    rows3 = [
        ["Одноразовый подшлёмник (остаётся у вас)", "шт.", "150"],
        ["Прокат гоночного комбинезона", "заезд", "200"],
        ["Прокат перчаток", "заезд", "100"],
        ["Видеозапись заезда с камеры на шлеме", "заезд", "400"],
        ["Аренда всей трассы (до 10 картов «Стандарт»), будни", "1 час", "25 000"],
        ["Аренда всей трассы (до 10 картов «Стандарт»), выходные", "1 час", "32 000"],
        ["Корпоративная гонка «Гран-при» с награждением", "группа", "по запросу"],
    ]
    for r in rows3:
        cells = t3.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph("Шлем и распечатка времени кругов входят в стоимость любого заезда.")

    d.add_heading("4. Правила и условия", level=2)
    for s in [
        "Пилотам взрослых картов должно быть не меньше 14 лет; пилоты от 14 до 17 лет допускаются "
        "только с письменного согласия одного из родителей.",
        "Максимальный вес пилота — 110 кг, на карте «Про» — 95 кг.",
        "Перед первым заездом каждый пилот проходит бесплатный инструктаж, он длится 15 минут.",
        "Запрещено садиться за руль в состоянии алкогольного опьянения и беременным.",
        "Именинникам скидка 15 % на заезды в течение 3 дней до и после дня рождения при предъявлении паспорта; "
        "скидка не суммируется с абонементами.",
        "Бронирование для групп от 6 человек — с предоплатой 30 % от суммы заказа.",
        "При отмене брони за 24 часа и более предоплата возвращается полностью; "
        "при отмене позднее предоплата не возвращается.",
        "Если пилот нарушает правила (таран, езда против движения), маршал вправе остановить заезд "
        "без возврата денег.",
        "Оплата — наличными или банковской картой; счёт для юридических лиц выставляется за 1 рабочий день.",
    ]:
        d.add_paragraph(s, style="List Bullet")
    d.add_paragraph("Телефон администратора: +7 343 200-14-14.")
    d.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------------------
# Chinese XLSX: car wash / detailing
# --------------------------------------------------------------------------------------

def make_xlsx(out: Path) -> None:
    wb = Workbook()
    set_core(wb.properties, "洁亮汽车美容中心 2026年价目表", "洁亮汽车美容中心", "zh-CN")
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "洗车美容价目"
    ws.append(["洁亮汽车美容中心 2026年价目表"])
    ws["A1"].font = bold
    ws.append([])
    ws.append(["项目", "轿车（元）", "SUV（元）", "MPV/7座车（元）", "施工时间", "备注"])
    for c in ws[3]:
        c.font = bold
    rows = [
        ["普通洗车（外观）", 35, 45, 55, "约20分钟", "含车身冲洗、擦干、轮胎上光"],
        ["精洗（内外）", 68, 88, 108, "约50分钟", "含吸尘、擦拭仪表台、门边清洁"],
        ["打蜡", 150, 180, 220, "约1.5小时", "含精洗"],
        ["镀晶", 880, 1080, 1280, "需留车6小时", "保持约12个月"],
        ["内饰深度清洁", 380, 460, 520, "约4小时", "座椅、顶棚、地毯蒸汽清洁"],
        ["发动机舱清洗", 80, 100, 120, "约30分钟", "电动车不提供"],
        ["空调杀菌除味", 120, 120, 150, "约40分钟", ""],
    ]
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["注1：车身泥沙严重（如越野后）每车加收20元。"])
    ws.append(["注2：以上价格不含停车费；货车、皮卡请电话咨询。"])
    for col, w in zip("ABCDEF", [20, 12, 12, 16, 14, 34]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("会员卡")
    ws2.append(["卡种", "包含内容", "价格（元）", "有效期"])
    for c in ws2[1]:
        c.font = bold
    rows2 = [
        ["普洗10次卡", "轿车普通洗车10次", 300, "6个月"],
        ["普洗20次卡", "轿车普通洗车20次", 560, "12个月"],
        ["精洗5次卡", "轿车精洗5次", 300, "6个月"],
        ["银卡", "储值2000元，所有项目9折", 2000, "12个月"],
        ["金卡", "储值5000元，所有项目8折", 5000, "24个月"],
    ]
    for r in rows2:
        ws2.append(r)
    ws2.append([])
    ws2.append(["注：SUV、MPV使用次卡，每次另加10元。会员卡不挂失、不退款，可转让给家人使用。"])
    for col, w in zip("ABCD", [14, 28, 12, 10]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("服务须知")
    notes = [
        "服务须知",
        "营业时间：每天8:30至20:00，春节期间另行通知。",
        "地址：杭州市西湖区文三路188号（地下停车场入口旁）。",
        "新客户首次到店洗车立减10元（限普通洗车和精洗）。",
        "雨天保障：普通洗车后24小时内下雨，可凭小票免费补洗一次。",
        "镀晶施工完成后48小时内请勿洗车。",
        "车内贵重物品请自行保管，遗失本店概不负责。",
        "预约电话：0571-8823 6600（提前一天预约镀晶和内饰深度清洁）。",
        "支付方式：微信、支付宝、银行卡、现金。",
    ]
    for n in notes:
        ws3.append([n])
    ws3["A1"].font = bold
    ws3.column_dimensions["A"].width = 70
    wb.save(out)
    normalise_zip(out)


# --------------------------------------------------------------------------------------
# English PPTX: paintball park
# --------------------------------------------------------------------------------------

def add_table(slide, data, left, top, width, height, col_widths=None):
    shape = slide.shapes.add_table(len(data), len(data[0]), left, top, width, height)
    tbl = shape.table
    for i, row in enumerate(data):
        for j, v in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = str(v)
            for p in cell.text_frame.paragraphs:
                for r in p.runs:
                    r.font.size = PPt(14)
    if col_widths:
        for j, w in enumerate(col_widths):
            tbl.columns[j].width = w
    return tbl


def add_text(slide, lines, left, top, width, height, size=14):
    tb = slide.shapes.add_textbox(left, top, width, height)
    tf = tb.text_frame
    tf.word_wrap = True
    for i, line in enumerate(lines):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = line
        for r in p.runs:
            r.font.size = PPt(size)
    return tb


def make_pptx(out: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    set_core(prs.core_properties, "Redhill Paintball Park - Prices and Terms 2026", "Redhill Paintball Park", "en-GB")
    title_only = prs.slide_layouts[5]

    # Slide 1: title and general terms
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Redhill Paintball Park: Prices & Terms 2026"
    add_text(s, [
        "Redhill Paintball Park, Coldharbour Lane, Dorking, Surrey. Valid from 1 March 2026.",
        "Open Saturdays and Sundays 9:00 am to 5:00 pm; weekdays for pre-booked groups of 12 or more only.",
        "Minimum age is 12 for standard paintball; players aged 12 to 15 must have a parent or guardian on site.",
        "Every session starts with a 20-minute safety briefing. Masks must stay on at all times inside the netted zones.",
        "The last game of the day starts at 4:15 pm. We have 9 themed game zones, including the Castle and the Bunker Village.",
        "Free parking for 150 cars. Hot food is sold at the Mess Hut.",
    ], Inches(0.6), Inches(1.5), Inches(12), Inches(5), size=18)

    # Slide 2: player packages
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Player packages (price per player)"
    add_table(s, [
        ["Package", "Paintballs included", "Weekday", "Weekend"],
        ["Starter", "100", "£25", "£30"],
        ["Standard", "300", "£35", "£42"],
        ["Pro", "500", "£45", "£55"],
        ["Marathon (full day, 9 games)", "800", "£60", "£72"],
    ], Inches(0.6), Inches(1.4), Inches(12), Inches(2.6),
        col_widths=[Inches(5), Inches(2.6), Inches(2.2), Inches(2.2)])
    add_text(s, [
        "All packages include a marker (gun), full-face mask, overalls and the field fee.",
        "Junior low-impact games (ages 8-11) use smaller .50 calibre paintballs: £22 per child with 300 low-impact paintballs, weekends only.",
        "Weekday prices apply to pre-booked groups of 12 or more (see Opening times).",
    ], Inches(0.6), Inches(4.3), Inches(12), Inches(2.5), size=16)

    # Slide 3: extras
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Extra paintballs and add-ons"
    add_table(s, [
        ["Item", "Price"],
        ["Bag of 100 paintballs", "£8"],
        ["Box of 500 paintballs", "£35"],
        ["Case of 2,000 paintballs", "£120"],
        ["Chest protector hire", "£5 per day"],
        ["Gloves hire", "£3 per day"],
        ["Smoke grenade", "£6 each"],
        ["Pyrotechnic pack for scenario games", "on request"],
    ], Inches(0.6), Inches(1.4), Inches(9), Inches(3.8), col_widths=[Inches(6), Inches(3)])
    add_text(s, [
        "Only paintballs bought on site may be used. Own markers are allowed after a chronograph check (max. 300 feet per second).",
    ], Inches(0.6), Inches(5.6), Inches(12), Inches(1.2), size=16)

    # Slide 4: groups and parties
    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Groups, parties and booking"
    add_table(s, [
        ["Group size", "Discount on packages"],
        ["10-19 players", "10%"],
        ["20-29 players", "15%"],
        ["30 players or more", "20% + free lunch for the organiser"],
    ], Inches(0.6), Inches(1.4), Inches(9), Inches(2.0), col_widths=[Inches(4), Inches(5)])
    add_text(s, [
        "Birthday parties (ages 12-15): £32 per child including 300 paintballs and a pizza lunch; minimum 8 children.",
        "Stag and hen groups get a free marshal-led 'Hunt the Stag' game.",
        "A deposit of £10 per player secures a booking; it is non-refundable within 72 hours of the game.",
        "If we cancel because of severe weather you get a full refund or a new date.",
        "Group discounts do not apply to birthday parties or to extra paintballs.",
    ], Inches(0.6), Inches(3.8), Inches(12), Inches(3.2), size=16)

    prs.save(out)
    normalise_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial62/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial62"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "karting_ru.docx")
    make_xlsx(out / "carwash_zh.xlsx")
    make_pptx(out / "paintball_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
