import { expect } from 'chai';
import type { Page, Word } from '../../../core/src/contracts/document.js';
import { buildRows, cellsOf, groupWordsIntoRows, isTitleLike, pageRows, rowGap, splitGluedLabel, startsCell, textOf, type LayoutRow } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { page, rowsOf, word } from './helpers.js';

const texts = (rows: LayoutRow[]): string[] => rows.map((row) => row.text);
const cellTexts = (row: LayoutRow): string[] => cellsOf(row).map((cell) => textOf(cell));

/** A page of 66 rows: the lines given at the top, then `footer` on the last row (in the bottom margin). */
const withFooter = (footer: string, ...lines: string[]): string => [...lines, ...Array<string>(65 - lines.length).fill(''), footer].join('\n');

function pageOf(words: Word[]): Page {
  return { number: 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source: 'text', words, lines: [] };
}

describe('core layout: rows', () => {
  describe('dot leaders', () => {
    it('drops a run of spaced leader dots so a label and its amount are two cells', () => {
      const [row] = rowsOf('Closet shelving . . . . . . . . . . . . $603.00');
      expect(row.text).to.equal('Closet shelving $603.00');
      expect(cellTexts(row)).to.deep.equal(['Closet shelving', '$603.00']);
    });

    it('cuts dots glued to the end or the start of a word and shrinks the word box to what is left', () => {
      const [glued, both] = rowsOf(page('Caulk poly......                 $12.50', 'Shelving.......  ......$603.00'));
      expect(glued.words.map((entry) => entry.text)).to.deep.equal(['Caulk', 'poly', '$12.50']);
      expect(cellTexts(glued)).to.deep.equal(['Caulk poly', '$12.50']);
      // "poly" keeps the width of its four letters, not of the ten characters printed.
      const poly = glued.words[1];
      expect(poly.bbox[2] - poly.bbox[0]).to.be.closeTo(0.04, 1e-9);
      expect(both.words.map((entry) => entry.text)).to.deep.equal(['Shelving', '$603.00']);
    });

    it('keeps one or two dots, which are no leader', () => {
      const [row] = rowsOf('Hinge . . 2');
      expect(row.text).to.equal('Hinge . . 2');
    });
  });

  describe('page numbers', () => {
    it('drops "Page 1 of 3" from a row and a row that holds only a page number', () => {
      const rows = rowsOf(page('Cabinets                      Page 1 of 3', '- 3 -', 'Seite 2 von 3', 'Cut to 7/16 in.'));
      expect(texts(rows)).to.deep.equal(['Cabinets', 'Cut to 7/16 in.']);
    });

    it('drops a bare "2/3" only in the page margins, where it cannot be a fraction', () => {
      const rows = rowsOf(['1/3', 'Body text', ...Array<string>(10).fill(''), 'Trim 3/4', '2/3', ...Array<string>(50).fill(''), '3/3'].join('\n'));
      expect(texts(rows)).to.deep.equal(['Body text', 'Trim 3/4', '2/3']);
    });

    it('drops "Page of 3" whose own digit OCR lost in the page margins only', () => {
      const rows = rowsOf(['Harbor Remodeling Co.            Page of 3', ...Array<string>(30).fill(''), 'Body text: see page of 3 binders', ...Array<string>(30).fill(''), 'Estimate 4543                    Page of 3'].join('\n'));
      expect(texts(rows)).to.deep.equal(['Harbor Remodeling Co.', 'Body text: see page of 3 binders', 'Estimate 4543']);
    });

    it('keeps page numbers when asked to', () => {
      const rows = buildRows(documentFromText('Cabinets                      Page 1 of 3'), { dropPageNumbers: false });
      expect(texts(rows)).to.deep.equal(['Cabinets Page 1 of 3']);
    });
  });

  it('drops rows of typed rule characters, and keeps short runs and words beside them', () => {
    const rows = rowsOf(page('Description', '--------   --------', '========', '____________', '~~~~~', 'Item --', '--'));
    expect(texts(rows)).to.deep.equal(['Description', 'Item --', '--']);
  });

  it('drops a rule of small underscore glyphs under a text row and keeps the rows apart', () => {
    const text = [word('Signature', [0.1, 0.3, 0.2, 0.312]), word('Date', [0.5, 0.3, 0.55, 0.312])];
    // Underscores sit low and are short: a ruled line for the signature, printed as glyphs.
    const rule = [0.1, 0.2, 0.3, 0.4].map((x) => word('_____', [x, 0.3135, x + 0.09, 0.3155]));
    const next = [word('Printed', [0.1, 0.33, 0.18, 0.342])];
    const rows = pageRows(pageOf([...text, ...rule, ...next]));
    expect(texts(rows)).to.deep.equal(['Signature Date', 'Printed']);
  });

  describe('glued labels', () => {
    it('splits "Label:value" words at the colon into two words that share the box', () => {
      const rows = rowsOf(page('Email:jo@x.com     NUMBER:CL2517', 'Total:$5.00'));
      expect(rows[0].words.map((entry) => entry.text)).to.deep.equal(['Email:', 'jo@x.com', 'NUMBER:', 'CL2517']);
      expect(rows[1].words.map((entry) => entry.text)).to.deep.equal(['Total:', '$5.00']);
      const [label, value] = splitGluedLabel(word('Email:jo@x.com', [0, 0.1, 0.14, 0.11]));
      expect(label.bbox[0]).to.equal(0);
      expect(label.bbox[2]).to.be.closeTo(0.06, 1e-9);
      expect(value.bbox[0]).to.be.closeTo(0.06, 1e-9);
      expect(value.bbox[2]).to.equal(0.14);
    });

    it('leaves times, web addresses and numbers with colons whole', () => {
      const rows = rowsOf(page('At 12:30 pm', 'See http://x.com', 'Ratio 3:5'));
      expect(rows.map((row) => row.words.length)).to.deep.equal([3, 2, 2]);
    });

    it('leaves glued labels whole when asked to', () => {
      expect(texts(buildRows(documentFromText('Email:jo@x.com'), { splitGluedLabels: false }))).to.deep.equal(['Email:jo@x.com']);
    });
  });

  describe('running headers and footers', () => {
    const pages = (count: number): string[] =>
      Array.from({ length: count }, (_, index) =>
        withFooter(`Printed 03/0${index + 1}/2026`, 'ACME BUILDERS LLC                         Estimate E-100', ...Array<string>(10).fill(''), `Work on floor ${index + 1}`),
      );

    it('marks text printed at the same place in the margins of every page as furniture, digits aside', () => {
      const rows = rowsOf(pages(3));
      expect(rows.filter((row) => row.furniture).map((row) => `${row.page}:${row.text}`)).to.deep.equal([
        '1:ACME BUILDERS LLC Estimate E-100',
        '1:Printed 03/01/2026',
        '2:ACME BUILDERS LLC Estimate E-100',
        '2:Printed 03/02/2026',
        '3:ACME BUILDERS LLC Estimate E-100',
        '3:Printed 03/03/2026',
      ]);
      expect(rows.filter((row) => !row.furniture).map((row) => row.text)).to.deep.equal(['Work on floor 1', 'Work on floor 2', 'Work on floor 3']);
    });

    it('marks nothing on a single page, and no text away from the margins', () => {
      expect(rowsOf(pages(1)).some((row) => row.furniture)).to.equal(false);
      const rows = rowsOf([page('Intro', ...Array<string>(20).fill(''), 'Same line in the middle'), page('Other', ...Array<string>(20).fill(''), 'Same line in the middle')]);
      expect(rows.some((row) => row.furniture)).to.equal(false);
    });
  });

  it('numbers rows in document order across pages', () => {
    const rows = rowsOf([page('one', 'two'), page('three')]);
    expect(rows.map((row) => [row.index, row.page, row.text])).to.deep.equal([
      [0, 1, 'one'],
      [1, 1, 'two'],
      [2, 2, 'three'],
    ]);
  });

  describe('OCR words', () => {
    it('strips table rulings read as bars and brackets, and a speck read as an opening quote', () => {
      const rows = rowsOf(page('|Drywall        $1,285.00]', '‘Sacramento, CA', '“Quoted” text'), { source: 'ocr' });
      expect(texts(rows)).to.deep.equal(['Drywall $1,285.00', 'Sacramento, CA', '“Quoted” text']);
    });

    it('cuts a word at a typed column rule OCR glued inside it, and drops a typed rule read as one letter over and over', () => {
      const rows = rowsOf(page('Vinyl window     7|EA     2,562.00', 'SSSSSSSS   SSSSSSSS', 'Boss 4 SS'), { source: 'ocr' });
      expect(texts(rows)).to.deep.equal(['Vinyl window 7 EA 2,562.00', 'Boss 4 SS']);
      expect(rows[0].words.map((found) => found.text)).to.include.members(['7', 'EA']);
    });

    it('reads a colon OCR misread after a dot leader glued to its label ("Borrower......!")', () => {
      expect(texts(rowsOf(page('Borrower......!  Dana Q. Friedman', 'Inspected.....;  02/06/2025', 'Lender......¦  First Bank'), { source: 'ocr' }))).to.deep.equal([
        'Borrower......: Dana Q. Friedman',
        'Inspected.....: 02/06/2025',
        'Lender......: First Bank',
      ]);
    });

    it('keeps text-layer words as printed', () => {
      expect(texts(rowsOf('|Drywall        $1,285.00]'))).to.deep.equal(['|Drywall $1,285.00]']);
    });
  });

  it('groups words that overlap vertically by half their height into one row, left to right', () => {
    const words = [
      word('right', [0.6, 0.104, 0.7, 0.116]),
      word('left', [0.1, 0.1, 0.2, 0.112]),
      word('below', [0.1, 0.12, 0.2, 0.132]),
    ];
    const groups = groupWordsIntoRows(words).map((group) => group.map((entry) => entry.text).sort());
    expect(groups).to.deep.equal([['left', 'right'], ['below']]);
    expect(texts(pageRows(pageOf(words)))).to.deep.equal(['left right', 'below']);
  });

  describe('cells', () => {
    it('cuts a monospace row into cells at gaps wider than its word spacing', () => {
      const rows = rowsOf(page('Drywall patch and paint   10   SF   40.00', 'Paint walls two coats    200   SF  300.00', 'Trim and baseboard         30   LF   60.00'));
      expect(cellTexts(rows[0])).to.deep.equal(['Drywall patch and paint', '10', 'SF', '40.00']);
      expect(startsCell(rows[0], 1)).to.equal(false);
      expect(startsCell(rows[0], 4)).to.equal(true);
    });

    it('measures a row set in wider type than the page by its own word spacing', () => {
      // Proportional rows space words 0.3 row heights apart; a typewriter row 1.0, with a cell gap of 6 before the address.
      const line = (y: number, texts: string[], gaps: number[]): Word[] => {
        let x = 0.05;
        return texts.map((text, index) => {
          x += index === 0 ? 0 : gaps[index - 1];
          const entry = word(text, [x, y, x + 0.05, y + 0.01]);
          x += 0.05;
          return entry;
        });
      };
      const narrow = [0.004, 0.004, 0.004, 0.004];
      const words = [
        ...line(0.1, ['Jennifer', 'Chaudhry', 'and', 'Priya', 'Chaudhry', '5543', 'Orchard', 'Pl'], [0.0135, 0.013, 0.0135, 0.013, 0.08, 0.0135, 0.013]),
        ...[0.2, 0.22, 0.24, 0.26].flatMap((y) => line(y, ['Remove', 'carpet', 'and', 'pad', 'today'], narrow)),
      ];
      const document = { pages: [{ number: 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source: 'text', words, lines: [] } as Page], formFields: [] };
      const [wide, proportional] = buildRows(document as never);
      // Cut at the narrowest cell gap the header-block readers use (0.95 row heights).
      const cells = (row: LayoutRow): string[] => cellsOf(row, 0.95).map((cell) => textOf(cell));
      expect(cells(wide)).to.deep.equal(['Jennifer Chaudhry and Priya Chaudhry', '5543 Orchard Pl']);
      expect(cells(proportional)).to.deep.equal(['Remove carpet and pad today']);
    });

    it('keeps words typed one space apart in monospace together on a row too short to show its spacing', () => {
      // Courier typed in a form's box: each character advances 0.012, a space as wide, wider than the cell gap for the row's height.
      const advance = 0.012;
      const typed = (y: number, texts: string[], cellAt: number, cell: string): Word[] => {
        let x = 0.05;
        const words = texts.map((text) => {
          const entry = word(text, [x, y, x + text.length * advance - 0.002, y + 0.01]);
          x += (text.length + 1) * advance;
          return entry;
        });
        return [...words, word(cell, [cellAt, y, cellAt + cell.length * advance, y + 0.01])];
      };
      const narrow = (y: number): Word[] => ['Remove', 'carpet', 'and', 'pad', 'today'].map((text, index) => word(text, [0.05 + index * 0.054, y, 0.1 + index * 0.054, y + 0.01]));
      const words = [...typed(0.1, ['Wendy', 'N.', 'Anderson'], 0.6, '4978554668'), ...typed(0.12, ['W10', 'W11', 'W12'], 0.6, '12'), ...[0.2, 0.22, 0.24].flatMap(narrow)];
      const document = { pages: [{ number: 1, width: 612, height: 792, rotation: 0, deskewAngle: 0, source: 'text', words, lines: [] } as Page], formFields: [] };
      const [name, weeks] = buildRows(document as never);
      const cells = (row: LayoutRow): string[] => cellsOf(row, 0.95).map((cell) => textOf(cell));
      expect(cells(name)).to.deep.equal(['Wendy N. Anderson', '4978554668']);
      // Column headers at an even pitch are cells however close.
      expect(cells(weeks)).to.deep.equal(['W10', 'W11', 'W12', '12']);
    });

    it('measures the gap between rows in row heights', () => {
      const [first, second, third] = rowsOf(page('one', 'two', '', 'three'));
      expect(rowGap(first, second)).to.be.closeTo(0.25, 1e-6);
      expect(rowGap(second, third)).to.be.closeTo(1.5, 1e-6);
    });
  });

  it('takes no line with a rate for a title: "GENERAL REQUIREMENTS 5%" labels a markup', () => {
    const title = (text: string): boolean => isTitleLike(rowsOf(text)[0].words);
    expect(title('GENERAL REQUIREMENTS')).to.equal(true);
    expect(title('GENERAL REQUIREMENTS 5%')).to.equal(false);
    expect(title('Baustellengemeinkosten 5 %')).to.equal(false);
  });
});
