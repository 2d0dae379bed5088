import { expect } from 'chai';
import { findLabelSpans, labelsOnRow, labelWords, PhraseMatcher, textOf, valueRegions, type LabelSpan, type LayoutRow, type RegionOptions } from '../../../core/src/layout/index.js';
import { page, rowsOf } from './helpers.js';

const labels = PhraseMatcher.of<string>([
  ['borrower', ['Borrower']],
  ['phone', ['Phone']],
  ['address', ['Property Address']],
  ['date', ['Date']],
  ['dueDate', ['Due Date']],
  ['contractor', ['Contractor']],
  ['license', ['License #']],
  ['married', ['Married']],
]);

/** The regions of the strongest label of `concept`, as "arrangement: line / line". */
function regionsOf(rows: LayoutRow[], concept: string, options: Partial<RegionOptions> = {}): string[] {
  const spans = findLabelSpans(rows, labels);
  const span = spans.find((entry) => entry.value === concept);
  if (!span) throw new Error(`no ${concept} label`);
  return valueRegions(rows, span, { maxLines: 1, compact: false, stops: labelWords(spans), ...options }).map(
    (region) => `${region.arrangement}: ${region.lines.map((line) => textOf(line)).join(' / ')}`,
  );
}

const spanText = (span: LabelSpan<string>): string => textOf(span.row.words.slice(span.start, span.end));

