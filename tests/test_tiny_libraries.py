"""Tiny libraries: pincite answers and refuses correctly when the whole library is one or two
small files, where BM25's IDF collapses (nearly every word stands in every passage or in
none) and the answer layer cannot lean on a large corpus's term statistics.

Four libraries, each in its own data folder, built once per module with the default settings
a user gets (hybrid retrieval, the ``use-m3`` embedder, the trained refusal bar):

1. one XLSX: a lab's equipment inventory (20 rows, English);
2. one PPTX: a seven-slide status deck of a warehouse move (Russian);
3. one two-page PDF manual of an ultrasonic humidifier (English);
4. two twin two-page PDF manuals of sibling pressure washers, HX-40 and HX-50 (same layout,
   some values differ).

Every file is generated here (reportlab via tests/pdfgen.py, openpyxl, python-pptx) with
invented content. Questions are worded the way a user would ask, not copied from the text.
Each answerable question must be answered from the right file (and, for PDFs, the right page;
for the twins, the manual of the model the question names) with the value in the first,
verified citation's quote; each near-miss question, whose answer the library truly does not
hold, must be refused. Nothing of pincite is mocked. A natural question the trained answer
layer gets wrong stays here as a strict xfail naming what goes wrong.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pptx
import pytest

from docgen import no_pincite_env, spec_library  # noqa: F401 (no_pincite_env: an autouse fixture)
from pdfgen import make_pdf

# ---------------------------------------------------------------- generated files

INVENTORY_HEADER = ("Asset tag", "Item", "Manufacturer", "Model", "Location", "Assigned to",
                    "Purchased", "Next calibration", "Condition")
INVENTORY = [
    ("LAB-001", "Digital oscilloscope", "Rigol", "DS1104Z", "Room B214", "Marta Kowalski",
     dt.date(2021, 3, 15), dt.date(2026, 3, 1), "Good"),
    ("LAB-002", "Bench power supply", "Keysight", "E36313A", "Room B214", "Marta Kowalski",
     dt.date(2020, 11, 2), dt.date(2025, 12, 10), "Good"),
    ("LAB-003", "Thermal camera", "FLIR", "E8-XT", "Store room C03", "Jonas Berg",
     dt.date(2022, 6, 20), dt.date(2026, 6, 20), "Good"),
    ("LAB-004", "Torque wrench", "Norbar", "TTi 50", "Workshop A101", "Samir Haddad",
     dt.date(2019, 9, 9), dt.date(2025, 11, 30), "Worn grip"),
    ("LAB-005", "Digital multimeter", "Fluke", "87V", "Room B214", "Aiko Tanaka",
     dt.date(2023, 1, 12), dt.date(2026, 1, 12), "Good"),
    ("LAB-006", "Soldering station", "Weller", "WE1010", "Room B210", "Aiko Tanaka",
     dt.date(2022, 2, 1), None, "Tip replaced May 2025"),
    ("LAB-007", "Laptop", "Lenovo", "ThinkPad T14 Gen 4", "Office B201", "Priya Raman",
     dt.date(2023, 9, 4), None, "Good"),
    ("LAB-008", "Laptop", "Dell", "Latitude 5440", "Office B201", "Jonas Berg",
     dt.date(2024, 2, 19), None, "Battery weak"),
    ("LAB-009", "Function generator", "Siglent", "SDG2042X", "Room B214", "Marta Kowalski",
     dt.date(2021, 3, 15), dt.date(2026, 3, 1), "Good"),
    ("LAB-010", "Spectrum analyser", "Rohde & Schwarz", "FPC1000", "Room B214", "Lukas Meier",
     dt.date(2022, 10, 5), dt.date(2025, 10, 5), "Calibration overdue"),
    ("LAB-011", "Climate chamber", "Binder", "MK 56", "Test hall A105", "Samir Haddad",
     dt.date(2018, 5, 14), dt.date(2026, 5, 14), "Door seal replaced"),
    ("LAB-012", "Cordless drill", "Makita", "DHP482", "Workshop A101", "Tomas Ruiz",
     dt.date(2020, 7, 7), None, "Good"),
    ("LAB-013", "Digital caliper", "Mitutoyo", "500-196-30", "Workshop A101", "Tomas Ruiz",
     dt.date(2019, 3, 3), dt.date(2026, 2, 15), "Good"),
    ("LAB-014", "Projector", "Epson", "EB-W51", "Meeting room B220", "Shared",
     dt.date(2021, 8, 30), None, "Lamp at 1900 hours"),
    ("LAB-015", "Label printer", "Brother", "PT-P950NW", "Store room C03", "Jonas Berg",
     dt.date(2022, 1, 17), None, "Good"),
    ("LAB-016", "Insulation tester", "Megger", "MIT420/2", "Workshop A101", "Lukas Meier",
     dt.date(2023, 4, 11), dt.date(2026, 4, 11), "Good"),
    ("LAB-017", "Temperature data logger", "Onset HOBO", "MX1101", "Test hall A105", "Priya Raman",
     dt.date(2024, 5, 2), dt.date(2026, 5, 2), "Good"),
    ("LAB-018", "Stereo microscope", "Olympus", "SZ61", "Room B210", "Aiko Tanaka",
     dt.date(2017, 10, 23), None, "Good"),
    ("LAB-019", "Sound level meter", "Bruel & Kjaer", "2250", "Store room C03", "Lukas Meier",
     dt.date(2020, 12, 1), dt.date(2025, 12, 1), "Good"),
    ("LAB-020", "Hand pallet truck", "Jungheinrich", "AM 22", "Test hall A105", "Shared",
     dt.date(2016, 4, 18), None, "Wheels replaced 2024"),
]


def make_inventory(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Equipment"
    ws.append(INVENTORY_HEADER)
    for row in INVENTORY:
        ws.append(row)
    for r in range(2, len(INVENTORY) + 2):
        for col in (7, 8):
            ws.cell(r, col).number_format = "yyyy-mm-dd"
    wb.save(str(path))
    return path


#: (title, bullet lines) of each slide of the deck, in order.
DECK = [
    ("Переезд склада в Подольск", ["Статус проекта на 14 октября 2025 года", "Отдел логистики"]),
    ("Сроки", ["Упаковка товара начинается 3 ноября",
               "Последняя машина уходит со старого склада 21 ноября",
               "Новый склад начинает работу 1 декабря"]),
    ("Новая площадка", ["Адрес: Подольск, ул. Промышленная, 12, корпус 7",
                        "Площадь — 4 800 м²",
                        "12 погрузочных доков",
                        "Высота потолков — 11 метров"]),
    ("Бюджет", ["Утверждённый бюджет проекта: 31 млн руб.",
                "Израсходовано на 10 октября: 14,2 млн руб.",
                "Резерв на непредвиденные расходы: 2,5 млн руб."]),
    ("Персонал", ["Водители погрузчиков проходят переаттестацию 17 ноября",
                  "Для сотрудников запущен служебный автобус от станции Подольск",
                  "Отпуска в ноябре не согласуются"]),
    ("Риски", ["Поставка стеллажей может задержаться на две недели",
               "Резервный поставщик стеллажей — компания «СтеллажПром»",
               "Подключение электричества подтверждено на 25 ноября"]),
    ("Следующие шаги", ["Подписать акт приёмки помещения до 20 октября",
                        "Заказать упаковочные материалы",
                        "Следующий отчёт о статусе — 28 октября"]),
]


def make_deck(path: Path) -> Path:
    prs = pptx.Presentation()
    title, lines = DECK[0]
    first = prs.slides.add_slide(prs.slide_layouts[0])  # title slide
    first.shapes.title.text = title
    first.placeholders[1].text = "\n".join(lines)
    for title, lines in DECK[1:]:
        slide = prs.slides.add_slide(prs.slide_layouts[1])  # title and bulleted content
        slide.shapes.title.text = title
        body = slide.placeholders[1].text_frame
        body.text = lines[0]
        for line in lines[1:]:
            body.add_paragraph().text = line
    prs.save(str(path))
    return path


HUMIDIFIER_PAGES = [
    "NIMBUS UH-300 ULTRASONIC HUMIDIFIER\nOwner's manual\n\n"
    "Thank you for choosing the Nimbus UH-300. This cool-mist humidifier uses an ultrasonic "
    "transducer to turn water into a fine mist. Read this manual before first use and keep it "
    "for later reference.\n\n"
    "1. Technical specifications\n"
    "Water tank capacity: 3.2 litres\n"
    "Mist output: up to 300 ml per hour\n"
    "Continuous operation on one tank: up to 11 hours at the low setting\n"
    "Recommended room size: up to 35 m²\n"
    "Power adapter: input 100-240 V AC, output 24 V DC\n"
    "Power consumption: 25 W\n"
    "Noise level: below 32 dB(A) at the low setting\n"
    "Weight: 1.4 kg with an empty tank\n"
    "Dimensions: 210 x 210 x 330 mm\n\n"
    "2. Controls\n"
    "The front dial sets the mist level from low to high. The built-in hygrostat switches the "
    "mist off when the room reaches the humidity you set, between 40 and 70 per cent. The unit "
    "turns itself off automatically when the tank runs dry and the red indicator lights up.",

    "3. Cleaning and maintenance\n"
    "Empty the tank every day, rinse it with clean water and let it dry before refilling. "
    "Once a week, descale the transducer and the base with a solution of one part white vinegar "
    "and three parts water; leave it for 20 minutes, then rinse thoroughly. Never scrape the "
    "transducer with a metal object.\n"
    "The demineralisation cartridge in the tank cap softens the water and prevents white dust. "
    "Replace it every 2 months, or after 250 litres of water, whichever comes first.\n"
    "Before storing the humidifier for the summer, clean and dry all parts and keep them in the "
    "original box.\n\n"
    "4. Safety instructions\n"
    "Always unplug the power adapter before cleaning or filling the tank. "
    "Place the humidifier on a flat, water-resistant surface at least 30 cm away from walls, "
    "furniture and electronic equipment. Do not add essential oils, fragrances or other "
    "additives to the water; they damage the tank and the transducer. Do not use the unit in "
    "rooms colder than 5 °C. Keep the humidifier out of the reach of children, and never cover "
    "the mist outlet.",
]

#: Values of each twin pressure washer; every other word of their manuals is the same.
TWIN_VALUES = {
    "HX-40": {"pressure": "130 bar", "flow": "420 litres per hour", "power": "1.8 kW",
              "hose": "6 m", "inlet_temp": "40 °C", "weight": "11.5 kg", "noise": "88 dB(A)",
              "cable": "1.5 mm²", "filter": "10 hours"},
    "HX-50": {"pressure": "150 bar", "flow": "500 litres per hour", "power": "2.3 kW",
              "hose": "8 m", "inlet_temp": "50 °C", "weight": "14 kg", "noise": "91 dB(A)",
              "cable": "2.5 mm²", "filter": "15 hours"},
}


def twin_pages(model: str) -> list[str]:
    v = TWIN_VALUES[model]
    return [
        f"HALVOR {model} ELECTRIC PRESSURE WASHER\nOperating manual\n\n"
        f"The Halvor {model} is an electric high-pressure cleaner for cars, patios, garden "
        "furniture and facades. It is intended for private use only.\n\n"
        "1. Technical data\n"
        f"Maximum pressure: {v['pressure']}\n"
        f"Maximum flow rate: {v['flow']}\n"
        f"Motor power: {v['power']}\n"
        "Mains supply: 230 V, 50 Hz\n"
        f"High-pressure hose length: {v['hose']}\n"
        f"Maximum inlet water temperature: {v['inlet_temp']}\n"
        f"Weight without accessories: {v['weight']}\n"
        f"Sound power level: {v['noise']}\n\n"
        "2. Accessories supplied\n"
        "Spray lance with adjustable fan nozzle, rotary dirt blaster, detergent bottle, "
        "quick-connect garden hose adapter.",

        f"3. Maintenance of the {model}\n"
        f"Clean the water inlet filter after every {v['filter']} of operation, or sooner when the "
        "water supply is sandy. Check the high-pressure hose for cuts and kinks before each use. "
        "The pump is sealed and filled with oil for life; it needs no oil change.\n"
        "In winter, run the machine for a few seconds without water to drain the pump, and store "
        "it in a room where the temperature stays above 0 °C.\n\n"
        "4. Safety\n"
        "Connect the machine only to a socket protected by a residual current device of 30 mA. "
        f"When an extension cable is needed, unroll it completely and use cores of at least "
        f"{v['cable']} cross-section. Never point the jet at people, animals, live electrical "
        "equipment or the machine itself. Wear safety goggles while working.",
    ]


# ---------------------------------------------------------------- libraries


@pytest.fixture(scope="module")
def inventory_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "inventory", lambda d: make_inventory(d / "lab-inventory.xlsx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def deck_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "deck", lambda d: make_deck(d / "pereezd-sklada.pptx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def manual_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "manual", lambda d: make_pdf(
        d / "nimbus-uh300-manual.pdf", HUMIDIFIER_PAGES, title="Nimbus UH-300 owner's manual"))
    yield lib
    lib.close()


def _make_twins(folder: Path) -> None:
    for model in TWIN_VALUES:
        make_pdf(folder / f"halvor-{model.lower()}-manual.pdf", twin_pages(model),
                 title=f"Halvor {model} operating manual")


@pytest.fixture(scope="module")
def twins_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "twins", _make_twins)
    yield lib
    lib.close()


# ---------------------------------------------------------------- questions

XLSX, PPTX = "lab-inventory.xlsx", "pereezd-sklada.pptx"
MANUAL = "nimbus-uh300-manual.pdf"
HX40, HX50 = "halvor-hx-40-manual.pdf", "halvor-hx-50-manual.pdf"


def xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


#: (library fixture, question, file of the first citation, its page (PDF) / slide (PPTX) /
#: None, words the first citation's quote must hold).
ANSWERABLE = [
    # 1. equipment inventory (XLSX)
    ("inventory_lib", "Where do we keep the thermal camera?", XLSX, None, "Store room C03"),
    ("inventory_lib", "Which laptop was given to Priya Raman?", XLSX, None, "ThinkPad T14"),
    ("inventory_lib", "When is the torque wrench next due for calibration?", XLSX, None, "2025-11-30"),
    ("inventory_lib", "What make and model is our multimeter?", XLSX, None, "87V"),
    ("inventory_lib", "Which instrument has missed its calibration date?", XLSX, None, "Spectrum analyser"),
    # 2. warehouse move status deck (PPTX, Russian)
    ("deck_lib", "Сколько доков для погрузки будет на новом складе?", PPTX, 3, "12 погрузочных доков"),
    ("deck_lib", "Когда заработает новый склад?", PPTX, 2, "1 декабря"),
    ("deck_lib", "Сколько денег уже потратили на переезд?", PPTX, 4, "14,2 млн"),
    ("deck_lib", "Когда водители погрузчиков сдают переаттестацию?", PPTX, 5, "17 ноября"),
    ("deck_lib", "Кто запасной поставщик стеллажей, если основной подведёт?", PPTX, 6, "СтеллажПром"),
    # 3. humidifier manual (PDF)
    ("manual_lib", "How much water does the tank hold?", MANUAL, 1, "3.2 litres"),
    ("manual_lib", "How long will the humidifier run on a full tank?", MANUAL, 1, "11 hours"),
    ("manual_lib", "How loud is the humidifier?", MANUAL, 1, "32 dB"),
    ("manual_lib", "How often do I need to change the demineralisation cartridge?", MANUAL, 2, "2 months"),
    ("manual_lib", "What should I descale the transducer with?", MANUAL, 2, "vinegar"),
    ("manual_lib", "How far from the wall should I put the humidifier?", MANUAL, 2, "30 cm"),
    # 4. twin pressure-washer manuals (PDF): the named model's manual, its value
    ("twins_lib", "What is the maximum pressure of the HX-50?", HX50, 1, "150 bar"),
    ("twins_lib", "What is the maximum pressure of the HX-40?", HX40, 1, "130 bar"),
    ("twins_lib", "How long is the high-pressure hose of the HX-40?", HX40, 1, "6 m"),
    ("twins_lib", "How long a hose comes with the HX-50?", HX50, 1, "8 m"),
    ("twins_lib", "How hot may the supply water be for the HX-50?", HX50, 1, "50 °C"),
    ("twins_lib", "How heavy is the HX-40?", HX40, 1, "11.5 kg"),
    # asked in Russian of an English manual, by another word than the manual's "Weight"
    ("twins_lib", "Какая масса у HX-50?", HX50, 1, "14 kg"),
    ("twins_lib", "What cable cross-section does an extension lead for the HX-40 need?", HX40, 2, "1.5 mm"),
    ("twins_lib", "How often should the inlet filter of the HX-50 be cleaned?", HX50, 2, "15 hours"),
]

#: (library fixture, question) whose answer the library does not hold.
NEAR_MISSES = [
    ("inventory_lib", "How much did the thermal camera cost?"),
    ("inventory_lib", "What equipment has been issued to Oleg Petrenko?"),
    ("inventory_lib", "What is the serial number of the oscilloscope?"),
    ("inventory_lib", "When does the warranty on the climate chamber run out?"),
    ("deck_lib", "Сколько стоит аренда нового склада в месяц?"),
    ("deck_lib", "Сколько парковочных мест на новой площадке?"),
    ("deck_lib", "Кто руководит проектом переезда?"),
    ("deck_lib", "Застрахован ли груз на время перевозки?"),
    ("manual_lib", "How long is the warranty on the humidifier?"),
    ("manual_lib", "How much does a replacement cartridge cost?"),
    ("manual_lib", "Can the humidifier be controlled from a smartphone app?"),
    ("manual_lib", "What is the tank capacity of the UH-500?"),
    ("twins_lib", "What is the maximum pressure of the HX-60?"),
    ("twins_lib", "How much does the HX-50 cost?"),
    ("twins_lib", "What is the warranty period of the HX-40?"),
]


def _case_id(case) -> str:
    return f"{case[0].removesuffix('_lib')}: {GLOSS.get(case[1], case[1])}"


def _params(cases, marks: dict[str, pytest.MarkDecorator]):
    return [pytest.param(*c, id=_case_id(c), marks=[marks[c[1]]] if c[1] in marks else [])
            for c in cases]


#: Natural questions the trained answer layer gets wrong today: question -> strict xfail.
ANSWERABLE_XFAIL: dict[str, pytest.MarkDecorator] = {
    "How long a hose comes with the HX-50?": xfail(
        "the first citation is on page 2 of the HX-50 manual; the hose length stands on page 1"),
    "Which instrument has missed its calibration date?": xfail(
        "answers with the oscilloscope's row (LAB-001, next calibration 2026-03-01), not the "
        "spectrum analyser's row marked 'Calibration overdue'"),
    "Сколько денег уже потратили на переезд?": xfail(
        "refused: the lexical gate finds none of 'денег, уже, потратили' in a passage, so the "
        "paraphrase never reaches 'Израсходовано на 10 октября: 14,2 млн руб.' (slide 4)"),
    "How long will the humidifier run on a full tank?": xfail(
        "first citation is 'The unit turns itself off automatically when the tank runs dry ...' "
        "(page 1), not 'Continuous operation on one tank: up to 11 hours'"),
}
NEAR_MISS_XFAIL: dict[str, pytest.MarkDecorator] = {
    "Кто руководит проектом переезда?": xfail(
        "answered with the risks slide ('Резервный поставщик стеллажей — компания «СтеллажПром»'): "
        "a company named for 'who', at a probability above the trained bar"),
}

#: English glosses of the Russian questions, used as their test ids.
GLOSS = {
    "Сколько доков для погрузки будет на новом складе?": "how many loading docks at the new warehouse",
    "Когда заработает новый склад?": "when does the new warehouse open",
    "Сколько денег уже потратили на переезд?": "how much has the move cost so far",
    "Когда водители погрузчиков сдают переаттестацию?": "when are forklift drivers recertified",
    "Кто запасной поставщик стеллажей, если основной подведёт?": "backup racking supplier",
    "Сколько стоит аренда нового склада в месяц?": "monthly rent of the new warehouse",
    "Сколько парковочных мест на новой площадке?": "parking spaces at the new site",
    "Кто руководит проектом переезда?": "who leads the move project",
    "Застрахован ли груз на время перевозки?": "is the cargo insured in transit",
    "Какая масса у HX-50?": "mass of the HX-50, asked in Russian",
}


# ---------------------------------------------------------------- tests


@pytest.mark.parametrize("lib_name, question, file, unit, value", _params(ANSWERABLE, ANSWERABLE_XFAIL))
def test_tiny_library_answers_from_the_right_file_and_page(request, lib_name, question, file, unit, value):
    """A question whose answer a tiny library holds is answered; its first citation is a
    verified quote from the right file (for twins: the manual of the model named), on the
    right PDF page or slide, and holds the value asked for."""
    ans = request.getfixturevalue(lib_name).ask(question)
    cits = ans.citations()
    first = cits[0] if cits else None
    summary = (ans.status, first and (first.file, first.page, first.address, first.quote))
    assert ans.status == "answered", summary
    assert first is not None and first.verified, summary
    assert first.file == file, summary
    if file.endswith(".pdf"):
        assert first.page == unit, summary
    elif file.endswith(".pptx"):
        assert first.address.slide == unit, summary
    else:
        assert first.address.kind == "sheet" and first.address.sheet == "Equipment", summary
    assert value in first.quote, summary


@pytest.mark.parametrize("question, column, value", [
    ("Which items are assigned to Lukas Meier?", 5, "Lukas Meier"),
    ("Which items are in Store room C03?", 4, "Store room C03"),
    ("Lukas Meier 负责哪些设备？", 5, "Lukas Meier"),
    ("Какие приборы хранятся в Store room C03?", 4, "Store room C03"),
])
def test_a_question_asking_for_several_rows_cites_each_and_no_other(inventory_lib, question, column, value):
    """A question a spreadsheet answers with several rows (every item with the value it
    names) cites each of them, not only the likeliest, and no row holding another value:
    each row is a record of its own, and rows covering less of the question are other items."""
    ans = inventory_lib.ask(question)
    cited = {c.address.range for c in ans.citations() if c.verified and c.address is not None}
    rows = {f"A{i}:I{i}" for i, row in enumerate(INVENTORY, 2) if row[column] == value}
    assert ans.status == "answered", ans.answer
    assert cited == rows, (cited, rows)


#: A short price list: its rows stand in one passage, two of them of one supplier.
PRICE_LIST = [("Model", "Product", "Price (EUR)", "In stock", "Supplier"),
              ("KT-100", "Air purifier", 1299, 35, "Eastfield"),
              ("KT-200", "Dehumidifier", 899, 12, "Eastfield"),
              ("KT-300", "Fan heater", 249, 80, "Southbay"),
              ("KT-400", "Oil radiator", 699, 64, "Northwind"),
              ("KT-500", "Ventilation unit", 5600, 7, "Northwind")]


def test_rows_of_one_passage_are_cited_apart(tmp_path_factory):
    """A short sheet's rows stand in one passage; a question answered by two of them cites
    both rows (each a record of its own), not the passage's likeliest row alone."""
    def make(d: Path) -> None:
        wb = openpyxl.Workbook()
        wb.active.title = "Prices"
        for row in PRICE_LIST:
            wb.active.append(row)
        wb.save(str(d / "prices.xlsx"))

    lib = spec_library(tmp_path_factory, "prices", make)
    try:
        ans = lib.ask("Which products does Northwind supply?")
        cited = {c.address.range for c in ans.citations() if c.verified and c.address is not None}
        assert ans.status == "answered", ans.answer
        assert cited == {"A5:E5", "A6:E6"}, cited
    finally:
        lib.close()


