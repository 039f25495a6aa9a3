#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 56 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- velomasterskaya.docx  Russian bicycle repair workshop: servicing packages by bike type,
                        individual repairs with labour and parts, wheel building, seasonal
                        storage by month, bike fitting, rules on diagnostics fees,
                        warranty, urgent repairs, payment and collection deadlines
- chayguan.xlsx         Chinese tea house: teas by variety, grade and weight, tea sets for
                        rent, private rooms by size and hour, tea-tasting classes, gift
                        boxes (sheet 价目表), booking rules, deposit, cancellation, minimum
                        spend, opening hours and membership levels (sheet 预订须知)
- sailing_club.pptx     English sailing club: dinghy and keelboat courses by level and
                        length, boat hire by boat class and half/full day, mooring and
                        storage fees by boat length, memberships by age group, racing entry
                        fees, safety and age rules, booking and cancellation

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2025-03-01 09:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial56.py benchmarks/devset/docs
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
from docx.shared import Pt
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED_DT = datetime.datetime(2025, 3, 1, 9, 0, 0)
#: the zip members' times and core.xml's created and modified times, pinned by the trial's generator
FIXED_ZIP_TIME = (2025, 3, 1, 9, 0, 0)
FIXED_ISO = "2025-03-01T09:00:00Z"


