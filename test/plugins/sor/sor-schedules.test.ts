import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';

/** A contractor's scope, budget and Gantt schedule: phases with rolled-up totals, tasks, milestones and weeks beside the costs. */

const row = (...cells: string[]): string => {
  const widths = [5, 34, -6, -9, -10, -10, 2, -7, -7, -7];
  return widths.map((width, index) => (width < 0 ? (cells[index] ?? '').padStart(-width) : (cells[index] ?? '').padEnd(width))).join('').trimEnd();
};

describe('plugin-sor schedules (Gantt charts)', () => {
  it('reads phases as sections named without their row numbers, tasks as items, milestones as nothing, and the weeks as no column', () => {
    const { data } = extractSor(
      documentFromText(
        [
          'Valley Construction LLC                         PROJECT SCOPE, BUDGET & SCHEDULE',
          '',
          `${' '.repeat(80)}Week beginning`,
          row('#', 'Task', 'Dur.', 'Labor', 'Materials', 'Total', '', '10/7', '10/14', '10/21'),
          row('1', 'Demolition', '5d', '', '', '1,856.00'),
          row('1.1', 'Remove vinyl siding and haul away', '5d', '731.00', '0.00', '731.00'),
          row('1.2', 'Tear out deteriorated rear porch', '3d', '1,125.00', '0.00', '1,125.00'),
          row('2', 'Heating & Air Conditioning', '10d', '', '', '4,960.00'),
          row('2.1', '3 ton condensing unit with coil', '5d', '1,320.00', '3,640.00', '4,960.00'),
          row('2.2', 'Rough-in inspection (city)', '0d'),
          '',
          row('', 'Total direct cost', '', '', '', '6,816.00'),
          row('', "Contractor's fee (10%)", '', '', '', '681.60'),
          row('', 'CONTRACT SUM', '', '', '', '7,497.60'),
        ].join('\n'),
      ),
    );
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((line) => [line.description, line.quantity, line.laborCost, line.materialCost, line.totalCost])])).to.deep.equal([
      [
        'Demolition',
        [
          ['Remove vinyl siding and haul away', null, 731, 0, 731],
          ['Tear out deteriorated rear porch', null, 1125, 0, 1125],
        ],
      ],
      ['Heating & Air Conditioning', [['3 ton condensing unit with coil', null, 1320, 3640, 4960]]],
    ]);
    expect(data.recapSummary).to.include({ subtotal: 6816, overheadAndProfit: 681.6, grandTotal: 7497.6 });
  });
});
