/**
 * General reading every plugin shares: rows and cells of a page, numbers, dates and units as
 * printed in several languages, label phrases, the multilingual field lexicon, tables with column
 * roles, key-value pairs and zones. See docs/layout.md.
 */
export * from './text.js';
export * from './boxes.js';
export * from './rows.js';
export * from './numbers.js';
export * from './dates.js';
export * from './units.js';
export * from './phrases.js';
export * from './lexicon/index.js';
export * from './tables/index.js';
export * from './key-values.js';
export * from './zones.js';
export * from './document-layout.js';
export * from './parties.js';
export { readDefinedTerms, textFlow, wordAt, type DefinedTerm, type TextFlow } from './defined-terms.js';
export { repairOcrSpelling, repairSpelling } from './spelling.js';
export { readingOrder, textColumns, type FlowLine, type TextColumns } from './reading-order.js';
export { readItemCards } from './item-cards.js';
export { readCostLine, readRunningItems, type CostLine, type RunningItem, type RunningSection } from './running-items.js';
