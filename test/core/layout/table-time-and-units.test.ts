import { expect } from 'chai';
import { buildRows, parseAmount, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { DOT, fixed, page, read, rolesOf, tablesOf } from './helpers.js';

/** Estimates priced by the hour, units printed after the unit price, numbers set out in the margin. */

describe('core layout: time-and-materials estimates and typed unit-price estimates', () => {
  it('reads a price with the unit it is priced by ("55.00/hr", "$4.25/SF") as the amount', () => {
    expect(parseAmount('55.00/hr', DOT)?.value).to.equal(55);
    expect(parseAmount('$4.25/SF', DOT)?.value).to.equal(4.25);
    expect(parseAmount('12.00/xyz', DOT)).to.equal(null);
  });

  it('keeps an hourly rate that times the labor hours makes the labor aside: the hours are no quantity', () => {
    const row = fixed(5, 40, -8, -12, -12, -12, -12);
    const { tables } = tablesOf(
      page(
        row('', '', 'Labor', 'Hourly', '', '', 'Line'),
        row('No.', 'Description of Work', 'Hours', 'Rate', 'Labor', 'Materials', 'Total'),
        row('1', 'Final construction clean', '8.5', '55.00/hr', '467.50', '108.00', '575.50'),
        row('2', 'Project supervision', '22.0', '55.00/hr', '1,210.00', '0.00', '1,210.00'),
        row('3', 'Tear out rear porch and steps', '24.5', '48.00/hr', '1,176.00', '0.00', '1,176.00'),
      ),
    );
    const columns = tables[0].header.columns;
    expect(rolesOf(columns)).to.deep.equal(['itemNumber', 'description', 'laborHours', null, 'labor', 'material', 'amount']);
    expect(columns[3].alternatives[0]).to.equal('unitPrice');
    expect(read(tables[0].entries[1]).description).to.equal('Project supervision');
  });

  it('reads the unit printed after the unit price under a "Per" header', () => {
    const row = fixed(6, 40, -10, -12, 5, -12);
    const { tables } = tablesOf(
      page(
        row('', '', '', 'Unit'),
        row('Item', 'Description', 'Quantity', 'Price', ' Per', 'Amount'),
        row('1.', 'Repoint brick foundation walls', '419', '11.76', ' SF', '4,927.44'),
        row('2.', 'Sister rotted floor joists', '4', '155.00', ' EA', '620.00'),
      ),
    );
    expect(rolesOf(tables[0].header.columns)).to.deep.equal(['itemNumber', 'description', 'quantity', 'unitPrice', 'unit', 'amount']);
    expect(read(tables[0].entries[0])).to.include({ quantity: '419', unitPrice: '11.76', unit: 'SF', amount: '4,927.44' });
  });

  it('reads the lines above an item whose number and values stand on its last line, the number out in the margin, as its description', () => {
    const row = fixed(6, 50, -8, -10, -12);
    const entries = readTables(
      buildRows(
        documentFromText(
          page(
            row('Item', 'Description', 'Qty', 'Rate', 'Amount'),
            row('', 'Skim coat cracked plaster walls; including all'),
            row('1.', 'trim, fasteners and sealant', '580', '2.47', '1,432.60'),
            '',
            row('', 'Prime and paint walls and ceilings, two coats;'),
            row('2.', 'contractor to verify quantities in field', '1,190', '1.52', '1,808.80'),
          ),
        ),
      ),
      { format: DOT },
    )[0].entries.map((entry) => read(entry));
    expect(entries.map((entry) => [entry.itemNumber, entry.description])).to.deep.equal([
      ['1.', 'Skim coat cracked plaster walls; including all trim, fasteners and sealant'],
      ['2.', 'Prime and paint walls and ceilings, two coats; contractor to verify quantities in field'],
    ]);
  });

  it('keeps a wrapped line at the hanging indent with the item above, though the next item\'s misread number looks like a word', () => {
    const row = fixed(6, 50, -10, -12);
    const entries = readTables(
      buildRows(
        documentFromText(
          page(
            row('No.', 'Description of Work', 'Hours', 'Total'),
            row('10', 'Scrape, prime and paint trim; all work to meet', '59.0', '4,119.68'),
            row('', '   current local code and HUD Minimum'),
            row('', '   Property Standards'),
            row('at', 'Prime and paint walls and ceilings', '64.0', '4,885.00'),
          ),
          { source: 'ocr' },
        ),
      ),
      { format: DOT },
    )[0].entries.filter((entry) => entry.kind === 'item').map((entry) => read(entry).description);
    expect(entries[0]).to.equal('Scrape, prime and paint trim; all work to meet current local code and HUD Minimum Property Standards');
  });
});
