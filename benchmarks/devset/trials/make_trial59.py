#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 59 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- peretyazhka_ru.docx     Russian furniture-upholstery workshop: reupholstery labour by
                          item with fabric use in running metres, fabrics by category per
                          running metre, filling and frame repairs, collection and delivery
                          by distance for armchairs and sofas, rules on prepayment, lead
                          times, warranty, storage, unclaimed furniture and visits (5.1-5.7)
- jiazheng_zh.xlsx        Chinese domestic-helper agency: nannies, maternity nurses, cleaners,
                          hourly helpers and elderly carers by level with experience, monthly
                          wage, agency fee, free trial days and free replacements (sheet
                          服务价目), rules on contract length, deposit, fee refunds,
                          replacements, leave, overtime, insurance, health checks and wage
                          payment (sheet 服务规则)
- coach_charter_en.pptx   English coach and minibus charter: fleet with seats, hourly and
                          full-day rates, mileage bands, driver hours and overnight allowance,
                          airport transfers by zone, waiting time, deposits, cancellation
                          charges, cleaning and other fees

The trial's generator pinned core.xml's created and modified times but not the zip members'
times, and openpyxl stamps its save time as core.xml's modified time whatever was set; so
every zip member's time is pinned to the trial's save time (2026-12-06 23:25:14, a zip time
being even seconds), and so is the XLSX's modified time (2026-12-06T23:25:15Z), so the bytes
match the trial's files, as in trial 57.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial59.py benchmarks/devset/docs
"""
import datetime
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from openpyxl import Workbook
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = datetime.datetime(2025, 3, 1, 12, 0, 0)
#: when the trial's files were saved (their zip members' times)
SAVED = (2026, 12, 6, 23, 25, 14)
#: the XLSX's core.xml modified time, which openpyxl sets at save
XLSX_MODIFIED = b"2026-12-06T23:25:15Z"


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.author = "Мастерская «Уютный диван»"
    d.add_heading("Мастерская перетяжки мебели «Уютный диван»: прейскурант и правила", 0)
    d.add_paragraph("Прейскурант действует с 1 марта 2025 года. Цены указаны в рублях за работу, "
                    "без стоимости ткани, если не сказано иное. Адрес мастерской: г. Казань, ул. Техническая, 14.")
    d.add_heading("1. Перетяжка мягкой мебели (работа)", 1)
    rows = [
        ("Диван прямой двухместный (до 160 см)", "14 500", "12–14"),
        ("Диван прямой трёхместный (160–220 см)", "18 900", "14–18"),
        ("Диван угловой (до 280 см по длинной стороне)", "27 400", "20–25"),
        ("Диван угловой большой (свыше 280 см)", "34 800", "25–30"),
        ("Диван-кровать «книжка»", "16 200", "13–15"),
        ("Кресло классическое с подлокотниками", "8 600", "5–6"),
        ("Кресло-реклайнер", "11 300", "6–7"),
        ("Кресло «ушастое» (каминное)", "9 900", "6–7"),
        ("Стул: только сиденье", "1 900", "0,6"),
        ("Стул: сиденье и спинка", "3 200", "1,2"),
        ("Пуф круглый (диаметр до 60 см)", "2 700", "1,5"),
        ("Изголовье кровати (ширина до 180 см)", "7 400", "3–4"),
    ]
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    h = t.rows[0].cells
    h[0].text = "Изделие"
    h[1].text = "Цена работы, руб."
    h[2].text = "Расход ткани, пог. м"
    for r in rows:
        c = t.add_row().cells
        for i, v in enumerate(r):
            c[i].text = v
    d.add_paragraph("Перетяжка кожей и экокожей — с наценкой 35% к цене работы. "
                    "Перетяжка с каретной стяжкой (капитоне) — плюс 4 200 руб. за каждую сторону изделия.")
    d.add_heading("2. Ткани (цена за погонный метр, ширина рулона 140 см)", 1)
    fabrics = [
        ("Категория 1", "Рогожка, велюр эконом", "890"),
        ("Категория 2", "Шенилл, микровелюр", "1 450"),
        ("Категория 3", "Жаккард, флок с защитой «антикоготь»", "2 100"),
        ("Категория 4", "Экокожа, рогожка премиум", "2 950"),
        ("Категория 5", "Натуральная кожа (за кв. м)", "6 800"),
    ]
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    h = t.rows[0].cells
    h[0].text = "Категория"
    h[1].text = "Примеры тканей"
    h[2].text = "Цена, руб./пог. м"
    for r in fabrics:
        c = t.add_row().cells
        for i, v in enumerate(r):
            c[i].text = v
    d.add_paragraph("Ткань клиента принимается в работу при наличии запаса не менее 10% от расчётного расхода; "
                    "за работу с тканью клиента гарантия на ткань не даётся.")
    d.add_heading("3. Замена наполнителя и ремонт каркаса", 1)
    repairs = [
        ("Замена поролона в сиденье дивана (ППУ плотностью 35 кг/м³)", "4 800 за посадочное место"),
        ("Замена поролона на высокоэластичный HR (плотность 40 кг/м³)", "6 300 за посадочное место"),
        ("Замена поролона в сиденье стула", "900"),
        ("Замена змеек (пружин «змейка») в диване", "3 500"),
        ("Замена пружинного блока «боннель» в диване", "9 700"),
        ("Ремонт каркаса: склейка и усиление соединений", "2 600"),
        ("Ремонт каркаса: замена сломанного бруса", "3 900 за брус"),
        ("Замена механизма трансформации «книжка»", "7 800 без стоимости механизма"),
    ]
    t = d.add_table(rows=1, cols=2)
    t.style = "Table Grid"
    h = t.rows[0].cells
    h[0].text = "Работа"
    h[1].text = "Цена, руб."
    for r in repairs:
        c = t.add_row().cells
        for i, v in enumerate(r):
            c[i].text = v
    d.add_heading("4. Вывоз и доставка мебели", 1)
    deliv = [
        ("В пределах города", "1 500", "2 000"),
        ("До 20 км за городом", "2 400", "3 100"),
        ("20–50 км за городом", "3 600", "4 500"),
        ("Свыше 50 км", "3 600 + 45 руб./км", "4 500 + 55 руб./км"),
    ]
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    h = t.rows[0].cells
    h[0].text = "Расстояние"
    h[1].text = "Кресло, стулья (в одну сторону), руб."
    h[2].text = "Диван (в одну сторону), руб."
    for r in deliv:
        c = t.add_row().cells
        for i, v in enumerate(r):
            c[i].text = v
    d.add_paragraph("Подъём на этаж без лифта — 300 руб. за этаж за диван и 150 руб. за этаж за кресло. "
                    "При заказе перетяжки на сумму от 40 000 руб. вывоз и доставка в пределах города бесплатны.")
    d.add_heading("5. Правила работы", 1)
    for p in [
        "5.1. Предоплата составляет 50% стоимости работ и 100% стоимости ткани при оформлении заказа.",
        "5.2. Срок выполнения заказа — от 7 до 14 рабочих дней с момента внесения предоплаты; "
        "для угловых диванов — до 21 рабочего дня. Срочное выполнение за 3 рабочих дня — с наценкой 30%.",
        "5.3. Гарантия на работу (швы, крепление ткани, каркас после ремонта) — 12 месяцев.",
        "5.4. Гарантия на ткань, купленную в мастерской, — 6 месяцев; на натуральную кожу — 12 месяцев. "
        "Гарантия не распространяется на повреждения когтями животных, кроме тканей с защитой «антикоготь».",
        "5.5. Готовую мебель необходимо забрать в течение 10 календарных дней после уведомления. "
        "Начиная с 11-го дня взимается плата за хранение: 250 руб. в сутки за диван и 120 руб. в сутки за кресло или стул.",
        "5.6. Мебель, не востребованная в течение 90 дней, может быть реализована в счёт погашения задолженности "
        "после письменного уведомления клиента.",
        "5.7. Выезд мастера на замер и подбор ткани бесплатен в пределах города; за городом — 800 руб., "
        "засчитываются в стоимость заказа.",
    ]:
        d.add_paragraph(p)
    d.save(path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.creator = "安心家政"
    ws = wb.active
    ws.title = "服务价目"
    ws.append(["服务类别", "经验等级", "从业年限", "月工资（元）", "中介服务费（元）", "免费试工天数", "免费更换次数"])
    data = [
        ("育儿嫂（住家）", "初级", "1–2年", 6500, 1300, 3, 2),
        ("育儿嫂（住家）", "中级", "3–5年", 8200, 1600, 3, 3),
        ("育儿嫂（住家）", "高级", "5年以上", 10500, 2000, 5, 3),
        ("育儿嫂（白班）", "中级", "3–5年", 6800, 1400, 3, 2),
        ("月嫂（26天）", "三星", "带过10个宝宝以上", 9800, 1800, 1, 1),
        ("月嫂（26天）", "五星", "带过30个宝宝以上", 14800, 2600, 1, 2),
        ("月嫂（26天）", "金牌", "带过50个宝宝以上，持高级证书", 19800, 3200, 1, 2),
        ("保洁员（住家）", "初级", "1年以上", 5200, 1000, 3, 2),
        ("保洁员（白班）", "中级", "3年以上", 4800, 900, 3, 2),
        ("钟点工", "不分级", "—", "45元/小时（4小时起）", 0, 0, "不限"),
        ("老人陪护（住家）", "中级", "3年以上", 7600, 1500, 3, 2),
    ]
    for r in data:
        ws.append(list(r))
    ws2 = wb.create_sheet("服务规则")
    ws2.append(["条款", "规定"])
    rules = [
        ("合同期限", "家政服务合同期限最短3个月，最长12个月；月嫂合同按26天一个周期签订。"),
        ("押金", "签约时客户缴纳押金2000元，合同期满且无违约时全额退还。"),
        ("中介费退款", "试工期内不满意且未签约的，中介服务费全额退还；签约后30天内解约退还50%，30天后不予退还。"),
        ("更换规则", "合同期内客户可按上表次数免费更换服务人员，超出次数每次收取300元更换费；更换人员须在3个工作日内到岗。"),
        ("休假", "住家服务人员每月休息4天，具体日期由双方协商；春节期间（除夕至初五）如需留岗，按日工资3倍支付。"),
        ("加班费", "白班服务人员每天工作8小时，超出部分按每小时50元计算加班费；法定节假日上岗按日工资2倍支付。"),
        ("保险", "公司为每位服务人员投保意外伤害险，保额50万元，保费由公司承担；雇主责任险每年360元，由客户承担。"),
        ("体检", "所有服务人员上岗前须提供三甲医院出具的健康体检报告，有效期6个月。"),
        ("工资支付", "工资由客户每月5日前直接支付给服务人员，公司不代收代付。"),
    ]
    for r in rules:
        ws2.append(list(r))
    wb.save(path)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    p = Presentation()

    def title_body(title, lines):
        s = p.slides.add_slide(p.slide_layouts[1])
        s.shapes.title.text = title
        tf = s.placeholders[1].text_frame
        tf.text = lines[0]
        for line in lines[1:]:
            tf.add_paragraph().text = line
        return s

    def table_slide(title, header, rows, widths=None):
        s = p.slides.add_slide(p.slide_layouts[5])
        s.shapes.title.text = title
        shp = s.shapes.add_table(len(rows) + 1, len(header), Inches(0.4), Inches(1.6), Inches(9.2), Inches(0.4) * (len(rows) + 1))
        tb = shp.table
        for j, h in enumerate(header):
            tb.cell(0, j).text = h
        for i, r in enumerate(rows, 1):
            for j, v in enumerate(r):
                tb.cell(i, j).text = v
                for para in tb.cell(i, j).text_frame.paragraphs:
                    for run in para.runs:
                        run.font.size = PPt(12)
        return s

    s = p.slides.add_slide(p.slide_layouts[0])
    s.shapes.title.text = "Harbourline Coaches — Charter Price Guide 2025"
    s.placeholders[1].text = "Coach and minibus hire with driver. Prices in GBP, VAT included. Valid 1 April 2025 – 31 March 2026."
    table_slide("Our fleet and hire rates",
                ["Vehicle", "Seats", "Hourly rate (min. 3 h)", "Full day (up to 10 h)"],
                [["Executive car (Mercedes E-Class)", "3", "£48", "£420"],
                 ["Minibus Standard (Ford Transit)", "16", "£62", "£540"],
                 ["Minibus Luxury (Mercedes Sprinter)", "19", "£74", "£640"],
                 ["Midi coach", "33", "£88", "£760"],
                 ["Standard coach", "49", "£105", "£890"],
                 ["Executive coach (toilet, Wi-Fi)", "53", "£128", "£1,080"],
                 ["Double-decker coach", "72", "£165", "£1,390"]])
    table_slide("Mileage bands (added to the hire rate)",
                ["Miles driven per day", "Minibus", "Coach (33–53 seats)", "Double-decker"],
                [["First 100 miles", "included", "included", "included"],
                 ["101–250 miles", "£1.10 per mile", "£1.60 per mile", "£2.10 per mile"],
                 ["251–400 miles", "£0.95 per mile", "£1.40 per mile", "£1.85 per mile"],
                 ["Over 400 miles", "£0.85 per mile", "£1.25 per mile", "£1.70 per mile"]])
    title_body("Driver hours and overnight trips", [
        "A driver may drive at most 9 hours a day; journeys needing longer days require a second driver at £260 per day.",
        "Driver overnight allowance: £95 per night when the hirer does not provide the driver's accommodation.",
        "If the hirer books the driver's single room (with breakfast and parking for the vehicle), no allowance is charged.",
        "Multi-day tours: the vehicle's full-day rate applies to each day, including days the vehicle stands idle at the destination."])
    table_slide("Airport transfers (one way, fixed price)",
                ["Zone", "Area", "Minibus (16–19 seats)", "Coach (49 seats)"],
                [["Zone A", "City centre, up to 10 miles from the airport", "£135", "£240"],
                 ["Zone B", "10–25 miles", "£185", "£320"],
                 ["Zone C", "25–50 miles", "£260", "£430"],
                 ["Zone D", "50–80 miles", "£340", "£560"]])
    title_body("Waiting time and flight delays", [
        "Airport transfers include 60 minutes of free waiting from the actual landing time.",
        "After that, waiting time is charged at £30 per 30 minutes or part thereof for minibuses and £45 per 30 minutes for coaches.",
        "On other hires, waiting beyond the booked hours is charged at the vehicle's hourly rate in 15-minute units."])
    title_body("Deposits and payment", [
        "A deposit of 25% of the quoted price secures the booking; the balance is due 14 days before departure.",
        "Bookings made less than 14 days before departure must be paid in full at booking.",
        "A refundable damage deposit of £200 applies to student groups, stag and hen parties; it is returned within 7 days after the hire."])
    table_slide("Cancellation charges",
                ["Notice given before departure", "Charge (% of total price)"],
                [["More than 30 days", "Deposit only is retained"],
                 ["15–30 days", "50%"],
                 ["8–14 days", "75%"],
                 ["7 days or less", "100%"]])
    title_body("Cleaning, soiling and other fees", [
        "Standard cleaning after each hire is included in the price.",
        "Excessive soiling (food, drink spills, glitter or confetti): £150 cleaning fee.",
        "Bodily fluids (vomit): £250 cleaning fee plus loss of earnings if the vehicle cannot operate its next booking.",
        "Smoking or vaping on board: £300 fine.",
        "Child seats: £12 each per hire, subject to availability (book at least 48 hours ahead)."])
    p.save(path)


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
    # the development set's docs folder (fetch.py passes it); the files go to its trial59/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial59"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "peretyazhka_ru.docx")
    make_xlsx(out / "jiazheng_zh.xlsx")
    make_pptx(out / "coach_charter_en.pptx")
    normalize_zip(out / "peretyazhka_ru.docx")
    normalize_zip(out / "jiazheng_zh.xlsx", XLSX_MODIFIED)
    normalize_zip(out / "coach_charter_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
