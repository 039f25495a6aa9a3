#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 55 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- kamerton_masterskaya.docx  Russian piano tuning and repair workshop: tuning by instrument
                             (piano, grands by length, harpsichord, harp, digital piano),
                             repairs by kind of work and difficulty, restoration, moving
                             (city rate, per km, per floor without a lift), rental by term
                             with deposits, deposit, warranty, payment and call-out rules
- huayufang_huadian.xlsx     Chinese florist: cut flowers by variety and stem length,
                             bouquets by size, potted plants by pot size, wedding and event
                             packages, delivery fees by district and time slot (sheet 价目表),
                             freshness guarantee, returns, wedding deposit and cancellation,
                             opening hours, membership tiers (sheet 服务须知)
- ember_oak_roastery.pptx    English coffee roastery: beans by origin and bag size,
                             subscriptions, cupping sessions, barista courses, wholesale tiers
                             by monthly volume, grinder and machine rental, age and safety
                             rules, booking and cancellation, opening hours

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's modified time (2025-03-01 10:00:00, the same as the created time), so the bytes
match the trial's files without further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial55.py benchmarks/devset/docs
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

FIXED = datetime.datetime(2025, 3, 1, 10, 0, 0)
#: the zip members' times and the XLSX's core.xml modified time, pinned by the trial's generator
SAVED = (2025, 3, 1, 10, 0, 0)
MODIFIED = b"2025-03-01T10:00:00Z"


def normalise_zip(path: Path) -> None:
    """Rewrite a zip container with fixed member times, compression and attributes (and
    core.xml's modified time, which openpyxl stamps at save), so runs are byte-identical;
    the trial's own normalisation, kept as it was so the bytes match its files."""
    data = path.read_bytes()
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=SAVED)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>" + MODIFIED + rb"\g<2>", blob)
            dst.writestr(zi, blob)
    path.write_bytes(out.getvalue())


# ---------------------------------------------------------------- DOCX (ru)

def add_table(doc, header, rows):
    t = doc.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for i, h in enumerate(header):
        cell = t.rows[0].cells[i]
        cell.text = h
        for r in cell.paragraphs[0].runs:
            r.bold = True
    for row in rows:
        cells = t.add_row().cells
        for i, v in enumerate(row):
            cells[i].text = v
    return t


