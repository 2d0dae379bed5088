import type { FieldSpec, RegistryEntry } from '@docsift/core';

/** The legacy `supportedFields` list, and what a generic (template or AI) extractor looks for. */
const FIELDS: FieldSpec[] = [
  { name: 'consultant', type: 'string', description: 'HUD 203(k) consultant who wrote the statement (personal name)' },
  { name: 'propertyAddress', type: 'address', description: 'Address of the property being renovated' },
  { name: 'borrowerName', type: 'string', description: 'Borrower(s) of the renovation loan', required: true },
  { name: 'lenderName', type: 'string', description: 'Lender of the renovation loan' },
  { name: 'inspectionDate', type: 'date', description: 'Date the consultant inspected the property' },
  { name: 'contractorName', type: 'string', description: 'General contractor doing the work (null when not yet selected)' },
  { name: 'contractorLicense', type: 'string', description: "Contractor's license number" },
  { name: 'contractorPhone', type: 'phone', description: "Contractor's phone number" },
  {
    name: 'constructionSections',
    type: 'list',
    description: 'Sections of work (1.0 to 8.0) with line items: description, quantity, unit, material, labor and total cost',
    required: true,
  },
  { name: 'subtotal', type: 'currency', description: 'Sum of all section totals' },
  { name: 'generalConditions', type: 'currency', description: 'General conditions amount of the recap' },
  { name: 'overheadAndProfit', type: 'currency', description: 'Overhead and profit amount of the recap' },
  { name: 'grandTotal', type: 'currency', description: 'GRAND TOTAL of the recap', required: true },
];

export const sorEntry: RegistryEntry = {
  typeCode: 'sor',
  displayName: 'Statement of Repair',
  description:
    'Statement (specification) of repairs for an FHA 203(k) or other renovation loan: the consultant\'s work write-up with cost tables by section (material, labor, total per line item) and a recap with general conditions, overhead and profit and a grand total. Also contractor estimates and bids for renovation work on a home.',
  confidenceThreshold: 0.85,
  extractionSupported: true,
  legacyTypeCodes: [],
  fields: FIELDS,
  keywords: [
    'specification of repairs',
    'statement of repair',
    'work write-up',
    '203(k)',
    'HUD consultant',
    'general requirements',
    'overhead and profit',
    'general conditions',
    'grand total',
    'material',
    'labor',
    'estimate',
    'bid',
    'scope of work',
  ],
  examples: [
    'SPECIFICATION OF REPAIRS FHA 203(k) Borrower: Property: Lender: Consultant: Item Description Qty Unit Material Labor Total 1.0 General Requirements Subtotal RECAP General Conditions Overhead & Profit GRAND TOTAL',
    'ESTIMATE Bid Date Project SCOPE DESCRIPTION AMOUNT BRICK Price based on modular sized brick, labor, equipment STUCCO GRAND TOTAL Exclusions',
  ],
  lendingSpecific:
    'Renovation cost breakdown for 203(k) and rehab lending: line items checked against section totals, subtotal, general conditions, overhead and profit and the grand total.',
};
