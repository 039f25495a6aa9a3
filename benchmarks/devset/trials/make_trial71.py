#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 71 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- ogranka_remont_ru.docx   Russian jewellery-repair workshop «Огранка» in Yaroslavl: price list
                           from 1 November 2026 (opening hours, free estimates); chains and
                           bracelets in silver and gold (soldering one break, clasp
                           replacement, shortening, hollow chains; the clasps in stock),
                           ring resizing in silver, gold 585 and gold 750 (down or up by 1 or
                           2-3 sizes; footnote: the added metal per gram; eternity and
                           engraved wedding rings by 1 size at most), engraving (machine and
                           laser inside a ring, laser on a pendant or tag, hand engraving, in
                           three length tiers; what counts as a character, a logo 2 500
                           rubles), cleaning, polishing, rhodium plating and stone setting
                           with price and time (larger stones, pearls and made-to-sketch
                           earrings and rings from 12 000 rubles), terms as bullets (1-5
                           working days, same-day +50 %, 50 % prepayment over 5 000 rubles,
                           6 months' guarantee on soldering and setting, pensioners 10 % on
                           weekdays, storage, no costume jewellery), then on page 3 the
                           scrap-gold and silver credit per gram by fineness (no platinum or
                           palladium, 1 gram minimum)
- manman_hunsha_zh.xlsx    Chinese wedding-dress rental 蔓蔓婚纱馆 in Hangzhou: dresses by series
                           and tier (齐地婚纱 and 拖尾婚纱 基础款/精选款/高定款, 秀禾服, 敬酒服,
                           男士西装 三件套, 伴娘服) with the rent for 1 and 3 days, deposit and
                           remarks, then notes 注1-3 (extra days, deposit refund, 高定款 booked
                           30 days ahead; sheet 租赁价目), add-on services (bridal make-up half
                           and full day, early make-up, bridesmaid make-up, alterations,
                           accessories, delivery, dry cleaning) with the make-up booking
                           sentence (sheet 附加服务), seven numbered rental rules (booking,
                           cancellation, fittings, late return, damage, ID, 10 % off a dress
                           and a suit rented together; sheet 租赁须知)
- quire_bindery_en.pptx    English bookbinder Quire & Thread Bindery in Leeds: a title slide
                           with the house terms (estimates, VAT, a 30 % deposit over £200,
                           storage after 60 days; a speaker note on the student discount),
                           thesis and document binding per copy (Wire-O, softcover perfect,
                           hardcover case, gilt edges, full leather in three page-count tiers
                           with turnaround; foil lettering, express +40 %, further copies,
                           over 400 pages), book repair per volume (paperback, cloth hardback,
                           antique; times, clamshell boxes, return postage within the UK, no
                           mouldy books)

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-20 10:00:00, the members in the order the library wrote them), the core properties'
created and modified times and core.xml's created and modified times after saving (openpyxl's
save-time stamp overwritten), so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial71.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, Side
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 20, 10, 0, 0)
FIXED_ISO = "2026-11-20T10:00:00Z"
ZIP_TIME = (2026, 11, 20, 10, 0, 0)


