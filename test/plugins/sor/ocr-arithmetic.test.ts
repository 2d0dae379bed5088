import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const readOcr = (lines: string[]) => extractSor(documentFromText(lines.join('\n'), { source: 'ocr' }));
const path = (line: number, field: string): string => `constructionSections[0].lineItems[${line}].${field}`;

describe('plugin-sor: OCR misreadings put right by the table’s arithmetic', () => {
  const header = 'Description                         Qty   Unit     Material      Labor      Total';

  it('repairs a misread digit from material + labor = total, says so in fieldDetails and lowers its confidence', () => {
    const { data, fieldDetails } = readOcr([
      header,
      '1.0 Plumbing',
      'Replace water heater                  1   EA     1,850.00     300.00   1,550.00',
      'Replace kitchen faucet                1   EA       220.00     110.00     330.00',
    ]);
    expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 1250, laborCost: 300, totalCost: 1550 });
    const detail = fieldDetails[path(0, 'materialCost')];
    expect(detail.derivation).to.match(/OCR misreading repaired by the line's arithmetic \(material \+ labor = total\)/);
    expect(detail.confidence).to.be.below(fieldDetails[path(0, 'laborCost')].confidence);
  });

  it('reads 1.250.00 and 1,250.0O as 1250 at lower confidence', () => {
    const { data, fieldDetails } = readOcr([
      header,
      'Replace water heater                  1   EA     1.250.00     300.00   1,550.00',
      'Replace kitchen faucet                1   EA     1,250.0O     110.00   1,360.00',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => line.materialCost)).to.deep.equal([1250, 1250]);
    expect(fieldDetails[path(0, 'materialCost')].confidence).to.be.below(fieldDetails[path(0, 'laborCost')].confidence);
    expect(fieldDetails[path(1, 'materialCost')].confidence).to.be.below(fieldDetails[path(1, 'laborCost')].confidence);
  });

  it('leaves a line alone when two readings explain it equally well', () => {
    const { data, fieldDetails } = readOcr([
      header,
      'Replace water heater                  1   EA       900.00     300.00   1,700.00',
      'Replace kitchen faucet                1   EA       220.00     110.00     330.00',
    ]);
    expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 900, laborCost: 300, totalCost: 1700 });
    expect(fieldDetails[path(0, 'laborCost')].derivation).to.equal(undefined);
  });

  it('settles a tie between a part and the total where the line totals make the printed subtotal', () => {
    // 821.12 for 321.12 and 1,401.12 for 1,901.12 are each one confused digit: the subtotal vouches for the totals.
    const lines = [
      header,
      'Carpet and pad                       36   SY     1,080.00     821.12   1,401.12',
      'Tile tub surround                    87   SF       762.12     997.89   1,760.01',
      'Luxury vinyl plank                 1000   SF     3,590.00   2,140.00   5,730.00',
      '',
    ];
    const { data, fieldDetails } = readOcr([...lines, '                                               Subtotal       8,891.13']);
    expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 1080, laborCost: 321.12, totalCost: 1401.12 });
    expect(fieldDetails[path(0, 'laborCost')].derivation).to.match(/the line totals make the printed subtotal/);
    const unvouched = readOcr([...lines, '                                               Subtotal       9,391.13']);
    expect(unvouched.data.constructionSections[0].lineItems[0]).to.include({ laborCost: 821.12 });
  });

  it('never changes values read from the text layer', () => {
    const { data } = extractSor(
      documentFromText([header, 'Replace water heater                  1   EA     1,850.00     300.00   1,550.00'].join('\n')),
    );
    expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 1850 });
  });

  it('restores the decimal point a cell lost where its column prints two decimals', () => {
    const { data, fieldDetails } = readOcr([
      'Description                         Qty   Unit        Total',
      'Replace water heater                4.00   EA      1,550.00',
      'Replace kitchen faucet               400   EA        330.00',
      'Drip edge, aluminum               150.00   LF        375.00',
      'Smoke detectors                     3.00   EA        150000',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => [line.quantity, line.totalCost])).to.deep.equal([
      [4, 1550],
      [4, 330],
      [150, 375],
      [3, 1500],
    ]);
    expect(fieldDetails[path(1, 'quantity')].derivation).to.match(/decimal point restored/);
    expect(fieldDetails[path(3, 'totalCost')].derivation).to.match(/decimal point restored/);
  });

  it('repairs a line amount from quantity × unit price', () => {
    const { data, fieldDetails } = readOcr([
      'Description                         Qty   Unit   Unit Price      Amount',
      'Drip edge, aluminum                  12   LF        20.00      280.00',
      'Ridge vent                           10   LF        15.00      150.00',
      'Gutter guards                         5   EA        30.00      150.00',
    ]);
    expect(data.constructionSections[0].lineItems[0]).to.include({ quantity: 12, totalCost: 240 });
    expect(fieldDetails[path(0, 'totalCost')].derivation).to.match(/quantity × unit price = amount/);
  });

  it('repairs the one line amount that makes the section add up to its printed subtotal', () => {
    const { data, fieldDetails } = readOcr([
      'Description                         Qty   Unit        Total',
      '1.0 Roofing',
      'Tear off shingles                    20   SQ      1,500.00',
      'Drip edge, aluminum                 150   LF        875.00',
      'Ridge vent                           10   LF        150.00',
      'Subtotal 1.0 Roofing                                2,025.00',
      '2.0 Gutters',
      'Gutter guards                         5   EA        150.00',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => line.totalCost)).to.deep.equal([1500, 375, 150]);
    expect(fieldDetails[path(1, 'totalCost')].derivation).to.match(/column's arithmetic/);
  });
});
