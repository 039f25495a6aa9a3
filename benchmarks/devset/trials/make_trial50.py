#!/usr/bin/env python3
# ruff: noqa: E501 (a data script: its lines are the documents' text)
"""Generate the three Office documents of fresh-user trial 50 (deterministic, offline),
written by the trial's user, who had not read pincite's code; the content is invented.

- stomatologiya_prays.docx   Russian dental clinic price list (therapy, prosthetics, hygiene,
                             implants, children, surgery, guarantees) and rules
- qiming_fudao_shoufei.xlsx  Chinese after-school tutoring centre: fees, other fees and
                             discounts (sheet 1), schedule and rules (sheet 2)
- skyline_jump_bowl.pptx     English trampoline park and bowling alley prices and rules

Every zip member's time is pinned, and so is core.xml's modified time (openpyxl stamps its
save time whatever was set), so the bytes match the trial's files.

Run with the pincite venv's python (python-docx, openpyxl, python-pptx):
    .venv/bin/python benchmarks/devset/trials/make_trial50.py benchmarks/devset/docs
"""
import datetime
import os
import re
import sys
import zipfile
from pathlib import Path

from docx import Document
from openpyxl import Workbook
from openpyxl.styles import Font
from pptx import Presentation
from pptx.util import Inches
from pptx.util import Pt as PPt

FIXED = datetime.datetime(2025, 3, 1, 9, 0, 0)


