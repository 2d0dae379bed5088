import { fieldTerms, PhraseMatcher, type FieldConcept } from '@docsift/core/layout';

/** The labels of a recap's lines and headings: the recap's own wordings and the shared lexicon's. */

/** Recap lines by label; `overhead` and `profit` printed on lines of their own are added up by the extractor. */
export type RecapField = 'subtotal' | 'generalConditions' | 'overheadAndProfit' | 'overhead' | 'profit' | 'grandTotal' | 'itemsBeforeTax';

/** The recap's own wordings beyond the shared lexicon, most specific first. */
export const RECAP_LABELS: Array<[RecapField, string[]]> = [
  [
    'grandTotal',
    [
      'grand total', 'total estimate', 'estimate total', 'total bid', 'bid total', 'base bid', 'total base bid', 'contract total', 'total contract price', 'total contract amount',
      'total project cost', 'estimated project cost', 'project total', 'total repair cost', 'total repair estimate', 'total cost of repairs', 'total estimated cost', 'replacement cost value',
      'total estimated construction cost', 'total construction cost', 'estimated construction cost',
    ],
  ],
  // An insurance estimate's "Line Item Total" is its lines before sales tax: neither the subtotal nor the total.
  ['itemsBeforeTax', ['line item total', 'line item totals', 'line items total']],
  // "O & P" written with spaces folds like "O&P" but reads as three words.
  ['overheadAndProfit', ['overhead and profit', 'overhead & profit', 'overhead profit', 'o&p', 'oh&p', 'o & p', 'oh & p', "contractor's fee", 'contractor fee', 'contractors fee', "builder's fee", 'builder fee', 'builders fee', 'management fee', "contractor's markup", 'contractor markup', 'contractors markup']],
  ['overhead', ['overhead']],
  ['profit', ['profit', "contractor's profit", 'contractor profit']],
  ['generalConditions', ['general conditions', 'gen conditions', 'general condition']],
  ['subtotal', ['subtotal', 'sub total', 'sub-total', 'total of sections', 'sections total', 'total all sections', 'total direct costs', 'total direct cost', 'direct costs',
      'total all locations', 'total of all locations', 'total all rooms', 'total of all rooms', 'total of schedules', 'total of all schedules', 'schedules total',
      'total direct construction cost', 'direct construction cost', 'total of the work', 'total of work', 'total of all work', 'total of repair items', 'total repair items', 'total of items', 'total of all items', 'total of bid items', 'total of all bid items',
      'total all pages', 'total of all pages', 'total of pages']],
  // A bare "Total" is the grand total only when nothing more specific labels the row.
  ['grandTotal', ['total', 'total due', 'amount due', 'total amount', 'total price']],
];

/** Lexicon concepts read as recap fields (after the recap's own wordings). */
const LEXICON_FIELDS: Array<[RecapField, FieldConcept[]]> = [
  ['grandTotal', ['grandTotal']],
  ['overheadAndProfit', ['overheadAndProfit']],
  ['overhead', ['overhead']],
  ['profit', ['profit']],
  ['generalConditions', ['generalConditions']],
  ['subtotal', ['subtotal']],
];

export const FIELD_LABELS: Array<readonly [RecapField, PhraseMatcher<RecapField>]> = [
  ...RECAP_LABELS.map(([field, phrases]) => [field, PhraseMatcher.of([[field, phrases]])] as const),
  ...LEXICON_FIELDS.map(([field, concepts]) => [field, new PhraseMatcher(fieldTerms({ concepts }).map((term) => ({ value: field, phrase: term.phrase })))] as const),
];
export const RECAP_HEADINGS = PhraseMatcher.of([[true, ['recap', 'summary of costs', 'cost summary', 'recapitulation', 'project summary', 'estimate summary']]]);
