#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 53 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- decor_agency_ru.docx      Russian wedding and event decor agency: decoration packages by
                            guests and season, decor rental, floristry, delivery and
                            set-up zones, booking, payment and cancellation
- appliance_repair_zh.xlsx  Chinese home appliance repair service: call-out fees by district,
                            repair prices and warranties by appliance and fault, spare
                            parts (sheet 1, three tables), service rules (sheet 2)
- riding_stables_en.pptx    English horse riding stables: lessons, trail rides, pony rides,
                            livery, memberships, age, weight and safety rules, booking and
                            cancellation

The trial's generator pinned core.xml's created and modified times but not the zip members'
times, and openpyxl stamps its save time as core.xml's modified time whatever was set; so
every zip member's time is pinned to the trial's save time (2026-12-06 13:23:20), and so is
the XLSX's modified time (2026-12-06T13:23:21Z), so the bytes match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial53.py benchmarks/devset/docs
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

FIXED = dt.datetime(2025, 3, 1, 10, 0, 0)
#: when the trial's files were saved (their zip members' times)
SAVED = (2026, 12, 6, 13, 23, 20)
#: the XLSX's core.xml modified time, which openpyxl sets at save
XLSX_MODIFIED = b"2026-12-06T13:23:21Z"


# ----------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.author = "Агентство «Белый Лотос»"
    d.core_properties.title = "Прайс-лист на оформление свадеб и мероприятий 2025"
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.last_modified_by = "trial53"
    d.core_properties.revision = 1
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
        return t

    d.add_heading("Агентство «Белый Лотос»: оформление свадеб и мероприятий", level=0)
    d.add_paragraph(
        "Прайс-лист действует с 1 марта 2025 года. Все цены указаны в рублях, НДС не облагается. "
        "Агентство работает в Москве и Московской области."
    )

    d.add_heading("1. Пакеты оформления", level=1)
    d.add_paragraph(
        "Пакет включает оформление зоны выездной регистрации, президиума молодожёнов и столов гостей, "
        "текстиль, свечи и работу декоратора в день мероприятия. Цена пакета зависит от числа гостей и сезона."
    )
    table(
        ["Пакет", "Число гостей", "Низкий сезон, руб.", "Высокий сезон, руб."],
        [
            ["«Камерный»", "до 30", "85 000", "110 000"],
            ["«Классика»", "31–60", "145 000", "185 000"],
            ["«Торжество»", "61–100", "220 000", "275 000"],
            ["«Гранд»", "101–150", "310 000", "390 000"],
        ],
    )
    d.add_paragraph(
        "Высокий сезон длится с 1 апреля по 31 октября, низкий сезон — с 1 ноября по 31 марта. "
        "На пятницу и субботу в высокий сезон к цене пакета добавляется надбавка 10 %. "
        "Для мероприятий более чем на 150 гостей смета составляется индивидуально."
    )

    d.add_heading("2. Аренда предметов декора", level=1)
    d.add_paragraph("Цены указаны за одни сутки аренды. Предметы, которые продаются погонными метрами, режутся по месту.")
    table(
        ["Позиция", "Единица", "Цена, руб."],
        [
            ["Арка свадебная металлическая круглая, 2,2 м", "шт.", "6 500"],
            ["Арка деревянная прямоугольная, 2,4 м", "шт.", "7 800"],
            ["Стул «Кьявари» белый", "шт.", "350"],
            ["Стул «Кьявари» золотой", "шт.", "420"],
            ["Чехол на стул со стяжкой", "шт.", "150"],
            ["Скатерть круглая белая, диаметр 3 м", "шт.", "600"],
            ["Подсвечник напольный, 1,2 м", "шт.", "900"],
            ["Гирлянда светодиодная, тёплый свет", "пог. м", "180"],
            ["Драпировка из шифона", "пог. м", "320"],
            ["Ковровая дорожка белая", "пог. м", "450"],
            ["Фотозона «Неон» с надписью", "шт.", "12 000"],
        ],
    )

    d.add_heading("3. Флористика", level=1)
    table(
        ["Услуга", "Цена, руб.", "Примечание"],
        [
            ["Букет невесты", "от 6 500", "из сезонных цветов"],
            ["Бутоньерка жениха", "900", "в тон букета"],
            ["Композиция на стол гостей, низкая", "2 800", "высота до 25 см"],
            ["Композиция на стол гостей, высокая на подставке", "4 900", "высота 70–90 см"],
            ["Оформление арки живыми цветами", "18 000", "с одной стороны арки"],
            ["Лепестки роз для церемонии, 1 кг", "3 200", "около 2 000 лепестков"],
        ],
    )
    d.add_paragraph(
        "Пионы доступны с 20 мая по 10 июля; в остальное время пионы заменяются пионовидными розами без доплаты. "
        "Флорист приезжает на площадку за 4 часа до начала мероприятия."
    )

    d.add_heading("4. Доставка, монтаж и демонтаж", level=1)
    table(
        ["Зона", "Расстояние от МКАД", "Доставка, руб.", "Монтаж и демонтаж, руб."],
        [
            ["Зона 1", "в пределах МКАД", "3 000", "9 000"],
            ["Зона 2", "до 30 км", "5 500", "11 000"],
            ["Зона 3", "31–60 км", "8 000", "13 500"],
            ["Зона 4", "61–100 км", "12 000", "16 000"],
        ],
    )
    d.add_paragraph(
        "За каждый километр дальше 100 км от МКАД доставка стоит 60 руб./км. "
        "Ночной демонтаж (после 23:00) оплачивается дополнительно — 4 500 руб. "
        "Подъём без лифта выше второго этажа — 500 руб. за каждый этаж."
    )

    d.add_heading("5. Бронирование, оплата и отмена", level=1)
    d.add_paragraph(
        "Для бронирования даты вносится задаток в размере 30 % от стоимости заказа в течение 3 рабочих дней "
        "после подписания договора. Оставшаяся сумма оплачивается не позднее чем за 10 дней до мероприятия. "
        "Минимальная сумма заказа — 40 000 руб."
    )
    d.add_paragraph(
        "Оплата принимается банковским переводом, картой или наличными в офисе агентства. "
        "Залог за арендованные предметы не берётся, но за повреждённые или утерянные предметы декора "
        "клиент возмещает их полную стоимость по каталогу."
    )
    d.add_paragraph(
        "При отмене мероприятия более чем за 60 дней задаток возвращается полностью за вычетом "
        "административного сбора 5 000 руб. При отмене за 30–60 дней возвращается 50 % задатка. "
        "При отмене менее чем за 30 дней до мероприятия задаток не возвращается. "
        "Перенос даты возможен один раз бесплатно, если о нём сообщено не позднее чем за 45 дней."
    )
    d.save(path)


