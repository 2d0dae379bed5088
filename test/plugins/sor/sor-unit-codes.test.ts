import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Description | Qty | Unit | Amount, units as a Swiss or Mexican estimate prints them. */
const line = (description: string, quantity = '', unit = '', amount = ''): string =>
  `${description.padEnd(50)}${quantity.padStart(10)}   ${unit.padEnd(8)}${amount.padStart(12)}`.trimEnd();

describe('plugin-sor: units of measure as codes', () => {
  it('reads feet alone in a unit column as linear feet, and powers in digits and spelled units as their codes', () => {
    const data = extractSor(
      documentFromText(
        [
          'ESTIMATE',
          '',
          line('Description', 'Qty', 'Unit', 'Amount'),
          line('Replace ductwork, sheet metal trunk', '137.00', 'ft', '2,729.04'),
          line('Floor and finish protection', '1,420.00', 'ft2', '908.80'),
          line('Regrade soil away from foundation', '85.00', 'yd2', '907.80'),
          line('Final construction clean', '1.00', 'lote', '735.00'),
        ].join('\n'),
      ),
    ).data;
    const items = data.constructionSections.flatMap((section) => section.lineItems);
    expect(items.map((item) => [item.quantity, item.unit])).to.deep.equal([
      [137, 'LF'],
      [1420, 'SF'],
      [85, 'SY'],
      [1, 'LS'],
    ]);
  });
});
