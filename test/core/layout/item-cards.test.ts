import { expect } from 'chai';
import { readItemCards, textOf } from '../../../core/src/layout/index.js';
import { DOT, page, rowsOf } from './helpers.js';

/** An app's estimate: one card per item, the cards tiled three across, a banner over each room's cards. */

const across = (...cards: string[]): string => cards.map((card) => card.padEnd(34)).join('').trimEnd();
const banner = (name: string, count: string): string => `${name.padEnd(80)}${count.padStart(22)}`;

const ESTIMATE = page(
  'Summit Remodeling Group                                   Estimate #142B',
  '',
  banner('Basement', '4 items · $6,200.00'),
  '',
  across('#1 Replace cracked slab section,', '#2 Replace ductwork, trunk and', '#3 Luxury vinyl plank flooring'),
  across('4 in. with vapor barrier', 'flex branch runs', 'Quantity: 580 SF'),
  across('Quantity: 129 SF', 'Quantity: 198 LF', 'Material: $1,900.00'),
  across('Material: $500.00', 'Material: $2,000.00', 'Labor: $1,300.00'),
  across('Labor: $1,100.00', 'Labor: $1,000.00', 'Line total: $3,200.00'),
  across('Line total: $1,600.00', 'Line total: $3,000.00'),
  '',
  '',
  across('#4 Credit: scrap metal salvage'),
  across('Quantity: 1 LS'),
  across('Material: - $200.00'),
  across('Labor: $0.00'),
  across('Line total: - $200.00'),
  '',
  '',
  banner('Garage', '1 item · $2,000.00'),
  '',
  across('#5 Insulated steel garage door'),
  across('Quantity: 1 EA'),
  across('Material: $1,500.00'),
  across('Labor: $500.00'),
  across('Line total: $2,000.00'),
);

describe('core layout: line items printed as cards tiled across the page', () => {
  it('reads each card as an item, across each row of cards then down, under the banner that heads them', () => {
    const { sections } = readItemCards(rowsOf(ESTIMATE), { format: DOT });
    expect(sections.map((section) => [textOf(section.heading), section.total?.amount.value])).to.deep.equal([
      ['Basement', 6200],
      ['Garage', 2000],
    ]);
    const items = sections.flatMap((section) => section.items);
    expect(items.map((item) => textOf(item.description))).to.deep.equal([
      'Replace cracked slab section, 4 in. with vapor barrier',
      'Replace ductwork, trunk and flex branch runs',
      'Luxury vinyl plank flooring',
      'Credit: scrap metal salvage',
      'Insulated steel garage door',
    ]);
    expect(items.map((item) => [item.costs?.quantity?.value, item.costs?.unit?.value, item.costs?.material?.value, item.costs?.labor?.value, item.costs?.total?.value])).to.deep.equal([
      [129, 'SF', 500, 1100, 1600],
      [198, 'LF', 2000, 1000, 3000],
      [580, 'SF', 1900, 1300, 3200],
      [1, 'LS', -200, 0, -200],
      [1, 'EA', 1500, 500, 2000],
    ]);
  });

  it('reads no cards where items are not numbered blocks of labelled values', () => {
    const text = page('#1 Replace cracked slab section', 'Replace it with care before winter comes.', '', '#2 Replace ductwork');
    expect(readItemCards(rowsOf(text), { format: DOT }).sections).to.deep.equal([]);
  });
});
