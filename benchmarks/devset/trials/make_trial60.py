#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 60 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- zamok_uslugi_ru.docx    Russian locksmith service in Yekaterinburg: emergency opening by
                          door and lock type with average time, lock replacement and fitting
                          by burglary-resistance class, key cutting by key type with lead
                          time, call-out charges and arrival times by city zone, night,
                          holiday and urgent surcharges, document checks before opening,
                          warranty, payment and cancellation
- remont_baojia_zh.xlsx   Chinese home-renovation company: demolition, tiling, painting,
                          waterproofing, flooring and ceiling work by grade with unit and
                          unit price (sheet 施工报价, a title row above the header and a note
                          below the rows), contract terms on payment stages, deposit,
                          warranty periods by trade, delay penalties, stage inspections, the
                          water retention test and changes (sheet 合同条款)
- bluereef_dive_en.pptx   English scuba diving centre: courses by certification level with
                          duration and price, equipment rental per day and per week, boat
                          dives by site with depth and minimum level, night dives and nitrox,
                          medical and age requirements, refunds and weather cancellations,
                          contact (with a speaker note on the last slide)

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2025-03-01 12:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial60.py benchmarks/devset/docs
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

FIXED = datetime.datetime(2025, 3, 1, 12, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite a ZIP with fixed timestamps and sorted order so the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    # keep [Content_Types].xml first (Office wants it early), the rest in original order
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps the save time: pin it
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(<)",
                              rb"\g<1>2025-03-01T12:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=FIXED.timetuple()[:6])
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            out.writestr(zi, data)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.last_printed = FIXED
    d.core_properties.author = "Ключ-Мастер"
    d.core_properties.title = "Прайс-лист и правила службы «Ключ-Мастер»"
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    def table(headers, rows):
        t = d.add_table(rows=1, cols=len(headers))
        t.style = "Table Grid"
        for i, h in enumerate(headers):
            t.rows[0].cells[i].text = h
            for r in t.rows[0].cells[i].paragraphs[0].runs:
                r.bold = True
        for row in rows:
            cells = t.add_row().cells
            for i, v in enumerate(row):
                cells[i].text = v
        return t

    d.add_heading("Служба вскрытия и замены замков «Ключ-Мастер»", 0)
    d.add_paragraph(
        "Прайс-лист действует с 1 марта 2025 года в г. Екатеринбурге и ближайших пригородах. "
        "Работаем круглосуточно, без выходных. Приём заявок по телефону +7 (343) 300-40-50. "
        "Все цены указаны в рублях, НДС не облагается (УСН). Стоимость работ не включает "
        "цену нового замка или заготовки, если это не оговорено в строке прайс-листа.")

    d.add_heading("1. Аварийное вскрытие дверей и замков", 1)
    d.add_paragraph(
        "Вскрытие выполняется неразрушающим способом, если конструкция замка это позволяет. "
        "Если замок приходится высверлить, замена цилиндра оплачивается отдельно по разделу 2.")
    table(["Тип двери", "Тип замка", "Стоимость вскрытия, ₽", "Среднее время работы"], [
        ["Межкомнатная дверь", "Защёлка или замок с ручкой-кнопкой", "1 500", "10–15 мин"],
        ["Деревянная входная дверь", "Накладной замок", "2 500", "20 мин"],
        ["Металлическая входная дверь", "Цилиндровый замок (английский)", "3 200", "20–40 мин"],
        ["Металлическая входная дверь", "Сувальдный замок", "4 500", "40–60 мин"],
        ["Металлическая входная дверь", "Замок с броненакладкой", "5 800", "до 90 мин"],
        ["Металлическая входная дверь", "Электромеханический замок", "6 500", "до 2 ч"],
        ["Дверь легкового автомобиля", "Штатный замок", "3 500", "15–30 мин"],
        ["Гаражные ворота", "Навесной замок", "2 000", "15 мин"],
        ["Сейф (мебельный или офисный)", "Механический кодовый замок", "8 000", "от 1 ч"],
    ])
    d.add_paragraph(
        "Вскрытие почтового ящика — 700 ₽. Вскрытие двери, захлопнутой на «собачку» "
        "(ночную задвижку), оценивается мастером на месте, но не дороже 7 000 ₽.")

    d.add_heading("2. Замена и установка замков", 1)
    d.add_paragraph(
        "Класс взломостойкости замка указан по ГОСТ Р 52037-2003 (классы 1–4; чем выше "
        "класс, тем дольше замок сопротивляется взлому). Цена указана за работу.")
    table(["Работа", "Класс замка", "Стоимость работы, ₽"], [
        ["Замена цилиндра (личинки)", "Класс 1–2", "1 200"],
        ["Замена цилиндра (личинки)", "Класс 3–4", "1 800"],
        ["Замена врезного замка в металлической двери", "Класс 2", "2 800"],
        ["Замена врезного замка в металлической двери", "Класс 3", "3 600"],
        ["Замена врезного замка в металлической двери", "Класс 4", "4 900"],
        ["Врезка нового замка в деревянную дверь", "Класс 2", "3 000"],
        ["Врезка нового замка в металлическую дверь (с фрезеровкой)", "Класс 3", "5 500"],
        ["Установка броненакладки", "—", "2 200"],
        ["Установка накладного замка", "Класс 1", "1 600"],
    ])
    d.add_paragraph(
        "Перекодировка сувальдного замка (замена сувальдного механизма с комплектом новых "
        "ключей) — 2 400 ₽ без стоимости ремкомплекта.")

    d.add_heading("3. Изготовление ключей", 1)
    table(["Тип ключа", "Цена за 1 шт., ₽", "Срок изготовления"], [
        ["Плоский (английский) ключ", "250", "10 минут"],
        ["Крестообразный ключ", "450", "15 минут"],
        ["Сувальдный (двухбородочный) ключ", "650", "30 минут"],
        ["Перфорированный (лазерный) ключ", "1 100", "1 рабочий день"],
        ["Магнитный ключ домофона (таблетка)", "350", "5 минут"],
        ["Бесконтактный ключ-брелок RFID", "400", "5 минут"],
        ["Автомобильный чип-ключ с программированием иммобилайзера", "5 500", "1–2 часа"],
    ])
    d.add_paragraph(
        "При заказе от 5 одинаковых ключей — скидка 10% на весь заказ. Ключи изготавливаются "
        "только по оригиналу или по карточке владельца; по фотографии ключи не делаем.")

    d.add_heading("4. Выезд мастера по зонам города", 1)
    table(["Зона", "Районы", "Стоимость выезда, ₽", "Время прибытия"], [
        ["Зона А", "Центр: Ленинский, Кировский, Октябрьский районы", "0 при заказе от 3 000 ₽, иначе 400", "до 30 мин"],
        ["Зона Б", "Верх-Исетский, Железнодорожный, Орджоникидзевский, Чкаловский районы", "600", "до 45 мин"],
        ["Зона В", "Академический район, Широкая Речка, Кольцово", "900", "до 60 мин"],
        ["Зона Г", "Пригород: Берёзовский, Верхняя Пышма, Арамиль", "1 500 + 35 ₽ за каждый км от границы города", "до 90 мин"],
    ])

    d.add_heading("5. Надбавки за срочность, ночь и праздники", 1)
    for t in [
        "Ночной тариф: при вызове с 22:00 до 07:00 к стоимости работ добавляется 50%.",
        "Праздничный тариф: 31 декабря, с 1 по 8 января, 23 февраля, 8 марта, 1 и 9 мая, "
        "12 июня и 4 ноября к стоимости работ добавляется 70%. Ночная и праздничная надбавки "
        "не суммируются: применяется большая.",
        "Срочный выезд с прибытием в течение 20 минут (только зоны А и Б) — плюс 1 000 ₽.",
        "Надбавки начисляются на стоимость работ, но не на стоимость выезда и материалов.",
    ]:
        d.add_paragraph(t, style="List Bullet")

    d.add_heading("6. Проверка документов перед вскрытием", 1)
    for t in [
        "Мастер вскрывает дверь квартиры, дома или гаража только после проверки паспорта "
        "заказчика. В паспорте должна стоять регистрация по адресу вскрытия, либо заказчик "
        "предъявляет выписку ЕГРН или договор аренды на своё имя.",
        "Если документы остались внутри помещения, дверь вскрывается в присутствии двух "
        "соседей, которые подтверждают личность заказчика, а документы предъявляются сразу "
        "после вскрытия. Если документы не предъявлены, мастер вызывает полицию.",
        "Автомобиль вскрывается только при предъявлении СТС или ПТС и водительского "
        "удостоверения; если документы в салоне — сразу после вскрытия.",
        "Сейф вскрывается только по письменному заявлению владельца с документом, "
        "подтверждающим право собственности на сейф или помещение.",
        "Данные документов записываются в акт выполненных работ и хранятся 3 года.",
    ]:
        d.add_paragraph(t, style="List Number")

    d.add_heading("7. Гарантия", 1)
    d.add_paragraph(
        "На работы по установке и замене замков даётся гарантия 12 месяцев с даты акта. "
        "На замки и цилиндры, купленные у нас, действует гарантия производителя, но не менее "
        "6 месяцев. На изготовленные ключи гарантия 30 дней: если ключ не открывает замок, "
        "мы переделаем его бесплатно. Гарантия не распространяется на замки, установленные "
        "заказчиком самостоятельно, и на механические повреждения при попытке взлома.")

    d.add_heading("8. Оплата и отмена заказа", 1)
    d.add_paragraph(
        "Оплата производится после выполнения работ наличными, банковской картой или через "
        "СБП по QR-коду. Предоплату мы не берём. Юридическим лицам — по безналичному расчёту "
        "со счётом и актом.")
    d.add_paragraph(
        "Отменить вызов можно бесплатно до выезда мастера. Если мастер уже выехал, отмена "
        "стоит 500 ₽; если мастер прибыл на адрес, а работа не выполнена по вине заказчика "
        "(нет документов, заказчик отказался), оплачивается выезд по тарифу зоны, но не менее "
        "800 ₽. Если мастер опоздал более чем на 30 минут против обещанного времени, выезд "
        "бесплатный.")
    d.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.creator = "安居家装"
    ws = wb.active
    ws.title = "施工报价"
    ws.append(["安居家装工程有限公司 2025年施工报价单（人工+辅料，主材另计）"])
    ws.append(["类别", "施工项目", "材料等级", "单位", "单价（元）", "说明"])
    rows = [
        ["拆除", "拆除非承重砖墙（12cm）", "—", "㎡", 65, "承重墙不得拆除"],
        ["拆除", "拆除原有地砖", "—", "㎡", 28, "含铲除水泥砂浆层"],
        ["拆除", "拆除原有吊顶", "—", "㎡", 18, ""],
        ["拆除", "建筑垃圾清运", "—", "车", 450, "每车约3吨，运至指定消纳场"],
        ["拆除", "垃圾搬运楼层费（无电梯）", "—", "层·车", 30, "二楼起计"],
        ["瓷砖", "地面瓷砖铺贴（800×800mm）", "经济型", "㎡", 48, "水泥砂浆铺贴"],
        ["瓷砖", "地面瓷砖铺贴（800×800mm）", "标准型", "㎡", 68, "瓷砖胶铺贴，找平"],
        ["瓷砖", "地面瓷砖铺贴（800×800mm）", "高档型", "㎡", 98, "瓷砖胶+调平器，缝宽≤1.5mm"],
        ["瓷砖", "墙面瓷砖铺贴（300×600mm）", "经济型", "㎡", 55, ""],
        ["瓷砖", "墙面瓷砖铺贴（300×600mm）", "标准型", "㎡", 75, ""],
        ["瓷砖", "墙面瓷砖铺贴（300×600mm）", "高档型", "㎡", 115, "含阳角45°磨边"],
        ["瓷砖", "马赛克铺贴", "高档型", "㎡", 190, ""],
        ["刷漆", "墙面乳胶漆（一底两面）", "经济型", "㎡", 26, "国产环保乳胶漆"],
        ["刷漆", "墙面乳胶漆（一底两面）", "标准型", "㎡", 36, "含刮腻子两遍、打磨"],
        ["刷漆", "墙面乳胶漆（一底两面）", "高档型", "㎡", 55, "进口品牌，含刮腻子三遍"],
        ["刷漆", "艺术涂料", "高档型", "㎡", 168, ""],
        ["防水", "卫生间防水（柔性防水涂料）", "标准型", "㎡", 82, "墙面上翻1.8米"],
        ["防水", "卫生间防水（柔性防水涂料）", "高档型", "㎡", 118, "墙面上翻至顶"],
        ["防水", "厨房防水", "标准型", "㎡", 72, "墙面上翻0.3米"],
        ["防水", "阳台防水", "标准型", "㎡", 68, ""],
        ["地板", "强化复合地板安装", "经济型", "㎡", 22, "含防潮膜"],
        ["地板", "实木复合地板安装", "标准型", "㎡", 32, "含防潮膜"],
        ["地板", "实木地板安装（含木龙骨）", "高档型", "㎡", 85, ""],
        ["吊顶", "石膏板平顶", "经济型", "㎡", 115, "轻钢龙骨"],
        ["吊顶", "石膏板平顶", "标准型", "㎡", 145, "轻钢龙骨，防潮石膏板"],
        ["吊顶", "铝扣板吊顶（厨卫）", "标准型", "㎡", 130, ""],
        ["吊顶", "铝扣板吊顶（厨卫）", "高档型", "㎡", 175, "含集成电器开孔"],
        ["吊顶", "石膏线安装", "标准型", "米", 16, ""],
    ]
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["注：报价含人工和辅料，不含瓷砖、地板、涂料等主材；施工面积按实际测量计算，不足1㎡按1㎡计。"])
    for c in ws[2]:
        c.font = Font(bold=True)
    for col, w in zip("ABCDEF", [8, 30, 10, 8, 12, 30]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("合同条款")
    ws2.append(["条款", "内容"])
    terms = [
        ["付款方式", "分四期付款：签订合同时付工程总价的30%；水电验收合格后付30%；泥木验收合格后付30%；竣工验收合格后付尾款10%。"],
        ["定金", "签约前可交定金2000元，签约后抵作首期款；业主单方取消的，定金不退。"],
        ["质保期（水电隐蔽工程）", "5年"],
        ["质保期（防水工程）", "5年，质保期内渗漏免费维修并赔偿楼下损失"],
        ["质保期（瓷砖铺贴）", "2年，空鼓率超过5%的免费返工"],
        ["质保期（墙面刷漆）", "1年，不含业主自行改动或外力造成的开裂"],
        ["质保期（吊顶）", "2年"],
        ["质保期（地板安装）", "1年"],
        ["工期延误", "因施工方原因逾期竣工的，每逾期一天按工程总价的千分之一向业主支付违约金，累计不超过工程总价的5%。因业主原因（设计变更、主材未按时到场）造成的延误不计违约金，工期相应顺延。"],
        ["阶段验收", "工程分水电、泥木、油漆、竣工四个阶段验收。施工方提前2天通知业主；业主收到通知后3日内不参加验收的，视为该阶段验收合格。"],
        ["闭水试验", "防水完工后做闭水试验，蓄水深度不低于2厘米，时间不少于48小时，楼下无渗漏为合格。"],
        ["竣工验收", "竣工后双方共同验收并签署验收单；质保期从竣工验收合格之日起计算。"],
        ["工程变更", "变更须填写书面变更单，双方签字后方可施工；增加项目按本报价单单价计算，减少项目已采购的辅料按实际成本扣除。"],
        ["变更工期", "单次变更金额超过工程总价10%的，双方重新商定工期。"],
    ]
    for t in terms:
        ws2.append(t)
    for c in ws2[1]:
        c.font = Font(bold=True)
    ws2.column_dimensions["A"].width = 24
    ws2.column_dimensions["B"].width = 90
    wb.save(path)
    normalise_zip(path)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    p = Presentation()
    p.core_properties.created = FIXED
    p.core_properties.modified = FIXED
    p.core_properties.last_printed = FIXED
    p.core_properties.author = "Blue Reef Dive Centre"
    p.core_properties.title = "Blue Reef Dive Centre — Prices and Policies 2025"

    s = p.slides.add_slide(p.slide_layouts[0])
    s.shapes.title.text = "Blue Reef Dive Centre"
    s.placeholders[1].text = ("Courses, rentals, boat dives and policies — season 2025\n"
                              "Marina de Lagos, Portugal · All prices in EUR, VAT included")

    def bullets(title, lines):
        sl = p.slides.add_slide(p.slide_layouts[1])
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            para = tf.add_paragraph()
            para.text = ln
        for para in tf.paragraphs:
            for r in para.runs:
                r.font.size = PPt(16)
        return sl

    def table_slide(title, headers, rows, note=None):
        sl = p.slides.add_slide(p.slide_layouts[5])
        sl.shapes.title.text = title
        n = len(rows) + 1
        shape = sl.shapes.add_table(n, len(headers), Inches(0.4), Inches(1.5), Inches(9.2), Inches(0.4 * n))
        t = shape.table
        for i, h in enumerate(headers):
            t.cell(0, i).text = h
        for r, row in enumerate(rows, start=1):
            for i, v in enumerate(row):
                t.cell(r, i).text = v
        for r in range(n):
            for i in range(len(headers)):
                for para in t.cell(r, i).text_frame.paragraphs:
                    for run in para.runs:
                        run.font.size = PPt(12)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.4), Inches(1.7 + 0.4 * n), Inches(9.2), Inches(0.8))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for para in tb.text_frame.paragraphs:
                for run in para.runs:
                    run.font.size = PPt(12)
        return sl

    table_slide("Courses by certification level",
                ["Course", "Certification level", "Duration", "Price (EUR)"], [
                    ["Discover Scuba Diving (pool + 1 sea dive)", "No certification", "1 day", "€95"],
                    ["Scuba Diver", "Entry level, max depth 12 m", "2 days", "€310"],
                    ["Open Water Diver", "Entry level, max depth 18 m", "3–4 days", "€465"],
                    ["Advanced Open Water Diver", "Intermediate, max depth 30 m", "2 days", "€340"],
                    ["Rescue Diver (EFR included)", "Advanced", "3 days", "€420"],
                    ["Divemaster", "Professional", "4–6 weeks", "€1,150"],
                    ["Enriched Air (Nitrox) Specialty", "Specialty", "1 day", "€175"],
                    ["Night Diver Specialty", "Specialty", "3 night dives", "€240"],
                ],
                note="Course prices include manuals or eLearning, full equipment and certification fees. "
                     "Groups of 4 or more booking together get 10% off any course except Divemaster.")

    table_slide("Equipment rental",
                ["Item", "Per day", "Per week (6 days)"], [
                    ["Full set (BCD, regulator, 5 mm wetsuit, mask, fins, computer)", "€38", "€195"],
                    ["BCD", "€12", "€60"],
                    ["Regulator with octopus", "€12", "€60"],
                    ["Wetsuit 5 mm", "€9", "€45"],
                    ["Wetsuit 7 mm semi-dry", "€14", "€70"],
                    ["Dive computer", "€11", "€55"],
                    ["Underwater torch", "€7", "€35"],
                    ["Mask, snorkel and fins", "€8", "€40"],
                ],
                note="Tanks and weights are included with every guided dive. Lost or damaged equipment is "
                     "charged at replacement cost; a deposit of €150 or a credit-card imprint is required.")

    table_slide("Boat dives by site",
                ["Dive site", "Boat ride", "Max depth", "Minimum level", "Price per dive"], [
                    ["Ponta da Piedade Reef", "10 min", "14 m", "Open Water", "€48"],
                    ["Grotto Arches", "15 min", "18 m", "Open Water", "€52"],
                    ["Barranco Pinnacles", "25 min", "26 m", "Advanced Open Water", "€62"],
                    ["Wreck of the Océano (cargo ship, 1982)", "35 min", "32 m", "Advanced + Deep Specialty", "€78"],
                    ["Sagres Canyon (double-tank trip)", "50 min", "30 m", "Advanced Open Water", "€125"],
                ],
                note="Boat dives leave at 09:00 and 14:00. Package: 10 boat dives at single-tank sites for €420.")

    bullets("Night dives and nitrox", [
        "Night boat dives run on Tuesdays and Fridays, departure 20:30 (19:30 from October).",
        "Night dive surcharge: €20 on top of the site price; a torch is included.",
        "Night dives are only at Ponta da Piedade Reef and Grotto Arches.",
        "Nitrox fills: EAN32 €9 per tank, EAN36 €12 per tank.",
        "Nitrox card of 10 fills (EAN32 or EAN36): €85.",
        "Nitrox is filled only for divers showing an Enriched Air certification card; "
        "every tank is analysed and signed for by the diver.",
    ])

    bullets("Medical and age requirements", [
        "Every diver completes the RSTC medical questionnaire before the first dive.",
        "A \"yes\" to any question requires a physician's signed approval dated within the last 12 months.",
        "Minimum age: 10 years for Junior Open Water (max 12 m until age 12); 8 years for pool-only Bubblemaker.",
        "Advanced Open Water from 12 years; Rescue Diver from 12 years; Divemaster from 18 years.",
        "Divers under 18 need a parent's or guardian's signature on the liability release.",
        "No flying within 18 hours after repetitive dives or multiple days of diving.",
        "Pregnant women may not dive; snorkelling trips are available instead (€25).",
    ])

    bullets("Refunds and weather cancellations", [
        "Fun dives cancelled by the diver more than 48 hours before departure: full refund.",
        "Cancelled 24 to 48 hours before: 50% refund. Less than 24 hours or no-show: no refund.",
        "Course deposit: 30% of the course price, non-refundable once eLearning codes are issued.",
        "If the harbour master closes the port or wind exceeds 20 knots, we cancel: "
        "choose a full refund or a free reschedule.",
        "A dive aborted at the site for safety reasons after descent is not refunded; "
        "a dive aborted before entering the water is refunded 50%.",
        "Refunds are paid to the original payment card within 10 working days.",
    ])

    sl = bullets("Contact", [
        "Blue Reef Dive Centre, Marina de Lagos, Pontoon C, 8600-780 Lagos",
        "Open daily 08:00–19:00 from March to November; closed December to February.",
        "Phone +351 282 000 451 · info@bluereef.example",
    ])
    sl.notes_slide.notes_text_frame.text = "Staff note: quote the winter closure when asked about January trips."
    p.save(path)
    normalise_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial60/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial60"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "zamok_uslugi_ru.docx")
    make_xlsx(out / "remont_baojia_zh.xlsx")
    make_pptx(out / "bluereef_dive_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
