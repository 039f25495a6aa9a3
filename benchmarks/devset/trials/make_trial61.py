#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 61 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- lager_sosnovy_bor_2025.docx   Russian children's summer camp near St Petersburg: five
                                shifts by dates, age group, theme and places, prices per shift
                                by accommodation type (two price columns: shifts 1 and 5,
                                shifts 2-4), the bus transfer from metro Ozerki, optional clubs
                                priced per shift, sibling, early-booking and two-shift
                                discounts, rules on medical documents, parents' day and phone
                                calls, early departure refunds and cancellations, what to bring
- mengchong_pet_hotel.xlsx      Chinese pet boarding hotel: rooms by pet size and room class
                                with area, weight range and price per night, long-stay
                                discounts, bathing, walking and other add-ons, vaccination
                                requirements (sheet 房型与价格, four titled blocks), rules on
                                check-in and check-out times, booking deposit, deposit, late
                                pick-up, illness, cancellation, own food, pets not accepted and
                                old pets (sheet 入住须知)
- harbourside_venue_2025.pptx   English conference venue in Leith: meeting rooms by size,
                                capacity per layout and half-day and full-day hire, day
                                delegate packages per delegate, catering extras, AV equipment
                                hire, parking and travel, delegate accommodation by occupancy,
                                minimum numbers and deposits, cancellation charges, contact

