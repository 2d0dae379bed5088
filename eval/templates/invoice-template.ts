import type { FieldSpec } from '@docsift/core';

/** A generic invoice and receipt template, worded as a consumer would write it, not for any engine. */
export const INVOICE_TEMPLATE: FieldSpec[] = [
  { name: 'issuer', type: 'string', description: 'Name of the company or person who issued the invoice or receipt.' },
  { name: 'invoiceNumber', type: 'string', description: 'The number of the invoice or receipt.' },
  { name: 'date', type: 'date', description: 'The date the invoice or receipt was issued.' },
  { name: 'dueDate', type: 'date', description: 'The date by which the invoice has to be paid.' },
  { name: 'currency', type: 'string', description: 'The currency of the amounts, as a three-letter ISO code such as EUR or USD.' },
  { name: 'total', type: 'currency', description: 'The total amount of the invoice, including tax.' },
  { name: 'totalWithoutTax', type: 'currency', description: 'The total amount before tax.' },
  { name: 'taxAmount', type: 'currency', description: 'The total amount of tax (VAT).' },
  { name: 'buyer', type: 'string', description: 'Name of the customer the invoice is addressed to.' },
  {
    name: 'lineItems',
    type: 'list',
    description: 'The products or services billed, one entry per line.',
    fields: [
      { name: 'description', type: 'string', description: 'What was sold on this line.' },
      { name: 'quantity', type: 'number', description: 'How many units, or how much, was sold.' },
      { name: 'unitPrice', type: 'currency', description: 'The price of one unit.' },
      { name: 'amount', type: 'currency', description: 'The total price of the line.' },
    ],
  },
];
