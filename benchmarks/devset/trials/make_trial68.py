#!/usr/bin/env python3
"""Generate the three Office documents of fresh-user trial 68 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- buksir24_evakuator_ru.docx  Russian tow-truck and roadside-assistance service «Буксир-24»
                              in Tver: dispatcher around the clock, arrival times, prices
                              from 1 January 2027 with VAT; city tows by vehicle class with
                              gross weight and day (08:00-22:00) and night tariffs
                              (motorcycle to minibus up to 3.5 t; footnotes: 800 rubles per
                              blocked wheel, overturned cars by the dispatcher), per-km
                              zones beyond the city limits for cars and SUVs/minibuses (the
                              city tariff added; zone 4 by agreement), roadside help with
                              price and note (jump start, wheel change, fuel delivery,
                              unlocking, rigid towing, waiting, storage 400 a day, the first
                              day free), terms as bullets (payment, false call 1 000
                              rubles, insurance, club-card 10 % and pensioners' 15 %
                              discounts, special machinery and boats on trailers priced by
                              the dispatcher, the handover act)
- qingxi_chuidiao_zh.xlsx     Chinese fishing park 清溪垂钓园: tickets by type and duration with
                              weekday and weekend prices and notes, and notes 注1-3 below
                              them (sheet 门票), take-away and buy-back prices per 斤 by fish
                              with per-person limits and three note rows (sheet 鱼获), rod
                              rental (3.6, 5.4 and 7.2 m) and other services with unit,
                              price and deposit, then rule and price sentences (hours, the
                              1680-yuan annual card, parking, banned gear, competitions;
                              sheet 租赁与服务)
- timberline_axe_en.pptx      English axe-throwing venue Timberline Axe House in Riverside:
                              hours, safety briefing, ages, lane capacity, knife throwing
                              coming in spring 2027; lane sessions of 60, 90 and 120 minutes
                              per person Mon-Thu and Fri-Sun with minimum throwers and a
                              private lane per lane, footnoted; packages and extras
                              (birthday, corporate, Big Axe challenge, throwing stars,
                              league night, gift card) with extra guests and outside food;
                              memberships (Splinter, Lumberjack, Timber Pro) and booking
                              rules (free cancellation up to 48 hours, deposits)

The trial's generator pinned every zip member's time, compression and attributes
(2026-11-30 09:00:00, the members in the order the library wrote them), the core properties'
created and modified times (and the DOCX's and PPTX's last printed) and core.xml's created
and modified times after saving (openpyxl's save-time stamp overwritten), so the bytes match
the trial's files without further pinning; its normalisation is kept as it was.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial68.py benchmarks/devset/docs
"""
from __future__ import annotations

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
from openpyxl.styles import Alignment, Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = dt.datetime(2026, 11, 30, 9, 0, 0)
ZIP_TIME = (2026, 11, 30, 9, 0, 0)
ISO = "2026-11-30T09:00:00Z"


def normalise_zip(path: Path) -> None:
    """Rewrite a ZIP with fixed entry times/attributes and pinned core-property dates."""
    src = zipfile.ZipFile(path)
    items = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    src.close()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for name, data in items:
            if name == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*(</dcterms:created>)", rf"\g<1>{ISO}\g<2>", text)
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rf"\g<1>{ISO}\g<2>", text)
                data = text.encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            info.create_system = 3
            out.writestr(info, data)
    path.write_bytes(buf.getvalue())


def set_core(props, title, author, subject):
    props.title = title
    props.author = author
    props.subject = subject
    props.last_modified_by = author
    props.created = FIXED
    props.modified = FIXED
    props.revision = 1
    try:
        props.last_printed = FIXED
    except Exception:
        pass