# ----------------------------------------------------------------- DOCX (ru)
def make_docx(path: Path) -> None:
    d = Document()
    d.core_properties.author = "Клиника «Улыбка на Садовой»"
    d.core_properties.title = "Прейскурант стоматологических услуг"
    d.core_properties.created = FIXED
    d.core_properties.modified = FIXED
    d.core_properties.last_modified_by = "trial50"
    d.core_properties.revision = 1

    d.add_heading("Стоматологическая клиника «Улыбка на Садовой»", 0)
    d.add_paragraph(
        "Прейскурант на стоматологические услуги. Действует с 1 марта 2025 года. "
        "Все цены указаны в рублях за единицу (один зуб, одну процедуру), если не сказано иное. "
        "Адрес: г. Москва, ул. Садовая-Черногрязская, д. 14, стр. 2. "
        "Телефон регистратуры: +7 (495) 128-46-90.")

    def table(title, header, rows, note=None):
        d.add_heading(title, level=1)
        t = d.add_table(rows=1, cols=len(header))
        t.style = "Table Grid"
        for i, h in enumerate(header):
            t.rows[0].cells[i].text = h
        for r in rows:
            cells = t.add_row().cells
            for i, v in enumerate(r):
                cells[i].text = v
        if note:
            d.add_paragraph(note)

    table("1. Терапия: лечение кариеса и пульпита",
          ["Процедура", "Материал", "Цена, руб."],
          [["Лечение поверхностного кариеса", "Стеклоиономерный цемент Fuji IX", "2 900"],
           ["Лечение поверхностного кариеса", "Светоотверждаемый композит Filtek Z250", "4 800"],
           ["Лечение среднего кариеса", "Светоотверждаемый композит Filtek Z250", "5 900"],
           ["Лечение среднего кариеса", "Композит Estelite Asteria", "6 700"],
           ["Лечение глубокого кариеса", "Композит Estelite Asteria", "7 400"],
           ["Лечение пульпита, 1 канал", "Гуттаперча, пломба Filtek Z250", "8 500"],
           ["Лечение пульпита, 2 канала", "Гуттаперча, пломба Filtek Z250", "11 200"],
           ["Лечение пульпита, 3 канала", "Гуттаперча, пломба Filtek Z250", "14 600"],
           ["Временная пломба", "Дентин-паста", "900"]],
          "Анестезия (карпульная, Ультракаин) оплачивается отдельно: 700 руб. за одну инъекцию.")

    table("2. Протезирование",
          ["Конструкция", "Материал", "Цена, руб."],
          [["Коронка", "Металлокерамика (сплав CoCr)", "18 000"],
           ["Коронка", "Диоксид циркония", "32 000"],
           ["Коронка", "Прессованная керамика E.max", "36 500"],
           ["Винир", "Прессованная керамика E.max", "38 000"],
           ["Временная коронка", "Пластмасса PMMA", "3 500"],
           ["Съёмный протез полный (одна челюсть)", "Акрил", "35 000"],
           ["Съёмный протез полный (одна челюсть)", "Нейлон (безмономерный)", "48 000"]])

    table("3. Профессиональная гигиена и отбеливание",
          ["Процедура", "Цена, руб."],
          [["Комплексная гигиена: ультразвук, Air Flow, полировка, фторирование", "6 500"],
           ["Air Flow (без ультразвука), обе челюсти", "3 200"],
           ["Фторирование, одна челюсть", "1 200"],
           ["Кабинетное отбеливание ZOOM 4 (один визит)", "28 000"],
           ["Домашнее отбеливание: индивидуальные каппы и гель на 2 недели", "15 000"]],
          "Перед отбеливанием обязательна комплексная гигиена (не ранее чем за 14 дней до процедуры).")

    table("4. Имплантация",
          ["Услуга", "Система / производитель", "Цена, руб."],
          [["Установка импланта", "Osstem TS III (Южная Корея)", "32 000"],
           ["Установка импланта", "Nobel Biocare Active (Швеция)", "59 000"],
           ["Установка импланта", "Straumann SLActive (Швейцария)", "68 000"],
           ["Формирователь десны", "—", "4 000"],
           ["Синус-лифтинг закрытый", "—", "25 000"],
           ["Синус-лифтинг открытый", "—", "45 000"],
           ["Костная пластика (костный блок)", "Bio-Oss", "22 000"],
           ["Коронка на имплант", "Диоксид циркония на титановом основании", "42 000"]],
          "Компьютерная томография (КЛКТ) перед имплантацией — 3 500 руб.; при установке импланта в течение "
          "30 дней стоимость КТ вычитается из цены импланта.")

    table("5. Детская стоматология (дети до 14 лет включительно)",
          ["Процедура", "Цена, руб."],
          [["Осмотр и консультация детского стоматолога", "800"],
           ["Лечение кариеса молочного зуба", "3 400"],
           ["Лечение кариеса постоянного зуба у ребёнка", "4 200"],
           ["Герметизация фиссур, один зуб", "1 900"],
           ["Удаление молочного зуба", "1 800"],
           ["Серебрение молочного зуба", "600"]],
          "Осмотр ребёнка бесплатный, если в тот же день проводится лечение. "
          "Лечение под закисью азота («веселящий газ») — доплата 2 500 руб. за каждые 30 минут.")

    table("6. Хирургия",
          ["Процедура", "Цена, руб."],
          [["Удаление зуба простое", "3 500"],
           ["Удаление зуба сложное (с разделением корней)", "6 000"],
           ["Удаление ретинированного зуба мудрости", "12 000"],
           ["Резекция верхушки корня", "9 800"]])

    d.add_heading("7. Гарантии", level=1)
    t = d.add_table(rows=1, cols=3)
    t.style = "Table Grid"
    for i, h in enumerate(["Вид работы", "Гарантийный срок", "Срок службы"]):
        t.rows[0].cells[i].text = h
    for r in [["Пломба из стеклоиономерного цемента", "6 месяцев", "1 год"],
              ["Пломба из светоотверждаемого композита", "1 год", "3 года"],
              ["Металлокерамическая коронка", "2 года", "5 лет"],
              ["Коронка из диоксида циркония или E.max", "3 года", "7 лет"],
              ["Имплант Osstem", "5 лет", "10 лет"],
              ["Имплант Straumann или Nobel Biocare", "Пожизненная гарантия производителя", "—"],
              ["Съёмный протез", "1 год", "3 года"]]:
        cells = t.add_row().cells
        for i, v in enumerate(r):
            cells[i].text = v
    d.add_paragraph(
        "Гарантия сохраняется при условии, что пациент проходит профессиональную гигиену в нашей клинике "
        "не реже одного раза в 6 месяцев и выполняет рекомендации врача. Гарантия не распространяется на "
        "временные пломбы и временные коронки, а также на случаи травмы.")

    d.add_heading("8. Правила записи на приём", level=1)
    for p in [
        "Записаться можно по телефону +7 (495) 128-46-90, через сайт клиники или в мессенджере Telegram. "
        "Первичная консультация стоматолога-терапевта стоит 1 000 рублей; если лечение начато в тот же день, "
        "консультация не оплачивается.",
        "Пожалуйста, приходите за 10 минут до начала приёма, чтобы заполнить анкету о здоровье. "
        "При опоздании более чем на 15 минут врач вправе перенести приём на другое время.",
        "Отменить или перенести визит нужно не позднее чем за 24 часа. При неявке без предупреждения "
        "следующая запись возможна только по предоплате 2 000 рублей.",
        "Дети до 15 лет принимаются только в присутствии родителя или законного представителя с паспортом.",
        "Часы работы: понедельник — пятница с 9:00 до 21:00, суббота с 10:00 до 18:00, воскресенье — выходной. "
        "Дежурный хирург по субботам принимает до 16:00.",
    ]:
        d.add_paragraph(p)

    d.add_heading("9. Оплата", level=1)
    for p in [
        "Оплата принимается наличными, банковскими картами Мир, Visa и Mastercard, а также через Систему быстрых "
        "платежей (СБП). Оплата производится после каждого визита за фактически выполненные работы.",
        "Для лечения стоимостью от 50 000 рублей доступна беспроцентная рассрочка на 6 месяцев через банк-партнёр; "
        "первый взнос составляет не менее 20 % от суммы плана лечения.",
        "Пенсионерам по предъявлении пенсионного удостоверения предоставляется скидка 10 % на терапевтическое лечение. "
        "Скидка не распространяется на имплантацию, протезирование и отбеливание; скидки не суммируются.",
        "Справку об оплате медицинских услуг для налогового вычета клиника выдаёт в течение 5 рабочих дней после "
        "письменного заявления.",
        "Клиника работает с полисами ДМС страховых компаний «Согаз», «Ингосстрах» и «РЕСО-Гарантия».",
    ]:
        d.add_paragraph(p)

    d.save(path)


