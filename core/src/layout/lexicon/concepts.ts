/**
 * The two catalogues of the lexicon: what a labelled value on a document is (field concepts) and
 * what a table column holds (column roles). The printed words for each are in `terms/`, one file
 * per language.
 */

/** How a reader parses the value printed beside a field label. */
export type ValueKind =
  | 'amount'
  | 'percent'
  | 'date'
  | 'period'
  | 'identifier'
  | 'code'
  | 'number'
  | 'quantity'
  | 'name'
  | 'party'
  | 'address'
  | 'phone'
  | 'email'
  | 'url'
  | 'text';

export interface FieldConceptInfo {
  description: string;
  valueKind: ValueKind;
}

export const FIELD_CONCEPTS = {
  invoiceNumber: { valueKind: 'identifier', description: 'The number of an invoice (also a tax invoice or a combined invoice-receipt).' },
  receiptNumber: { valueKind: 'identifier', description: 'The number of a receipt, till ticket or sales transaction.' },
  orderNumber: { valueKind: 'identifier', description: "The buyer's order or purchase-order number, or the seller's sales-order number." },
  customerNumber: { valueKind: 'identifier', description: "The buyer's customer or account number with the seller." },
  quoteNumber: { valueKind: 'identifier', description: 'The number of a quote, estimate, proposal or bid.' },
  deliveryNoteNumber: { valueKind: 'identifier', description: 'The number of a delivery note, packing slip or dispatch note.' },
  reference: { valueKind: 'identifier', description: 'A reference that does not say which document it names ("Ref.", "Your ref.", "Ihr Zeichen").' },
  issueDate: { valueKind: 'date', description: 'The date the document was issued (invoice date, receipt date, quote date).' },
  dueDate: { valueKind: 'date', description: 'The date by which payment is due.' },
  deliveryDate: { valueKind: 'date', description: 'The date goods were delivered or a service supplied (tax point, date of supply).' },
  servicePeriod: { valueKind: 'period', description: 'The period the goods or services were supplied or billed for.' },
  total: { valueKind: 'amount', description: 'The grand total of the document, tax included.' },
  amountDue: { valueKind: 'amount', description: 'The balance still to pay after payments and credits.' },
  subtotal: { valueKind: 'amount', description: 'A sum of the lines before further charges, discounts or tax.' },
  netTotal: { valueKind: 'amount', description: 'The total before tax (the taxable base).' },
  taxAmount: { valueKind: 'amount', description: 'The amount of VAT, GST or sales tax.' },
  taxRate: { valueKind: 'percent', description: 'The rate of VAT, GST or sales tax.' },
  discount: { valueKind: 'amount', description: 'A discount, rebate or cash discount, as an amount or a percentage.' },
  previousBalance: { valueKind: 'amount', description: 'The balance brought forward from an earlier statement or invoice.' },
  amountPaid: { valueKind: 'amount', description: 'What was already paid: payments received, deposits, advance payments.' },
  cashTendered: { valueKind: 'amount', description: 'The cash a customer handed over at a till.' },
  change: { valueKind: 'amount', description: 'The change given back at a till.' },
  vatId: { valueKind: 'identifier', description: 'A VAT or tax registration number (USt-IdNr., N° TVA, CIF/NIF, CUIT, BTW-nummer, EIN, GST/HST no.).' },
  companyRegistration: { valueKind: 'identifier', description: 'A company-registry number distinct from the VAT id (SIRET, HRB, KvK, RCS, company no.).' },
  iban: { valueKind: 'identifier', description: 'An IBAN.' },
  bic: { valueKind: 'code', description: 'A BIC / SWIFT code.' },
  bankCode: { valueKind: 'code', description: 'A national bank or branch code (sort code, routing number, BLZ, code banque, ABI/CAB).' },
  bankAccount: { valueKind: 'identifier', description: 'A bank account number other than an IBAN.' },
  bankName: { valueKind: 'name', description: 'The name of the bank holding the payee account.' },
  accountHolder: { valueKind: 'name', description: 'The holder or beneficiary of the payee account.' },
  seller: { valueKind: 'party', description: 'The labelled issuer of the document: seller, vendor, supplier.' },
  buyer: { valueKind: 'party', description: 'The labelled customer: bill-to, sold-to, client.' },
  shipTo: { valueKind: 'party', description: 'Where the goods go: ship-to or delivery address.' },
  currency: { valueKind: 'code', description: 'The currency of the amounts.' },
  paymentTerms: { valueKind: 'text', description: 'The terms of payment ("Net 30", "14 Tage netto").' },
  paymentMethod: { valueKind: 'text', description: 'How the document was or is to be paid (card, cash, transfer).' },
  phone: { valueKind: 'phone', description: 'A telephone number.' },
  fax: { valueKind: 'phone', description: 'A fax number.' },
  email: { valueKind: 'email', description: 'An e-mail address.' },
  website: { valueKind: 'url', description: 'A web address.' },
  contactPerson: { valueKind: 'name', description: 'A named person to contact, the salesperson or the cashier.' },
  page: { valueKind: 'number', description: 'The page number ("Page 2 of 3").' },
  borrower: { valueKind: 'name', description: 'Statement of repair: the borrower or homeowner.' },
  propertyAddress: { valueKind: 'address', description: 'Statement of repair: the address of the property or job site.' },
  town: { valueKind: 'address', description: 'The town line of an address printed under a label of its own ("City: Tulsa, OK 74121").' },
  lender: { valueKind: 'name', description: 'Statement of repair: the lender or mortgagee.' },
  consultant: { valueKind: 'name', description: 'Statement of repair: the (HUD 203k) consultant or inspector who prepared it.' },
  inspectionDate: { valueKind: 'date', description: 'Statement of repair: the date the property was inspected.' },
  contractor: { valueKind: 'name', description: 'Statement of repair: the (general) contractor.' },
  license: { valueKind: 'identifier', description: "Statement of repair: the contractor's license number." },
  fileNumber: { valueKind: 'identifier', description: "Statement of repair: the consultant's file number." },
  loanNumber: { valueKind: 'identifier', description: 'Statement of repair: the loan number.' },
  caseNumber: { valueKind: 'identifier', description: 'Statement of repair: the FHA case number.' },
  buildingSize: { valueKind: 'quantity', description: 'Statement of repair: the size of the building (square feet, living area).' },
  numberOfUnits: { valueKind: 'number', description: 'Statement of repair: the number of dwelling units.' },
  generalConditions: { valueKind: 'amount', description: 'Statement of repair: general conditions (site set-up, supervision).' },
  overheadAndProfit: { valueKind: 'amount', description: "Statement of repair: overhead and profit on one line (O&P)." },
  overhead: { valueKind: 'amount', description: "Statement of repair: the contractor's overhead on a line of its own." },
  profit: { valueKind: 'amount', description: "Statement of repair: the contractor's profit on a line of its own." },
  contingency: { valueKind: 'amount', description: 'Statement of repair: the contingency reserve.' },
  grandTotal: { valueKind: 'amount', description: 'Statement of repair: the total of the estimate, after the recap.' },
  sectionTotal: { valueKind: 'amount', description: 'Statement of repair: the total of one section, trade or division.' },
  permitsAndFees: { valueKind: 'amount', description: 'Statement of repair: permits and fees.' },
} as const satisfies Record<string, FieldConceptInfo>;

