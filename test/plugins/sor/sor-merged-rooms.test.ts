import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const header = 'Room       No.  Description                             Qty  Unit   Material     Labor      Total';

describe('plugin-sor: rooms in merged cells down the left of their rows', () => {
  it('makes each room a section of all its rows, named without the "(cont.)" of a cell split over a page break', () => {
    const { data } = extractSor(
      documentFromText([
        [
          '                              Reyes Remodeling, LLC',
          '                 License No. 33518-78 · 614.964.6332 · office@reyesremodeling.com',
          '',
          header,
          '            1   Prime and paint walls and ceilings      100   SF     100.00    200.00     300.00',
          'BEDROOM 2   2   Carpet and pad, mid-grade                20   SY     400.00    100.00     500.00',
          '            3   Interior door with hardware               1   EA     150.00     90.00     240.00',
          '                Room total                                                            1,040.00',
          '            4   Remove fixtures, tile and drywall         1   LS      20.00    800.00     820.00',
          'HALL BATH   5   Tile tub surround with niche             90   SF     700.00  1,200.00   1,900.00',
        ].join('\n'),
        [
          header,
          'HALL BATH   6   Ceramic floor tile on cement board      140   SF     900.00  1,300.00   2,200.00',
          '(cont.)    ',
          '                Room total                                                            4,920.00',
          '',
          '                                      Subtotal                                        5,960.00',
          '                                      TOTAL                                          $5,960.00',
        ].join('\n'),
      ]),
    );
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => line.description)])).to.deep.equal([
      ['BEDROOM 2', ['Prime and paint walls and ceilings', 'Carpet and pad, mid-grade', 'Interior door with hardware']],
      ['HALL BATH', ['Remove fixtures, tile and drywall', 'Tile tub surround with niche', 'Ceramic floor tile on cement board']],
    ]);
    expect(data.constructionSections.map((section) => section.sectionTotal?.totalCost)).to.deep.equal([1040, 4920]);
  });

  const licenseOf = (letterhead: string): string | null =>
    extractSor(
      documentFromText(
        [
          '                              Reyes Remodeling, LLC',
          letterhead,
          '',
          header,
          'KITCHEN     1   Base cabinets                            12   LF     100.00    200.00     300.00',
          '                Room total                                                              300.00',
        ].join('\n'),
      ),
    ).data.documentMetadata.contractorInfo.license;

  it('ends a license number at the letterhead’s separator: the phone and e-mail after it are no part of it', () => {
    expect(licenseOf('                 License No. 33518-78 · 614.964.6332 · office@reyesremodeling.com')).to.equal('33518-78');
    expect(licenseOf('                 License No. 33518-78 - 614.964.6332 - office@reyesremodeling.com')).to.equal('33518-78');
  });

  it('keeps a dash inside a license number', () => {
    expect(licenseOf('                 License No. RBC - 993012')).to.equal('RBC - 993012');
  });
});