# ----------------------------------------------------------------- XLSX (zh)
def make_xlsx(path: Path) -> None:
    wb = Workbook()
    wb.properties.creator = "启明课外辅导中心"
    wb.properties.created = FIXED
    wb.properties.modified = FIXED
    ws = wb.active
    ws.title = "课程收费"
    bold = Font(bold=True)
    ws.append(["年级", "科目", "班型", "每期课时", "单价（元/课时）", "每期学费（元）"])
    for c in ws[1]:
        c.font = bold
    rows = [
        ["小学三至四年级", "数学", "大班（20人以内）", 16, 80, 1280],
        ["小学三至四年级", "数学", "小班（6人以内）", 16, 150, 2400],
        ["小学三至四年级", "英语", "大班（20人以内）", 16, 85, 1360],
        ["小学三至四年级", "英语", "小班（6人以内）", 16, 160, 2560],
        ["小学五至六年级", "数学", "大班（20人以内）", 16, 95, 1520],
        ["小学五至六年级", "数学", "小班（6人以内）", 16, 180, 2880],
        ["小学五至六年级", "语文（阅读与作文）", "小班（6人以内）", 12, 170, 2040],
        ["初中一至二年级", "数学", "大班（20人以内）", 20, 110, 2200],
        ["初中一至二年级", "数学", "小班（6人以内）", 20, 200, 4000],
        ["初中一至二年级", "物理", "小班（6人以内）", 20, 210, 4200],
        ["初中三年级（中考冲刺）", "数学", "小班（6人以内）", 24, 240, 5760],
        ["初中三年级（中考冲刺）", "英语", "小班（6人以内）", 24, 230, 5520],
        ["初中三年级（中考冲刺）", "化学", "小班（6人以内）", 16, 220, 3520],
        ["小学各年级", "各科", "一对一", 1, 300, 300],
        ["初中各年级", "各科", "一对一", 1, 380, 380],
    ]
    for r in rows:
        ws.append(r)
    ws.append([])
    ws.append(["其他费用"])
    ws[ws.max_row][0].font = bold
    ws.append(["项目", "金额（元）", "说明"])
    for r in [
        ["报名费", 200, "新学员一次性收取，老学员续报免收"],
        ["教材资料费（小学）", 180, "每期每科"],
        ["教材资料费（初中）", 260, "每期每科"],
        ["入学测评", 0, "免费，约40分钟"],
        ["调班手续费", 50, "每次"],
    ]:
        ws.append(r)
    ws.append([])
    ws.append(["优惠政策"])
    ws[ws.max_row][0].font = bold
    ws.append(["优惠名称", "优惠内容", "适用条件"])
    for r in [
        ["早鸟优惠", "学费减免5%", "开课前30天及以上缴清全款"],
        ["多科优惠", "第二科学费打9折", "同一学期同时报读两科及以上（按学费较低的一科计算）"],
        ["兄弟姐妹优惠", "每人学费减200元", "兄弟姐妹同期报名"],
        ["老学员续费", "学费减150元", "上一期出勤率不低于80%"],
    ]:
        ws.append(r)
    ws.append(["注：以上优惠不可叠加，按最优惠的一项执行；一对一课程不参加优惠。"])
    for col, w in zip("ABCDEF", (22, 18, 18, 10, 14, 14)):
        ws.column_dimensions[col].width = w

    ws2 = wb.create_sheet("上课安排与规则")
    ws2.append(["班级", "上课时间", "教室", "任课老师"])
    for c in ws2[1]:
        c.font = bold
    for r in [
        ["小学三至四年级数学大班", "周六 08:30–10:30", "201室", "王老师"],
        ["小学三至四年级英语小班", "周六 13:30–15:00", "305室", "Lily 陈老师"],
        ["小学五至六年级数学小班", "周日 08:30–10:30", "202室", "刘老师"],
        ["初中一至二年级数学小班", "周日 09:00–11:00", "402室", "赵老师"],
        ["初中一至二年级物理小班", "周三 18:30–20:30", "403室", "孙老师"],
        ["中考冲刺数学小班", "周五 19:00–21:00", "501室", "周老师"],
        ["中考冲刺化学小班", "周六 15:30–17:30", "503室", "吴老师"],
    ]:
        ws2.append(r)
    ws2.append([])
    ws2.append(["规则"])
    ws2[ws2.max_row][0].font = bold
    ws2.append(["类别", "内容"])
    for r in [
        ["退费规则", "开课前申请退费，全额退还学费（报名费不退）。"],
        ["退费规则", "开课后、第3次课之前申请，退还剩余课时学费的80%。"],
        ["退费规则", "第3次课之后不予退费，可申请转让给他人或转为下一期课程。"],
        ["请假规则", "请假须在上课前24小时通过微信群或前台办理；每期最多请假2次，可安排补课。"],
        ["请假规则", "未请假缺课视为已上课，不予补课。"],
        ["迟到", "迟到超过20分钟须在前台登记后方可进入教室。"],
        ["营业时间", "周二至周日 8:00–21:00，周一休息（法定节假日另行通知）。"],
        ["联系方式", "咨询电话 021-6688 1234，地址：上海市徐汇区漕溪北路 88 号 3 楼。"],
    ]:
        ws2.append(r)
    for col, w in zip("ABCD", (26, 60, 10, 14)):
        ws2.column_dimensions[col].width = w
    wb.save(path)


