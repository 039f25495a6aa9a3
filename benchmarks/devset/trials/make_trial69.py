#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 69 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- barier_eko_prajs_2026.docx      Russian pest-control service «Барьер-Эко» in Yekaterinburg:
                                  price list and terms from 1 October 2026; flats (studio to
                                  4 rooms) against cockroaches and bedbugs with the warranty
                                  in months (footnote: flats over 120 m² after inspection;
                                  ants, moths and fleas priced by the dispatcher), private
                                  houses, dachas and commercial premises per m² in three area
                                  tiers (insects, rodents, disinfection; minimum order 4 000
                                  rubles), plots against ticks and mosquitoes by size in sotkas,
                                  surcharges (beyond the ring road per km, urgent call
                                  +1 000, night work +20 %, cold fog, repeat treatment -30 %),
                                  terms as bullets (warranty, discounts, preparation, payment,
                                  a 500-ruble late-cancellation fine)
- yunding_paragliding_2026.xlsx   Chinese paragliding base 云顶滑翔伞飞行基地: four tandem flights
                                  with duration, take-off altitude, price per person and aerial
                                  video, then notes 注1-4 (weight 30-100 kg, age from 6,
                                  video package, insurance; sheet 双人体验飞行), four pilot
                                  courses with level, days, fee and what is included, then
                                  three note sentences (sheet 培训课程), wing (EN-A, EN-B),
                                  harness, helmet and radio rental by half day, full day and
                                  deposit, then booking and cancellation rules (weather,
                                  cancellation fee, hours, groups, address; sheet 装备租赁与须知)
- harmony_keys_piano_rates.pptx   English piano tuning and repair service Harmony Keys in
                                  Portland: a title slide, tuning rates (five instruments,
                                  standard and with a pitch raise, typical time), repairs and
                                  regulation (seven services with unit and price; appraisals
                                  on request), travel zones 1-4 (beyond 60 miles by
                                  arrangement) and booking terms (evening and weekend
                                  surcharge, cancellation fee, discounts, payment)

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-20 09:00:00, the members in the order the library wrote them), the core properties'
created and modified times and core.xml's modified time after saving (openpyxl's save-time
stamp overwritten), so the bytes match the trial's files without further pinning; its
normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial69.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import os
import re
import sys
import zipfile

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)
ZIP_TIME = (2026, 11, 20, 9, 0, 0)


