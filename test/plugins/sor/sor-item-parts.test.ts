import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Items whose costs or quantities are printed on lines under them, and the recap lines that total a cost part. */

const read = (lines: string[]) => extractSor(documentFromText([lines.join('\n')]));

describe('plugin-sor items with lines under them', () => {
  it('reads material and labor printed on rows of their own under each item, and a "Material cost total" as no grand total', () => {
    const { data, fieldDetails } = read([
      'ESTIMATE                                            Customer: Pat Doe',
      '',
      'Item  Description                            Qty  Unit    Unit Cost        Cost        Total',
      'Phase 1 - Kitchen',
      '1.1   Luxury vinyl plank flooring with under- 262  SF                                1,786.84',
      '      layment and transitions; remove existing',
      '        Material cost                                        4.29    1,123.98',
      '        Labor cost                                           2.53      662.86',
      '1.2   Recessed LED wafer lights with dimmer;   12  EA                                  984.00',
      '      color and style to be selected by owner',
      '        Material cost                                       33.00      396.00',
      '        Labor cost                                          49.00      588.00',
      '      Total Kitchen                                                               2,770.84',
      '',
      '                                         Material cost total                     1,519.98',
      '                                         Labor cost total                        1,250.86',
      '                                         Subtotal                                2,770.84',
      '                                         Overhead & profit      10%                277.08',
      '                                         TOTAL ESTIMATE                          3,047.92',
    ]);
    expect(data.constructionSections.map((section) => section.lineItems.map((line) => [line.description, line.quantity, line.unit, line.materialCost, line.laborCost, line.totalCost]))).to.deep.equal([
      [
        ['Luxury vinyl plank flooring with under- layment and transitions; remove existing', 262, 'SF', 1123.98, 662.86, 1786.84],
        ['Recessed LED wafer lights with dimmer; color and style to be selected by owner', 12, 'EA', 396, 588, 984],
      ],
    ]);
    expect(fieldDetails['constructionSections[0].lineItems[0].materialCost']).to.not.have.property('derivation');
    expect(data.recapSummary).to.deep.equal({ subtotal: 2770.84, generalConditions: null, overheadAndProfit: 277.08, grandTotal: 3047.92 });
  });

  it('keeps a charge line printing its own quantity an item, and reads "Invoice Total" as the grand total', () => {
    const { data } = read([
      'Description                                  Qty  Unit    Unit Cost        Total',
      'Replace water heater, 50 gal gas              1  EA        1,075.00     1,075.00',
      '     Labor                                    3  HR          125.00       375.00',
      '',
      '                                          Invoice Total                  1,450.00',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => [line.description, line.quantity, line.totalCost])).to.deep.equal([
      ['Replace water heater, 50 gal gas', 1, 1075],
      ['Labor', 3, 375],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(1450);
  });

  it('computes a quantity OCR lost from each cost part\'s amount ÷ its rate, when the parts agree', () => {
    const { data, fieldDetails } = read([
      'Item  Description                            Qty  Unit    Unit Cost        Cost        Total',
      '10    Full-view storm door, aluminum, with            EA                                1,098.00',
      '      closer, front elevation; protect existing',
      '        Material cost                                      357.00      714.00',
      '        Labor cost                                         192.00      384.00',
      '11    Tear out deteriorated rear porch and steps      LS                                1,145.00',
      '        Material cost                                        0.00        0.00',
      '        Labor cost                                       1,145.00    1,145.00',
      '12    Paint trim, two coats, all elevations          LF                                  300.00',
      '        Material cost                                        2.00      100.00',
      '        Labor cost                                           5.00      200.00',
      '',
      '                                                    TOTAL ESTIMATE                  2,543.00',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => [line.quantity, line.unit, line.materialCost, line.laborCost])).to.deep.equal([
      [2, 'EA', 714, 384],
      [1, 'LS', 0, 1145],
      [null, 'LF', 100, 200],
    ]);
    expect(fieldDetails['constructionSections[0].lineItems[0].quantity']).to.include({ derivation: "each cost part's amount ÷ its rate" });
  });

  it('reads "12 HR × $101.00" under a description as the quantity, unit and unit price of its line', () => {
    const { data } = read([
      'ITEM                                                              AMOUNT',
      'Whole House',
      '  Electrician labor, troubleshoot and repair open grounds      $1,212.00',
      '  12 HR × $101.00',
      '  Blown-in cellulose attic insulation to R-49                     $977.90',
      '  770 SF × $1.27',
      '  Haul away debris                                                $250.00',
      '',
      '                                                   Total       $2,439.90',
    ]);
    expect(data.constructionSections[0].lineItems.map((line) => [line.description, line.quantity, line.unit, line.totalCost])).to.deep.equal([
      ['Electrician labor, troubleshoot and repair open grounds', 12, 'HR', 1212],
      ['Blown-in cellulose attic insulation to R-49', 770, 'SF', 977.9],
      ['Haul away debris', null, null, 250],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(2439.9);
  });

  it('checks an OCR quantity against the rate printed beside each part\'s amount ("Mat Rate | Material | Lab Rate | Lab. Ext.")', () => {
    const lines = [
      'Description                   Qty  Unit   Mat Rate   Material   Lab Rate   Lab. Ext.   Line Total',
      'Remove vinyl siding           271  SQ         4.40     118.80      58.00    1,566.00     1,684.80',
      'Drip edge, aluminum           150  LF         1.00     150.00       1.50      225.00       375.00',
      '                                                                   TOTAL                2,059.80',
    ];
    const { data } = extractSor(documentFromText([lines.join('\n')], { source: 'ocr' }));
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((line) => [line.quantity, line.materialCost, line.laborCost, line.totalCost]))).to.deep.equal([
      [27, 118.8, 1566, 1684.8],
      [150, 150, 225, 375],
    ]);
  });
});