export type FieldConcept = keyof typeof FIELD_CONCEPTS;

export interface ColumnRoleInfo {
  description: string;
}

/**
 * A statement of repair's "Unit Cost" is the role `unitPrice`: both hold what one unit costs the
 * party the document is addressed to, and both times the quantity give the line amount. Whether the
 * issuer calls that a cost or a price says nothing a reader could use.
 */
export const COLUMN_ROLES = {
  itemNumber: { description: 'A line, position or article number or code (Pos, Item No., Art.-Nr., SKU, Réf.).' },
  description: { description: 'What the line is: the item, product, service or work.' },
  quantity: { description: 'How many units (or hours).' },
  unit: { description: 'The unit of measure (UOM, Einheit, Unité).' },
  unitPrice: { description: 'The price or cost of one unit (Unit price, Unit cost, Rate, Einzelpreis, P.U.).' },
  amount: { description: 'The line total, before tax or unqualified (Amount, Total, Betrag, Montant HT, Importe).' },
  grossAmount: { description: 'The line total with tax included (Brutto, Montant TTC, Incl. BTW).' },
  taxRate: { description: 'The tax rate or tax code of the line (VAT %, MwSt., TVA, IVA %).' },
  taxAmount: { description: 'The tax amount of the line.' },
  discount: { description: 'The discount on the line, as a percentage or an amount (Rabatt, Remise, Descuento).' },
  date: { description: 'The date of the line (delivery or service date).' },
  material: { description: 'Statement of repair: the material cost of the line.' },
  labor: { description: 'Statement of repair: the labour cost of the line.' },
  equipment: { description: 'Statement of repair: the equipment cost of the line.' },
  laborHours: { description: 'The labour hours the line takes, a productivity figure and no cost (Labor Hours, Man-Hours).' },
  duration: { description: 'How long the line\'s work takes on a schedule (Duration, Dur., working days): time, no quantity nor cost.' },
  performedBy: { description: 'Who does the line: a crew code, the contractor, the owner or a subcontractor (Crew, Performed By).' },
  remarks: { description: 'A note on the line, neither what it is nor what it costs (Notes, Remarks, Bemerkungen, Observaciones).' },
  scope: { description: 'The trade, category, division or section the line belongs to.' },
  previouslyBilled: { description: 'Progress billing: what earlier draws or applications paid of the line (Previous Draws, Work Completed to Date).' },
  thisPeriod: { description: 'Progress billing: what this draw or application bills of the line (This Draw, This Period).' },
  percentComplete: { description: 'Progress billing: how much of the line is done, as a percentage (% Complete).' },
  balance: { description: 'Progress billing: what remains to be billed of the line (Balance to Finish).' },
  storedMaterials: { description: 'Progress billing: materials delivered and stored but not yet installed, billed on the line (Materials Presently Stored).' },
  completedToDate: { description: 'Progress billing: the work completed and stored to date on the line, all draws together (Total Completed and Stored to Date).' },
  retainage: { description: 'Progress billing: the part of the line\'s billed amount the owner holds back (Retainage, Retention).' },
  depreciation: { description: 'Insurance estimate: the depreciation taken off the line\'s replacement cost.' },
  actualCashValue: { description: 'Insurance estimate: the line\'s replacement cost less depreciation (ACV).' },
  reviewEstimate: { description: "A reviewer's own figure for the line printed beside the price it checks (Consultant Estimate, Independent Estimate): not the line's amount." },
  variance: { description: 'The difference between two amounts of the line, in money or as a percentage (Variance, Difference, Over / (Under)).' },
  baseCost: { description: "The seller's own cost of the line before the markup (Builder Cost, Contractor's Cost), printed beside the price the buyer pays: not the line's amount." },
  amountInWords: { description: 'An amount written out in words beside its figures (Unit Price in Words, Montant en lettres, Importe con letra): the figures are the answer, not these words.' },
  markup: { description: "The markup the seller adds to the line's own cost (Markup, Mark-up), printed between that cost and the price: not the line's amount." },
} as const satisfies Record<string, ColumnRoleInfo>;

export type ColumnRole = keyof typeof COLUMN_ROLES;

/** The construction takeoff codes a unit written out in words or abbreviations stands for. */
export type UnitCode = 'EA' | 'LF' | 'SF' | 'SY' | 'SQ' | 'LS' | 'HR' | 'CY' | 'CF' | 'SET';

/** The printed terms of one language: for each concept or role, its labels as printed. */
export interface LanguageTerms {
  fields: Partial<Record<FieldConcept, readonly string[]>>;
  columns: Partial<Record<ColumnRole, readonly string[]>>;
  /** Units of measure written out or abbreviated in the language ("lin. ft.", "pie²", "forfait"), by the code each stands for. */
  units?: Partial<Record<UnitCode, readonly string[]>>;
}
