#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 63 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- nabojka_remont_obuvi_ru.docx      Russian shoe-repair workshop «Набойка» in Vologda:
                                    address and opening hours, heel tips by kind and
                                    material, sole protection by shoe size in three
                                    materials (size bands), zip replacement by item and zip
                                    length with the time it takes, other work with notes
                                    (one «—» row: key cutting is not offered), a note of
                                    guarantee or terms under tables 1-3, conditions in
                                    sentences (urgent work, pensioners' discount, three
                                    pairs, storage, payment); a page break before table 4
- xingguang_ktv_jiamubiao_zh.xlsx   Chinese KTV in Hangzhou: rooms by size and capacity
                                    with hourly prices in three time slots and a minimum
                                    spend, a title row above the header and notes 注1-注3
                                    below (sheet 包厢价格), song packages and drinks and
                                    snacks (sheet 套餐与酒水), membership cards and rules in
                                    numbered sentences: hours, own drinks and corkage,
                                    minors, birthday, booking deposit, damage, parking
                                    (sheet 会员与须知)
- northfield_ice_arena_en.pptx      English ice rink: public skating sessions by time
                                    and age (adult, child, senior), skate hire and
                                    sharpening, lessons and birthday-party packages, one
                                    table per slide with terms in sentences below it

The trial's generator pinned every zip member's time, compression and attributes and
core.xml's created and modified times (2026-11-20 09:00:00; openpyxl's save-time stamp of
the XLSX's modified time is overwritten too), so the bytes match the trial's files without
further pinning; its normalisation is kept as it was (two unused imports and two unused
names dropped).

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial63.py benchmarks/devset/docs
"""
import datetime as dt
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

FIXED = dt.datetime(2026, 11, 20, 9, 0, 0)
ZIP_TIME = (2026, 11, 20, 9, 0, 0)


def normalise_zip(data: bytes) -> bytes:
    """Rewrite a zip with fixed member times and core.xml dates."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            blob = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = blob.decode("utf-8")
                stamp = FIXED.strftime("%Y-%m-%dT%H:%M:%SZ")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)",
                              r"\g<1>" + stamp + r"\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              r"\g<1>" + stamp + r"\g<2>", text)
                blob = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 3
            dst.writestr(zi, blob)
    return out.getvalue()


def set_core(props, title, author, lang=None):
    props.title = title
    if hasattr(props, "creator"):  # openpyxl names the author "creator"
        props.creator = author
    else:
        props.author = author
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 1
    if lang is not None:
        props.language = lang


# --------------------------------------------------------------------------- DOCX (ru)

