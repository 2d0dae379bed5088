import { expect } from 'chai';
import { findAddressee, findIssuer, isDocumentTitle, isLetterGreeting, readLayout, type DocumentLayout } from '../../../core/src/layout/index.js';
import { documentFromText, type TextPageOptions } from '../../../core/src/testing/document-from-text.js';
import { page, word } from './helpers.js';

const layoutOf = (text: string, options: TextPageOptions = {}): DocumentLayout => readLayout(documentFromText(text, options));

const ITEMS = [
  'Description                                       Amount',
  'Deck repair                                      4,200.00',
  'Railings                                         9,800.00',
  '',
  'Total                                           14,000.00',
];

/** A letterhead, the document's title and date, a bill-to block and a table. */
const invoice = (letterhead: string[], billTo: string[]): string =>
  page(...letterhead, '', '', 'Invoice 2041                                  Date: 03/03/2026', '', 'Bill To:', ...billTo, '', ...ITEMS);

describe('core layout: parties', () => {
  describe('findIssuer', () => {
    it('picks the letterhead company with its legal form, not the addressee that has one too', () => {
      const layout = layoutOf(invoice(['Hammer & Trowel Builders LLC', '1200 Industrial Pkwy', 'Houston, TX 77001'], ['Northwind Traders Inc.', '12 Elm St', 'Springfield, IL 62701']));
      const issuer = findIssuer(layout);
      expect(issuer?.text).to.equal('Hammer & Trowel Builders LLC');
      expect(issuer?.page).to.equal(1);
      expect(issuer?.words.map((entry) => entry.text)).to.deep.equal(['Hammer', '&', 'Trowel', 'Builders', 'LLC']);
      expect(issuer?.confidence).to.be.at.least(0.45);
    });

    it('reads a name ending in its legal form\'s dot ("… Ltd.") as a name, not a sentence', () => {
      const layout = layoutOf(invoice(['Tri-County Home Improvement Ltd.', '45 Mill Road', 'Leeds LS1 4AB'], ['Northwind Traders Inc.', '12 Elm St', 'Springfield, IL 62701']));
      expect(findIssuer(layout)?.text).to.equal('Tri-County Home Improvement Ltd.');
    });

    it('cuts the address off a letterhead line that runs on after a separator', () => {
      const layout = layoutOf(invoice(['Hetzner Online GmbH • Industriestr. 25 • 91710 Gunzenhausen'], ['Northwind Traders Inc.', '12 Elm St', 'Springfield, IL 62701']));
      expect(findIssuer(layout)?.text).to.equal('Hetzner Online GmbH');
    });

    it('picks the letterhead over a company named in the bill-to block printed beside it', () => {
      const layout = layoutOf(
        page(
          'Acme Roofing LLC                                Bill To:',
          '100 Main Street                                 Northwind Traders Inc.',
          'Austin, TX 78701                                12 Elm St',
          '                                                Springfield, IL 62701',
          '',
          ...ITEMS,
        ),
      );
      expect(findIssuer(layout)?.text).to.equal('Acme Roofing LLC');
    });

    it('leaves out a letterhead that OCR read too unsurely to be a name', () => {
      const text = invoice(['Tri-County Home Improvement Ltd.', '45 Mill Road', 'Leeds LS1 4AB'], ['Jane Q. Public', '12 Elm St', 'Springfield, IL 62701']);
      const sure = documentFromText(text, { source: 'ocr' });
      const unsure = documentFromText(text, { source: 'ocr' });
      // The letterhead's words as OCR with a low confidence (a logo or a speck, not a name).
      unsure.pages[0].words = unsure.pages[0].words.map((entry) => (entry.bbox[1] < 0.01 ? word(entry.text, entry.bbox, { source: 'ocr', confidence: 0.4 }) : entry));
      expect(findIssuer(readLayout(sure))?.text).to.equal('Tri-County Home Improvement Ltd.');
      expect(findIssuer(readLayout(unsure))?.text).to.not.equal('Tri-County Home Improvement Ltd.');
    });

    it('takes the name in large type over the address in small type printed across it for the letterhead', () => {
      const document = documentFromText(page('', '', '', 'Albuquerque, NM 87137', 'Phone 505-287-0545', '', '', ...ITEMS.slice(0, 3)));
      // "Tri-County Construction Co." in large type, "8142 Belmont Way" in small type across its first word.
      document.pages[0].words.unshift(
        word('Tri-County', [0.06, 0.01, 0.16, 0.034]),
        word('8142', [0.06, 0.024, 0.09, 0.036]),
        word('Belmont', [0.095, 0.024, 0.14, 0.036]),
        word('Way', [0.145, 0.024, 0.17, 0.038]),
        word('Construction', [0.18, 0.01, 0.3, 0.034]),
        word('Co.', [0.31, 0.01, 0.34, 0.034]),
      );
      document.pages[0].words.push(word('PROPOSAL', [0.7, 0.005, 0.9, 0.03]));
      const issuer = findIssuer(readLayout(document));
      expect(issuer?.text).to.equal('Tri-County Construction Co.');
      expect(issuer?.confidence).to.be.at.least(0.6);
    });

    it('takes no value of a facts grid under its caption row for the letterhead ("ESCROW" over "Summit Escrow Group LLC")', () => {
      const layout = layoutOf(
        page(
          'Quarry Home Repair',
          '4273 Kingsley Ave, Knoxville, TN 37946',
          '',
          'LOAN NUMBER          FHA CASE NO.          ESCROW                     BID DATE',
          '3843570440           245-6455734           Summit Escrow Group LLC    November 22, 2026',
          '',
          ...ITEMS,
        ),
      );
      expect(findIssuer(layout)?.text).to.not.equal('Summit Escrow Group LLC');
    });

    it('takes no courtesy line for the issuer, in any lexicon language, though it stands over the tax id', () => {
      for (const courtesy of ['Thank you for visiting', 'Merci de votre visite', 'Vielen Dank für Ihren Einkauf', 'Gracias por su compra', 'Bedankt voor uw bezoek']) {
        const receipt = page('26 Feb 2016 15:20', '', 'Clachan', '34 Kingley Street', '', 'Meantime Pale          10.20', 'Total                  10.20', '', courtesy, 'Clachan', 'VAT No: GB232153895');
        expect(findIssuer(layoutOf(receipt))?.text, courtesy).to.equal('Clachan');
      }
    });

    it('takes the letterhead under a speck OCR read as a sign ("i}") for the topmost block', () => {
      const receipt = page('i}', '', 'Clachan', '34 Kingley Street', '', 'Sylvia', '', 'Meantime Pale          10.20', 'Total                  10.20', '', 'Card Payment', '', 'Clachan', 'VAT No: GB232153895');
      const issuer = findIssuer(layoutOf(receipt));
      expect(issuer?.text).to.equal('Clachan');
      expect(issuer?.words[0].bbox[1]).to.be.below(0.1);
    });

    it('finds no issuer on a page with no name line', () => {
      expect(findIssuer(layoutOf(page(...ITEMS)))).to.equal(null);
    });
  });

  describe('findAddressee', () => {
    it('finds the name of the bill-to block, skipping its label', () => {
      const layout = layoutOf(invoice(['Hammer & Trowel Builders LLC', '1200 Industrial Pkwy', 'Houston, TX 77001'], ['Jane Q. Public', '12 Elm St', 'Springfield, IL 62701']));
      const addressee = findAddressee(layout, findIssuer(layout));
      expect(addressee?.text).to.equal('Jane Q. Public');
      expect(addressee?.page).to.equal(1);
    });

    it('prefers the company line of a block that names a person and a company', () => {
      const layout = layoutOf(
        invoice(['Hammer & Trowel Builders LLC', '1200 Industrial Pkwy', 'Houston, TX 77001'], ['Jane Q. Public', 'Northwind Traders Inc.', '12 Elm St', 'Springfield, IL 62701']),
      );
      expect(findAddressee(layout, findIssuer(layout))?.text).to.equal('Northwind Traders Inc.');
    });

    it('gives the lines of the address under the name: a letter\'s inside address under its date', () => {
      const layout = layoutOf(page('Hammer & Trowel Builders LLC', '1200 Industrial Pkwy', 'Houston, TX 77001', '', 'March 3, 2026', '', 'Jane Q. Public', '12 Elm St', 'Springfield, IL 62701', '', 'Dear Ms. Public:'));
      const addressee = findAddressee(layout, findIssuer(layout));
      expect(addressee?.text).to.equal('Jane Q. Public');
      expect(addressee?.address.map((line) => line.map((entry) => entry.text).join(' '))).to.deep.equal(['12 Elm St', 'Springfield, IL 62701']);
    });

    it('reads the block beside the letterhead, and drops a salutation before the name', () => {
      const layout = layoutOf(
        page(
          'Acme Roofing LLC                                Mr. John Smith',
          '100 Main Street                                 12 Elm St',
          'Austin, TX 78701                                Springfield, IL 62701',
          '',
          ...ITEMS,
        ),
      );
      expect(findAddressee(layout, findIssuer(layout))?.text).to.equal('John Smith');
    });

    it('without a known issuer, takes the first address of the page as the sender\'s', () => {
      const layout = layoutOf(invoice(['Hammer & Trowel Builders', '1200 Industrial Pkwy', 'Houston, TX 77001'], ['Jane Q. Public', '12 Elm St', 'Springfield, IL 62701']));
      expect(findAddressee(layout, null)?.text).to.equal('Jane Q. Public');
    });

    it('finds none where no block reads as an address', () => {
      const layout = layoutOf(page('Hammer & Trowel Builders LLC', '', '', ...ITEMS));
      expect(findAddressee(layout, findIssuer(layout))).to.equal(null);
    });
  });

  it('isLetterGreeting tells a letter\'s greeting in several languages from a line opening with the same word', () => {
    const greeting = (text: string): boolean => isLetterGreeting(text.split(' ').map((entry, index) => word(entry, [index / 10, 0, (index + 1) / 10, 0.01])));
    expect(['Dear Homeowner(s):', 'Dear Rebecca Lindqvist:', 'Dear Homeowner(s)', 'Sehr geehrte Damen und Herren,', 'Estimado cliente:', 'Hi Tom,'].map(greeting)).to.deep.equal([true, true, true, true, true, true]);
    expect(['Dear', 'Hi-Lo range hood 30 in. stainless with light', 'Dear Sir or Madam, thank you for your order of March'].map(greeting)).to.deep.equal([false, false, false]);
  });

  it('isDocumentTitle tells a document title word in several languages from a name', () => {
    const at = (text: string): boolean => isDocumentTitle(word(text, [0, 0, 0.1, 0.01]));
    expect(['Invoice', 'INVOICE#', 'Rechnung:', 'Facture', 'Factura', 'Quote', 'Receipt'].map(at)).to.deep.equal([true, true, true, true, true, true, true]);
    expect(['Acme', 'Invoices', 'Total'].map(at)).to.deep.equal([false, false, false]);
    expect(isDocumentTitle(undefined)).to.equal(false);
  });
});