def normalize_zip(path: Path) -> None:
    """Rewrite an OOXML zip with fixed timestamps and fixed core-property dates."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              rf"\g<1>{FIXED_ISO}\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rf"\g<1>{FIXED_ISO}\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    path.write_bytes(buf.getvalue())


def set_core(props, title: str, subject: str, author: str, lang: str) -> None:
    props.title = title
    props.subject = subject
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

def docx_table(doc, rows, widths=None):
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            cell = t.cell(r, c)
            cell.text = val
            if r == 0:
                for p in cell.paragraphs:
                    for run in p.runs:
                        run.bold = True
    return t


def make_docx(out: Path) -> Path:
    doc = Document()
    set_core(doc.core_properties, "Прейскурант ювелирной мастерской «Огранка»",
             "Ремонт ювелирных изделий: цены и условия", "Мастерская «Огранка»", "ru-RU")
    style = doc.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    doc.add_heading("Ювелирная мастерская «Огранка»", level=0)
    p = doc.add_paragraph(
        "Прейскурант на ремонт и обслуживание ювелирных изделий. Действует с 1 ноября 2026 года. "
        "Адрес: г. Ярославль, ул. Свободы, д. 41, цокольный этаж. Телефон: +7 (4852) 60-17-33.")
    p.alignment = WD_ALIGN_PARAGRAPH.LEFT
    doc.add_paragraph(
        "Мастерская работает со вторника по субботу с 10:00 до 19:00, в воскресенье — с 11:00 до 16:00; "
        "понедельник — выходной. Оценка стоимости ремонта и консультация мастера бесплатны.")

    doc.add_heading("1. Ремонт цепочек и браслетов", level=1)
    docx_table(doc, [
        ["Услуга", "Серебро, руб.", "Золото, руб."],
        ["Пайка цепочки (одно место разрыва)", "450", "900"],
        ["Пайка браслета (одно место разрыва)", "500", "1 100"],
        ["Замена замка (без стоимости замка)", "350", "600"],
        ["Укорачивание цепочки", "400", "800"],
        ["Пайка пустотелой цепочки", "700", "1 400"],
    ])
    doc.add_paragraph(
        "Цены указаны за одно место пайки. Замок можно выбрать из наличия в мастерской: "
        "серебряный карабин стоит 250 руб., золотой карабин 585-й пробы — 3 900 руб.")

    doc.add_heading("2. Изменение размера кольца", level=1)
    docx_table(doc, [
        ["Изменение размера", "Серебро, руб.", "Золото 585, руб.", "Золото 750, руб."],
        ["Уменьшение на 1 размер", "600", "1 200", "1 500"],
        ["Уменьшение на 2–3 размера", "800", "1 600", "1 900"],
        ["Увеличение на 1 размер (растяжка)", "700", "1 400", "1 700"],
        ["Увеличение на 2–3 размера (вставка металла)", "900*", "2 000*", "2 400*"],
    ])
    doc.add_paragraph(
        "* Без стоимости добавленного металла. Добавленное золото 585-й пробы оплачивается по 9 800 руб. "
        "за грамм, золото 750-й пробы — по 12 600 руб. за грамм, серебро — по 190 руб. за грамм.")
    doc.add_paragraph(
        "Кольца с камнями по всей окружности (дорожкой) и обручальные кольца с гравировкой внутри "
        "размеру не подлежат изменению более чем на 1 размер.")

    doc.add_heading("3. Гравировка", level=1)
    docx_table(doc, [
        ["Вид гравировки", "до 10 знаков, руб.", "11–25 знаков, руб.", "26–50 знаков, руб."],
        ["Машинная (внутри кольца)", "500", "900", "1 500"],
        ["Лазерная (внутри кольца)", "700", "1 200", "2 000"],
        ["Лазерная (на подвеске или жетоне)", "800", "1 400", "2 300"],
        ["Ручная художественная", "1 500", "2 800", "4 500"],
    ])
    doc.add_paragraph(
        "Знаком считается любая буква, цифра, пробел или символ. Изображение или логотип "
        "гравируется лазером по цене 2 500 руб. за изображение площадью до 2 кв. см.")

    doc.add_heading("4. Чистка, полировка и камни", level=1)
    docx_table(doc, [
        ["Услуга", "Цена, руб.", "Срок"],
        ["Ультразвуковая чистка (1 изделие)", "300", "в присутствии клиента"],
        ["Полировка кольца", "600", "1 день"],
        ["Полировка цепочки или браслета", "800", "1 день"],
        ["Родирование кольца", "1 200", "2 дня"],
        ["Закрепка камня (до 3 мм)", "350", "2 дня"],
        ["Закрепка камня (3–6 мм)", "700", "3 дня"],
    ])
    doc.add_paragraph(
        "Закрепка камня свыше 6 мм и работа с жемчугом оцениваются мастером индивидуально. "
        "Изготовление серёг и колец по эскизу — от 12 000 руб., срок изготовления 14 рабочих дней.")

    doc.add_heading("5. Условия обслуживания", level=1)
    for line in [
        "Срок выполнения обычного ремонта — от 1 до 5 рабочих дней в зависимости от сложности.",
        "Срочный ремонт в день обращения выполняется с наценкой 50 % к цене по прейскуранту.",
        "При заказе на сумму свыше 5 000 руб. берётся предоплата 50 %.",
        "Гарантия на пайку и закрепку камней — 6 месяцев, на родирование — 1 месяц.",
        "Пенсионерам по будням предоставляется скидка 10 % (кроме срочного ремонта и гравировки).",
        "Изделия, не востребованные в течение 3 месяцев после срока готовности, передаются на "
        "ответственное хранение; хранение стоит 50 руб. за изделие в сутки.",
        "Мастерская не принимает в ремонт бижутерию и изделия из недрагоценных металлов.",
    ]:
        doc.add_paragraph(line, style="List Bullet")

    doc.add_page_break()
    doc.add_heading("6. Скупка и обмен лома", level=1)
    doc.add_paragraph(
        "Лом золота принимается в зачёт стоимости ремонта и изготовления изделий по эскизу. "
        "Цена зачёта определяется по пробе и весу после проверки на пробирном камне.")
    docx_table(doc, [
        ["Металл, проба", "Зачёт, руб. за 1 г"],
        ["Золото 375", "3 900"],
        ["Золото 585", "6 100"],
        ["Золото 750", "7 800"],
        ["Серебро 925", "55"],
    ])
    doc.add_paragraph(
        "Лом платины и палладия не принимается. Минимальный вес лома для зачёта — 1 грамм.")

    path = out / "ogranka_remont_ru.docx"
    doc.save(path)
    normalize_zip(path)
    return path


# --------------------------------------------------------------------------- XLSX (zh)

THIN = Side(style="thin")
BORDER = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


def write_rows(ws, rows, start=1, header=True):
    for r, row in enumerate(rows, start=start):
        for c, val in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value=val)
            if val is not None and header and r == start:
                cell.font = Font(bold=True)
            if val is not None:
                cell.border = BORDER
                cell.alignment = Alignment(wrap_text=True, vertical="top")


def make_xlsx(out: Path) -> Path:
    wb = Workbook()
    set_core(wb.properties, "蔓蔓婚纱馆 租赁价目表", "婚纱礼服租赁价格与须知", "蔓蔓婚纱馆", "zh-CN")

    ws = wb.active
    ws.title = "租赁价目"
    ws["A1"] = "蔓蔓婚纱馆 · 婚纱礼服租赁价目表（2026年版，单位：元）"
    ws["A1"].font = Font(bold=True, size=13)
    ws["A2"] = "地址：杭州市拱墅区湖墅南路188号3楼；营业时间：周二至周日 10:00–20:00，周一店休。"
    rows = [
        ["系列", "档次", "租期1天租金", "租期3天租金", "押金", "说明"],
        ["齐地婚纱", "基础款", 880, 1580, 2000, "含裙撑"],
        ["齐地婚纱", "精选款", 1580, 2680, 3000, "含裙撑、头纱"],
        ["齐地婚纱", "高定款", 2980, 4980, 6000, "含裙撑、头纱，需提前试穿"],
        ["拖尾婚纱", "基础款", 1180, 1980, 3000, "拖尾长度1米"],
        ["拖尾婚纱", "精选款", 1980, 3280, 4000, "拖尾长度2米"],
        ["拖尾婚纱", "高定款", 3680, 5880, 8000, "拖尾长度3米，需提前试穿"],
        ["秀禾服", "标准款", 980, 1680, 2000, "含头饰"],
        ["秀禾服", "龙凤褂（手工刺绣）", 2580, 4280, 6000, "含头饰，不可干洗以外方式清洁"],
        ["敬酒服", "标准款", 480, 780, 1000, None],
        ["男士西装", "三件套", 380, 680, 1000, "含衬衫、领结"],
        ["伴娘服", "统一款（每套）", 160, 260, 300, "4套起租"],
    ]
    write_rows(ws, rows, start=4)
    ws["A17"] = "注1：租期从取件当日起算，超过3天按每天加收1天租金的30%计算。"
    ws["A18"] = "注2：押金在归还并验收完好后7个工作日内原路退回。"
    ws["A19"] = "注3：高定款需提前至少30天预订，并支付定金800元。"
    for col, w in zip("ABCDEF", (12, 20, 14, 14, 10, 34)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("附加服务")
    rows2 = [
        ["服务项目", "计价单位", "价格（元）", "备注"],
        ["新娘跟妆（半天）", "每场", 1280, "含1次换妆"],
        ["新娘跟妆（全天）", "每场", 1980, "含3次换妆"],
        ["早妆加价", "每场", 300, "6:00前开始化妆"],
        ["伴娘妆", "每人", 280, None],
        ["改衣（收腰、改长度）", "每件", 200, "租期内可免费调整1次"],
        ["配饰套装（头纱+手套+项链）", "每套", 260, "基础款婚纱适用"],
        ["送衣上门（市区）", "每次", 100, "上城区、拱墅区、西湖区"],
        ["送衣上门（郊区）", "每次", 200, "余杭区、萧山区"],
        ["专业干洗（归还后由本店处理）", "每件", 0, "已含在租金中"],
    ]
    write_rows(ws2, rows2, start=1)
    ws2["A12"] = "跟妆服务需至少提前7天预约；外地（杭州市以外）跟妆另收交通费，按实际路程报价。"
    for col, w in zip("ABCD", (30, 10, 12, 30)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("租赁须知")
    lines = [
        "租赁须知",
        "1. 预订：普通款需提前至少7天预订；预订时支付定金300元，定金可抵租金。",
        "2. 取消：婚期前15天以上取消，退还定金的50%；15天以内取消，定金不退。",
        "3. 试穿：每位客户可免费试穿3套，第4套起每套收取试穿费50元。",
        "4. 逾期：未按约定日期归还的，每逾期1天按该款1天租金的50%收取逾期费。",
        "5. 损坏：轻微污渍不收费；裙摆撕裂、烟洞等需修补的，按修补费用从押金中扣除；无法修复的，按该款零售价赔偿。",
        "6. 证件：取件时须出示本人身份证，并签署租赁协议。",
        "7. 优惠：婚纱与男士西装同时租赁，合计租金打九折（押金不打折）。",
    ]
    for i, line in enumerate(lines, start=1):
        ws3.cell(row=i, column=1, value=line)
    ws3["A1"].font = Font(bold=True)
    ws3.column_dimensions["A"].width = 100

    path = out / "manman_hunsha_zh.xlsx"
    wb.save(path)
    normalize_zip(path)
    return path


# --------------------------------------------------------------------------- PPTX (en)

def add_table(slide, rows, left, top, width, height, col_widths=None):
    shape = slide.shapes.add_table(len(rows), len(rows[0]), left, top, width, height)
    table = shape.table
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            cell = table.cell(r, c)
            cell.text = val
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(13)
                    run.font.bold = r == 0
    if col_widths:
        for i, w in enumerate(col_widths):
            table.columns[i].width = w
    return table


def add_text(slide, text_lines, left, top, width, height, size=13):
    box = slide.shapes.add_textbox(left, top, width, height)
    tf = box.text_frame
    tf.word_wrap = True
    for i, line in enumerate(text_lines):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = line
        for run in p.runs:
            run.font.size = PPt(size)
    return box


def make_pptx(out: Path) -> Path:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    set_core(prs.core_properties, "Quire & Thread Bindery - Prices 2027",
             "Bookbinding and book repair price list", "Quire & Thread Bindery", "en-GB")

    # slide 1: title and house rules
    s1 = prs.slides.add_slide(prs.slide_layouts[5])
    s1.shapes.title.text = "Quire & Thread Bindery — Prices and Terms 2027"
    add_text(s1, [
        "Hand bookbinding, thesis binding and book repair in Leeds since 2009.",
        "Workshop: Unit 4, Canal Wharf, Leeds LS11 5PS. Open Tuesday to Saturday, 9:30 am to 5:30 pm.",
        "Estimates are free and are sent within 2 working days of seeing the book.",
        "Prices are in pounds sterling and include VAT. These prices apply from 1 January 2027.",
        "A deposit of 30% is taken on orders over £200; the balance is due on collection.",
        "Books not collected within 60 days of completion are charged storage at £2 per week.",
    ], Inches(0.6), Inches(1.6), Inches(12), Inches(4.5), size=16)
    s1.notes_slide.notes_text_frame.text = (
        "Speaker note: mention the student discount of 10% on thesis binding with a valid student card.")

    # slide 2: thesis and document binding
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Thesis and document binding (per copy)"
    add_table(s2, [
        ["Binding", "up to 100 pages", "101–250 pages", "251–400 pages", "Turnaround"],
        ["Wire-O binding", "£9", "£12", "£16", "same day"],
        ["Softcover perfect binding", "£18", "£24", "£32", "2 working days"],
        ["Hardcover case binding", "£45", "£55", "£70", "3 working days"],
        ["Hardcover with gilt edges", "£75", "£90", "£110", "5 working days"],
        ["Full leather binding", "£120", "£145", "£180", "10 working days"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(3.2))
    add_text(s2, [
        "* Gold foil lettering on the spine and front cover is included in hardcover and leather prices; "
        "on softcover it costs £12 extra.",
        "* Express 24-hour service: +40% on the listed price (not available for full leather).",
        "* Second and further copies of the same document: 15% off each.",
        "* Documents over 400 pages are quoted individually.",
    ], Inches(0.5), Inches(5.0), Inches(12.3), Inches(2.2), size=13)

    # slide 3: book repair
    s3 = prs.slides.add_slide(prs.slide_layouts[5])
    s3.shapes.title.text = "Book repair and conservation (per volume)"
    add_table(s3, [
        ["Repair", "Paperback", "Cloth hardback", "Antique (before 1900)"],
        ["Loose or detached cover reattached", "£15", "£35", "£60"],
        ["Spine repair", "£20", "£45", "£85"],
        ["Rebacking with new spine", "—", "£65", "£140"],
        ["Tear mending (per leaf)", "£3", "£4", "£8"],
        ["Full rebinding", "£40", "£90", "£220"],
        ["Cleaning and deacidification", "—", "£30", "£75"],
    ], Inches(0.5), Inches(1.5), Inches(12.3), Inches(3.4))
    add_text(s3, [
        "Antique repairs take 3 to 6 weeks; other repairs are ready within 10 working days.",
        "Custom clamshell boxes for any book cost £55 each.",
        "Insured return postage within the UK is a flat £15 per parcel.",
        "We do not repair water-damaged books with active mould.",
    ], Inches(0.5), Inches(5.1), Inches(12.3), Inches(2.0), size=13)

    path = out / "quire_bindery_en.pptx"
    prs.save(path)
    normalize_zip(path)
    return path


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial71/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial71"
    out.mkdir(parents=True, exist_ok=True)
    for fn in (make_docx, make_xlsx, make_pptx):
        fn(out)
    print("written to", out)


if __name__ == "__main__":
    main()