# --------------------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    set_core(d.core_properties, "Прайс-лист эвакуатора «Буксир-24»", "ООО «Буксир-24»", "Тарифы 2027")
    st = d.styles["Normal"]
    st.font.name = "DejaVu Sans"
    st.font.size = Pt(10)

    d.add_heading("Эвакуатор «Буксир-24» — тарифы и условия на 2027 год", level=1)
    d.add_paragraph(
        "ООО «Буксир-24», г. Тверь, ул. Складская, 14. Диспетчерская служба работает круглосуточно, "
        "без выходных и праздников: +7 (4822) 55-24-24. Среднее время подачи эвакуатора в пределах "
        "города — 40 минут, в часы пик — до 70 минут. Цены действуют с 1 января 2027 года и указаны "
        "в рублях с учётом НДС."
    )

    d.add_heading("1. Эвакуация в пределах города", level=2)
    d.add_paragraph(
        "Фиксированная цена включает подачу эвакуатора, погрузку, перевозку по городу и выгрузку "
        "по указанному адресу. Дневной тариф действует с 08:00 до 22:00, ночной — с 22:00 до 08:00."
    )
    t1 = [
        ("Категория транспортного средства", "Полная масса до, т", "Дневной тариф, руб.", "Ночной тариф, руб."),
        ("Мотоцикл, скутер, квадроцикл", "0,5", "2 500", "3 000"),
        ("Легковой автомобиль класса A–C", "2,0", "3 200", "3 800"),
        ("Легковой автомобиль класса D–E, кроссовер", "2,5", "3 800", "4 500"),
        ("Внедорожник, минивэн", "3,0", "4 500", "5 300"),
        ("Микроавтобус, лёгкий фургон", "3,5", "5 600", "6 500"),
    ]
    add_table(d, t1)
    d.add_paragraph(
        "* Если колёса заблокированы (автомобиль на ручнике без ключа, сломанная АКПП, повреждённая "
        "подвеска), взимается доплата 800 руб. за каждое заблокированное колесо."
    )
    d.add_paragraph(
        "** Автомобили после ДТП, лежащие на боку или на крыше, грузятся только манипулятором; "
        "стоимость такой эвакуации рассчитывает диспетчер после осмотра фотографий."
    )

    d.add_heading("2. Перевозка за пределы города", level=2)
    d.add_paragraph(
        "Стоимость считается за каждый километр пути от границы города до места назначения; к ней "
        "добавляется городской тариф по таблице 1. Обратный порожний пробег не оплачивается."
    )
    t2 = [
        ("Зона", "Расстояние от границы города", "Легковой автомобиль, руб./км", "Внедорожник, микроавтобус, руб./км"),
        ("Зона 1", "до 50 км", "60", "75"),
        ("Зона 2", "51–150 км", "55", "70"),
        ("Зона 3", "151–500 км", "50", "65"),
        ("Зона 4", "свыше 500 км", "по договорённости", "по договорённости"),
    ]
    add_table(d, t2)
    d.add_paragraph("Платные дороги и паромные переправы оплачивает заказчик по чекам.")

    d.add_heading("3. Техническая помощь на дороге", level=2)
    t3 = [
        ("Услуга", "Цена, руб.", "Примечание"),
        ("Запуск двигателя от внешнего источника («прикурить»)", "1 200", "для напряжения 12 В"),
        ("Замена колеса на запасное", "1 000", "за одно колесо"),
        ("Доставка топлива", "1 500", "до 20 л; топливо оплачивается по чеку АЗС"),
        ("Вскрытие автомобиля без повреждений", "2 500", "при предъявлении СТС и паспорта"),
        ("Буксировка жёсткой сцепкой", "2 000", "только в пределах города"),
        ("Ожидание сверх 30 минут", "500", "за каждые полные 30 минут"),
        ("Хранение на охраняемой стоянке", "400", "за сутки, первые сутки бесплатно"),
    ]
    add_table(d, t3)

    d.add_heading("4. Условия обслуживания", level=2)
    for s in [
        "Оплата наличными, банковской картой или переводом по QR-коду после выгрузки автомобиля. "
        "Юридическим лицам — безналичный расчёт по договору с отсрочкой платежа до 10 банковских дней.",
        "Предоплата не требуется. Если заказчик отменяет вызов после выезда эвакуатора, оплачивается "
        "ложный выезд — 1 000 руб.",
        "Ответственность за повреждения при погрузке и перевозке застрахована на сумму до 1 500 000 руб. "
        "по каждому случаю.",
        "Держателям клубной карты «Буксир-24» и такси-партнёрам предоставляется скидка 10 % на эвакуацию "
        "в пределах города; скидка не суммируется с другими акциями.",
        "Пенсионерам и людям с инвалидностью — скидка 15 % на техническую помощь на дороге при предъявлении "
        "удостоверения.",
        "Мы также перевозим спецтехнику (погрузчики, мини-тракторы) и лодки на прицепах — цену "
        "таких перевозок называет диспетчер по заявке.",
        "Водитель эвакуатора выдаёт акт приёма-передачи с фотографиями автомобиля до погрузки.",
    ]:
        d.add_paragraph(s, style="List Bullet")
    d.save(path)
    normalise_zip(path)


