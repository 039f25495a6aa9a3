#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 58 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- okna_svetlyi_dom_ru.docx      Russian PVC windows and balcony glazing: profile series by
                                chambers, width, heat resistance and price per m², glass
                                units by type with their surcharge, standard windows by size
                                in three series, balcony glazing, installation, sills, slopes
                                and mosquito nets, rules on measurement visits, prepayment,
                                lead times, warranty by component, winter installation and
                                discounts (6.1-6.6)
- xiaoshumiao_zaojiao_zh.xlsx   Chinese early-education centre: courses by age group and
                                level with lessons per term, lesson length, term, monthly and
                                materials fees, a trial lesson, registration fee and sibling
                                discounts (sheet 课程价目), rules on enrolment age, opening
                                days, leave, make-up lessons, refunds and late pickup (sheet
                                规章制度)
- harbourside_catering_en.pptx  English event catering: buffet, plated and canapé menus per
                                guest with minimum guests, drinks packages by hours, staff
                                hire per hour, equipment hire, travel charges by distance
                                band, deposits and cancellation, dietary options

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's modified time (2025-03-01 09:00:00; openpyxl's save-time stamp of the XLSX's
modified time is overwritten too), so the bytes match the trial's files without further
pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial58.py benchmarks/devset/docs
"""
import datetime
import os
import re
import sys
import zipfile
from pathlib import Path

import docx
import openpyxl
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = datetime.datetime(2025, 3, 1, 9, 0, 0)


# ---------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = docx.Document()
    cp = d.core_properties
    cp.author = "ООО «Светлый Дом»"
    cp.title = "Прайс-лист и условия работы 2025"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "ООО «Светлый Дом»"
    cp.revision = 1

    d.add_heading("ООО «Светлый Дом» — пластиковые окна и остекление балконов", 0)
    d.add_paragraph(
        "Прайс-лист и условия работы, действуют с 1 марта 2025 года. Все цены указаны в рублях "
        "с НДС. Цены на изделия приведены для белого профиля; ламинация под дерево — доплата 35 % "
        "к стоимости изделия.")

    def table(title, header, rows):
        d.add_heading(title, 2)
        t = d.add_table(rows=1, cols=len(header))
        t.style = "Table Grid"
        for i, h in enumerate(header):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v

    table("1. Профильные системы", [
        "Серия профиля", "Количество камер", "Монтажная ширина, мм",
        "Сопротивление теплопередаче, м²·°С/Вт", "Цена изделия за 1 м², руб.",
    ], [
        ["Эконом 58", "3", "58", "0,64", "5 900"],
        ["Стандарт 60", "3", "60", "0,68", "6 700"],
        ["Комфорт 70", "5", "70", "0,80", "8 400"],
        ["Премиум 76", "6", "76", "0,92", "10 200"],
        ["Термо 82", "7", "82", "1,05", "12 600"],
    ])
    d.add_paragraph(
        "Цена за 1 м² включает профиль, однокамерный стеклопакет 4-16-4 и стандартную фурнитуру. "
        "Минимальная площадь расчёта изделия — 1,2 м².")

    table("2. Стеклопакеты", [
        "Тип стеклопакета", "Формула", "Толщина, мм", "Доплата за 1 м², руб.",
    ], [
        ["Однокамерный", "4-16-4", "24", "входит в цену"],
        ["Двухкамерный", "4-10-4-10-4", "32", "900"],
        ["Двухкамерный энергосберегающий (И-стекло)", "4-12-4-12-4И", "36", "1 600"],
        ["Шумозащитный двухкамерный", "6-12-4-12-6", "40", "2 300"],
        ["Ударопрочный с триплексом", "44.1-14-4-14-4", "45", "3 800"],
    ])

    table("3. Типовые окна под ключ (без монтажа)", [
        "Изделие", "Размер (Ш×В), мм", "Стандарт 60, руб.", "Комфорт 70, руб.", "Премиум 76, руб.",
    ], [
        ["Одностворчатое поворотно-откидное", "700×1400", "7 900", "9 800", "12 100"],
        ["Двухстворчатое: одна створка поворотно-откидная, одна глухая", "1300×1400",
         "13 500", "16 900", "20 400"],
        ["Двухстворчатое: обе створки открываются", "1300×1400", "16 200", "19 800", "23 600"],
        ["Трёхстворчатое: одна створка поворотно-откидная", "2050×1400", "19 800", "24 700", "29 900"],
        ["Балконный блок (дверь и окно)", "2100×2150", "27 400", "33 900", "40 800"],
    ])

    table("4. Остекление балконов и лоджий", [
        "Вид остекления", "Профиль", "Цена за 1 м², руб.",
    ], [
        ["Холодное остекление, раздвижные створки", "алюминиевый Provedal", "5 400"],
        ["Тёплое остекление", "ПВХ Комфорт 70", "9 600"],
        ["Панорамное остекление от пола до потолка", "ПВХ Премиум 76", "13 900"],
    ])
    d.add_paragraph(
        "Выносное остекление (вынос 300 мм за парапет) — доплата 2 800 руб. за погонный метр. "
        "Обшивка парапета сайдингом снаружи — 1 900 руб./м².")

    table("5. Монтаж и дополнительные элементы", [
        "Работа или изделие", "Единица", "Цена, руб.",
    ], [
        ["Монтаж окна по ГОСТ 30971 (пена, пароизоляционная лента, ПСУЛ)", "м² изделия", "1 200"],
        ["Демонтаж старого деревянного окна", "изделие", "600"],
        ["Вывоз строительного мусора", "заказ", "1 500"],
        ["Подоконник ПВХ белый, ширина 300 мм", "погонный метр", "950"],
        ["Подоконник ПВХ под дуб, ширина 300 мм", "погонный метр", "1 450"],
        ["Подоконник из искусственного камня, ширина 300 мм", "погонный метр", "4 800"],
        ["Отлив оцинкованный с полимерным покрытием, ширина 200 мм", "погонный метр", "520"],
        ["Откосы из сэндвич-панелей ПВХ, глубина до 250 мм", "погонный метр", "1 100"],
        ["Откосы штукатурные с покраской", "погонный метр", "1 600"],
        ["Москитная сетка рамочная стандартная", "штука", "1 300"],
        ["Москитная сетка «Антикошка» усиленная", "штука", "3 200"],
        ["Москитная сетка плиссе для балконной двери", "штука", "7 500"],
        ["Детский замок на оконную ручку", "штука", "450"],
    ])

    d.add_heading("6. Правила и условия", 1)
    rules = [
        ("6.1. Замер.", "Выезд замерщика в пределах города бесплатный. За пределами города — "
         "40 руб. за каждый километр от городской черты; при заключении договора эта сумма "
         "засчитывается в стоимость заказа. Замер выполняется в течение 2 рабочих дней после заявки."),
        ("6.2. Предоплата.", "При заключении договора вносится предоплата 50 % стоимости заказа. "
         "Для изделий нестандартной формы (арки, трапеции) и ламинированных изделий предоплата — 70 %. "
         "Остаток оплачивается в день монтажа."),
        ("6.3. Сроки изготовления.", "Изделия из белого профиля изготавливаются за 5 рабочих дней, "
         "ламинированные — за 12 рабочих дней, изделия нестандартной формы — до 18 рабочих дней. "
         "Монтаж выполняется в течение 3 рабочих дней после изготовления."),
        ("6.4. Гарантия.", "Гарантия на профиль — 10 лет, на стеклопакет — 5 лет, на фурнитуру — 3 года, "
         "на монтажный шов — 5 лет (только при монтаже нашей бригадой), на москитные сетки — 1 год. "
         "Гарантия не распространяется на механические повреждения и самостоятельную перестановку изделий."),
        ("6.5. Зимний монтаж.", "Монтаж выполняется при температуре наружного воздуха до −15 °C "
         "включительно. При более низкой температуре монтаж переносится без штрафа для клиента. "
         "С 1 декабря по 28 февраля применяется зимняя монтажная пена: доплата 300 руб. за изделие."),
        ("6.6. Скидки.", "При заказе от 5 окон — скидка 7 % на изделия (на монтаж и доборные элементы "
         "скидка не распространяется). Скидки не суммируются."),
    ]
    for head, text in rules:
        p = d.add_paragraph()
        r = p.add_run(head + " ")
        r.bold = True
        p.add_run(text)
    d.add_paragraph("Телефон отдела продаж: +7 (812) 555-41-20, ежедневно с 9:00 до 20:00.")
    d.save(path)


# ---------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.properties.creator = "小树苗早教中心"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "课程价目"
    bold = Font(bold=True)
    header = ["课程", "适龄", "级别", "每学期课时（节）", "每节时长（分钟）",
              "学期费（元）", "月费（元）", "教材费（元/学期）"]
    rows = [
        ["亲子音乐", "1-2岁", "启蒙班", 24, 45, 4320, 1560, 180],
        ["亲子音乐", "2-3岁", "进阶班", 24, 45, 4560, 1650, 180],
        ["感统训练", "2-3岁", "启蒙班", 20, 50, 4200, 1520, 120],
        ["感统训练", "3-4岁", "进阶班", 20, 60, 4800, 1740, 120],
        ["创意美术", "3-4岁", "启蒙班", 16, 60, 3360, 1220, 260],
        ["创意美术", "4-6岁", "提高班", 16, 75, 3840, 1390, 320],
        ["英语启蒙", "3-4岁", "启蒙班", 32, 40, 5760, 2080, 350],
        ["英语启蒙", "4-6岁", "提高班", 32, 50, 6400, 2310, 380],
        ["乐高积木", "4-6岁", "启蒙班", 16, 90, 4480, 1620, 600],
        ["幼小衔接（数学思维）", "5-6岁", "提高班", 24, 60, 5280, 1910, 240],
    ]
    ws.append(header)
    for c in ws[1]:
        c.font = bold
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["试听与优惠"])
    ws.cell(ws.max_row, 1).font = bold
    ws.append(["项目", "说明", "金额或折扣"])
    for c in ws[ws.max_row]:
        c.font = bold
    for r in [
        ["试听课", "每个孩子限1次，时长45分钟", "99元（报名当天可抵扣学费）"],
        ["注册费", "首次报名时一次性缴纳", "200元"],
        ["二孩优惠", "第二个孩子的学期费", "9折"],
        ["三孩优惠", "第三个孩子的学期费", "8折"],
        ["连报优惠", "一次性报名两个学期", "学期费立减500元"],
    ]:
        ws.append(r)
    for col, w in zip("ABCDEFGH", [20, 26, 26, 16, 16, 14, 12, 18]):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("规章制度")
    ws2.append(["条款", "内容"])
    for c in ws2[1]:
        c.font = bold
    for r in [
        ["入园年龄", "招收满12个月至未满7周岁的儿童；3岁以下的亲子课须有一名家长全程陪同。"],
        ["上课时间", "周二至周日 9:00-19:00 上课，周一闭馆。"],
        ["请假", "请至少提前24小时通过APP请假；未请假缺课视为已上课，不予补课。"],
        ["补课", "因病请假的课程可在本学期内补课，每学期最多补4节，须提前24小时预约，学期结束后未补的课时作废。"],
        ["长假顺延", "连续请假超过2周并出具医院证明的，课程可顺延，最长顺延1个月。"],
        ["退费", "开课前申请退费，全额退还学期费（注册费不退）；开课后已上课时未满三分之一的，退还剩余课时费的80%；已上课时超过三分之一的，不予退费。"],
        ["教材费", "教材一经领取，教材费不予退还。"],
        ["延时接送", "下课后15分钟内免费看护；超过15分钟后，每15分钟收取延时费30元，不足15分钟按15分钟计算。"],
        ["接送安全", "孩子须由登记过的家长或监护人接送；临时更换接送人须提前通过APP登记。"],
    ]:
        ws2.append(r)
    ws2.column_dimensions["A"].width = 14
    ws2.column_dimensions["B"].width = 90
    wb.save(path)


# ---------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    prs = Presentation()
    cp = prs.core_properties
    cp.author = "Harbourside Catering Co."
    cp.title = "Event catering price guide 2025"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "Harbourside Catering Co."
    cp.revision = 1

    title_layout = prs.slide_layouts[0]
    content_layout = prs.slide_layouts[1]
    title_only = prs.slide_layouts[5]

    s = prs.slides.add_slide(title_layout)
    s.shapes.title.text = "Harbourside Catering Co."
    s.placeholders[1].text = "Event catering price guide 2025 — all prices per guest in GBP, including VAT"

    def bullets(title, lines):
        sl = prs.slides.add_slide(content_layout)
        sl.shapes.title.text = title
        tf = sl.placeholders[1].text_frame
        tf.text = lines[0]
        for ln in lines[1:]:
            tf.add_paragraph().text = ln
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = PPt(18)
        return sl

    def table_slide(title, header, rows, note=None):
        sl = prs.slides.add_slide(title_only)
        sl.shapes.title.text = title
        n = len(rows) + 1
        shape = sl.shapes.add_table(n, len(header), Inches(0.4), Inches(1.5), Inches(9.2), Inches(0.45 * n))
        t = shape.table
        for i, h in enumerate(header):
            t.cell(0, i).text = h
        for ri, r in enumerate(rows, start=1):
            for ci, v in enumerate(r):
                t.cell(ri, ci).text = v
        for ri in range(n):
            for ci in range(len(header)):
                for p in t.cell(ri, ci).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(14)
        if note:
            tb = sl.shapes.add_textbox(Inches(0.4), Inches(1.7 + 0.45 * n), Inches(9.2), Inches(1))
            tb.text_frame.word_wrap = True
            tb.text_frame.text = note
            for p in tb.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)
        return sl

    table_slide("Buffet menus", ["Menu", "Price per guest", "Minimum guests", "What is included"], [
        ["Classic Buffet", "£24.50", "30", "2 hot mains, 3 sides, 1 dessert"],
        ["Signature Buffet", "£32.00", "30", "3 hot mains, 4 sides, 2 desserts"],
        ["Grand Buffet", "£41.50", "50", "4 mains including a carvery station, 5 sides, dessert table"],
    ], "Buffets are served for up to 2 hours. Children aged 4-11 are charged 50% of the adult price; under 4s eat free.")

    table_slide("Plated menus", ["Menu", "Price per guest", "Minimum guests"], [
        ["Two-course plated", "£38.00", "20"],
        ["Three-course plated", "£47.50", "20"],
        ["Four-course tasting menu", "£64.00", "16"],
    ], "Plated menus include bread, tea and coffee. A choice of two starters and two mains may be offered for £3.50 extra per guest.")

    table_slide("Canapé packages", ["Package", "Canapés per guest", "Price per guest"], [
        ["Canapé 4", "4", "£9.80"],
        ["Canapé 6", "6", "£13.90"],
        ["Canapé 8", "8", "£17.60"],
    ], "Canapé packages need a minimum of 40 guests. Served during a reception of up to 90 minutes.")

    table_slide("Drinks packages (price per guest)", ["Package", "2 hours", "3 hours", "4 hours"], [
        ["Soft drinks", "£6.00", "£8.00", "£9.50"],
        ["Beer & wine", "£16.00", "£21.00", "£25.00"],
        ["Premium bar (prosecco and spirits)", "£24.00", "£31.00", "£37.00"],
    ], "Drinks packages are sold for the whole party only. Corkage for your own wine: £8.00 per bottle.")

    table_slide("Staff hire", ["Role", "Rate per hour"], [
        ["Waiter / waitress", "£18.50"],
        ["Bartender", "£21.00"],
        ["Chef on site", "£32.00"],
        ["Event manager", "£38.00"],
    ], "Minimum booking 4 hours per staff member. Hours worked after midnight are charged at 1.5 times the rate.")

    bullets("Equipment hire", [
        "Round table (seats 10): £12.00 each",
        "Trestle table 6 ft: £8.00 each",
        "Folding chair: £2.50 each; Chiavari chair: £6.50 each",
        "Linen tablecloth: £7.50 each",
        "Glassware set for 10 guests: £6.00",
        "Portable bar counter: £150.00 per event",
        "Patio heater: £45.00 per day",
    ])

    bullets("Travel charges", [
        "Distance is measured from our kitchen in Portsmouth (PO3)",
        "0–15 miles: free",
        "16–30 miles: £45",
        "31–60 miles: £95",
        "Over 60 miles: £1.80 per mile for the whole distance",
        "Islands and venues needing a ferry: quoted individually",
    ])

    bullets("Deposits and cancellation", [
        "A deposit of 25% of the quoted total secures your date",
        "The balance is due 14 days before the event",
        "Final guest numbers are needed 7 days before the event",
        "Cancellation more than 60 days before: deposit refunded less a £75 admin fee",
        "30–60 days before: the deposit is kept",
        "14–29 days before: 50% of the total is charged",
        "Less than 14 days before: 100% of the total is charged",
    ])

    bullets("Dietary options", [
        "Vegetarian and vegan dishes: no extra charge",
        "Gluten-free menu: £2.50 extra per guest",
        "Halal meat: £3.00 extra per guest, ordered 10 days ahead",
        "We cannot offer certified kosher catering",
        "A full allergen matrix is sent with every confirmed menu",
    ])
    prs.save(path)


def normalise_zip(path: Path) -> None:
    """Rewrite the zip with fixed timestamps and order so the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    # openpyxl stamps "modified" with the time of saving: pin it
    items = [(n, re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2025-03-01T09:00:00Z", d))
             if n == "docProps/core.xml" else (n, d) for n, d in items]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            info = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial58/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial58"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "okna_svetlyi_dom_ru.docx")
    make_xlsx(out / "xiaoshumiao_zaojiao_zh.xlsx")
    make_pptx(out / "harbourside_catering_en.pptx")
    for name in ("okna_svetlyi_dom_ru.docx", "xiaoshumiao_zaojiao_zh.xlsx", "harbourside_catering_en.pptx"):
        normalise_zip(out / name)
    print("written to", out)


if __name__ == "__main__":
    main()
