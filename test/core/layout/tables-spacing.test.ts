import { expect } from 'chai';
import { buildRows, readTables } from '../../../core/src/layout/index.js';
import { documentFromText } from '../../../core/src/testing/document-from-text.js';
import { DOT, fixed, itemDescriptions, page } from './helpers.js';

const line = fixed(50, -12, -12, -12);

/** The tables of a page of the lines, each row from every index in `gapsBefore` on moved down by `gap` line heights (padding between items). */
function spacedTables(lines: string[], gapsBefore: number[], gap: number) {
  const document = documentFromText(page(...lines));
  const lineHeight = 1 / 66;
  for (const word of document.pages[0].words) {
    const index = Math.floor(word.bbox[1] / lineHeight + 0.01);
    const shift = gapsBefore.filter((before) => index >= before).length * gap * lineHeight;
    word.bbox = [word.bbox[0], word.bbox[1] + shift, word.bbox[2], word.bbox[3] + shift];
  }
  return readTables(buildRows(document), { format: DOT });
}

describe('core layout: tables whose items are told apart by their spacing', () => {
  const lines = [
    line('Description', 'Labor', 'Materials', 'Amount'),
    line('Prime and paint walls and ceilings, two coats'),
    line('eggshell', '1,330.00', '598.50', '1,928.50'),
    line('Tile tub surround over cement board backer, with'),
    line('niche; per manufacturer\'s installation'),
    line('instructions', '818.30', '545.30', '1,363.60'),
    line('Frost-free hose bibb', '248.00', '102.00', '350.00'),
  ];

  it('gives a line set closer to the item below than to the item above to the item below (values on the last line)', () => {
    const [table] = spacedTables(lines, [1, 3, 6], 0.35);
    expect(itemDescriptions(table)).to.deep.equal([
      'Prime and paint walls and ceilings, two coats eggshell',
      "Tile tub surround over cement board backer, with niche; per manufacturer's installation instructions",
      'Frost-free hose bibb',
    ]);
  });

  it('keeps a line evenly spaced between two items with the item above (values on the first line)', () => {
    const first = [
      line('Description', 'Labor', 'Materials', 'Amount'),
      line('Prime and paint walls and ceilings, two coats', '1,330.00', '598.50', '1,928.50'),
      line('Eggshell finish throughout'),
      line('Frost-free hose bibb', '248.00', '102.00', '350.00'),
    ];
    const [table] = spacedTables(first, [], 0);
    expect(itemDescriptions(table)).to.deep.equal(['Prime and paint walls and ceilings, two coats Eggshell finish throughout', 'Frost-free hose bibb']);
  });
});
