#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 51 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- atlant_fitnes.docx     Russian fitness club: memberships, personal training, group
                         classes, freezing, guest visits, payment and refunds
- remont_telefonov.xlsx  Chinese phone repair shop: repair prices (sheet 1), diagnostics
                         and data recovery (sheet 2), shop rules (sheet 3)
- harbour_light.pptx     English boat tours, charters, kayak hire, fishing, parking,
                         safety and cancellation

Every zip member's time is pinned, and so is core.xml's modified time (openpyxl stamps its
save time whatever was set), so the bytes match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial51.py benchmarks/devset/docs
"""
import datetime
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

FIXED = datetime.datetime(2025, 3, 1, 12, 0, 0)


# ----------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.author = "Фитнес-клуб «Атлант»"
    d.core_properties.title = "Прайс-лист и правила клуба"
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.last_modified_by = "trial51"
    d.core_properties.revision = 1

    d.add_heading("Фитнес-клуб «Атлант»: прайс-лист и правила посещения", 0)
    d.add_paragraph(
        "Прайс-лист действует с 1 марта 2025 года. Клуб находится по адресу: г. Казань, "
        "ул. Чистопольская, д. 64. Клуб открыт с понедельника по пятницу с 7:00 до 23:00, "
        "в субботу и воскресенье — с 9:00 до 21:00. Вход в зал прекращается за 45 минут "
        "до закрытия."
    )

    d.add_heading("1. Клубные абонементы", 1)
    d.add_paragraph(
        "Стоимость абонемента зависит от срока и от времени посещения. Утренний абонемент "
        "действует в будни с 7:00 до 16:00, вечерний — ежедневно с 17:00 до закрытия, "
        "безлимитный — в любое время работы клуба. Разовое посещение тренажёрного зала "
        "стоит 900 руб. Все цены указаны в рублях."
    )
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    hdr = ["Срок абонемента", "Утренний, руб.", "Вечерний, руб.", "Безлимитный, руб."]
    for i, h in enumerate(hdr):
        t.rows[0].cells[i].text = h
    for row in [
        ("1 месяц", "3 200", "3 900", "4 500"),
        ("3 месяца", "8 400", "10 200", "11 900"),
        ("6 месяцев", "14 900", "18 300", "21 500"),
        ("12 месяцев", "25 900", "31 800", "37 400"),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    d.add_paragraph(
        "Студентам очной формы обучения и пенсионерам предоставляется скидка 15% на утренние "
        "абонементы на 3, 6 и 12 месяцев при предъявлении документа. Скидки не суммируются."
    )

    d.add_heading("2. Персональные тренировки", 1)
    d.add_paragraph(
        "Тренеры клуба разделены на три категории: «Стандарт» (стаж до 3 лет), «Профи» "
        "(стаж от 3 лет и профильное образование) и «Мастер» (стаж от 7 лет, "
        "специализация на реабилитации и подготовке к соревнованиям). Одна персональная "
        "тренировка длится 60 минут."
    )
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    for i, h in enumerate(["Пакет", "Тренер «Стандарт», руб.", "Тренер «Профи», руб.", "Тренер «Мастер», руб."]):
        t.rows[0].cells[i].text = h
    for row in [
        ("Одна тренировка", "1 800", "2 500", "3 400"),
        ("Пакет 5 тренировок", "8 500", "11 800", "16 000"),
        ("Пакет 10 тренировок", "16 000", "22 000", "30 500"),
        ("Сплит-тренировка на двоих (1 занятие)", "2 600", "3 500", "4 700"),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    d.add_paragraph(
        "Пакет из 5 тренировок нужно использовать в течение 45 дней, пакет из 10 тренировок — "
        "в течение 90 дней с даты первой тренировки. Отмена тренировки менее чем за 12 часов "
        "считается проведённой тренировкой. Персональные тренировки доступны только при "
        "действующем клубном абонементе."
    )

    d.add_heading("3. Групповые занятия", 1)
    d.add_paragraph(
        "Групповые занятия проходят в залах на втором этаже. Владельцы безлимитного "
        "абонемента посещают групповые занятия без доплаты; остальным клиентам занятия "
        "оплачиваются отдельно по ценам ниже."
    )
    t = d.add_table(rows=1, cols=5)
    t.style = "Table Grid"
    for i, h in enumerate(["Направление", "Длительность, мин", "Разовое занятие, руб.", "Абонемент на 8 занятий, руб.", "Примечание"]):
        t.rows[0].cells[i].text = h
    for row in [
        ("Хатха-йога", "75", "700", "4 800", "коврики выдаются бесплатно"),
        ("Пилатес на матах", "55", "650", "4 400", "—"),
        ("Сайкл (велотренировка)", "45", "750", "5 200", "обязательна запись за 24 часа"),
        ("Функциональный тренинг", "50", "650", "4 400", "—"),
        ("Стретчинг", "60", "600", "4 000", "—"),
        ("Бокс для начинающих", "60", "850", "6 000", "перчатки напрокат 150 руб."),
    ]:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    d.add_paragraph(
        "Абонемент на 8 групповых занятий действует 30 дней. Максимальное число участников "
        "на сайкле — 16 человек, на остальных занятиях — 20 человек."
    )

    d.add_heading("4. Заморозка абонемента", 1)
    d.add_paragraph(
        "Абонемент на 1 месяц заморозить нельзя. Абонемент на 3 месяца можно заморозить один "
        "раз на срок до 14 дней. Абонемент на 6 месяцев можно заморозить не более двух раз, "
        "в сумме до 30 дней. Абонемент на 12 месяцев можно заморозить на срок до 60 дней, "
        "минимальный срок одной заморозки — 7 дней."
    )
    d.add_paragraph(
        "Заморозка оформляется на ресепшене или в мобильном приложении не позднее чем за "
        "1 день до её начала. При предъявлении больничного листа абонемент дополнительно "
        "продлевается на срок болезни, но не более чем на 30 дней."
    )

    d.add_heading("5. Гостевые визиты", 1)
    d.add_paragraph(
        "Владелец абонемента на 6 месяцев может бесплатно привести гостя 2 раза за срок "
        "абонемента, владелец абонемента на 12 месяцев — 5 раз. Гость должен быть старше "
        "16 лет и предъявить паспорт. Один и тот же гость может прийти по гостевому визиту "
        "не чаще одного раза в календарный месяц. Гостевой визит действует только в "
        "присутствии владельца абонемента."
    )

    d.add_heading("6. Оплата и возврат", 1)
    d.add_paragraph(
        "Оплатить абонемент можно наличными, банковской картой или через СБП. Абонемент на "
        "12 месяцев можно оформить в рассрочку через банк-партнёр на 6 месяцев без "
        "переплаты. Чек отправляется на электронную почту клиента."
    )
    d.add_paragraph(
        "Если клиент не посетил клуб ни разу, в течение 14 дней с даты покупки абонемент "
        "можно вернуть с возвратом полной стоимости. В остальных случаях возвращается "
        "стоимость абонемента за вычетом использованных дней (по цене разового посещения) "
        "и удержания 10% за оформление. Неиспользованные персональные тренировки "
        "возвращаются по цене одной тренировки выбранной категории тренера. Деньги "
        "перечисляются на карту, с которой была оплата, в течение 10 рабочих дней."
    )
    for p in d.paragraphs:
        for r in p.runs:
            r.font.size = Pt(11)
    d.save(path)


# ----------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "速修手机维修中心"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "维修价格"
    ws.append(["机型", "维修项目", "配件等级", "价格（元）", "保修（天）", "预计时长"])
    rows = [
        ("iPhone 13", "屏幕更换", "原装", 1680, 180, "1小时"),
        ("iPhone 13", "屏幕更换", "高品质兼容", 780, 90, "1小时"),
        ("iPhone 13", "电池更换", "原装", 520, 180, "40分钟"),
        ("iPhone 13", "电池更换", "高品质兼容", 260, 90, "40分钟"),
        ("iPhone 13", "后置摄像头更换", "原装", 890, 180, "1.5小时"),
        ("iPhone 14 Pro", "屏幕更换", "原装", 2580, 180, "1小时"),
        ("iPhone 14 Pro", "屏幕更换", "高品质兼容", 1180, 90, "1小时"),
        ("iPhone 14 Pro", "电池更换", "原装", 620, 180, "40分钟"),
        ("iPhone 14 Pro", "后置摄像头更换", "原装", 1450, 180, "2小时"),
        ("华为 Mate 60", "屏幕更换", "原装", 1890, 180, "1.5小时"),
        ("华为 Mate 60", "电池更换", "原装", 399, 180, "1小时"),
        ("华为 Mate 60", "后置摄像头更换", "原装", 1280, 180, "2小时"),
        ("小米 14", "屏幕更换", "原装", 1150, 180, "1小时"),
        ("小米 14", "屏幕更换", "高品质兼容", 560, 90, "1小时"),
        ("小米 14", "电池更换", "原装", 229, 180, "40分钟"),
        ("小米 14", "前置摄像头更换", "原装", 260, 180, "1小时"),
        ("OPPO Reno 11", "屏幕更换", "原装", 980, 180, "1小时"),
        ("OPPO Reno 11", "电池更换", "高品质兼容", 169, 90, "40分钟"),
    ]
    for r in rows:
        ws.append(list(r))
    for c in ws[1]:
        c.font = Font(bold=True)

    ws2 = wb.create_sheet("检测与数据恢复")
    ws2.append(["服务项目", "价格（元）", "所需时间", "说明"])
    for r in [
        ("常规故障检测", 0, "30分钟", "在本店维修的免检测费；只检测不维修也免费"),
        ("进水机清洗检测", 80, "1个工作日", "清洗后仍需更换配件的，配件另计"),
        ("主板故障检测", 150, "1-2个工作日", "维修主板时抵扣维修费"),
        ("数据恢复（手机可开机）", 300, "1个工作日", "仅限未加密数据"),
        ("数据恢复（手机无法开机）", 800, "3-7个工作日", "恢复不成功不收费"),
        ("数据迁移到新手机", 100, "1小时", "照片、通讯录、聊天记录"),
    ]:
        ws2.append(list(r))
    for c in ws2[1]:
        c.font = Font(bold=True)

    ws3 = wb.create_sheet("营业须知")
    ws3.append(["项目", "内容"])
    for r in [
        ("营业时间（工作日）", "周一至周五 9:30-21:00"),
        ("营业时间（周末）", "周六、周日 10:00-20:00"),
        ("法定节假日", "10:00-18:00，春节除夕至初三休息"),
        ("屏幕和电池更换时长", "一般当天取机，约40分钟至2小时"),
        ("摄像头和主板维修时长", "1-2个工作日"),
        ("原装配件保修", "180天，保修期内同一故障免费返修"),
        ("兼容配件保修", "90天，保修期内同一故障免费返修"),
        ("不在保修范围", "人为损坏（摔、压、进水）以及自行拆机"),
        ("取机期限", "维修完成后30天内取机，逾期每天收取保管费5元"),
        ("付款方式", "微信、支付宝、银行卡、现金"),
        ("上门取送", "市区内满500元免费上门取送，不满500元收取30元"),
    ]:
        ws3.append(list(r))
    for c in ws3[1]:
        c.font = Font(bold=True)
    for w in (ws, ws2, ws3):
        for col in "ABCDEF":
            w.column_dimensions[col].width = 22
    wb.save(path)


# ----------------------------------------------------------------- PPTX (en)
def _title_body(prs, title, bullets, notes=None):
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = title
    tf = s.placeholders[1].text_frame
    tf.text = bullets[0]
    for b in bullets[1:]:
        p = tf.add_paragraph()
        p.text = b
    for p in tf.paragraphs:
        for r in p.runs:
            r.font.size = PPt(16)
    if notes:
        s.notes_slide.notes_text_frame.text = notes
    return s


def _table_slide(prs, title, header, rows, foot=None, notes=None):
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = title
    n_rows, n_cols = len(rows) + 1, len(header)
    height = Inches(0.4) * n_rows
    tbl = s.shapes.add_table(n_rows, n_cols, Inches(0.3), Inches(1.5), Inches(9.4), height).table
    for j, h in enumerate(header):
        tbl.cell(0, j).text = h
    for i, row in enumerate(rows, start=1):
        for j, v in enumerate(row):
            tbl.cell(i, j).text = v
    for i in range(n_rows):
        for j in range(n_cols):
            for p in tbl.cell(i, j).text_frame.paragraphs:
                for r in p.runs:
                    r.font.size = PPt(12)
    if foot:
        tb = s.shapes.add_textbox(Inches(0.3), Inches(1.6) + height, Inches(9.4), Inches(1.2))
        tf = tb.text_frame
        tf.word_wrap = True
        tf.text = foot[0]
        for f in foot[1:]:
            tf.add_paragraph().text = f
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = PPt(12)
    if notes:
        s.notes_slide.notes_text_frame.text = notes
    return s


def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.core_properties.author = "Harbour Light Cruises"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.revision = 1
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Harbour Light Cruises & Kayak Hire"
    s.placeholders[1].text = "2025 season guide: tours, charters, hire and rules. Season runs 1 April to 31 October. Old Quay, Falmouth."

    _table_slide(
        prs,
        "Harbour and coast tours",
        ["Tour", "Duration", "Adult (16+)", "Child (4-15)", "Under 4", "Departures"],
        [
            ("Harbour Sightseeing", "1 hour", "£18", "£9", "free", "every hour 10:00-17:00"),
            ("Seal Island Cruise", "2.5 hours", "£34", "£19", "free", "10:30 and 14:00"),
            ("Sunset Coastal Cruise", "2 hours", "£39", "£22", "not allowed", "19:00 (May-August only)"),
            ("Lighthouse & Caves Explorer", "3.5 hours", "£52", "£28", "free", "09:30"),
        ],
        foot=[
            "Family ticket for Harbour Sightseeing (2 adults + 2 children): £50.",
            "Seniors (65+) pay the child price on Harbour Sightseeing only, Monday to Friday.",
        ],
        notes="Seal Island Cruise is the most popular tour; book ahead in July and August.",
    )
    _title_body(
        prs,
        "Private charters",
        [
            "MV Kittiwake, up to 12 passengers: £320 for the first 2 hours, then £140 per extra hour.",
            "MV Skylark, up to 30 passengers: £650 for 3 hours, then £190 per extra hour.",
            "Catering add-on (sandwich platter, soft drinks): £18 per person.",
            "A 30% deposit is due at booking; the balance is due 7 days before sailing.",
            "Charters can sail between 08:00 and 22:00; skipper and crew are included.",
        ],
    )
    _table_slide(
        prs,
        "Kayak and paddleboard hire",
        ["Craft", "1 hour", "2 hours", "Half day (4 h)", "Full day (8 h)"],
        [
            ("Single sit-on-top kayak", "£15", "£25", "£40", "£60"),
            ("Double kayak", "£25", "£40", "£65", "£95"),
            ("Stand-up paddleboard", "£18", "£30", "£45", "£70"),
            ("Canadian canoe (3 seats)", "£28", "£45", "£75", "£110"),
        ],
        foot=[
            "Buoyancy aid and paddle included. Wetsuit hire: £6 per person per session.",
            "Solo hire from age 16; children aged 8-15 may paddle a double kayak or canoe with an adult.",
            "Hire desk opens 09:00; last craft out at 17:00, all craft back by 18:00.",
        ],
    )
    _title_body(
        prs,
        "Fishing trips",
        [
            "Mackerel Fishing: 2 hours, adults £30, children (8-15) £20; rods, tackle and bait included.",
            "Deep-Sea Wreck Fishing: 6 hours, £85 per person, ages 14 and over only; rod hire £10.",
            "You keep what you catch; we fillet it on the quay for free.",
            "No fishing licence is needed for sea fishing from our boats.",
        ],
    )
    _title_body(
        prs,
        "Parking and getting here",
        [
            "Old Quay car park is next to the ticket kiosk: £1.80 per hour or £9 per day.",
            "Blue Badge holders park free in the marked bays.",
            "Park & Float bus from the railway station every 20 minutes, £2.50 return.",
            "Bicycle racks are free; the kiosk opens 30 minutes before the first departure.",
        ],
    )
    _title_body(
        prs,
        "Safety rules",
        [
            "Children under 16 must wear a life jacket at all times on open decks.",
            "Please arrive at least 20 minutes before departure; boats leave on time.",
            "Kayak and paddleboard hire stops when the wind is above 15 knots.",
            "No alcohol may be taken on kayaks, canoes or paddleboards.",
            "Dogs on leads are welcome on Harbour Sightseeing only, free of charge.",
        ],
    )
    _title_body(
        prs,
        "Cancellations and refunds",
        [
            "Cancel 48 hours or more before departure: full refund.",
            "Cancel 24-48 hours before departure: 50% refund.",
            "Less than 24 hours or no-show: no refund.",
            "If we cancel for weather, you choose a full refund or free rebooking.",
            "Charter deposits are non-refundable within 14 days of the sailing date.",
        ],
    )
    prs.save(path)


def normalize_zip(path: Path) -> None:
    """Rewrite the zip with fixed timestamps so that the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps the save time here
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>2025-03-01T12:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 12, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial51/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial51"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "atlant_fitnes.docx")
    make_xlsx(out / "remont_telefonov.xlsx")
    make_pptx(out / "harbour_light.pptx")
    for name in ("atlant_fitnes.docx", "remont_telefonov.xlsx", "harbour_light.pptx"):
        normalize_zip(out / name)
    print("written to", out)


if __name__ == "__main__":
    main()