@pytest.mark.parametrize("lib_name, question", _params(NEAR_MISSES, NEAR_MISS_XFAIL))
def test_tiny_library_refuses_a_near_miss(request, lib_name, question):
    """A question whose answer a tiny library does not hold (a price, a warranty, a person
    or a model it never mentions) is refused, not answered from the nearest passage."""
    ans = request.getfixturevalue(lib_name).ask(question)
    cits = ans.citations()
    summary = (ans.status, ans.answer, cits[0].quote if cits else None)
    assert ans.status == "refused", summary
    assert not [c for c in cits if c.verified], summary


def test_twin_manuals_differ_only_in_their_values():
    """The twin manuals have the same layout: apart from the model name and the values of
    TWIN_VALUES their text is word for word the same (so only the model named tells them
    apart)."""
    def masked(model):
        text = "\n".join(twin_pages(model)).replace(model, "MODEL")
        for value in TWIN_VALUES[model].values():
            text = text.replace(value, "VALUE")
        return text

    assert masked("HX-40") == masked("HX-50")
    assert all(TWIN_VALUES["HX-40"][k] != TWIN_VALUES["HX-50"][k] for k in TWIN_VALUES["HX-40"])


def test_every_xfail_names_a_question_asked():
    """Each known failure is keyed by a question of the lists, so a mark cannot go stale
    silently when a question's wording changes."""
    assert set(ANSWERABLE_XFAIL) <= {c[1] for c in ANSWERABLE}
    assert set(NEAR_MISS_XFAIL) <= {c[1] for c in NEAR_MISSES}
    assert set(GLOSS) == {c[1] for c in ANSWERABLE + NEAR_MISSES if not c[1].isascii()}


