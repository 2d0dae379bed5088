import { expect } from 'chai';
import { blockText, buildRows, hasLegalForm, linesByTypeSize, namePart, textBlocks } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { page, rowsOf, word } from './helpers.js';

/** Words of a line of text, one character per hundredth of the page. */
const words = (text: string) => [...text.matchAll(/\S+/g)].map((match) => word(match[0], [match.index / 100, 0.1, (match.index + match[0].length) / 100, 0.112]));
const texts = (list: ReturnType<typeof words>): string => list.map((entry) => entry.text).join(' ');

describe('core layout: zones', () => {
  describe('textBlocks', () => {
    it('reads two address blocks printed side by side as two blocks, not as rows across both', () => {
      const rows = rowsOf(
        page(
          'Acme Roofing LLC                                Bill To:',
          '100 Main Street                                 Northwind Traders Inc.',
          'Austin, TX 78701                                12 Elm St',
          '                                                Springfield, IL 62701',
          '',
          '',
          'Notes: all work per code',
        ),
      );
      expect(textBlocks(rows).map(blockText)).to.deep.equal([
        'Acme Roofing LLC\n100 Main Street\nAustin, TX 78701',
        'Bill To:\nNorthwind Traders Inc.\n12 Elm St\nSpringfield, IL 62701',
        'Notes: all work per code',
      ]);
    });

    it('gives each block its page, box and type height', () => {
      const [block] = textBlocks(rowsOf(page('Acme Roofing LLC', '100 Main Street')));
      expect(block.page).to.equal(1);
      expect(block.bbox).to.deep.equal([0, 0, 0.16, 0.0273]);
      expect(block.height).to.be.closeTo(0.8 / 66, 1e-9);
    });

    it('separates lines further apart than a line and a bit', () => {
      expect(textBlocks(rowsOf(page('Acme Roofing LLC', '', '', '100 Main Street')))).to.have.length(2);
    });
  });

  describe('linesByTypeSize', () => {
    /** A letterhead's name in large type with its address in small type printed across it, on one row. */
    const letterhead = [
      word('Tri-County', [0.06, 0.01, 0.16, 0.032]),
      word('8142', [0.06, 0.022, 0.09, 0.032]),
      word('Belmont', [0.095, 0.022, 0.14, 0.032]),
      word('Way', [0.145, 0.022, 0.17, 0.034]),
      word('Construction', [0.18, 0.01, 0.3, 0.03]),
      word('Co.', [0.31, 0.01, 0.34, 0.03]),
    ];

    it('cuts a cell whose words lie over each other into its lines by type size, the larger first', () => {
      expect(linesByTypeSize(letterhead).map(texts)).to.deep.equal(['Tri-County Construction Co.', '8142 Belmont Way']);
    });

    it('leaves a cell whose words follow each other whole, however their heights differ', () => {
      const line = [word('Responsable', [0.06, 0.1, 0.16, 0.114]), word('INSCRIPTO', [0.17, 0.1, 0.26, 0.11])];
      expect(linesByTypeSize(line)).to.deep.equal([line]);
      expect(linesByTypeSize(words('Acme Roofing LLC'))).to.have.length(1);
    });

    it('gives textBlocks the name line apart from the address', () => {
      const document = documentFromText(page('', '', '', 'Albuquerque, NM 87137'));
      document.pages[0].words.unshift(...letterhead);
      const blocks = textBlocks(buildRows(document)).map((block) => block.lines.map(texts));
      expect(blocks).to.deep.equal([['Tri-County Construction Co.', 'Albuquerque, NM 87137'], ['8142 Belmont Way']]);
    });
  });

  describe('hasLegalForm', () => {
    it('finds the legal form of a company in the lexicon\'s languages, spelled with or without dots', () => {
      for (const name of ['Hetzner Online GmbH', 'Au bon moulin SARL', 'MERCADONA, S.A.', 'Tri-County Home Improvement Ltd.', 'Best Builders, Inc.', 'Acme B.V.', 'Bouw N.V.']) {
        expect(hasLegalForm(words(name)), name).to.equal(true);
      }
    });

    it('finds none in a person\'s name or where the form word opens the line', () => {
      for (const name of ['Jane Q. Public', 'Inc. Magazine', 'Hammer & Trowel Services']) expect(hasLegalForm(words(name)), name).to.equal(false);
    });
  });

  describe('namePart', () => {
    it('keeps the words of a letterhead line before a separator, a number or a contact detail', () => {
      expect(texts(namePart(words('Hetzner Online GmbH • Industriestr. 25 • 91710 Gunzenhausen')))).to.equal('Hetzner Online GmbH');
      expect(texts(namePart(words('Acme Roofing LLC - 100 Main Street')))).to.equal('Acme Roofing LLC');
      expect(texts(namePart(words('Best Builders 555-1234')))).to.equal('Best Builders');
      expect(texts(namePart(words('Acme Roofing www.acme.com')))).to.equal('Acme Roofing');
      expect(texts(namePart(words('Northwind Traders Inc.')))).to.equal('Northwind Traders Inc.');
    });
  });
});
