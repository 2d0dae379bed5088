import { expect } from 'chai';
import type { Word } from '../../../core/src/contracts/document.js';
import { readTables, textOf } from '../../../core/src/layout/index.js';
import { timelineWords } from '../../../core/src/layout/tables/timeline.js';
import { DOT, fixed, page, read, rolesOf, rowsOf, tablesOf } from './helpers.js';

/** A contractor's scope, budget and schedule in one grid: cost columns at the left, a time scale with bars at the right. */

const row = fixed(5, 34, -6, -9, -10, -10, 2, -7, -7, -7);
/** The caption centred over the time scale. */
const caption = (text: string): string => `${' '.repeat(80)}${text}`;

describe('core layout: schedules beside a cost table (Gantt charts)', () => {
  it('reads the header without the weeks printed beside it, and a summary row whose items add up to its total as their heading', () => {
    const { tables } = tablesOf(
      page(
        caption('Week beginning'),
        row('#', 'Task', 'Dur.', 'Labor', 'Materials', 'Total', '', '10/7', '10/14', '10/21'),
        row('1', 'Phase 1 – Rough & Trim Carpentry', '5d', '', '', '1,856.00'),
        row('1.1', 'Remove vinyl siding and haul away', '5d', '731.00', '0.00', '731.00'),
        row('1.2', 'Tear out deteriorated rear porch', '3d', '1,125.00', '0.00', '1,125.00'),
        row('2', 'Doors & Windows', '15d', '', '', '4,662.60'),
        row('2.1', 'Exterior entry door, steel prehung', '4d', '2,242.00', '2,420.60', '4,662.60'),
        row('2.2', 'Rough-in inspection (city)', '0d'),
        '',
        row('', 'Total direct cost', '', '', '', '6,518.60'),
      ),
    );
    expect(tables).to.have.length(1);
    const [table] = tables;
    expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'duration', 'labor', 'material', 'amount', null]);
    expect(table.header.columns.at(-1)?.label).to.match(/10\/7 10\/14 10\/21$/);
    expect(table.entries.map((entry) => (entry.kind === 'heading' ? `heading ${textOf(entry.label)}` : `${entry.kind} ${read(entry).description}`))).to.deep.equal([
      'heading 1 Phase 1 – Rough & Trim Carpentry 1,856.00',
      'item Remove vinyl siding and haul away',
      'item Tear out deteriorated rear porch',
      'heading 2 Doors & Windows 4,662.60',
      'item Exterior entry door, steel prehung',
    ]);
    expect(read(table.entries[1])).to.include({ duration: '5d', labor: '731.00', material: '0.00', amount: '731.00' });
  });

  it('reads week labels on a row of their own under the header, a duration in days as no quantity, and phase totals as subtotals', () => {
    const weeks = row;
    const { tables } = tablesOf(
      page(
        caption('Schedule (weeks)'),
        row('#', 'Task Name', 'Dur.', 'Labor', 'Materials', 'Total'),
        weeks('', '', '', '', '', '', '', 'W1', 'W2', 'W3'),
        row('1', 'General Requirements', '10 days'),
        row('1.1', 'Project supervision', '15 days', '3,195.00', '0.00', '3,195.00'),
        row('1.2', 'Portable toilet rental', '10 days', '0.00', '840.00', '840.00'),
        row('', 'Phase total', '', '3,195.00', '840.00', '4,035.00'),
        row('2', 'Doors & Windows', '5 days'),
        row('2.1', 'Exterior entry door, steel prehung', '4 days', '590.00', '1,260.00', '1,850.00'),
        row('2.2', 'Full-view storm door, aluminum', '3 days', '199.00', '319.00', '518.00'),
        row('', 'Phase total', '', '789.00', '1,579.00', '2,368.00'),
        '',
        row('', 'Total direct cost', '', '', '', '6,403.00'),
      ),
    );
    expect(tables).to.have.length(1);
    const [table] = tables;
    expect(rolesOf(table.header.columns)).to.deep.equal(['itemNumber', 'description', 'duration', 'labor', 'material', 'amount', null]);
    expect(table.entries.map((entry) => entry.kind)).to.deep.equal(['heading', 'item', 'item', 'subtotal', 'heading', 'item', 'item', 'subtotal']);
    expect(textOf(table.entries[4].label)).to.equal('2 Doors & Windows');
    expect(read(table.entries[1])).to.deep.equal({ kind: 'item', itemNumber: '1.1', description: 'Project supervision', duration: '15 days', labor: '3,195.00', material: '0.00', amount: '3,195.00' });
  });

  it('takes a time scale OCR misread for one when a caption over it names its periods, and not without one', () => {
    const header = row('#', 'Task Name', 'Dur.', 'Labor', 'Materials', 'Total', '', 'ws', 'We', 'wz');
    const [captionRow, headerRow] = rowsOf(page(caption('Schedule (weeks)'), header));
    const texts = (words: Set<Word>): string[] => [...words].map((word) => word.text);
    expect(texts(timelineWords([captionRow, headerRow]))).to.have.members(['ws', 'We', 'wz', 'Schedule', '(weeks)']);
    expect(texts(timelineWords([headerRow]))).to.deep.equal([]);
    // Labels of columns ("Labor  Materials  Total") are not evenly spaced periods.
    const [dated] = rowsOf(fixed(5, 34, -6, -9, -10, -10, -8, -8, -8)('#', 'Task Name', 'Dur.', 'Labor', 'Materials', 'Total', 'Oct 7', 'Oct 14', 'Oct 21'));
    expect(texts(timelineWords([dated]))).to.deep.equal(['Oct', '7', 'Oct', '14', 'Oct', '21']);
  });

  it('goes on under a header printed again whose text columns OCR lost, its other columns where the table\'s stand', () => {
    const costs = fixed(5, 34, -6, -9, -10, -10);
    const pages = [
      page(costs('#', 'Task Name', 'Dur.', 'Labor', 'Materials', 'Total'), costs('1.1', 'Project supervision', '15d', '3,195.00', '0.00', '3,195.00'), costs('1.2', 'Portable toilet rental', '10d', '0.00', '840.00', '840.00')),
      page(costs('', '', 'Dur.', 'Labor', 'Materials', 'Total'), costs('1.3', 'Temporary electric service', '5d', '411.00', '217.00', '628.00'), costs('1.4', 'Final construction clean', '5d', '680.00', '99.00', '779.00')),
    ];
    const scanned = readTables(rowsOf(pages, { source: 'ocr' }), { format: DOT });
    expect(scanned).to.have.length(1);
    expect(scanned[0].entries.map((entry) => read(entry).description)).to.deep.equal(['Project supervision', 'Portable toilet rental', 'Temporary electric service', 'Final construction clean']);
    // The text layer prints what it prints: a header without them starts a table of its own.
    expect(readTables(rowsOf(pages), { format: DOT })).to.have.length(2);
  });
});
