"""Build pincite's bundled demo library: three small equipment manuals as PDFs.

Usage: python demo/build_demo.py OUT_DIR

Writes px200_manual_en.pdf (6 pages, /PageLabels i, ii, 1-4 with matching
printed folios), nd40_manual_ru.pdf (5 pages) and kd5_manual_zh.pdf (4 pages).
Every fact is stated once, in one sentence, on a known physical page; the
questions and expected answers are in demo/expected.jsonl, checked by
demo/check_demo.py. Output is byte-for-byte deterministic (invariant=1).

Page content mini-markup: "= " title line, "# " heading, "| a | b" table row,
an empty string a small vertical gap, anything else a wrapped paragraph.
"""
import os
import re
import sys

from reportlab.lib.pagesizes import A5
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = '/usr/share/fonts/truetype/dejavu'
W, H = A5
MARGIN, SIZE, LEAD = 48, 10, 14.5

EN = [[
    '= PX-200 Hydraulic Press',
    '= Operator Manual, Rev. 3.0',
    'Document no. NMW-OM-0200-EN. Issued March 2024 by Norland Machine Works, Industrial Equipment Division.',
    'This manual applies to the PX-200 four-column hydraulic press with the standard frame and the PX-CTL2 control unit. Appendix A lists the values that differ for the PX-300 variant.',
    'Read this manual completely before installing, operating or servicing the press. Keep it near the machine and make it available to every operator and maintenance technician.',
    'Revision history: Rev. 3.0 (March 2024) adds the maintenance schedule in section 3 and Appendix A. Rev. 2.1 (June 2022) corrected the tightening torques of the cylinder mounting bolts.',
    'Translations of this manual are derived from the English original. In case of doubt, the English text prevails.',
    '© 2024 Norland Machine Works. All rights reserved. No part of this document may be reproduced without written permission.',
], [
    '# Contents',
    '| 1 Description and specifications | 1',
    '| 2 Installation and hydraulic fluid | 2',
    '| 3 Maintenance | 3',
    '| 4 Troubleshooting | 4',
    '| Appendix A. PX-300 variant | 4',
    '# Safety notices',
    'The press must only be operated by trained personnel wearing safety glasses and protective gloves. Never reach into the working area while the ram is moving, and never bypass the two-hand control or the light curtain.',
    'Before any maintenance work, switch off the main switch, lock it with a padlock and release the residual pressure by lowering the ram onto a support block.',
    '# Warranty',
    'The warranty period of the PX-200 is 24 months from the date of delivery. The warranty does not cover wear parts such as seals and filter elements, or damage caused by unsuitable hydraulic fluid.',
], [
    '# 1 Description and specifications',
    'The PX-200 is a four-column hydraulic press for straightening, pressing-in and light forming work. The frame is welded from structural steel plate and the ram is guided on four hardened columns.',
    'The rated pressure of the PX-200 is 25 MPa. At this pressure the cylinder delivers its nominal press force of 200 kN.',
    'The ram stroke is 300 mm and the daylight between the table and the ram is 550 mm. The table measures 600 × 400 mm and has two T-slots of 18 mm width.',
    'The press is driven by a 4 kW motor supplied with 400 V, 50 Hz, three-phase current. The fast approach speed is 40 mm/s and the pressing speed is 6 mm/s.',
    'The PX-200 weighs 850 kg without hydraulic oil. Its footprint is 1,100 × 800 mm and the overall height is 2,150 mm.',
    'The hydraulic power unit is mounted on top of the frame. It comprises the pump, the relief valve, the directional valves and the oil reservoir with level gauge and breather.',
    'Noise emission at the operator position does not exceed 72 dB(A).',
], [
    '# 2 Installation and hydraulic fluid',
    'Install the press on a level concrete floor and anchor the frame with four M16 bolts. Leave a free space of 800 mm behind the machine for servicing.',
    'The permissible ambient temperature during operation is +5 °C to +40 °C.',
    'The PX-200 hydraulic system must be filled with hydraulic oil of viscosity grade ISO VG 46. The reservoir holds 40 litres; fill it up to the upper mark of the sight glass.',
    'Do not mix oils from different manufacturers. Before the first start, bleed the cylinder by running five full strokes without load.',
    'The electrical connection must be made by a qualified electrician in accordance with the wiring diagram in the control cabinet.',
    'Check the direction of rotation of the motor: the arrow on the fan cover must match the rotation. Running the pump in the wrong direction for more than a few seconds damages it.',
], [
    '# 3 Maintenance',
    'Change the hydraulic oil of the PX-200 every 2,000 operating hours, or at least once a year if the press runs less. Drain the oil while it is warm and clean the reservoir before refilling.',
    'Replace the return-line filter element every 500 operating hours. A red indicator on the filter housing shows when the element is clogged earlier.',
    'Maintenance schedule:',
    '| Task | Interval',
    '| Check oil level | Daily, before start',
    '| Inspect hoses and fittings | Weekly',
    '| Lubricate guide columns | Every 100 h',
    '| Check safety devices | Monthly',
    '| Calibrate pressure gauge | Every 12 months',
    '',
    'Record every maintenance job in the machine log book with the date and the reading of the hour meter.',
], [
    '# 4 Troubleshooting',
    'If the ram does not reach full force, check the setting of the relief valve and the oil level. If the pump is noisy, check the suction line for air leaks and the oil for foaming.',
    'If the oil temperature exceeds 60 °C, stop the press and check the oil cooler and the oil grade. If the ram creeps down under load, the cylinder seals or the check valve are leaking.',
    '# Appendix A. PX-300 variant',
    'The PX-300 is built on a reinforced frame and shares most components with the PX-200. The following values differ.',
    'The rated pressure of the PX-300 is 32 MPa. The PX-300 hydraulic system uses hydraulic oil of viscosity grade ISO VG 68. Change the hydraulic oil of the PX-300 every 1,500 operating hours.',
    'All other instructions in this manual apply to both models unless stated otherwise.',
]]

