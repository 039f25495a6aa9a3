#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 57 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- atelie_ru.docx    Russian tailoring atelier: alterations by garment with ordinary and
                    complex fabric prices and days, custom tailoring with fittings and
                    days, fabrics by the metre, urgent orders, fittings, rules on prepayment,
                    collection, storage, warranty and claims (6.1-6.5)
- prokat_zh.xlsx    Chinese car rental: 13 cars with day, week and month rates, mileage limits
                    and extra-kilometre fees (sheet 车型价格), deposits by class and insurance
                    and extras (sheet 押金与附加服务), 13 rental rules (sheet 租车规则)
- framing_en.pptx   English picture-framing studio: size bands, mouldings by size band,
                    glazing upgrades, mounts, canvas stretching, ready-made frames, turnaround
                    and rush service, deposits, collection and damage

The trial's generator pinned core.xml's created and modified times but not the zip members'
times, and openpyxl stamps its save time as core.xml's modified time whatever was set; so
every zip member's time is pinned to the trial's save time (2026-12-06 19:25:48, a zip time
being even seconds), and so is the XLSX's modified time (2026-12-06T19:25:49Z), so the bytes
match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial57.py benchmarks/devset/docs
"""
import datetime as dt
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2025, 3, 1, 9, 0, 0)
#: when the trial's files were saved (their zip members' times)
SAVED = (2026, 12, 6, 19, 25, 48)
#: the XLSX's core.xml modified time, which openpyxl sets at save
XLSX_MODIFIED = b"2026-12-06T19:25:49Z"


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    cp = d.core_properties
    cp.author = "Ателье «Игла и напёрсток»"
    cp.title = "Прейскурант и правила обслуживания"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "atelier"
    cp.revision = 1

    style = d.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    t = d.add_heading("Ателье «Игла и напёрсток»", level=0)
    t.alignment = WD_ALIGN_PARAGRAPH.CENTER
    d.add_paragraph(
        "Прейскурант на услуги ремонта, подгонки и индивидуального пошива одежды. "
        "Действует с 1 марта 2025 года. Адрес: г. Казань, ул. Баумана, д. 44, 2 этаж. "
        "Телефон: +7 (843) 211-45-90."
    )
    d.add_paragraph(
        "Часы работы: понедельник – пятница с 10:00 до 20:00, суббота с 11:00 до 18:00, "
        "воскресенье – выходной. Приём срочных заказов ведётся до 12:00."
    )

    # 1. Alterations
    d.add_heading("1. Ремонт и подгонка одежды", level=1)
    d.add_paragraph(
        "Цены указаны за одно изделие. «Обычная ткань» – костюмные и плательные ткани, хлопок, "
        "лён, джинса. «Сложная ткань» – натуральный шёлк, шифон, трикотаж, кожа, замша, "
        "ткани с пайетками. Вид ткани определяет мастер при приёме заказа."
    )
    rows = [
        ("Укоротить брюки (подшить низ)", "Брюки", "600", "900", "2"),
        ("Укоротить джинсы с сохранением фабричного шва", "Джинсы", "850", "1 200", "3"),
        ("Заузить брюки по боковым швам", "Брюки", "1 100", "1 600", "3"),
        ("Заменить молнию (юбка, брюки)", "Юбка / брюки", "650", "900", "1"),
        ("Заменить разъёмную молнию в куртке", "Куртка", "1 400", "1 900", "3"),
        ("Укоротить прямую юбку", "Юбка", "700", "1 050", "2"),
        ("Укоротить юбку плиссе", "Юбка", "1 500", "2 200", "4"),
        ("Укоротить рукава пиджака со шлицей", "Пиджак", "1 800", "2 500", "4"),
        ("Укоротить рукава пиджака без шлицы", "Пиджак", "1 200", "1 700", "3"),
        ("Ушить пиджак по спинке", "Пиджак", "1 600", "2 300", "4"),
        ("Укоротить рукава рубашки", "Рубашка", "700", "950", "2"),
        ("Укоротить платье", "Платье", "900", "1 400", "3"),
        ("Ушить платье по боковым швам", "Платье", "1 300", "1 900", "3"),
        ("Укоротить пальто", "Пальто", "2 400", "3 200", "5"),
        ("Заменить подкладку пальто", "Пальто", "4 500", "5 800", "7"),
    ]
    tab = d.add_table(rows=1, cols=5)
    tab.style = "Table Grid"
    hdr = ("Вид работы", "Изделие", "Обычная ткань, руб.", "Сложная ткань, руб.", "Срок, рабочих дней")
    for c, h in zip(tab.rows[0].cells, hdr):
        c.text = h
    for r in rows:
        cells = tab.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph(
        "Работы с изделиями из натурального меха не выполняются. Подгонка изделий, "
        "приобретённых не в нашем ателье, выполняется только после осмотра мастером."
    )

    # 2. Custom tailoring
    d.add_heading("2. Индивидуальный пошив", level=1)
    d.add_paragraph(
        "Стоимость пошива указана без учёта ткани и включает снятие мерок, построение "
        "лекал, раскрой, указанное число примерок и фурнитуру (пуговицы, молнии, нитки, "
        "дублерин). Подкладочная ткань для костюмов и пальто входит в стоимость пошива."
    )
    rows2 = [
        ("Костюм мужской «двойка» (пиджак и брюки)", "38 000", "3", "21"),
        ("Костюм мужской «тройка» (пиджак, жилет и брюки)", "46 000", "3", "25"),
        ("Пиджак мужской", "26 000", "2", "18"),
        ("Брюки мужские", "9 500", "1", "10"),
        ("Костюм женский брючный", "34 000", "3", "21"),
        ("Платье-футляр", "16 000", "2", "14"),
        ("Платье вечернее в пол", "28 000", "3", "20"),
        ("Платье свадебное", "от 65 000", "4", "45"),
        ("Юбка прямая", "6 500", "1", "7"),
        ("Пальто демисезонное", "42 000", "3", "30"),
    ]
    tab2 = d.add_table(rows=1, cols=4)
    tab2.style = "Table Grid"
    for c, h in zip(tab2.rows[0].cells, ("Изделие", "Пошив, руб.", "Примерок включено", "Срок изготовления, дней")):
        c.text = h
    for r in rows2:
        cells = tab2.add_row().cells
        for c, v in zip(cells, r):
            c.text = v

    # 3. Fabrics
    d.add_heading("3. Ткани на отрез", level=1)
    d.add_paragraph(
        "Ткани продаются на метраж от 0,5 м с шагом 0,1 м. Цена указана за 1 погонный метр. "
        "При заказе пошива из ткани ателье ткань оплачивается полностью в день оформления заказа."
    )
    rows3 = [
        ("Шерсть костюмная Super 120's", "Италия", "150", "4 200"),
        ("Шерсть костюмная Super 100's", "Турция", "150", "2 600"),
        ("Шерсть с кашемиром (10 % кашемира)", "Италия", "150", "6 800"),
        ("Лён костюмный", "Беларусь", "150", "1 350"),
        ("Хлопок рубашечный (поплин)", "Египет", "145", "1 100"),
        ("Шёлк натуральный (крепдешин)", "Китай", "140", "3 900"),
        ("Креп плательный", "Италия", "145", "2 200"),
        ("Вискоза подкладочная", "Россия", "140", "480"),
    ]
    tab3 = d.add_table(rows=1, cols=4)
    tab3.style = "Table Grid"
    for c, h in zip(tab3.rows[0].cells, ("Ткань", "Страна", "Ширина, см", "Цена за 1 м, руб.")):
        c.text = h
    for r in rows3:
        cells = tab3.add_row().cells
        for c, v in zip(cells, r):
            c.text = v
    d.add_paragraph(
        "Декатировка (предварительная влажно-тепловая обработка) ткани клиента – 300 руб. за 1 м. "
        "Ткань клиента принимается в пошив при запасе не менее 10 % на усадку."
    )

    # 4. Urgent orders
    d.add_heading("4. Срочные заказы", level=1)
    for s in (
        "Ремонт в день обращения (при сдаче изделия до 12:00) – наценка 50 % к стоимости работы.",
        "Ремонт к следующему рабочему дню – наценка 30 % к стоимости работы.",
        "Ускоренный индивидуальный пошив (срок сокращается вдвое) – наценка 40 % к стоимости пошива; "
        "принимается не более двух таких заказов в неделю.",
        "Срочное выполнение не распространяется на изделия из кожи и замши.",
    ):
        d.add_paragraph(s, style="List Bullet")

    # 5. Fittings
    d.add_heading("5. Примерки", level=1)
    d.add_paragraph(
        "Число примерок, включённых в стоимость пошива, указано в разделе 2. Каждая "
        "дополнительная примерка сверх включённых оплачивается отдельно – 1 500 руб. "
        "Выезд мастера на примерку к клиенту в пределах города – 2 500 руб. за один выезд. "
        "Запись на примерку – не позднее чем за 24 часа. Если клиент не пришёл на примерку "
        "и не предупредил об этом, примерка считается проведённой."
    )

    # 6. Rules
    d.add_heading("6. Правила обслуживания", level=1)
    rules = [
        ("6.1. Предоплата.", "Заказы на ремонт стоимостью до 3 000 руб. принимаются без предоплаты; "
         "при стоимости свыше 3 000 руб. вносится предоплата 50 %. На индивидуальный пошив "
         "вносится предоплата 70 % стоимости пошива при оформлении заказа. После раскроя ткани "
         "предоплата не возвращается."),
        ("6.2. Срок получения.", "Готовое изделие необходимо забрать в течение 30 календарных дней "
         "с даты готовности, указанной в квитанции."),
        ("6.3. Хранение.", "Начиная с 31-го дня после даты готовности взимается плата за хранение: "
         "100 руб. в сутки за одно изделие, за верхнюю одежду (пальто, куртки) – 150 руб. в сутки. "
         "Изделие выдаётся только после оплаты хранения. Изделия, не востребованные в течение "
         "6 месяцев, ателье вправе реализовать в порядке, установленном законом."),
        ("6.4. Гарантия.", "Гарантия на швы при ремонте и подгонке – 30 дней, на изделия "
         "индивидуального пошива – 60 дней со дня выдачи. Гарантия распространяется на швы и "
         "фурнитуру, установленную ателье. Гарантия не действует при нарушении правил ухода, "
         "указанных на маркировке, и на изделия, изменённые третьими лицами."),
        ("6.5. Претензии.", "Претензии к внешнему виду изделия принимаются только при его получении. "
         "Выдача изделия производится по квитанции; при утере квитанции – по паспорту."),
    ]
    for head, text in rules:
        p = d.add_paragraph()
        p.add_run(head + " ").bold = True
        p.add_run(text)
    d.save(path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "顺途租车"
    wb.properties.title = "顺途租车 价目表与租车规则"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "shuntu"

    bold = Font(bold=True)
    ws = wb.active
    ws.title = "车型价格"
    hdr = ["车型等级", "品牌型号", "座位数", "变速箱", "日租价(元/天)", "周租价(元/7天)",
           "月租价(元/30天)", "每日限里程(公里)", "超里程费(元/公里)"]
    cars = [
        ["经济型", "大众 Polo 1.5L", 5, "自动", 158, 980, 3600, 300, 0.8],
        ["经济型", "丰田 威驰 1.5L", 5, "手动", 138, 860, 3200, 300, 0.8],
        ["经济型", "本田 飞度 1.5L", 5, "自动", 168, 1050, 3900, 300, 0.8],
        ["舒适型", "大众 朗逸 1.5L", 5, "自动", 198, 1250, 4500, 300, 1.0],
        ["舒适型", "丰田 卡罗拉 1.2T", 5, "自动", 218, 1360, 4900, 300, 1.0],
        ["舒适型", "日产 轩逸 1.6L", 5, "自动", 208, 1300, 4700, 300, 1.0],
        ["SUV", "本田 CR-V 1.5T", 5, "自动", 328, 2050, 7600, 350, 1.2],
        ["SUV", "丰田 RAV4 荣放 2.0L", 5, "自动", 348, 2180, 7900, 350, 1.2],
        ["商务型", "别克 GL8 2.0T", 7, "自动", 498, 3150, 11800, 400, 1.5],
        ["豪华型", "宝马 530Li", 5, "自动", 888, 5600, 21000, 300, 2.5],
        ["豪华型", "奔驰 E300L", 5, "自动", 868, 5480, 20500, 300, 2.5],
        ["新能源", "比亚迪 秦PLUS EV", 5, "自动", 178, 1120, 4100, "不限", "—"],
        ["新能源", "特斯拉 Model 3", 5, "自动", 398, 2500, 9200, "不限", "—"],
    ]
    ws.append(hdr)
    for c in ws[1]:
        c.font = bold
    for r in cars:
        ws.append(r)
    ws.append([])
    ws.append(["说明：周租价须连续租用7天，月租价须连续租用30天；周租、月租的里程限额按租期天数累计计算。价格含基本保障，不含燃油费。"])
    widths = [10, 22, 8, 8, 14, 15, 16, 16, 17]
    for i, w in enumerate(widths):
        ws.column_dimensions[chr(65 + i)].width = w

    ws2 = wb.create_sheet("押金与附加服务")
    ws2.append(["车型等级", "车辆押金(元)", "违章押金(元)", "押金退还时间"])
    for c in ws2[1]:
        c.font = bold
    for r in [
        ["经济型", 3000, 2000, "车辆押金还车时解冻；违章押金还车后30天退还"],
        ["舒适型", 5000, 2000, "车辆押金还车时解冻；违章押金还车后30天退还"],
        ["SUV", 8000, 2000, "车辆押金还车时解冻；违章押金还车后30天退还"],
        ["商务型", 10000, 3000, "车辆押金还车时解冻；违章押金还车后30天退还"],
        ["豪华型", 20000, 5000, "车辆押金还车时解冻；违章押金还车后30天退还"],
        ["新能源", 5000, 2000, "车辆押金还车时解冻；违章押金还车后30天退还"],
    ]:
        ws2.append(r)
    ws2.append([])
    ws2.append(["保险及附加服务", "价格(元)", "计费单位", "说明"])
    for c in ws2[ws2.max_row]:
        c.font = bold
    for r in [
        ["基本保障", 0, "已含在租金内", "交强险、第三者责任险50万元、车损险（车损免赔额5000元）"],
        ["全面保障", 50, "元/天", "车损免赔额降至1500元，含盗抢险"],
        ["尊享保障", 90, "元/天", "零免赔，含轮胎、玻璃单独损失"],
        ["额外驾驶员", 30, "元/天/人", "最多增加2名驾驶员，须符合租车规则第1、2条"],
        ["儿童安全座椅（9个月–4岁）", 40, "元/天", "每单封顶400元"],
        ["儿童增高坐垫（4–12岁）", 20, "元/天", "每单封顶200元"],
        ["GPS导航仪", 15, "元/天", ""],
        ["车载Wi-Fi", 25, "元/天", "每日流量5GB"],
    ]:
        ws2.append(r)
    for col, w in zip("ABCD", (26, 14, 14, 44)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("租车规则")
    ws3.append(["条款", "项目", "规定"])
    for c in ws3[1]:
        c.font = bold
    for r in [
        [1, "驾驶人年龄", "驾驶人须年满20周岁且不超过70周岁；租用豪华型车辆须年满25周岁。"],
        [2, "驾龄要求", "持有效C1及以上驾驶证满1年；租用商务型、豪华型车辆须驾龄满3年。"],
        [3, "所需证件", "本人身份证、驾驶证原件及本人名下信用卡（用于押金预授权）。"],
        [4, "燃油政策", "满油取车、满油还车。还车油量不足的，按每升12元收取燃油费，另收加油服务费50元/次。"],
        [5, "新能源车电量", "新能源车还车时电量不得低于50%，不足部分按每1%电量2元收取充电费。"],
        [6, "租期计算", "租期以24小时为1天计算；超时4小时以内按每小时日租价的20%收费，超过4小时按1天计费。"],
        [7, "逾期还车", "未办理续租而逾期还车的，除超时费外另收逾期手续费200元/次；逾期超过24小时且无法联系的，视为违约，公司有权收回车辆。"],
        [8, "提前还车", "提前还车的，退还未使用天数的租金，并收取退还金额的30%作为违约金。"],
        [9, "同城异店还车", "在同一城市其他门店还车免费。"],
        [10, "异地还车", "同省异地还车服务费300元；跨省异地还车：两地距离500公里以内800元，500公里以上1500元。须提前48小时预约。"],
        [11, "取消预订", "取车前24小时以上取消，免费；取车前24小时内取消，收取首日租金的50%。"],
        [12, "营业时间", "门店营业时间8:00–21:00；21:00至次日8:00取车或还车，收取夜间服务费100元/次。"],
        [13, "使用限制", "车辆不得驶出中国大陆，不得用于网约车营运、赛车或教练用车。"],
    ]:
        ws3.append(r)
    ws3.column_dimensions["A"].width = 6
    ws3.column_dimensions["B"].width = 16
    ws3.column_dimensions["C"].width = 90
    for row in ws3.iter_rows(min_row=2):
        row[2].alignment = Alignment(wrap_text=True)
    wb.save(path)


# ---------------------------------------------------------------- PPTX (en)
def _title_body(prs, title, lines):
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = title
    body = s.placeholders[1].text_frame
    body.clear()
    for i, ln in enumerate(lines):
        p = body.paragraphs[0] if i == 0 else body.add_paragraph()
        p.text = ln
        p.font.size = PPt(16)
    return s


def _table_slide(prs, title, header, rows, note=None, col_widths=None):
    s = prs.slides.add_slide(prs.slide_layouts[5])  # title only
    s.shapes.title.text = title
    n_rows, n_cols = len(rows) + 1, len(header)
    top = Inches(1.4)
    height = Inches(0.32) * n_rows
    shape = s.shapes.add_table(n_rows, n_cols, Inches(0.4), top, Inches(9.2), height)
    tbl = shape.table
    for j, h in enumerate(header):
        tbl.cell(0, j).text = h
    for i, r in enumerate(rows, start=1):
        for j, v in enumerate(r):
            tbl.cell(i, j).text = v
    for i in range(n_rows):
        for j in range(n_cols):
            for p in tbl.cell(i, j).text_frame.paragraphs:
                p.font.size = PPt(11)
    if col_widths:
        for j, w in enumerate(col_widths):
            tbl.columns[j].width = Inches(w)
    if note:
        tb = s.shapes.add_textbox(Inches(0.4), top + height + Inches(0.15), Inches(9.2), Inches(0.8))
        tb.text_frame.word_wrap = True
        tb.text_frame.text = note
        for p in tb.text_frame.paragraphs:
            p.font.size = PPt(12)
    return s


def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.core_properties.author = "Oakline Framing Studio"
    prs.core_properties.title = "Oakline Framing Studio - Price Guide 2025"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.last_modified_by = "oakline"
    prs.core_properties.revision = 1

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Oakline Framing Studio — Price Guide 2025"
    s.placeholders[1].text = (
        "14 Colston Street, Bristol BS1 5AP · Open Tuesday–Saturday 9:30–17:30 · "
        "All prices include VAT and apply from 1 March 2025"
    )

    _title_body(prs, "How our prices work", [
        "A bespoke frame is priced from three parts: the moulding, the glazing and the mount.",
        "Size bands are measured on the outside of the mount (or the artwork if unmounted):",
        "Small: up to 30 × 40 cm · Medium: up to 50 × 70 cm · Large: up to 70 × 100 cm · Oversize: up to 100 × 140 cm.",
        "Anything larger than 100 × 140 cm is quoted individually.",
        "Every bespoke frame includes hanging hardware (D-rings and cord) and a sealed backing board.",
    ])

    _table_slide(
        prs, "Frame mouldings (price per frame, standard glass included)",
        ["Code", "Profile width", "Finish", "Small", "Medium", "Large", "Oversize"],
        [
            ["OK-20", "20 mm", "Natural oak", "£38", "£52", "£74", "£105"],
            ["OK-20W", "20 mm", "White-washed oak", "£40", "£55", "£78", "£110"],
            ["OK-35", "35 mm", "Natural oak", "£46", "£64", "£92", "£130"],
            ["OK-35B", "35 mm", "Black-stained oak", "£48", "£66", "£95", "£134"],
            ["WN-30", "30 mm", "Walnut veneer", "£58", "£80", "£115", "£160"],
            ["GL-45", "45 mm", "Gold leaf, ornate", "£85", "£120", "£170", "£240"],
            ["AL-12", "12 mm", "Brushed silver aluminium", "£34", "£47", "£66", "£92"],
            ["AL-12K", "12 mm", "Matt black aluminium", "£34", "£47", "£66", "£92"],
            ["BX-25", "25 mm (40 mm deep box)", "Painted white", "£52", "£72", "£102", "£145"],
        ],
        note="Oversize frames are glazed with acrylic instead of glass at no extra charge.",
        col_widths=[0.9, 1.9, 2.1, 1.05, 1.05, 1.05, 1.15],
    )

    _table_slide(
        prs, "Glazing upgrades (added to the frame price)",
        ["Glazing", "Small", "Medium", "Large", "Oversize"],
        [
            ["Standard 2 mm float glass", "included", "included", "included", "not available"],
            ["Anti-reflective glass", "+£18", "+£28", "+£42", "not available"],
            ["UV-protective conservation glass (99% UV)", "+£24", "+£36", "+£55", "not available"],
            ["Museum glass (anti-reflective + 99% UV)", "+£45", "+£68", "+£98", "not available"],
            ["Standard 2.5 mm acrylic", "+£6", "+£10", "+£16", "included"],
            ["UV-filtering acrylic", "+£20", "+£30", "+£46", "+£70"],
        ],
        note="We recommend acrylic for children's rooms and for frames sent by courier.",
        col_widths=[3.6, 1.4, 1.4, 1.4, 1.4],
    )

    _table_slide(
        prs, "Mount boards",
        ["Mount", "Small", "Medium", "Large", "Oversize"],
        [
            ["Standard white-core mount, 1.4 mm", "£9", "£14", "£22", "£32"],
            ["Conservation (acid-free) mount, 1.4 mm", "£14", "£20", "£30", "£44"],
            ["Deep bevel mount, 3 mm (white only)", "£18", "£26", "£38", "£55"],
        ],
        note=("Double mount (two colours): add £8 to any mount. Each extra aperture in a "
              "multi-opening mount: £4. Choose from 60 mount colours in the studio."),
        col_widths=[3.6, 1.4, 1.4, 1.4, 1.4],
    )

    _table_slide(
        prs, "Canvas stretching",
        ["Canvas size", "Standard bars (18 mm)", "Gallery bars (38 mm)"],
        [
            ["Up to 40 × 50 cm", "£25", "£35"],
            ["Up to 60 × 80 cm", "£38", "£52"],
            ["Up to 90 × 120 cm", "£55", "£75"],
            ["Larger than 90 × 120 cm", "quoted", "quoted"],
        ],
        note=("Canvases need at least 5 cm of unpainted border on every side for wrapping. "
              "A float (tray) frame for a stretched canvas starts from £65."),
        col_widths=[3.2, 3.0, 3.0],
    )

    _table_slide(
        prs, "Ready-made frames (acrylic glazing, MDF back)",
        ["Size", "Black", "White", "Oak"],
        [
            ["A4 (21 × 29.7 cm)", "£14", "£14", "£19"],
            ["A3 (29.7 × 42 cm)", "£22", "£22", "£29"],
            ["40 × 50 cm", "£29", "£29", "£38"],
            ["50 × 70 cm", "£39", "£39", "£52"],
            ["A1 (59.4 × 84.1 cm)", "£55", "£55", "£72"],
        ],
        note="Ready-made frames are paid in full at purchase and can be exchanged within 14 days with a receipt.",
        col_widths=[3.2, 2.0, 2.0, 2.0],
    )

    _title_body(prs, "Turnaround and rush service", [
        "Standard turnaround for bespoke framing: 10 working days.",
        "Express (5 working days): 25% surcharge on the order total.",
        "Rush (within 48 hours): 50% surcharge on the order total, minimum surcharge £20; "
        "only for frames up to Large size.",
        "Rush service is not available for gold-leaf mouldings (GL-45), which are made to order.",
        "Glass replacement in your own frame while you wait: £15 fitting fee plus the glass.",
    ])

    _title_body(prs, "Deposits, collection and damage", [
        "A 50% deposit is taken when a bespoke order is placed; the balance is due on collection.",
        "We text you when your order is ready. Please collect within 30 days; after that we charge "
        "storage of £2 per frame per day.",
        "Orders not collected within 90 days of our ready notice may be disposed of and the deposit is forfeited.",
        "Please inspect your frame at collection: damage must be reported within 7 days of collection.",
        "Artwork in our care is insured up to £500 per item; declare anything worth more when you order.",
        "We are not liable for pastel or charcoal lifted by static on acrylic glazing.",
        "Local delivery within 10 miles: £15, free for orders over £250.",
    ])
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
    # the development set's docs folder (fetch.py passes it); the files go to its trial57/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial57"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "atelie_ru.docx")
    make_xlsx(out / "prokat_zh.xlsx")
    make_pptx(out / "framing_en.pptx")
    normalize_zip(out / "atelie_ru.docx")
    normalize_zip(out / "prokat_zh.xlsx", XLSX_MODIFIED)
    normalize_zip(out / "framing_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
