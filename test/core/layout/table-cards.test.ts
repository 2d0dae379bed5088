import { expect } from 'chai';
import { cellOf, fixed, page, rolesOf, tablesOf } from './helpers.js';

/**
 * A proposal printed in cards, one per room or trade: the card's title with its total, sometimes a
 * note, then the column header again, then the card's items.
 */

const row = fixed(50, -6, 6, -12, -12, -12);
const header = row('DESCRIPTION', 'QTY', ' UNIT', 'MATERIALS', 'LABOR', 'PRICE');
const title = (name: string, total: string): string => fixed(84, -14)(name, total);
/** A heading's label without the card total printed on it. */
const headingName = (words: Array<{ text: string }>): string => words.map((word) => word.text).filter((text) => !/^\$[\d,.]+$/.test(text)).join(' ');

describe('core layout: proposals printed in cards', () => {
  it('heads each card by its title printing the card total, the first card too, and reads a Price column that adds up the parts as the amount', () => {
    const { tables } = tablesOf(
      page(
        title('Demolition', '$1,140.43'),
        header,
        row('Remove and dispose existing kitchen cabinets', '1', ' LS', '$85.00', '$880.00', '$965.00'),
        row('Remove carpet and pad and dispose', '53', ' SY', '$0.00', '$175.43', '$175.43'),
        '',
        title('Rough & Finish Carpentry', '$943.30'),
        header,
        row('Closet shelving and rod, wire ventilated', '13', ' LF', '$155.61', '$117.91', '$273.52'),
        row('Code-compliant handrail and balusters', '18', ' LF', '$317.34', '$352.44', '$669.78'),
      ),
    );
    expect(tables).to.have.length(1);
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['description', 'quantity', 'unit', 'material', 'labor', 'amount']);
    expect(tables[0].entries.map((entry) => [entry.kind, entry.kind === 'heading' ? headingName(entry.label) : cellOf(entry, 'amount')])).to.deep.equal([
      ['heading', 'Demolition'],
      ['item', '$965.00'],
      ['item', '$175.43'],
      ['heading', 'Rough & Finish Carpentry'],
      ['item', '$273.52'],
      ['item', '$669.78'],
    ]);
  });

  it('takes a title numbered with a middle dot ("01 · Whole House") over a note on the card as its heading', () => {
    const { tables } = tablesOf(
      page(
        title('01 · Whole House', '$2,715.00'),
        'Existing surfaces protected; debris hauled off daily.',
        header,
        row('HVAC technician start-up, testing and balancing', '5', ' HR', '$0.00', '$615.00', '$615.00'),
        row('Electrician labor, repair open grounds', '20', ' HR', '$0.00', '$2,100.00', '$2,100.00'),
        '',
        title('02 · Basement', '$1,153.98'),
        'Includes rough-in inspections where the code requires them.',
        header,
        row('Epoxy injection of foundation wall cracks', '22', ' LF', '$375.98', '$858.00', '$1,233.98'),
        row('Credit: scrap metal salvage value', '1', ' LS', '-$80.00', '$0.00', '-$80.00'),
      ),
    );
    const headings = tables[0].entries.filter((entry) => entry.kind === 'heading').map((entry) => headingName(entry.label));
    expect(headings).to.deep.equal(['01 · Whole House', '02 · Basement']);
    expect(tables[0].entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, 'amount'))).to.deep.equal(['$615.00', '$2,100.00', '$1,233.98', '-$80.00']);
  });

  it('heads a card by a title numbered with a hyphen ("02 - Roof", as OCR reads a middle dot) when its items add up to its total', () => {
    const { tables } = tablesOf(
      page(
        title('01 - Garage', '$2,330.00'),
        header,
        row('Insulated steel garage overhead door with opener', '1', ' EA', '$1,805.00', '$525.00', '$2,330.00'),
        '',
        title('02 - Roof', '$543.38'),
        header,
        row('Replace damaged roof decking, 7/16 in. OSB', '101', ' SF', '$114.13', '$157.56', '$271.69'),
        row('Continuous shingle-over ridge vent', '54', ' LF', '$114.13', '$157.56', '$271.69'),
      ),
    );
    expect(tables[0].entries.filter((entry) => entry.kind === 'heading').map((entry) => headingName(entry.label))).to.deep.equal(['01 - Garage', '02 - Roof']);
  });

  it('keeps a document title above the header out of the sections when it prints no total of the items', () => {
    const { tables } = tablesOf(
      page(
        title('Kitchen Remodel Proposal', '$9,999.00'),
        header,
        row('Remove and dispose existing kitchen cabinets', '1', ' LS', '$85.00', '$880.00', '$965.00'),
        row('Remove carpet and pad and dispose', '53', ' SY', '$0.00', '$175.43', '$175.43'),
      ),
    );
    expect(tables[0].entries.map((entry) => entry.kind)).to.deep.equal(['item', 'item']);
  });
});