RU = [[
    '= Насос НД-40',
    '= Руководство по эксплуатации',
    'НД-40.00.000 РЭ. Редакция 2, 2023 г.',
    'Настоящее руководство содержит сведения о конструкции, характеристиках и правилах эксплуатации насоса НД-40. Перед началом работы внимательно прочтите руководство и сохраните его на весь срок службы насоса.',
    '# 1 Назначение',
    'Насос НД-40 — шестерённый насос с электроприводом, предназначенный для подачи минерального масла в гидравлические системы станков, прессов и испытательных стендов.',
    'Насос рассчитан на эксплуатацию в закрытых помещениях при температуре окружающего воздуха от +5 до +40 °С и относительной влажности не более 80 %.',
    'Насос поставляется в сборе с баком, фильтрами, предохранительным клапаном и манометром. Изготовитель оставляет за собой право вносить в конструкцию изменения, не ухудшающие характеристики изделия.',
], [
    '# 2 Технические характеристики',
    'Номинальное давление насоса НД-40 составляет 1,6 МПа.',
    'Номинальная подача насоса — 40 л/мин при частоте вращения 1450 об/мин.',
    'Насос приводится электродвигателем мощностью 1,5 кВт, питание — трёхфазная сеть 380 В, 50 Гц.',
    'Масса насосного агрегата без масла — 38 кг. Габаритные размеры: 620 × 380 × 450 мм.',
    'Тонкость фильтрации всасывающего фильтра — 80 мкм, напорного фильтра — 25 мкм.',
    'Уровень звука на расстоянии 1 м от насоса не превышает 75 дБА.',
    'Рабочая жидкость — масло гидравлическое ВМГЗ или И-20А. Температура рабочей жидкости — от +10 до +55 °С.',
], [
    '# 3 Подготовка к работе',
    'Установите насос на ровное основание и закрепите его четырьмя болтами М10. Обеспечьте свободный доступ к заливной горловине, манометру и фильтрам.',
    'Ёмкость бака насоса составляет 12 л. Заливайте масло через заливной фильтр до верхней отметки маслоуказателя.',
    'Перед первым пуском проверьте направление вращения вала: оно должно совпадать со стрелкой на корпусе насоса. Кратковременно включите двигатель и убедитесь, что давление по манометру растёт.',
    'Запрещается включать насос без масла, а также при закрытом напорном кране — это приводит к перегреву и поломке шестерён.',
], [
    '# 4 Техническое обслуживание',
    'Ежедневно перед пуском проверяйте уровень масла и отсутствие течей в соединениях.',
    'Замену фильтров гидравлической системы проводите каждые 250 часов работы насоса.',
    'Масло в баке меняйте через каждые 1000 часов работы, но не реже одного раза в год. Сливайте масло через сливную пробку, пока оно ещё тёплое.',
    'При обслуживании осмотрите уплотнения и шланги, изношенные детали замените. После обслуживания запустите насос на холостом ходу на 2–3 минуты и проверьте отсутствие течей.',
    'Все работы по обслуживанию записывайте в журнал учёта с указанием даты и наработки насоса в часах.',
], [
    '# 5 Гарантийные обязательства',
    'Изготовитель гарантирует соответствие насоса требованиям технических условий при соблюдении правил транспортирования, хранения, монтажа и эксплуатации.',
    'Срок гарантии составляет 18 месяцев со дня продажи.',
    'Гарантия не распространяется на фильтрующие элементы и уплотнения, а также на неисправности, возникшие из-за применения загрязнённого масла.',
    '# 6 Свидетельство о приёмке',
    'Гарантийный ремонт выполняет изготовитель или его сервисный центр при предъявлении настоящего руководства с отметкой о дате продажи.',
    'Насос НД-40, заводской № ________, изготовлен и принят в соответствии с техническими условиями и признан годным к эксплуатации.',
    'Дата выпуска ____________   Штамп ОТК ____________',
]]

