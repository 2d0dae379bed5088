import { expect } from 'chai';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BBox, Word } from '../../../core/src/contracts/document.js';
import type { DocumentReader } from '../../../core/src/contracts/services.js';
import { createDocumentReader, documentText, groupWordsIntoLines } from '../../../core/src/document/index.js';
import { makeTextPdf, paragraph, type TextItem } from '../../support/fixtures.js';
import { silentLogger } from './helpers.js';

const word = (text: string, bbox: BBox): Word => ({ text, bbox, source: 'text', confidence: 1 });

describe('groupWordsIntoLines', () => {
  it('returns no lines for no words', () => {
    expect(groupWordsIntoLines([])).to.deep.equal([]);
  });

  it('orders rows top to bottom and words left to right, whatever the input order', () => {
    const words = [
      word('world', [0.2, 0.1, 0.3, 0.12]),
      word('second', [0.1, 0.2, 0.2, 0.22]),
      word('hello', [0.1, 0.1, 0.19, 0.12]),
      word('line', [0.21, 0.2, 0.26, 0.22]),
    ];
    expect(groupWordsIntoLines(words).map((line) => line.text)).to.deep.equal(['hello world', 'second line']);
  });

  it('keeps a slightly raised word (superscript, baseline jitter) on its row', () => {
    const words = [word('a', [0.1, 0.1, 0.12, 0.12]), word('b', [0.13, 0.105, 0.15, 0.125])];
    expect(groupWordsIntoLines(words).map((line) => line.text)).to.deep.equal(['a b']);
  });

  it('splits a row into separate lines at a wide gap, as between form cells', () => {
    const words = [
      word('INSURER', [0.5, 0.2, 0.55, 0.21]),
      word('PRODUCER', [0.05, 0.2, 0.1, 0.21]),
      word('A:', [0.552, 0.2, 0.56, 0.21]),
    ];
    const lines = groupWordsIntoLines(words);
    expect(lines.map((line) => line.text)).to.deep.equal(['PRODUCER', 'INSURER A:']);
    expect(lines[1].bbox).to.deep.equal([0.5, 0.2, 0.56, 0.21]);
  });
});

describe('column-aware reading order', () => {
  // Lines of five words 0.06 wide with 0.005 spaces, 0.01 high, rows 0.015 apart.
  const proseLine = (texts: string[], x: number, y: number): Word[] =>
    texts.map((text, index) => word(text, [x + index * 0.065, y, x + index * 0.065 + 0.06, y + 0.01]));

  it('cuts a row at a gutter narrower than the gap that splits form cells, left column first', () => {
    const left = ['one two three four five', 'six seven eight nine ten', 'eleven twelve thirteen fourteen fifteen'];
    const right = ['alpha beta gamma delta epsilon', 'zeta eta theta iota kappa', 'lambda mu nu xi omicron'];
    // The left column ends at 0.42; the right one starts 0.015 (1.5 word heights) further on.
    const words = [
      ...left.flatMap((line, row) => proseLine(line.split(' '), 0.1, 0.1 + row * 0.015)),
      ...right.flatMap((line, row) => proseLine(line.split(' '), 0.435, 0.1 + row * 0.015)),
    ];
    expect(groupWordsIntoLines(words).map((line) => line.text)).to.deep.equal([...left, ...right]);
  });

  it('keeps rows whole when one side of the gap holds numbers', () => {
    const words = [0, 1, 2, 3].flatMap((row) => [
      ...proseLine(['paint', 'walls', 'and', 'ceiling', 'twice'], 0.1, 0.1 + row * 0.015),
      ...proseLine(['120', 'SF', '2.50', '300.00', '0.00'], 0.435, 0.1 + row * 0.015),
    ]);
    const lines = groupWordsIntoLines(words).map((line) => line.text);
    expect(lines).to.deep.equal([0, 1, 2, 3].map(() => 'paint walls and ceiling twice 120 SF 2.50 300.00 0.00'));
  });
});

