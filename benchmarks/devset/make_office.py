#!/usr/bin/env python3
"""Generate the invented office documents of the development set.

Usage:  python make_office.py OUTDIR        (e.g. benchmarks/devset/docs)

Writes
  OUTDIR/office/staff.xlsx, office/pumps-ru.xlsx, office/training.pptx,
  office/gongyi-zh.pptx, office/policy-ru.docx, office/handbook-en.docx,
  OUTDIR/manual/px300-en.pdf, manual/px310-en.pdf, manual/fen-zh.pdf

Needs python-docx, openpyxl, python-pptx, reportlab and two font packages:
  fonts-dejavu-core     (/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)     English/Russian PDFs
  fonts-wqy-microhei    (/usr/share/fonts/truetype/wqy/wqy-microhei.ttc)      Chinese PDF

The output is byte-for-byte deterministic: OOXML packages are rewritten with a fixed
zip timestamp and fixed core-property dates, and reportlab runs in invariant mode.
"""
from __future__ import annotations

import datetime as dt
import io
import os
import re
import sys
import zipfile

FIXED = dt.datetime(2024, 5, 14, 9, 0, 0)
FIXED_ISO = "2024-05-14T09:00:00Z"
ZIP_TIME = (2024, 5, 14, 9, 0, 0)

DEJAVU_DIR = "/usr/share/fonts/truetype/dejavu"
CJK_CANDIDATES = [
    # (path, subfont index, package)
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0, "fonts-wqy-microhei"),
]