ZH = [[
    '= KD-5 型燃气热水器',
    '= 使用说明书',
    '感谢您选用本公司的 KD-5 型燃气热水器。安装和使用前，请仔细阅读本说明书，并妥善保管，以备日后查阅。',
    '# 安全注意事项',
    '本热水器只能使用铭牌上标明的燃气种类，不得改用其他燃气。',
    '热水器必须安装在通风良好的地方，严禁安装在卧室和浴室内。',
    '如闻到燃气气味，请立即关闭燃气阀门，打开门窗通风，不要开关电器或使用明火。',
    '本产品必须由具有资质的专业人员安装。使用时请勿将易燃物品放置在热水器附近。',
    '儿童及行为能力受限人员不得单独操作热水器。长期不用时，请关闭燃气阀门和进水阀门，并拔下电源插头。',
], [
    '# 技术参数',
    '本热水器适用于天然气（12T）。',
    '额定电压为220伏。',
    '最大功率为1.5千瓦。',
    '额定热负荷为20千瓦，额定产热水能力为每分钟10升（温升25℃）。',
    '适用水压范围为0.02至0.8兆帕。',
    '整机尺寸为高550毫米、宽330毫米、厚150毫米，净重为9公斤。',
    '排烟方式为强制排气式，排烟管直径为60毫米。',
    '进水口和出水口均为G1/2外螺纹接口，燃气接口为G1/2外螺纹接口。',
    '本热水器具有熄火保护、过热保护、防干烧和风压过大保护功能。',
], [
    '# 使用方法',
    '打开燃气阀门和进水阀门，接通电源。按下电源键，显示屏点亮。',
    '打开热水龙头，热水器自动点火，数秒后即可出热水。关闭热水龙头，热水器自动熄火。',
    '出水温度可用温度调节键调节，调节范围为35至65℃。首次使用或长期停用后，管道内可能有空气，点火可能需要数次。',
    '# 保养与维护',
    '燃烧器应每半年请专业人员清洁一次。',
    '冬季气温低于0℃时，停用后应排空热水器内的存水，以防冻裂。',
    '清洁外壳时请先断开电源，用软布擦拭，不得用水直接冲洗。',
], [
    '# 保修说明',
    '本产品的保修期为两年，自购买之日起计算。',
    '保修期内，在正常使用情况下因产品质量原因造成的故障，凭保修卡和购机发票免费维修。',
    '以下情况不属于免费保修范围：未按说明书要求安装或使用造成的损坏；自行拆修或改装造成的损坏；因燃气、水质或电源异常造成的损坏。',
    '# 常见故障及排除',
    '不点火：检查燃气阀门是否打开，电源插头是否插好，水压是否过低。',
    '水温不够热：检查燃气压力是否过低，或将温度调高。',
    '如经上述处理仍不能排除故障，请联系本公司售后服务中心。',
]]

