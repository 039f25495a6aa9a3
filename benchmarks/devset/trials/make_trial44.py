#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 44 (deterministic, no network):
a Russian DOCX (a veterinary clinic), a Chinese XLSX (a bicycle rental) and an English PPTX
(a photo studio). Written by the trial's user, who had not read pincite's code; its
content is invented.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial44.py benchmarks/devset/docs
"""
import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

FIXED = dt.datetime(2026, 11, 20, 10, 0, 0)


def normalise_zip(path: Path) -> None:
    """Rewrite the zip with fixed timestamps and sorted order so output is byte-stable."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        # [Content_Types].xml must stay first
        items.sort(key=lambda x: (x[0] != "[Content_Types].xml", x[0]))
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps the save time as modified
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>2026-11-20T10:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 10, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    path.write_bytes(buf.getvalue())


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(out: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    d = Document()
    cp = d.core_properties
    cp.author = "Ветеринарная клиника «Лапа и хвост»"
    cp.title = "Прейскурант и правила обслуживания"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "admin"
    cp.revision = 1

    d.add_heading("Ветеринарная клиника «Лапа и хвост»", 0)
    d.add_paragraph(
        "г. Казань, ул. Садовая, д. 14. Телефон регистратуры: +7 (843) 555-21-40. "
        "Прейскурант действует с 1 ноября 2026 года."
    )

    d.add_heading("1. Прейскурант на основные услуги", 1)
    d.add_paragraph(
        "Цены указаны в рублях за одно животное. Стоимость для собак зависит от массы тела "
        "животного, которую взвешивают на приёме."
    )
    header = ["Услуга", "Кошки", "Собаки до 10 кг", "Собаки 10–25 кг", "Собаки свыше 25 кг"]
    rows = [
        ["Первичный приём терапевта", "900", "900", "1 000", "1 100"],
        ["Повторный приём терапевта (в течение 14 дней)", "600", "600", "700", "800"],
        ["Комплексная вакцинация (с учётом стоимости вакцины)", "1 800", "2 100", "2 300", "2 500"],
        ["Вакцинация от бешенства", "500", "500", "600", "700"],
        ["Кастрация самца", "2 800", "4 500", "6 000", "8 500"],
        ["Стерилизация самки", "4 200", "7 000", "9 500", "12 500"],
        ["Чистка зубов ультразвуком (под седацией)", "3 500", "3 800", "4 600", "5 500"],
        ["УЗИ брюшной полости", "1 600", "1 600", "1 900", "2 200"],
        ["Чипирование (с регистрацией в базе)", "1 200", "1 200", "1 200", "1 200"],
        ["Стрижка когтей", "350", "350", "450", "550"],
    ]
    t = d.add_table(rows=1, cols=len(header))
    t.style = "Table Grid"
    for i, h in enumerate(header):
        t.rows[0].cells[i].text = h
    for r in rows:
        cells = t.add_row().cells
        for i, v in enumerate(r):
            cells[i].text = v

    d.add_heading("2. Анализы и стационар", 1)
    t2 = d.add_table(rows=1, cols=3)
    t2.style = "Table Grid"
    for i, h in enumerate(["Услуга", "Срок выполнения", "Цена, руб."]):
        t2.rows[0].cells[i].text = h
    for r in [
        ["Общий анализ крови", "1 рабочий день", "650"],
        ["Биохимический анализ крови (12 показателей)", "1 рабочий день", "1 900"],
        ["Общий анализ мочи", "1 рабочий день", "450"],
        ["Соскоб кожи на клеща", "30 минут", "400"],
        ["Стационар, кошки и собаки до 10 кг (сутки)", "—", "1 300"],
        ["Стационар, собаки свыше 10 кг (сутки)", "—", "1 800"],
    ]:
        cells = t2.add_row().cells
        for i, v in enumerate(r):
            cells[i].text = v

    d.add_heading("3. Правила записи и приёма", 1)
    for p in [
        "3.1. Приём ведётся по предварительной записи по телефону или через сайт. "
        "Клиника работает ежедневно с 9:00 до 21:00; дежурный врач принимает экстренных "
        "пациентов круглосуточно.",
        "3.2. С 21:00 до 9:00 к стоимости всех услуг применяется ночная надбавка 50 %.",
        "3.3. При опоздании более чем на 15 минут приём может быть перенесён на другое "
        "свободное время.",
        "3.4. Кошек принимают только в переноске, собак — на поводке; собак крупных "
        "пород — в наморднике.",
        "3.5. Вызов врача на дом стоит 1 500 руб. в пределах города; за пределами города "
        "добавляется 40 руб. за каждый километр пути. Стоимость услуг, оказанных на дому, "
        "оплачивается отдельно по прейскуранту.",
    ]:
        d.add_paragraph(p)

    d.add_heading("4. Подготовка к операциям и оплата", 1)
    for p in [
        "4.1. Перед плановой операцией животное не кормят 12 часов, воду убирают за 4 часа "
        "до операции.",
        "4.2. При записи на кастрацию или стерилизацию вносится предоплата 30 % от "
        "стоимости операции. При отмене записи менее чем за 24 часа предоплата не возвращается.",
        "4.3. Пенсионерам при предъявлении удостоверения предоставляется скидка 10 % на "
        "приём терапевта и вакцинацию. Скидки не суммируются.",
        "4.4. Оплата принимается наличными и банковскими картами. Рассрочка не предоставляется.",
        "4.5. Гарантийный срок на повторный осмотр после операции — 10 дней: в этот срок "
        "послеоперационный осмотр и снятие швов бесплатны.",
    ]:
        d.add_paragraph(p)

    for para in d.paragraphs:
        for run in para.runs:
            run.font.size = Pt(11)
    d.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(out: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.properties.creator = "绿道骑行租车"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.title = "绿道骑行租车价目表"

    ws = wb.active
    ws.title = "租车价格"
    ws.append(["车型", "1小时（元）", "半天4小时（元）", "全天24小时（元）", "3天（元）", "周租7天（元）"])
    for r in [
        ["普通城市自行车", 15, 40, 60, 150, 280],
        ["山地自行车（27速）", 25, 70, 100, 260, 480],
        ["公路自行车（碳纤维）", 40, 120, 180, 480, 900],
        ["儿童自行车（16寸）", 10, 30, 45, 110, 200],
        ["儿童自行车（20寸）", 12, 35, 50, 125, 230],
        ["双人自行车", 30, 90, 130, 340, 620],
        ["电动助力自行车（36V）", 35, 100, 150, 400, 750],
        ["电动自行车（48V，续航60公里）", 30, 85, 120, 320, 600],
        ["电动滑板车", 25, 70, 95, 250, 450],
    ]:
        ws.append(r)
    ws.append([])
    ws.append(["说明：价格含基础保险和车锁；头盔另租，每次5元。超过1小时不足4小时的，按1小时价格逐小时累加，但不超过半天价格。"])
    for c in ws[1]:
        c.font = Font(bold=True)
    for col, w in zip("ABCDEF", [30, 12, 16, 18, 12, 14]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("押金与赔偿")
    ws2.append(["项目", "适用车型", "金额（元）", "备注"])
    for r in [
        ["押金", "普通城市自行车、儿童自行车", 200, "还车验车后原路退回"],
        ["押金", "山地自行车、双人自行车", 500, "还车验车后原路退回"],
        ["押金", "公路自行车（碳纤维）", 1500, "须出示本人身份证"],
        ["押金", "电动助力自行车、电动自行车、电动滑板车", 800, "须出示本人身份证"],
        ["超时费", "所有车型", 10, "每超时30分钟，按小时价的一半计，最低10元"],
        ["车锁丢失", "所有车型", 80, ""],
        ["车钥匙丢失", "电动车", 120, ""],
        ["爆胎修补", "所有车型", 30, "人为损坏另计"],
        ["电池丢失", "电动助力自行车、电动自行车", 1800, ""],
        ["整车丢失", "所有车型", "按车辆原价的80%赔偿", "扣除押金后补足差额"],
    ]:
        ws2.append(r)
    for c in ws2[1]:
        c.font = Font(bold=True)
    for col, w in zip("ABCD", [12, 36, 22, 36]):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("营业时间与须知")
    ws3.append(["日期", "营业时间", "最晚还车时间"])
    for r in [
        ["周一至周五", "8:00–20:00", "20:30"],
        ["周六、周日", "7:00–21:00", "21:30"],
        ["法定节假日", "7:00–21:00", "21:30"],
        ["12月至次年2月（冬季）", "9:00–18:00", "18:30"],
    ]:
        ws3.append(r)
    ws3.append([])
    ws3.append(["租车须知"])
    for line in [
        "1. 租车须出示本人有效身份证件，电动车租车人须年满16周岁。",
        "2. 12岁以下儿童骑车须由成人陪同。",
        "3. 雨天骑行不加价；雷雨、大风（6级以上）天气暂停出租电动滑板车。",
        "4. 提前预约周租可享9折优惠，须提前3天预约。",
        "5. 还车时电量低于20%的，收取充电费15元。",
    ]:
        ws3.append([line])
    for c in ws3[1]:
        c.font = Font(bold=True)
    ws3.column_dimensions["A"].width = 26
    ws3.column_dimensions["B"].width = 16
    ws3.column_dimensions["C"].width = 14

    wb.save(out)
    normalise_zip(out)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(out: Path) -> None:
    from pptx import Presentation
    from pptx.util import Inches, Pt

    prs = Presentation()
    prs.core_properties.author = "Northlight Photo Studio"
    prs.core_properties.title = "Northlight Photo Studio — Packages and Prices 2027"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.last_modified_by = "studio"
    prs.core_properties.revision = 1

    def title_slide(title, sub):
        s = prs.slides.add_slide(prs.slide_layouts[0])
        s.shapes.title.text = title
        s.placeholders[1].text = sub

    def bullets(title, lines):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        tf = s.placeholders[1].text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            tf.add_paragraph().text = ln
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = Pt(18)

    def table(title, header, rows, note=None):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
        n, m = len(rows) + 1, len(header)
        shape = s.shapes.add_table(n, m, Inches(0.4), Inches(1.6), Inches(9.2), Inches(0.4) * n)
        tb = shape.table
        for j, h in enumerate(header):
            tb.cell(0, j).text = h
        for i, r in enumerate(rows, start=1):
            for j, v in enumerate(r):
                tb.cell(i, j).text = v
        for i in range(n):
            for j in range(m):
                for p in tb.cell(i, j).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = Pt(13)
        if note:
            tx = s.shapes.add_textbox(Inches(0.4), Inches(1.8) + Inches(0.4) * n, Inches(9.2), Inches(0.8))
            tx.text_frame.text = note
            tx.text_frame.word_wrap = True
            for p in tx.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = Pt(14)

    title_slide("Northlight Photo Studio", "Packages and prices 2027 · 22 Harbour Lane, Bristol BS1 4QA")
    table(
        "Portrait packages",
        ["Package", "Session length", "Edited photos", "Outfit changes", "Price"],
        [
            ["Mini Portrait", "30 min", "8", "1", "£95"],
            ["Classic Portrait", "60 min", "20", "2", "£180"],
            ["Signature Portrait", "90 min", "35", "3", "£260"],
            ["Premium Portrait", "2 hours", "50", "Unlimited", "£340"],
        ],
        note="All portrait packages include a private online gallery and web-resolution downloads. "
        "Prices are per session for one person.",
    )
    table(
        "Family, newborn and pet sessions",
        ["Session", "Duration", "Included", "Price"],
        [
            ["Family session (up to 4 people)", "75 min", "25 edited photos", "£220"],
            ["Extra family member", "—", "added to a family session", "£25 per person"],
            ["Newborn session (baby up to 14 days old)", "3 hours", "20 edited photos, props and wraps", "£290"],
            ["Cake smash (first birthday)", "60 min", "15 edited photos, cake included", "£175"],
            ["Pet portrait (one pet)", "45 min", "12 edited photos", "£150"],
        ],
    )
    table(
        "Business headshots",
        ["Option", "Where", "Included", "Price"],
        [
            ["Single headshot", "Studio", "15 min, 3 retouched images", "£75"],
            ["Extended headshot", "Studio", "40 min, 8 retouched images, 2 backgrounds", "£140"],
            ["Team headshots", "Your office", "up to 10 people, 2 retouched images each", "£650"],
            ["Team headshots, extra person", "Your office", "2 retouched images", "£45 per person"],
        ],
        note="On-site team sessions within 15 miles of the studio; beyond that travel is charged at £0.60 per mile.",
    )
    bullets(
        "Add-ons",
        [
            "Extra retouched image: £12 each",
            "Express delivery of edited photos within 48 hours: £60",
            "Professional hair and make-up artist: £70 per person",
            "Printed photo album, 20 pages (30 × 30 cm): £140",
            "Canvas print 40 × 60 cm: £85; 60 × 90 cm: £130",
            "USB stick with all high-resolution files: £25",
        ],
    )
    bullets(
        "Booking and deposit",
        [
            "A booking is confirmed once a non-refundable deposit of £50 is paid.",
            "The deposit is deducted from the package price; the balance is due on the day of the shoot.",
            "We accept cards and bank transfer; we do not accept cheques.",
            "Edited photos are delivered within 10 working days in an online gallery.",
            "The online gallery stays open for 60 days; after that, files are archived for one year.",
        ],
    )
    bullets(
        "Cancellation and rescheduling",
        [
            "Cancel 7 days or more before the session: full refund except the deposit.",
            "Cancel 2 to 6 days before: 50% of the package price is charged.",
            "Cancel less than 48 hours before, or no-show: full package price is charged.",
            "One free reschedule if requested at least 72 hours before the session.",
            "If you arrive more than 20 minutes late, the session is shortened accordingly.",
            "Newborn sessions may be moved at no charge if the baby arrives early or late.",
        ],
    )
    bullets(
        "Opening hours and contact",
        [
            "Tuesday to Saturday: 9:00–18:00",
            "Sunday: 10:00–16:00 (sessions by appointment only)",
            "Monday: closed",
            "Phone: 0117 496 0321 · hello@northlight-studio.example",
            "Free parking for two cars in front of the studio.",
        ],
    )
    prs.save(out)
    normalise_zip(out)


def main():
    # the development set's docs folder (fetch.py passes it); the files go to its trial44/
    outdir = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial44"
    outdir.mkdir(parents=True, exist_ok=True)
    make_docx(outdir / "vetclinic_ru.docx")
    make_xlsx(outdir / "bike_rental_zh.xlsx")
    make_pptx(outdir / "photo_studio_en.pptx")
    print("written to", outdir)


if __name__ == "__main__":
    main()