def pin_zip(data: bytes) -> bytes:
    """Rewrite an OOXML zip with fixed member times, compression and attributes and fixed
    core.xml dates (openpyxl stamps its save time as the modified time), so runs are
    byte-identical; the trial's own normalisation, kept as it was so the bytes match its files."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = blob.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              r"\g<1>" + FIXED_ISO + r"\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              r"\g<1>" + FIXED_ISO + r"\g<2>", text)
                blob = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 0
            dst.writestr(zi, blob)
    return out.getvalue()


def save_pinned(obj, path: Path) -> None:
    buf = io.BytesIO()
    obj.save(buf)
    path.write_bytes(pin_zip(buf.getvalue()))


# --------------------------------------------------------------------------
# Russian DOCX: bicycle repair workshop
# --------------------------------------------------------------------------
def make_docx(path: Path):
    d = docx.Document()
    cp = d.core_properties
    cp.author = "Веломастерская «Спица и цепь»"
    cp.title = "Прайс-лист и правила веломастерской"
    cp.created = FIXED_DT
    cp.modified = FIXED_DT
    cp.last_printed = FIXED_DT
    cp.revision = 1
    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    def table(headers, rows):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for i, h in enumerate(headers):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v
        d.add_paragraph("")

    d.add_heading("Веломастерская «Спица и цепь»: услуги и цены на 2025 год", 0)
    d.add_paragraph(
        "Мастерская находится по адресу: Екатеринбург, ул. Малышева, 58. Режим работы: "
        "понедельник–пятница с 10:00 до 20:00, суббота с 11:00 до 18:00, воскресенье — выходной. "
        "Все цены указаны в рублях и включают НДС.")

    d.add_heading("1. Пакеты технического обслуживания по типу велосипеда", 1)
    d.add_paragraph(
        "Базовое ТО включает регулировку тормозов и переключателей, смазку цепи, проверку люфтов "
        "и подтяжку резьбовых соединений. Полное ТО дополнительно включает мойку, полную разборку "
        "и обслуживание втулок, каретки и рулевой колонки. Запчасти оплачиваются отдельно.")
    table(["Тип велосипеда", "Базовое ТО, ₽", "Полное ТО, ₽", "Срок выполнения"], [
        ["Городской / прогулочный", "1 900", "3 800", "1 рабочий день"],
        ["Горный хардтейл", "2 400", "4 900", "2 рабочих дня"],
        ["Горный двухподвес", "3 200", "6 900", "3 рабочих дня"],
        ["Шоссейный / гравийный", "2 600", "5 200", "2 рабочих дня"],
        ["Электровелосипед", "3 500", "7 400", "3 рабочих дня"],
        ["Детский (колёса до 24\")", "1 200", "2 300", "1 рабочий день"],
        ["Фэтбайк", "2 800", "5 600", "2 рабочих дня"],
    ])

    d.add_heading("2. Отдельные работы и запчасти", 1)
    d.add_paragraph(
        "Цена работы указана за одну операцию. В колонке «Запчасть» указана деталь, которую мы "
        "обычно ставим; можно принести свою запчасть — стоимость работы от этого не меняется.")
    table(["Работа", "Работа мастера, ₽", "Запчасть", "Цена запчасти, ₽"], [
        ["Замена камеры (одно колесо)", "300", "Камера Kenda 26–29\"", "450"],
        ["Замена покрышки (одно колесо)", "400", "Покрышка Schwalbe Marathon 700×38", "2 900"],
        ["Замена цепи (до 9 скоростей)", "350", "Цепь Shimano CN-HG71", "1 350"],
        ["Замена цепи (10–12 скоростей)", "450", "Цепь Shimano CN-M6100", "3 200"],
        ["Замена тормозных колодок, дисковый тормоз (один)", "400", "Колодки Shimano B01S", "900"],
        ["Замена тормозных колодок, ободной V-brake (один)", "300", "Колодки Alligator V-brake", "550"],
        ["Прокачка гидравлического тормоза (один)", "900", "Минеральное масло Shimano, 50 мл", "650"],
        ["Замена тросика и рубашки переключения", "450", "Комплект Jagwire", "800"],
        ["Настройка переключателей (передний и задний)", "600", "—", "—"],
        ["Правка колеса (устранение «восьмёрки»)", "500", "—", "—"],
        ["Замена каретки BSA", "700", "Каретка Shimano BB-UN300", "1 700"],
        ["Обслуживание вилки (нижние ноги)", "2 500", "Сальники и масло", "1 900"],
        ["Замена заднего переключателя", "500", "Shimano Deore RD-M5100", "4 300"],
    ])

    d.add_heading("3. Сборка колёс", 1)
    d.add_paragraph(
        "Колёса собираем вручную с контролем натяжения спиц тензиометром. Спицы Sapim Race "
        "стоят 45 ₽ за штуку, спицы Sapim CX-Ray — 120 ₽ за штуку, ниппели входят в цену спиц.")
    table(["Вариант сборки", "Стоимость работы, ₽", "Срок"], [
        ["Сборка колеса на 32 спицы из компонентов клиента", "2 800", "3 дня"],
        ["Сборка колеса на 36 спиц (туринг, тандем)", "3 300", "3 дня"],
        ["Сборка колеса с динамо-втулкой", "3 500", "4 дня"],
        ["Перекладка обода (старая втулка на новый обод)", "2 200", "2 дня"],
    ])

    d.add_heading("4. Сезонное хранение велосипедов", 1)
    d.add_paragraph(
        "Велосипед хранится в отапливаемом помещении, в подвешенном состоянии. Цена указана "
        "за один велосипед за календарный месяц.")
    table(["Месяц", "Цена за месяц, ₽"], [
        ["Ноябрь", "1 200"],
        ["Декабрь", "1 100"],
        ["Январь", "1 000"],
        ["Февраль", "1 000"],
        ["Март", "1 300"],
        ["Апрель – октябрь (за каждый месяц)", "1 800"],
    ])
    d.add_paragraph(
        "Пакет «Вся зима» — хранение с 1 ноября по 31 марта — стоит 5 000 ₽. За электровелосипед "
        "доплата 300 ₽ в месяц: аккумулятор хранится отдельно и подзаряжается раз в месяц. "
        "Клиентам, сдающим велосипед на хранение на 3 месяца и более, базовое ТО перед выдачей "
        "делается со скидкой 30 %.")

    d.add_heading("5. Велофиттинг", 1)
    table(["Услуга", "Длительность", "Стоимость, ₽"], [
        ["Базовый фиттинг (высота и вынос седла, положение руля)", "1 час", "3 500"],
        ["Полный фиттинг с видеоанализом посадки", "2,5 часа", "8 900"],
        ["Установка и настройка шипов контактных туфель", "40 минут", "1 800"],
    ])
    d.add_paragraph(
        "Повторная подстройка в течение 30 дней после полного фиттинга — бесплатно.")

    d.add_heading("6. Правила мастерской", 1)
    rules = [
        "Диагностика велосипеда стоит 500 ₽. Если после диагностики клиент заказывает ремонт "
        "на сумму от 2 000 ₽, стоимость диагностики не взимается.",
        "Гарантия на выполненные работы — 30 дней, на сборку колёс — 6 месяцев. На запчасти "
        "действует гарантия производителя. Гарантия не распространяется на повреждения, "
        "полученные при падениях и на соревнованиях.",
        "Срочный ремонт в день обращения выполняется с наценкой 50 % к стоимости работ.",
        "Оплата принимается наличными, банковской картой и через СБП. За запчасти, заказываемые "
        "под клиента, берётся предоплата 50 %. Работы оплачиваются при получении велосипеда.",
        "Готовый велосипед нужно забрать в течение 7 дней после уведомления о готовности. "
        "Начиная с 8-го дня взимается плата за хранение 150 ₽ в сутки.",
        "Велосипед, не востребованный в течение 90 дней после уведомления, мастерская вправе "
        "передать на ответственное хранение с уведомлением владельца заказным письмом.",
    ]
    for i, r in enumerate(rules, 1):
        d.add_paragraph(f"6.{i}. {r}")

    save_pinned(d, path)


# --------------------------------------------------------------------------
# Chinese XLSX: tea house
# --------------------------------------------------------------------------
def make_xlsx(path: Path):
    wb = openpyxl.Workbook()
    wb.properties.creator = "清泉茶舍"
    wb.properties.title = "清泉茶舍价目表"
    wb.properties.created = FIXED_DT
    wb.properties.modified = FIXED_DT
    wb.properties.lastModifiedBy = "清泉茶舍"
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "价目表"
    row = 1

    def block(title, headers, rows):
        nonlocal row
        ws.cell(row=row, column=1, value=title).font = bold
        row += 1
        for i, h in enumerate(headers, 1):
            ws.cell(row=row, column=i, value=h).font = bold
        row += 1
        for r in rows:
            for i, v in enumerate(r, 1):
                ws.cell(row=row, column=i, value=v)
            row += 1
        row += 1  # blank row

    block("茶叶（按品种、等级和规格）", ["品种", "等级", "规格（克）", "价格（元）"], [
        ["西湖龙井", "特级", 50, 168],
        ["西湖龙井", "特级", 100, 318],
        ["西湖龙井", "一级", 100, 228],
        ["安溪铁观音", "特级", 125, 198],
        ["安溪铁观音", "一级", 125, 138],
        ["武夷大红袍", "特级", 100, 288],
        ["武夷大红袍", "二级", 100, 158],
        ["云南普洱熟茶饼（2015年）", "特级", 357, 420],
        ["云南普洱生茶饼（2019年）", "一级", 357, 360],
        ["白毫银针", "特级", 100, 380],
        ["白牡丹", "一级", 100, 160],
        ["祁门红茶", "一级", 100, 128],
        ["洞庭碧螺春", "特级", 50, 188],
    ])
    block("茶具租用", ["茶具", "押金（元）", "租金（元/天）"], [
        ["紫砂壶套装（一壶六杯）", 500, 60],
        ["青瓷盖碗套装（一碗四杯）", 300, 40],
        ["白瓷功夫茶具（一壶六杯）", 200, 30],
        ["户外便携茶具", 150, 25],
    ])
    block("包间", ["包间", "容纳人数", "工作日（元/小时）", "周末及节假日（元/小时）", "最低消费（元）"], [
        ["竹韵（小包间）", "2–4人", 88, 118, 200],
        ["松风（中包间）", "5–8人", 138, 168, 400],
        ["兰亭（大包间）", "9–12人", 198, 258, 800],
    ])
    block("品茶课程", ["课程", "时长", "人数", "价格（元/人）"], [
        ["茶艺入门体验课", "1.5小时", "4–10人", 168],
        ["六大茶类品鉴课", "2小时", "4–8人", 268],
        ["功夫茶冲泡进阶课（共4节）", "每节2小时", "3–6人", 980],
        ["亲子茶艺课（一大一小）", "1小时", "3–6组", 198],
    ])
    block("礼盒", ["礼盒", "内容", "价格（元）"], [
        ["龙井礼盒", "西湖龙井特级50克×2罐，青瓷杯一对", 398],
        ["普洱典藏礼盒", "2015年熟普357克一饼，紫砂茶针一支", 568],
        ["四季品鉴礼盒", "龙井、铁观音、大红袍、白牡丹各25克", 268],
        ["企业定制礼盒", "按需搭配，20盒起订", "面议"],
    ])
    for col, w in zip("ABCDE", (28, 36, 20, 24, 16)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("预订须知")
    ws2.cell(row=1, column=1, value="项目").font = bold
    ws2.cell(row=1, column=2, value="说明").font = bold
    rules = [
        ["营业时间", "周一至周五 10:00–22:00；周六、周日 9:00–23:00；春节（除夕至正月初三）休息。"],
        ["包间预订", "包间需至少提前24小时预订，周六、周日需提前48小时；每次预订至少2小时。"],
        ["定金", "兰亭（大包间）需支付定金200元；竹韵和松风无需定金。"],
        ["取消预订", "预约时间12小时以前取消，定金全额退还；12小时以内取消，定金不退。"],
        ["迟到", "包间为迟到客人保留30分钟，超过30分钟未到视为取消。"],
        ["最低消费", "包间消费不足最低消费的，按最低消费收取；在店购买的茶叶和礼盒计入最低消费。"],
        ["自带茶叶", "可以自带茶叶，每位客人收取开水服务费15元。"],
        ["课程报名", "课程需提前3天报名，满4人开课；因人数不足取消的课程全额退款。"],
        ["茶具租用", "租用茶具需出示身份证并支付押金，归还时如有破损按原价赔偿。"],
    ]
    for i, (k, v) in enumerate(rules, 2):
        ws2.cell(row=i, column=1, value=k)
        ws2.cell(row=i, column=2, value=v)
    r = len(rules) + 3
    ws2.cell(row=r, column=1, value="会员等级").font = bold
    r += 1
    for i, h in enumerate(["等级", "年费（元）", "茶叶折扣", "包间折扣", "其他权益"], 1):
        ws2.cell(row=r, column=i, value=h).font = bold
    for row_vals in [
        ["银卡", 0, "9.5折", "无折扣", "累计消费满1000元自动获得；生日赠茶50克"],
        ["金卡", 888, "9折", "9折", "每月免费使用小包间2小时"],
        ["钻石卡", 2888, "8.5折", "8折", "每月免费品鉴课1次；节假日优先预订"],
    ]:
        r += 1
        for i, v in enumerate(row_vals, 1):
            ws2.cell(row=r, column=i, value=v)
    ws2.column_dimensions["A"].width = 14
    ws2.column_dimensions["B"].width = 70

    save_pinned(wb, path)


# --------------------------------------------------------------------------
# English PPTX: sailing club
# --------------------------------------------------------------------------
def make_pptx(path: Path):
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Harbourlight Sailing Club"
    cp.title = "Harbourlight Sailing Club 2025"
    cp.created = FIXED_DT
    cp.modified = FIXED_DT
    cp.last_printed = FIXED_DT
    cp.revision = 1

    title_layout = prs.slide_layouts[0]
    content_layout = prs.slide_layouts[1]
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Harbourlight Sailing Club"
    s.placeholders[1].text = "2025 season: courses, boat hire, moorings, membership and rules"

    def table_slide(title, headers, rows, note=None):
        sl = prs.slides.add_slide(title_only)
        sl.shapes.title.text = title
        nrows = len(rows) + 1
        top = Inches(1.5)
        height = Inches(0.4) * nrows
        shape = sl.shapes.add_table(nrows, len(headers), Inches(0.5), top,
                                    Inches(12.3), height)
        t = shape.table
        for i, h in enumerate(headers):
            t.cell(0, i).text = h
        for ri, r in enumerate(rows, 1):
            for ci, v in enumerate(r):
                t.cell(ri, ci).text = v
        for ri in range(nrows):
            for ci in range(len(headers)):
                for p in t.cell(ri, ci).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(14)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.5), top + height + Inches(0.3),
                                       Inches(12.3), Inches(1.0))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)

    def bullet_slide(title, bullets):
        sl = prs.slides.add_slide(content_layout)
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = bullets[0]
        for b in bullets[1:]:
            tf.add_paragraph().text = b
        for p in tf.paragraphs:
            for run in p.runs:
                run.font.size = PPt(18)

    table_slide("Dinghy courses", ["Course", "Level", "Length", "Member price", "Non-member price"], [
        ["Start Sailing (RYA Level 1)", "Beginner", "2 days", "£195", "£235"],
        ["Basic Skills (RYA Level 2)", "Beginner", "2 days", "£215", "£255"],
        ["Better Sailing", "Improver", "2 days", "£225", "£270"],
        ["Seamanship Skills", "Intermediate", "2 days", "£240", "£285"],
        ["Youth Stage 1–2 (ages 8–12)", "Beginner", "5 half-days", "£180", "£210"],
        ["Spinnaker Sailing", "Advanced", "1 day", "£120", "£145"],
    ], note="Course fees include boat, buoyancy aid and wetsuit hire. RYA certificate and logbook included.")

    table_slide("Keelboat courses", ["Course", "Level", "Length", "Price per person"], [
        ["Keelboat Taster", "Beginner", "3 hours", "£75"],
        ["Competent Crew", "Beginner", "5 days", "£690"],
        ["Day Skipper Theory (classroom)", "Intermediate", "8 evenings, 40 hours", "£420"],
        ["Day Skipper Practical", "Intermediate", "5 days", "£795"],
        ["Coastal Skipper Practical", "Advanced", "5 days", "£850"],
    ], note="Practical keelboat courses run aboard our 34 ft yacht Kittiwake with up to 5 students and 1 instructor; meals aboard included.")

    table_slide("Boat hire", ["Boat class", "Crew", "Half day (4 h)", "Full day (8 h)", "Damage deposit"], [
        ["ILCA 6 (Laser)", "1", "£45", "£70", "£200"],
        ["RS Feva", "2", "£55", "£85", "£250"],
        ["RS Quest", "2–3", "£60", "£95", "£300"],
        ["Wayfarer", "2–4", "£70", "£110", "£300"],
        ["Hunter 707 keelboat", "3–4", "£160", "£260", "£1,000"],
    ], note="Dinghy hire requires RYA Level 2 or equivalent experience. Hunter 707 hire requires a Day Skipper certificate. Members get 20% off hire.")

    table_slide("Mooring and storage fees (per season, incl. VAT)",
                ["Boat length", "Swinging mooring Apr–Oct", "Winter storage ashore Nov–Mar",
                 "Visitor pontoon berth per night"], [
        ["Up to 6 m", "£420", "£260", "£18"],
        ["6.01–8 m", "£560", "£340", "£24"],
        ["8.01–10 m", "£720", "£430", "£30"],
        ["10.01–12 m", "£910", "£520", "£36"],
    ], note="Boats over 12 m: price on request. Shore power on the visitor pontoon costs £4 per night.")

    table_slide("Membership 2025", ["Category", "Age", "Annual fee", "Joining fee"], [
        ["Cadet", "8–17", "£65", "none"],
        ["Young Adult", "18–25", "£140", "£25"],
        ["Full Adult", "26–64", "£310", "£75"],
        ["Senior", "65 and over", "£220", "£75"],
        ["Family (2 adults + children under 18)", "—", "£520", "£100"],
        ["Crew (does not own a boat)", "18 and over", "£120", "£25"],
    ], note="Membership runs from 1 April to 31 March. New members joining after 1 October pay half the annual fee.")

    bullet_slide("Racing", [
        "Wednesday evening series: £8 per boat per race, or £60 for the whole series of 12 races.",
        "Sunday points series: £10 per boat per race.",
        "Harbourlight Regatta, 2–3 August 2025: £45 per boat; £35 if entered by 15 July.",
        "Series racing is for club members only; the regatta is open to visitors with third-party insurance of at least £3 million.",
        "First warning signal: Wednesdays 18:45, Sundays 11:00.",
    ])

    bullet_slide("Safety and age rules", [
        "Buoyancy aids must be worn at all times when afloat, by everyone including instructors.",
        "Minimum age: 8 for dinghy courses; 16 for keelboat courses (14–15 allowed with a parent aboard).",
        "Sailors under 12 may only go afloat with an instructor or an adult member in the same boat.",
        "No dinghy sailing when the wind exceeds Force 5; no keelboat sailing above Force 6.",
        "Safety boat cover: weekends 10:00–17:00 and Wednesdays 18:00–21:00.",
        "No one may helm a club boat within 8 hours of drinking alcohol.",
    ])

    bullet_slide("Booking and cancellation", [
        "Courses: 30% deposit when booking, balance due 14 days before the start date.",
        "Cancelled by you more than 28 days before the start: full refund minus a £25 admin fee.",
        "Cancelled 14–28 days before the start: 50% refund. Less than 14 days: no refund unless the place is resold.",
        "Cancelled by the club because of weather: full refund or a free transfer to another date.",
        "Boat hire must be booked at least 24 hours ahead; free cancellation up to 24 hours before.",
        "Late return of a hire boat: £15 per started 30 minutes.",
    ])

    save_pinned(prs, path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial56/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial56"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "velomasterskaya.docx")
    make_xlsx(out / "chayguan.xlsx")
    make_pptx(out / "sailing_club.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
