#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 64 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- ottisk_kopicentr_ru.docx    Russian copy and print centre «Оттиск» in Kostroma: address,
                              prices with VAT and opening hours, black-and-white printing
                              and copying by format (A4 one- and two-sided, A3, plotter A2
                              and A1) in three volume bands (1–49, 50–199, from 200 sheets),
                              colour printing by format (A6 to SRA3) on three papers (one
                              «—» cell: SRA3 on office paper), business cards by run (100,
                              200, 500, 1000) one- or two-sided with the days they take,
                              finishing and other services (lamination, binding, hard cover,
                              scanning, guillotine), a note under each table (students'
                              discount, corner rounding ...), terms of service in sentences
                              (layout by the hour, rush orders, delivery, payment, files
                              kept 14 days, reprints)
- anxin_minicang_zh.xlsx      Chinese self-storage 安心迷你仓 in Hangzhou: unit types by
                              area with monthly, quarterly and yearly rent and what they
                              suit, a title row above the header and notes 注1-注2 below
                              (sheet 仓位租金), extra services with unit, price and note
                              (pick-up by distance, movers by the person-hour, boxes,
                              insurance by cover, sheet 增值服务), rental terms in numbered
                              sentences (hours and access card, minimum term and deposit,
                              forbidden goods, arrears, first-month discount, security,
                              address; sheet 租赁须知)