def add_table(d, rows):
    t = d.add_table(rows=len(rows), cols=len(rows[0]))
    t.style = "Table Grid"
    for i, row in enumerate(rows):
        for j, val in enumerate(row):
            cell = t.cell(i, j)
            cell.text = val
            if i == 0:
                for r in cell.paragraphs[0].runs:
                    r.bold = True


# --------------------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.title = "清溪垂钓园价目表"
    wb.properties.creator = "清溪垂钓园"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    wb.properties.lastModifiedBy = "清溪垂钓园"

    ws = wb.active
    ws.title = "门票"
    rows = [
        ("清溪垂钓园 2027年门票价格",),
        ("票种", "时长", "平日价（元）", "周末及节假日价（元）", "说明"),
        ("散钓票", "4小时", 60, 80, "限1竿"),
        ("散钓票", "8小时（全天）", 100, 130, "限2竿"),
        ("夜钓票", "19:00至次日6:00", 120, 150, "含夜光漂1支"),
        ("黑坑票", "4小时", 150, 180, "钓获按斤回收，见“鱼获”表"),
        ("儿童体验票", "2小时", 30, 40, "12岁以下，须家长陪同"),
        (),
        ("注1：身高1.2米以下儿童随家长入园不钓鱼的，免票。",),
        ("注2：周末价适用于周六、周日及法定节假日。",),
        ("注3：超时按每小时15元补票，不足半小时不计。",),
    ]
    fill(ws, rows, bold_rows=(1, 2))

    ws2 = wb.create_sheet("鱼获")
    rows2 = [
        ("鱼获带走及黑坑回收价格",),
        ("鱼种", "带走价（元/斤）", "黑坑回收价（元/斤）", "每人限带"),
        ("鲫鱼", 18, 10, "5斤"),
        ("鲤鱼", 12, 6, "不限"),
        ("草鱼", 14, 7, "不限"),
        ("鲈鱼", 38, 20, "3斤"),
        ("鳊鱼", 16, 8, "不限"),
        ("黄颡鱼", 45, "不回收", "2斤"),
        (),
        ("说明：散钓票钓获的鱼如需带走，按带走价称重付费；不带走的请放回鱼塘。",),
        ("说明：黑坑钓获的鱼可按回收价折现，也可按带走价补差带走。",),
        ("说明：单尾1斤以下的鲈鱼必须放生。",),
    ]
    fill(ws2, rows2, bold_rows=(1, 2))

    ws3 = wb.create_sheet("租赁与服务")
    rows3 = [
        ("渔具租赁及其他服务",),
        ("项目", "单位", "价格（元）", "押金（元）"),
        ("手竿租赁（3.6米）", "根/天", 20, 100),
        ("手竿租赁（5.4米）", "根/天", 30, 150),
        ("手竿租赁（7.2米）", "根/天", 40, 200),
        ("钓箱租赁", "个/天", 15, 100),
        ("遮阳伞租赁", "把/天", 10, 50),
        ("鱼饵套装", "份", 25, "无"),
        ("烧烤位", "位/次", 50, "无"),
        ("杀鱼加工", "条", 5, "无"),
        (),
        ("营业时间：每天6:00至19:00，夜钓另行购票；每周一上午6:00至12:00放鱼，暂停营业。",),
        ("会员年卡1680元，一年内散钓不限次数，夜钓享八折。",),
        ("园内停车免费，入园须登记手机号码。",),
        ("禁止使用锚钩、电鱼器和拉网，违者没收渔具并罚款500元。",),
        ("本园定期举办垂钓比赛，报名费另行通知。园内农家菜馆可加工鱼获，菜价以菜单为准。",),
    ]
    fill(ws3, rows3, bold_rows=(1, 2))

    for w in (ws, ws2, ws3):
        for col, width in zip("ABCDE", (22, 18, 20, 22, 28)):
            w.column_dimensions[col].width = width
    wb.save(path)
    normalise_zip(path)


def fill(ws, rows, bold_rows=()):
    bold = Font(bold=True)
    for r, row in enumerate(rows, start=1):
        for c, val in enumerate(row, start=1):
            cell = ws.cell(row=r, column=c, value=val)
            if r in bold_rows:
                cell.font = bold
            cell.alignment = Alignment(wrap_text=False)