# file name -> (pages, title, running header, folio format, page labels or None, cjk)
DOCS = {
    'px200_manual_en.pdf': (EN, 'PX-200 Hydraulic Press — Operator Manual, Rev. 3.0',
                            'PX-200 Operator Manual · Rev. 3.0', '{}', ['i', 'ii', '1', '2', '3', '4'], False),
    'nd40_manual_ru.pdf': (RU, 'Насос НД-40. Руководство по эксплуатации',
                           'НД-40.00.000 РЭ', '— {} —', None, False),
    'kd5_manual_zh.pdf': (ZH, 'KD-5 型燃气热水器 使用说明书', 'KD-5 型燃气热水器 使用说明书', '第 {} 页', None, True),
}
CJK_NO_START = '，。、；：！？）'


def wrap(text, font, size, width, cjk):
    """Greedy line breaking; CJK breaks between characters, keeping ASCII runs whole."""
    tokens = re.findall(r'[!-~]+ ?|.', text) if cjk else re.findall(r'\S+\s*', text)
    lines, cur = [], ''
    for tok in tokens:
        if cur and pdfmetrics.stringWidth((cur + tok).rstrip(), font, size) > width \
                and not (cjk and tok in CJK_NO_START):
            lines.append(cur.rstrip())
            cur = ''
        cur += tok
    return lines + [cur.rstrip()]


def build(path, pages, title, header, folio, labels, cjk):
    regular, bold = ('STSong-Light', 'STSong-Light') if cjk else ('DejaVuSans', 'DejaVuSans-Bold')
    c = Canvas(path, pagesize=A5, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor('pincite demo')
    if labels:  # physical pages 1-2 are i, ii; page 3 restarts arabic numbering at 1
        c.addPageLabel(0, 'ROMAN_LOWER')
        c.addPageLabel(2, 'ARABIC', 1)
    width = W - 2 * MARGIN
    for n, blocks in enumerate(pages, 1):
        if n > 1:
            c.setFont(regular, 8)
            c.drawString(MARGIN, H - 30, header)
        y = H - MARGIN - 6
        for block in blocks:
            if block.startswith('= '):
                y -= 8
                c.setFont(bold, 16)
                c.drawString(MARGIN, y, block[2:])
                y -= 26
            elif block.startswith('# '):
                y -= 4
                c.setFont(bold, 12)
                c.drawString(MARGIN, y, block[2:])
                y -= LEAD + 4
            elif not block:  # spacer
                y -= 5
            elif block.startswith('| '):
                cells = block[2:].split(' | ')
                c.setFont(regular, SIZE)
                c.drawString(MARGIN + 8, y, cells[0])
                if cells[1].isdigit():  # table of contents: folio flush right
                    c.drawRightString(MARGIN + width, y, cells[1])
                else:
                    c.drawString(MARGIN + width * 0.55, y, cells[1])
                y -= LEAD
            else:
                for line in wrap(block, regular, SIZE, width, cjk):
                    c.setFont(regular, SIZE)
                    c.drawString(MARGIN, y, line)
                    y -= LEAD
                y -= 5
        if y < 40:
            raise SystemExit('%s: page %d overflows' % (path, n))
        c.setFont(regular, 9)
        c.drawCentredString(W / 2, 26, folio.format(labels[n - 1] if labels else n))
        c.showPage()
    c.save()


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    for name in ('DejaVuSans', 'DejaVuSans-Bold'):
        ttf = os.path.join(FONT_DIR, name + '.ttf')
        if not os.path.exists(ttf):
            sys.stderr.write('DejaVu fonts not found: install the Debian package fonts-dejavu-core\n')
            sys.exit(2)
        pdfmetrics.registerFont(TTFont(name, ttf))
    pdfmetrics.registerFont(UnicodeCIDFont('STSong-Light'))
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, spec in DOCS.items():
        build(os.path.join(sys.argv[1], name), *spec)


if __name__ == '__main__':
    main()
