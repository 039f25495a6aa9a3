"""Check the demo library against demo/expected.jsonl with pypdfium2.

Usage: python demo/check_demo.py [OUT_DIR]
Without OUT_DIR it builds the PDFs twice into temporary folders and also checks
that the build is byte-for-byte deterministic. Checks: each fact quote occurs in
the PDFium text of its listed page and of no other page (whitespace runs collapsed
to one space; for Chinese all spaces removed); printed_pages equals
pdf.get_page_label() and the printed footer folio; refusals carry no answer, and
their topic word (price) appears in no document; questions.txt lists the same
questions. Exit status 1 on any failure.
"""
import filecmp
import json
import os
import re
import subprocess
import sys
import tempfile

import pypdfium2 as pdfium

HERE = os.path.dirname(os.path.abspath(__file__))
ABSENT = {'en': ['price', 'cost'], 'ru': ['цена', 'стоимост', 'руб'], 'zh': ['价格', '售价', '元']}


def norm(text, lang):
    text = re.sub(r'\s+', ' ', text).strip()
    return text.replace(' ', '') if lang == 'zh' else text


def check(out):
    errors = []
    rows = [json.loads(line) for line in open(os.path.join(HERE, 'expected.jsonl'), encoding='utf-8')]
    listed = [tuple(line.rstrip('\n').split('\t')) for line in open(os.path.join(HERE, 'questions.txt'), encoding='utf-8')]
    if listed != [(q['lang'], q['question']) for q in rows]:
        errors.append('questions.txt differs from expected.jsonl')
    texts, labels = {}, {}
    for doc in sorted({q['doc'] for q in rows}):
        pdf = pdfium.PdfDocument(os.path.join(out, doc))
        texts[doc] = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        labels[doc] = [pdf.get_page_label(i) for i in range(len(pdf))]
        for i, (label, text) in enumerate(zip(labels[doc], texts[doc]), 1):
            folio = re.findall(r'[0-9]+|[ivxlc]+', text.splitlines()[-1])[-1]  # footer: last line
            if folio != (label or str(i)):
                errors.append('%s p%d: folio %r, label %r' % (doc, i, folio, label))
    for q in rows:
        doc, lang = q['doc'], q['lang']
        if q['kind'] == 'refusal':
            if q['answer'] is not None or q['pages'] or q['quote'] is not None:
                errors.append(q['id'] + ': refusal with an answer')
            for word in ABSENT[lang]:
                if any(word in t.lower() for t in texts[doc]):
                    errors.append('%s: %r occurs in %s' % (q['id'], word, doc))
            continue
        quote = norm(q['quote'], lang)
        found = [i for i, t in enumerate(texts[doc], 1) if quote in norm(t, lang)]
        if found != q['pages']:
            errors.append('%s: quote found on pages %s, expected %s' % (q['id'], found, q['pages']))
        printed = [labels[doc][p - 1] for p in q['pages']]
        want = None if printed == [str(p) for p in q['pages']] or not any(printed) else printed
        if q['printed_pages'] != want:
            errors.append('%s: printed_pages %s, labels say %s' % (q['id'], q['printed_pages'], want))
    for e in errors:
        print('FAIL', e)
    print('%d questions, %d failures' % (len(rows), len(errors)))
    return not errors


def main():
    if len(sys.argv) > 1:
        sys.exit(0 if check(sys.argv[1]) else 1)
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        for d in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, 'build_demo.py'), d], check=True)
        names = sorted(os.listdir(a))
        same = filecmp.cmpfiles(a, b, names, shallow=False)[0] == names
        print('deterministic build:', same)
        sys.exit(0 if check(a) and same else 1)


if __name__ == '__main__':
    main()
