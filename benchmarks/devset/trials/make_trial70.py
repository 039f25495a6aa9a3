#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 70 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- chistovyvoz_price_ru.docx   Russian junk and furniture removal firm ООО «ЧистоВывоз» in
                              Yekaterinburg: price list from 1 March 2026; builder's-waste
                              containers (8, 20 and 27 m³: rental up to 3 days, price, permitted
                              weight; each extra day 700 rubles, 30 % prepayment, no tyres,
                              batteries or mercury lamps), furniture and bulky items per piece
                              (two-seater and corner sofas, wardrobes up to and over 1.5 m,
                              fridge, washing machine, piano with its footnote on floors;
                              150 rubles a floor without a lift, 10 % off for pensioners),
                              movers (1, a crew of 2, a crew of 3: rate per hour and minimum
                              booking), trips beyond the ring road ЕКАД by zone, terms
                              (20 minutes' free waiting, then 300 rubles per 15 minutes; orders
                              8:00-21:00; a 1 000-ruble fine for cancelling less than 12 hours
                              ahead; payment)
- mojiang_tiemo_zh.xlsx       Chinese car window film and paint-protection-film shop 膜匠汽车贴膜
                              in Chengdu: window film by car type (small and mid-to-large
                              saloon, SUV, MPV) in three grades GL20, GL50 and GL80 with their
                              warranty years, then notes 注1-3 (windscreen alone 40 %, sunroof
                              film quoted in store, old film removal 300 元; sheet 隔热膜),
                              full-body PPF 8.5mil and 10mil, front bumper, bonnet and mirrors
                              for saloon, SUV and MPV, then the fitting time and warranty
                              sentence (sheet 车衣PPF), six numbered terms (a 500 元 deposit,
                              4 hours for a full tint, opening hours, closed on Tuesdays,
                              aftercare, warranty, address; sheet 服务条款)
- sootaway_prices_en.pptx     English chimney sweep SootAway Chimney Sweeps in Leeds: a title
                              slide, sweeping prices per flue (five appliances with price and
                              typical visit; a second appliance £40), extras and repairs (CCTV
                              survey, smoke test, cowls, bird guard, nest removal with its
                              season), call-out zones A-C and terms (Saturday £20,
                              cancellation £35, payment, no cheques)

