#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 52 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- lingva_nord_prices_ru.docx  Russian translation and notary bureau: written translation
                              by language pair and term, notarial and consular services
                              (apostilles, legalisation), terms, payment, refunds
- mengzhua_pet_zh.xlsx        Chinese pet grooming and boarding shop: dog and cat grooming,
                              boarding and add-ons (sheet 1, four tables), shop rules (sheet 2)
- lockdown47_venue_en.pptx    English escape rooms and laser arena: escape-room and
                              laser-tag prices, birthday parties, corporate events, food,
                              age and safety rules, booking and cancellation

Every zip member's time is pinned, and so are core.xml's created and modified times
(openpyxl stamps its save time whatever was set), so the bytes match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial52.py benchmarks/devset/docs
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

FIXED = datetime.datetime(2026, 11, 20, 10, 0, 0)


def fix_core(props) -> None:
    props.author = "trial52"
    props.created = FIXED
    props.modified = FIXED
    props.last_modified_by = "trial52"
    props.revision = 1


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    d = Document()
    fix_core(d.core_properties)
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    d.add_heading("Бюро переводов и нотариальных услуг «Лингва-Норд»", 0)
    d.add_paragraph(
        "Прейскурант и условия обслуживания клиентов. Действует с 1 ноября 2026 года. "
        "Адрес: г. Санкт-Петербург, ул. Садовая, д. 28, офис 214. "
        "Часы работы: понедельник – пятница с 9:00 до 19:00, суббота с 10:00 до 16:00, "
        "воскресенье – выходной."
    )

    d.add_heading("1. Письменный перевод документов", 1)
    d.add_paragraph(
        "Стоимость указана за одну расчётную страницу – 1800 знаков с пробелами исходного "
        "текста. Минимальный заказ – одна расчётная страница. Стандартные документы "
        "(паспорт, свидетельство о рождении, диплом без вкладыша) считаются по одной "
        "странице независимо от количества знаков."
    )
    d.add_paragraph(
        "Обычный срок – до 3 рабочих дней при объёме до 10 страниц; срочный – на следующий "
        "рабочий день; сверхсрочный – в день обращения, если заказ принят до 12:00 и его "
        "объём не превышает 5 страниц. Прочерк означает, что такой срок для языковой пары "
        "не предоставляется."
    )
    rows = [
        ("Языковая пара", "Обычный срок, руб./стр.", "Срочно (+50%), руб./стр.",
         "Сверхсрочно (+100%), руб./стр."),
        ("Английский ↔ русский", "650", "975", "1 300"),
        ("Немецкий ↔ русский", "700", "1 050", "1 400"),
        ("Французский ↔ русский", "720", "1 080", "1 440"),
        ("Испанский ↔ русский", "750", "1 125", "1 500"),
        ("Итальянский ↔ русский", "780", "1 170", "1 560"),
        ("Украинский ↔ русский", "550", "825", "1 100"),
        ("Казахский ↔ русский", "900", "1 350", "1 800"),
        ("Турецкий ↔ русский", "1 100", "1 650", "2 200"),
        ("Китайский ↔ русский", "1 400", "2 100", "—"),
        ("Японский ↔ русский", "1 600", "2 400", "—"),
        ("Корейский ↔ русский", "1 550", "2 325", "—"),
        ("Арабский ↔ русский", "1 500", "2 250", "—"),
        ("Английский ↔ немецкий (без русского)", "1 200", "1 800", "—"),
    ]
    t = d.add_table(rows=len(rows), cols=4)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph(
        "Перевод с редактированием носителем языка оплачивается дополнительно: +40% к "
        "стоимости обычного срока. Вёрстка таблиц и схем – 150 руб. за страницу."
    )

    d.add_heading("2. Нотариальные и консульские услуги", 1)
    d.add_paragraph(
        "Нотариальное заверение выполняет нотариус-партнёр в нашем офисе по вторникам и "
        "четвергам. Госпошлины и тарифы нотариуса включены в цены ниже, если не сказано иное."
    )
    rows2 = [
        ("Услуга", "Цена, руб.", "Срок"),
        ("Нотариальное заверение перевода (первый документ)", "1 200", "1 рабочий день"),
        ("Нотариальное заверение перевода (каждый следующий экземпляр)", "900", "1 рабочий день"),
        ("Нотариальное заверение копии документа, за страницу", "100", "в день обращения"),
        ("Заверение перевода печатью бюро", "400", "в день обращения"),
        ("Апостиль на документы ЗАГС (свидетельства о рождении, браке)", "4 500", "7 рабочих дней"),
        ("Апостиль на документы об образовании", "6 800", "45 рабочих дней"),
        ("Апостиль на справку об отсутствии судимости", "5 200", "10 рабочих дней"),
        ("Консульская легализация для ОАЭ", "18 000", "30 рабочих дней"),
        ("Консульская легализация для Китая", "24 000", "25 рабочих дней"),
        ("Консульская легализация для Вьетнама", "21 000", "20 рабочих дней"),
        ("Истребование повторного документа из ЗАГС", "3 500", "от 30 рабочих дней"),
    ]
    t2 = d.add_table(rows=len(rows2), cols=3)
    t2.style = "Table Grid"
    for i, r in enumerate(rows2):
        for j, v in enumerate(r):
            t2.cell(i, j).text = v
    d.add_paragraph(
        "В стоимость апостиля входит государственная пошлина 2 500 руб. за каждый документ. "
        "Консульская легализация возможна только после заверения в Министерстве юстиции и "
        "МИД России; курьерская доставка в консульство включена в цену."
    )

    d.add_heading("3. Сроки выполнения заказов", 1)
    d.add_paragraph(
        "Срок исчисляется в рабочих днях со дня, следующего за днём оплаты. Заказы, "
        "поступившие после 17:00, считаются принятыми на следующий рабочий день. "
        "Объём более 50 страниц выполняется по согласованному графику, но не быстрее 15 "
        "страниц в рабочий день. Срок апостиля и легализации зависит от государственных "
        "органов и может быть продлён ими; бюро не несёт ответственности за такие задержки."
    )

    d.add_heading("4. Оплата", 1)
    d.add_paragraph(
        "Физические лица вносят предоплату 50% при оформлении заказа, остаток – при "
        "получении готового перевода. Нотариальные и консульские услуги оплачиваются "
        "полностью при оформлении. Юридические лица оплачивают по счёту в течение 5 "
        "банковских дней. Принимаем наличные, банковские карты «Мир», оплату через СБП; "
        "карты Visa и Mastercard не принимаются."
    )
    d.add_paragraph(
        "Скидки: при заказе свыше 50 страниц – 10%; студентам очной формы обучения при "
        "предъявлении студенческого билета – 5% на письменный перевод. Скидки не "
        "суммируются и не распространяются на нотариальные и консульские услуги."
    )

    d.add_heading("5. Отказ от заказа и возврат денег", 1)
    d.add_paragraph(
        "Если клиент отказывается от заказа до начала работы переводчика, предоплата "
        "возвращается полностью. После начала работы удерживается стоимость уже "
        "переведённых страниц и 10% от стоимости оставшегося объёма. Уплаченные "
        "государственные пошлины и тариф нотариуса после совершения нотариального "
        "действия не возвращаются. Деньги возвращаются тем же способом, которым была "
        "произведена оплата, в течение 10 рабочих дней после письменного заявления."
    )
    d.add_paragraph(
        "Ошибки и опечатки, допущенные по вине бюро, исправляются бесплатно в течение 30 "
        "календарных дней после выдачи заказа. Готовые документы хранятся в офисе 3 "
        "месяца, после чего уничтожаются без возврата оплаты."
    )
    d.save(out)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "trial52"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "价目表"
    bold = Font(bold=True)

    def put(row, values, b=False):
        for j, v in enumerate(values, start=1):
            c = ws.cell(row=row, column=j, value=v)
            if b:
                c.font = bold

    r = 1
    put(r, ["萌爪宠物生活馆 价目表（2026年11月起执行）"], True)
    r += 2
    put(r, ["狗狗洗护美容"], True)
    r += 1
    put(r, ["体型", "体重范围", "短毛犬洗护（元）", "长毛犬洗护（元）", "造型修剪（元）"], True)
    dogs = [
        ("迷你犬", "5公斤以下", 88, 118, 198),
        ("小型犬", "5-10公斤", 118, 158, 258),
        ("中型犬", "10-20公斤", 158, 218, 328),
        ("大型犬", "20-35公斤", 228, 298, 428),
        ("巨型犬", "35公斤以上", 298, 398, 528),
    ]
    for row in dogs:
        r += 1
        put(r, list(row))
    r += 2
    put(r, ["猫咪洗护美容"], True)
    r += 1
    put(r, ["项目", "价格（元）", "所需时间"], True)
    cats = [
        ("短毛猫洗护", 128, "约1.5小时"),
        ("长毛猫洗护", 168, "约2小时"),
        ("长毛猫全身剃毛（狮子造型）", 238, "约2.5小时"),
        ("猫咪局部修剪（腹部/屁股）", 68, "约30分钟"),
        ("猫咪除毛结（按结计）", 15, "每个毛结"),
    ]
    for row in cats:
        r += 1
        put(r, list(row))
    r += 2
    put(r, ["寄养价格"], True)
    r += 1
    put(r, ["类别", "标准笼位（元/晚）", "豪华单间（元/晚）", "说明"], True)
    board = [
        ("小型犬寄养（10公斤以下）", 80, 128, "每日遛狗2次"),
        ("中型犬寄养（10-25公斤）", 100, 158, "每日遛狗2次"),
        ("大型犬寄养（25公斤以上）", 130, 198, "每日遛狗3次"),
        ("猫咪寄养", 60, 98, "独立猫别墅，不与狗同区"),
    ]
    for row in board:
        r += 1
        put(r, list(row))
    r += 2
    put(r, ["附加服务"], True)
    r += 1
    put(r, ["项目", "价格（元）", "备注"], True)
    addons = [
        ("修剪指甲", 20, "洗护套餐已含"),
        ("清洁耳道", 25, "洗护套餐已含"),
        ("挤肛门腺", 20, "仅限犬类"),
        ("刷牙", 35, "使用宠物专用牙膏"),
        ("药浴", 60, "在洗护价格基础上加收"),
        ("SPA护毛", 80, "在洗护价格基础上加收"),
        ("上门接送（5公里以内）", 50, "每次单程；超出部分每公里加收5元"),
        ("寄养期间额外遛狗", 30, "每次30分钟"),
    ]
    for row in addons:
        r += 1
        put(r, list(row))

    ws2 = wb.create_sheet("营业须知")
    info = [
        ("事项", "说明"),
        ("营业时间", "周一至周五 10:00-20:00；周六、周日及法定节假日 9:00-21:00；除夕至正月初三休息"),
        ("美容预约", "美容需提前一天通过电话或微信预约；迟到超过30分钟视为自动取消"),
        ("犬类疫苗要求", "须完成犬八联（或六联）疫苗及狂犬疫苗，且在有效期内；最后一针须在到店前14天以上"),
        ("猫类疫苗要求", "须完成猫三联疫苗及狂犬疫苗，且在有效期内"),
        ("驱虫要求", "到店前30天内完成体内外驱虫，寄养时需出示记录"),
        ("寄养定金", "预订寄养需支付总费用的30%作为定金，最低100元"),
        ("取消规则", "入住前48小时以上取消，定金全额退还；48小时以内取消，扣除定金的50%；当天取消或未到店，定金不退"),
        ("长期寄养优惠", "连续寄养满7晚享九折，满30晚享八折；最长寄养期为60晚"),
        ("健康要求", "患有传染病、处于发情期或怀孕的宠物不接受寄养；12周龄以下幼犬幼猫不接受洗护"),
        ("自带物品", "可自带粮食和玩具；不自带粮食的，每晚加收粮食费15元"),
    ]
    for i, (a, b) in enumerate(info, start=1):
        ws2.cell(row=i, column=1, value=a)
        ws2.cell(row=i, column=2, value=b)
        if i == 1:
            ws2.cell(row=i, column=1).font = bold
            ws2.cell(row=i, column=2).font = bold
    wb.save(out)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(out: Path) -> None:
    prs = Presentation()
    fix_core(prs.core_properties)
    title_layout = prs.slide_layouts[0]
    body_layout = prs.slide_layouts[1]
    only_title = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Lockdown 47 — Escape Rooms & Laser Arena"
    s.placeholders[1].text = "Prices and house rules 2027 · Unit 4, Canal Side Retail Park, Leeds LS11 5QR"

    def table_slide(title, rows, widths=None, note=None):
        sl = prs.slides.add_slide(only_title)
        sl.shapes.title.text = title
        nrows, ncols = len(rows), len(rows[0])
        shape = sl.shapes.add_table(nrows, ncols, Inches(0.4), Inches(1.5), Inches(9.2), Inches(0.4 * nrows))
        tbl = shape.table
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                cell = tbl.cell(i, j)
                cell.text = v
                for p in cell.text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(12)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.4), Inches(1.6 + 0.4 * nrows), Inches(9.2), Inches(1))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(12)
        return sl

    def bullets(title, items, notes=None):
        sl = prs.slides.add_slide(body_layout)
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = items[0]
        for it in items[1:]:
            tf.add_paragraph().text = it
        for p in tf.paragraphs:
            for run in p.runs:
                run.font.size = PPt(16)
        if notes:
            sl.notes_slide.notes_text_frame.text = notes
        return sl

    table_slide(
        "Escape rooms — price per group (60 minutes)",
        [
            ("Group size", "Mon–Thu", "Friday", "Sat, Sun & bank holidays"),
            ("2 players", "£58", "£64", "£70"),
            ("3 players", "£75", "£84", "£90"),
            ("4 players", "£92", "£100", "£112"),
            ("5 players", "£105", "£115", "£130"),
            ("6 players", "£120", "£132", "£144"),
            ("7–8 players (The Vault only)", "£150", "£165", "£180"),
        ],
        note=("Rooms: The Heist, Pharaoh's Tomb, Ward 13 (ages 16+) and The Vault. "
              "The Vault is a 90-minute room and costs £25 extra per group on any day. "
              "Students with a valid NUS card get 10% off Mon–Thu."),
    )
    table_slide(
        "Laser tag — price per player",
        [
            ("Session", "Game time", "Off-peak", "Peak"),
            ("Single mission", "20 minutes", "£9.00", "£11.00"),
            ("Double mission", "2 × 20 minutes", "£16.00", "£19.00"),
            ("Triple mission", "3 × 20 minutes", "£22.00", "£26.00"),
            ("Arena Unlimited pass", "2 hours", "£30.00", "£35.00"),
        ],
        note=("Peak: Friday from 16:00, weekends and school holidays. Each mission includes a "
              "10-minute briefing and kit-up. Up to 24 players per mission."),
    )
    table_slide(
        "Birthday parties (ages 7–15)",
        [
            ("Package", "Minimum guests", "Price per child", "What is included"),
            ("Rookie", "8", "£19.50", "1 laser mission, party room for 45 minutes, squash"),
            ("Commando", "10", "£27.00", "2 laser missions, party room for 60 minutes, 2 slices of pizza each"),
            ("Legend", "12", "£34.50", "Junior escape room + 1 laser mission, pizza, ice cream, party host"),
        ],
        note=("The birthday child goes free on Commando and Legend packages. "
              "Party room capacity is 30 people including adults."),
    )
    bullets(
        "Corporate and team events",
        [
            "Team Sprint — £45 per person (minimum 10): escape rooms in parallel, results board, 15-minute debrief",
            "Evening Social — £39 per person (minimum 15): 2 laser missions, buffet, exclusive use of the bar area",
            "Full Day Offsite — £89 per person (minimum 20): meeting room 9:00–17:00, projector, 2 activities, lunch and coffee",
            "Exclusive hire of the whole venue: from £2,400 for 4 hours (Monday to Thursday only)",
            "Invoices for companies: 50% deposit on booking, balance within 14 days of the event",
        ],
    )
    table_slide(
        "Food and drink add-ons",
        [
            ("Item", "Serves", "Price"),
            ("Pizza slice and soft drink", "1", "£4.50"),
            ("Large 12-inch pizza (margherita or pepperoni)", "3–4", "£13.95"),
            ("Hot dog meal with fries", "1", "£5.95"),
            ("Loaded nachos sharing platter", "4", "£8.50"),
            ("Celebration cake (chocolate or vanilla)", "15", "£24.00"),
            ("Unlimited squash refills", "1", "£2.50"),
        ],
        note="Food must be pre-ordered at least 48 hours before the visit. Outside food is not allowed, except birthday cakes.",
    )
    bullets(
        "Age and safety rules",
        [
            "Laser tag: minimum age 7; players under 12 must be supervised by an adult who stays at the venue",
            "Escape rooms: minimum age 10; under-16s need an adult inside the room; Ward 13 is 16+ only",
            "Laser vests weigh 1.8 kg — not suitable for pregnant guests or anyone with a heart condition",
            "Closed-toe shoes are required in the arena; no running on the ramps",
            "The arena uses haze and flashing lights; guests with photosensitive epilepsy should not play",
            "Anyone who appears under the influence of alcohol will be refused entry without refund",
        ],
        notes="Staff note: first-aid kit and defibrillator are behind reception. Incident forms in the office.",
    )
    bullets(
        "Booking, arrival and cancellation",
        [
            "Book online or by phone on 0113 496 0471; a 25% deposit secures the slot",
            "The balance is taken 48 hours before the visit",
            "Please arrive 15 minutes early; if you are more than 15 minutes late your game time is shortened",
            "Cancel 7 days or more before the visit: full refund",
            "Cancel 3–6 days before: 50% refund",
            "Cancel less than 72 hours before: no refund, but you can move the booking once for a £10 fee",
            "Opening hours: Mon–Thu 12:00–22:00, Fri 12:00–23:00, Sat 9:00–23:00, Sun 9:00–21:00",
        ],
    )
    prs.save(out)


def normalize_zip(path: Path) -> None:
    """Rewrite the zip with fixed timestamps so that the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps the save time here
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(<)", rb"\g<1>2026-11-20T10:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 10, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial52/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial52"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "lingva_nord_prices_ru.docx")
    make_xlsx(out / "mengzhua_pet_zh.xlsx")
    make_pptx(out / "lockdown47_venue_en.pptx")
    for name in ("lingva_nord_prices_ru.docx", "mengzhua_pet_zh.xlsx", "lockdown47_venue_en.pptx"):
        normalize_zip(out / name)
    print("written to", out)


if __name__ == "__main__":
    main()
