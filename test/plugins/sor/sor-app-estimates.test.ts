import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** Estimates from apps and templates: item cards tiled across, units named in the headers, a recap box beside the terms. */

const across = (...cards: string[]): string => cards.map((card) => card.padEnd(34)).join('').trimEnd();
const banner = (name: string, count: string): string => `${name.padEnd(80)}${count.padStart(22)}`;
const summary = (label: string, amount: string): string => `${''.padEnd(68)}${label.padEnd(22)}${amount.padStart(12)}`;

const CARDS = [
  'Summit Remodeling Group                                   Estimate #142B',
  'Client: Susan N. Gallagher     Job site: 9622 Mill Creek Cir, Richmond, VA 23265',
  '',
  banner('Basement', '2 items · $4,600.00'),
  '',
  across('#1 Replace cracked slab section,', '#2 Replace ductwork, trunk and'),
  across('4 in. with vapor barrier', 'flex branch runs'),
  across('Quantity: 129 SF', 'Quantity: 198 LF'),
  across('Material: $500.00', 'Material: $2,000.00'),
  across('Labor: $1,100.00', 'Labor: $1,000.00'),
  across('Line total: $1,600.00', 'Line total: $3,000.00'),
  '',
  '',
  banner('Garage', '1 item · $2,000.00'),
  '',
  across('#3 Insulated steel garage door'),
  across('Quantity: 1 EA'),
  across('Material: $1,500.00'),
  across('Labor: $500.00'),
  across('Line total: $2,000.00'),
  '',
  '',
  summary('Estimate Summary', ''),
  summary('Subtotal', '$6,600.00'),
  summary('Contractor markup (10%)', '$660.00'),
  summary('Permit', '$240.00'),
  summary('Grand total', '$7,500.00'),
  summary('Deposit due (30%)', '$2,250.00'),
].join('\n');

const row = (ref: string, description: string, area: string, length: string, count: string, total: string): string =>
  `${ref.padEnd(6)}${description.padEnd(40)}${area.padStart(8)}${length.padStart(9)}${count.padStart(8)}${total.padStart(12)}`;

const WRITE_UP = [
  'SPECIFICATION OF REPAIRS AND COST ESTIMATE',
  '',
  row('', '', 'Area', 'Length', 'Count', 'Line'),
  row('Ref.', 'Description of Work', '(SF)', '(LF)', '(EA)', 'Total'),
  'A. ROOF',
  row('A.1', 'Replace damaged roof decking, OSB', '326.5', '', '', '999.09'),
  row('A.2', 'Seamless aluminum gutters', '', '230', '', '1,858.40'),
  row('A.3', 'Recessed LED wafer lights', '', '', '12', '1,020.00'),
  '',
  `${'RECAP'.padEnd(40)}`,
  `${'Cost of repairs, all rooms'.padEnd(50)}${'3,877.49'.padStart(12)}`,
  `${'Permits and fees'.padEnd(50)}${'600.00'.padStart(12)}`,
  `${'TOTAL REPAIR ESTIMATE'.padEnd(50)}${'$4,477.49'.padStart(12)}`,
].join('\n');

const terms = (text: string, label: string, amount: string): string => `${text.padEnd(56)}${label.padEnd(30)}${amount.padStart(12)}`;
const line = (number: string, description: string, qty: string, unit: string, total: string): string =>
  `${number.padEnd(7)}${description.padEnd(45)}${qty.padStart(8)}  ${unit.padEnd(5)}${total.padStart(12)}`;

