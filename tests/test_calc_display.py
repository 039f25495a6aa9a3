"""A calculation is written as its answer's language writes numbers and units: the shown
result, the substitution and the export's calculation row (answer.calc, "Display";
units.format_unit_in; library.export). Russian: a decimal comma and Russian unit symbols
("6,2 кВт"); English and Chinese: a decimal point and the international symbols ("6.2 kW").
The contract's machine fields (Calculation.result, .unit, CalcInput.value, .unit) are the
same in every language."""
from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest

from docgen import no_pincite_env, spec_library  # noqa: F401 (fixture)
from pincite.answer import units
from pincite.answer.calc import Input, convert, evaluate, number_shown
from pincite.answer.calculate import calculation_line
from pincite.answer.quantities import find_quantity
from pincite.answer.unitnames import UNIT_SYMBOLS
from pincite.library.export import evidence_cards, served_link

#: A specification table with one column per model and values written with decimal commas.
ROWS = [
    ("Параметр", "Вега-6", "Вега-9", "Вега-12"),
    ("Номинальная тепловая мощность, кВт", "6,2", "9,3", "12,4"),
    ("Потребляемая мощность, кВт", "1,5", "2,2", "3,0"),
    ("Масса, кг", "48,5", "55,0", "61,2"),
    ("Напряжение питания, В", "230", "230", "400"),
]


