#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 49 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- kemping_sosnovy_bereg.docx  Russian campsite and glamping park price list and rules
- jingui_banquet.xlsx         Chinese banquet restaurant: set menus, drinks, fees (sheet 1)
                              and booking rules (sheet 2)
- riverside_aquatics.pptx     English swimming pool and aquatics centre programme and prices

core.xml's created and modified times are both pinned (openpyxl stamps its save time
whatever was set), so the bytes match the trial's files with no per-file save time.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial49.py benchmarks/devset/docs
"""
import datetime
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

FIXED = datetime.datetime(2025, 3, 1, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite a zip with fixed timestamps and order so the bytes are reproducible."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    # openpyxl stamps "modified" with the current time at save: pin it
    items = [
        (n, re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>2025-03-01T09:00:00Z", d))
        if n == "docProps/core.xml" else (n, d)
        for n, d in items
    ]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            zi = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    d = Document()
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.title = "Кемпинг и глэмпинг-парк «Сосновый берег»: цены и правила 2025"
    d.core_properties.author = "Сосновый берег"
    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("Кемпинг и глэмпинг-парк «Сосновый берег»", 0)
    d.add_paragraph(
        "Прейскурант и правила проживания на сезон 2025 года. Кемпинг расположен на берегу "
        "Верхне-Волжского водохранилища, в 4 км от посёлка Сосновка. Все цены указаны в рублях "
        "за одни сутки, если не сказано иное, и включают НДС."
    )

    d.add_heading("1. Сезоны", 1)
    d.add_paragraph(
        "Низкий сезон длится с 1 по 31 мая и с 1 по 30 сентября. Высокий сезон длится с 1 июня "
        "по 31 августа. С 1 октября по 30 апреля кемпинг закрыт, работают только домики-бочки "
        "по предварительной записи (по ценам низкого сезона)."
    )

    d.add_heading("2. Стоимость размещения", 1)
    d.add_paragraph("Цена за место или шатёр за сутки, руб.")
    rows = [
        ("Тип размещения", "Вместимость", "Низкий сезон", "Высокий сезон"),
        ("Место для палатки «Стандарт»", "до 2 человек", "900", "1 400"),
        ("Место для палатки «Семейное»", "до 4 человек", "1 200", "1 800"),
        ("Место для автодома до 7 м", "до 4 человек", "1 800", "2 600"),
        ("Место для автодома свыше 7 м", "до 6 человек", "2 300", "3 200"),
        ("Глэмпинг-шатёр «Лесной»", "2 взрослых", "4 500", "6 900"),
        ("Глэмпинг-шатёр «Семейный»", "2 взрослых + 2 детей", "6 200", "9 400"),
        ("Купольный шатёр «Сфера» с панорамным окном", "2 взрослых", "7 800", "11 500"),
        ("Домик-бочка с печкой", "до 4 человек", "5 600", "8 200"),
    ]
    t = d.add_table(rows=len(rows), cols=4)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph(
        "В стоимость глэмпинг-шатров и домиков-бочек входят постельное бельё, полотенца и "
        "завтрак. Место для палатки и автодома предоставляется без электричества; подключение "
        "оплачивается отдельно. Минимальный срок проживания в высокий сезон в выходные дни — "
        "2 ночи."
    )

    d.add_heading("3. Дополнительные услуги", 1)
    rows = [
        ("Услуга", "Единица", "Цена, руб."),
        ("Подключение к электричеству 16 А", "сутки", "350"),
        ("Подключение к электричеству 32 А", "сутки", "550"),
        ("Дрова берёзовые, сетка 10 кг", "сетка", "400"),
        ("Дрова берёзовые, тачка около 40 кг", "тачка", "1 300"),
        ("Аренда мангала с решёткой", "сутки", "500"),
        ("Лодка вёсельная", "1 час", "600"),
        ("Лодка вёсельная", "весь день (до 8 часов)", "2 500"),
        ("Каяк одноместный", "1 час", "700"),
        ("SUP-доска", "1 час", "800"),
        ("Проживание с собакой до 15 кг", "сутки", "300"),
        ("Проживание с собакой свыше 15 кг", "сутки", "600"),
        ("Дополнительный гость сверх вместимости", "сутки", "500"),
        ("Парковка второго автомобиля", "сутки", "250"),
    ]
    t = d.add_table(rows=len(rows), cols=3)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph(
        "Лодки и каяки выдаются на лодочной станции с 8:00 до 20:00 под залог паспорта или "
        "3 000 рублей. Спасательные жилеты выдаются бесплатно, выход на воду без жилета "
        "запрещён. Кошки проживают бесплатно."
    )

    d.add_heading("4. Правила кемпинга", 1)
    for s in [
        "Заезд с 14:00, выезд до 12:00. Поздний выезд до 18:00 оплачивается в размере 50% "
        "стоимости суток.",
        "Тихий час действует с 23:00 до 8:00: громкая музыка и работа генераторов в это время "
        "запрещены.",
        "Костры разрешено разводить только в оборудованных кострищах у каждого места. "
        "При особом противопожарном режиме костры запрещены полностью, можно пользоваться "
        "только мангалами на углях.",
        "Дети до 7 лет проживают бесплатно без предоставления отдельного спального места.",
        "Собаки допускаются только на поводке, не более двух собак на одно место. Владелец "
        "убирает за своим питомцем.",
        "Скорость движения автомобилей по территории — не более 5 км/ч.",
        "Купание разрешено только на оборудованном пляже с 9:00 до 20:00, когда дежурит спасатель.",
    ]:
        d.add_paragraph(s, style="List Number")

    d.add_heading("5. Бронирование и отмена", 1)
    d.add_paragraph(
        "При бронировании вносится предоплата 30% от стоимости проживания. Остаток оплачивается "
        "при заезде наличными или картой."
    )
    d.add_paragraph(
        "Если гость отменяет бронирование не позднее чем за 14 дней до заезда, предоплата "
        "возвращается полностью. При отмене за 7–13 дней до заезда удерживается половина "
        "предоплаты. При отмене менее чем за 7 дней до заезда или при неявке предоплата не "
        "возвращается."
    )
    d.add_paragraph(
        "Если на даты заезда МЧС объявляет штормовое предупреждение, гость может бесплатно "
        "перенести бронирование на любые свободные даты текущего сезона. Досрочный выезд по "
        "желанию гостя не даёт права на возврат оплаты за оставшиеся сутки."
    )
    d.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    wb = Workbook()
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.creator = "金桂宴会酒楼"
    wb.properties.title = "金桂宴会酒楼 宴会价目表 2025"
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "宴会价目"
    r = 1

    def put(row_values, b=False):
        nonlocal r
        for c, v in enumerate(row_values, 1):
            cell = ws.cell(row=r, column=c, value=v)
            if b:
                cell.font = bold
        r += 1

    put(["套餐名称", "桌型", "适用人数", "菜品数量（道）", "每桌价格（元）", "特色菜"], True)
    menus = [
        ("如意宴", "10人桌", "8–10人", 12, 1888, "白切鸡、清蒸鲈鱼"),
        ("如意宴", "12人桌", "11–12人", 14, 2288, "白切鸡、清蒸鲈鱼"),
        ("吉祥宴", "10人桌", "8–10人", 14, 2688, "烧鹅、蒜蓉蒸扇贝"),
        ("吉祥宴", "12人桌", "11–12人", 16, 3188, "烧鹅、蒜蓉蒸扇贝"),
        ("富贵宴", "10人桌", "8–10人", 16, 3888, "清蒸东星斑、脆皮乳鸽"),
        ("富贵宴", "12人桌", "11–12人", 18, 4588, "清蒸东星斑、脆皮乳鸽"),
        ("至尊宴", "10人桌", "8–10人", 18, 5888, "鲍汁扣辽参、上汤焗龙虾"),
        ("至尊宴", "12人桌", "11–12人", 20, 6888, "鲍汁扣辽参、上汤焗龙虾"),
    ]
    for m in menus:
        put(list(m))
    r += 1
    put(["酒水套餐"], True)
    put(["酒水套餐名称", "包含内容", "价格（元/桌）"], True)
    drinks = [
        ("基础酒水套餐", "啤酒12瓶、鲜榨橙汁2扎、矿泉水12瓶", 388),
        ("标准酒水套餐", "干红葡萄酒2瓶、啤酒12瓶、鲜榨橙汁2扎", 688),
        ("豪华酒水套餐", "52度白酒2瓶、干红葡萄酒2瓶、啤酒12瓶", 1288),
        ("无酒精套餐", "鲜榨果汁4扎、椰汁6瓶、矿泉水12瓶", 268),
    ]
    for x in drinks:
        put(list(x))
    r += 1
    put(["服务费与场地费"], True)
    put(["收费项目", "收费标准", "说明"], True)
    fees = [
        ("服务费（平日）", "菜品金额的10%", "酒水不收服务费"),
        ("服务费（法定节假日）", "菜品金额的15%", "含春节、国庆节、五一"),
        ("金桂厅场地费", "8000元/场", "最多30桌，不足20桌时收取"),
        ("银杏厅场地费", "3000元/场", "最多12桌，不足8桌时收取"),
        ("LED大屏", "800元/场", "含开场视频播放"),
        ("舞台灯光音响", "1200元/场", ""),
        ("婚礼主持人", "2000元/场", "需提前14天预约"),
        ("鲜花路引布置", "1500元起", "按花材另行报价"),
        ("自带酒水开瓶费", "50元/瓶", "仅限白酒和葡萄酒，啤酒免收"),
        ("延时费", "500元/小时", "晚宴超过22:00后收取"),
    ]
    for f in fees:
        put(list(f))
    for col, w in zip("ABCDEF", (22, 30, 26, 16, 16, 26)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("预订须知")
    ws2.append(["条款", "项目", "内容"])
    for c in ws2[1]:
        c.font = bold
    rules = [
        (1, "预订时间", "婚宴需至少提前30天预订；寿宴、满月宴、谢师宴需至少提前7天预订。"),
        (2, "定金", "预订时每桌收取定金500元；包场另付场地定金3000元。定金可抵扣宴会尾款。"),
        (3, "确认桌数", "请在宴会日前3天确认最终桌数，确认后减少的桌数不退款，增加桌数视厨房备料情况安排。"),
        (4, "取消政策", "宴会日前60天以上取消，全额退还定金；宴会日前30至60天取消，退还定金的50%；宴会日前30天以内取消，定金不予退还。"),
        (5, "改期", "每场宴会可免费改期一次，须在宴会日前15天提出，改期后不得再取消退款。"),
        (6, "备用桌", "可预留备用桌最多2桌，未开席不收费，开席按同档次套餐价收费。"),
        (7, "儿童", "身高1.2米以下儿童不占座位免费；占座位按成人计。"),
        (8, "营业时间", "午宴11:00–14:30，晚宴17:30–22:00。"),
        (9, "付款方式", "尾款于宴会结束当日结清，支持现金、银行卡、微信和支付宝，不接受支票。"),
        (10, "停车", "酒楼地下停车场免费，每桌最多提供2个车位。"),
    ]
    for x in rules:
        ws2.append(list(x))
    ws2.column_dimensions["B"].width = 14
    ws2.column_dimensions["C"].width = 90
    wb.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(out: Path) -> None:
    prs = Presentation()
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.title = "Riverside Aquatics Centre - Programme and Prices 2025"
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Riverside Aquatics Centre"
    s.placeholders[1].text = "Programme and prices, April 2025 – March 2026"

    def bullets(title, lines, notes=None):
        sl = prs.slides.add_slide(prs.slide_layouts[1])
        sl.shapes.title.text = title
        body = sl.placeholders[1]
        body.left, body.top, body.width, body.height = Inches(0.6), Inches(1.5), Inches(12), Inches(5.6)
        tf = body.text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            p = tf.add_paragraph()
            p.text = ln
        for p in tf.paragraphs:
            for run in p.runs:
                run.font.size = PPt(18)
        if notes:
            sl.notes_slide.notes_text_frame.text = notes
        return sl

    def table(title, rows, note=None, widths=None):
        sl = prs.slides.add_slide(prs.slide_layouts[5])
        sl.shapes.title.text = title
        n, m = len(rows), len(rows[0])
        shape = sl.shapes.add_table(n, m, Inches(0.5), Inches(1.4), Inches(12.3), Inches(0.4) * n)
        tb = shape.table
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                cell = tb.cell(i, j)
                cell.text = v
                for p in cell.text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(14)
        if widths:
            for j, w in enumerate(widths):
                tb.columns[j].width = Inches(w)
        if note:
            tx = sl.shapes.add_textbox(Inches(0.5), Inches(1.6) + Inches(0.4) * n, Inches(12.3), Inches(1))
            tx.text_frame.word_wrap = True
            tx.text_frame.text = note
            for p in tx.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
        return sl

    bullets("The centre", [
        "Main pool: 25 m, 8 lanes, depth 1.2 m to 2.0 m, water at 28 °C",
        "Teaching pool: 12 m × 8 m, depth 0.9 m, water at 32 °C",
        "Opening hours: Monday–Friday 6:00–22:00, Saturday and Sunday 7:00–20:00",
        "Last entry 45 minutes before closing; the pool is cleared 15 minutes before closing",
        "Closed on 25 and 26 December and 1 January",
    ])

    table("Children's swimming lessons (10-week term)", [
        ("Level", "Age", "Max. class size", "Lesson length", "Price per term"),
        ("Ducklings (parent and baby)", "6–18 months", "8 pairs", "30 min", "£85"),
        ("Otters (parent and toddler)", "18 months–3 years", "8 pairs", "30 min", "£85"),
        ("Stage 1", "4–5 years", "6 children", "30 min", "£95"),
        ("Stage 2", "5–7 years", "8 children", "30 min", "£95"),
        ("Stage 3", "6–9 years", "10 children", "45 min", "£110"),
        ("Stage 4", "7–11 years", "10 children", "45 min", "£110"),
        ("Junior Squad", "9–16 years", "14 children", "60 min", "£140"),
    ], note="Siblings get 10% off the second and any further child's term fee. Missed lessons are "
            "not refunded or carried over. Moving up a stage is decided by the teacher after an "
            "assessment in week 9.")

    table("Adult and private lessons", [
        ("Course", "Format", "Price"),
        ("Adult beginners", "8 weeks × 45 min, group of up to 8", "£96"),
        ("Adult improvers", "8 weeks × 45 min, group of up to 8", "£96"),
        ("Front crawl stroke clinic", "one 60-min session", "£18"),
        ("Private lesson, 1 swimmer", "30 min", "£28"),
        ("Private lesson, 2 swimmers", "30 min", "£38"),
        ("Private lesson block, 1 swimmer", "5 × 30 min", "£125"),
    ], note="Private lessons cancelled with less than 24 hours' notice are charged in full.")

    table("Memberships", [
        ("Membership", "Monthly (direct debit)", "Annual (paid upfront)", "Includes"),
        ("Adult Swim", "£34.00", "£340", "unlimited public swimming"),
        ("Adult Swim + Gym", "£49.00", "£490", "swimming, gym and aqua aerobics"),
        ("Concession (60+, students)", "£24.00", "£240", "unlimited public swimming"),
        ("Junior (under 16)", "£16.00", "£160", "public swimming; under 8s with a paying adult"),
        ("Family (2 adults + up to 3 children)", "£85.00", "£850", "unlimited public swimming"),
    ], note="A £20 joining fee applies to monthly memberships and is waived for annual ones. "
            "Monthly memberships need one full month's notice to cancel.")

    bullets("Pay as you go", [
        "Adult swim: £5.80",
        "Junior swim (under 16): £3.40",
        "Concession swim: £4.10",
        "Aqua aerobics class (45 min): £7.50",
        "Spectator on the balcony: free",
        "Towel hire: £2.50",
    ])

    table("Lane and pool hire (per hour)", [
        ("Area", "Peak", "Off-peak"),
        ("One lane of the main pool", "£48", "£36"),
        ("Whole main pool (8 lanes)", "£320", "£240"),
        ("Teaching pool", "£95", "£70"),
    ], note="Peak is Monday–Friday 17:00–21:00 and all day at weekends. Clubs affiliated to Swim "
            "England get 15% off. Hire must be booked at least 4 weeks ahead, and hirers of the "
            "whole pool bring their own qualified lifeguard.")

    bullets("Pool parties", [
        "Splash Party: 1 hour with the inflatable in the main pool + 45 minutes in the party room, "
        "up to 20 children — £195",
        "Mini Splash: 45 minutes in the teaching pool + 45 minutes in the party room, up to 12 "
        "children — £140",
        "Extra child above the limit: £8 each (Splash Party only, up to 25 children)",
        "Party food pack: £6.50 per child",
        "A £50 deposit secures the date and is not refundable",
    ], notes="Staff note: the inflatable needs two lifeguards on deck.")

    bullets("Rules and charges", [
        "Children under 8 must be in the water with a paying adult: one adult for up to two children under 8",
        "Swim hats are required for hair longer than shoulder length",
        "No outdoor shoes beyond the changing rooms",
        "Lockers take a £1 coin, returned when you open the locker",
        "Lost wristband: £5 replacement charge",
        "Diving is allowed only at the deep end (2.0 m) and only when a lifeguard permits it",
    ])
    prs.save(out)
    normalise_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial49/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial49"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "kemping_sosnovy_bereg.docx")
    make_xlsx(out / "jingui_banquet.xlsx")
    make_pptx(out / "riverside_aquatics.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