const RECAP_BESIDE_TERMS = [
  'RENOVATION ESTIMATE',
  '',
  line('Line', 'Scope Item', 'Qty', 'UOM', 'Line Total'),
  'GENERAL REQUIREMENTS',
  line('1-01', 'Roll-off dumpster, delivery and disposal', '3.00', 'EA', '1,457.01'),
  line('1-02', 'Project supervision / site superintendent', '20.00', 'HR', '1,720.00'),
  'DEMOLITION',
  line('2-01', 'Remove existing vinyl siding and haul away', '12.00', 'SQ', '600.00'),
  line('2-02', 'Credit: scrap metal salvage value', '1.00', 'LS', '(155.00)'),
  '',
  terms('TERMS AND CONDITIONS', 'ESTIMATE SUMMARY', ''),
  terms('1. This estimate is based on a site visit.', 'GENERAL REQUIREMENTS', '3,177.01'),
  terms('2. Prices hold for 30 days from the date above.', 'DEMOLITION', '445.00'),
  terms('3. Permits are obtained by the contractor.', 'Direct cost subtotal', '3,622.01'),
  terms('4. Payments follow the lender draw schedule.', 'General requirements (8%)', '289.76'),
  terms('5. All work carries a one-year warranty.', 'Overhead & profit (15%)', '543.30'),
  terms('6. The owner keeps pets clear of work areas.', 'ESTIMATE TOTAL', '$4,455.07'),
].join('\n');

describe('plugin-sor: estimates from apps and templates', () => {
  it('reads item cards tiled across the page as line items, each banner a section, and the summary card as the recap', () => {
    const { data } = extractSor(documentFromText(CARDS, { columns: 110 }));
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((item) => item.description)])).to.deep.equal([
      ['Basement', ['Replace cracked slab section, 4 in. with vapor barrier', 'Replace ductwork, trunk and flex branch runs']],
      ['Garage', ['Insulated steel garage door']],
    ]);
    expect(data.constructionSections[0].lineItems[0]).to.include({ quantity: 129, unit: 'SF', materialCost: 500, laborCost: 1100, totalCost: 1600 });
    expect(data.recapSummary).to.deep.equal({ subtotal: 6600, generalConditions: null, overheadAndProfit: 660, grandTotal: 7500 });
  });

  it('reads the unit a column header names ("Length (LF)") as the unit of the quantity in it, and "TOTAL REPAIR ESTIMATE" as the grand total', () => {
    const { data } = extractSor(documentFromText(WRITE_UP, { columns: 100 }));
    expect(data.constructionSections[0].lineItems.map((item) => [item.quantity, item.unit])).to.deep.equal([
      [326.5, 'SF'],
      [230, 'LF'],
      [12, 'EA'],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(4477.49);
  });

  it('reads a summary by trade in a recap box beside the terms as totals of groups, a trade named like a recap line included', () => {
    const { data } = extractSor(documentFromText(RECAP_BESIDE_TERMS, { columns: 100 }));
    expect(data.recapSummary).to.deep.equal({ subtotal: 3622.01, generalConditions: 289.76, overheadAndProfit: 543.3, grandTotal: 4455.07 });
  });

  it('keeps the items of a table when cards of optional upgrades printed under it outnumber them', () => {
    const item = (description: string, qty: string, unit: string, price: string, total: string): string =>
      `${description.padEnd(44)}${qty.padStart(6)}  ${unit.padEnd(5)}${price.padStart(12)}${total.padStart(12)}`;
    const options = (...cards: string[]): string => cards.map((card) => card.padEnd(30)).join('').trimEnd();
    const { data } = extractSor(
      documentFromText(
        [
          'KITCHEN REMODEL ESTIMATE',
          '',
          item('Description', 'Qty', 'Unit', 'Unit Price', 'Total'),
          item('Base and wall cabinets, shaker, installed', '1', 'LS', '8,000.00', '8,000.00'),
          item('Laminate countertops with backsplash', '30', 'LF', '60.00', '1,800.00'),
          '',
          `${'Grand total'.padEnd(68)}${'$9,800.00'.padStart(12)}`,
          '',
          'OPTIONAL UPGRADES (not included above)',
          options('#1 Quartz countertops', '#2 Soft-close hinges', '#3 Under-cabinet lights'),
          options('Quantity: 30 LF', 'Quantity: 24 EA', 'Quantity: 6 EA'),
          options('Price: $2,400.00', 'Price: $360.00', 'Price: $540.00'),
        ].join('\n'),
        { columns: 100 },
      ),
    );
    expect(data.constructionSections.flatMap((section) => section.lineItems.map((line) => [line.description, line.totalCost]))).to.deep.equal([
      ['Base and wall cabinets, shaker, installed', 8000],
      ['Laminate countertops with backsplash', 1800],
    ]);
  });
});
