import { expect } from 'chai';
import {
  cachedByText,
  centreInside,
  editDistance,
  foldText,
  foldWord,
  horizontalOverlap,
  meanConfidence,
  ocrFold,
  similarity,
  splitIdentifier,
  stripAccents,
  textOf,
  verticalOverlap,
  wordsBox,
} from '../../../core/src/layout/index.js';
import { word } from './helpers.js';

describe('core layout: text and boxes', () => {
  describe('folding', () => {
    it('cachedByText reads each text once while the cache lasts', () => {
      const read: string[] = [];
      const upper = cachedByText((text: string) => {
        read.push(text);
        return text.toUpperCase();
      });
      expect(['total', 'amount', 'total', 'total'].map(upper)).to.deep.equal(['TOTAL', 'AMOUNT', 'TOTAL', 'TOTAL']);
      expect(read).to.deep.equal(['total', 'amount']);
    });

    it('stripAccents lower-cases and spells out accents and ligatures', () => {
      expect(stripAccents('Größe Nº')).to.equal('grosse no');
      expect(stripAccents('Œuvre Ærø Łódź')).to.equal('oeuvre aero lodz');
    });

    it('foldText keeps letters, digits, # and % and makes every other run one space', () => {
      expect(foldText('  Rechnungs-Nr.: 12,5 % (#4) ')).to.equal('rechnungs nr 12 5 % #4');
    });

    it('foldWord keeps a slash, and reads a lone & or + as "and"', () => {
      expect(foldWord('Qty/UOM')).to.equal('qty/uom');
      expect(foldWord('Überweisung:')).to.equal('uberweisung');
      expect(foldWord('&')).to.equal('and');
      expect(foldWord('+')).to.equal('and');
    });

    it('ocrFold makes the characters OCR confuses compare equal', () => {
      expect(ocrFold('lnv0ice')).to.equal(ocrFold('invoice'));
      expect(ocrFold('rnodel')).to.equal(ocrFold('model'));
      expect(ocrFold('5ub7otal')).to.not.equal(ocrFold('subtotal'));
    });
  });

  describe('comparison', () => {
    it('editDistance counts insertions, deletions and substitutions', () => {
      expect(editDistance('kitten', 'sitting')).to.equal(3);
      expect(editDistance('', 'abc')).to.equal(3);
      expect(editDistance('same', 'same')).to.equal(0);
      expect(editDistance('abcdef', 'uvwxyz', 2)).to.be.above(2);
    });

    it('similarity forgives a slip in a long word but none in a short one', () => {
      expect(similarity('invoice', 'invoce')).to.be.closeTo(6 / 7, 1e-9);
      expect(similarity('qty', 'qtx')).to.equal(0);
      expect(similarity('tax', 'tax')).to.equal(1);
      expect(similarity('', '')).to.equal(0);
      expect(similarity('description', 'desc')).to.equal(0);
    });

    it('splitIdentifier cuts camel case, snake case and digits into words', () => {
      expect(splitIdentifier('invoiceNumber2')).to.deep.equal(['invoice', 'number', '2']);
      expect(splitIdentifier('invoice_number')).to.deep.equal(['invoice', 'number']);
      expect(splitIdentifier('Invoice-Number')).to.deep.equal(['invoice', 'number']);
      expect(splitIdentifier('VATId')).to.deep.equal(['vat', 'id']);
    });
  });

  describe('boxes', () => {
    it('wordsBox is the rounded box around the words, null for none', () => {
      expect(wordsBox([word('a', [0.1, 0.2, 0.15, 0.21]), word('b', [0.123456, 0.19, 0.300049, 0.205])])).to.deep.equal([0.1, 0.19, 0.3, 0.21]);
      expect(wordsBox([])).to.equal(null);
    });

    it('measures overlap as a share of the smaller extent', () => {
      expect(horizontalOverlap([0, 0, 0.4, 0.1], [0.3, 0, 0.5, 0.1])).to.be.closeTo(0.5, 1e-9);
      expect(horizontalOverlap([0, 0, 0.1, 0.1], [0.2, 0, 0.3, 0.1])).to.equal(0);
      expect(verticalOverlap([0, 0, 1, 0.1], [0, 0.05, 1, 0.3])).to.be.closeTo(0.5, 1e-9);
      expect(centreInside([0.1, 0.1, 0.2, 0.2], [0, 0, 0.3, 0.3])).to.equal(true);
      expect(centreInside([0.25, 0.1, 0.45, 0.2], [0, 0, 0.3, 0.3])).to.equal(false);
    });

    it('textOf puts touching pieces of one printed word and split-off commas back together', () => {
      const pieces = [word('Engineer', [0.1, 0.1, 0.2, 0.11]), word("'", [0.2005, 0.1, 0.202, 0.11]), word('s', [0.2025, 0.1, 0.21, 0.11]), word('report', [0.22, 0.1, 0.3, 0.11])];
      expect(textOf(pieces)).to.equal("Engineer's report");
      expect(textOf([word('Smith', [0.1, 0.1, 0.15, 0.11]), word(',', [0.16, 0.1, 0.162, 0.11]), word('Jane', [0.17, 0.1, 0.2, 0.11])])).to.equal('Smith, Jane');
      expect(textOf([word('Total', [0.1, 0.1, 0.15, 0.11]), word('.5', [0.16, 0.1, 0.18, 0.11])])).to.equal('Total .5');
    });

    it('textOf keeps a number apart from an OCR word before it however close their boxes ("and 6", "foundation, 6"), not a size ("2x4")', () => {
      const ocr = { source: 'ocr' } as const;
      expect(textOf([word('and', [0.254, 0.1, 0.27, 0.11], ocr), word('6', [0.2715, 0.1, 0.276, 0.11], ocr), word('lb', [0.283, 0.1, 0.289, 0.11], ocr)])).to.equal('and 6 lb');
      expect(textOf([word('foundation,', [0.33, 0.1, 0.379, 0.11], ocr), word('6', [0.3795, 0.1, 0.385, 0.11], ocr)])).to.equal('foundation, 6');
      // A code a text layer split in runs stays one word.
      expect(textOf([word('INV', [0.1, 0.1, 0.12, 0.11]), word('00123', [0.1205, 0.1, 0.15, 0.11])])).to.equal('INV00123');
      expect(textOf([word('2x', [0.1, 0.1, 0.11, 0.11]), word('4', [0.1005, 0.1, 0.105, 0.11])])).to.equal('2x4');
    });

    it("textOf joins a split-off apostrophe and its letter measured against the whole text's characters, not the narrow pieces' own", () => {
      // As a PDF text layer gives "manufacturer's": the gap before "s" is wider than a third of the two narrow pieces' widths.
      const pieces = [
        word('per', [0.3297, 0.4808, 0.3505, 0.4893]),
        word('manufacturer', [0.3548, 0.4779, 0.4417, 0.4867]),
        word("'", [0.4426, 0.478, 0.444, 0.4811]),
        word('s', [0.4454, 0.4808, 0.4503, 0.4867]),
        word('installation', [0.4553, 0.4779, 0.5274, 0.4867]),
      ];
      expect(textOf(pieces)).to.equal("per manufacturer's installation");
    });

    it('textOf keeps words apart whose gap is a space, on a page much wider than tall (a photo), where the gap is small beside the height', () => {
      // A landscape photo: x is a fraction of 2021 px, y of 1604 px; the 6 px space is 0.003 of the width, the 26 px "6" 0.016 of the height.
      const photo = [word('Regrade', [0.1297, 0.794, 0.1646, 0.8056]), word('soil', [0.1677, 0.794, 0.1807, 0.8032]), word('6', [0.1838, 0.7916, 0.1872, 0.808])];
      expect(textOf(photo)).to.equal('Regrade soil 6');
    });

    it('meanConfidence averages the words, 1 for none', () => {
      expect(meanConfidence([word('a', [0, 0, 0.1, 0.1], { source: 'ocr', confidence: 0.6 }), word('b', [0, 0, 0.1, 0.1], { source: 'ocr', confidence: 0.8 })])).to.be.closeTo(0.7, 1e-9);
      expect(meanConfidence([])).to.equal(1);
    });
  });
});