def make_docx(out: Path) -> None:
    doc = Document()
    st = doc.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)
    doc.core_properties.created = FIXED
    doc.core_properties.modified = FIXED
    doc.core_properties.author = "Мастерская «Камертон»"
    doc.core_properties.title = "Прейскурант и правила мастерской «Камертон»"

    doc.add_heading("Мастерская «Камертон»: настройка и ремонт фортепиано", 0)
    doc.add_paragraph(
        "Прейскурант на услуги мастерской действует с 1 марта 2025 года. Адрес мастерской: "
        "г. Москва, ул. Нижняя Красносельская, д. 35, стр. 9. Телефон: +7 495 612-40-87. "
        "Все цены указаны в рублях, НДС не облагается (упрощённая система налогообложения)."
    )

    doc.add_heading("1. Настройка по типу инструмента", 1)
    doc.add_paragraph(
        "Настройка выполняется по камертону ля первой октавы 440 Гц, если заказчик не попросил иначе "
        "(например, 442 Гц для работы с оркестром — без доплаты)."
    )
    add_table(doc, ["Инструмент", "Что входит", "Длительность", "Цена, руб."], [
        ["Пианино, плановая настройка", "настройка всех хоров, проверка педалей", "1,5–2 часа", "4 500"],
        ["Пианино, запущенное (не настраивалось более 3 лет)", "подтяжка строя в два захода, настройка", "3–4 часа", "7 800"],
        ["Кабинетный рояль (длина до 170 см)", "настройка, регулировка педалей", "2 часа", "6 500"],
        ["Салонный рояль (длина 170–210 см)", "настройка, регулировка педалей", "2–2,5 часа", "7 500"],
        ["Концертный рояль (длина свыше 210 см)", "настройка, интонировка по запросу", "3 часа", "9 800"],
        ["Клавесин (один мануал)", "настройка в выбранном темпераменте", "1,5 часа", "8 200"],
        ["Арфа педальная", "настройка всех струн, проверка педалей", "1,5 часа", "6 000"],
        ["Цифровое пианино", "не требует настройки; диагностика клавиатуры и электроники", "1 час", "2 000"],
    ])
    doc.add_paragraph(
        "Повторная настройка того же инструмента в течение 6 месяцев после предыдущей — со скидкой 10 %."
    )

    doc.add_heading("2. Ремонт по виду работ и сложности", 1)
    doc.add_paragraph(
        "Сложность ремонта определяет мастер после осмотра инструмента. Осмотр стоит 1 500 руб.; "
        "эта сумма засчитывается в стоимость ремонта, если ремонт заказан в течение 14 дней после осмотра."
    )
    add_table(doc, ["Вид работ", "Простой, руб.", "Средний, руб.", "Сложный, руб."], [
        ["Замена дискантовой струны (за 1 шт.)", "900", "1 300", "1 900"],
        ["Замена басовой струны (за 1 шт.)", "1 800", "2 400", "3 200"],
        ["Регулировка механики пианино", "6 000", "11 000", "18 000"],
        ["Регулировка механики рояля", "9 000", "15 000", "24 000"],
        ["Замена молоточков (комплект 88 шт.)", "28 000", "36 000", "45 000"],
        ["Ремонт педального механизма", "2 500", "4 000", "6 500"],
        ["Замена фильца демпферов (комплект)", "7 000", "9 500", "12 000"],
        ["Устранение трещины резонансной деки", "12 000", "19 000", "30 000"],
        ["Замена вирбеля (за 1 шт.)", "350", "500", "800"],
    ])
    doc.add_paragraph(
        "Запчасти (струны, молоточки, фильц) оплачиваются отдельно по счёту поставщика, если иное не "
        "указано в таблице. Ремонт в мастерской выполняется в срок от 3 до 21 рабочего дня."
    )

    doc.add_heading("3. Реставрация", 1)
    add_table(doc, ["Работа", "Срок", "Цена, руб."], [
        ["Полная реставрация пианино", "3–5 месяцев", "от 180 000"],
        ["Полная реставрация рояля", "4–7 месяцев", "от 320 000"],
        ["Восстановление полировки корпуса пианино", "4–6 недель", "65 000"],
        ["Восстановление полировки корпуса рояля", "6–8 недель", "110 000"],
        ["Замена клавиатурных накладок (88 клавиш)", "2 недели", "24 000"],
    ])
    doc.add_paragraph(
        "Перед реставрацией составляется смета; окончательная цена не может превышать смету более чем на 15 %."
    )

    doc.add_heading("4. Перевозка инструментов", 1)
    doc.add_paragraph(
        "Тариф «по городу» действует в пределах 30 км от мастерской. За каждый километр сверх 30 км "
        "взимается доплата по таблице. Подъём или спуск без лифта оплачивается за каждый этаж начиная "
        "со второго; первый этаж включён в тариф. При наличии грузового лифта этажи не оплачиваются."
    )
    add_table(doc, ["Инструмент", "По городу (до 30 км), руб.", "За каждый км сверх 30 км, руб.", "Подъём или спуск за этаж без лифта, руб."], [
        ["Пианино", "6 500", "60", "900"],
        ["Кабинетный рояль", "12 000", "90", "1 800"],
        ["Концертный рояль", "22 000", "120", "3 000"],
        ["Цифровое пианино", "3 000", "40", "300"],
        ["Арфа", "5 000", "50", "600"],
    ])
    doc.add_paragraph(
        "Такелаж через окно или по узкой винтовой лестнице рассчитывается индивидуально после выезда оценщика."
    )

    doc.add_heading("5. Аренда инструментов", 1)
    add_table(doc, ["Инструмент", "1 месяц, руб.", "3 месяца, руб.", "6 месяцев, руб.", "Залог, руб."], [
        ["Пианино «Красный Октябрь» (восстановленное)", "4 000", "10 800", "19 200", "20 000"],
        ["Пианино Yamaha U1", "7 500", "21 000", "39 000", "50 000"],
        ["Цифровое пианино Casio PX-S1100", "2 800", "7 500", "13 800", "15 000"],
        ["Кабинетный рояль Petrof P 159", "16 000", "45 000", "84 000", "120 000"],
    ])
    doc.add_paragraph(
        "Доставка арендованного инструмента оплачивается отдельно по тарифам раздела 4. При аренде на срок "
        "от 3 месяцев первая настройка на месте бесплатна. Минимальный срок аренды — 1 месяц."
    )

    doc.add_heading("6. Условия обслуживания", 1)
    doc.add_heading("6.1. Залог", 2)
    doc.add_paragraph(
        "Залог вносится при подписании договора аренды. Залог возвращается в течение 5 рабочих дней после "
        "возврата инструмента; из залога удерживается стоимость устранения повреждений, если они появились "
        "во время аренды."
    )
    doc.add_heading("6.2. Гарантия", 2)
    doc.add_paragraph(
        "Гарантия на настройку — 30 дней при условии, что влажность в помещении поддерживается на уровне "
        "40–60 %. Гарантия на ремонт — 6 месяцев, на реставрацию — 2 года. Гарантия не действует, если "
        "инструмент после работ перевозили сторонние перевозчики."
    )
    doc.add_heading("6.3. Оплата", 2)
    doc.add_paragraph(
        "Оплата принимается наличными, банковской картой и по безналичному расчёту для организаций. "
        "За ремонт стоимостью свыше 20 000 руб. и за реставрацию вносится предоплата 50 %, остаток — при "
        "приёмке работы. Настройка оплачивается сразу после её выполнения."
    )
    doc.add_heading("6.4. Выезд мастера", 2)
    doc.add_paragraph(
        "Выезд мастера в пределах МКАД при заказе настройки или ремонта бесплатный. За МКАД выезд стоит "
        "50 руб. за каждый километр от МКАД. Срочный выезд в день обращения — 1 500 руб. дополнительно. "
        "Если после выезда заказчик отказался от работ, оплачивается выезд с диагностикой — 1 000 руб."
    )
    doc.add_paragraph("Мастерская работает со вторника по субботу с 10:00 до 19:00.")
    doc.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- XLSX (zh)

