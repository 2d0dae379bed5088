import { expect } from 'chai';
import { documentFromText } from '@docsift/core/testing';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { recapArithmetic } from '../../../plugins/sor/src/validators.js';
import { pricedList, scopeBid, threePageTable, twoPageStatement } from './support/documents.js';

describe('plugin-sor extractor on documents made in the test', () => {
  describe('a statement whose table continues across a page break', () => {
    const { data, fieldDetails } = extractSor(twoPageStatement());

    it('reads every section and line item in print order, with wrapped descriptions joined', () => {
      expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['1.0 General Requirements', '2.0 Roofing']);
      const [general, roofing] = data.constructionSections;
      expect(general.lineItems).to.deep.equal([
        { description: 'Dumpster, delivery and haul', quantity: 2, unit: 'EA', materialCost: 500, laborCost: 100, totalCost: 600 },
        { description: 'Temporary toilet rental for the duration of the project', quantity: 1, unit: 'LS', materialCost: 80, laborCost: 0, totalCost: 80 },
      ]);
      expect(roofing.lineItems.map((item) => item.description)).to.deep.equal(['Tear off and replace shingles, 30-year', 'Drip edge, aluminum']);
      expect(roofing.lineItems[1]).to.include({ quantity: 150, unit: 'LF', totalCost: 375 });
    });

    it('keeps printed section totals apart from line items', () => {
      expect(data.constructionSections[0].sectionTotal).to.deep.equal({ materialCost: 580, laborCost: 100, totalCost: 680 });
      expect(data.constructionSections[1].sectionTotal?.totalCost).to.equal(3875);
    });

    it('reads the recap up to the grand total and ignores the lines after it', () => {
      expect(data.recapSummary).to.deep.equal({ subtotal: 4555, generalConditions: 227.75, overheadAndProfit: 455.5, grandTotal: 5238.25 });
    });

    it('reads the header block by its labels', () => {
      expect(data.documentMetadata).to.deep.include({
        borrowerName: 'Jane Q. Public',
        propertyAddress: '12 Elm St, Springfield, IL 62701',
        lenderName: 'First Bank',
        consultant: 'John Smith',
        inspectionDate: '2026-03-03',
      });
      expect(data.additionalInfo).to.deep.include({ fileNumber: 'F-100', numberOfUnits: 2, consultantCompany: 'Acme Renovation Consultants, LLC' });
      expect(data.documentMetadata.contractorInfo).to.deep.equal({ name: 'Best Builders, Inc.', license: 'GC-1', phone: '(555) 123-4567' });
    });

    it('gives every value a fieldDetails entry with its page and box', () => {
      const continued = fieldDetails['constructionSections[1].lineItems[1].totalCost'];
      expect(continued).to.include({ page: 2, source: 'text', confidence: 1 });
      expect(continued.bbox).to.have.length(4);
      expect(fieldDetails['constructionSections[0].lineItems[1].description'].page).to.equal(1);
      expect(fieldDetails['recapSummary.grandTotal'].page).to.equal(2);
      expect(fieldDetails['documentMetadata.borrowerName'].bbox![0]).to.be.closeTo(0.12, 0.01);
    });
  });

  it('continues a table over pages whose running header and table header repeat at the same place', () => {
    const { data } = extractSor(threePageTable());
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((item) => item.description)])).to.deep.equal([
      ['1.0 General Requirements', ['First item', 'Second item', 'Third item']],
      ['2.0 Plumbing', ['Fourth item', 'Fifth item']],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(75);
  });

  it('reads a bid with one amount per scope: description lines around the amount, scope as section', () => {
    const { data } = extractSor(scopeBid());
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['DECK', 'RAILS']);
    expect(data.constructionSections[0].lineItems).to.deep.equal([
      {
        description: 'Demolition of the existing deck, haul away and disposal of all debris, permits by owner. Excludes: landscaping.',
        quantity: null,
        unit: null,
        materialCost: null,
        laborCost: null,
        totalCost: 4200,
      },
    ]);
    expect(data.constructionSections[1].lineItems[0].totalCost).to.equal(9800);
    expect(data.recapSummary.grandTotal).to.equal(14000);
    expect(data.documentMetadata.contractorInfo).to.deep.include({ name: 'Hammer & Trowel Services', phone: '281-555-0101' });
  });

  it('names the scopes of a bid by the short headings between its blocks when there is no scope column', () => {
    const text = [
      'DESCRIPTION                                                        AMOUNT',
      '',
      'KITCHEN',
      '',
      'Replace cabinets and counters, remove and haul away old ones    $8,000.00',
      '',
      'Install new range hood, vented to exterior                        $900.00',
      '',
      'BATHROOM',
      '',
      'Replace tub and surround                                         $3,100.00',
      '',
      '                                                    TOTAL       $12,000.00',
    ].join('\n');
    const { data } = extractSor(documentFromText(text));
    expect(data.constructionSections.map((section) => [section.sectionName, section.lineItems.map((item) => item.totalCost)])).to.deep.equal([
      ['KITCHEN', [8000, 900]],
      ['BATHROOM', [3100]],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(12000);
  });

  it('reads a priced list without a header row, named by the heading above it', () => {
    const { data } = extractSor(pricedList());
    expect(data.constructionSections).to.have.length(1);
    expect(data.constructionSections[0].sectionName).to.equal('Pricing Summary');
    expect(data.constructionSections[0].lineItems.map((item) => [item.description, item.totalCost])).to.deep.equal([
      ['Rebuild chimney crown and cap', 2500],
      ['Repoint front wall Seal all joints with polyurethane caulk', 1200],
    ]);
    expect(data.recapSummary.grandTotal).to.equal(null);
  });

  it('marks OCR values with their source and repairs look-alike characters at lower confidence', () => {
    const text = [
      'Description                         Qty   Unit     Material      Labor      Total',
      '1.0 Plumbing',
      'Replace water heater                  1   EA       S9OO.00     300.00   1,200.00',
    ].join('\n');
    const { data, fieldDetails } = extractSor(documentFromText(text, { source: 'ocr' }));
    expect(data.constructionSections[0].lineItems[0]).to.include({ materialCost: 900, totalCost: 1200 });
    expect(fieldDetails['constructionSections[0].lineItems[0].materialCost'].source).to.equal('ocr');
    expect(fieldDetails['constructionSections[0].lineItems[0].materialCost'].confidence).to.be.below(
      fieldDetails['constructionSections[0].lineItems[0].totalCost'].confidence,
    );
  });

  it('infers the columns of an itemised table whose header row OCR lost, from rows that add up', () => {
    const text = [
      '1.0 General Requirements',
      '1.1    Dumpster, delivery and haul                 2   EA     500.00     100.00     600.00',
      '1.2    Temporary toilet rental for the duration    1   LS      80.00       0.00      80.00',
      '       of the project',
      '2.0 Roofing',
      '21     Drip edge, aluminum                       150   LF     150.00     225.00     375.00',
      '                                       GRAND TOTAL                                1,055.00',
    ].join('\n');
    const { data } = extractSor(documentFromText(text, { source: 'ocr' }));
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['1.0 General Requirements', '2.0 Roofing']);
    expect(data.constructionSections[0].lineItems[1]).to.deep.equal({
      description: 'Temporary toilet rental for the duration of the project',
      quantity: 1,
      unit: 'LS',
      materialCost: 80,
      laborCost: 0,
      totalCost: 80,
    });
    expect(data.constructionSections[1].lineItems[0]).to.include({ description: 'Drip edge, aluminum', quantity: 150, unit: 'LF', totalCost: 375 });
    expect(data.recapSummary.grandTotal).to.equal(1055);
  });

  it('fills one unreadable amount from the other two, at lower confidence', () => {
    const text = [
      'Description                         Qty   Unit     Material      Labor      Total',
      '1.0 Plumbing',
      'Replace water heater                  1   EA         900.00     300.00      #@!',
    ].join('\n');
    const { data, fieldDetails } = extractSor(documentFromText(text));
    expect(data.constructionSections[0].lineItems[0].totalCost).to.equal(1200);
    expect(fieldDetails['constructionSections[0].lineItems[0].totalCost'].confidence).to.equal(0.6);
  });

  it('returns empty data for a document with no statement in it', () => {
    const { data, fieldDetails } = extractSor(documentFromText('Dear customer,\nthank you for your letter.'));
    expect(data.constructionSections).to.deep.equal([]);
    expect(data.recapSummary.grandTotal).to.equal(null);
    expect(data.documentMetadata.borrowerName).to.equal(null);
    expect(fieldDetails).to.deep.equal({});
  });
});