# --------------------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.slide_width = Inches(13.333)
    prs.slide_height = Inches(7.5)
    set_core(prs.core_properties, "Timberline Axe House — Prices & House Rules 2027",
             "Timberline Axe House LLC", "Price list")

    # slide 1: title + intro
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "Timberline Axe House — Prices & House Rules 2027"
    body = s.placeholders[1].text_frame
    body.text = ("412 Mill Street, Riverside. Open Wednesday to Sunday, 12:00–23:00; "
                 "closed Mondays and Tuesdays except league nights.")
    for line in [
        "Every session starts with a 10-minute safety briefing by one of our axe coaches.",
        "Throwers must be 18 or older; guests aged 14 to 17 may throw with a parent or guardian who signs the waiver.",
        "Each lane holds up to 6 throwers. Closed-toe shoes are required — no sandals or flip-flops.",
        "Knife throwing is coming in spring 2027; ask the front desk to join the waiting list.",
    ]:
        p = body.add_paragraph()
        p.text = line
    for p in body.paragraphs:
        for r in p.runs:
            r.font.size = PPt(20)

    # slide 2: lane bookings
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Lane bookings"
    rows = [
        ("Session", "Mon–Thu (per person)", "Fri–Sun (per person)", "Minimum throwers"),
        ("60 minutes", "$28", "$35", "2"),
        ("90 minutes", "$38", "$46", "2"),
        ("120 minutes", "$46", "$55", "4"),
        ("Private lane, 60 minutes (up to 6 people)*", "$150", "$190", "—"),
    ]
    add_ptable(s, rows, top=1.5)
    add_text(s, "* Private lane prices are per lane, not per person. "
                "All session prices include a coach and the safety briefing. "
                "Monday–Thursday prices apply only on league nights and to group bookings made in advance.", top=5.0)

    # slide 3: packages & extras
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Packages & extras"
    rows = [
        ("Item", "Price", "Notes"),
        ("Birthday package (up to 8 guests, 2 hours)", "$399", "2 lanes, 2 large pizzas and soft drinks"),
        ("Corporate team building (up to 20 people, 3 hours)", "$1,150", "private area and a bracket tournament"),
        ("Big Axe challenge", "$10 per person", "after 18:00 only"),
        ("Throwing stars add-on", "$8 per person", "15 minutes"),
        ("League night (Tuesdays, 8-week season)", "$160 per person", "includes a league T-shirt"),
        ("Gift card", "from $25", "valid 12 months"),
    ]
    add_ptable(s, rows, top=1.5)
    add_text(s, "Extra guests on a birthday package cost $30 each, up to 12 guests in total. "
                "Food from outside is not allowed, except a birthday cake.", top=5.6)

    # slide 4: memberships & rules
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Memberships & booking rules"
    rows = [
        ("Membership", "Monthly fee", "Included", "Guest discount"),
        ("Splinter", "$39", "2 × 60-minute sessions", "10%"),
        ("Lumberjack", "$69", "4 × 60-minute sessions", "15%"),
        ("Timber Pro", "$109", "unlimited weekday throwing", "20%"),
    ]
    add_ptable(s, rows, top=1.4)
    add_text(s, "Memberships run month to month and can be cancelled with 30 days' notice. "
                "Reservations can be cancelled free of charge up to 48 hours before the session; later cancellations "
                "forfeit the 50% deposit. Groups of more than 12 pay a $100 deposit when booking. "
                "No alcohol before or during throwing; beer and cider are served in the lounge after your session. "
                "Walk-ins are welcome whenever a lane is free.", top=4.2)
    prs.save(path)
    normalise_zip(path)


def add_ptable(slide, rows, top):
    nr, nc = len(rows), len(rows[0])
    shape = slide.shapes.add_table(nr, nc, Inches(0.6), Inches(top), Inches(12.1), Inches(0.45 * nr))
    tbl = shape.table
    for i, row in enumerate(rows):
        for j, val in enumerate(row):
            cell = tbl.cell(i, j)
            cell.text = val
            for p in cell.text_frame.paragraphs:
                for r in p.runs:
                    r.font.size = PPt(16)
                    r.font.bold = i == 0


def add_text(slide, text, top):
    tb = slide.shapes.add_textbox(Inches(0.6), Inches(top), Inches(12.1), Inches(1.5))
    tf = tb.text_frame
    tf.word_wrap = True
    tf.text = text
    for p in tf.paragraphs:
        for r in p.runs:
            r.font.size = PPt(16)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial68/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial68"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "buksir24_evakuator_ru.docx")
    make_xlsx(out / "qingxi_chuidiao_zh.xlsx")
    make_pptx(out / "timberline_axe_en.pptx")
    print("written to", out)


if __name__ == "__main__":
    main()
