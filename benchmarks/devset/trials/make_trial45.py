#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 45 (deterministic, no network),
written by the trial's user, who had not read pincite's code; the content is invented.

- chistota_prajs.docx  (ru): dry-cleaning and laundry "Белый лотос": price table, order rules,
  urgency surcharges, liability.
- cowork_jiage.xlsx    (zh): coworking space "云栖联合办公": prices by hour/day/month, member
  tiers, rules / deposits / opening hours.
- harbour_music.pptx   (en): music school "Harbour Lane Music School": lessons by instrument and
  length, packages, trial lesson, cancellation and make-up rules.

Run with the python that has python-docx, openpyxl and python-pptx:
    .venv/bin/python benchmarks/devset/trials/make_trial45.py benchmarks/devset/docs
"""
import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

FIXED = dt.datetime(2025, 3, 1, 9, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite an Office ZIP with fixed timestamps and entry order, so reruns are byte-identical."""
    data = path.read_bytes()
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        names = src.namelist()
        # [Content_Types].xml first, as Office writes it
        names.sort(key=lambda n: (n != "[Content_Types].xml", n))
        for name in names:
            info = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            body = src.read(name)
            if name == "docProps/core.xml":  # openpyxl stamps the save time as modified
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>2025-03-01T09:00:00Z\g<2>", body)
            dst.writestr(info, body)
    path.write_bytes(out.getvalue())


