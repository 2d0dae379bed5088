import { expect } from 'chai';
import { readLayout } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { page } from './helpers.js';

describe('core layout: readLayout', () => {
  const german = readLayout(
    documentFromText(
      page(
        'Rechnung Nr. 42                          Datum: 09.10.2022',
        '',
        'Beschreibung                                     Betrag',
        'Elektroinstallation                            1.200,00',
        'Material                                         300,00',
        'Zwischensumme 1                                1.500,00',
        'Anfahrt                                           50,00',
        '',
        'Summe                                          1.550,00',
      ),
    ),
  );

  it('reads the document\'s number and date conventions from its words', () => {
    expect(german.conventions).to.deep.equal({ format: { decimal: ',' }, dateOrder: 'dmy' });
    const american = readLayout(documentFromText(page('Invoice 7      Date: 09/10/2022', 'Paint      $1,455.00')));
    expect(american.conventions).to.deep.equal({ format: { decimal: '.' }, dateOrder: 'mdy' });
    const dayFirst = readLayout(documentFromText(page('Invoice 7      Date: 21/09/2022', 'Paint      $1,455.00')));
    expect(dayFirst.conventions.dateOrder).to.equal('dmy');
  });

  it('reads dates day first in a document that groups digits with apostrophes (Swiss)', () => {
    const swiss = readLayout(documentFromText(page('Offerte 12      Besichtigung: 03.02.2026', 'Malerarbeiten      2\'353.80')));
    expect(swiss.conventions).to.deep.equal({ format: { decimal: '.' }, dateOrder: 'dmy' });
  });

  it('reads the tables in the document\'s number convention', () => {
    expect(german.tables).to.have.length(1);
    expect(german.tables[0].entries.filter((entry) => entry.kind === 'item')).to.have.length(3);
  });

  it('counts header and item rows as the table\'s, and leaves subtotals and the totals out', () => {
    expect([...german.tableRows].map((row) => row.text).sort()).to.deep.equal(['Anfahrt 50,00', 'Beschreibung Betrag', 'Elektroinstallation 1.200,00', 'Material 300,00']);
    const words = [...german.tableWords].map((word) => word.text);
    expect(words).to.include('Elektroinstallation');
    expect(words).to.not.include('Zwischensumme');
    expect(words).to.not.include('Summe');
  });

  it('finds the field labels of the lexicon, strongest first, and takes the strong ones as stops', () => {
    const concepts = german.labels.map((span) => span.value);
    expect(concepts).to.include.members(['invoiceNumber', 'issueDate']);
    const scores = german.labels.map((span) => span.score);
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));
    expect([...german.stops].map((word) => word.text)).to.include('Datum:');
  });

  it('reads the text blocks of every page', () => {
    const layout = readLayout(documentFromText([page('Acme Roofing LLC', '100 Main Street'), page('Terms and conditions')]));
    expect(layout.blocks.map((block) => [block.page, block.lines.length])).to.deep.equal([
      [1, 2],
      [2, 1],
    ]);
  });
});
