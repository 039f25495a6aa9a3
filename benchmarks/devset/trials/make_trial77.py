#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 77 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- avtoservis_koleso_prais.pptx        Russian car service АвтоЦентр «Колесо», 7 slides: the
                                      title; oil and filter change; tyre fitting R13-R20 for
                                      легковой, кроссовер and внедорожник; brakes and wheel
                                      alignment; diagnostics; 7 rules; contacts
- guangying_sheying_jiamubiao.docx    Chinese photo studio 光影时光摄影工作室, price list
                                      (2 pages through LibreOffice): 8 packages (证件照 ×2,
                                      写真 A/B, 婚纱照 ×2, 儿童照, 全家福), 11 extras (frames
                                      of 6, 8, 12 and 24 寸 ...) and 7 numbered terms
- harbour_thyme_catering_prices.xlsx  English caterer Harbour & Thyme Catering, 3 sheets:
                                      Menus (7 menus, price per head, minimum guests, 2 note
                                      rows), Drinks (2, 3 and 4 hour packages), Staff & Hire
                                      (per hour, day, dozen or week; a note row)

The trial's generator fixed every zip member's time (2026-11-02 09:00:00) and core.xml's
created and modified times, so the bytes match the trial's files without further pinning;
its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial77.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime as dt
import io
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

FIXED = dt.datetime(2026, 11, 2, 9, 0, 0)
ZIP_TIME = (2026, 11, 2, 9, 0, 0)