The trial's generator pinned every zip member's time, compression and attributes
(2025-01-15 10:00:00) and core.xml's created and modified times (openpyxl's save-time stamp
of the XLSX's modified time is overwritten), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial61.py benchmarks/devset/docs
"""
import datetime as dt
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

FIXED = dt.datetime(2025, 1, 15, 10, 0, 0)


def normalize_zip(path: Path) -> None:
    """Rewrite a zip with fixed timestamps and sorted-as-written entries."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    tmp = str(path) + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":
                # openpyxl stamps "modified" with the current time on save
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>2025-01-15T10:00:00Z\g<2>", data)
            info = zipfile.ZipInfo(name, date_time=(2025, 1, 15, 10, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    os.replace(tmp, path)


# ----------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.author = "ДОЛ «Сосновый бор»"
    cp.title = "Детский оздоровительный лагерь «Сосновый бор» — лето 2025"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "ДОЛ «Сосновый бор»"
    cp.revision = 1
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    def table(headers, rows):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for i, h in enumerate(headers):
            t.rows[0].cells[i].text = h
            for p in t.rows[0].cells[i].paragraphs:
                for r in p.runs:
                    r.bold = True
        for row in rows:
            cells = t.add_row().cells
            for i, v in enumerate(row):
                cells[i].text = v
        d.add_paragraph()

    d.add_heading("Детский оздоровительный лагерь «Сосновый бор»", 0)
    d.add_paragraph("Программа и условия на лето 2025 года")

    d.add_heading("1. О лагере", 1)
    d.add_paragraph(
        "Лагерь расположен в Приозерском районе Ленинградской области, на берегу озера "
        "Большое Раковое, в 95 км от Санкт-Петербурга. Территория площадью 12 га огорожена и "
        "охраняется круглосуточно. Принимаются дети от 7 до 15 лет включительно. "
        "Каждая смена длится 14 дней. Дети живут в отрядах по 20–25 человек, с каждым отрядом "
        "работают два вожатых и воспитатель.")
    d.add_paragraph(
        "В стоимость путёвки входят проживание, пятиразовое питание, программа смены, "
        "медицинское обслуживание в медпункте лагеря и страхование от несчастных случаев.")

    d.add_heading("2. Смены лета 2025 года", 1)
    table(["Смена", "Даты", "Возраст детей", "Тема смены", "Мест"], [
        ["1-я смена", "2 июня – 15 июня", "7–10 лет", "«Лесные следопыты»", "120"],
        ["2-я смена", "18 июня – 1 июля", "11–15 лет", "«Робототехника и наука»", "140"],
        ["3-я смена", "4 июля – 17 июля", "7–12 лет", "«Морское приключение»", "140"],
        ["4-я смена", "20 июля – 2 августа", "12–15 лет", "«Спорт и туризм»", "130"],
        ["5-я смена", "5 августа – 18 августа", "7–15 лет", "«Театральное лето»", "150"],
    ])

    d.add_heading("3. Стоимость путёвки", 1)
    d.add_paragraph("Цена указана за одну смену (14 дней) на одного ребёнка, в рублях.")
    table(["Тип размещения", "Условия проживания", "1-я и 5-я смены, руб.", "2-я, 3-я и 4-я смены, руб."], [
        ["Эко-домик", "деревянный домик на 8 человек, душ и туалет в соседнем корпусе", "44 900", "49 400"],
        ["Стандарт", "комната на 6 человек в кирпичном корпусе, удобства на этаже", "48 500", "52 900"],
        ["Комфорт", "комната на 4 человека, душ и туалет в комнате", "56 700", "61 300"],
        ["Комфорт плюс", "комната на 2 человека, душ и туалет в комнате, балкон", "67 200", "72 800"],
    ])

    d.add_heading("4. Трансфер", 1)
    d.add_paragraph(
        "В день заезда автобус отправляется в 10:00 от станции метро «Озерки» (Санкт-Петербург, "
        "пр. Энгельса, 118). Дети едут в сопровождении вожатых и медицинского работника, время "
        "в пути около 2 часов. В последний день смены автобус прибывает к станции метро «Озерки» "
        "около 15:00.")
    d.add_paragraph(
        "Стоимость трансфера: в одну сторону — 1 900 руб., в обе стороны — 3 500 руб. "
        "Трансфер бронируется вместе с путёвкой не позднее чем за 5 дней до начала смены.")
    d.add_paragraph(
        "Родители, которые привозят ребёнка сами, проходят регистрацию на КПП лагеря в день "
        "заезда с 12:00 до 14:00.")

    d.add_heading("5. Дополнительные кружки", 1)
    d.add_paragraph(
        "Основная программа смены бесплатна. Кружки ниже оплачиваются отдельно, цена указана "
        "за всю смену. Запись — при покупке путёвки; группы от 6 человек.")
    table(["Кружок", "Возраст", "Занятий за смену", "Цена за смену, руб."], [
        ["Робототехника LEGO", "7–10 лет", "8", "6 500"],
        ["Робототехника Arduino", "11–15 лет", "8", "7 900"],
        ["Программирование на Python", "11–15 лет", "8", "7 200"],
        ["Английский разговорный клуб", "7–15 лет", "10", "5 200"],
        ["Шахматы", "7–15 лет", "10", "3 400"],
        ["Вокал", "7–15 лет", "8", "4 800"],
        ["Фотокружок", "10–15 лет", "6", "4 100"],
        ["Стрельба из лука", "10–15 лет", "6", "5 600"],
    ])

    d.add_heading("6. Скидки", 1)
    for s in [
        "Братьям и сёстрам, едущим в одну смену, — скидка 7% на каждую путёвку.",
        "Раннее бронирование: при полной оплате до 31 марта 2025 года — скидка 10%, "
        "при полной оплате с 1 по 30 апреля 2025 года — скидка 5%.",
        "При покупке двух смен подряд на одного ребёнка — скидка 5% на вторую смену.",
        "Скидки не суммируются: применяется одна, наибольшая. Скидки действуют только на "
        "стоимость путёвки и не распространяются на трансфер и кружки.",
    ]:
        d.add_paragraph(s, style="List Bullet")

    d.add_heading("7. Медицинские документы", 1)
    d.add_paragraph("При заезде вожатому и медицинскому работнику передаются:")
    for s in [
        "медицинская справка по форме 079/у, оформленная не ранее чем за 10 дней до заезда;",
        "справка об отсутствии контактов с инфекционными больными (эпидокружение), выданная "
        "не ранее чем за 3 дня до заезда;",
        "копия сертификата о профилактических прививках;",
        "копия полиса ОМС и копия свидетельства о рождении или паспорта ребёнка.",
    ]:
        d.add_paragraph(s, style="List Number")
    d.add_paragraph(
        "Без полного комплекта документов ребёнок в лагерь не принимается. При заезде "
        "все дети проходят осмотр на педикулёз. Если ребёнок принимает лекарства, их "
        "передают медицинскому работнику в оригинальной упаковке вместе с назначением врача.")

    d.add_heading("8. Посещение детей родителями", 1)
    d.add_paragraph(
        "Родительский день проводится в каждую смену на 7-й день смены, с 11:00 до 18:00. "
        "В другие дни посещения не допускаются. В родительский день ребёнка можно вывезти "
        "за территорию лагеря по письменному заявлению; вернуть его нужно до 19:00 того же дня.")
    d.add_paragraph(
        "Мобильные телефоны хранятся у вожатых; дети могут звонить родителям ежедневно "
        "с 13:00 до 14:00 и с 20:30 до 21:30. Передавать детям скоропортящиеся продукты "
        "запрещено.")

    d.add_heading("9. Досрочный отъезд и возврат денег", 1)
    for s in [
        "При досрочном отъезде по болезни (при наличии заключения врача) возвращается стоимость "
        "неиспользованных дней путёвки за вычетом 10%.",
        "При досрочном отъезде по желанию родителей стоимость неиспользованных дней не "
        "возвращается.",
        "Ребёнок может быть отчислен за курение, употребление алкоголя, самовольный уход с "
        "территории или драку. Родители обязаны забрать его в течение 24 часов за свой счёт; "
        "деньги за путёвку в этом случае не возвращаются.",
        "При отказе от путёвки до начала смены: более чем за 30 дней — возврат 100%, "
        "за 30–8 дней — возврат 80%, за 7 дней и менее — возврат 50% стоимости.",
    ]:
        d.add_paragraph(s, style="List Bullet")

    d.add_heading("10. Что взять с собой", 1)
    d.add_paragraph(
        "Рекомендуем положить в чемодан: одежду на 14 дней с учётом погоды, две пары спортивной "
        "обуви, резиновые сапоги, дождевик, головной убор, купальник или плавки, тёплую куртку, "
        "средство от комаров и клещей, личные средства гигиены. Все вещи подписываются.")
    d.add_paragraph(
        "Запрещено привозить: ножи, спички и зажигалки, энергетические напитки, газировку и "
        "чипсы, скоропортящиеся продукты, дорогие украшения, ноутбуки и планшеты. "
        "Карманные деньги — не более 3 000 руб.; они хранятся у вожатого. Администрация не "
        "отвечает за ценные вещи, не сданные на хранение.")

    d.add_heading("11. Контакты", 1)
    d.add_paragraph("Телефон: +7 (812) 640-22-18, e-mail: info@sosnovybor-camp.ru. "
                    "Офис продаж: Санкт-Петербург, ул. Савушкина, 36, пн–пт 10:00–19:00.")
    d.save(out)
    normalize_zip(out)


# ----------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "萌宠之家宠物酒店"
    wb.properties.title = "萌宠之家宠物酒店 寄养价格与须知"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "房型与价格"
    bold = Font(bold=True)

    def block(title, headers, rows):
        ws.append([title])
        ws.cell(ws.max_row, 1).font = bold
        ws.append(headers)
        for c in ws[ws.max_row]:
            c.font = bold
        for r in rows:
            ws.append(r)
        ws.append([])

    block("萌宠之家宠物酒店 · 寄养房型价格（2025年）", [
        "房型编号", "宠物类别", "房间等级", "面积（㎡）", "适用体重", "每晚价格（元）", "备注"], [
        ["S-STD", "小型犬", "标准间", 1.5, "10公斤以下", 98, "室内笼舍，每日放风2次"],
        ["S-DLX", "小型犬", "豪华间", 3, "10公斤以下", 158, "独立房间，空调，可带窝垫"],
        ["M-STD", "中型犬", "标准间", 2.5, "10–25公斤", 138, "室内笼舍，每日放风2次"],
        ["M-DLX", "中型犬", "豪华间", 4.5, "10–25公斤", 208, "独立房间，空调"],
        ["L-STD", "大型犬", "标准间", 4, "25–45公斤", 178, "室内犬舍，每日放风3次"],
        ["L-DLX", "大型犬", "豪华间", 7, "25–45公斤", 268, "独立房间，带户外小院"],
        ["C-STD", "猫", "标准间", 1.2, "不限", 78, "三层猫笼，配猫爬架"],
        ["C-SUI", "猫", "套房", 3, "不限", 138, "落地窗，独立猫砂区，可住同一家庭2只猫"],
    ])
    block("长住优惠", ["连续入住", "房费折扣", "说明"], [
        ["7–13晚", "95折", "仅限房费"],
        ["14–29晚", "9折", "仅限房费"],
        ["30晚及以上", "85折", "仅限房费，需一次性付清"],
    ])
    block("附加服务", ["服务项目", "适用宠物", "计价单位", "价格（元）"], [
        ["基础洗澡", "小型犬", "次", 60],
        ["基础洗澡", "中型犬", "次", 90],
        ["基础洗澡", "大型犬", "次", 130],
        ["猫咪洗澡", "猫", "次", 100],
        ["单次遛狗（30分钟）", "所有犬", "次", 25],
        ["每日遛狗套餐（每天2次，每次30分钟）", "所有犬", "天", 45],
        ["视频看宠（全天摄像头）", "全部", "天", 10],
        ["市区接送（单程）", "全部", "次", 80],
    ])
    block("疫苗与健康要求", ["宠物类别", "必需疫苗", "要求"], [
        ["犬", "狂犬疫苗 + 犬八联（或六联）疫苗", "最后一针接种满15天，且在一年有效期内"],
        ["猫", "狂犬疫苗 + 猫三联疫苗", "最后一针接种满15天，且在一年有效期内"],
        ["所有宠物", "体内外驱虫", "入住前30天内完成，需出示记录"],
    ])
    for col, w in zip("ABCDEFG", [34, 14, 12, 12, 14, 16, 40]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("入住须知")
    ws2.append(["条款", "内容"])
    for c in ws2[1]:
        c.font = bold
    rules = [
        ["入住时间", "每天9:00至19:00办理入住，入住时需出示疫苗本并签署寄养协议。"],
        ["退房时间", "退房须在中午12:00前完成；12:00至18:00之间退房加收半晚房费；18:00以后退房按一晚计费。"],
        ["预订定金", "预订时支付首晚房费作为定金，入住时抵扣房费。"],
        ["押金", "入住时另收押金，为预计房费总额的30%，最低200元，退房结算时多退少补。"],
        ["逾期接回", "超过约定日期未接回的，每晚按原房价的1.5倍收费；逾期7天且无法联系主人的，酒店将报警处理。"],
        ["寄养期间生病", "宠物出现呕吐、腹泻、拒食等症状时，酒店会第一时间联系主人，经主人同意后送往合作宠物医院，医疗费用由主人承担；无法联系主人的紧急情况下，酒店有权先行送医。"],
        ["取消预订", "入住前72小时以上取消，定金全额退还；入住前72小时内取消，扣除定金的50%；入住当天取消或未到店，定金不退。"],
        ["自带物品", "可自带主粮、零食、玩具和窝垫；酒店免费提供通用犬粮和猫粮。"],
        ["不予接收", "3月龄以下幼宠、发情期母犬、有严重攻击行为的宠物以及患有传染病的宠物不予接收。"],
        ["老年宠物", "10岁以上的犬猫需由主人签署健康免责协议后方可入住。"],
    ]
    for r in rules:
        ws2.append(r)
    ws2.column_dimensions["A"].width = 16
    ws2.column_dimensions["B"].width = 110
    wb.save(out)
    normalize_zip(out)


# ----------------------------------------------------------------- PPTX (en)
def make_pptx(out: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Harbourside Conference Centre"
    cp.title = "Harbourside Conference Centre — Venue Hire & Rates 2025"
    cp.created = FIXED
    cp.modified = FIXED
    cp.revision = 1

    title_only = prs.slide_layouts[5]
    title_and_content = prs.slide_layouts[1]

    def bullets(title, lines):
        s = prs.slides.add_slide(title_and_content)
        s.shapes.title.text = title
        tf = s.placeholders[1].text_frame
        tf.text = lines[0]
        for line in lines[1:]:
            p = tf.add_paragraph()
            p.text = line
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = PPt(20)
        return s

    def table_slide(title, headers, rows, note=None, font=14):
        s = prs.slides.add_slide(title_only)
        s.shapes.title.text = title
        top = Inches(1.5)
        height = Inches(0.4) * (len(rows) + 1)
        shape = s.shapes.add_table(len(rows) + 1, len(headers), Inches(0.4), top,
                                   Inches(12.5), height)
        t = shape.table
        for i, h in enumerate(headers):
            t.cell(0, i).text = h
        for r, row in enumerate(rows, 1):
            for i, v in enumerate(row):
                t.cell(r, i).text = v
        for r in range(len(rows) + 1):
            for i in range(len(headers)):
                for p in t.cell(r, i).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(font)
        if note:
            tb = s.shapes.add_textbox(Inches(0.4), top + height + Inches(0.3), Inches(12.5), Inches(1.2))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
        return s

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Harbourside Conference Centre"
    s.placeholders[1].text = ("Venue hire & delegate rates 2025\n"
                              "12 Ocean Drive, Leith, Edinburgh EH6 6JJ · events@harbourside-cc.co.uk")

    bullets("About the venue", [
        "Seven meeting spaces on three floors overlooking the Port of Leith",
        "All prices are in GBP and exclude VAT at 20%",
        "Rates valid 1 January – 31 December 2025",
        "Free Wi-Fi (100 Mbps dedicated line) in every room",
        "Step-free access to all floors; hearing loops in the Forth Suite and Lighthouse Room",
    ])

    table_slide("Meeting rooms: capacity and room hire",
                ["Room", "Size (m²)", "Theatre", "Classroom", "Boardroom", "Cabaret",
                 "Half day (4 h)", "Full day (8 h)"], [
                    ["Forth Suite", "420", "350", "180", "–", "200", "£1,850", "£3,200"],
                    ["Lighthouse Room", "160", "120", "60", "40", "64", "£780", "£1,350"],
                    ["Quayside 1", "75", "50", "28", "22", "24", "£420", "£720"],
                    ["Quayside 2", "75", "50", "28", "22", "24", "£420", "£720"],
                    ["Quayside 1+2 (combined)", "150", "110", "56", "–", "48", "£790", "£1,380"],
                    ["Crow's Nest (rooftop)", "90", "70", "–", "–", "40", "£560", "£960"],
                    ["Chart Room", "40", "–", "–", "16", "–", "£290", "£490"],
                ],
                note="Half day: 08:00–12:30 or 13:30–18:00. Full day: 08:00–18:00. "
                     "Evening hire after 18:00 is charged at £150 per hour per room.")

    table_slide("Day delegate packages (price per delegate)",
                ["Package", "What is included", "Price per delegate"], [
                    ["Half-Day Delegate", "Room hire for 4 hours, one coffee break, sandwich lunch, projector and screen", "£36"],
                    ["Essential Day Delegate", "Room hire 08:00–18:00, two coffee breaks, working lunch (sandwich buffet), projector, flipchart", "£49"],
                    ["Premium Day Delegate", "Room hire 08:00–18:00, three breaks with pastries, hot two-course buffet lunch, still and sparkling water, projector and one microphone", "£68"],
                    ["24-Hour Delegate", "Premium Day Delegate, three-course dinner, overnight stay in a Standard room and full Scottish breakfast", "£189"],
                ],
                note="Day delegate packages are available for groups of 15 delegates or more. "
                     "Below 15 delegates, room hire and catering are charged separately.")

    bullets("Catering extras (per delegate)", [
        "Tea and coffee with biscuits: £4.50",
        "Tea and coffee with freshly baked pastries: £6.75",
        "Finger buffet (six items): £16.50",
        "Three-course plated dinner: £42.00",
        "Drinks reception, two glasses of prosecco and canapés: £18.00",
        "Special diets (vegan, gluten-free, halal) at no extra charge with 5 working days' notice",
    ])

    table_slide("Audio-visual equipment hire",
                ["Item", "Price per day", "Notes"], [
                    ["Laser projector and 3 m screen", "£150", "Included in all day delegate packages"],
                    ["75-inch LED display on stand", "£120", "HDMI and wireless casting"],
                    ["Wireless handheld microphone", "£45", "Each; up to 8 per room"],
                    ["Wireless lapel microphone", "£50", "Each"],
                    ["Video-conferencing kit (360° camera, speakerphone)", "£95", "Zoom and Teams ready"],
                    ["Flipchart with pens", "£15", "Free with Essential and Premium packages"],
                    ["AV technician", "£55 per hour", "Minimum 4 hours"],
                ])

    bullets("Parking and travel", [
        "On-site car park with 85 spaces, open 07:00–23:00",
        "Delegate parking: £12 per day or £7 per half day",
        "6 electric-vehicle charging bays: £0.45 per kWh",
        "Blue Badge spaces by the main entrance are free",
        "Tram: Port of Leith stop, 4 minutes' walk; Edinburgh Airport 35 minutes by tram",
    ])

    table_slide("Delegate accommodation at the Harbourside Hotel (per room per night, bed and breakfast)",
                ["Room type", "Single occupancy", "Double occupancy"], [
                    ["Standard", "£119", "£134"],
                    ["Superior harbour view", "£149", "£164"],
                    ["Executive", "£179", "£199"],
                    ["Suite", "£265", "£285"],
                ],
                note="Group rate: 10% off when 10 or more rooms are booked for the same nights, "
                     "at least 28 days before arrival. Check-in from 15:00, check-out by 11:00.")

    bullets("Minimum numbers and deposits", [
        "Forth Suite: minimum 80 delegates on a day delegate package, or a minimum spend of £4,000",
        "Lighthouse Room: minimum 25 delegates on a day delegate package",
        "Final numbers are due 7 working days before the event; numbers may fall by up to 10% until then without charge",
        "A deposit of 25% of the estimated total is payable when the contract is signed",
        "The balance is due 14 days before the event",
    ])

    table_slide("Cancellation charges",
                ["Notice given before the event", "Charge (share of the estimated total)"], [
                    ["More than 90 days", "Deposit retained (25%)"],
                    ["90 to 61 days", "50%"],
                    ["60 to 31 days", "75%"],
                    ["30 days or fewer", "100%"],
                ],
                note="Cancellations must be made in writing. Postponement to a date within six months "
                     "is accepted once without charge if notified more than 60 days before the event.")

    bullets("Contact", [
        "Events team: +44 131 555 0142",
        "events@harbourside-cc.co.uk",
        "Site visits Monday to Friday, 09:00–17:00",
    ])
    prs.save(out)
    normalize_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial61/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial61"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "lager_sosnovy_bor_2025.docx")
    make_xlsx(out / "mengchong_pet_hotel.xlsx")
    make_pptx(out / "harbourside_venue_2025.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
