/**
 * Items printed as blocks with no column header, their amounts stacked at the right after small
 * labels (Material / Labor / Item total): the rows the core layout tests and the sor tests share.
 */

/** One row of a block: item code, text, amount label and the amount set right. */
export const stackedLine = (code: string, text: string, label: string, amount: string): string =>
  `${code.padEnd(8)}${text.padEnd(52)}${label.padEnd(12)}${amount.padStart(10)}`.trimEnd();

/** Two trades of blocks, each closed by its section total. */
export const DOORS_AND_SITE_WORK_BLOCKS = [
  'DW - Doors & Windows',
  '',
  stackedLine('DW-01', 'Replace attic access hatch with insulated', 'Material', '221.00'),
  stackedLine('', 'pull-down stair', 'Labor', '183.00'),
  stackedLine('', 'Quantity: 1 EA', 'Item total', '404.00'),
  '',
  stackedLine('DW-02', 'Vinyl double-hung replacement window', 'Material', '2,145.00'),
  stackedLine('', 'Quantity: 5 EA', 'Labor', '935.00'),
  stackedLine('', '', 'Item total', '3,080.00'),
  '',
  stackedLine('', '        Doors & Windows - section total', '', '$3,484.00'),
  '',
  'SW - Site Work',
  '',
  stackedLine('SW-01', 'Remove dead tree at side yard and grind stump', 'Material', '41.00'),
  stackedLine('', 'Quantity: 1 EA', 'Labor', '955.00'),
  stackedLine('', '', 'Item total', '996.00'),
  '',
  stackedLine('', '        Site Work - section total', '', '$996.00'),
];