# ----------------------------------------------------------------- PPTX (en)
def make_pptx(path: Path) -> None:
    prs = Presentation()
    prs.core_properties.author = "Skyline Jump & Bowl"
    prs.core_properties.title = "Skyline Jump & Bowl - Prices and Rules 2025"
    prs.core_properties.created = FIXED
    prs.core_properties.modified = FIXED
    prs.core_properties.revision = 1

    def title_slide(title, sub):
        s = prs.slides.add_slide(prs.slide_layouts[0])
        s.shapes.title.text = title
        s.placeholders[1].text = sub

    def bullets(title, items):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        tf = s.placeholders[1].text_frame
        tf.text = items[0]
        for it in items[1:]:
            tf.add_paragraph().text = it
        for p in tf.paragraphs:
            for r in p.runs:
                r.font.size = PPt(18)

    def table_slide(title, header, rows, note=None):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
        n = len(rows) + 1
        shape = s.shapes.add_table(n, len(header), Inches(0.4), Inches(1.5), Inches(9.2), Inches(0.4) * n)
        tb = shape.table
        for i, h in enumerate(header):
            tb.cell(0, i).text = h
        for ri, r in enumerate(rows, start=1):
            for ci, v in enumerate(r):
                tb.cell(ri, ci).text = v
        for ri in range(n):
            for ci in range(len(header)):
                for p in tb.cell(ri, ci).text_frame.paragraphs:
                    for run in p.runs:
                        run.font.size = PPt(14)
        if note:
            tx = s.shapes.add_textbox(Inches(0.4), Inches(1.6) + Inches(0.4) * n, Inches(9.2), Inches(0.8))
            tx.text_frame.text = note
            tx.text_frame.word_wrap = True
            for p in tx.text_frame.paragraphs:
                for run in p.runs:
                    run.font.size = PPt(14)

    title_slide("Skyline Jump & Bowl", "Prices, parties, memberships and park rules - valid from 1 April 2025\n"
                "Unit 7, Riverside Leisure Park, Leeds LS11 5DJ")

    table_slide("Jump sessions",
                ["Session length", "Little Jumpers (ages 3-6)", "Ages 7 and over"],
                [["30 minutes", "£8.50", "£10.00"],
                 ["60 minutes", "£12.00", "£15.50"],
                 ["90 minutes", "£16.00", "£20.50"],
                 ["120 minutes", "not available", "£24.00"]],
                "Toddler Time (under 3s with one adult): £6.00 for 45 minutes, Tuesday and Thursday 10:00-12:00 only. "
                "Prices are per jumper; supervising adults who do not jump enter free.")

    table_slide("Bowling",
                ["Option", "Off-peak (Mon-Fri before 17:00)", "Peak (Mon-Fri after 17:00, weekends, school holidays)"],
                [["One game, adult", "£6.50", "£8.95"],
                 ["One game, child under 12", "£5.00", "£6.75"],
                 ["Two games, adult", "£11.50", "£15.90"],
                 ["Lane hire, 1 hour (up to 6 bowlers)", "£38.00", "£55.00"],
                 ["Lane hire, 2 hours (up to 6 bowlers)", "£70.00", "£99.00"]],
                "We have 12 lanes, 2 of them with automatic bumpers and a ramp for young children. "
                "Last bowling game starts at 21:30 on Friday and Saturday.")

    table_slide("Birthday parties",
                ["Package", "What's included", "Price per child", "Minimum guests"],
                [["Bronze Bounce", "60 min jump, 30 min in party room, squash and crisps", "£16.95", "8"],
                 ["Silver Strike", "1 game of bowling, hot dog and chips, soft drink", "£14.50", "6"],
                 ["Gold Combo", "60 min jump, 1 game of bowling, pizza, slush, grip socks", "£24.95", "10"]],
                "A £50 non-refundable deposit secures the booking; book at least 7 days in advance. "
                "The birthday child jumps free on Gold Combo.")

    bullets("Socks, shoes and extras", [
        "Skyline grip socks are compulsory on the trampolines: £2.50 per pair, reusable on later visits",
        "Bowling shoe hire: £1.50 per pair (included in all party packages)",
        "Lockers: £1 coin, returned when you open the locker",
        "Spectator wristband for adults who do not jump: free, maximum 2 per group",
        "Hot drinks in the Skyline Cafe from £2.20; kids' meal deal £5.95",
    ])

    table_slide("Memberships",
                ["Membership", "Monthly fee", "What you get"],
                [["Jump Club", "£29.99", "Unlimited 60-minute jump sessions Monday to Friday before 17:00"],
                 ["Jump Club Plus", "£44.99", "Unlimited 60-minute jump sessions at any time, 10% off parties"],
                 ["Family Bowl Pass", "£19.99", "Up to 4 people, 1 game each per visit, weekdays only"]],
                "Memberships have a minimum term of 3 months and need 30 days' notice to cancel. "
                "Pay annually and get 12 months for the price of 10.")

    bullets("Park rules", [
        "Every jumper needs a signed online waiver; a parent or guardian signs for under-18s",
        "Maximum weight on the trampolines: 110 kg",
        "One person per trampoline bed; no double bouncing",
        "Somersaults and flips are allowed only on the Pro Zone airbag, not in the dodgeball court",
        "Children aged 7 and under must have an adult in the building at all times",
        "Please arrive 15 minutes before your session for the safety briefing",
    ])

    bullets("Opening hours and booking", [
        "Monday to Friday: 10:00-21:00",
        "Saturday and Sunday: 09:00-22:00",
        "Book online at skylinejumpbowl.co.uk or call 0113 496 0732",
        "Sessions start on the hour and half hour; late arrivals lose the missed time",
        "Free parking for 3 hours for customers",
    ])
    prs.save(path)


def normalize_zip(path: Path) -> None:
    """Rewrite the zip with fixed timestamps so that the bytes are reproducible."""
    with zipfile.ZipFile(path) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in items:
            if name == "docProps/core.xml":  # openpyxl stamps the save time here
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>2025-03-01T09:00:00Z\g<2>", data)
            zi = zipfile.ZipInfo(name, date_time=(2025, 3, 1, 9, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)


def main() -> None:
    # the development set's docs folder (fetch.py passes it); the files go to its trial50/
    out = Path(os.path.join(sys.argv[1] if len(sys.argv) > 1 else "docs", "trial50"))
    out.mkdir(parents=True, exist_ok=True)
    make_docx(out / "stomatologiya_prays.docx")
    make_xlsx(out / "qiming_fudao_shoufei.xlsx")
    make_pptx(out / "skyline_jump_bowl.pptx")
    for name in ("stomatologiya_prays.docx", "qiming_fudao_shoufei.xlsx", "skyline_jump_bowl.pptx"):
        normalize_zip(out / name)
    print("written to", out)


if __name__ == "__main__":
    main()