def _fix_zip(data: bytes) -> bytes:
    """Rewrite a saved OOXML package with fixed member times and fixed core-property dates."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = body.decode("utf-8")
                stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", rf"\g<1>{stamp}\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rf"\g<1>{stamp}\g<2>", text)
                body = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            dst.writestr(zi, body)
    return out.getvalue()


def _save(obj, path: Path) -> None:
    buf = io.BytesIO()
    obj.save(buf)
    path.write_bytes(_fix_zip(buf.getvalue()))


# ----------------------------------------------------------------------------------------
# Russian PPTX: a car service station's price deck
# ----------------------------------------------------------------------------------------
def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    cp = prs.core_properties
    cp.title = "АвтоЦентр «Колесо» — прайс-лист 2026"
    cp.author = "АвтоЦентр «Колесо»"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "АвтоЦентр «Колесо»"
    cp.revision = 1

    def title_only(title: str):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
        s.shapes.title.text_frame.paragraphs[0].font.size = PPt(32)
        return s

    def add_table(slide, rows, top=1.5, height=0.4, widths=None, size=14):
        n_rows, n_cols = len(rows), len(rows[0])
        left = Inches(0.5)
        width = Inches(12.3)
        shape = slide.shapes.add_table(n_rows, n_cols, left, Inches(top), width, Inches(height * n_rows))
        tbl = shape.table
        if widths:
            for i, w in enumerate(widths):
                tbl.columns[i].width = Inches(w)
        for r, row in enumerate(rows):
            for c, val in enumerate(row):
                cell = tbl.cell(r, c)
                cell.text = val
                for p in cell.text_frame.paragraphs:
                    p.font.size = PPt(size)
                    if r == 0:
                        p.font.bold = True
        return tbl

    def add_note(slide, lines, top, size=14, height=1.2):
        box = slide.shapes.add_textbox(Inches(0.5), Inches(top), Inches(12.3), Inches(height))
        tf = box.text_frame
        tf.word_wrap = True
        for i, line in enumerate(lines):
            p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
            p.text = line
            p.font.size = PPt(size)

    # 1. title
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "АвтоЦентр «Колесо»"
    s.placeholders[1].text = (
        "Прайс-лист на работы с 1 ноября 2026 года\n"
        "Техобслуживание · Шиномонтаж · Тормоза · Развал-схождение · Диагностика"
    )

    # 2. oil and filters
    s = title_only("Замена масла и фильтров")
    add_table(s, [
        ["Работа", "Легковой", "Кроссовер", "Внедорожник", "Время"],
        ["Замена моторного масла (без фильтра)", "900 ₽", "1 200 ₽", "1 500 ₽", "30 мин"],
        ["Замена моторного масла с масляным фильтром", "1 200 ₽", "1 500 ₽", "1 900 ₽", "40 мин"],
        ["Замена воздушного фильтра", "300 ₽", "400 ₽", "500 ₽", "10 мин"],
        ["Замена салонного фильтра", "400 ₽", "500 ₽", "700 ₽", "20 мин"],
        ["Частичная замена масла в АКПП", "2 500 ₽", "3 000 ₽", "3 800 ₽", "1 ч"],
    ], widths=[5.1, 1.8, 1.8, 1.8, 1.8])
    add_note(s, ["Цены указаны за работу; масло и фильтры оплачиваются отдельно по ценам склада."], top=4.6)

    # 3. tyre fitting by rim size
    s = title_only("Шиномонтаж: комплекс на 4 колеса")
    add_table(s, [
        ["Диаметр диска", "Легковой", "Кроссовер", "Внедорожник"],
        ["R13", "1 600 ₽", "—", "—"],
        ["R14", "1 800 ₽", "—", "—"],
        ["R15", "2 000 ₽", "2 400 ₽", "—"],
        ["R16", "2 200 ₽", "2 600 ₽", "3 000 ₽"],
        ["R17", "2 600 ₽", "3 000 ₽", "3 400 ₽"],
        ["R18", "3 000 ₽", "3 400 ₽", "3 800 ₽"],
        ["R19", "—", "3 900 ₽", "4 300 ₽"],
        ["R20", "—", "4 400 ₽", "4 900 ₽"],
    ], top=1.4, height=0.42, widths=[3.0, 3.1, 3.1, 3.1])
    add_note(s, [
        "Комплекс включает снятие и установку колёс, демонтаж и монтаж шин, балансировку.",
        "Балансировка одного колеса: 250 ₽ для R13–R16, 350 ₽ для R17–R20. Ремонт прокола жгутом — 400 ₽.",
    ], top=5.4)

    # 4. brakes and alignment
    s = title_only("Тормозная система и развал-схождение")
    add_table(s, [
        ["Работа", "Легковой", "Кроссовер", "Внедорожник", "Время"],
        ["Замена передних тормозных колодок", "1 400 ₽", "1 700 ₽", "2 100 ₽", "40 мин"],
        ["Замена задних тормозных колодок (дисковый тормоз)", "1 600 ₽", "1 900 ₽", "2 300 ₽", "50 мин"],
        ["Замена тормозных дисков (одна ось)", "2 800 ₽", "3 300 ₽", "4 000 ₽", "1 ч 20 мин"],
        ["Замена тормозной жидкости", "1 200 ₽", "1 200 ₽", "1 500 ₽", "40 мин"],
        ["Развал-схождение, одна ось", "1 500 ₽", "1 800 ₽", "2 200 ₽", "40 мин"],
        ["Развал-схождение, две оси", "2 500 ₽", "3 000 ₽", "3 600 ₽", "1 ч"],
    ], widths=[5.1, 1.8, 1.8, 1.8, 1.8])

    # 5. diagnostics
    s = title_only("Диагностика")
    add_table(s, [
        ["Вид диагностики", "Цена", "Время"],
        ["Компьютерная диагностика двигателя", "1 500 ₽", "30 мин"],
        ["Диагностика ходовой части", "800 ₽", "30 мин"],
        ["Проверка автомобиля перед покупкой (выезд)", "4 500 ₽", "2 ч"],
        ["Проверка кондиционера на утечки", "1 000 ₽", "20 мин"],
        ["Заправка кондиционера (до 500 г хладагента)", "2 500 ₽", "40 мин"],
    ], widths=[7.5, 2.4, 2.4])
    add_note(s, ["Цена диагностики одна для всех классов автомобилей."], top=4.4)

    # 6. rules
    s = title_only("Правила обслуживания")
    add_note(s, [
        "1. Гарантия на выполненные работы — 6 месяцев или 10 000 км пробега, смотря что наступит раньше.",
        "2. Если клиент привозит свои запчасти, гарантия распространяется только на работу, "
        "а стоимость работ увеличивается на 20 %.",
        "3. Хранение комплекта шин без дисков стоит 2 500 ₽ за сезон, колёс в сборе с дисками — 3 200 ₽ за сезон; "
        "сезон хранения длится до 6 месяцев.",
        "4. За хранение шин диаметром R19 и больше взимается доплата 500 ₽ за сезон.",
        "5. Запись можно бесплатно перенести или отменить не позднее чем за 2 часа до визита.",
        "6. При опоздании более чем на 15 минут автомобиль обслуживается в порядке живой очереди.",
        "7. Оплата наличными, банковской картой или по QR-коду; для организаций — по счёту.",
    ], top=1.4, size=16, height=5.5)

    # 7. contacts
    s = title_only("Контакты")
    add_note(s, [
        "Адрес: г. Екатеринбург, ул. Монтажников, 14",
        "Телефон записи: +7 (343) 212-45-67",
        "Режим работы: пн–пт 8:00–21:00, сб–вс 9:00–19:00",
        "Сайт: koleso-ekb.example",
    ], top=1.6, size=20, height=3.0)

    _save(prs, path)


# ----------------------------------------------------------------------------------------
# Chinese DOCX: a photo studio's price list
# ----------------------------------------------------------------------------------------
def make_docx(path: Path) -> None:
    doc = Document()
    cp = doc.core_properties
    cp.title = "光影时光摄影工作室 2026 年价目表"
    cp.author = "光影时光摄影工作室"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "光影时光摄影工作室"
    cp.revision = 1
    style = doc.styles["Normal"]
    style.font.size = Pt(11)

    doc.add_heading("光影时光摄影工作室 2026 年价目表", level=1)
    doc.add_paragraph("本价目表自 2026 年 10 月 1 日起执行，所有价格均为人民币元，含税。")

    doc.add_heading("一、拍摄套餐", level=2)
    rows = [
        ["套餐", "价格（元）", "精修张数", "服装（套）", "拍摄时长", "说明"],
        ["证件照", "69", "1", "自备", "15 分钟", "含 8 张冲印"],
        ["证件照（精致版）", "129", "2", "1（可借正装）", "30 分钟", "含化妆修容"],
        ["写真A（单人）", "599", "10", "2", "2 小时", "棚内拍摄"],
        ["写真B（单人）", "899", "18", "3", "3 小时", "棚内 + 附近街拍"],
        ["婚纱照·基础", "3999", "30", "3", "1 天", "内景，含新娘妆"],
        ["婚纱照·外景", "6999", "50", "5", "1 天", "含 1 个外景地"],
        ["儿童照", "499", "12", "2", "1.5 小时", "适合 1–12 岁"],
        ["全家福", "799", "8", "每人 1 套", "2 小时", "最多 6 人，每增加 1 人加收 80 元"],
    ]
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            t.cell(r, c).text = val

    doc.add_heading("二、附加服务", level=2)
    rows = [
        ["项目", "价格（元）", "单位"],
        ["加修精修照片", "40", "每张"],
        ["化妆造型（写真、全家福）", "200", "每人"],
        ["新娘跟妆（全天）", "1200", "每天"],
        ["加急冲印（24 小时取件）", "50", "每单"],
        ["普通冲印 6 寸", "3", "每张"],
        ["相框 6 寸", "45", "每个"],
        ["相框 8 寸", "68", "每个"],
        ["相框 12 寸", "128", "每个"],
        ["相框 24 寸", "360", "每个"],
        ["全部原片电子版", "300", "每次拍摄"],
        ["超时拍摄", "150", "每半小时"],
    ]
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            t.cell(r, c).text = val

    doc.add_heading("三、预订须知", level=2)
    terms = [
        "预订任何套餐须支付定金，定金为套餐价格的 30%，证件照无需定金。",
        "如需改期，请至少提前 48 小时通知，可免费改期一次；第二次改期收取 100 元手续费。",
        "拍摄当天迟到超过 30 分钟的，拍摄时长相应缩短，价格不变。",
        "精修照片在选片后 7 个工作日内交付电子版；婚纱照相册在选片后 20 个工作日内交付。",
        "因下雨等天气原因无法外景拍摄的，可免费改期。",
        "定金不予退还，但在 6 个月有效期内可转让给亲友使用。",
        "营业时间：周二至周日 10:00–20:00，每周一休息。",
    ]
    for i, line in enumerate(terms, 1):
        doc.add_paragraph(f"{i}. {line}")
    doc.add_paragraph("地址：杭州市西湖区文三路 88 号 2 楼　电话：0571-8888 6123")

    _save(doc, path)


# ----------------------------------------------------------------------------------------
# English XLSX: a catering company's price list
# ----------------------------------------------------------------------------------------
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.title = "Harbour & Thyme Catering - Price List 2027"
    wb.properties.creator = "Harbour & Thyme Catering Ltd"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "Harbour & Thyme Catering Ltd"
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "Menus"
    ws.append(["Harbour & Thyme Catering - Menus (prices per head, excluding VAT)"])
    ws["A1"].font = bold
    ws.append([])
    ws.append(["Menu", "Price per head (£)", "Minimum guests", "Service time", "What is included"])
    for c in ws[3]:
        c.font = bold
    for row in [
        ["Finger Buffet", 16.50, 20, "2 hours", "8 savoury and sweet items per guest"],
        ["Hot Fork Buffet", 24.00, 30, "2.5 hours", "2 mains, 2 sides, 1 dessert"],
        ["Canapés - Classic (6 pieces)", 12.00, 25, "1 hour", "6 canapés per guest"],
        ["Canapés - Premium (10 pieces)", 19.50, 25, "1.5 hours", "10 canapés per guest incl. seafood"],
        ["Three-Course Dinner", 42.00, 40, "3 hours", "Plated; choice of 2 starters, 2 mains, 2 desserts"],
        ["Afternoon Tea", 18.00, 15, "2 hours", "Sandwiches, scones, 3 cakes, tea and coffee"],
        ["Children's Menu (under 12)", 9.50, 10, "1 hour", "Main, dessert and juice"],
    ]:
        ws.append(row)
    ws.append([])
    ws.append(["Note: Delivery is free within 10 miles of our Bristol kitchen; "
               "beyond that we charge £1.20 per mile each way."])
    ws.append(["Note: Events on Saturday or Sunday carry a 15% surcharge on food prices; bank holidays carry 25%."])
    ws.column_dimensions["A"].width = 32
    ws.column_dimensions["B"].width = 18
    ws.column_dimensions["C"].width = 16
    ws.column_dimensions["D"].width = 14
    ws.column_dimensions["E"].width = 50

    ws = wb.create_sheet("Drinks")
    ws.append(["Drinks packages (prices per head by length of service)"])
    ws["A1"].font = bold
    ws.append([])
    ws.append(["Package", "2 hours (£)", "3 hours (£)", "4 hours (£)", "Minimum guests"])
    for c in ws[3]:
        c.font = bold
    for row in [
        ["Soft Drinks", 6.00, 8.00, 9.50, 20],
        ["Beer & Wine", 14.00, 18.00, 21.00, 30],
        ["Premium Bar (spirits included)", 22.00, 28.00, 33.00, 40],
    ]:
        ws.append(row)
    ws.append([])
    ws.append(["Prosecco Reception (1 hour only)", "£8.50 per head", "", "", 20])
    ws.append(["Corkage on your own wine", "£6.00 per bottle", "", "", ""])
    ws.column_dimensions["A"].width = 34
    for col in "BCDE":
        ws.column_dimensions[col].width = 16

    ws = wb.create_sheet("Staff & Hire")
    ws.append(["Staff and equipment hire"])
    ws["A1"].font = bold
    ws.append([])
    ws.append(["Item", "Rate (£)", "Per", "Minimum booking"])
    for c in ws[3]:
        c.font = bold
    for row in [
        ["Waiter / waitress", 15.00, "hour", "4 hours"],
        ["Bartender", 18.00, "hour", "4 hours"],
        ["Event chef", 28.00, "hour", "5 hours"],
        ["Event manager", 220.00, "day", "1 day"],
        ["Wine glasses", 4.50, "dozen", "2 dozen"],
        ["Champagne flutes", 5.50, "dozen", "2 dozen"],
        ["Crockery set (3 pieces)", 0.90, "person", "20 sets"],
        ["Round table (seats 10)", 12.00, "day", "-"],
        ["Trestle table (6 ft)", 8.00, "day", "-"],
        ["Folding chair", 1.80, "day", "10 chairs"],
        ["Linen tablecloth", 7.50, "item", "-"],
        ["Refrigerated trailer", 95.00, "day", "1 day"],
        ["Refrigerated trailer (weekly)", 450.00, "week", "1 week"],
    ]:
        ws.append(row)
    ws.append([])
    ws.append(["Note: Staff working after 23:00 are charged at time and a half. "
               "Breakages are charged at replacement cost."])
    ws.column_dimensions["A"].width = 32
    for col in "BCD":
        ws.column_dimensions[col].width = 16

    _save(wb, path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial77/
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs") / "trial77"
    out.mkdir(parents=True, exist_ok=True)
    make_pptx(out / "avtoservis_koleso_prais.pptx")
    make_docx(out / "guangying_sheying_jiamubiao.docx")
    make_xlsx(out / "harbour_thyme_catering_prices.xlsx")


if __name__ == "__main__":
    main()