describe('column-aware reading order (text PDFs made by the fixtures)', () => {
  let reader: DocumentReader;
  before(() => {
    reader = createDocumentReader({ limits: { maxPages: 5, maxPixels: 100_000_000 }, ocr: { workers: 1 }, logger: silentLogger });
  });
  after(() => reader.close());

  const linesOf = async (items: TextItem[]): Promise<string[]> => (await reader.read(await makeTextPdf([items]))).pages[0].lines.map((line) => line.text);

  // Two columns of 10-pt prose with a 14-pt gutter, baselines on the same grid, so every row holds both columns.
  const LEFT = [
    'The committee met on the first',
    'of the month to review the plans',
    'for the new wing of the library',
    'and agreed on a budget for it.',
    'Work starts in the spring.',
  ];
  const RIGHT = [
    'Volunteers are needed for the',
    'book sale in the main hall, which',
    'raises money for the reading',
    'programme for children during',
    'the summer holidays.',
  ];
  const column = (lines: string[], x: number, top: number): TextItem[] => paragraph(lines, x, top).map((item) => ({ ...item, size: 10 }));
  let rightX = 0;
  before(async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    rightX = 72 + Math.max(...LEFT.map((line) => font.widthOfTextAtSize(line, 10))) + 14;
  });

  it('reads the left column to its end before the right column', async () => {
    const lines = await linesOf([...column(LEFT, 72, 100), ...column(RIGHT, rightX, 100)]);
    expect(lines).to.deep.equal([...LEFT, ...RIGHT]);
  });

  it('reads a full-width heading, then the left column, then the right column, then a full-width footer', async () => {
    const heading = { text: 'Parish newsletter for the spring quarter of the year, with news from all of the committees', x: 72, y: 72, size: 10 };
    const footer = { text: 'Printed by the parish office and delivered by the volunteers to every house in the village', x: 72, y: 220, size: 10 };
    const lines = await linesOf([heading, ...column(LEFT, 72, 100), ...column(RIGHT, rightX, 100), footer]);
    expect(lines).to.deep.equal([heading.text, ...LEFT, ...RIGHT, footer.text]);
  });

  it('reads a wide table row by row, each row\'s cells together', async () => {
    const rows = [
      ['Description', 'Qty', 'Unit', 'Price', 'Total'],
      ['Remove and replace drywall', '120', 'SF', '2.50', '300.00'],
      ['Paint walls and ceiling two coats', '240', 'SF', '1.10', '264.00'],
      ['Replace baseboard trim', '40', 'LF', '3.25', '130.00'],
      ['Haul debris to the dump', '1', 'EA', '95.00', '95.00'],
    ];
    const xs = [72, 300, 340, 380, 430];
    const items = rows.flatMap((cells, row) => cells.map((text, cell) => ({ text, x: xs[cell], y: 100 + row * 16, size: 10 })));
    const lines = await linesOf(items);
    expect(lines).to.deep.equal(rows.flat());
  });

  it('keeps each row of a tight table on one line, its numbers with it', async () => {
    const rows = [
      ['Plumbing', '120', 'SF', '2.50', '300.00'],
      ['Painting', '240', 'SF', '1.10', '264.00'],
      ['Flooring', '140', 'LF', '3.25', '455.00'],
      ['Cleaning', '180', 'SF', '0.75', '135.00'],
      ['Trimwork', '160', 'LF', '4.50', '720.00'],
    ];
    // Columns 6 pt apart, numbers right-aligned: every gap under the 2.5 row heights that split cells.
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = (text: string): number => font.widthOfTextAtSize(text, 10);
    const rights: number[] = [];
    for (let cell = 0; cell < rows[0].length; cell += 1) {
      rights.push((cell === 0 ? 72 : rights[cell - 1] + 6) + Math.max(...rows.map((cells) => width(cells[cell]))));
    }
    const x = (text: string, cell: number): number => (cell === 0 ? 72 : rights[cell] - width(text));
    const items = rows.flatMap((cells, row) => cells.map((text, cell) => ({ text, x: x(text, cell), y: 100 + row * 14, size: 10 })));
    expect(await linesOf(items)).to.deep.equal(rows.map((cells) => cells.join(' ')));
  });

  it('reads a form of labels and short values side by side row by row', async () => {
    const rows = [
      ['PRODUCER', 'CONTACT NAME: Jane Roe'],
      ['Acme Insurance Agency', 'PHONE: 555-0100'],
      ['12 Main Street', 'INSURER A: Granite Mutual'],
      ['Springfield, IL 62701', 'INSURER B: Harbor Casualty'],
      ['INSURED', 'INSURER C: Summit Re'],
    ];
    const items = rows.flatMap(([left, right], row) => [
      { text: left, x: 72, y: 100 + row * 14, size: 9 },
      { text: right, x: 320, y: 100 + row * 14, size: 9 },
    ]);
    expect(await linesOf(items)).to.deep.equal(rows.flat());
  });
});

describe('documentText', () => {
  it('joins lines with newlines and pages with a separator', () => {
    const page = (number: number, text: string) => {
      const lines = groupWordsIntoLines([word(text, [0.1, 0.1, 0.2, 0.12])]);
      return { number, width: 1, height: 1, rotation: 0, deskewAngle: 0, source: 'text' as const, words: lines[0].words, lines };
    };
    const text = documentText({ format: 'pdf', pageCount: 2, pages: [page(1, 'one'), page(2, 'two')], formFields: [], encrypted: false }, '|');
    expect(text).to.equal('one|two');
  });
});