# --------------------------------------------------------------------------- helpers
def normalise_ooxml(path: str) -> None:
    """Rewrite an OOXML zip with fixed timestamps and fixed core-property dates."""
    with zipfile.ZipFile(path) as zin:
        items = [(info.filename, zin.read(info.filename)) for info in zin.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              r"\g<1>" + FIXED_ISO + r"\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              r"\g<1>" + FIXED_ISO + r"\g<2>", text)
                text = re.sub(r"(<cp:lastPrinted[^>]*>)[^<]*(</cp:lastPrinted>)",
                              r"\g<1>" + FIXED_ISO + r"\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 0
            zout.writestr(info, data)
    with open(path, "wb") as fh:
        fh.write(buf.getvalue())


def set_core(props, title: str, author: str, lang: str | None = None) -> None:
    props.title = title
    if hasattr(props, "creator"):      # openpyxl
        props.creator = author
    else:                              # python-docx / python-pptx
        props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    try:
        props.revision = 1
    except Exception:
        pass
    if lang is not None:
        try:
            props.language = lang
        except Exception:
            pass


def need_font(path: str, package: str) -> None:
    if not os.path.exists(path):
        sys.exit(f"make_office.py: font {path} is missing; install the Debian package "
                 f"'{package}' (apt-get install -y {package})")


# --------------------------------------------------------------------------- XLSX
STAFF = [
    ("E1001", "Margaret Okafor", "Finance", "Head of Finance", 4101, "2012-03-05", "A3-301"),
    ("E1002", "Daniel Whitcombe", "Finance", "Senior Accountant", 4102, "2015-07-20", "A3-302"),
    ("E1003", "Priya Raman", "Finance", "Accounts Payable Clerk", 4103, "2021-01-11", "A3-302"),
    ("E1004", "Tomasz Nowicki", "Finance", "Financial Analyst", 4104, "2019-10-07", "A3-304"),
    ("E1005", "Helen Brightwater", "Human Resources", "HR Director", 4201, "2010-06-14", "A2-210"),
    ("E1006", "Samuel Adeyemi", "Human Resources", "HR Business Partner", 4202, "2018-04-23", "A2-211"),
    ("E1007", "Chloe Marchetti", "Human Resources", "Recruitment Coordinator", 4203, "2022-08-29", "A2-211"),
    ("E1008", "Grace Lindqvist", "Human Resources", "Payroll Specialist", 4204, "2017-02-13", "A2-212"),
    ("E1009", "Rajesh Kulkarni", "IT", "IT Manager", 4301, "2013-11-04", "B1-105"),
    ("E1010", "Owen Fairbairn", "IT", "Systems Administrator", 4302, "2016-05-16", "B1-106"),
    ("E1011", "Mei-Ling Chou", "IT", "Network Engineer", 4303, "2020-09-14", "B1-106"),
    ("E1012", "Lucas Ferreira", "IT", "Service Desk Analyst", 4304, "2023-02-06", "B1-108"),
    ("E1013", "Aisha Rahman", "IT", "Information Security Officer", 4305, "2019-03-18", "B1-110"),
    ("E1014", "Victor Delacroix", "Sales", "Sales Director", 4401, "2011-09-19", "A1-120"),
    ("E1015", "Rebecca Thornton", "Sales", "Key Account Manager", 4402, "2014-01-27", "A1-122"),
    ("E1016", "Jamal Carter", "Sales", "Account Executive", 4403, "2021-06-01", "A1-123"),
    ("E1017", "Ingrid Solberg", "Sales", "Account Executive", 4404, "2022-03-14", "A1-123"),
    ("E1018", "Kenji Watanabe", "Sales", "Sales Operations Analyst", 4405, "2018-11-12", "A1-125"),
    ("E1019", "Fiona MacAllister", "Marketing", "Marketing Manager", 4501, "2015-04-13", "A1-140"),
    ("E1020", "Diego Alvarez", "Marketing", "Content Specialist", 4502, "2020-02-03", "A1-141"),
    ("E1021", "Hannah Kowalczyk", "Marketing", "Graphic Designer", 4503, "2019-08-26", "A1-141"),
    ("E1022", "Nathaniel Osei", "Marketing", "Digital Campaign Specialist", 4504, "2023-05-15", "A1-142"),
    ("E1023", "Patrick Donnelly", "Operations", "Operations Manager", 4601, "2009-08-03", "C1-010"),
    ("E1024", "Sofia Petrovic", "Operations", "Logistics Coordinator", 4602, "2017-10-09", "C1-012"),
    ("E1025", "Marcus Bell", "Operations", "Warehouse Supervisor", 4603, "2016-12-05", "C1-015"),
    ("E1026", "Yusuf Demir", "Operations", "Procurement Officer", 4604, "2020-07-27", "C1-012"),
    ("E1027", "Laura Jennings", "Operations", "Facilities Coordinator", 4605, "2021-10-18", "C1-018"),
    ("E1028", "Alan Whitaker", "Engineering", "Chief Engineer", 4701, "2008-02-11", "B2-201"),
    ("E1029", "Nadia Haddad", "Engineering", "Senior Mechanical Engineer", 4702, "2014-06-30", "B2-204"),
    ("E1030", "Benjamin Hartley", "Engineering", "Electrical Engineer", 4703, "2018-01-22", "B2-205"),
    ("E1031", "Zoe Papadakis", "Engineering", "Test Engineer", 4704, "2022-09-05", "B2-207"),
    ("E1032", "Ethan Mwangi", "Engineering", "CAD Technician", 4705, "2023-09-11", "B2-207"),
    ("E1033", "Olga Sokolova", "Engineering", "Quality Engineer", 4706, "2017-05-08", "B2-210"),
    ("E1034", "Thomas Greaves", "Customer Support", "Support Team Lead", 4801, "2016-03-21", "A0-012"),
    ("E1035", "Amara Nwosu", "Customer Support", "Support Specialist", 4802, "2021-04-12", "A0-014"),
    ("E1036", "Liam O'Connell", "Customer Support", "Support Specialist", 4803, "2022-11-07", "A0-014"),
    ("E1037", "Beatriz Santos", "Customer Support", "Field Service Technician", 4804, "2019-06-17", "A0-016"),
    ("E1038", "Hugo Lefebvre", "Customer Support", "Field Service Technician", 4805, "2020-12-01", "A0-016"),
    ("E1039", "Rosalind Achterberg", "Finance", "Credit Controller", 4105, "2023-11-20", "A3-304"),
    ("E1040", "Connor Whitfield", "IT", "Junior Developer", 4306, "2024-01-08", "B1-108"),
]

BUDGET = [
    ("Finance", 182000, 176500, 179000, 201500),
    ("Human Resources", 143000, 151200, 139800, 148000),
    ("IT", 264500, 238000, 255700, 312800),
    ("Sales", 318000, 342500, 329000, 371200),
    ("Marketing", 205000, 248600, 187300, 263900),
    ("Operations", 412300, 398700, 421500, 437900),
    ("Engineering", 488000, 472400, 503600, 519800),
    ("Customer Support", 171200, 169800, 174500, 182300),
]


def _bold_row(ws, row: int, ncols: int) -> None:
    from openpyxl.styles import Font, PatternFill
    for c in range(1, ncols + 1):
        cell = ws.cell(row=row, column=c)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDE6F0")


def make_staff(path: str) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Staff list"
    header = ["Employee ID", "Name", "Department", "Position", "Phone ext.", "Start date", "Office room"]
    ws.append(header)
    _bold_row(ws, 1, len(header))
    for row in STAFF:
        ws.append(list(row))
    for col, width in zip("ABCDEFG", (12, 22, 18, 30, 11, 12, 12)):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"

    b = wb.create_sheet("Budget FY2024")
    b.append(["Operating budget FY2024 by department (USD)"])
    b["A1"].font = Font(bold=True, size=12)
    b.append([])
    b.append(["Department", "Q1", "Q2", "Q3", "Q4", "Total"])
    _bold_row(b, 3, 6)
    qsum = [0, 0, 0, 0]
    for dept, *q in BUDGET:
        b.append([dept, *q, sum(q)])
        qsum = [a + x for a, x in zip(qsum, q)]
    b.append(["Total", *qsum, sum(qsum)])
    _bold_row(b, b.max_row, 6)
    b.append([])
    b.append(["Approved by the Board of Directors on 12 December 2023."])
    b.append(["Q3 figures include the one-off ERP migration cost in IT (USD 38,000)."])
    b.column_dimensions["A"].width = 22
    for col in "BCDEF":
        b.column_dimensions[col].width = 12

    set_core(wb.properties, "Staff list and FY2024 budget", "Harwell Instruments HR")
    wb.save(path)
    normalise_ooxml(path)


PUMPS = [
    # model, Q m3/h, H m, P kW, rpm, mass kg, dims
    ("КМН 50-32-125", 12.5, 20, 1.5, 2900, 58, "620×300×345"),
    ("КМН 50-32-160", 12.5, 32, 3, 2900, 74, "680×320×380"),
    ("КМН 65-50-125", 25, 20, 3, 2900, 79, "690×320×380"),
    ("КМН 65-50-160", 25, 32, 5.5, 2900, 112, "760×350×420"),
    ("КМН 80-65-160", 50, 32, 7.5, 2900, 148, "830×380×450"),
    ("КМН 80-50-200", 50, 50, 15, 2900, 236, "950×420×500"),
    ("КМН 100-80-160", 100, 32, 15, 2900, 248, "960×420×510"),
    ("КМН 100-65-200", 100, 50, 30, 2900, 392, "1150×480×560"),
    ("КМН 125-100-250", 160, 20, 15, 1450, 410, "1180×500×620"),
    ("КМН 150-125-315", 200, 32, 30, 1450, 690, "1420×560×700"),
]

PUMP_MOTORS = [
    # model, motor, current A, IP, casing, impeller, seal
    ("КМН 50-32-125", "АИР80А2", 3.5, "IP55", "Чугун СЧ20", "Чугун СЧ20", "Торцовое"),
    ("КМН 50-32-160", "АИР90L2", 6.1, "IP55", "Чугун СЧ20", "Чугун СЧ20", "Торцовое"),
    ("КМН 65-50-125", "АИР90L2", 6.1, "IP55", "Чугун СЧ20", "Чугун СЧ20", "Торцовое"),
    ("КМН 65-50-160", "АИР100L2", 10.9, "IP55", "Чугун СЧ20", "Бронза БрО5Ц5С5", "Торцовое"),
    ("КМН 80-65-160", "АИР112М2", 14.9, "IP55", "Чугун СЧ20", "Бронза БрО5Ц5С5", "Торцовое"),
    ("КМН 80-50-200", "АИР160S2", 28.6, "IP55", "Чугун СЧ25", "Бронза БрО5Ц5С5", "Торцовое"),
    ("КМН 100-80-160", "АИР160S2", 28.6, "IP55", "Чугун СЧ25", "Бронза БрО5Ц5С5", "Торцовое"),
    ("КМН 100-65-200", "АИР180М2", 55.4, "IP54", "Чугун СЧ25", "Нерж. сталь 12Х18Н9ТЛ", "Сальниковое"),
    ("КМН 125-100-250", "АИР180S4", 30.0, "IP54", "Чугун СЧ25", "Нерж. сталь 12Х18Н9ТЛ", "Сальниковое"),
    ("КМН 150-125-315", "АИР200М4", 56.9, "IP54", "Чугун СЧ25", "Нерж. сталь 12Х18Н9ТЛ", "Сальниковое"),
]


def make_pumps(path: str) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Характеристики"
    ws.append(["Насосы центробежные консольные моноблочные серии КМН — технические характеристики"])
    ws["A1"].font = Font(bold=True, size=12)
    ws.append([])
    header = ["Модель", "Подача (расход), м³/ч", "Напор, м", "Мощность двигателя, кВт",
              "Частота вращения, об/мин", "Масса агрегата, кг", "Габариты (Д×Ш×В), мм"]
    ws.append(header)
    _bold_row(ws, 3, len(header))
    for c in range(1, len(header) + 1):
        ws.cell(row=3, column=c).alignment = Alignment(wrap_text=True, vertical="center")
    for row in PUMPS:
        ws.append(list(row))
    ws.append([])
    ws.append(["Примечания:"])
    ws.append(["1. Параметры указаны для чистой воды плотностью 1000 кг/м³ при температуре +20 °C."])
    ws.append(["2. Допускаемое отклонение напора в рабочей точке: ±5 %."])
    ws.append(["3. Рабочий интервал подачи — от 0,6 до 1,2 номинальной подачи."])
    ws.column_dimensions["A"].width = 20
    for col in "BCDEF":
        ws.column_dimensions[col].width = 16
    ws.column_dimensions["G"].width = 22

    m = wb.create_sheet("Исполнение и двигатели")
    m.append(["Комплектация электродвигателями и материальное исполнение"])
    m["A1"].font = Font(bold=True, size=12)
    m.append([])
    h2 = ["Модель", "Электродвигатель", "Номинальный ток при 380 В, А", "Степень защиты",
          "Материал корпуса", "Материал рабочего колеса", "Уплотнение вала"]
    m.append(h2)
    _bold_row(m, 3, len(h2))
    for row in PUMP_MOTORS:
        m.append(list(row))
    m.append([])
    m.append(["Общие данные для всех моделей серии"])
    m.cell(row=m.max_row, column=1).font = Font(bold=True)
    for k, v in [
        ("Напряжение питания", "3~380 В, 50 Гц"),
        ("Температура перекачиваемой жидкости", "от −10 до +105 °C"),
        ("Максимальное давление в корпусе", "1,0 МПа (10 бар)"),
        ("Допустимое содержание твёрдых включений", "не более 0,2 % по массе, размер частиц до 0,2 мм"),
        ("Климатическое исполнение", "У3 по ГОСТ 15150"),
        ("Направление вращения", "по часовой стрелке, если смотреть со стороны двигателя"),
    ]:
        m.append([k, v])
    m.column_dimensions["A"].width = 40
    for col, w in zip("BCDEFG", (36, 14, 12, 16, 24, 16)):
        m.column_dimensions[col].width = w

    set_core(wb.properties, "Насосы КМН — технические характеристики", "ОГК")
    wb.save(path)
    normalise_ooxml(path)


# --------------------------------------------------------------------------- PPTX
def _bullets(prs, title: str, items: list[str]):
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = title
    from pptx.util import Pt
    body = slide.placeholders[1].text_frame
    body.word_wrap = True
    body.text = items[0]
    for it in items[1:]:
        body.add_paragraph().text = it
    size = Pt(16) if len(items) > 5 else Pt(20) if len(items) > 3 else None
    if size is not None:
        for par in body.paragraphs:
            for run in par.runs:
                run.font.size = size
    return slide


def _table_slide(prs, title: str, rows: list[list[str]], note: str | None = None,
                 col_widths=None):
    from pptx.util import Inches, Pt
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = title
    nrows, ncols = len(rows), len(rows[0])
    shape = slide.shapes.add_table(nrows, ncols, Inches(0.5), Inches(1.6), Inches(9.0),
                                   Inches(0.4) * nrows)
    table = shape.table
    if col_widths:
        for i, w in enumerate(col_widths):
            table.columns[i].width = Inches(w)
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            cell = table.cell(r, c)
            cell.text = val
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = Pt(14)
    if note:
        tb = slide.shapes.add_textbox(Inches(0.5), Inches(1.8) + Inches(0.4) * nrows + Inches(0.3),
                                      Inches(9.0), Inches(0.8))
        tb.text_frame.word_wrap = True
        tb.text_frame.text = note
        for run in tb.text_frame.paragraphs[0].runs:
            run.font.size = Pt(14)
    return slide


def make_training(path: str) -> None:
    from pptx import Presentation

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Site Safety Induction"
    s.placeholders[1].text = ("Northgate Packaging Ltd — Riverside Plant\n"
                              "For all new starters and long-term contractors · Revision 4, March 2024")

    _bullets(prs, "What this induction covers", [
        "Emergency procedures and assembly points",
        "Personal protective equipment (PPE) by zone",
        "Forklifts and site traffic",
        "Lockout / tagout of machinery",
        "Hazardous substances, incident reporting and first aid",
        "The session lasts 90 minutes and ends with a 10-question quiz; the pass mark is 80%.",
    ])
    _bullets(prs, "In an emergency", [
        "Dial 2222 from any internal phone to reach the site emergency line (staffed 24/7 by Security).",
        "The fire alarm is a continuous siren. An intermittent tone is used only for the weekly test on Tuesdays at 11:00.",
        "Primary assembly point: car park B, next to Gate 3.",
        "Secondary assembly point: the grass area beside the weighbridge.",
        "Do not use the lifts and do not stop to collect personal belongings.",
        "Fire wardens wear yellow hi-vis vests marked WARDEN; follow their instructions.",
    ])
    _table_slide(prs, "Personal protective equipment by zone", [
        ["Zone", "Mandatory PPE"],
        ["Production hall", "Safety shoes (S3), hi-vis vest, hearing protection"],
        ["Warehouse", "Safety shoes (S3), hi-vis vest, bump cap"],
        ["Chemical store", "Nitrile gloves, chemical splash goggles, PVC apron"],
        ["Maintenance workshop", "Safety glasses, safety shoes, cut-resistant gloves (level C)"],
        ["Offices and canteen", "No PPE required"],
    ], note="Hearing protection is mandatory wherever the noise level exceeds 85 dB(A); "
            "these areas are marked with blue signs.", col_widths=(3.0, 6.0))
    _bullets(prs, "Forklifts and site traffic", [
        "The speed limit for all vehicles on site is 10 km/h, and 5 km/h inside buildings.",
        "Pedestrians must stay on the green-marked walkways.",
        "Make eye contact with the driver before crossing in front of a forklift.",
        "Only staff with a valid Northgate forklift permit may drive lift trucks; permits are renewed every 3 years.",
        "Mobile phones must not be used while walking in the warehouse aisles.",
    ])
    _bullets(prs, "Lockout / tagout (LOTO)", [
        "1. Notify the operators and the shift supervisor.",
        "2. Shut the machine down using the normal stop control.",
        "3. Isolate all energy sources: electrical, pneumatic, hydraulic.",
        "4. Fit your personal red padlock and a signed danger tag to each isolation point.",
        "5. Release stored energy (bleed air, lower raised parts, discharge capacitors).",
        "6. Verify zero energy by pressing the start button before work begins.",
        "Never remove another person's lock. Only the lock owner may remove it.",
    ])
    _bullets(prs, "Hazardous substances", [
        "Safety data sheets are kept in the blue folder at each chemical store and on the intranet page COSHH.",
        "Spill kits are stored in yellow wheelie bins next to every chemical store and at loading bay 4.",
        "Never decant chemicals into unlabelled containers or drinks bottles.",
        "Flammable liquids over 50 litres must be kept in the external flammables cabinet.",
    ])
    _bullets(prs, "Reporting incidents and near misses", [
        "Tell your supervisor about any incident before the end of your shift.",
        "Complete incident form HS-14 within 24 hours.",
        "Report near misses in the SafeCheck app or at the kiosk in the canteen.",
        "Reportable injuries are handled by the EHS Manager, Karen Doyle (ext. 3105).",
        "Last year 212 near misses were reported; each one was reviewed within 5 working days.",
    ])
    _bullets(prs, "First aid", [
        "First aid kits are located at every exit door and in the canteen.",
        "Defibrillators (AED): main reception and maintenance workshop.",
        "Trained first aiders wear a green badge; their names are listed on every noticeboard.",
        "Eye wash stations: chemical store and battery charging area.",
        "Flush the eye with water for at least 15 minutes, then seek medical advice.",
    ])
    _bullets(prs, "Questions and contacts", [
        "EHS Department: Building C, room C1-004",
        "E-mail: safety@northgate-packaging.example",
        "Next step: the induction quiz (10 questions)",
    ])
    set_core(prs.core_properties, "Site Safety Induction", "EHS Department")
    prs.save(path)
    normalise_ooxml(path)


def make_gongyi(path: str) -> None:
    from pptx import Presentation

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "DLG-37螺杆空压机定期保养作业指导书"
    s.placeholders[1].text = "文件编号：SOP-EM-012　第3版\n设备科　2024年4月"

    _bullets(prs, "一、适用范围与职责", [
        "本指导书适用于动力车间3台DLG-37型螺杆式空气压缩机（额定功率37 kW，额定排气压力0.8 MPa）。",
        "保养工作由设备科维修班执行，班长负责验收。",
        "操作人员须经岗位培训并取得上岗证。",
    ])
    _bullets(prs, "二、安全准备", [
        "停机后断开主电源，在配电柜上悬挂“禁止合闸，有人工作”警示牌并上锁。",
        "关闭出口截止阀，打开排污阀，将系统压力泄放至0 MPa。",
        "停机后至少等待30分钟，待油温降至40 ℃以下方可开始作业。",
        "作业人员须佩戴防护眼镜和耐油手套。",
    ])
    _table_slide(prs, "三、保养项目与周期", [
        ["保养项目", "周期"],
        ["检查润滑油油位", "每班"],
        ["排放油气分离罐冷凝水", "每班"],
        ["清洁空气滤芯", "每250运行小时"],
        ["更换空气滤芯", "每2000运行小时"],
        ["更换油过滤器", "每2000运行小时"],
        ["更换油气分离器滤芯", "每4000运行小时"],
        ["更换润滑油", "每4000运行小时或每年一次（以先到者为准）"],
    ], col_widths=(4.0, 5.0))
    _bullets(prs, "四、更换润滑油", [
        "使用螺杆空压机专用油ISO VG46，单台加注量为18 L。",
        "放油时油温宜保持在40 ℃～60 ℃之间，以便旧油排放干净。",
        "加油后油位应位于视油镜的1/2至2/3之间。",
        "不同牌号的润滑油严禁混用。",
    ])
    _table_slide(prs, "五、紧固力矩要求", [
        ["部位", "规格", "拧紧力矩"],
        ["排油螺塞", "M22", "45 N·m"],
        ["油气分离器盖板螺栓", "M12", "80 N·m"],
        ["电机接线端子", "M8", "12 N·m"],
        ["油过滤器", "—", "密封圈接触后再旋紧3/4圈"],
    ], col_widths=(4.0, 1.5, 3.5))
    _bullets(prs, "六、试车与记录", [
        "保养完成后先空载运行5分钟，检查各连接处有无漏油、漏气。",
        "加载运行时排气温度不得超过95 ℃，否则应立即停机检查。",
        "填写《设备保养记录表》（表EM-12-01），经班长签字后存档，保存期限3年。",
    ])
    set_core(prs.core_properties, "DLG-37螺杆空压机定期保养作业指导书", "设备科")
    prs.save(path)
    normalise_ooxml(path)


# --------------------------------------------------------------------------- DOCX
def _docx_table(doc, rows, widths=None, style="Table Grid"):
    from docx.shared import Cm
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = style
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            cell = t.cell(r, c)
            cell.text = val
            if r == 0:
                for run in cell.paragraphs[0].runs:
                    run.bold = True
            if widths:
                cell.width = Cm(widths[c])
    return t


def make_policy(path: str) -> None:
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    doc = Document()
    p = doc.add_paragraph("УТВЕРЖДЕНО\nприказом генерального директора\nООО «Северный Терминал»\nот 15.01.2024 № 47-п")
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    h = doc.add_heading("ПОЛОЖЕНИЕ о служебных командировках работников ООО «Северный Терминал»", level=1)
    h.alignment = WD_ALIGN_PARAGRAPH.CENTER

    def sec(title, items):
        doc.add_heading(title, level=2)
        for it in items:
            doc.add_paragraph(it)

    sec("1. Общие положения", [
        "1.1. Настоящее Положение определяет порядок направления работников ООО «Северный Терминал» (далее — Общество) в служебные командировки на территории Российской Федерации и за её пределами, а также порядок возмещения связанных с ними расходов.",
        "1.2. Положение разработано в соответствии с Трудовым кодексом Российской Федерации и Положением об особенностях направления работников в служебные командировки, утверждённым постановлением Правительства РФ от 13.10.2008 № 749.",
        "1.3. Срок командировки определяется руководителем структурного подразделения с учётом объёма поручения и не может превышать 30 календарных дней, включая время нахождения в пути.",
        "1.4. Не допускается направление в командировку беременных женщин и работников в возрасте до 18 лет.",
    ])
    sec("2. Оформление командировки", [
        "2.1. Руководитель подразделения представляет служебную записку на имя генерального директора не позднее чем за 5 рабочих дней до начала командировки.",
        "2.2. Решение о направлении работника в командировку оформляется приказом, который подписывает генеральный директор или лицо, его замещающее.",
        "2.3. Бронирование билетов и гостиниц осуществляет административно-хозяйственный отдел на основании подписанного приказа.",
        "2.4. Денежный аванс перечисляется на банковскую карту работника не позднее чем за 2 рабочих дня до даты отъезда.",
    ])
    sec("3. Возмещение расходов", [
        "3.1. Расходы на проезд возмещаются в пределах следующих норм: железнодорожный транспорт — вагон купе; воздушный транспорт — экономический класс. Проезд бизнес-классом допускается только для генерального директора и его заместителей.",
        "3.2. Расходы по найму жилого помещения возмещаются по фактическим затратам, но не более 7 000 рублей в сутки в городах Москве и Санкт-Петербурге и не более 4 500 рублей в сутки в иных населённых пунктах Российской Федерации.",
        "3.3. При отсутствии документов, подтверждающих расходы по найму жилого помещения, они возмещаются в размере 700 рублей в сутки.",
        "3.4. Суточные выплачиваются за каждый день нахождения в командировке, включая выходные и нерабочие праздничные дни, а также дни нахождения в пути, в размерах, указанных в таблице 1.",
        "Таблица 1 — Размеры суточных",
    ])
    _docx_table(doc, [
        ["Место командирования", "Размер суточных за один день"],
        ["Москва и Санкт-Петербург", "1 500 руб."],
        ["Административные центры субъектов РФ", "1 000 руб."],
        ["Иные населённые пункты РФ", "700 руб."],
        ["Иностранные государства", "в рублях в сумме, эквивалентной 60 евро"],
    ], widths=(9, 7))
    for it in [
        "3.5. Расходы на проезд на такси возмещаются только при поездках в аэропорт или на вокзал и обратно в период с 22:00 до 06:00, а также при наличии письменного согласования руководителя подразделения.",
        "3.6. Расходы на оформление заграничного паспорта, визы и обязательного медицинского страхования выезжающих за рубеж возмещаются в полном объёме.",
    ]:
        doc.add_paragraph(it)
    sec("4. Однодневные командировки", [
        "4.1. При командировке в местность, откуда работник имеет возможность ежедневно возвращаться к месту жительства, суточные не выплачиваются.",
        "4.2. При однодневной командировке работнику возмещаются расходы на проезд и компенсация расходов на питание в размере 500 рублей.",
    ])
    sec("5. Отчётность по командировке", [
        "5.1. В течение 3 рабочих дней со дня возвращения из командировки работник представляет в бухгалтерию авансовый отчёт с приложением проездных документов, счетов гостиниц и иных подтверждающих документов.",
        "5.2. Отчёт о выполнении служебного задания представляется руководителю подразделения в течение 5 рабочих дней после возвращения.",
        "5.3. Неизрасходованный остаток аванса возвращается работником в течение 3 рабочих дней после утверждения авансового отчёта.",
        "5.4. При непредставлении авансового отчёта в установленный срок сумма выданного аванса удерживается из заработной платы работника в порядке, установленном статьёй 137 Трудового кодекса РФ.",
    ])
    sec("6. Заключительные положения", [
        "6.1. Настоящее Положение вступает в силу с 1 февраля 2024 года.",
        "6.2. С даты вступления в силу настоящего Положения утрачивает силу Положение о командировках от 10.03.2021.",
        "6.3. Контроль за исполнением Положения возлагается на главного бухгалтера.",
    ])
    set_core(doc.core_properties, "Положение о служебных командировках", "Отдел кадров", "ru-RU")
    doc.save(path)
    normalise_ooxml(path)


def make_handbook(path: str) -> None:
    from docx import Document

    doc = Document()
    doc.add_heading("Caldwell & Pryce Consulting LLP — Employee Handbook", level=0)
    doc.add_paragraph("Version 3.0 · Effective 1 January 2024 · Owner: People & Culture team")

    def sec(title, items):
        doc.add_heading(title, level=1)
        for it in items:
            doc.add_paragraph(it)

    sec("1. About this handbook", [
        "1.1 This handbook summarises the policies and practices that apply to all employees of Caldwell & Pryce Consulting LLP (\"the Firm\") in the United Kingdom. It does not form part of your contract of employment unless a section expressly says so.",
        "1.2 The People & Culture team reviews the handbook once a year. Changes made between reviews are recorded in the amendment table in section 9 and take precedence over the text of the section they amend.",
        "1.3 If anything in this handbook is unclear, speak to your line manager or e-mail people@caldwellpryce.example.",
    ])
    sec("2. Working hours", [
        "2.1 The standard working week is 37.5 hours, Monday to Friday, excluding a one-hour unpaid lunch break.",
        "2.2 Core hours are 10:00 to 16:00. Outside core hours you may start and finish flexibly between 07:30 and 19:00, subject to client commitments.",
        "2.3 Overtime must be approved in advance by your line manager. Approved overtime is compensated as time off in lieu, which must be taken within 3 months of being earned.",
        "2.4 Staff working on client sites follow the site's opening hours but record their time in the Firm's timesheet system by 12:00 every Monday for the previous week.",
    ])
    sec("3. Probation and performance", [
        "3.1 New employees serve a probationary period of 6 months. Your line manager will hold review meetings at the end of months 1, 3 and 5.",
        "3.2 During probation the notice period on either side is one week. After successful completion it increases to the period stated in your contract.",
        "3.3 Annual performance reviews take place in June. Mid-year check-ins are held in December.",
    ])
    sec("4. Holidays and absence", [
        "4.1 The holiday year runs from 1 January to 31 December. Annual leave entitlement depends on length of service, as shown in Table 1, and is in addition to the eight UK bank holidays.",
        "Table 1 — Annual leave entitlement",
    ])
    _docx_table(doc, [
        ["Length of service", "Annual leave (working days)"],
        ["Less than 2 years", "25"],
        ["2 to 5 years", "27"],
        ["More than 5 years", "30"],
    ], widths=(8, 7))
    for it in [
        "4.2 Up to 5 days of unused leave may be carried over into the next holiday year and must be taken by 31 March; any other unused leave is lost.",
        "4.3 Holiday requests of more than 5 consecutive working days must be submitted at least 4 weeks in advance.",
        "4.4 If you are ill, tell your line manager by 09:30 on the first day of absence. For absences longer than 7 calendar days you must provide a fit note from your doctor.",
        "4.5 The Firm pays full salary during sickness absence for up to 20 working days in any rolling 12-month period; thereafter Statutory Sick Pay applies.",
    ]:
        doc.add_paragraph(it)
    sec("5. Expenses", [
        "5.1 Reasonable business expenses are reimbursed when submitted with receipts through the ExpensePoint portal within 60 days of being incurred.",
        "5.2 Business mileage in a private car is reimbursed at £0.45 per mile for the first 10,000 miles in a tax year.",
        "5.3 Meals while travelling on business are reimbursed up to £25 per day within the UK. Alcohol is not reimbursed.",
        "5.4 Rail travel is standard class. First class may be booked only for journeys longer than 3 hours with prior approval of a partner.",
    ])
    sec("6. Remote and hybrid working", [
        "6.1 Employees become eligible for hybrid working once they have successfully completed probation.",
        "6.2 Employees may work remotely for up to two days per week, on days agreed with their line manager. Team days set by each practice group must be spent in the office.",
        "6.3 The Firm provides a laptop, a monitor and a headset. A one-off home office allowance of £150 is paid with the first salary after approval of hybrid working.",
        "6.4 Working from abroad is allowed for no more than 10 working days in a calendar year and requires approval from the People & Culture team.",
    ])
    sec("7. Information security", [
        "7.1 Passwords must be at least 12 characters long and must not be reused across systems.",
        "7.2 Multi-factor authentication is mandatory for e-mail, the VPN and all client portals.",
        "7.3 Passwords must be changed every 90 days.",
        "7.4 Report a lost or stolen laptop or phone to the IT Service Desk (ext. 555) within one hour of noticing the loss.",
        "7.5 Client documents must be stored only in the Firm's document management system and never on USB drives.",
    ])
    sec("8. Conduct, gifts and whistleblowing", [
        "8.1 Gifts or hospitality worth more than £50 must be recorded in the gifts register within 5 working days, whether accepted or declined.",
        "8.2 Concerns about wrongdoing can be raised confidentially with the Ethics Officer or through the independent SpeakUp line, which is available 24 hours a day.",
        "8.3 Employees must declare any outside business interest to the People & Culture team before taking it up.",
    ])
    sec("9. Amendments", [
        "The amendments below supersede the corresponding text of this handbook from the effective date shown. The original wording is kept above for reference.",
        "Table 2 — Amendments to Version 3.0",
    ])
    _docx_table(doc, [
        ["No.", "Section", "Old value", "New value", "Effective from"],
        ["A-1", "6.2 Remote working", "Up to two days per week", "Up to three days per week", "1 March 2024"],
        ["A-2", "7.3 Password change interval", "Every 90 days", "Every 180 days", "1 April 2024"],
        ["A-3", "5.2 Mileage rate", "£0.45 per mile", "£0.50 per mile", "1 May 2024"],
    ], widths=(1.3, 4.2, 3.6, 3.6, 3.0))
    doc.add_paragraph("Amendments approved by the Management Committee on 20 February 2024.")
    set_core(doc.core_properties, "Employee Handbook", "People & Culture", "en-GB")
    doc.save(path)
    normalise_ooxml(path)


# --------------------------------------------------------------------------- PDF (reportlab)
def _register_fonts():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    reg = os.path.join(DEJAVU_DIR, "DejaVuSans.ttf")
    bold = os.path.join(DEJAVU_DIR, "DejaVuSans-Bold.ttf")
    need_font(reg, "fonts-dejavu-core")
    need_font(bold, "fonts-dejavu-core")
    pdfmetrics.registerFont(TTFont("DejaVu", reg))
    pdfmetrics.registerFont(TTFont("DejaVu-Bold", bold))
    for cpath, idx, pkg in CJK_CANDIDATES:
        if os.path.exists(cpath):
            pdfmetrics.registerFont(TTFont("CJK", cpath, subfontIndex=idx))
            break
    else:
        sys.exit("make_office.py: no Chinese TrueType font found; install the Debian package "
                 "'fonts-wqy-microhei' (apt-get install -y fonts-wqy-microhei). "
                 "Note: fonts-noto-cjk is CFF-based and cannot be embedded by reportlab.")


def _styles(font: str, bold: str):
    from reportlab.lib.styles import ParagraphStyle
    base = ParagraphStyle("base", fontName=font, fontSize=9.5, leading=13, spaceAfter=4)
    return {
        "title": ParagraphStyle("title", parent=base, fontName=bold, fontSize=15, leading=19, spaceAfter=4),
        "sub": ParagraphStyle("sub", parent=base, fontSize=9, leading=12, spaceAfter=10),
        "h": ParagraphStyle("h", parent=base, fontName=bold, fontSize=11.5, leading=15, spaceBefore=8, spaceAfter=4),
        "p": base,
        "cell": ParagraphStyle("cell", parent=base, fontSize=9, leading=11.5, spaceAfter=0),
        "cellb": ParagraphStyle("cellb", parent=base, fontName=bold, fontSize=9, leading=11.5, spaceAfter=0),
        "cap": ParagraphStyle("cap", parent=base, fontName=bold, fontSize=9, leading=12, spaceBefore=4, spaceAfter=3),
    }


def _table(rows, st, widths):
    from reportlab.lib import colors
    from reportlab.platypus import Paragraph, Table, TableStyle
    data = [[Paragraph(c, st["cellb"] if r == 0 else st["cell"]) for c in row]
            for r, row in enumerate(rows)]
    t = Table(data, colWidths=widths, hAlign="LEFT")
    t.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#DDE6F0")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return t


def _build_pdf(path, story, title, author, footer, font):
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    def on_page(canvas, doc):
        canvas.saveState()
        canvas.setFont(font, 8)
        canvas.drawString(20 * mm, 12 * mm, footer)
        canvas.drawRightString(190 * mm, 12 * mm, f"{doc.page} / 2")
        canvas.restoreState()

    doc = SimpleDocTemplate(path, pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm,
                            topMargin=18 * mm, bottomMargin=20 * mm, title=title,
                            author=author, subject=title, creator="make_office.py",
                            invariant=1)
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)


PX = {
    "PX300": dict(
        size="1/2-inch", housing="aluminium", flow="57 L/min (15 US gal/min)",
        air="7 bar (100 psi)", discharge="7 bar (100 psi)", port='1/2" BSP female',
        solids="2.5 mm", disp="0.17 L", noise="78 dB(A)", weight="6.8 kg",
        air_cons="up to 450 NL/min",
        inspect="every 500 operating hours", rev="Rev. C",
        torque=[("Air valve cap screws", "M6", "8 N·m"),
                ("Outer diaphragm plate", "M10", "30 N·m"),
                ("Manifold bolts", "M8", "18 N·m"),
                ("Fluid cap clamp bolts", "M8", "20 N·m")],
        kit="PX3-DK-01", doc="OM-PX300", issue="Issue 2 · 2024-02",
        extra_install=("Where the pump is used for abrasive slurries, fit the optional ball-check "
                       "valve kit PX3-BV-04 instead of the standard flap valves."),
    ),
    "PX310": dict(
        size="3/4-inch", housing="aluminium", flow="102 L/min (27 US gal/min)",
        air="8.6 bar (125 psi)", discharge="8.6 bar (125 psi)", port='3/4" BSP female',
        solids="3.2 mm", disp="0.30 L", noise=None, weight="11.3 kg",
        air_cons="up to 780 NL/min",
        inspect="every 750 operating hours", rev="Rev. E",
        torque=[("Air valve cap screws", "M6", "8 N·m"),
                ("Outer diaphragm plate", "M10", "42 N·m"),
                ("Manifold bolts", "M8", "22 N·m"),
                ("Fluid cap clamp bolts", "M8", "24 N·m")],
        kit="PX31-DK-02", doc="OM-PX310", issue="Issue 3 · 2024-02",
        extra_install=("To reduce pressure pulsation in the discharge line, install the optional "
                       "pulsation dampener PD-310 directly at the pump outlet."),
    ),
}


def make_px(path: str, model: str) -> None:
    from reportlab.lib.units import mm
    from reportlab.platypus import PageBreak, Paragraph

    d = PX[model]
    st = _styles("DejaVu", "DejaVu-Bold")
    s = []
    s.append(Paragraph(f"{model} Air-Operated Double Diaphragm Pump", st["title"]))
    s.append(Paragraph(f"Operation and Maintenance Manual · Veltro Fluid Systems · Doc. {d['doc']} · {d['issue']}", st["sub"]))
    s.append(Paragraph("1. Description", st["h"]))
    s.append(Paragraph(
        f"The {model} is a {d['size']} air-operated double diaphragm (AODD) pump with an {d['housing']} "
        "wetted housing, PTFE-faced diaphragms and stainless steel fasteners. It is intended for the "
        "transfer of lubricating oils, water-based coolants, diesel fuel and mild solvents. The pump is "
        "self-priming, can run dry without damage and stalls safely against a closed discharge valve.", st["p"]))
    s.append(Paragraph(
        "Read this manual completely before installing the pump. Keep it near the installation for "
        "reference by operating and maintenance personnel.", st["p"]))
    s.append(Paragraph("2. Technical data", st["h"]))
    s.append(Paragraph("Table 1 – Specifications", st["cap"]))
    rows = [["Parameter", f"{model}"],
            ["Maximum flow capacity", d["flow"]],
            ["Maximum air inlet pressure", d["air"]],
            ["Maximum discharge pressure", d["discharge"]],
            ["Air consumption", d["air_cons"]],
            ["Air inlet connection", '1/4" NPT female'],
            ["Fluid inlet / outlet", d["port"]],
            ["Maximum solids size", d["solids"]],
            ["Suction lift, dry", "4.5 m"],
            ["Suction lift, wet", "8.0 m"],
            ["Displacement per stroke", d["disp"]],
            ["Fluid temperature range", "+5 °C to +65 °C"]]
    if d["noise"]:
        rows.append(["Sound pressure level at 6 bar", d["noise"]])
    rows.append(["Net weight", d["weight"]])
    s.append(_table(rows, st, [70 * mm, 80 * mm]))
    s.append(Paragraph("3. Installation", st["h"]))
    for t in [
        "3.1 Mount the pump on a level, rigid surface using the four M8 anchor bolts supplied. Leave at least 300 mm of free space around the air valve for servicing.",
        "3.2 Install an air filter-regulator with a 5 µm element and a shut-off valve upstream of the air inlet. Do not use a lubricator unless the fluid is compatible with the oil mist in the exhaust.",
        f"3.3 Never exceed the maximum air inlet pressure of {d['air']}. Higher pressure may rupture the diaphragms.",
        "3.4 Use a flexible hose of at least the port diameter on the suction side to isolate vibration. Ground the pump with the earth screw on the centre section when pumping flammable liquids.",
        "3.5 " + d["extra_install"],
    ]:
        s.append(Paragraph(t, st["p"]))
    s.append(PageBreak())

    s.append(Paragraph("4. Maintenance", st["h"]))
    for t in [
        "4.1 Before any maintenance, shut off the air supply, bleed the air pressure from the pump and drain the fluid from the chambers. Wear safety glasses and chemical-resistant gloves.",
        f"4.2 Inspect the diaphragms and valve balls {d['inspect']}. Replace the diaphragms at the latest after 2,000 operating hours, or immediately if fluid appears at the air exhaust.",
        "4.3 Clean the muffler every month. A clogged muffler reduces the flow and may cause the air valve to stall.",
        "4.4 Always replace both diaphragms at the same time. Tighten all fasteners to the values in Table 3.",
    ]:
        s.append(Paragraph(t, st["p"]))
    s.append(Paragraph(f"Table 3 – Fastener torque values ({d['rev']})", st["cap"]))
    s.append(_table([["Fastener", "Thread", "Torque"]] + [list(r) for r in d["torque"]],
                    st, [70 * mm, 30 * mm, 40 * mm]))
    s.append(Paragraph("Tighten the bolts in a crisscross pattern in two steps. Re-check the torque after the first 24 hours of operation.", st["p"]))
    s.append(Paragraph("5. Troubleshooting", st["h"]))
    s.append(Paragraph("Table 4 – Faults and remedies", st["cap"]))
    s.append(_table([
        ["Symptom", "Possible cause", "Remedy"],
        ["Pump does not cycle", "Air valve stalled or air supply closed", "Check the supply; press the reset button on the air valve"],
        ["Pump cycles but does not prime", "Air leak on suction side; worn valve balls", "Tighten suction fittings; replace the balls"],
        ["Fluid in air exhaust", "Ruptured diaphragm", "Stop the pump and replace both diaphragms"],
        ["Erratic flow", "Clogged muffler or suction strainer", "Clean the muffler and the strainer"],
    ], st, [45 * mm, 55 * mm, 70 * mm]))
    s.append(Paragraph("6. Spare parts", st["h"]))
    for t in [
        f"6.1 Diaphragm kit (2 diaphragms, 4 valve balls, O-rings): part no. {d['kit']}.",
        "6.2 Air valve repair kit: part no. PX3-AV-05.",
        "6.3 Order spare parts from your authorised Veltro distributor, quoting the model and the serial number on the nameplate.",
    ]:
        s.append(Paragraph(t, st["p"]))
    _build_pdf(path, s, f"{model} Operation and Maintenance Manual", "Veltro Fluid Systems",
               f"Veltro Fluid Systems · {d['doc']} · {d['issue']}", "DejaVu")


def make_fen(path: str) -> None:
    from reportlab.lib.units import mm
    from reportlab.platypus import PageBreak, Paragraph

    st = _styles("CJK", "CJK")
    s = []
    s.append(Paragraph("FS-40R 遥控落地扇 使用说明书", st["title"]))
    s.append(Paragraph("凉源电器有限公司　感谢您选购本公司产品，使用前请仔细阅读本说明书并妥善保管。", st["sub"]))
    s.append(Paragraph("一、重要安全注意事项", st["h"]))
    for t in [
        "1. 本产品仅适用于额定电压220 V~、频率50 Hz的交流电源，使用前请确认电源电压与铭牌一致。",
        "2. 请勿在浴室、泳池边等潮湿场所使用本产品，切勿用湿手插拔电源插头。",
        "3. 风扇运转时，切勿将手指、笔杆或其他物品插入网罩内。",
        "4. 本产品不适合身体、感官或精神能力降低的人员（包括儿童）在无人监护的情况下使用，应照看好儿童，确保其不玩耍本产品。",
        "5. 如电源软线损坏，为避免危险，必须由制造商、其维修部或类似的专职人员更换。",
        "6. 移动风扇、清洁或长时间不使用时，请先关机并拔下电源插头。",
    ]:
        s.append(Paragraph(t, st["p"]))
    s.append(Paragraph("二、规格参数", st["h"]))
    s.append(_table([
        ["项目", "参数"],
        ["型号", "FS-40R"],
        ["额定电压/频率", "220 V~ / 50 Hz"],
        ["额定功率", "45 W"],
        ["扇叶直径", "400 mm（16英寸），5片扇叶"],
        ["风速档位", "3档（弱、中、强）"],
        ["风类", "正常风、自然风、睡眠风"],
        ["定时范围", "0.5～7.5小时，每档0.5小时"],
        ["摇头角度", "左右90°"],
        ["高度调节范围", "1050～1300 mm"],
        ["噪声", "≤58 dB(A)"],
        ["净重", "5.6 kg"],
        ["遥控器电池", "CR2025纽扣电池1粒（出厂已装）"],
    ], st, [50 * mm, 100 * mm]))
    s.append(Paragraph("注：由于产品改进，规格参数如有变更，恕不另行通知。", st["p"]))
    s.append(PageBreak())
    s.append(Paragraph("三、使用方法", st["h"]))
    for t in [
        "1. 插上电源后，蜂鸣器响一声，风扇进入待机状态。按“开/关”键启动，风扇以中档运行。",
        "2. 按“风速”键可在弱、中、强三档之间循环切换；按“风类”键可选择正常风、自然风或睡眠风。",
        "3. 按“定时”键设置定时关机时间，每按一次增加0.5小时，最长7.5小时。",
        "4. 按“摇头”键开启或停止左右摇头。",
    ]:
        s.append(Paragraph(t, st["p"]))
    s.append(Paragraph("四、清洁与保养", st["h"]))
    for t in [
        "1. 清洁前务必关机并拔下电源插头。",
        "2. 建议每月清洁一次前后网罩和扇叶：拧下网罩卡扣和扇叶螺母，用软布蘸中性清洁剂擦拭，晾干后再装回。",
        "3. 切勿使用汽油、稀释剂、酒精等溶剂擦拭外壳，以免塑料件变形、褪色。",
        "4. 电机轴承在出厂时已加注润滑脂，用户无需自行加油。",
        "5. 长期不用时，请将风扇清洁干净，装入原包装箱，存放于阴凉干燥处。",
    ]:
        s.append(Paragraph(t, st["p"]))
    s.append(Paragraph("五、故障排除", st["h"]))
    s.append(_table([
        ["故障现象", "可能原因", "处理方法"],
        ["风扇不转", "电源插头未插好；定时已结束", "检查插头；重新开机"],
        ["遥控器失灵", "电池电量不足；距离过远或有遮挡", "更换CR2025电池；对准风扇接收窗操作"],
        ["运转时噪声大", "扇叶螺母松动；网罩未装到位", "拧紧扇叶螺母；重新安装网罩"],
        ["不能摇头", "摇头功能未开启", "按“摇头”键"],
    ], st, [35 * mm, 60 * mm, 75 * mm]))
    s.append(Paragraph("如按上述方法仍不能排除故障，请停止使用，联系本公司售后服务网点，切勿自行拆修电机。", st["p"]))
    _build_pdf(path, s, "FS-40R 遥控落地扇 使用说明书", "凉源电器有限公司",
               "FS-40R 使用说明书　版本A0　2024年3月", "CJK")


# --------------------------------------------------------------------------- main
def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    out = argv[1]
    try:
        import docx  # noqa: F401
        import openpyxl  # noqa: F401
        import pptx  # noqa: F401
        import reportlab  # noqa: F401
    except ImportError as exc:
        sys.exit(f"make_office.py: missing Python package: {exc.name}")
    from reportlab import rl_config
    rl_config.invariant = 1
    _register_fonts()
    os.makedirs(os.path.join(out, "office"), exist_ok=True)
    os.makedirs(os.path.join(out, "manual"), exist_ok=True)
    o = lambda *p: os.path.join(out, *p)  # noqa: E731
    make_staff(o("office", "staff.xlsx"))
    make_pumps(o("office", "pumps-ru.xlsx"))
    make_training(o("office", "training.pptx"))
    make_gongyi(o("office", "gongyi-zh.pptx"))
    make_policy(o("office", "policy-ru.docx"))
    make_handbook(o("office", "handbook-en.docx"))
    make_px(o("manual", "px300-en.pdf"), "PX300")
    make_px(o("manual", "px310-en.pdf"), "PX310")
    make_fen(o("manual", "fen-zh.pdf"))
    for sub in ("office", "manual"):
        for name in sorted(os.listdir(o(sub))):
            print(os.path.join(sub, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
