/** A template for invoices as a consumer writes it: a required scalar, an amount, and line items. */
export const INVOICE_FIELDS = [
  { name: 'invoiceNumber', type: 'string', description: 'The number of the invoice.', required: true },
  { name: 'total', type: 'currency', description: 'The total amount, tax included.' },
  {
    name: 'lineItems',
    type: 'list',
    description: 'The products billed, one per line.',
    fields: [
      { name: 'description', type: 'string', description: 'What was sold.' },
      { name: 'amount', type: 'currency', description: 'The price of the line.' },
    ],
  },
];
