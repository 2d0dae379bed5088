import { expect } from 'chai';
import { documentFromText, type TextPageOptions } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const read = (lines: string[], options: TextPageOptions = {}) => extractSor(documentFromText(lines.join('\n'), options)).data;

/** An item's line: its text, a dot leader to column 90, then the quantity and unit and the amount right-aligned. */
const last = (text: string, quantity: string, amount: string): string => `${`${text} `.padEnd(90, '. ')}${quantity.padStart(12)}${amount.padStart(12)}`;
const total = (label: string, amount: string): string => `${label.padEnd(102)}${amount.padStart(12)}`;

describe('plugin-sor: lists joined to their values by dot leaders, numbered as an outline', () => {
  it('reads each numbered item (its text over lines, its values after the leader on its last line) and the outline’s rooms as sections, not its divisions', () => {
    const data = read([
      'SPECIFICATION AND COST ESTIMATE',
      '',
      `${''.padEnd(102)}${'Qty'.padStart(6)}${'Amount'.padStart(12)}`,
      '',
      'A. INTERIOR',
      '   A.1 Kitchen',
      '   A.1.1 Ceramic floor tile on cement board underlayment; per',
      "         manufacturer's installation instructions; to match existing",
      last('         profile', '97 SF', '1,518.05'),
      last('   A.1.2 Dedicated 20A appliance circuits', '4 EA', '1,040.00'),
      '   A.1.3 50 gal gas water heater, 40,000 BTU, with expansion tank and',
      last('         venting', '1 EA', '1,770.00'),
      '   A.1.4 Sand and refinish hardwood floors, stain and three coats',
      last('         polyurethane', '616 SF', '2,414.72'),
      total('   Total A.1 Kitchen', '6,742.77'),
      '',
      total('TOTAL DIVISION A', '$6,742.77'),
      '',
      'B. EXTERIOR',
      '   B.1 Roof',
      last('   B.1.1 Synthetic roof underlayment', '32 SQ', '980.80'),
      total('   Total B.1 Roof', '980.80'),
      '',
      total('TOTAL DIVISION B', '$980.80'),
      '',
      'SUMMARY',
      last('   Total of divisions', '', '$7,723.57'),
      last('   ESTIMATED COST OF REPAIRS', '', '$7,723.57'),
    ]);
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['A.1 Kitchen', 'B.1 Roof']);
    expect(data.constructionSections.flatMap((section) => section.lineItems).map((item) => [item.description, item.quantity, item.unit, item.totalCost])).to.deep.equal([
      ["Ceramic floor tile on cement board underlayment; per manufacturer's installation instructions; to match existing profile", 97, 'SF', 1518.05],
      ['Dedicated 20A appliance circuits', 4, 'EA', 1040],
      ['50 gal gas water heater, 40,000 BTU, with expansion tank and venting', 1, 'EA', 1770],
      ['Sand and refinish hardwood floors, stain and three coats polyurethane', 616, 'SF', 2414.72],
      ['Synthetic roof underlayment', 32, 'SQ', 980.8],
    ]);
    expect(data.recapSummary).to.include({ subtotal: 7723.57, grandTotal: 7723.57 });
  });

  it('keeps a word or two on the last line of a text hanging well in from its number as the text’s, no caption of the values', () => {
    const data = read([
      `${''.padEnd(102)}${'Qty'.padStart(6)}${'Amount'.padStart(12)}`,
      'A.1 Laundry Room',
      last('   A.1.1 Dedicated 20A appliance circuits', '3 EA', '726.00'),
      '   A.1.2 50 gal gas water heater, 40,000 BTU, with expansion tank and',
      last('          venting', '1 EA', '1,770.00'),
      '   A.1.3 Sand and refinish hardwood floors, stain and three coats;',
      last('          Property Standards', '616 SF', '2,414.72'),
      total('   Total A.1 Laundry Room', '4,910.72'),
    ], { rows: 200 });
    expect(data.constructionSections[0].lineItems.map((item) => item.description)).to.deep.equal([
      'Dedicated 20A appliance circuits',
      '50 gal gas water heater, 40,000 BTU, with expansion tank and venting',
      'Sand and refinish hardwood floors, stain and three coats; Property Standards',
    ]);
  });

  it('parts an item from the next where the next one’s text runs over three lines to its values', () => {
    const data = read([
      `${''.padEnd(102)}${'Qty'.padStart(6)}${'Amount'.padStart(12)}`,
      'A.3 Master Bath',
      last('   A.3.1 Bath exhaust fan, 80 CFM, ducted to exterior', '1 EA', '308.00'),
      '   A.3.2 Tile tub surround over cement board backer, with niche; remove',
      last('         and dispose of existing materials off site', '60 SF', '1,161.60'),
      '   A.3.3 36 in. vanity with cultured marble top, faucet and mirror; all work',
      '         to meet current local code and HUD Minimum Property',
      last('         Standards; include all permits and inspections required', '2 EA', '1,590.00'),
      total('   Total A.3 Master Bath', '3,059.60'),
    ]);
    expect(data.constructionSections[0].lineItems.map((item) => [item.description, item.totalCost])).to.deep.equal([
      ['Bath exhaust fan, 80 CFM, ducted to exterior', 308],
      ['Tile tub surround over cement board backer, with niche; remove and dispose of existing materials off site', 1161.6],
      ['36 in. vanity with cultured marble top, faucet and mirror; all work to meet current local code and HUD Minimum Property Standards; include all permits and inspections required', 1590],
    ]);
  });

  it('reads no line above a list with no header into its first item where no item number opens it (the parties, a note)', () => {
    const row = (text: string, quantity: string, unit: string, price: string, amount: string): string =>
      `${text.padEnd(44)}${quantity.padStart(6)}   ${unit.padEnd(6)}${price.padStart(10)}${amount.padStart(14)}`;
    const list = [
      row('Tear off and replace shingles', '24', 'SQ', '350.00', '8,400.00'),
      row('Replace gutters', '120', 'LF', '10.00', '1,200.00'),
      row('Install ridge vent', '40', 'LF', '12.00', '480.00'),
      row('Total', '', '', '', '10,080.00'),
    ];
    for (const above of [['Bob and Ann Smith', '12 Elm Street, Dayton OH 45402'], ['Scope of work for the roof at the rear', 'of the house, as walked with the owner']]) {
      const data = read([...above, ...list]);
      expect(data.constructionSections.map((section) => section.sectionName), above[0]).to.deep.equal(['']);
      expect(data.constructionSections[0].lineItems[0].description, above[0]).to.equal('Tear off and replace shingles');
    }
  });
});