describe('plugin-sor extractor on another layout', () => {
  const text = [
    'WORK WRITE-UP                                       Homeowner:  Ann Lee',
    'Subject Property:  9 Oak Ave, Salem, OR 97301        Date of Inspection:  2026-01-15',
    '',
    'Scope of Work                        Qty  U/M     Labor   Material       Line',
    '                                                   Cost       Cost      Total',
    'Division 2 - Site Work',
    'Haul debris                            1  LS    400.00      Incl.     400.00',
    'Regrade yard                          10  SY    150.00      50.00     200.00',
    'Division 3 - Concrete',
    'Pour walk                             40  SF    300.00     500.00     800.00',
    '',
    '                               Construction Subtotal               1,400.00',
    '                               General Conditions                    140.00',
    '                               Overhead & Profit                     154.00',
    '                               Total Estimate                      1,694.00',
  ].join('\n');
  const { data } = extractSor(documentFromText(text));

  it('reads a two-line header in other words, columns in another order, numbered divisions and an "Incl." cell', () => {
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['Division 2 - Site Work', 'Division 3 - Concrete']);
    expect(data.constructionSections[0].lineItems).to.deep.equal([
      { description: 'Haul debris', quantity: 1, unit: 'LS', materialCost: 0, laborCost: 400, totalCost: 400 },
      { description: 'Regrade yard', quantity: 10, unit: 'SY', materialCost: 50, laborCost: 150, totalCost: 200 },
    ]);
    expect(data.constructionSections[1].lineItems[0]).to.include({ description: 'Pour walk', materialCost: 500, laborCost: 300 });
  });

  it('reads the recap and the header block by their other labels', () => {
    expect(data.recapSummary).to.deep.equal({ subtotal: 1400, generalConditions: 140, overheadAndProfit: 154, grandTotal: 1694 });
    expect(data.documentMetadata).to.deep.include({ borrowerName: 'Ann Lee', propertyAddress: '9 Oak Ave, Salem, OR 97301', inspectionDate: '2026-01-15' });
  });
});