def test_rows_holding_the_asked_value_alike_are_all_cited(tmp_path):
    """"Who works in Bristol?" over a staff list: both Bristol rows hold the question's words
    alike, so both are cited, though the model scores one under the refusal bar: that bar
    decides whether the question is answered, not which of its equal records are shown."""
    from docgen import make_sheet
    from pincite.config import Settings
    from pincite.library.facade import Library

    staff = [("Anna Petrova", "Finance", "2019-03-11", 2141, "Leeds"),
             ("Brian Okafor", "Engineering", "2015-07-01", 3307, "Manchester"),
             ("Chloe Martin", "Sales", "2021-11-22", 1520, "Bristol"),
             ("David Lindqvist", "Engineering", "2012-02-06", 3310, "Leeds"),
             ("Elena Suarez", "Human Resources", "2018-09-17", 1105, "York"),
             ("Farid Haddad", "Sales", "2023-01-09", 1534, "Bristol"),
             ("Grace Kim", "Finance", "2016-05-30", 2150, "Manchester"),
             ("Hugo Brandt", "Logistics", "2020-08-03", 4402, "Sheffield")]
    make_sheet(tmp_path / "staff.xlsx", "Employees", ("Name", "Department", "Start date", "Phone extension", "City"),
               staff)
    with Library(Settings(data_dir=tmp_path / "data")) as lib:
        lib.ingest([tmp_path / "staff.xlsx"])
        ans = lib.ask("Who works in Bristol?")
        assert ans.status == "answered", ans.answer
        cited = {n for n, *_ in staff if any(n in c.quote for c in ans.citations() if c.verified)}
        assert cited == {"Chloe Martin", "Farid Haddad"}, [c.quote for c in ans.citations()]