The trial's generator pinned every zip member's time, compression and attributes
(2026-03-01 09:00:00, the members in the order the library wrote them), the core properties'
created and modified times and core.xml's modified time after saving (openpyxl's save-time
stamp overwritten), so the bytes match the trial's files without further pinning; its
normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial70.py benchmarks/devset/docs
"""
from __future__ import annotations

import datetime
import io
import os
import re
import sys
import zipfile

from docx import Document
from openpyxl import Workbook
from pptx import Presentation
from pptx.util import Inches

FIXED = datetime.datetime(2026, 3, 1, 9, 0, 0)


def normalize_zip(path):
    """Rewrite a zip with fixed timestamps and sorted-as-written order."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps 'modified' with the current time
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>2026-03-01T09:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=(2026, 3, 1, 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def table(doc, rows, header=True):
    t = doc.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, val in enumerate(row):
            t.cell(r, c).text = str(val)
    return t


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path):
    d = Document()
    cp = d.core_properties
    cp.author = "ООО «ЧистоВывоз»"
    cp.title = "Прайс-лист на вывоз мусора и мебели"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "ЧистоВывоз"
    cp.revision = 1
    d.add_heading("ООО «ЧистоВывоз» — прайс-лист на вывоз мусора и старой мебели", 1)
    d.add_paragraph("г. Екатеринбург. Прайс-лист действует с 1 марта 2026 г. Цены указаны в рублях, НДС не облагается.")
    d.add_heading("1. Аренда контейнера для строительного мусора", 2)
    table(d, [["Объём контейнера", "Срок аренды", "Цена, руб.", "Допустимая масса"],
              ["8 м³", "до 3 суток", "9 500", "до 5 т"],
              ["20 м³", "до 3 суток", "14 800", "до 10 т"],
              ["27 м³", "до 3 суток", "17 900", "до 12 т"]])
    d.add_paragraph("Каждые дополнительные сутки аренды контейнера оплачиваются отдельно — 700 рублей. "
                    "При заказе контейнера вносится предоплата 30 %. Вывоз шин, аккумуляторов и ртутных ламп "
                    "в контейнере запрещён.")
    d.add_heading("2. Вывоз мебели и крупногабаритных предметов", 2)
    table(d, [["Предмет", "Цена за единицу, руб."],
              ["Диван двухместный", "1 200"],
              ["Диван угловой", "2 100"],
              ["Шкаф высотой до 1,5 м", "900"],
              ["Шкаф высотой свыше 1,5 м", "1 600"],
              ["Холодильник", "1 400"],
              ["Стиральная машина", "1 100"],
              ["Пианино*", "6 500"]])
    d.add_paragraph("* Цена на пианино указана с подъёмом/спуском не выше 3-го этажа; "
                    "выше — по согласованию с менеджером.")
    d.add_paragraph("Подъём или спуск без лифта — 150 рублей за этаж за каждую единицу мебели. "
                    "Пенсионерам предоставляется скидка 10 % на вывоз мебели при предъявлении удостоверения.")
    d.add_heading("3. Грузчики", 2)
    table(d, [["Состав", "Цена за час, руб.", "Минимальный заказ"],
              ["1 грузчик", "650", "2 часа"],
              ["Бригада из 2 грузчиков", "1 250", "2 часа"],
              ["Бригада из 3 грузчиков", "1 800", "3 часа"]])
    d.add_heading("4. Выезд за пределы города", 2)
    table(d, [["Зона", "Доплата за выезд"],
              ["В пределах ЕКАД", "бесплатно"],
              ["До 20 км за ЕКАД", "800 руб."],
              ["От 20 до 50 км за ЕКАД", "1 700 руб."],
              ["Свыше 50 км за ЕКАД", "45 руб. за каждый км"]])
    d.add_heading("5. Условия", 2)
    d.add_paragraph("Бесплатное ожидание машины на адресе — 20 минут, далее 300 рублей за каждые 15 минут. "
                    "Заявки принимаются ежедневно с 8:00 до 21:00 по телефону и на сайте. "
                    "Отмена заказа менее чем за 12 часов до выезда — штраф 1 000 рублей. "
                    "Оплата наличными, картой или по счёту для юридических лиц.")
    d.save(path)
    normalize_zip(path)


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path):
    wb = Workbook()
    wb.properties.creator = "膜匠汽车贴膜"
    wb.properties.title = "2026年价目表"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "膜匠"
    ws = wb.active
    ws.title = "隔热膜"
    rows = [["膜匠汽车贴膜工作室 · 2026年隔热膜价目表（单位：元，全车前挡+侧后挡）"],
            [],
            ["车型", "基础款 GL20", "中端款 GL50", "旗舰款 GL80"],
            ["小型轿车", 1280, 2680, 4980],
            ["中大型轿车", 1580, 3180, 5680],
            ["SUV", 1880, 3580, 6380],
            ["MPV（7座）", 2180, 3980, 6980],
            ["质保年限", "3年", "5年", "10年"],
            [],
            ["注1：单贴前挡风玻璃按全车价格的40%计算。"],
            ["注2：天窗膜另计，施工前到店报价。"],
            ["注3：旧膜清除每车加收300元。"]]
    for r in rows:
        ws.append(r)
    ws2 = wb.create_sheet("车衣PPF")
    rows2 = [["隐形车衣（TPU）价目表（单位：元）"],
             [],
             ["项目", "轿车", "SUV", "MPV"],
             ["全车车衣 8.5mil", 12800, 14800, 16800],
             ["全车车衣 10mil", 15800, 17800, 19800],
             ["前保险杠", 1200, 1400, 1500],
             ["引擎盖", 1500, 1700, 1800],
             ["后视镜（一对）", 380, 380, 420],
             [],
             ["全车车衣施工周期约2天，质保5年（8.5mil）或8年（10mil）。"]]
    for r in rows2:
        ws2.append(r)
    ws3 = wb.create_sheet("服务条款")
    rows3 = [["服务条款"],
             ["1. 预约施工需支付定金500元，施工完成后抵扣尾款。"],
             ["2. 隔热膜全车施工约需4小时，当天可提车。"],
             ["3. 营业时间：每天9:00至19:00，每周二店休。"],
             ["4. 施工后3天内请勿升降车窗、勿洗车。"],
             ["5. 质保期内出现起泡、脱胶免费重贴，人为划伤不在质保范围内。"],
             ["6. 地址：成都市武侯区佳灵路18号（停车场B区）。"]]
    for r in rows3:
        ws3.append(r)
    wb.save(path)
    normalize_zip(path)