# ----------------------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    cp = doc.core_properties
    cp.author = "Химчистка «Белый лотос»"
    cp.title = "Прейскурант и правила приёма заказов"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Белый лотос"
    cp.revision = 1

    style = doc.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    doc.add_heading("Химчистка и прачечная «Белый лотос»", level=0)
    doc.add_paragraph(
        "Прейскурант на услуги химической чистки и стирки, действует с 1 марта 2025 года. "
        "Адрес приёмного пункта: г. Казань, ул. Пушкина, д. 14. Телефон: +7 (843) 200-41-15."
    )
    doc.add_paragraph(
        "Режим работы приёмного пункта: понедельник – пятница с 8:00 до 21:00, "
        "суббота и воскресенье с 10:00 до 18:00. 1 января приёмный пункт не работает."
    )

    doc.add_heading("1. Стоимость химчистки и стирки", level=1)
    doc.add_paragraph(
        "Цены указаны в рублях за одно изделие, если не указано иное. Стандартный срок "
        "выполнения заказа указан в последнем столбце (рабочие дни)."
    )
    rows = [
        ("Пиджак", "шерсть, полушерсть", "950", "3"),
        ("Пиджак", "лён, хлопок", "850", "3"),
        ("Брюки", "шерсть, костюмная ткань", "700", "3"),
        ("Брюки", "джинсовая ткань", "550", "3"),
        ("Пальто", "длиной до колена", "1 900", "4"),
        ("Пальто", "длиной ниже колена", "2 400", "4"),
        ("Пальто", "с отделкой натуральным мехом", "3 200", "6"),
        ("Куртка-пуховик", "короткая (до середины бедра)", "1 600", "5"),
        ("Куртка-пуховик", "удлинённая", "2 100", "5"),
        ("Платье", "повседневное", "900", "3"),
        ("Платье", "вечернее (с пайетками, бисером)", "1 800", "5"),
        ("Платье", "свадебное", "6 500", "7"),
        ("Рубашка, блузка", "стирка и глажка", "290", "2"),
        ("Рубашка, блузка", "только глажка", "180", "1"),
        ("Галстук", "шёлк", "350", "3"),
        ("Шторы (за 1 м²)", "портьерная ткань", "320", "5"),
        ("Шторы (за 1 м²)", "тюль, органза", "210", "5"),
        ("Ковёр (за 1 м²)", "синтетический", "450", "7"),
        ("Ковёр (за 1 м²)", "шерстяной", "690", "7"),
        ("Ковёр (за 1 м²)", "шёлковый, ручной работы", "1 500", "10"),
        ("Одеяло", "синтепон, 1,5-спальное", "1 100", "4"),
        ("Одеяло", "пуховое, 2-спальное", "1 900", "5"),
        ("Подушка", "перьевая, с заменой наперника", "750", "3"),
        ("Стирка белья (за 1 кг)", "без глажки", "220", "2"),
        ("Стирка белья (за 1 кг)", "с глажкой", "380", "2"),
    ]
    table = doc.add_table(rows=1, cols=4)
    table.style = "Table Grid"
    hdr = table.rows[0].cells
    for cell, text in zip(hdr, ("Изделие", "Вариант", "Цена, руб.", "Срок, раб. дней")):
        cell.text = text
    for r in rows:
        cells = table.add_row().cells
        for cell, text in zip(cells, r):
            cell.text = text

    doc.add_heading("2. Правила приёма и выдачи заказов", level=1)
    for text in [
        "2.1. Изделия принимаются при предъявлении паспорта или другого документа, "
        "удостоверяющего личность. На каждый заказ выдаётся квитанция.",
        "2.2. Изделия без маркировки производителя (без ярлыка с символами ухода) принимаются "
        "только под ответственность заказчика, о чём делается отметка в квитанции.",
        "2.3. Выезд курьера за заказом возможен при сумме заказа от 2 500 рублей. Доставка "
        "готового заказа стоит 400 рублей; при сумме заказа от 5 000 рублей доставка бесплатная.",
        "2.4. Готовые изделия хранятся бесплатно 30 календарных дней со дня, указанного в "
        "квитанции. Далее хранение оплачивается из расчёта 50 рублей в сутки за одно изделие.",
        "2.5. Выведение сложных пятен (краска, масло, кровь, вино) оплачивается дополнительно: "
        "надбавка 30% к цене чистки изделия.",
        "2.6. Пенсионерам предоставляется скидка 10% по будним дням с 8:00 до 12:00 при "
        "предъявлении пенсионного удостоверения. При сумме заказа от 10 000 рублей действует "
        "скидка 15%. Скидки не суммируются.",
    ]:
        doc.add_paragraph(text)

    doc.add_heading("3. Срочное выполнение заказа", level=1)
    doc.add_paragraph(
        "Срочное выполнение возможно не для всех изделий. Надбавка начисляется к цене по "
        "прейскуранту:"
    )
    urg = doc.add_table(rows=1, cols=3)
    urg.style = "Table Grid"
    for cell, text in zip(urg.rows[0].cells, ("Режим", "Срок выполнения", "Надбавка")):
        cell.text = text
    for r in [
        ("Срочный", "24 часа", "+50%"),
        ("Экспресс", "6 часов", "+100%"),
    ]:
        cells = urg.add_row().cells
        for cell, text in zip(cells, r):
            cell.text = text
    doc.add_paragraph(
        "Экспресс-чистка выполняется только для рубашек, брюк и пиджаков при сдаче изделия до "
        "12:00. Изделия из натурального меха, кожи и замши, а также ковры и свадебные платья в "
        "срочном режиме не принимаются."
    )

    doc.add_heading("4. Ответственность сторон", level=1)
    for text in [
        "4.1. Исполнитель не несёт ответственности за изменение цвета, усадку и другие дефекты, "
        "если изделие не имеет маркировки либо маркировка не соответствует составу ткани.",
        "4.2. В случае утраты или порчи изделия по вине исполнителя заказчику возмещается "
        "двукратная стоимость изделия, указанная в квитанции при приёме.",
        "4.3. Исполнитель не отвечает за сохранность пуговиц, пряжек и фурнитуры, которые не "
        "выдерживают химической чистки; такую фурнитуру рекомендуется снять до сдачи изделия.",
        "4.4. Претензии по качеству чистки принимаются в течение 14 дней со дня получения "
        "изделия при предъявлении квитанции. Вещи, забытые в карманах, исполнитель не хранит и "
        "не возвращает.",
    ]:
        doc.add_paragraph(text)

    doc.save(out)
    normalise_zip(out)


