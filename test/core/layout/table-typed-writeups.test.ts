import { expect } from 'chai';
import { buildRows, parseAmount, parseUnit, readTables, spelledUnitCode } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { cellOf, DOT, fixed, page, read, tablesOf } from './helpers.js';

/** A consultant's typed write-up: numbered items, the unit in lower case with full stops, each section's total on its heading row. */
const writeup = fixed(5, 52, -6, -6, -11, -11, -11);
const WRITEUP_HEADER = writeup('No.', 'Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total');
/** A heading row: the title, a dot leader and the section's total right-aligned under the Total column. */
const headingRow = (title: string, total: string): string => `${title} ${'.'.repeat(WRITEUP_HEADER.length - title.length - total.length - 2)} ${total}`;

/** A typed proposal: a unit price between the unit and the amount. */
const proposal = fixed(6, 46, -6, -6, -12, -14);
const PROPOSAL_HEADER = proposal('ITEM', 'DESCRIPTION', 'QTY', 'UNIT', 'UNIT PRICE', 'AMOUNT');

describe('core layout: typed write-ups and proposals', () => {
  it('reads a heading set out over the item-number column with its section’s total ("MASONRY ..... 8,278.37") as the section’s heading', () => {
    const { tables } = tablesOf(
      page(
        WRITEUP_HEADER,
        headingRow('MASONRY', '3,780.00'),
        writeup('1.', 'Rebuild chimney above roofline', '1', 'l.s.', '990.00', '2,510.00', '3,500.00'),
        writeup('2.', 'Parge exterior foundation wall', '20', 's.f.', '80.00', '200.00', '280.00'),
        headingRow('BEDROOM 2', '1,348.00'),
        writeup('3.', 'Ceiling fan with light kit', '4', 'ea.', '736.00', '612.00', '1,348.00'),
      ),
    );
    const [table] = tables;
    expect(table.entries.map((entry) => entry.kind)).to.deep.equal(['heading', 'item', 'item', 'heading', 'item']);
    expect(table.entries[3].label.map((word) => word.text).slice(0, 2)).to.deep.equal(['BEDROOM', '2']);
  });

  it('reads a unit in lower case with full stops ("l.f.", "s. f.", "c.y.") into the unit column, not the description', () => {
    const { tables } = tablesOf(
      page(
        WRITEUP_HEADER,
        writeup('1.', 'MDF baseboard, installed and painted', '260', 'l.f.', '434.20', '665.60', '1,099.80'),
        writeup('2.', 'Remove damaged plaster ceiling', '396', 's. f.', '0.00', '906.84', '906.84'),
        writeup('3.', 'Pour new concrete steps', '2', 'c.y.', '388.00', '496.00', '884.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => [cellOf(entry, 'description'), cellOf(entry, 'quantity'), cellOf(entry, 'unit')])).to.deep.equal([
      ['MDF baseboard, installed and painted', '260', 'l.f.'],
      ['Remove damaged plaster ceiling', '396', 's. f.'],
      ['Pour new concrete steps', '2', 'c.y.'],
    ]);
  });

  it('reads a note between the items ("NOTE: …") as no item and no line of the description above it', () => {
    const { tables } = tablesOf(
      page(
        WRITEUP_HEADER,
        writeup('1.', 'Vinyl double-hung replacement window,', '6', 'ea.', '2,304.00', '1,140.00', '3,444.00'),
        writeup('', 'with interior trim'),
        writeup('', 'NOTE: Lead-safe work practices apply.'),
        writeup('2.', 'Skim coat cracked plaster walls', '553', 's.f.', '193.55', '951.16', '1,144.71'),
        writeup('', 'Note: verify framing when opened up and'),
        writeup('', 'patch to match'),
        writeup('3.', 'Prime and paint walls', '1,722', 's.f.', '706.02', '2,255.82', '2,961.84'),
      ),
    );
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${cellOf(entry, 'description')}`)).to.deep.equal([
      'item: Vinyl double-hung replacement window, with interior trim',
      'item: Skim coat cracked plaster walls',
      'item: Prime and paint walls',
    ]);
  });

  it('reads who does the work ("Subcontractor: …", "Nachunternehmer: …") under a heading as a note, no heading of its own', () => {
    const { tables } = tablesOf(
      page(
        WRITEUP_HEADER,
        writeup('', 'CONCRETE'),
        writeup('', 'Subcontractor: Old Town Home Improvement'),
        writeup('1.', 'Replace cracked basement floor slab', '130', 's.f.', '0.00', '1,917.57', '1,917.57'),
        writeup('', 'MASONRY'),
        writeup('', 'Nachunternehmer: Bau Meyer'),
        writeup('2.', 'Repoint brick foundation walls', '236', 's.f.', '0.00', '2,950.00', '2,950.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${entry.kind === 'heading' ? entry.label.map((word) => word.text).join(' ') : cellOf(entry, 'description')}`)).to.deep.equal([
      'heading: CONCRETE',
      'item: Replace cracked basement floor slab',
      'heading: MASONRY',
      'item: Repoint brick foundation walls',
    ]);
  });

  it('reads who does the work as the heading of the items it opens, first in the table or after a subtotal, in every lexicon language', () => {
    const { tables } = tablesOf(
      page(
        WRITEUP_HEADER,
        writeup('', 'Subcontractor: Old Town Plumbing'),
        writeup('1.', 'Replace water heater', '1', 'ea.', '900.00', '870.00', '1,770.00'),
        writeup('2.', 'Replace kitchen sink faucet', '1', 'ea.', '180.00', '120.00', '300.00'),
        writeup('', 'Subtotal', '', '', '', '', '2,070.00'),
        writeup('', 'Responsable: Carpintería López'),
        writeup('3.', 'Replace rotted door jambs', '2', 'ea.', '80.00', '240.00', '320.00'),
      ),
    );
    expect(tables[0].entries.map((entry) => `${entry.kind}: ${entry.kind === 'item' ? cellOf(entry, 'description') : entry.label.map((word) => word.text).join(' ')}`)).to.deep.equal([
      'heading: Subcontractor: Old Town Plumbing',
      'item: Replace water heater',
      'item: Replace kitchen sink faucet',
      'subtotal: Subtotal',
      'heading: Responsable: Carpintería López',
      'item: Replace rotted door jambs',
    ]);
  });

  it('reads "385.00 CR" as a credit in its own amount column, the mark no unit', () => {
    const { tables } = tablesOf(
      page(
        PROPOSAL_HEADER,
        proposal('1.', 'Exterior entry door, steel prehung', '1', 'EA', '906.00', '906.00'),
        proposal('2.', 'Credit: owner to keep storm doors', '1', 'LS', '385.00 CR', '385.00 CR'),
      ),
    );
    const credit = read(tables[0].entries[1]);
    expect(credit).to.include({ unit: 'LS', unitPrice: '385.00 CR', amount: '385.00 CR' });
    expect(parseAmount('385.00 CR')?.value).to.equal(-385);
    expect(parseAmount('1,250.00CR')?.value).to.equal(-1250);
  });

  it('reads past a total at the foot of each page ("PAGE 1 TOTAL") to the items on the next page', () => {
    const { tables } = tablesOf([
      page(PROPOSAL_HEADER, 'DEMOLITION', proposal('1.', 'Tear out rear porch and steps', '1', 'LS', '835.00', '835.00'), '', proposal('', 'PAGE 1 TOTAL', '', '', '', '835.00')),
      page('DEMOLITION (CONT\'D)', proposal('2.', 'Remove abandoned oil tank', '1', 'EA', '1,078.00', '1,078.00'), '', proposal('', 'PAGE 2 TOTAL', '', '', '', '1,078.00'), '', 'RECAPITULATION'),
    ]);
    expect(tables).to.have.length(1);
    expect(tables[0].entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, 'description'))).to.deep.equal(['Tear out rear porch and steps', 'Remove abandoned oil tank']);
    expect(tables[0].entries.some((entry) => entry.kind === 'subtotal')).to.equal(false);
  });

  it('gives the item numbers a column where OCR lost some and misread others ("173" for 17.), all but one punctuated, however few OCR read cleanly', () => {
    const numbers = ['', '12.', '13.', '', '15.', '16.', '173', '18.', '', '20.', '', '23s'];
    const rows = buildRows(
      documentFromText(
        page(
          proposal('', 'DESCRIPTION', 'QTY', 'UNIT', 'UNIT PRICE', 'AMOUNT'),
          ...numbers.map((number, index) => proposal(number, `Replace window sash number ${index + 1}`, '1', 'EA', '644.00', '644.00')),
        ),
        { source: 'ocr' },
      ),
    );
    const [table] = readTables(rows, { format: DOT });
    expect(table.entries.map((entry) => cellOf(entry, 'itemNumber'))).to.deep.equal(numbers);
    expect(table.entries.map((entry) => cellOf(entry, 'description'))).to.deep.equal(numbers.map((_, index) => `Replace window sash number ${index + 1}`));
  });

  it('keeps "Page 2" before a total’s word: the label of the page’s total, no page number', () => {
    const rows = buildRows(documentFromText(page('PAGE 2 TOTAL                    6,274.11', '', 'Page 2')));
    expect(rows.map((row) => row.text)).to.deep.equal(['PAGE 2 TOTAL 6,274.11']);
  });

  it('gives the construction code of a unit in lower case or with full stops', () => {
    expect(parseUnit('l.f.')).to.not.equal(null);
    expect(parseUnit('s.')).to.equal(null);
    expect(['l.f.', 's. f.', 'c.y.', 'ea.', 'sq.', 'hr.', 'lf'].map(spelledUnitCode)).to.deep.equal(['LF', 'SF', 'CY', 'EA', 'SQ', 'HR', 'LF']);
    expect(['kg', 'l', 'a.m.'].map(spelledUnitCode)).to.deep.equal([null, null, null]);
    expect(spelledUnitCode('Stk.'), 'a piece, in the German of the lexicon').to.equal('EA');
  });
});
