import { expect } from 'chai';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { page, tablesOf } from './helpers.js';

/** A table printed under a summary heading after the items ("Recap by Category"): a summary, no items of its own. */

const lines = [
  '     DESCRIPTION                               QUANTITY         RCV',
  '1.   Remove damaged drywall                       10 SF      300.00',
  '2.   Hang new drywall                             10 SF      700.00',
  '     Totals: Living Room                                   1,000.00',
  '',
  'Recap by Category',
  '        Category                                        Total      Percent',
  '        DRYWALL                                      1,000.00      100.00%',
];

describe('core layout: summary tables', () => {
  it('marks a table under "Recap by Category" after a table of items as a summary', () => {
    const { tables } = tablesOf(page(...lines));
    expect(tables.map((table) => table.summary ?? false)).to.deep.equal([false, true]);
  });

  it('reads no line items from a summary table, and a lone table under a summary heading as the items', () => {
    const { data } = extractSor(documentFromText(page(...lines)));
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.description))).to.deep.equal(['Remove damaged drywall', 'Hang new drywall']);
    const { tables } = tablesOf(page('Cost Summary', ...lines.slice(0, 4)));
    expect(tables.map((table) => table.summary ?? false)).to.deep.equal([false]);
  });
});