describe('core layout: key-values', () => {
  describe('labels on a row', () => {
    it('finds every label of the matcher, left to right, with the words it covers', () => {
      const [row] = rowsOf('Borrower:   Jane Q. Public          Phone: 555-0100');
      expect(labelsOnRow(row, labels).map((span) => [span.value, spanText(span), span.start, span.end])).to.deep.equal([
        ['borrower', 'Borrower:', 0, 1],
        ['phone', 'Phone:', 4, 5],
      ]);
    });

    it('scores a label in its own cell or before a colon above the same words inside running text', () => {
      const rows = rowsOf(page('Borrower:   Jane Q. Public', 'Call the borrower before the visit'));
      const [own, prose] = rows.map((row) => labelsOnRow(row, labels)[0]);
      expect(own.score).to.equal(1);
      expect(prose.score).to.be.below(own.score);
    });

    it('weakens a label that is the end of a longer phrase ("Due Date" is no "Date")', () => {
      const [row] = rowsOf('Due Date     March 3, 2026');
      const spans = labelsOnRow(row, labels);
      expect(spans.map((span) => [span.value, spanText(span)])).to.deep.equal([
        ['dueDate', 'Due Date'],
        ['date', 'Date'],
      ]);
      expect(spans[1].score).to.be.below(spans[0].score);
    });

    it('finds no label in a letter\'s greeting: its colon closes no label ("Dear Borrower:")', () => {
      const [greeting, label] = rowsOf(page('Dear Borrower:', 'Borrower:   Jane Q. Public'));
      expect(labelsOnRow(greeting, labels)).to.deep.equal([]);
      expect(labelsOnRow(label, labels).map(spanText)).to.deep.equal(['Borrower:']);
    });

    it('lists the labels of a document strongest first and leaves out those below the minimum score', () => {
      const rows = rowsOf(page('Call the borrower before the visit', 'Borrower:   Jane Q. Public'));
      expect(findLabelSpans(rows, labels).map((span) => span.row.index)).to.deep.equal([1, 0]);
      expect(findLabelSpans(rows, labels, 0.9).map((span) => span.row.index)).to.deep.equal([1]);
    });
  });

  describe('value regions', () => {
    it('reads the value right of its label across a gap', () => {
      const rows = rowsOf('Borrower:   Jane Q. Public          Phone: 555-0100');
      expect(regionsOf(rows, 'borrower')).to.deep.equal(['right: Jane Q. Public']);
      expect(regionsOf(rows, 'phone')).to.deep.equal(['right: 555-0100']);
    });

    it('stops a value at the next label in the same cell and weighs it lower', () => {
      const rows = rowsOf('Borrower: Jane Q. Public Phone: 555-0100');
      const spans = findLabelSpans(rows, labels);
      const borrower = spans.find((span) => span.value === 'borrower')!;
      const [right] = valueRegions(rows, borrower, { maxLines: 1, compact: false, stops: labelWords(spans) });
      expect(right.lines.map((line) => textOf(line))).to.deep.equal(['Jane Q. Public']);
      expect(right.weight).to.be.below(1);
    });

    it('stops a value at a label given as a stop even without a colon', () => {
      const rows = rowsOf('Contractor: Best Builders, Inc. License # GC-1');
      const spans = findLabelSpans(rows, labels);
      const license = new Set(spans.filter((span) => span.value === 'license').flatMap((span) => span.row.words.slice(span.start, span.end)));
      expect(regionsOf(rows, 'contractor', { stops: license })).to.deep.equal(['right: Best Builders, Inc.']);
    });

    it('reads the value below a label with nothing right of it, over several lines for an address', () => {
      const rows = rowsOf(page('Property Address:', '12 Elm St', 'Springfield, IL 62701', '', '', '', 'Notes'));
      expect(regionsOf(rows, 'address', { maxLines: 4 })).to.deep.equal(['below: 12 Elm St / Springfield, IL 62701']);
      expect(regionsOf(rows, 'address', { maxLines: 1 })).to.deep.equal(['below: 12 Elm St']);
    });

    it('reads a value below a label in a column of a form', () => {
      const rows = rowsOf(page('Date                     Borrower', 'April 1, 2026            Jane Q. Public'));
      expect(regionsOf(rows, 'date')).to.deep.equal(['below: April 1, 2026']);
      expect(regionsOf(rows, 'borrower')).to.deep.equal(['below: Jane Q. Public']);
    });

    it('ends a value in a row of form boxes where the next box begins, however narrow the gap', () => {
      const rows = rowsOf(page('Borrower                    Property Address', ' Jane Q. Public and John Doe 18 Elm St, Albany, NY 12274'));
      expect(regionsOf(rows, 'borrower')).to.deep.equal(['below: Jane Q. Public and John Doe']);
      expect(regionsOf(rows, 'address')).to.deep.equal(['below: 18 Elm St, Albany, NY 12274']);
    });

    it('cuts no line under a row of boxes where its word only happens to start near the next box, not at the value\'s indent', () => {
      const rows = rowsOf(page('Borrower                    Property Address', ' Jane Q. Public and John Doe, 18 Elm St, Albany, NY 12274'));
      expect(regionsOf(rows, 'borrower')).to.deep.equal(['below: Jane Q. Public and John Doe, 18 Elm St, Albany, NY 12274']);
    });

    it('cuts no value below a label with no other box beside it', () => {
      const rows = rowsOf(page('Borrower', ' Jane Q. Public and John Doe 18 Elm St, Albany, NY 12274'));
      expect(regionsOf(rows, 'borrower')).to.deep.equal(['below: Jane Q. Public and John Doe 18 Elm St, Albany, NY 12274']);
    });

    it('continues a value on the lines below that start where it starts, up to a labelled line', () => {
      const rows = rowsOf(page('Borrower:   Jane Q. Public', '            John Public', 'Phone:      555-0100'));
      const regions = regionsOf(rows, 'borrower', { maxLines: 4 });
      expect(regions[0]).to.equal('right: Jane Q. Public / John Public');
      expect(regions.join(' | ')).to.not.include('555-0100');
    });

    it('passes over a line of the block at the left interleaved with the value\'s lines', () => {
      const rows = rowsOf(
        page(
          'Harbor Remodeling LLC                                        Property Address',
          '88 Quarry Rd                                                 18 Elm St',
          'office@harbor.example',
          '                                                             Albany, NY 12274',
        ),
      );
      expect(regionsOf(rows, 'address', { maxLines: 4 })).to.deep.equal(['below: 18 Elm St / Albany, NY 12274']);
    });

    it('passes over two lines of the block at the left, measuring the gap from the last', () => {
      const rows = rowsOf(
        page(
          'Harbor Remodeling LLC                                        Property Address',
          '88 Quarry Rd                                                 18 Elm St',
          'office@harbor.example',
          'Lic. 55-1234',
          '                                                             Albany, NY 12274',
        ),
      );
      expect(regionsOf(rows, 'address', { maxLines: 4 })).to.deep.equal(['below: 18 Elm St / Albany, NY 12274']);
    });

    it('ends an address at its town line where the block at the left goes on alone under it', () => {
      const rows = rowsOf(
        page(
          'Harbor Remodeling LLC                                        Property Address',
          '88 Quarry Rd                                                 18 Elm St',
          'Albany, NY 12201                                             Albany, NY 12274',
          'office@harbor.example',
          '                                                             Owner occupied, vacant',
        ),
      );
      expect(regionsOf(rows, 'address', { maxLines: 4 })).to.deep.equal(['below: 18 Elm St / Albany, NY 12274']);
    });

    it('offers the next cell for a short value', () => {
      const rows = rowsOf('Date: 04/01/2026     $1,200.00');
      expect(regionsOf(rows, 'date', { compact: true })).to.deep.equal(['right: 04/01/2026', 'next-cell: $1,200.00']);
      expect(regionsOf(rows, 'date', { compact: false })).to.deep.equal(['right: 04/01/2026']);
    });

    it('reads a checkbox mark left of its label when asked to', () => {
      const rows = rowsOf('[X] Married');
      expect(regionsOf(rows, 'married', { checkbox: true })).to.deep.equal(['checkbox: [X]']);
      expect(regionsOf(rows, 'married')).to.deep.equal([]);
    });

    it('gives no value below a label when the next row is too far down', () => {
      const rows = rowsOf(page('Property Address:', '', '', '', '12 Elm St'));
      expect(regionsOf(rows, 'address')).to.deep.equal([]);
    });
  });

  it('takes the words of the strong labels as stops', () => {
    const rows = rowsOf(page('Borrower:   Jane Q. Public', 'Call the borrower before the visit'));
    const stops = labelWords(findLabelSpans(rows, labels));
    expect([...stops].map((entry) => entry.text)).to.deep.equal(['Borrower:']);
  });
});