# ----------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "快修家电服务中心"
    wb.properties.title = "家电维修价目表"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "收费标准"
    r = 1

    def block(title, headers, rows):
        nonlocal r
        ws.cell(row=r, column=1, value=title).font = bold
        r += 1
        for i, h in enumerate(headers, 1):
            ws.cell(row=r, column=i, value=h).font = bold
        r += 1
        for row in rows:
            for i, v in enumerate(row, 1):
                ws.cell(row=r, column=i, value=v)
            r += 1
        r += 1  # blank row

    block(
        "一、上门费（按区域）",
        ["区域", "上门费（元）", "备注"],
        [
            ["朝阳区", 30, "四环以内"],
            ["海淀区", 30, "四环以内"],
            ["东城区", 35, ""],
            ["西城区", 35, ""],
            ["丰台区", 40, ""],
            ["大兴区", 50, ""],
            ["通州区", 60, ""],
            ["昌平区", 60, "回龙观、天通苑除外（按40元）"],
        ],
    )
    block(
        "二、维修价格（按家电类型和故障）",
        ["家电类型", "故障", "维修费（元）", "保修期（天）"],
        [
            ["空调", "不制冷，加氟（R32）", 280, 90],
            ["空调", "不制冷，加氟（R410A）", 320, 90],
            ["空调", "室内机漏水", 150, 30],
            ["空调", "清洗保养（挂机）", 120, 0],
            ["空调", "清洗保养（柜机）", 180, 0],
            ["洗衣机", "不排水", 160, 60],
            ["洗衣机", "不脱水", 180, 60],
            ["洗衣机", "更换滚筒轴承", 380, 180],
            ["冰箱", "不制冷（压缩机故障）", 650, 365],
            ["冰箱", "冷藏室结冰", 220, 90],
            ["燃气热水器", "不点火", 200, 90],
            ["电热水器", "内胆漏水", 450, 180],
            ["油烟机", "吸力弱，清洗", 160, 30],
            ["微波炉", "不加热", 190, 90],
        ],
    )
    block(
        "三、常用配件价格",
        ["配件", "适用家电", "单价（元）", "配件保修（月）"],
        [
            ["压缩机（1匹）", "空调", 1150, 12],
            ["压缩机（1.5匹）", "空调", 1380, 12],
            ["冰箱压缩机", "冰箱", 980, 12],
            ["排水泵", "洗衣机", 135, 6],
            ["电脑板", "洗衣机", 420, 6],
            ["温控器", "电热水器", 85, 6],
            ["通用遥控器", "空调", 45, 3],
            ["冷媒R32（每公斤）", "空调", 120, 0],
        ],
    )
    ws.cell(row=r, column=1, value="注：保修期为0表示该项目不提供保修。以上价格不含配件费，配件另按第三部分收费。")
    for col, w in zip("ABCD", (22, 26, 14, 16)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("服务规则")
    rows2 = [
        ["项目", "内容"],
        ["工作时间（周一至周五）", "8:00–20:00"],
        ["工作时间（周六、周日）", "9:00–18:00"],
        ["法定节假日", "10:00–16:00，仅接急修"],
        ["加急上门（下单后2小时内到达）", "另加收80元"],
        ["夜间上门（20:00–23:00）", "另加收120元"],
        ["节假日上门", "上门费按双倍收取"],
        ["付款方式", "微信、支付宝、银行卡、现金"],
        ["付款时间", "维修完成并试机合格后付款"],
        ["报价确认", "师傅检测后先报价，客户同意后再维修；客户不维修只收上门费"],
        ["发票", "可开具电子普通发票，须在维修后30天内申请"],
        ["旧配件", "更换下来的旧配件当场交还客户"],
        ["保修说明", "保修期内同一故障免费返修；人为损坏、进水和私自拆修不在保修范围内"],
    ]
    for i, row in enumerate(rows2, 1):
        for j, v in enumerate(row, 1):
            c = ws2.cell(row=i, column=j, value=v)
            if i == 1:
                c.font = bold
    ws2.column_dimensions["A"].width = 30
    ws2.column_dimensions["B"].width = 60
    wb.save(path)


# ----------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.core_properties.author = "Oakridge Riding Stables"
    prs.core_properties.title = "Oakridge Riding Stables - Prices and Rules 2025"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.last_modified_by = "trial53"
    prs.core_properties.revision = 1

    title_layout = prs.slide_layouts[0]
    bullets_layout = prs.slide_layouts[1]
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Oakridge Riding Stables"
    s.placeholders[1].text = "Prices and rules, season 2025 (valid from 1 March 2025)"

    def bullet_slide(title, lines):
        s = prs.slides.add_slide(bullets_layout)
        s.shapes.title.text = title
        tf = s.placeholders[1].text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            tf.add_paragraph().text = ln
        for p in tf.paragraphs:
            for run in p.runs:
                run.font.size = PPt(18)
        return s

    def table_slide(title, headers, rows, note=None):
        s = prs.slides.add_slide(title_only)
        s.shapes.title.text = title
        height = Inches(0.4) * (len(rows) + 1)
        shape = s.shapes.add_table(len(rows) + 1, len(headers), Inches(0.4), Inches(1.5), Inches(9.2), height)
        t = shape.table
        for i, h in enumerate(headers):
            t.cell(0, i).text = h
        for r, row in enumerate(rows, 1):
            for i, v in enumerate(row):
                t.cell(r, i).text = v
        for row in t.rows:
            for cell in row.cells:
                for p in cell.text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(13)
        if note:
            tb = s.shapes.add_textbox(Inches(0.4), Inches(1.7) + height, Inches(9.2), Inches(1.0))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(13)
        return s

    table_slide(
        "Riding lessons",
        ["Lesson", "30 min", "45 min", "60 min"],
        [
            ["Beginner group (max 4 riders)", "£28", "£38", "£48"],
            ["Beginner private", "£45", "£60", "£75"],
            ["Intermediate group (max 4 riders)", "£32", "£42", "£54"],
            ["Advanced jumping group", "—", "£50", "£65"],
            ["Advanced private", "£55", "£72", "£90"],
        ],
        note="Prices per rider. A course of 6 lessons booked and paid together gets the 6th lesson free.",
    )
    table_slide(
        "Trail rides",
        ["Route", "Duration", "Level", "Price per rider"],
        [
            ["Meadow Loop", "1 hour", "All levels", "£40"],
            ["Bluebell Woods", "1.5 hours", "All levels", "£55"],
            ["Ridgeway View", "2 hours", "Intermediate and above", "£70"],
            ["Hilltop Canter", "2 hours", "Advanced only", "£80"],
            ["Valley Trek with pub lunch", "6 hours", "Intermediate and above", "£165"],
        ],
        note="Trail rides leave at 10:00 and 14:00; the Valley Trek leaves at 9:30. Groups of up to 6 riders with one guide.",
    )
    bullet_slide(
        "Pony rides for children",
        [
            "Lead-rein pony rides for children aged 3 to 7",
            "15 minutes: £12; 30 minutes: £20",
            "A parent or guardian walks alongside and leads the pony with our staff",
            "Maximum weight for pony rides: 35 kg",
            "Birthday pony party: up to 8 children, 90 minutes, £210",
        ],
    )
    table_slide(
        "Livery (per month)",
        ["Livery type", "Price per month", "What is included"],
        [
            ["Grass livery", "£180", "Field, water, daily check"],
            ["DIY livery", "£260", "Stable and field; the owner does all care"],
            ["Part livery", "£420", "Turnout, feeding and mucking out on weekdays"],
            ["Full livery", "£650", "All care plus exercise 3 times a week"],
        ],
        note="Hay and hard feed are charged at cost for grass and DIY livery. Minimum contract 3 months; one month's notice.",
    )
    table_slide(
        "Memberships",
        ["Membership", "Monthly fee", "Benefits"],
        [
            ["Bronze", "£35", "10% off lessons"],
            ["Silver", "£60", "15% off lessons and one free 30-minute group lesson a month"],
            ["Gold", "£95", "20% off lessons and trail rides, priority booking"],
        ],
        note="Memberships run for at least 6 months. Discounts do not apply to pony rides or livery.",
    )
    bullet_slide(
        "Age, weight and safety rules",
        [
            "Minimum age for lessons and trail rides: 6 years (pony rides from 3 years)",
            "Maximum rider weight: 95 kg for lessons, 89 kg for trail rides",
            "Riding hats to PAS015 or VG1 standard are compulsory; we lend hats free of charge",
            "Wear boots with a small heel; trainers and wellingtons are not allowed",
            "Riders under 16 need a consent form signed by a parent",
            "Body protectors are compulsory in jumping lessons",
        ],
    )
    bullet_slide(
        "Booking and cancellation",
        [
            "Book online or call 01632 960481; payment is taken when you book",
            "Cancel 48 hours or more before: full refund",
            "Cancel 24 to 48 hours before: 50% refund",
            "Less than 24 hours or no-show: no refund",
            "Rides we cancel because of bad weather are refunded in full or rebooked",
            "Please arrive 20 minutes before your lesson or ride",
            "Open Tuesday to Sunday, 8:00 to 18:00; closed on Mondays",
        ],
    )
    prs.save(path)


def normalize_zip(path: Path, modified: bytes | None = None) -> None:
    """Rewrite the zip with the trial's member times (and, given, core.xml's modified time)
    so that the bytes are reproducible; members' order, attributes and compression are kept."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            if modified is not None and info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>" + modified + rb"\g<2>", data)
            zi = zipfile.ZipInfo(info.filename, date_time=SAVED)
            zi.compress_type = info.compress_type
            zi.external_attr = info.external_attr
            z.writestr(zi, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial53/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial53"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "decor_agency_ru.docx")
    make_xlsx(out / "appliance_repair_zh.xlsx")
    make_pptx(out / "riding_stables_en.pptx")
    normalize_zip(out / "decor_agency_ru.docx")
    normalize_zip(out / "appliance_repair_zh.xlsx", XLSX_MODIFIED)
    normalize_zip(out / "riding_stables_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