# --------------------------------------------------------------------------- PPTX (en)
def make_pptx(path):
    prs = Presentation()
    cp = prs.core_properties
    cp.author = "SootAway Chimney Sweeps"
    cp.title = "2026 Price List"
    cp.created = FIXED
    cp.modified = FIXED
    cp.last_modified_by = "SootAway"
    cp.revision = 1
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "SootAway Chimney Sweeps — 2026 Prices and Terms"
    s.placeholders[1].text = ("Family-run chimney sweeping in Leeds since 2009. All prices include VAT "
                              "and a sweep certificate for your insurer.")

    def table_slide(title, rows, note):
        sl = prs.slides.add_slide(prs.slide_layouts[5])
        sl.shapes.title.text = title
        shp = sl.shapes.add_table(len(rows), len(rows[0]), Inches(0.5), Inches(1.6), Inches(9),
                                  Inches(0.4 * len(rows)))
        for r, row in enumerate(rows):
            for c, v in enumerate(row):
                shp.table.cell(r, c).text = v
        tb = sl.shapes.add_textbox(Inches(0.5), Inches(1.8 + 0.4 * len(rows)), Inches(9), Inches(1))
        tb.text_frame.word_wrap = True
        tb.text_frame.text = note
        return sl

    table_slide("Sweeping prices (per flue)", [
        ["Appliance / flue", "Price", "Typical visit"],
        ["Open fireplace", "£75", "45 min"],
        ["Wood-burning stove", "£85", "60 min"],
        ["Multi-fuel stove", "£90", "60 min"],
        ["Range cooker (Aga, Rayburn)", "£110", "90 min"],
        ["Oil boiler flue", "£95", "60 min"]],
        "A second appliance at the same address swept on the same visit costs £40. "
        "We recommend sweeping wood burners twice a year and other solid-fuel appliances once a year.")
    table_slide("Extras and repairs", [
        ["Service", "Price"],
        ["CCTV chimney survey", "£120"],
        ["Smoke test", "£70"],
        ["Standard cowl (supply and fit)", "£95"],
        ["Anti-downdraught cowl (supply and fit)", "£145"],
        ["Bird guard (supply and fit)", "£65"],
        ["Bird nest removal *", "£60"]],
        "* Nest removal is only carried out between 1 September and 28 February, outside the nesting season. "
        "Cowls carry a 2-year guarantee.")
    table_slide("Call-out zones and terms", [
        ["Zone", "Distance from Leeds city centre", "Call-out charge"],
        ["Zone A", "within 5 miles", "no charge"],
        ["Zone B", "5 to 15 miles", "£15"],
        ["Zone C", "15 to 30 miles", "£30"]],
        "Saturday appointments add £20 to the visit. Cancellations with less than 24 hours' notice "
        "are charged £35. Payment by card or bank transfer on the day; we do not take cheques.")
    prs.save(path)
    normalize_zip(path)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial70/
    out = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial70")
    os.makedirs(out, exist_ok=True)
    make_docx(os.path.join(out, "chistovyvoz_price_ru.docx"))
    make_xlsx(os.path.join(out, "mojiang_tiemo_zh.xlsx"))
    make_pptx(os.path.join(out, "sootaway_prices_en.pptx"))
    print("written to", out)


if __name__ == "__main__":
    main()
