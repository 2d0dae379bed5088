import type { LanguageTerms } from '../concepts.js';

/** English: US, UK, Canadian and Australian invoices, receipts, estimates and statements of repair. */
export const english: LanguageTerms = {
  fields: {
    invoiceNumber: [
      'Invoice No.', 'Invoice Number', 'Invoice #', 'Invoice#', 'Inv. No.', 'Inv #', 'Inv#', 'Invoice Nr', 'Invoice ID',
      'Invoice Ref', 'Invoice Reference', 'Tax Invoice No.', 'Tax Invoice Number', 'Bill No.', 'Bill Number', 'Bill #',
    ],
    receiptNumber: [
      'Receipt No.', 'Receipt Number', 'Receipt #', 'Receipt#', 'Receipt ID', 'Rcpt #', 'Rcpt No.', 'Transaction No.',
      'Transaction #', 'Transaction ID', 'Trans #', 'Trans. No.', 'Txn #', 'Ticket No.', 'Ticket #', 'Check #', 'Sale #',
    ],
    orderNumber: [
      'Order No.', 'Order Number', 'Order #', 'Order#', 'Order ID', 'Order Ref', 'Order Reference', 'PO No.', 'PO Number',
      'PO #', 'PO#', 'P.O. No.', 'P.O. Number', 'P.O. #', 'Purchase Order', 'Purchase Order No.', 'Purchase Order Number',
      'Customer PO', 'Your Order', 'Your Order No.', 'Sales Order', 'Sales Order No.', 'SO #',
    ],
    customerNumber: [
      'Customer No.', 'Customer Number', 'Customer #', 'Customer#', 'Customer ID', 'Customer Code', 'Customer Account',
      'Cust. No.', 'Cust #', 'Cust ID', 'Account No.', 'Account Number', 'Account #', 'Acct #', 'Acct. No.', 'Client No.',
      'Client ID',
    ],
    quoteNumber: [
      'Quote No.', 'Quote Number', 'Quote #', 'Quote#', 'Quote Ref', 'Quotation No.', 'Quotation Number', 'Quotation #',
      'Estimate No.', 'Estimate Number', 'Estimate #', 'Proposal No.', 'Proposal #', 'Bid No.', 'Bid #',
    ],
    deliveryNoteNumber: [
      'Delivery Note No.', 'Delivery Note Number', 'Delivery No.', 'Delivery Number', 'Delivery Docket No.', 'DN No.',
      'Packing Slip No.', 'Packing Slip #', 'Packing List No.', 'Dispatch Note No.', 'Shipment No.', 'Shipment #',
    ],
    reference: ['Reference', 'Ref', 'Ref #', 'Ref#', 'Reference No.', 'Your Ref', 'Your Reference', 'Our Ref', 'Our Reference', 'Customer Reference'],
    issueDate: [
      'Date', 'Invoice Date', 'Inv. Date', 'Invoice Dt', 'Date of Invoice', 'Issue Date', 'Date of Issue', 'Issued',
      'Issued On', 'Date Issued', 'Receipt Date', 'Transaction Date', 'Billing Date', 'Bill Date', 'Document Date',
      'Tax Point', 'Tax Point Date', 'Statement Date', 'Quote Date', 'Quotation Date', 'Estimate Date',
    ],
    dueDate: [
      'Due Date', 'Date Due', 'Due', 'Due On', 'Due By', 'Payment Due', 'Payment Due Date', 'Invoice Due Date', 'Pay By',
      'Please Pay By', 'Payable By', 'Payable Until', 'Pay Until', 'Remit By', 'Please Remit By', 'Please Remit Until',
    ],
    deliveryDate: [
      'Delivery Date', 'Date of Delivery', 'Delivered', 'Delivered On', 'Ship Date', 'Shipping Date', 'Shipment Date',
      'Date Shipped', 'Dispatch Date', 'Supply Date', 'Date of Supply', 'Service Date', 'Date of Service',
    ],
    servicePeriod: [
      'Service Period', 'Period', 'Billing Period', 'Period of Service', 'Service Dates', 'Statement Period', 'Invoice Period',
      'Period Covered', 'From', 'To',
    ],
    total: [
      'Total', 'Grand Total', 'Invoice Total', 'Total Amount', 'Amount', 'Total Due', 'Invoice Amount', 'Total Invoice Amount',
      'Total incl. VAT', 'Total Including VAT', 'Total inc VAT', 'Total incl. Tax', 'Total incl. GST', 'Total inc GST',
      'Gross Total', 'Gross Amount', 'Total Amount Payable', 'Order Total', 'Receipt Total', 'Sale Total', 'Total Price',
    ],
    amountDue: [
      'Amount Due', 'Balance Due', 'Total Due', 'Total Amount Due', 'Balance', 'Due', 'Amount Payable', 'Total Payable',
      'Total Amount Payable', 'Please Pay', 'Pay This Amount', 'Amount to Pay', 'Total to Pay', 'Balance Owing', 'Amount Owing',
      'Outstanding Balance', 'Outstanding', 'Net Amount Due', 'Amount Due Now', 'New Balance', 'Remaining Balance',
    ],
    subtotal: ['Subtotal', 'Sub-total', 'Sub Tot', 'Subtot.', 'Items Subtotal', 'Merchandise Subtotal', 'Merchandise Total', 'Total of Sections', 'Sections Total', 'Total All Sections'],
    netTotal: [
      'Net Total', 'Net', 'Net Amount', 'Total Net', 'Total excl. VAT', 'Total Excluding VAT', 'Total ex VAT', 'Total excl. Tax',
      'Total excl. GST', 'Total ex GST', 'Total Before Tax', 'Amount Before Tax', 'Pre-tax Total', 'Net Value', 'Taxable Amount',
      'Taxable Value', 'Amount excl. VAT',
    ],
    taxAmount: [
      'Tax', 'Taxes', 'Sales Tax', 'Tax Amount', 'Total Tax', 'Tax Total', 'VAT', 'VAT Amount', 'Total VAT', 'VAT Total',
      'Plus VAT', 'Add VAT', 'GST', 'GST Amount', 'Total GST', 'HST', 'PST', 'QST', 'GST/HST', 'State Tax', 'Local Tax',
      'City Tax', 'County Tax',
    ],
    taxRate: ['Tax Rate', 'Tax %', 'Tax%', 'VAT Rate', 'VAT %', 'VAT%', 'Rate of VAT', 'GST Rate', 'Sales Tax Rate', 'Tax Percentage'],
    discount: [
      'Discount', 'Discounts', 'Disc.', 'Total Discount', 'Discount Amount', 'Less Discount', 'Trade Discount', 'Cash Discount',
      'Early Payment Discount', 'Rebate', 'Coupon', 'Promotion', 'Savings', 'You Saved',
    ],
    previousBalance: [
      'Previous Balance', 'Prior Balance', 'Balance Forward', 'Balance Brought Forward', 'Brought Forward', 'B/F',
      'Opening Balance', 'Last Statement Balance', 'Previous Amount Due',
    ],
    amountPaid: [
      'Amount Paid', 'Paid', 'Total Paid', 'Payment', 'Payments', 'Payment Received', 'Payments Received', 'Payments/Credits',
      'Credits', 'Less Payments', 'Less Amount Paid', 'Amount Received', 'Deposit', 'Deposit Paid', 'Less Deposit',
      'Advance', 'Advance Payment', 'Prepaid', 'Prepayment', 'Already Paid',
    ],
    cashTendered: ['Cash', 'Cash Tendered', 'Tendered', 'Amount Tendered', 'Tender', 'Cash Received', 'Cash Given'],
    change: ['Change', 'Change Due', 'Change Given', 'Your Change'],
    vatId: [
      'VAT No.', 'VAT Number', 'VAT #', 'VAT ID', 'VAT Reg. No.', 'VAT Reg #', 'VAT Registration No.', 'VAT Registration Number',
      'Tax ID', 'Tax ID No.', 'Tax No.', 'Tax Number', 'Tax Registration No.', 'Sales Tax ID', 'TIN', 'EIN', 'FEIN',
      'Federal Tax ID', 'GST No.', 'GST Number', 'GST #', 'GST Reg. No.', 'GST/HST No.', 'GST/HST Registration No.', 'HST No.',
      'HST #', 'Business Number', 'BN', 'ABN', 'GSTIN',
    ],
    companyRegistration: [
      'Company No.', 'Company Number', 'Company Registration No.', 'Company Reg. No.', 'Registered No.', 'Registration No.',
      'Registration Number', 'Reg. No.', 'Registered in England No.', 'Companies House No.', 'CRN', 'ACN', 'ABN',
      'Business Registration No.', 'Corporation No.', 'DUNS', 'DUNS No.', 'CoC', 'Chamber of Commerce',
    ],
    iban: ['IBAN', 'IBAN No.', 'IBAN Number'],
    bic: ['BIC', 'BIC Code', 'SWIFT', 'SWIFT Code', 'BIC/SWIFT', 'SWIFT/BIC'],
    bankCode: ['Sort Code', 'Routing No.', 'Routing Number', 'Routing #', 'ABA', 'ABA No.', 'ABA Routing No.', 'BSB', 'Transit No.'],
    bankAccount: [
      'Account No.', 'Account Number', 'Account #', 'Acct No.', 'Acct #', 'Bank Account', 'Bank Account No.', 'Bank Account Number',
    ],
    bankName: ['Bank', 'Bank Name', 'Bank Details'],
    accountHolder: ['Account Name', 'Account Holder', 'Beneficiary', 'Payee', 'Pay To', 'Remit To'],
    seller: [
      'Seller', 'Vendor', 'Supplier', 'From', 'Sold By', 'Issued By', 'Billed By', 'Bill From', 'Merchant',
      'Service Provider', 'Provider', 'Contractor', 'Vendor Name', 'Supplier Name', 'Seller Name', 'Merchant Name',
    ],
    buyer: [
      'Bill To', 'Billed To', 'Sold To', 'Invoice To', 'Invoiced To', 'To', 'Customer', 'Customer Name', 'Client', 'Client Name',
      'Buyer', 'Purchaser', 'Billing Address', 'Prepared For', 'Recipient', 'Ordered By', 'Owner',
      'Submitted To', 'Proposal For', 'Estimate For', 'Quote For', 'Quoted For',
    ],
    shipTo: [
      'Ship To', 'Shipped To', 'Ship-To Address', 'Deliver To', 'Delivered To', 'Delivery To', 'Delivery Address',
      'Shipping Address', 'Consignee',
    ],
    currency: ['Currency', 'Curr.', 'Currency Code'],
    paymentTerms: ['Terms', 'Payment Terms', 'Terms of Payment', 'Credit Terms', 'Payment Conditions'],
    paymentMethod: [
      'Payment Method', 'Method of Payment', 'Payment Type', 'Payment Mode', 'Mode of Payment', 'Paid By', 'Paid With', 'Paid Via',
      'Pay By', 'Tender Type', 'Card Type', 'Payment',
    ],
    phone: ['Phone', 'Phone No.', 'Phone Number', 'Phone #', 'Tel', 'Tel No.', 'Telephone', 'Ph', 'Mobile', 'Mob', 'Cell', 'T', 'M'],
    fax: ['Fax', 'Fax No.', 'Fax Number', 'Fax #', 'Facsimile', 'F'],
    email: ['Email', 'E-mail', 'Email Address', 'E-mail Address', 'Mail', 'E'],
    website: ['Website', 'Web Site', 'Web', 'URL', 'Internet', 'Homepage', 'W'],
    contactPerson: [
      'Contact', 'Contact Person', 'Contact Name', 'Your Contact', 'Attention', 'Attn', 'Sales Rep', 'Salesperson',
      'Representative', 'Rep', 'Account Manager', 'Cashier', 'Served By', 'Server', 'Clerk', 'Associate', 'Prepared By',
      'Estimator',
    ],
    page: ['Page', 'Pg', 'Page No.', 'Sheet'],
    borrower: [
      'Borrower', 'Borrowers', 'Borrower(s)', 'Borrower Name', 'Borrower Names', 'Co-Borrower', 'Homeowner', 'Homeowners',
      'Mortgagor', 'Owner', 'Owner Name', 'Applicant',
    ],
    propertyAddress: [
      'Property', 'Property Address', 'Subject Property', 'Property Location', 'Site Address', 'Job Address', 'Job Site',
      'Jobsite', 'Project Address', 'Project Location', 'Location',
    ],
    lender: ['Lender', 'Lender Name', 'Mortgagee', 'Lending Institution'],
    consultant: ['Consultant', 'Consultant Name', 'HUD Consultant', '203k Consultant', 'HUD 203k Consultant', 'Inspector', 'Prepared By'],
    inspectionDate: ['Inspection Date', 'Date of Inspection', 'Date Inspected', 'Inspected On', 'Site Visit Date'],
    contractor: ['Contractor', 'General Contractor', 'Contractor Name', 'Builder', 'GC'],
    license: [
      'License', 'License #', 'License#', 'License No.', 'License Number', 'Lic #', 'Lic#', 'Lic. No.', 'Contractor License',
      'Licence', 'Licence No.',
    ],
    fileNumber: ['File No.', 'File #', 'File Number', 'File'],
    loanNumber: ['Loan No.', 'Loan #', 'Loan Number', 'Loan ID'],
    caseNumber: ['FHA Case No.', 'FHA Case Number', 'FHA Case #', 'Case No.', 'Case #', 'Case Number'],
    buildingSize: ['Building Size', 'Square Footage', 'Square Feet', 'Sq. Ft.', 'Gross Living Area', 'GLA', 'Living Area', 'Floor Area'],
    numberOfUnits: ['No. of Units', 'Number of Units', '# of Units', 'Units', 'Unit Count', 'Dwelling Units', 'Number of Dwelling Units'],
    generalConditions: ['General Conditions', 'General Condition', 'Gen Conditions', 'Gen. Cond.', 'General Requirements'],
    overheadAndProfit: ['Overhead and Profit', 'Overhead & Profit', 'O&P', 'OH&P'],
    overhead: ['Overhead', 'Overhead Cost', 'Contractor Overhead', 'OH'],
    profit: ['Profit', "Contractor's Profit", 'Contractor Profit'],
    contingency: ['Contingency', 'Contingency Reserve', 'Contingency Amount', 'Contingency Fund', 'Reserve'],
    grandTotal: [
      'Grand Total', 'Total', 'Total Estimate', 'Estimate Total', 'Total Bid', 'Bid Total', 'Contract Total', 'Total Contract Price',
      'Total Project Cost', 'Project Total', 'Total Repair Cost', 'Total Cost of Repairs', 'Total Rehabilitation Cost',
      'Total Cost', 'Total Price', 'Total Amount', 'Total Due', 'Amount Due',
    ],
    sectionTotal: ['Section Total', 'Section Subtotal', 'Subtotal', 'Total', 'Division Total', 'Trade Total', 'Category Total', 'Phase Total'],
    permitsAndFees: ['Permits and Fees', 'Permits & Fees', 'Permits', 'Permit', 'Permit Fees', 'Permit Fee', 'Building Permit', 'Fees'],
  },
  columns: {
    itemNumber: [
      'Item', 'Item No.', 'Item #', 'Item#', 'Item Code', 'No.', '#', 'Pos', 'Line', 'Ln', 'Code', 'Product Code', 'Product ID',
      'SKU', 'UPC', 'Part No.', 'Part Number', 'Part #', 'Article No.', 'Art. No.', 'Catalog No.', 'Model', 'Model No.', 'Ref',
      'Reference',
    ],
    description: [
      'Description', 'Desc.', 'Item', 'Item Description', 'Item Name', 'Product', 'Product Name', 'Product Description',
      'Details', 'Particulars', 'Article', 'Goods', 'Description of Goods', 'Service', 'Services', 'Description of Services',
      'Activity', 'Name', 'Task', 'Work Description', 'Description of Work', 'Scope of Work', 'Work Item', 'Repair Item',
    ],
    quantity: [
      'Qty', 'Quantity', 'Quan', 'Qnty', 'Qty/Units', 'Units', 'Count', 'Pcs', 'Pieces', 'Hours', 'Hrs', 'Ordered', 'Shipped',
      'Qty Ordered', 'Qty Shipped',
    ],
    unit: ['Unit', 'Units', 'UOM', 'U.O.M.', 'U/M', 'UM', 'Unit of Measure', 'Measure'],
    unitPrice: [
      'Unit Price', 'Unit Cost', 'Unit Rate', 'Unit Amount', 'Rate', 'Hourly Rate', 'Price', 'Price Each', 'Cost Each', 'Each',
      'Ea.', 'Price/Unit', 'Price per Unit', 'List Price', 'Net Price', 'Sell Price', 'Selling Price', 'Cost',
    ],
    amount: [
      'Amount', 'Total', 'Line Total', 'Line Amount', 'Item Total', 'Total Price', 'Total Cost', 'Extended', 'Extended Price',
      'Ext. Price', 'Ext. Amount', 'Extension', 'Ext.', 'Net Amount', 'Net', 'Net Price', 'Net Value', 'Value', 'Subtotal',
      'Sum', 'Amount excl. VAT', 'Bid Amount', 'Price', 'Cost',
    ],
    grossAmount: ['Gross', 'Gross Amount', 'Gross Total', 'Amount incl. VAT', 'Amount incl. Tax', 'Total incl. VAT', 'Total inc VAT', 'Total incl. Tax'],
    taxRate: ['VAT', 'VAT %', 'VAT%', 'VAT Rate', 'VAT Code', 'Tax', 'Tax %', 'Tax%', 'Tax Rate', 'Tax Code', 'GST', 'GST %'],
    taxAmount: ['VAT', 'VAT Amount', 'Tax', 'Tax Amount', 'GST', 'GST Amount', 'Sales Tax'],
    discount: ['Discount', 'Discount %', 'Disc.', 'Disc %', 'Disc%', 'Savings'],
    date: ['Date', 'Service Date', 'Date of Service', 'Delivery Date', 'Ship Date', 'Transaction Date', 'Work Date'],
    material: ['Material', 'Materials', 'Mat', 'Matl', "Mat'l", 'Material Cost', 'Materials Cost', 'Mat Cost', 'Parts'],
    labor: ['Labor', 'Labour', 'Lab', 'Labor Cost', 'Labour Cost', 'Installation', 'Install'],
    equipment: ['Equipment', 'Equip.', 'Equipment Cost', 'Equipment Rental', 'Rental', 'Tools'],
    scope: ['Scope', 'Trade', 'Category', 'Division', 'Phase', 'Section', 'Room', 'Area'],
  },
};
