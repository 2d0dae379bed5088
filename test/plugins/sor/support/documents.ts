import type { DocumentModel } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';

/** A fixed-width table row: item number, description, quantity, unit, material, labor, total. */
export function itemRow(no: string, description: string, qty: string, unit: string, material: string, labor: string, total: string): string {
  return `${no.padEnd(7)}${description.padEnd(44)}${qty.padStart(4)}   ${unit.padEnd(4)}${material.padStart(11)}${labor.padStart(11)}${total.padStart(11)}`;
}

export const HEADER = itemRow('Item', 'Description', 'Qty', 'Unit', 'Material', 'Labor', 'Total');

const recapRow = (label: string, amount: string): string => `${''.padEnd(46)}${label.padEnd(30)}${amount.padStart(19)}`;

/**
 * A two-page statement of repair whose table continues across the page break (repeated header,
 * "continued" section heading, running footer with page numbers), with wrapped descriptions.
 */
export function twoPageStatement(grandTotal = '$5,238.25'): DocumentModel {
  const page1 = [
    'ACME RENOVATION CONSULTANTS, LLC                                  SPECIFICATION OF REPAIRS',
    '',
    'Borrower:   Jane Q. Public                      Inspection Date:   March 3, 2026',
    'Property:   12 Elm St                           Consultant:        John Smith',
    '            Springfield, IL 62701               File No.:          F-100',
    'Lender:     First Bank                          No. of Units:      2',
    'CONTRACTOR:  Best Builders, Inc.     License #:  GC-1     Phone:  (555) 123-4567',
    '',
    HEADER,
    '1.0 General Requirements',
    itemRow('1.1', 'Dumpster, delivery and haul', '2', 'EA', '500.00', '100.00', '600.00'),
    itemRow('1.2', 'Temporary toilet rental for the duration', '1', 'LS', '80.00', '0.00', '80.00'),
    itemRow('', 'of the project', '', '', '', '', ''),
    itemRow('', 'Subtotal 1.0 General Requirements', '', '', '580.00', '100.00', '$680.00'),
    '2.0 Roofing',
    itemRow('2.1', 'Tear off and replace shingles, 30-year', '20', 'SQ', '2,000.00', '1,500.00', '3,500.00'),
    '                                                                    Continued on next page',
    '',
    'Printed 03/05/2026                                                            Page 1 of 2',
  ];
  const page2 = [
    'Acme Renovation Consultants, LLC - File F-100',
    '',
    HEADER,
    '2.0 Roofing (continued)',
    itemRow('2.2', 'Drip edge, aluminum', '150', 'LF', '150.00', '225.00', '375.00'),
    itemRow('', 'Subtotal 2.0 Roofing', '', '', '2,150.00', '1,725.00', '$3,875.00'),
    '',
    `RECAP${recapRow('Subtotal (all sections)', '$4,555.00').slice(5)}`,
    recapRow('General Conditions (5%)', '$227.75'),
    recapRow('Overhead & Profit (10%)', '$455.50'),
    recapRow('GRAND TOTAL', grandTotal),
    recapRow('Contingency Reserve (10%)', '$523.83'),
    '',
    'Printed 03/05/2026                                                            Page 2 of 2',
  ];
  return documentFromText([page1.join('\n'), page2.join('\n')]);
}

/** A subcontractor bid: one amount per scope, wrapped descriptions with the amount on a middle line. */
export function scopeBid(): DocumentModel {
  return documentFromText(
    [
      'ESTIMATE                                                    Bid Date: 8.11.21',
      'Hammer & Trowel Services                                    Phone: 281-555-0101',
      '',
      'SCOPE      DESCRIPTION                                                  AMOUNT',
      '           Demolition of the existing deck, haul away',
      'DECK       and disposal of all debris, permits by owner.             $4,200.00',
      '           Excludes: landscaping.',
      '',
      '           New composite deck, 300 SF, with railings',
      'RAILS      and stairs to grade.                                      $9,800.00',
      '',
      '                                                    GRAND TOTAL:    $14,000.00',
      '           Additional mobilization billed $750 per occurrence.',
    ].join('\n'),
  );
}

/** A quote whose priced lines have no header row. */
export function pricedList(): DocumentModel {
  return documentFromText(
    [
      'Estimate prepared for John Doe',
      '',
      'Pricing Summary',
      'Rebuild chimney crown and cap                               $2,500 +HST',
      'Repoint front wall                                          $1,200 +HST',
      'Seal all joints with polyurethane caulk',
      '',
      '',
      '',
      'Brick Masters Masonry 1 Main St., Aurora, ON     905-555-0100',
    ].join('\n'),
  );
}

/** Three pages whose running header and repeated table header sit at the same place on pages 2 and 3. */
export function threePageTable(): DocumentModel {
  const top = (page: number): string[] => [`Acme Renovation Consultants, LLC                                   Page ${page} of 3`, '', HEADER];
  const item = (no: string, text: string): string => itemRow(no, text, '1', 'EA', '10.00', '5.00', '15.00');
  return documentFromText([
    [...top(1), '1.0 General Requirements', item('1.1', 'First item'), item('1.2', 'Second item')].join('\n'),
    [...top(2), '1.0 General Requirements (continued)', item('1.3', 'Third item'), '2.0 Plumbing', item('2.1', 'Fourth item')].join('\n'),
    [...top(3), '2.0 Plumbing (continued)', item('2.2', 'Fifth item'), '', `${''.padEnd(46)}${'GRAND TOTAL'.padEnd(30)}${'$75.00'.padStart(19)}`].join('\n'),
  ]);
}
