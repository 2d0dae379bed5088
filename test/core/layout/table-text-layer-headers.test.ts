import { expect } from 'chai';
import { parseAmount, parseUnit, readLayout, spelledUnitCode } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { cellOf, COMMA, DOT, fixed, itemDescriptions, page, rowsOf, tablesOf } from './helpers.js';

/**
 * Headers and cells as a PDF's text layer prints them: an upper header line of value labels alone
 * over the line that names the text columns, basis labels over part columns, a panel of text down
 * the left of the page, units written with their power in digits, item numbers before a description
 * that opens with two digits.
 */

describe('core layout: headers and cells of the text layer', () => {
  it('reads an upper line of value labels alone as the top of a two-line header naming the text columns under it', () => {
    const line = fixed(6, 34, 4, -6, -12, -10, -10);
    const { tables } = tablesOf(
      page(
        line('', '', '', '', 'Fourniture', 'Pose', 'Total'),
        line('Réf.', 'Désignation des ouvrages', 'U', 'Qté', 'HT', 'HT', 'HT'),
        line('1.1', 'Gouttières aluminium', 'ml', '12', '968,00', '704,00', '1672,00'),
        line('1.2', 'Sous-couche de toiture', 'm2', '27', '621,00', '275,94', '896,94'),
      ),
      COMMA,
    );
    expect(tables[0].header.rows).to.have.length(2);
    expect(tables[0].header.columns.map((column) => column.role)).to.deep.equal(['itemNumber', 'description', 'unit', 'quantity', 'material', 'labor', 'amount']);
    expect(itemDescriptions(tables[0])).to.deep.equal(['Gouttières aluminium', 'Sous-couche de toiture']);
  });

  it('reads a basis label over part columns ("PRECIO UNITARIO" over Material | Mano de obra, "IMPORTE" over them and Total) as each part at that basis', () => {
    const line = fixed(28, -6, -12, -14, -12, -14, -12);
    const { tables } = tablesOf(
      page(
        `${' '.repeat(38)}PRECIO UNITARIO${' '.repeat(22)}IMPORTE`,
        line('Concepto', 'Cant.', 'Material', 'Mano de obra', 'Material', 'Mano de obra', 'Total'),
        line('Pintura de muros', '670', '1.06', '2.07', '710.20', '1,386.90', '2,097.10'),
        line('Zoclo de MDF', '390', '2.03', '2.55', '791.70', '994.50', '1,786.20'),
      ),
      DOT,
    );
    expect(tables[0].header.columns.map((column) => [column.role, column.alternatives, column.basis])).to.deep.equal([
      ['description', [], null],
      ['quantity', [], null],
      [null, ['material'], 'unit'],
      [null, ['labor'], 'unit'],
      ['material', [], 'extended'],
      ['labor', [], 'extended'],
      ['amount', [], null],
    ]);
    expect(cellOf(tables[0].entries[0], 'labor')).to.equal('1,386.90');
  });

  it('reads a panel of names down the left of the page apart from the table beside it', () => {
    const line = fixed(26, 34, -6, -12);
    const layout = readLayout(
      documentFromText(
        page(
          line('Lindqvist Builders', 'Scope', 'Qty', 'Line Total'),
          line('ESTIMATE FOR', 'Prime and paint walls', '1,548', '$2,461.32'),
          line('Wendy Oyelaran', 'coats eggshell', '', ''),
          line('PROPERTY', 'Skim coat cracked plaster', '384', '$990.72'),
          line('7171 Chestnut Ter', 'Sand and refinish floors', '319', '$1,371.70'),
        ),
      ),
    );
    const [table] = layout.tables;
    const text = table.header.columns.find((column) => column.role === 'scope' || column.role === 'description')!.role!;
    expect(table.entries.filter((entry) => entry.kind === 'item').map((entry) => cellOf(entry, text))).to.deep.equal([
      'Prime and paint walls coats eggshell',
      'Skim coat cracked plaster',
      'Sand and refinish floors',
    ]);
    expect(layout.rows.slice(0, 5).map((row) => row.text)).to.deep.equal(['Lindqvist Builders', 'ESTIMATE FOR', 'Wendy Oyelaran', 'PROPERTY', '7171 Chestnut Ter']);
  });

  it('keeps a narrow column of codes left of the labels in the table: no panel', () => {
    const line = fixed(10, 34, -6, -12);
    const layout = readLayout(
      documentFromText(
        page(
          line('ID', 'Scope of Work', 'Qty', 'Total'),
          line('KIT-01', 'Prime and paint walls', '1,548', '$2,461.32'),
          line('KIT-02', 'Skim coat cracked plaster', '384', '$990.72'),
          line('KIT-03', 'Sand and refinish floors', '319', '$1,371.70'),
        ),
      ),
    );
    expect(layout.rows.map((row) => row.text)).to.deep.equal(['ID Scope of Work Qty Total', 'KIT-01 Prime and paint walls 1,548 $2,461.32', 'KIT-02 Skim coat cracked plaster 384 $990.72', 'KIT-03 Sand and refinish floors 319 $1,371.70']);
  });

  it('reads units written with their power in digits and the lexicon\'s spellings of construction units', () => {
    expect(['ft2', 'yd2', 'yd3', 'pie2'].map(parseUnit)).to.deep.equal(['ft2', 'yd2', 'yd3', 'pie2']);
    expect(['ft2', 'yd2', 'yd3', 'pie2', 'Sq', 'ml pie', 'ft lin.', 'lote', 'ens.', 'u', 'gl.'].map(spelledUnitCode)).to.deep.equal([
      'SF', 'SY', 'CY', 'SF', 'SQ', 'LF', 'LF', 'LS', 'LS', 'EA', 'LS',
    ]);
    expect(parseUnit('B3'), 'a code, not a unit').to.equal(null);
  });

  it('keeps an item number apart from two digits opening the description after it, however many rows print them so', () => {
    const line = fixed(10, 40, -10);
    const rows = rowsOf(
      page(
        line('250.020', '50 gal gas water heater', '1,710.00'),
        line('250.030', '36 in. vanity with marble top', '1,618.00'),
        line('250.050', '60 in. acrylic bathtub', '1,390.00'),
      ),
    );
    expect(rows.map((row) => row.words[0].text)).to.deep.equal(['250.020', '250.030', '250.050']);
  });
});

describe('core layout: amounts as a text layer prints them', () => {
  it('reads thousands apart by a thin space or a curly apostrophe as by a space or a straight one', () => {
    expect(['1\u2009234,50', '1\u202f234,50', '1\u00a0234,50'].map((text) => parseAmount(text, COMMA)?.value)).to.deep.equal([1234.5, 1234.5, 1234.5]);
    expect(['1’234.50', "1'234.50", '-1’234.50'].map((text) => parseAmount(text, DOT)?.value)).to.deep.equal([1234.5, 1234.5, -1234.5]);
    expect(parseAmount('1’23.50', DOT), 'a group of two is no thousands group').to.equal(null);
  });
});