# ----------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.properties.creator = "云栖联合办公"
    wb.properties.title = "云栖联合办公 价格表 2025"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "云栖联合办公"

    ws = wb.active
    ws.title = "价格表"
    ws.append(["空间类型", "规格", "按小时（元）", "按天（元）", "按月（元）", "备注"])
    prices = [
        ("流动工位", "开放区，不固定座位", 15, 88, 1200, "先到先得，含茶水"),
        ("固定工位", "开放区，专属座位", None, 120, 1800, "含带锁储物柜一个"),
        ("独立办公室", "2人间（12平方米）", None, 380, 6800, "含家具及门牌"),
        ("独立办公室", "4人间（20平方米）", None, 650, 11500, "含家具及门牌"),
        ("独立办公室", "8人间（38平方米）", None, 1200, 21000, "含家具、门牌及白板"),
        ("会议室", "小型（可容纳4人）", 80, 480, None, "含白板"),
        ("会议室", "中型（可容纳8人）", 150, 900, None, "含投影仪和白板"),
        ("会议室", "大型（可容纳20人）", 300, 1800, None, "含视频会议设备"),
        ("电话间", "单人隔音间", 20, None, None, "每次最多预订2小时"),
        ("活动场地", "可容纳60人", 600, 3600, None, "需提前7天预订"),
    ]
    for r in prices:
        ws.append(list(r))
    for c in ws[1]:
        c.font = Font(bold=True)
    for col, w in zip("ABCDEF", (14, 22, 14, 12, 12, 24)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("会员等级")
    ws2.append(["会员等级", "月费（元）", "每月免费会议室时长（小时）", "会议室折扣", "每月免费打印（页）", "可带访客"])
    for r in [
        ("基础会员", 299, 2, "九折", 50, "每天1位"),
        ("进阶会员", 699, 6, "八折", 200, "每天3位"),
        ("尊享会员", 1299, 15, "七折", 500, "不限"),
    ]:
        ws2.append(list(r))
    for c in ws2[1]:
        c.font = Font(bold=True)
    for col, w in zip("ABCDEF", (12, 12, 26, 12, 18, 12)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("使用规则")
    ws3.append(["项目", "说明"])
    for r in [
        ("营业时间", "工作日8:00至22:00；周末及法定节假日9:00至18:00"),
        ("24小时门禁", "固定工位和独立办公室的月租客户可24小时刷卡进出"),
        ("工位押金", "固定工位押金1000元，退租时无损坏全额退还"),
        ("办公室押金", "独立办公室押金为两个月租金"),
        ("门禁卡押金", "每张门禁卡押金50元，遗失补办收费80元"),
        ("会议室取消", "开始前24小时以上取消免费；不足24小时取消收取50%费用；未到场全额收费"),
        ("会议室计费", "最少预订1小时，超出部分按每半小时计费"),
        ("停车", "地下停车场每小时10元，会员每日封顶40元"),
        ("打印", "黑白A4每页0.5元，彩色A4每页2元"),
        ("年付优惠", "按年一次性付款，月价享受八五折"),
        ("发票", "可开具增值税普通发票或增值税专用发票"),
        ("宠物", "办公区域不允许携带宠物"),
    ]:
        ws3.append(list(r))
    for c in ws3[1]:
        c.font = Font(bold=True)
    ws3.column_dimensions["A"].width = 14
    ws3.column_dimensions["B"].width = 70

    wb.save(out)
    normalise_zip(out)


# ----------------------------------------------------------------------------- PPTX (en)
def make_pptx(out: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    cp = prs.core_properties
    cp.author = "Harbour Lane Music School"
    cp.title = "Lessons and Fees 2025/26"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Harbour Lane Music School"
    cp.revision = 1

    def bullets(title, lines, notes=None):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        body = s.placeholders[1].text_frame
        body.text = lines[0]
        for line in lines[1:]:
            p = body.add_paragraph()
            p.text = line
        for p in body.paragraphs:
            for r in p.runs:
                r.font.size = Pt(18)
        if notes:
            s.notes_slide.notes_text_frame.text = notes
        return s

    def table_slide(title, header, rows, note_text=None):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
        n_rows, n_cols = len(rows) + 1, len(header)
        shape = s.shapes.add_table(n_rows, n_cols, Inches(0.4), Inches(1.5), Inches(9.2), Inches(0.4) * n_rows)
        t = shape.table
        for j, h in enumerate(header):
            t.cell(0, j).text = h
        for i, r in enumerate(rows, start=1):
            for j, v in enumerate(r):
                t.cell(i, j).text = v
        for i in range(n_rows):
            for j in range(n_cols):
                for p in t.cell(i, j).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = Pt(14)
        if note_text:
            tb = s.shapes.add_textbox(Inches(0.4), Inches(1.6) + Inches(0.4) * n_rows, Inches(9.2), Inches(0.8))
            tb.text_frame.text = note_text
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = Pt(12)
        return s

    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Harbour Lane Music School"
    s.placeholders[1].text = "Lessons and Fees 2025/26 — 27 Harbour Lane, Bristol BS1 4RW"

    bullets("About the school", [
        "Founded in 2009; 14 qualified teachers",
        "Pupils from age 5 to adult, beginners to Grade 8",
        "One-to-one lessons, group classes and exam preparation",
        "Autumn term: 8 September – 19 December 2025",
        "Spring term: 5 January – 27 March 2026",
    ])

    table_slide(
        "Individual lessons: price per lesson",
        ["Instrument", "30 min", "45 min", "60 min"],
        [
            ["Piano", "£24", "£34", "£44"],
            ["Acoustic or electric guitar", "£22", "£31", "£40"],
            ["Bass guitar", "£22", "£31", "£40"],
            ["Violin", "£26", "£36", "£47"],
            ["Cello", "£27", "£38", "£49"],
            ["Drums", "£25", "£35", "£45"],
            ["Singing", "£24", "£34", "£44"],
            ["Saxophone", "£26", "£36", "£46"],
        ],
        "60-minute lessons are recommended from Grade 5 upwards. Prices include VAT.",
    )

    bullets("Lesson packages", [
        "Term package: 10 lessons of the same length, 10% off the single-lesson price",
        "Year package: 30 lessons, 15% off the single-lesson price",
        "Packages are paid in advance and are valid only in the term or school year bought",
        "Sibling discount: 5% off the second and each further child's package",
        "Packages are non-transferable between students",
    ])

    table_slide(
        "Group classes",
        ["Class", "Length", "Group size", "Price per student"],
        [
            ["Ukulele for beginners", "60 min", "up to 6", "£12 per class"],
            ["Music theory (Grades 1–5)", "60 min", "up to 8", "£15 per class"],
            ["Rock band workshop (Saturdays)", "90 min", "4 to 5", "£18 per class"],
            ["Early years music (ages 3–5)", "45 min", "up to 10", "£9 per class"],
        ],
    )

    bullets("Trial lesson", [
        "A 30-minute trial lesson costs £10, for any instrument",
        "One trial lesson per student",
        "Book a package within 7 days and the £10 is deducted from it",
        "Group classes: the first class is free of charge",
    ])

    bullets("Cancellations and make-up lessons", [
        "Cancel at least 24 hours before the lesson: we offer a free make-up lesson",
        "Cancel less than 24 hours before, or no-show: the lesson is charged in full",
        "Illness with a doctor's note: one make-up lesson per term even at short notice",
        "At most 2 make-up lessons per term; make-ups must be taken within 4 weeks",
        "If a teacher cancels, you choose a make-up lesson or a full refund of that lesson",
    ])

    bullets("Extras", [
        "Exam preparation (ABRSM, Trinity, Rockschool): £5 supplement per lesson",
        "Exam entry fees are paid by the parent and are not included",
        "Instrument rental: violin £15 per month, cello £25 per month",
        "Practice room hire for our students: £8 per hour",
        "Late payment fee: £10 if fees are unpaid 14 days after the invoice date",
    ])

    bullets("Opening hours and contact", [
        "Monday – Friday: 14:00 – 21:00",
        "Saturday: 09:00 – 17:00; closed on Sundays and bank holidays",
        "Phone: 0117 496 0382",
        "E-mail: office@harbourlanemusic.example",
    ])

    prs.save(out)
    normalise_zip(out)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial45/
    outdir = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial45"
    outdir.mkdir(parents=True, exist_ok=True)
    make_docx(outdir / "chistota_prajs.docx")
    make_xlsx(outdir / "cowork_jiage.xlsx")
    make_pptx(outdir / "harbour_music.pptx")
    for p in sorted(outdir.iterdir()):
        print(p, p.stat().st_size)


if __name__ == "__main__":
    main()