describe('plugin-sor extractor with quantity and unit before the description', () => {
  it('reads the leading columns as values and the rest as the description, under the heading above the table', () => {
    const text = [
      'Exterior Repairs',
      'Qty   Unit   Description                          Unit Price        Amount',
      '2     EA     Storm door, full view                    310.00        620.00',
      '12    LF     Gutter guard, aluminum                     4.50         54.00',
      '',
      '                                        Total                      674.00',
    ].join('\n');
    const { data } = extractSor(documentFromText(text));
    expect(data.constructionSections[0].lineItems).to.deep.equal([
      { description: 'Storm door, full view', quantity: 2, unit: 'EA', materialCost: null, laborCost: null, totalCost: 620 },
      { description: 'Gutter guard, aluminum', quantity: 12, unit: 'LF', materialCost: null, laborCost: null, totalCost: 54 },
    ]);
    expect(data.recapSummary.grandTotal).to.equal(674);
    expect(data.constructionSections[0].sectionName).to.equal('Exterior Repairs');
  });
});

describe('plugin-sor recap variants', () => {
  const recap = (lines: string[]) => documentFromText(lines.map((line) => line.replace(/^(.*?)\s{2,}(\S+)$/, (_, label: string, amount: string) => `${label.padEnd(60)}${amount.padStart(14)}`)).join('\n'));

  it('adds up overhead and profit printed on lines of their own', () => {
    const { data } = extractSor(recap(['Subtotal  $1,000.00', 'General Conditions  $100.00', 'Overhead (5%)  $50.00', 'Profit (10%)  $100.00', 'GRAND TOTAL  $1,250.00']));
    expect(data.recapSummary).to.deep.equal({ subtotal: 1000, generalConditions: 100, overheadAndProfit: 150, grandTotal: 1250 });
  });

  it('keeps priced lines above the grand total apart, and the grand total check counts them', () => {
    const { data } = extractSor(recap(['Subtotal  $1,000.00', 'General Conditions  $100.00', 'Overhead & Profit  $100.00', 'Building permit fees  $75.00', 'GRAND TOTAL  $1,275.00', 'Consultant Fee  $500.00']));
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Building permit fees', amount: 75 }]);
    expect(recapArithmetic(data, { now: new Date() })).to.deep.equal([]);
  });

  it('computes general conditions whose label OCR read but whose amount it lost, at lower confidence', () => {
    const lines = ['Subtotal  $1,000.00', 'General Conditions (10%)', 'Overhead & Profit  $100.00', 'GRAND TOTAL  $1,200.00'];
    const document = documentFromText(lines.map((line) => line.replace(/^(.*?)\s{2,}(\S+)$/, (_, label: string, amount: string) => `${label.padEnd(60)}${amount.padStart(14)}`)).join('\n'), { source: 'ocr' });
    const { data, fieldDetails } = extractSor(document);
    expect(data.recapSummary).to.deep.include({ generalConditions: 100, overheadAndProfit: 100 });
    expect(fieldDetails['recapSummary.generalConditions'].confidence).to.be.below(0.6);
  });

  it('takes a bare "Total" as the grand total when no more specific label is printed, and not "Sub Total"', () => {
    const { data } = extractSor(recap(['Sub Total  $1,000.00', 'Sales tax  $80.00', 'Total  $1,080.00']));
    expect(data.recapSummary).to.deep.include({ subtotal: 1000, grandTotal: 1080 });
    expect(data.additionalInfo?.recapLines).to.deep.equal([{ label: 'Sales tax', amount: 80 }]);
  });
});