def make_docx(path: Path):
    doc = Document()
    set_core(doc.core_properties, "Прейскурант мастерской «Набойка»", "ИП Гаврилов А. С.", "ru-RU")
    style = doc.styles["Normal"]
    style.font.name = "DejaVu Sans"
    style.font.size = Pt(10)

    doc.add_heading("Мастерская по ремонту обуви «Набойка»", level=1)
    doc.add_paragraph(
        "Прейскурант на ремонт обуви и сопутствующие услуги. Действует с 1 сентября 2026 г. "
        "Адрес: г. Вологда, ул. Мира, д. 14, цокольный этаж. "
        "Часы работы: понедельник–пятница с 9:00 до 20:00, суббота с 10:00 до 18:00, воскресенье — выходной.")

    def table(title, header, rows, note=None):
        doc.add_heading(title, level=2)
        t = doc.add_table(rows=1, cols=len(header))
        t.style = "Table Grid"
        for i, cell in enumerate(header):
            t.rows[0].cells[i].text = cell
        for row in rows:
            cells = t.add_row().cells
            for i, cell in enumerate(row):
                cells[i].text = cell
        if note:
            p = doc.add_paragraph(note)
            p.runs[0].font.size = Pt(8)

    table("1. Замена набоек",
          ["Вид набоек", "Материал", "Цена за пару, руб."],
          [["Женские, каблук-шпилька", "металл", "450"],
           ["Женские, каблук-шпилька", "полиуретан", "400"],
           ["Женские, широкий каблук", "полиуретан", "550"],
           ["Мужские", "полиуретан", "700"],
           ["Мужские", "резина Vibram*", "950"],
           ["Детские (до 35 размера)", "полиуретан", "350"]],
          "* Стоимость материала Vibram включена в цену. Гарантия на набойки — 30 дней.")

    table("2. Профилактика подошвы (накладка)",
          ["Размер обуви", "Резина 1,5 мм, руб.", "Резина 3 мм, руб.", "Vibram 2 мм, руб."],
          [["до 37", "1 100", "1 300", "1 900"],
           ["38–41", "1 250", "1 450", "2 100"],
           ["42–45", "1 400", "1 600", "2 300"],
           ["46 и больше", "1 600", "1 850", "2 600"]],
          "Профилактика выполняется на следующий день после приёма обуви: клей должен высохнуть не менее 12 часов.")

    table("3. Замена молнии",
          ["Изделие", "Длина молнии", "Цена, руб.", "Срок"],
          [["Полусапоги, ботинки", "до 20 см", "1 200", "2 дня"],
           ["Сапоги", "20–40 см", "1 600", "3 дня"],
           ["Ботфорты", "свыше 40 см", "2 100", "4 дня"],
           ["Куртка, сумка", "любая", "по согласованию", "—"]],
          "Гарантия на замену молнии — 60 дней. Молнии YKK, бегунок металлический.")

    doc.add_page_break()
    table("4. Прочие работы",
          ["Услуга", "Цена, руб.", "Примечание"],
          [["Растяжка по ширине (пара)", "600", "только натуральная кожа"],
           ["Растяжка голенища (пара)", "800", "до 3 см по объёму"],
           ["Прошивка ранта (пара)", "900", ""],
           ["Замена стельки (пара)", "500", "стелька из кожи"],
           ["Чистка и покраска: гладкая кожа (пара)", "1 000", ""],
           ["Чистка и покраска: замша, нубук (пара)", "1 300", "краска Saphir"],
           ["Заточка коньков (пара)", "400", "фигурные — 550 руб."],
           ["Изготовление ключа", "—", "услуга не оказывается"]])

    doc.add_heading("5. Условия", level=2)
    for s in [
        "Срочный ремонт (в течение 2 часов) выполняется с наценкой 50 % к стоимости работ; "
        "срочно не выполняются профилактика и покраска.",
        "Пенсионерам по будням с 10:00 до 14:00 предоставляется скидка 10 % при предъявлении удостоверения.",
        "При сдаче в ремонт трёх и более пар одновременно — скидка 5 % на весь заказ (скидки не суммируются).",
        "Обувь принимается только чистой; за чистку грязной обуви перед ремонтом взимается 150 руб. за пару.",
        "Обувь, не востребованная в течение 3 месяцев со дня готовности, хранится платно: 20 руб. за пару в сутки.",
        "Оплата наличными, картой или по QR-коду СБП. Предоплата не требуется, кроме заказов дороже 5 000 руб. "
        "(предоплата 50 %).",
        "Выдача обуви — по квитанции; при утере квитанции — по паспорту владельца.",
    ]:
        doc.add_paragraph(s, style="List Bullet")
    doc.add_paragraph("Телефон для записи и справок: +7 (8172) 55-14-90. Мастер: Гаврилов Алексей Сергеевич.")

    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


# --------------------------------------------------------------------------- XLSX (zh)