def normalize_zip(path):
    """Rewrite a zip with fixed entry timestamps (python-docx & co. stamp the current time)."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    # openpyxl stamps dcterms:modified with the time of saving: pin it too
    items = [(i, re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                        rb"\g<1>2026-11-20T09:00:00Z\g<2>", data)
              if i.filename == "docProps/core.xml" else data) for i, data in items]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            z.writestr(zi, data)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path):
    d = Document()
    cp = d.core_properties
    cp.author = "ООО «Барьер-Эко»"
    cp.title = "Прайс-лист и условия обслуживания «Барьер-Эко» 2026"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "ООО «Барьер-Эко»"
    cp.revision = 1

    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    d.add_heading("Служба дезинсекции и дератизации «Барьер-Эко»", level=1)
    d.add_paragraph("Прайс-лист и условия обслуживания. Действует с 1 октября 2026 года. "
                        "г. Екатеринбург, ул. Монтажников, 14, офис 3.")
    d.add_paragraph("Работаем ежедневно с 8:00 до 22:00, заявки по телефону +7 (343) 200-41-18. "
                    "Используем препараты 4 класса опасности (малоопасные), имеющие государственную "
                    "регистрацию. Выезд специалиста по городу в пределах ЕКАД бесплатный.")

    d.add_heading("1. Обработка квартир от тараканов и клопов", level=2)
    rows = [
        ("Тип квартиры", "Тараканы, руб.", "Клопы, руб.", "Гарантия, мес."),
        ("Студия до 30 м²", "2 400", "3 200", "3"),
        ("1-комнатная квартира", "2 900", "3 800", "3"),
        ("2-комнатная квартира", "3 400", "4 500", "3"),
        ("3-комнатная квартира", "3 900", "5 300", "6"),
        ("4-комнатная квартира", "4 500", "6 100", "6"),
    ]
    t = d.add_table(rows=len(rows), cols=4)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph("* Стоимость обработки квартир площадью более 120 м² рассчитывается "
                    "индивидуально после осмотра. Обработка от муравьёв, моли и блох выполняется "
                    "по запросу, стоимость сообщает диспетчер.")

    d.add_heading("2. Частные дома, дачи и коммерческие помещения", level=2)
    d.add_paragraph("Цена указана за 1 м² обрабатываемой площади.")
    rows = [
        ("Вид обработки", "до 100 м²", "101–300 м²", "свыше 300 м²"),
        ("Дезинсекция (насекомые)", "45 руб./м²", "38 руб./м²", "30 руб./м²"),
        ("Дератизация (крысы и мыши)", "52 руб./м²", "44 руб./м²", "35 руб./м²"),
        ("Дезинфекция (плесень, бактерии)", "60 руб./м²", "51 руб./м²", "42 руб./м²"),
    ]
    t = d.add_table(rows=len(rows), cols=4)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph("Минимальная сумма заказа для частного дома или дачи — 4 000 руб. "
                    "Для организаций заключаем договор на ежемесячное обслуживание; "
                    "оплата по безналичному расчёту, закрывающие документы — акт и счёт-фактура.")

    d.add_heading("3. Обработка участка от клещей и комаров", level=2)
    rows = [
        ("Площадь участка", "От клещей, руб.", "От комаров, руб."),
        ("до 6 соток", "2 800", "3 100"),
        ("6–10 соток", "3 600", "3 900"),
        ("10–15 соток", "4 700", "5 000"),
        ("15–20 соток", "5 600", "6 000"),
    ]
    t = d.add_table(rows=len(rows), cols=3)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v
    d.add_paragraph("** Защитное действие обработки от клещей сохраняется 45 дней, от комаров — "
                    "около 30 дней (сильные дожди сокращают срок). Участки больше 20 соток — по "
                    "индивидуальному расчёту.")

    d.add_heading("4. Дополнительные услуги и надбавки", level=2)
    rows = [
        ("Услуга", "Стоимость"),
        ("Выезд за пределы ЕКАД", "35 руб. за каждый км в одну сторону"),
        ("Срочный выезд (в течение 2 часов)", "+1 000 руб. к заказу"),
        ("Ночная обработка (с 22:00 до 7:00)", "+20 % к стоимости"),
        ("Холодный туман (ULV) для труднодоступных мест", "+800 руб. к заказу"),
        ("Повторная обработка по желанию клиента", "скидка 30 % от цены первой"),
    ]
    t = d.add_table(rows=len(rows), cols=2)
    t.style = "Table Grid"
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            t.cell(i, j).text = v

    d.add_heading("5. Условия обслуживания", level=2)
    for s in [
        "Гарантия действует при соблюдении рекомендаций специалиста. Если в течение гарантийного "
        "срока насекомые появились снова, повторная обработка выполняется бесплатно.",
        "На частные дома и коммерческие помещения гарантия оформляется в договоре.",
        "Пенсионерам и многодетным семьям предоставляется скидка 10 %; скидки не суммируются.",
        "Перед обработкой уберите продукты и посуду, накройте аквариум. После обработки покиньте "
        "помещение на 4 часа, затем проветрите его не менее 40 минут. Домашних животных "
        "рекомендуем вывезти на сутки.",
        "Предоплата не требуется: оплата наличными или картой после выполнения работ.",
        "Отмена заявки позднее чем за 3 часа до выезда — штраф 500 руб.",
    ]:
        d.add_paragraph(s, style="List Bullet")
    last = d.add_paragraph("Директор ООО «Барьер-Эко» Г. В. Шестаков")
    last.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    d.save(path)
    normalize_zip(path)


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path):
    wb = Workbook()
    wb.properties.creator = "云顶滑翔伞飞行基地"
    wb.properties.lastModifiedBy = "云顶滑翔伞飞行基地"
    wb.properties.title = "云顶滑翔伞飞行基地 2026 价目表"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "双人体验飞行"
    ws.append(["云顶滑翔伞飞行基地 · 双人带飞体验价目表（2026年）"])
    ws["A1"].font = bold
    ws.append(["项目", "飞行时长", "起飞点海拔", "价格（元/人）", "含航拍视频"])
    for c in ws[2]:
        c.font = bold
    for r in [
        ("标准体验", "8–10 分钟", "600 米", 580, "否"),
        ("进阶体验", "15–20 分钟", "900 米", 880, "是"),
        ("高空体验", "25–30 分钟", "1200 米", 1280, "是"),
        ("日落体验", "15–20 分钟", "900 米", 1080, "是"),
    ]:
        ws.append(list(r))
    ws.append([])
    ws.append(["注1：乘客体重须在 30–100 公斤之间，体重超过 90 公斤加收 100 元。"])
    ws.append(["注2：年满 6 周岁方可飞行；未满 18 周岁须由监护人现场签字。"])
    ws.append(["注3：标准体验不含航拍视频，可另购航拍视频套餐，每人 150 元。"])
    ws.append(["注4：每位乘客均含 100 万元航空意外险。"])
    for col, w in zip("ABCDE", (14, 14, 12, 14, 12)):
        ws.column_dimensions[col].width = w

    ws = wb.create_sheet("培训课程")
    ws.append(["滑翔伞飞行员培训课程"])
    ws["A1"].font = bold
    ws.append(["课程", "级别", "天数", "学费（元）", "费用包含"])
    for c in ws[2]:
        c.font = bold
    for r in [
        ("地面操控课", "入门", 2, 1500, "装备、保险"),
        ("P1 初级飞行员", "初级", 7, 6800, "装备、保险、考证费"),
        ("P2 中级飞行员", "中级", 14, 12800, "装备、保险、考证费"),
        ("教练员培训", "高级", 30, 26000, "保险、考证费"),
    ]:
        ws.append(list(r))
    ws.append([])
    ws.append(["学费不含住宿，基地宿舍每晚 120 元（含早餐）。"])
    ws.append(["报名 P1 课程须先完成地面操控课；P2 课程要求至少 50 次单飞记录。"])
    ws.append(["两人同时报名同一课程，每人学费减免 500 元。"])
    for col, w in zip("ABCDE", (16, 8, 8, 12, 22)):
        ws.column_dimensions[col].width = w

    ws = wb.create_sheet("装备租赁与须知")
    ws.append(["装备租赁（仅限持证飞行员）"])
    ws["A1"].font = bold
    ws.append(["装备", "半天（元）", "全天（元）", "押金（元）"])
    for c in ws[2]:
        c.font = bold
    for r in [
        ("伞翼 EN-A 级", 200, 350, 3000),
        ("伞翼 EN-B 级", 260, 450, 4000),
        ("座袋", 80, 120, 1000),
        ("头盔", 20, 30, 200),
        ("对讲机", 30, 50, 500),
    ]:
        ws.append(list(r))
    ws.append([])
    ws.append(["预订与退改须知"])
    ws.cell(row=ws.max_row, column=1).font = bold
    for s in [
        "因天气原因（风速超过 25 公里/小时或降雨）取消飞行，可全额退款或免费改期。",
        "客户个人原因当天取消，收取订单金额 30% 的违约金；提前一天取消不收费。",
        "营业时间：每天 9:00–18:00；11月至次年2月为 10:00–17:00。",
        "10 人以上团体预订享受九折优惠。",
        "基地地址：浙江省杭州市临安区云顶村 18 号，停车免费。",
    ]:
        ws.append([s])
    ws.column_dimensions["A"].width = 20
    for col in "BCD":
        ws.column_dimensions[col].width = 12
    for row in wb["装备租赁与须知"].iter_rows():
        for c in row:
            c.alignment = Alignment(wrap_text=False)
    wb.save(path)
    normalize_zip(path)


# --------------------------------------------------------------------------- PPTX (en)
def add_table(slide, rows, left, top, width, height, font=14):
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, height)
    tbl = shape.table
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            cell = tbl.cell(i, j)
            cell.text = v
            for para in cell.text_frame.paragraphs:
                for run in para.runs:
                    run.font.size = PPt(font)
                    run.font.bold = i == 0
    return tbl


def add_text(slide, lines, left, top, width, height, size=14):
    tb = slide.shapes.add_textbox(left, top, width, height)
    tf = tb.text_frame
    tf.word_wrap = True
    for k, line in enumerate(lines):
        para = tf.paragraphs[0] if k == 0 else tf.add_paragraph()
        para.text = line
        for run in para.runs:
            run.font.size = PPt(size)
    return tb


def make_pptx(path):
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.author = "Harmony Keys Piano Service"
    cp.title = "Harmony Keys Piano Service - Rates and Terms 2027"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Harmony Keys Piano Service"
    cp.revision = 1

    title_layout = prs.slide_layouts[0]
    only_title = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Harmony Keys Piano Service"
    s.placeholders[1].text = ("Rates and terms, valid January 1 - December 31, 2027\n"
                              "Tuning, repair and regulation for homes, schools and venues in "
                              "Greater Portland since 2009. Owner and lead technician: Dana Whitcombe, RPT.")

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Tuning rates"
    add_table(s, [
        ("Instrument", "Standard tuning", "Pitch raise + tuning", "Typical time"),
        ("Spinet / console upright", "$145", "$215", "75 min"),
        ("Studio / full-size upright", "$160", "$235", "90 min"),
        ("Baby grand (up to 5'6\")", "$180", "$260", "90 min"),
        ("Grand (5'7\" to 7')", "$195", "$285", "105 min"),
        ("Concert grand (over 7')", "$240", "$340", "120 min"),
    ], Inches(0.6), Inches(1.5), Inches(12.0), Inches(3.4))
    add_text(s, [
        "* A pitch raise is needed when the piano sits more than 15 cents below A440, usually "
        "after two or more years without tuning.",
        "We recommend tuning twice a year, in spring and autumn.",
    ], Inches(0.6), Inches(5.3), Inches(12.0), Inches(1.4), size=13)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Repairs and regulation"
    add_table(s, [
        ("Service", "Unit", "Price"),
        ("Action regulation, upright", "per piano", "$420"),
        ("Action regulation, grand", "per piano", "$680"),
        ("Bass string replacement", "per string", "$55"),
        ("Treble string replacement", "per string", "$35"),
        ("Key leveling", "per piano", "$240"),
        ("Repair labor", "per hour", "$95"),
        ("Humidity control system, installed", "per piano", "$525"),
    ], Inches(0.6), Inches(1.5), Inches(12.0), Inches(4.0))
    add_text(s, [
        "Parts are billed at cost. All repairs carry a 1-year workmanship warranty.",
        "We also appraise pianos for insurance and sale; price on request.",
    ], Inches(0.6), Inches(5.8), Inches(12.0), Inches(1.2), size=13)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Travel zones"
    add_table(s, [
        ("Zone", "Distance from our shop", "Travel fee"),
        ("Zone 1", "up to 10 miles", "no charge"),
        ("Zone 2", "10 to 25 miles", "$25"),
        ("Zone 3", "25 to 40 miles", "$45"),
        ("Zone 4", "40 to 60 miles", "$70"),
    ], Inches(0.6), Inches(1.5), Inches(12.0), Inches(2.8))
    add_text(s, [
        "Beyond 60 miles by arrangement only. The travel fee is charged once per visit, "
        "however many pianos we service at the address.",
        "Our shop: 2210 SE Division Street, Portland, OR.",
    ], Inches(0.6), Inches(4.6), Inches(12.0), Inches(1.5), size=13)

    s = prs.slides.add_slide(only_title)
    s.shapes.title.text = "Booking terms"
    add_text(s, [
        "Appointments Monday to Friday, 8 am to 5 pm. Evening and weekend appointments add $30.",
        "Cancellations less than 24 hours before the appointment are charged a $40 fee.",
        "Schools, churches and nonprofit organizations receive 15% off all tuning rates.",
        "Payment by card, check or cash at the visit; invoices for institutions are due within 30 days.",
        "We do not move pianos; please book a licensed piano mover and let the piano settle "
        "for two weeks before tuning.",
        "Questions: call (503) 555-0147 or write to office@harmonykeys.example.",
    ], Inches(0.6), Inches(1.5), Inches(12.0), Inches(5.0), size=16)

    prs.save(path)
    normalize_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial69/
    out = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial69")
    os.makedirs(out, exist_ok=True)
    make_docx(os.path.join(out, "barier_eko_prajs_2026.docx"))
    make_xlsx(os.path.join(out, "yunding_paragliding_2026.xlsx"))
    make_pptx(os.path.join(out, "harmony_keys_piano_rates.pptx"))
    print("written to", out)


if __name__ == "__main__":
    main()
