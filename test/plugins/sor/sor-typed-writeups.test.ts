import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

const pad = (width: number, text: string): string => (width < 0 ? text.padStart(-width) : text.padEnd(width));
const row = (widths: number[], cells: string[]): string => widths.map((width, index) => pad(width, cells[index] ?? '')).join('').trimEnd();

/** A consultant's write-up: each section's total on its heading row after a dot leader, units in lower case with full stops. */
const WRITEUP = [5, 52, -6, -6, -11, -11, -11];
const writeup = (...cells: string[]): string => row(WRITEUP, cells);
const WRITEUP_WIDTH = WRITEUP.reduce((sum, width) => sum + Math.abs(width), 0);
const heading = (title: string, total: string): string => `${title} ${'.'.repeat(WRITEUP_WIDTH - title.length - total.length - 2)} ${total}`;
const recapLine = (label: string, amount: string): string => `${' '.repeat(46)}${label.padEnd(WRITEUP_WIDTH - 46 - amount.length)}${amount}`;

/** A typed proposal: a unit price between the unit and the amount, a total at the foot of every page. */
const PROPOSAL = [6, 46, -6, 6, -12, -14];
/** The unit set a space after the quantity, as a typewriter prints it. */
const proposal = (...cells: string[]): string => row(PROPOSAL, cells.map((cell, index) => (index === 3 && cell !== '' ? ` ${cell}` : cell)));
const PROPOSAL_HEADER = proposal('ITEM', 'DESCRIPTION', 'QTY', 'UNIT', 'UNIT PRICE', 'AMOUNT');

describe('plugin-sor typed write-ups and proposals', () => {
  it('reads a write-up with its sections’ totals on their headings, notes between the items, lower-case units and the escrow after the cost of repairs', () => {
    const { data } = extractSor(
      documentFromText(
        [
          writeup('No.', 'Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total'),
          heading('BEDROOM 2', '2,447.80'),
          writeup('1.', 'Ceiling fan with light kit on fan-rated box', '4', 'ea.', '736.00', '612.00', '1,348.00'),
          writeup('2.', '3-1/4 in. MDF baseboard, installed and painted', '260', 'l.f.', '434.20', '665.60', '1,099.80'),
          writeup('', 'NOTE: Match existing profile and finish.'),
          writeup('', ''),
          heading('DINING ROOM', '2,961.84'),
          writeup('3.', 'Prime and paint walls and ceilings', '1,722', 's. f.', '706.02', '2,255.82', '2,961.84'),
          '',
          recapLine('Total of all sections', '$5,409.64'),
          recapLine('TOTAL COST OF REPAIRS', '$5,409.64'),
          recapLine('Held in the rehabilitation escrow:', ''),
          recapLine('Contingency reserve (10%)', '$540.96'),
          recapLine('Consultant fee (write-up)', '$600.00'),
          recapLine('TOTAL REHABILITATION COST', '$6,550.60'),
        ].join('\n'),
        { columns: 110 },
      ),
    );
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.length])).to.deep.equal([
      ['BEDROOM 2', 2],
      ['DINING ROOM', 1],
    ]);
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => [item.description, item.quantity, item.unit, item.totalCost]))).to.deep.equal([
      ['Ceiling fan with light kit on fan-rated box', 4, 'EA', 1348],
      ['3-1/4 in. MDF baseboard, installed and painted', 260, 'LF', 1099.8],
      ['Prime and paint walls and ceilings', 1722, 'SF', 2961.84],
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 5409.64, generalConditions: null, overheadAndProfit: null, grandTotal: 5409.64 });
    expect(data.additionalInfo?.linesAfterGrandTotal?.map((line) => line.label)).to.deep.equal(['Contingency reserve (10%)', 'Consultant fee (write-up)', 'TOTAL REHABILITATION COST']);
  });

  it('reads a proposal with a total at the foot of every page and a recapitulation of the page totals; "CR" marks a credit', () => {
    const recap = (label: string, amount: string): string => proposal('', label, '', '', '', amount);
    const { data } = extractSor(
      documentFromText([
        [
          PROPOSAL_HEADER,
          'DEMOLITION',
          proposal('1.', 'Tear out deteriorated rear porch and steps,', '1', 'LS', '835.00', '835.00'),
          proposal('', 'haul and dispose of debris off site'),
          proposal('2.', 'Credit: owner to keep existing storm doors', '1', 'LS', '385.00 CR', '385.00 CR'),
          '',
          proposal('', 'PAGE 1 TOTAL', '', '', '', '450.00'),
        ].join('\n'),
        [
          "DEMOLITION (CONT'D)",
          proposal('3.', 'Remove abandoned oil tank, cap lines and obtain', '1', 'EA', '1,078.00', '1,078.00'),
          proposal('', 'closure letter'),
          '',
          proposal('', 'PAGE 2 TOTAL', '', '', '', '1,078.00'),
          '',
          'RECAPITULATION',
          recap('Page 1', '450.00'),
          recap('Page 2', '1,078.00'),
          recap('TOTAL ALL PAGES', '1,528.00'),
          recap('Overhead 10%', '152.80'),
          recap('Profit 8%', '122.24'),
          recap('TOTAL PROPOSAL PRICE', '$1,803.04'),
        ].join('\n'),
      ]),
    );
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((item) => [item.description, item.totalCost]))).to.deep.equal([
      ['Tear out deteriorated rear porch and steps, haul and dispose of debris off site', 835],
      ['Credit: owner to keep existing storm doors', -385],
      ['Remove abandoned oil tank, cap lines and obtain closure letter', 1078],
    ]);
    expect(data.recapSummary).to.deep.equal({ subtotal: 1528, generalConditions: null, overheadAndProfit: 275.04, grandTotal: 1803.04 });
  });

  it('takes an OCR line amount lost beside its quantity and unit price as their product, and overhead and profit whose profit amount was lost from the grand total', () => {
    const { data, fieldDetails } = extractSor(
      documentFromText(
        [
          PROPOSAL_HEADER,
          proposal('1.', 'Replace driveway apron, 6 in. concrete', '273', 'SF', '12.92', ''),
          proposal('2.', 'Concrete front walk, broom finish', '250', 'SF', '12.08', '3,020.00'),
          '',
          proposal('', 'TOTAL ALL PAGES', '', '', '', '6,547.16'),
          proposal('', 'Overhead 10%', '', '', '', '654.72'),
          proposal('', 'Profit 8%'),
          proposal('', 'TOTAL PROPOSAL PRICE', '', '', '', '$7,725.65'),
        ].join('\n'),
        { source: 'ocr' },
      ),
    );
    expect(data.constructionSections[0].lineItems.map((item) => item.totalCost)).to.deep.equal([3527.16, 3020]);
    expect(fieldDetails['constructionSections[0].lineItems[0].totalCost'].derivation).to.equal('quantity × unit price');
    expect(data.recapSummary).to.deep.equal({ subtotal: 6547.16, generalConditions: null, overheadAndProfit: 1178.49, grandTotal: 7725.65 });
  });
});