def make_xlsx(path: Path):
    wb = Workbook()
    set_core(wb.properties, "星光KTV价目表（2026年版）", "星光KTV 前台")
    bold = Font(bold=True)

    ws = wb.active
    ws.title = "包厢价格"
    rows = [
        ["星光KTV（杭州文三路店）包厢价目表，自2026年10月1日起执行"],
        [],
        ["包厢类型", "容纳人数", "白天场 12:00-18:00（元/小时）", "黄金场 18:00-24:00（元/小时）",
         "午夜场 00:00-06:00（元/小时）", "最低消费（元）"],
        ["迷你包", "1-2人", 38, 88, 58, 0],
        ["小包", "3-5人", 58, 128, 78, 200],
        ["中包", "6-10人", 88, 198, 118, 400],
        ["大包", "11-16人", 128, 298, 168, 800],
        ["豪华包", "17-25人", 198, 458, 258, 1500],
        ["主题派对包", "26-40人", 298, 698, 398, 3000],
        [],
        ["注1：周五、周六及法定节假日黄金场价格上浮20%，白天场与午夜场不上浮。"],
        ["注2：超时按半小时计费，不足半小时按半小时计算。"],
        ["注3：最低消费指包厢费以外的酒水、小吃消费金额，迷你包无最低消费。"],
    ]
    for r in rows:
        ws.append(r)
    for c in ws[3]:
        c.font = bold
    ws.column_dimensions["A"].width = 14
    for col in "BCDEF":
        ws.column_dimensions[col].width = 24

    ws2 = wb.create_sheet("套餐与酒水")
    rows2 = [
        ["欢唱套餐"],
        ["套餐名称", "适用包厢", "欢唱时长", "包含内容", "套餐价（元）"],
        ["午后畅唱套餐", "小包", "3小时（白天场）", "包厢费+果盘1份+软饮4瓶", 168],
        ["午后畅唱套餐", "中包", "3小时（白天场）", "包厢费+果盘1份+软饮8瓶", 268],
        ["黄金欢聚套餐", "中包", "3小时（黄金场）", "包厢费+啤酒24瓶+小吃拼盘2份", 888],
        ["黄金欢聚套餐", "大包", "3小时（黄金场）", "包厢费+啤酒36瓶+小吃拼盘3份+果盘2份", 1288],
        ["通宵套餐", "中包", "00:00-06:00", "包厢费+啤酒12瓶+夜宵面4份", 499],
        [],
        ["酒水小吃"],
        ["品名", "规格", "单价（元）", "备注"],
        ["青岛啤酒", "330毫升/瓶", 15, "一打（12瓶）160元"],
        ["百威啤酒", "330毫升/瓶", 20, "一打（12瓶）220元"],
        ["可乐、雪碧", "330毫升/罐", 10, ""],
        ["矿泉水", "550毫升/瓶", 8, ""],
        ["果盘（小）", "2-3人份", 48, ""],
        ["果盘（中）", "4-6人份", 78, ""],
        ["果盘（大）", "8-10人份", 128, ""],
        ["爆米花", "桶", 25, ""],
        ["鸡翅", "6只", 58, "需等待约15分钟"],
        [],
        ["说明：套餐不可与会员折扣同时使用；套餐内酒水不可退换，未饮用完的啤酒可寄存7天。"],
    ]
    for r in rows2:
        ws2.append(r)
    for rr in (2, 10):
        for c in ws2[rr]:
            c.font = bold
    for col, w in zip("ABCDE", (14, 12, 16, 36, 12)):
        ws2.column_dimensions[col].width = w

    ws3 = wb.create_sheet("会员与须知")
    rows3 = [
        ["会员卡"],
        ["卡种", "一次性充值（元）", "赠送金额（元）", "包厢费折扣", "酒水折扣"],
        ["银卡", 1000, 100, "9折", "不打折"],
        ["金卡", 3000, 450, "8折", "9.5折"],
        ["钻石卡", 6000, 1200, "7折", "9折"],
        [],
        ["消费须知"],
        ["1. 营业时间为每天12:00至次日06:00，全年无休。"],
        ["2. 禁止自带酒水；如需自带，每瓶收取开瓶费30元，洋酒每瓶收取100元。"],
        ["3. 未满18周岁的顾客须有成人陪同，且午夜场谢绝未成年人入场。"],
        ["4. 会员生日当天到店消费，凭身份证赠送中果盘一份。"],
        ["5. 提前预订包厢需支付押金200元，到店消费后抵扣；预订保留时间为15分钟。"],
        ["6. 损坏话筒等设备按原价赔偿，话筒每只800元。"],
        ["7. 停车：凭消费小票在文三路地下停车场免费停车3小时。"],
    ]
    for r in rows3:
        ws3.append(r)
    for c in ws3[2]:
        c.font = bold
    for col, w in zip("ABCDE", (60, 18, 16, 12, 12)):
        ws3.column_dimensions[col].width = w

    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


# --------------------------------------------------------------------------- PPTX (en)