describe('plugin-sor extractor on a HUD-style write-up', () => {
  const text = [
    'SPECIFICATION OF REPAIRS',
    'Borrower(s):  Mary Major                    Date of Inspection:  3/9/26',
    '',
    '#    Description of Repair                                Materials      Labor       Total',
    '1. Masonry',
    '     Repoint chimney above roof line                         150.00     350.00      500.00',
    `2. Siding${''.padEnd(71)}1,000.00`,
    '     Replace damaged siding on north wall,                   400.00     600.00    1,000.00',
    '     match existing profile',
    '                                          Total Cost of Repairs                   1,500.00',
    '                                          Contingency Reserve (10%)                 150.00',
  ].join('\n');
  const { data } = extractSor(documentFromText(text));

  it('reads numbered categories (one with its total on the heading row), multi-word header cells and the total cost of repairs', () => {
    expect(data.constructionSections.map((section) => section.sectionName)).to.deep.equal(['1. Masonry', '2. Siding']);
    expect(data.constructionSections[1].lineItems[0]).to.deep.equal({
      description: 'Replace damaged siding on north wall, match existing profile',
      quantity: null,
      unit: null,
      materialCost: 400,
      laborCost: 600,
      totalCost: 1000,
    });
    expect(data.constructionSections[1].sectionTotal).to.deep.equal({ materialCost: null, laborCost: null, totalCost: 1000 });
    expect(data.recapSummary.grandTotal).to.equal(1500);
    expect(data.documentMetadata).to.deep.include({ borrowerName: 'Mary Major', inspectionDate: '2026-03-09' });
  });
});

describe('plugin-sor header block with values under their labels', () => {
  it('reads each value from the cell under its label', () => {
    const text = [
      'Borrower Name          Property Address                       Inspection Date',
      'John Doe               1 Main St, Springfield, IL 62701      01/02/2026',
      '',
      'Lender                 Consultant',
      'Acme Bank              Jane Roe',
    ].join('\n');
    const { data } = extractSor(documentFromText(text));
    expect(data.documentMetadata).to.deep.include({
      borrowerName: 'John Doe',
      propertyAddress: '1 Main St, Springfield, IL 62701',
      inspectionDate: '2026-01-02',
      lenderName: 'Acme Bank',
      consultant: 'Jane Roe',
    });
  });
});