- blueheron_studio_en.pptx    English recording studio in Leeds: room hire per hour, half
                              day and full day (Studio A, Studio B, two rehearsal rooms;
                              «—» for a rehearsal room's full day) with terms below the
                              table, mixing, mastering and extras with unit and price,
                              and booking terms in sentences (deposit, cancellation,
                              overruns, students, opening hours, files kept, parking)

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2026-11-20 09:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial64.py benchmarks/devset/docs
"""
import datetime as dt
import io
import os
import re
import sys
import zipfile
from pathlib import Path

FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)
ZIP_TIME = (2026, 11, 20, 9, 0, 0)


def normalise_zip(data: bytes) -> bytes:
    """Rewrite a zip with fixed timestamps and attributes, members in their original order."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            zi.create_system = 3
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                # openpyxl stamps the save time into dcterms:modified: pin it
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>2026-11-20T09:00:00Z\g<2>", blob)
            dst.writestr(zi, blob)
    return out.getvalue()


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


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path):
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    set_core(doc.core_properties, "Прейскурант копицентра «Оттиск»", "Копицентр «Оттиск»", "ru-RU")
    st = doc.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    doc.add_heading("Копицентр «Оттиск» — прейскурант на услуги печати", level=1)
    doc.add_paragraph(
        "г. Кострома, ул. Советская, д. 27, офис 3. Прейскурант действует с 1 ноября 2026 года; "
        "все цены указаны в рублях с учётом НДС."
    )
    doc.add_paragraph(
        "Часы работы: понедельник — пятница с 8:30 до 20:00, суббота с 10:00 до 16:00, "
        "воскресенье — выходной."
    )

    def table(title, header, rows, note=None):
        doc.add_heading(title, level=2)
        t = doc.add_table(rows=1, cols=len(header))
        t.style = "Table Grid"
        for i, h in enumerate(header):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v
        if note:
            for n in note:
                doc.add_paragraph(n)

    table(
        "1. Чёрно-белая печать и копирование (цена за одну страницу)*",
        ["Формат", "1–49 листов", "50–199 листов", "от 200 листов"],
        [
            ["A4, односторонняя", "8 руб.", "6 руб.", "4 руб."],
            ["A4, двусторонняя", "12 руб.", "9 руб.", "7 руб."],
            ["A3, односторонняя", "16 руб.", "13 руб.", "10 руб."],
            ["A2 (плоттер)", "90 руб.", "80 руб.", "70 руб."],
            ["A1 (плоттер)", "150 руб.", "130 руб.", "120 руб."],
        ],
        [
            "* Скидка по объёму считается по количеству листов в одном заказе. Студентам очной формы "
            "обучения при предъявлении студенческого билета — скидка 10 % на чёрно-белую печать "
            "(с другими скидками не суммируется)."
        ],
    )
    table(
        "2. Цветная печать (цена за один лист, односторонняя)",
        ["Формат", "Офисная бумага 80 г/м²", "Плотная бумага 160 г/м²", "Фотобумага 230 г/м²"],
        [
            ["A6 (10×15 см)", "15 руб.", "20 руб.", "25 руб."],
            ["A5", "25 руб.", "30 руб.", "40 руб."],
            ["A4", "35 руб.", "45 руб.", "60 руб."],
            ["A3", "70 руб.", "90 руб.", "120 руб."],
            ["SRA3 (32×45 см)", "—", "110 руб.", "150 руб."],
        ],
        [
            "Формат SRA3 на офисной бумаге не печатается. Двусторонняя цветная печать стоит как две "
            "односторонние."
        ],
    )
    table(
        "3. Визитные карточки (бумага 300 г/м², 90×50 мм)",
        ["Тираж", "Односторонние (4+0)", "Двусторонние (4+4)", "Срок изготовления"],
        [
            ["100 шт.", "650 руб.", "890 руб.", "1 рабочий день"],
            ["200 шт.", "990 руб.", "1 350 руб.", "1 рабочий день"],
            ["500 шт.", "1 790 руб.", "2 400 руб.", "2 рабочих дня"],
            ["1000 шт.", "2 900 руб.", "3 800 руб.", "3 рабочих дня"],
        ],
        ["Скругление углов визиток — 150 руб. за тираж любого размера."],
    )
    table(
        "4. Постпечатная обработка и другие услуги",
        ["Услуга", "Единица", "Цена"],
        [
            ["Ламинирование A4 (плёнка 125 мкм)", "лист", "60 руб."],
            ["Ламинирование A3 (плёнка 125 мкм)", "лист", "110 руб."],
            ["Брошюровка на пластиковую пружину, до 50 листов", "шт.", "120 руб."],
            ["Брошюровка на пластиковую пружину, 51–150 листов", "шт.", "180 руб."],
            ["Брошюровка на металлическую пружину, до 100 листов", "шт.", "220 руб."],
            ["Твёрдый переплёт (дипломные и курсовые работы)", "шт.", "750 руб."],
            ["Сканирование A4 (300 dpi, в PDF)", "страница", "10 руб."],
            ["Резка на гильотине", "рез", "5 руб."],
        ],
        ["Твёрдый переплёт изготавливается за 1 рабочий день, тиснение на обложке — за отдельную плату."],
    )

    doc.add_heading("Условия обслуживания", level=2)
    for p in [
        "Цены на печать указаны для готовых файлов в формате PDF. Вёрстка и подготовка макета "
        "дизайнером оплачиваются отдельно — 600 рублей за час работы.",
        "Срочный заказ (выполнение в течение двух часов) — наценка 50 % к стоимости заказа.",
        "Заказы на сумму от 3 000 руб. доставляются курьером по городу бесплатно; доставка заказа "
        "меньшей суммы стоит 250 руб.",
        "Оплата: наличные, банковские карты, СБП. Юридическим лицам — по счёту при 100 % предоплате.",
        "Файлы клиентов хранятся 14 дней после выполнения заказа, затем удаляются.",
        "Если брак допущен по нашей вине, перепечатаем заказ бесплатно в течение трёх рабочих дней "
        "после его получения при предъявлении чека.",
    ]:
        doc.add_paragraph(p, style="List Bullet")

    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path):
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    set_core(wb.properties, "安心迷你仓价目表", "安心迷你仓", "zh-CN")
    wb.properties.lastModifiedBy = "安心迷你仓"
    wb.properties.creator = "安心迷你仓"

    ws = wb.active
    ws.title = "仓位租金"
    rows = [
        ["安心迷你仓（杭州拱墅店）仓位租金表 —— 2026年12月起执行，单位：元"],
        ["仓位类型", "面积(㎡)", "月租", "季租(3个月)", "年租(12个月)", "适合存放"],
        ["迷你柜 S", 1, 260, 720, 2600, "约10个纸箱或行李箱"],
        ["小仓 M", 3, 580, 1620, 5900, "一居室的杂物、换季衣物"],
        ["中仓 L", 6, 980, 2760, 9980, "两居室的家具家电"],
        ["大仓 XL", 10, 1480, 4200, 15000, "三居室整套家具、商铺库存"],
        ["恒温恒湿仓", 3, 880, 2490, 8800, "字画、红酒、乐器、皮具"],
        ["注1：押金为一个月的月租，退租验仓无误后退还。"],
        ["注2：恒温恒湿仓全年温度保持在18–22℃，相对湿度45%–55%。"],
    ]
    for r in rows:
        ws.append(r)
    ws["A1"].font = Font(bold=True)
    for c in ws[2]:
        c.font = Font(bold=True)
    for col, w in zip("ABCDEF", [14, 10, 8, 12, 13, 28]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("增值服务")
    rows2 = [
        ["增值服务收费标准（单位：元）"],
        ["服务项目", "计价单位", "价格", "备注"],
        ["上门取件（市区5公里以内）", "次", 150, "含一辆厢式货车和司机"],
        ["上门取件（5–15公里）", "次", 260, "含一辆厢式货车和司机"],
        ["搬运工", "人·小时", 80, "最少2小时起"],
        ["纸箱（中号）", "个", 8, ""],
        ["纸箱（大号）", "个", 12, ""],
        ["气泡膜", "卷(50米)", 45, ""],
        ["货物保险（保额1万元）", "月", 20, "按月随租金收取"],
        ["货物保险（保额5万元）", "月", 80, "按月随租金收取"],
        ["更换仓位", "次", 50, "仅限同级或升级"],
        ["非营业时间开仓", "次", 100, "需提前一天预约"],
    ]
    for r in rows2:
        ws2.append(r)
    ws2["A1"].font = Font(bold=True)
    for c in ws2[2]:
        c.font = Font(bold=True)
    for col, w in zip("ABCD", [26, 10, 8, 24]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("租赁须知")
    rows3 = [
        ["租赁须知"],
        ["1. 营业时间为每天9:00至19:00（含节假日）；中仓及以上租户可申请24小时门禁卡，工本费30元。"],
        ["2. 最短租期为一个月。提前退租的，已付租金不予退还，押金在验仓后7个工作日内退还。"],
        ["3. 禁止存放易燃易爆物品、危险化学品、活体动物及生鲜食品。"],
        ["4. 租金逾期超过30天未缴的，本公司提前15天书面通知后有权处置仓内物品。"],
        ["5. 新客户首月租金享受八折优惠（仅限月付，季付和年付客户不参加）。"],
        ["6. 仓库24小时视频监控，每个仓位独立上锁，钥匙由租户自行保管。"],
        ["7. 地址：杭州市拱墅区丽水路88号；客服电话：0571-8800 6688。"],
    ]
    for r in rows3:
        ws3.append(r)
    ws3["A1"].font = Font(bold=True)
    ws3.column_dimensions["A"].width = 90

    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


# --------------------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path):
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    set_core(prs.core_properties, "Blue Heron Recording Studio — rates 2027", "Blue Heron Studio", "en-GB")

    blank = prs.slide_layouts[5]  # title only

    def add_text(slide, left, top, width, height, lines, size=16):
        tb = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(width), Inches(height))
        tf = tb.text_frame
        tf.word_wrap = True
        for i, line in enumerate(lines):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = line
            p.font.size = Pt(size)
        return tb

    def add_table(slide, top, header, rows, widths):
        shape = slide.shapes.add_table(len(rows) + 1, len(header), Inches(0.5), Inches(top),
                                       Inches(sum(widths)), Inches(0.4 * (len(rows) + 1)))
        t = shape.table
        for i, w in enumerate(widths):
            t.columns[i].width = Inches(w)
        for i, h in enumerate(header):
            t.cell(0, i).text = h
        for r, row in enumerate(rows, start=1):
            for c, v in enumerate(row):
                t.cell(r, c).text = v
        for r in range(len(rows) + 1):
            for c in range(len(header)):
                for p in t.cell(r, c).text_frame.paragraphs:
                    p.font.size = Pt(14)
        return t

    # slide 1: room hire
    s = prs.slides.add_slide(blank)
    s.shapes.title.text = "Blue Heron Recording Studio — room hire rates (from 1 January 2027)"
    add_table(
        s, 1.4,
        ["Room", "Floor area", "Per hour", "Half day (4 h)", "Full day (10 h)"],
        [
            ["Studio A (live room + control room)", "48 m²", "£65", "£240", "£520"],
            ["Studio B (vocal booth + control room)", "18 m²", "£40", "£150", "£330"],
            ["Rehearsal Room 1", "30 m²", "£14", "£50", "—"],
            ["Rehearsal Room 2", "22 m²", "£11", "£40", "—"],
        ],
        [4.6, 1.6, 1.6, 2.0, 2.2],
    )
    add_text(s, 0.5, 4.0, 12.3, 2.8, [
        "A house engineer is included in all Studio A and Studio B rates.",
        "Rehearsal rooms are self-operated; a PA system and a five-piece drum kit are included.",
        "Rehearsal rooms cost £3 per hour more after 6 pm (evening rate).",
        "Rehearsal rooms are not available for full-day hire.",
    ], size=15)

    # slide 2: mixing, mastering, extras
    s = prs.slides.add_slide(blank)
    s.shapes.title.text = "Mixing, mastering and extras"
    add_table(
        s, 1.4,
        ["Service", "Unit", "Price"],
        [
            ["Mixing (up to 24 tracks)", "per song", "£120"],
            ["Mixing (25–48 tracks)", "per song", "£180"],
            ["Mastering — single", "per track", "£35"],
            ["Mastering — EP (up to 5 tracks)", "per EP", "£150"],
            ["Mastering — album (up to 14 tracks)", "per album", "£360"],
            ["Session drummer", "per hour", "£30"],
            ["Backline amp hire (guitar or bass)", "per day", "£15"],
            ["Tape transfer (¼-inch reel to digital)", "per reel", "£45"],
        ],
        [6.0, 2.4, 1.8],
    )
    add_text(s, 0.5, 5.4, 12.3, 1.6, [
        "Each mix includes two rounds of revisions; further revisions are charged at £25 each.",
        "Mastered files are delivered as 24-bit WAV and 320 kbps MP3 within five working days.",
    ], size=15)

    # slide 3: booking terms
    s = prs.slides.add_slide(blank)
    s.shapes.title.text = "Booking terms"
    add_text(s, 0.5, 1.4, 12.3, 5.6, [
        "A deposit of 25% secures your booking; the balance is due on the day of the session.",
        "Cancel at least 7 days before the session and your deposit is refunded in full; later cancellations forfeit it.",
        "Overruns are billed in 30-minute increments at the hourly rate of the room.",
        "Students with a valid NUS card get 15% off rehearsal rooms from Monday to Thursday.",
        "Opening hours: 10 am to midnight, seven days a week (closed on 25 and 26 December).",
        "Raw multitrack files are kept on our servers for 90 days after the session.",
        "Parking: four free spaces behind the building; the nearest station is Leeds (12 minutes on foot).",
        "Blue Heron Recording Studio, Unit 4, Canal Wharf, Leeds LS11 5PZ · bookings@blueheron.example",
    ], size=16)

    buf = io.BytesIO()
    prs.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial64/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial64"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "ottisk_kopicentr_ru.docx")
    make_xlsx(out / "anxin_minicang_zh.xlsx")
    make_pptx(out / "blueheron_studio_en.pptx")
    print("written to", out)

if __name__ == "__main__":
    main()