def make_pptx(path: Path):
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    set_core(prs.core_properties, "Northfield Ice Arena - Prices and Terms 2026/27", "Northfield Leisure Trust")
    blank = prs.slide_layouts[5]  # title only

    def add_slide(title, header, rows, notes_lines, col_widths, top=1.3):
        s = prs.slides.add_slide(blank)
        s.shapes.title.text = title
        s.shapes.title.text_frame.paragraphs[0].font.size = PPt(30)
        shape = s.shapes.add_table(len(rows) + 1, len(header), Inches(0.5), Inches(top),
                                   Inches(sum(col_widths)), Inches(0.4 * (len(rows) + 1)))
        tbl = shape.table
        for i, w in enumerate(col_widths):
            tbl.columns[i].width = Inches(w)
        for i, h in enumerate(header):
            tbl.cell(0, i).text = h
        for r, row in enumerate(rows, start=1):
            for i, v in enumerate(row):
                tbl.cell(r, i).text = v
        for r in range(len(rows) + 1):
            for i in range(len(header)):
                for p in tbl.cell(r, i).text_frame.paragraphs:
                    p.font.size = PPt(14)
        box = s.shapes.add_textbox(Inches(0.5), Inches(top + 0.45 * (len(rows) + 1) + 0.2),
                                   Inches(12.3), Inches(1.8))
        tf = box.text_frame
        tf.word_wrap = True
        for k, line in enumerate(notes_lines):
            p = tf.paragraphs[0] if k == 0 else tf.add_paragraph()
            p.text = line
            p.font.size = PPt(13)
        return s

    add_slide("Public skating sessions",
              ["Session", "Times", "Adult (16+)", "Child (4-15)", "Senior (65+)"],
              [["Weekday morning (Mon-Fri)", "10:00-12:00", "£7.50", "£5.50", "£5.00"],
               ["Weekday evening (Mon-Thu)", "19:00-21:00", "£8.50", "£6.50", "£6.00"],
               ["Friday disco night", "19:30-22:00", "£10.00", "£8.00", "n/a"],
               ["Weekend afternoon (Sat-Sun)", "13:00-16:00", "£9.50", "£7.50", "£7.00"],
               ["Parent & toddler (Wed)", "09:00-10:00", "£6.00 (one adult + one child under 4)", "-", "-"]],
              ["Children under 4 skate free with a paying adult. Children under 8 must be accompanied on the ice by a paying adult.",
               "Every session ends with a 15-minute ice resurfacing by the Zamboni; the ice is closed during resurfacing.",
               "Gloves are compulsory for all skaters; helmets are compulsory for under-12s (helmet hire below)."],
              [3.3, 1.8, 2.6, 2.0, 2.0])

    add_slide("Skate hire and sharpening",
              ["Item", "Sizes", "Price per session", "Notes"],
              [["Skate hire - Kids", "UK 8-13 (children's)", "£3.50", "hockey or figure"],
               ["Skate hire - Junior", "UK 1-5", "£4.00", "hockey or figure"],
               ["Skate hire - Adult", "UK 6-13", "£4.50", "hockey or figure"],
               ["Helmet hire", "S / M / L", "£1.50", "free for parent & toddler"],
               ["Skate aid (penguin)", "one size", "£5.00 per 30 min", "children under 10 only"],
               ["Sharpening - standard", "-", "£7.00", "ready in 24 hours"],
               ["Sharpening - while you wait", "-", "£10.00", "about 20 minutes"],
               ["Sharpening - figure skates", "-", "£12.00", "ready in 48 hours"]],
              ["A hire token is charged at £20 if it is not returned at the end of the session.",
               "Season skate-hire pass (any 10 sessions, valid 6 months): £36."],
              [3.3, 2.6, 2.4, 3.5], top=1.2)

    add_slide("Lessons and birthday parties",
              ["Product", "Length", "Group size", "Price"],
              [["Learn to Skate course (Stages 1-4)", "8 weekly lessons of 30 min", "up to 12 skaters", "£84 per course"],
               ["Learn to Skate course (Stages 5-8)", "8 weekly lessons of 45 min", "up to 10 skaters", "£104 per course"],
               ["Private lesson", "15 min", "1 skater", "£19"],
               ["Private lesson", "30 min", "1 skater", "£36"],
               ["Party package - Bronze", "public session + 1 h party room", "up to 10 children", "£150"],
               ["Party package - Silver", "public session + 1 h party room + hot food", "up to 15 children", "£225"],
               ["Party package - Gold", "private ice 45 min + 1.5 h party room + hot food", "up to 20 children", "£390"]],
              ["Skate hire is included in every party package and in Stages 1-4 courses; it is not included in Stages 5-8.",
               "Parties must be booked at least 14 days in advance; the £40 deposit is non-refundable.",
               "Each extra child above the package limit costs £12. Course places cannot be transferred to another skater."],
              [3.7, 4.4, 2.2, 1.9], top=1.2)

    buf = io.BytesIO()
    prs.save(buf)
    path.write_bytes(normalise_zip(buf.getvalue()))


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial63/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial63"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "nabojka_remont_obuvi_ru.docx")
    make_xlsx(out / "xingguang_ktv_jiamubiao_zh.xlsx")
    make_pptx(out / "northfield_ice_arena_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
