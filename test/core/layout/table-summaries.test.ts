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

  it('ends the items at a German summary of the titles ("Titelzusammenstellung"): the titles it lists again are no sections', () => {
    const { data } = extractSor(
      documentFromText(
        page(
          'Pos.     Beschreibung                                          Betrag',
          'Titel 01 Abbrucharbeiten',
          '01.010   Abbruch Innenwand                                   1.200,00',
          '         Summe Titel 01                                      1.200,00',
          'Titel 02 Maurerarbeiten',
          '02.010   Mauerwerk KS 17,5 cm                                2.400,00',
          '         Summe Titel 02                                      2.400,00',
          '',
          'Titelzusammenstellung',
          'Titel 01 Abbrucharbeiten                                     1.200,00',
          'Titel 02 Maurerarbeiten                                      2.400,00',
          '                         Nettosumme                          3.600,00',
          '                         Gesamtbetrag                        3.600,00',
        ),
      ),
    );
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['Titel 01 Abbrucharbeiten', 'Titel 02 Maurerarbeiten']);
  });
});

describe('core layout: summary headings of the lexicon\'s languages', () => {
  it('reads no line items from the lines under a German "Zusammenstellung" that list the titles again', () => {
    const german = [
      'Pos.    Menge  Einh.  Leistungsbeschreibung                 Gesamtpreis',
      '01      DEMOLITION',
      '01.010   1,00  psch.  Remove existing fixtures                  778,00',
      '01.020   1,00  Stk.   Remove abandoned oil tank               1.185,00',
      '        Summe Titel 01                                        1.963,00',
      '',
      'Zusammenstellung',
      '01 Demolition                                                 1.963,00',
    ];
    const { data } = extractSor(documentFromText(page(...german)));
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => item.description))).to.deep.equal(['Remove existing fixtures', 'Remove abandoned oil tank']);
  });
});