def make_xlsx(out: Path) -> None:
    wb = Workbook()
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.creator = "花语坊"
    ws = wb.active
    ws.title = "价目表"
    bold = Font(bold=True)
    rows = []

    def block(title, header, data):
        if rows:
            rows.append(None)
        rows.append(("title", [title]))
        rows.append(("header", header))
        for d in data:
            rows.append(("row", d))

    block("鲜切花（按品种和花枝长度，元/枝）",
          ["品种", "产地", "40厘米", "50厘米", "60厘米", "70厘米"], [
              ["红玫瑰（卡罗拉）", "云南", 4.5, 6, 8, 10.5],
              ["白玫瑰（雪山）", "云南", 5, 6.5, 8.5, 11],
              ["粉玫瑰（戴安娜）", "云南", 4.8, 6.2, 8.2, 10.8],
              ["香槟玫瑰", "云南", 5.5, 7, 9, "—"],
              ["厄瓜多尔红玫瑰", "厄瓜多尔", "—", 18, 22, 28],
              ["白百合（西伯利亚）", "云南", "—", 12, 15, 18],
              ["粉色康乃馨", "云南", 2.5, 3, "—", "—"],
              ["向日葵", "山东", 6, 7.5, 9, "—"],
              ["红色郁金香", "荷兰", 9, 12, "—", "—"],
              ["紫色洋桔梗", "云南", 4, 5, 6.5, "—"],
          ])
    block("花束（按规格）",
          ["花束", "规格", "花材", "直径", "价格（元）"], [
              ["经典红玫瑰花束", "小号", "11枝红玫瑰＋尤加利叶", "约30厘米", 168],
              ["经典红玫瑰花束", "中号", "19枝红玫瑰＋尤加利叶", "约40厘米", 268],
              ["经典红玫瑰花束", "大号", "33枝红玫瑰＋满天星", "约50厘米", 458],
              ["经典红玫瑰花束", "特大号", "99枝红玫瑰", "约80厘米", 1288],
              ["季节混搭花束", "小号", "当季花材5–7种", "约30厘米", 198],
              ["季节混搭花束", "中号", "当季花材7–9种", "约45厘米", 328],
              ["季节混搭花束", "大号", "当季花材9种以上", "约60厘米", 520],
              ["向日葵花束", "小号", "3枝向日葵＋配叶", "约25厘米", 128],
              ["向日葵花束", "大号", "9枝向日葵＋配叶", "约45厘米", 298],
          ])
    block("盆栽植物",
          ["植物", "盆径", "株高", "价格（元）"], [
              ["绿萝", "12厘米", "30–40厘米", 35],
              ["绿萝", "18厘米", "50–60厘米", 68],
              ["琴叶榕", "21厘米", "80–100厘米", 220],
              ["琴叶榕", "28厘米", "130–150厘米", 460],
              ["蝴蝶兰（双杆）", "12厘米", "45–55厘米", 158],
              ["蝴蝶兰（五杆，陶瓷盆）", "20厘米", "55–65厘米", 398],
              ["发财树", "30厘米", "约150厘米", 380],
              ["多肉拼盘", "15厘米", "—", 88],
          ])
    block("婚礼及活动套餐",
          ["套餐", "包含内容", "价格（元）"], [
              ["婚礼简约套餐", "新娘手捧花1束、胸花6朵、主婚车花1套", 2680],
              ["婚礼浪漫套餐", "新娘手捧花1束、胸花10朵、主婚车花1套、跟车花4套、签到台花艺1处", 5880],
              ["婚礼臻爱套餐", "新娘手捧花2束、胸花16朵、主婚车花1套、跟车花6套、鲜花拱门1座、路引花8组", 12800],
              ["开业花篮（单层，1对）", "高约1.6米", 380],
              ["开业花篮（双层，1对）", "高约1.9米", 680],
              ["会议桌花", "按桌长计，每米", 260],
              ["生日派对布置", "气球＋鲜花背景墙，适合20人以内", 1680],
          ])
    block("配送费（按区域和时段，元/单）",
          ["区域", "标准时段（9:00–18:00）", "晚间时段（18:00–21:00）", "指定1小时送达"], [
              ["锦江区", 15, 25, 35],
              ["青羊区", 15, 25, 35],
              ["武侯区", 20, 30, 40],
              ["成华区", 20, 30, 40],
              ["高新区", 25, 35, 45],
              ["双流区", 40, 55, 70],
              ["郫都区", 45, 60, "不提供"],
          ])
    rows.append(None)
    rows.append(("note", ["注：单笔订单满300元，锦江区、青羊区、武侯区、成华区、高新区标准时段免配送费；双流区、郫都区不参与免运费。"]))

    r = 1
    for item in rows:
        if item is None:
            r += 1
            continue
        kind, vals = item
        for c, v in enumerate(vals, start=1):
            cell = ws.cell(row=r, column=c, value=v)
            if kind in ("title", "header"):
                cell.font = bold
        r += 1
    for col, w in zip("ABCDEF", [22, 26, 40, 14, 14, 12]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("服务须知")
    ws2.append(["项目", "说明"])
    for c in ws2[1]:
        c.font = bold
    for k, v in [
        ["鲜度保证", "鲜切花及花束自签收起保鲜3天；3天内如出现花头下垂或花瓣大面积枯萎，凭照片免费补送同款花材。"],
        ["盆栽保活", "盆栽植物自签收起15天内保活（非人为原因枯死可免费更换同款）。"],
        ["退换规则", "定制花束制作完成后不退不换；签收后2小时内发现错送或破损，可免费更换。"],
        ["婚礼套餐定金", "预订婚礼套餐需支付总价30%的定金。"],
        ["婚礼套餐取消", "婚礼前7天以上取消，全额退还定金；婚礼前3–7天取消，退还定金的50%；婚礼前3天内取消，定金不退。"],
        ["营业时间（工作日）", "周一至周五 8:30–20:30"],
        ["营业时间（周末）", "周六、周日 9:00–21:00"],
        ["营业时间（节日）", "2月14日情人节及七夕当天 7:00–23:00；春节除夕至正月初三休息。"],
        ["普通会员", "注册即享9.5折"],
        ["银卡会员", "累计消费满2000元，享9折"],
        ["金卡会员", "累计消费满5000元，享8.8折"],
        ["钻石会员", "累计消费满12000元，享8.5折"],
        ["会员折扣说明", "会员折扣不适用于婚礼套餐和节日特价花束；折扣不与其他优惠同时使用。"],
        ["积分", "每消费1元积1分，100积分可抵5元。"],
        ["门店地址", "成都市青羊区宽巷子18号（花语坊）"],
    ]:
        ws2.append([k, v])
    ws2.column_dimensions["A"].width = 20
    ws2.column_dimensions["B"].width = 90
    wb.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- PPTX (en)

def make_pptx(out: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.author = "Ember & Oak Coffee Roasters"
    prs.core_properties.title = "Ember & Oak Coffee Roasters — 2025 offer"
    title_layout = prs.slide_layouts[0]
    tonly = prs.slide_layouts[5]
    bullets_layout = prs.slide_layouts[1]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Ember & Oak Coffee Roasters"
    s.placeholders[1].text = "Beans, subscriptions, courses and wholesale — prices from 1 March 2025\nUnit 4, Ropewalk Yard, Bristol BS2 0XQ"

    def table_slide(title, header, rows, note=None, widths=None):
        sl = prs.slides.add_slide(tonly)
        sl.shapes.title.text = title
        n_rows = len(rows) + 1
        top = Inches(1.5)
        height = Inches(0.4) * n_rows
        shape = sl.shapes.add_table(n_rows, len(header), Inches(0.5), top, Inches(12.3), height)
        tbl = shape.table
        for i, h in enumerate(header):
            tbl.cell(0, i).text = h
        for r, row in enumerate(rows, start=1):
            for c, v in enumerate(row):
                tbl.cell(r, c).text = v
        for r in range(n_rows):
            for c in range(len(header)):
                for p in tbl.cell(r, c).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(14)
        if widths:
            for i, w in enumerate(widths):
                tbl.columns[i].width = Inches(w)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.5), top + height + Inches(0.3), Inches(12.3), Inches(1.0))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
        return sl

    def bullet_slide(title, items):
        sl = prs.slides.add_slide(bullets_layout)
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = items[0]
        for it in items[1:]:
            tf.add_paragraph().text = it
        for p in tf.paragraphs:
            for run in p.runs:
                run.font.size = PPt(18)
        return sl

    table_slide("Single-origin and blend beans", ["Coffee", "Roast level", "250 g", "500 g", "1 kg"], [
        ["Ethiopia Yirgacheffe (washed)", "Light", "£9.50", "£17.50", "£32.00"],
        ["Ethiopia Guji (natural)", "Light", "£10.50", "£19.50", "£36.00"],
        ["Kenya Nyeri AA", "Light", "£12.00", "£22.50", "£42.00"],
        ["Colombia Huila", "Medium", "£8.50", "£15.50", "£28.00"],
        ["Decaf Colombia (Swiss Water)", "Medium", "£9.00", "£16.50", "£30.00"],
        ["Brazil Cerrado", "Medium-dark", "£7.50", "£13.50", "£24.50"],
        ["House Espresso blend (Brazil/Colombia)", "Medium-dark", "£8.00", "£14.50", "£26.50"],
        ["Sumatra Mandheling", "Dark", "£9.00", "£16.50", "£30.00"],
    ], note="All beans are roasted on Tuesdays and Fridays and dispatched within 48 hours of roasting. "
            "Whole bean by default; grinding for filter, espresso or cafetière is free on request.",
        widths=[4.5, 2.1, 1.9, 1.9, 1.9])

    table_slide("Subscriptions", ["Plan", "Bag size", "Price per delivery", "Minimum commitment"], [
        ["Weekly", "250 g", "£8.75", "4 deliveries"],
        ["Fortnightly", "250 g", "£9.00", "3 deliveries"],
        ["Fortnightly Double", "500 g", "£16.00", "3 deliveries"],
        ["Monthly", "500 g", "£16.50", "2 deliveries"],
        ["Monthly Large", "1 kg", "£29.50", "2 deliveries"],
    ], note="Free UK delivery on every subscription. You can pause for up to 2 months at a time and cancel "
            "at any time once the minimum commitment is met. The roaster's choice of coffee rotates each delivery.",
        widths=[3.5, 2.5, 3.0, 3.3])

    bullet_slide("Cupping sessions", [
        "Saturday public cupping: 10:00–11:30, £15 per person, at most 12 people",
        "Origin deep-dive: 6 coffees from one country plus a tasting-notes booklet, £25 per person, first Sunday of each month",
        "Private cupping for a group of up to 8 people: £140 per group, Monday to Friday only",
        "Cuppings take place in the roastery tasting room; we provide spoons, cups and water",
    ])

    table_slide("Barista courses", ["Course", "Length", "Max. group", "Price per person"], [
        ["Brewing Methods (V60, AeroPress, Chemex)", "2 hours", "8", "£55"],
        ["Espresso Basics", "3 hours", "4", "£85"],
        ["Milk & Latte Art", "3 hours", "4", "£95"],
        ["Home Barista Full Day (lunch included)", "7 hours", "6", "£180"],
        ["Professional Barista (SCA Foundation level)", "2 days", "6", "£420"],
    ], note="Courses run at the roastery training bar on one La Marzocco machine per two students. "
            "The SCA Foundation course includes the exam fee and certificate.",
        widths=[5.3, 2.0, 2.0, 3.0])

    table_slide("Wholesale tiers (price per kg, by monthly volume)",
                ["Tier", "Monthly volume", "House Espresso, per kg", "Single origin, per kg", "Free machine service"], [
        ["Bronze", "10–24 kg", "£19.50", "£24.00", "none"],
        ["Silver", "25–49 kg", "£18.00", "£22.50", "1 visit per year"],
        ["Gold", "50–99 kg", "£16.80", "£21.00", "2 visits per year"],
        ["Platinum", "100 kg or more", "£15.50", "£19.50", "every quarter"],
    ], note="Minimum wholesale order is 10 kg per month. Invoices are payable within 30 days. "
            "Prices exclude VAT. Staff training for wholesale customers: one free Espresso Basics place per quarter on Gold and Platinum.",
        widths=[1.8, 2.4, 2.8, 2.8, 2.5])

    table_slide("Grinder and machine rental", ["Equipment", "Per week", "Per month", "Refundable deposit"], [
        ["Mahlkönig EK43 grinder", "£45", "£150", "£500"],
        ["Eureka Mignon Specialita grinder", "£20", "£60", "£200"],
        ["La Marzocco Linea Mini (1 group)", "£95", "£320", "£1,500"],
        ["La Marzocco Linea PB (2 groups)", "not available", "£480", "£2,500"],
        ["Moccamaster KBG batch brewer", "£15", "£45", "£100"],
    ], note="The Linea PB is free of rent for Gold and Platinum wholesale customers (deposit still applies). "
            "Delivery and installation within 15 miles of the roastery: £60 each way.",
        widths=[5.0, 2.2, 2.2, 2.9])

    bullet_slide("Courses: age and safety rules", [
        "Minimum age for all barista courses is 16.",
        "Participants aged 14–15 may join Brewing Methods only, together with a paying adult.",
        "Closed-toe shoes are required at the training bar; steam wands and group heads are hot.",
        "Everyone takes a 10-minute safety briefing before touching the machines.",
        "Oat and soy milk are available on milk courses; tell us about allergies at least 48 hours before the course.",
    ])

    bullet_slide("Booking and cancellation", [
        "Book online or in the shop; full payment is taken at booking.",
        "Cancel 7 days or more before the course: full refund.",
        "Cancel 3–6 days before: 50% refund, or move to another date once free of charge.",
        "Less than 3 days before: no refund, but you may send a friend in your place.",
        "If fewer than 2 people book, we cancel the course and refund you in full.",
        "Gift vouchers are valid for 12 months from purchase.",
    ])

    bullet_slide("Visit us", [
        "Roastery shop: Tuesday to Saturday 8:00–16:00, Sunday 9:00–14:00, closed on Mondays.",
        "Free bike parking; the nearest car park is Cattle Market Road (pay and display).",
        "Questions: hello@emberandoak.example, 0117 496 0321",
    ])
    prs.save(out)
    normalise_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial55/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial55"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "kamerton_masterskaya.docx")
    make_xlsx(out / "huayufang_huadian.xlsx")
    make_pptx(out / "ember_oak_roastery.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