def _make_sheet(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Характеристики"
    for row in ROWS:  # the two models compared (a sheet's row is quoted by the columns named)
        ws.append([row[0], row[1], row[3]])
    wb.save(str(path))
    return path


def _make_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Технические характеристики тепловых насосов серии Вега", 1)
    d.add_paragraph("Настоящий документ описывает тепловые насосы моделей Вега-6, Вега-9 и Вега-12 "
                    "для отопления жилых домов.")
    d.add_paragraph("Наружный блок устанавливают на опоры высотой не менее 200 мм над уровнем снега.")
    t = d.add_table(rows=len(ROWS), cols=len(ROWS[0]))
    t.style = "Table Grid"
    for i, row in enumerate(ROWS):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.save(str(path))
    return path


@pytest.fixture(scope="module")
def sheet_lib(tmp_path_factory):
    lib = spec_library(tmp_path_factory, "vega-sheet", lambda d: _make_sheet(d / "vega-spec.xlsx"))
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def docx_lib(soffice, tmp_path_factory):
    lib = spec_library(tmp_path_factory, "vega-docx", lambda d: _make_docx(d / "vega-spec.docx"))
    yield lib
    lib.close()


POWER_RU = "На сколько тепловая мощность Вега-12 больше, чем у Вега-6?"


def _russian_power_answer(ans) -> None:
    c = ans.calculation
    assert ans.status == "answered" and c is not None and c.verified, (ans.status, ans.answer, ans.warnings)
    # shown in Russian: decimal comma, Russian unit symbols
    assert (c.shown, c.unit_shown, c.substitution) == ("6,2", "кВт", "12,4 кВт − 6,2 кВт"), c
    assert "Вега-12 − Вега-6 = 6,2 кВт (12,4 кВт − 6,2 кВт; вычислено pincite)" in ans.answer, ans.answer
    assert "6.2" not in ans.answer and "kW" not in ans.answer, ans.answer
    # the machine fields stay as code reads them
    assert (Decimal(c.result), c.unit) == (Decimal("6.2"), "kW"), c
    assert [(i.value, i.unit, i.text) for i in c.inputs] == [("12.4", "kW", "12,4"), ("6.2", "kW", "6,2")]


def test_a_russian_spreadsheet_comparison_is_written_in_russian(sheet_lib):
    _russian_power_answer(sheet_lib.ask(POWER_RU))


def test_a_russian_docx_comparison_is_written_in_russian(docx_lib):
    _russian_power_answer(docx_lib.ask(POWER_RU))


def test_the_russian_export_row_is_russian_and_not_in_quote_marks(sheet_lib):
    ans = sheet_lib.ask(POWER_RU)
    link = served_link("http://127.0.0.1:8000/")
    md = evidence_cards(ans, "md", link)
    row = next(line for line in md.splitlines() if "расчёт" in line)
    assert "| расчёт | 12,4 кВт − 6,2 кВт = 6,2 кВт | вычислено pincite: Вега-12 − Вега-6; округлено" in row, row
    assert "«" not in row and "computed by" not in md and "calculation" not in md, md
    # a quote of the document keeps its quote marks
    assert "| 1 | " in md and "«" in md.split("| 1 | ")[1].split("\n")[0], md
    rows = list(csv.DictReader(io.StringIO(evidence_cards(ans, "csv", link))))
    calc = [r for r in rows if r["claim"] == "расчёт"]
    assert [r["quote"] for r in calc] == ["12,4 кВт − 6,2 кВт = 6,2 кВт"], rows
    assert calc[0]["source"].startswith("вычислено pincite: Вега-12 − Вега-6; "), calc


@pytest.mark.parametrize("question, line", [
    ("How much heavier is the Вега-12 than the Вега-6?", "Вега-12 − Вега-6 = 12.7 kg (61.2 kg − 48.5 kg; "
                                                         "computed by pincite)"),
    ("Вега-12比Вега-6重多少？", "Вега-12 − Вега-6 = 12.7 kg (61.2 kg − 48.5 kg; 由 pincite 计算)"),
    ("На сколько масса Вега-12 больше, чем у Вега-6?",
     "Вега-12 − Вега-6 = 12,7 кг (61,2 кг − 48,5 кг; вычислено pincite)"),
])
def test_each_language_writes_the_same_comparison_its_own_way(sheet_lib, question, line):
    """The document writes "48,5" and "61,2": an English or Chinese answer writes the point
    and "kg", a Russian one the comma and "кг"; the result is the same number."""
    ans = sheet_lib.ask(question)
    c = ans.calculation
    assert c is not None and c.verified, (ans.status, ans.answer, ans.warnings)
    assert line in ans.answer, ans.answer
    assert (Decimal(c.result), c.unit) == (Decimal("12.7"), "kg")
    assert c.unit_shown == ("кг" if "кг" in line else "kg"), c  # what the web page writes after the value
    md = evidence_cards(ans, "md", lambda cit: "")
    assert ("| расчёт | 61,2 кг" if ans.language == "ru" else "| 计算 | 61.2 kg" if ans.language == "zh"
            else "| calculation | 61.2 kg") in md, md


@pytest.mark.parametrize("lang, substitution, shown, line", [
    ("en", "1.5 m3/day × 30 day", "45", "= 45 m3 (1.5 m3/day × 30 day; computed by pincite)"),
    ("ru", "1,5 м³/сут × 30 сут", "45", "= 45 м³ (1,5 м³/сут × 30 сут; вычислено pincite)"),
    ("zh", "1.5 m3/day × 30 day", "45", "= 45 m3 (1.5 m3/day × 30 day; 由 pincite 计算)"),
])
def test_an_evaluated_formula_is_written_in_the_callers_language(lang, substitution, shown, line):
    """evaluate (the LLM path's check_calculation uses it too) writes the substitution and
    the shown value in `lang`; value and unit are the same in every language."""
    from pincite.answer.calculate import _with_result
    from pincite.contract import Calculation

    rate = find_quantity("составляет 1,5 м³/сут", "1,5 м³/сут", "ru")
    days = find_quantity("составляет 30 сут", "30 сут", "ru")
    r = evaluate("rate * days", [Input("rate", rate), Input("days", days)], expected_unit="m3",
                 allow_literals=False, lang=lang)
    assert (r.substitution, r.shown, r.value, r.unit) == (substitution, shown, Decimal("45.0"), "m3")
    assert calculation_line(_with_result(Calculation(formula="rate * days"), r), lang) == line


def test_a_conversion_and_its_unit_table_are_written_in_russian():
    q = find_quantity("не более 1500 мм", "1500 мм", "ru")
    r = convert(q, "m", "ru")
    assert (r.shown, r.unit, r.value) == ("1,500", "m", Decimal("1.500"))
    assert r.substitution == "1500 мм × 1/1000 м/мм (таблица единиц: 1 мм = 0,001 м)", r.substitution
    en = convert(q, "m", "en")
    assert (en.shown, en.substitution) == ("1.500", "1500 mm × 1/1000 m/mm (unit table: 1 mm = 0.001 m)")


def test_number_shown_changes_only_the_separator():
    assert number_shown("1234.5670", "ru") == "1234,5670"
    assert number_shown("1234.5670", "en") == number_shown("1234.5670", "zh") == "1234.5670"
    assert number_shown("-0.05", "ru") == "-0,05" and number_shown("1/60", "ru") == "1/60"


def test_russian_unit_symbols_read_back_as_their_unit():
    """Each Russian symbol is a form the unit recognisers read as its atom (so an answer's
    unit is one pincite itself would read), but the gram's "г", which they leave unread."""
    wrong = {atom: symbol for atom, symbol in UNIT_SYMBOLS["ru"].items()
             if atom != "g" and units.parse_unit(symbol) != units.format_unit(((atom, 1),))}
    assert wrong == {}
    assert units.unit_shown("m3/day", "ru") == "м³/сут" and units.unit_shown("CNY/(kW·h)", "ru") == "CNY/(кВт·ч)"
    assert units.unit_shown("m3/day", "zh") == units.unit_shown("m3/day", "en") == "m3/day"
    assert units.unit_shown("not a unit", "ru") == "not a unit" and units.unit_shown(None, "ru") is None
