import { addressText, formatDate, isoDate } from './content.js';
import type { SorFamily } from './family.js';
import { sectionTotal, type SorDocument } from './model.js';

/** The answer key of one generated document, in the synthetic corpus's `files[]` shape. */

export type Variant = 'digital' | 'scanned' | 'fax' | 'photo';

export interface AnswerLineItem {
  description: string;
  quantity: number | null;
  unit: string | null;
  materialCost: number | null;
  laborCost: number | null;
  totalCost: number;
}

export interface SorAnswer {
  file: string;
  sha256: string;
  bytes: number;
  multiDocument: false;
  documentType: 'sor';
  layoutFamily: string;
  heldOut: boolean;
  variant: Variant;
  pages: number;
  extractedData: {
    documentMetadata: {
      consultant: string | null;
      propertyAddress: string | null;
      borrowerName: string | null;
      lenderName: string | null;
      inspectionDate: string | null;
      contractorInfo: { name: string | null; license: string | null; phone: string | null };
    };
    constructionSections: Array<{ sectionName: string; lineItems: AnswerLineItem[] }>;
    recapSummary: { subtotal: number | null; generalConditions: number | null; overheadAndProfit: number | null; grandTotal: number };
  };
  acceptableAlternatives: Record<string, unknown[]>;
  otherValuesOnDocument: Record<string, unknown>;
  notes: string;
  scan?: Record<string, unknown>;
}

const dollars = (cents: number): number => cents / 100;

function metadata(family: SorFamily, document: SorDocument): SorAnswer['extractedData']['documentMetadata'] {
  const { parties } = document;
  const { printed } = family;
  const contractor = parties.contractor;
  return {
    consultant: printed.consultant ? parties.consultant : null,
    propertyAddress: printed.propertyAddress ? addressText(parties.property) : null,
    borrowerName: printed.borrowerName ? parties.borrower : null,
    lenderName: printed.lenderName ? parties.lender : null,
    inspectionDate: printed.inspectionDate ? isoDate(parties.inspectionDate) : null,
    contractorInfo: {
      name: contractor && printed.contractor.name ? contractor.name : null,
      license: contractor && printed.contractor.license ? contractor.license : null,
      phone: contractor && printed.contractor.phone ? contractor.phone : null,
    },
  };
}

function sections(family: SorFamily, document: SorDocument): SorAnswer['extractedData']['constructionSections'] {
  const { printed } = family;
  const amounts = printed.materialLabor !== 'none';
  return (family.printedSections?.(document) ?? document.sections).map((section) => {
    const split = amounts && !family.subcontracted?.(document, section);
    return {
      sectionName: section.heading,
      lineItems: section.items.map((item) => ({
        description: item.description,
        quantity: printed.quantity ? item.quantity : null,
        unit: printed.unit ? item.unit : null,
        materialCost: split ? dollars(item.material) : null,
        laborCost: split ? dollars(item.labor) : null,
        totalCost: dollars(item.total),
      })),
    };
  });
}

function recapSummary(family: SorFamily, document: SorDocument): SorAnswer['extractedData']['recapSummary'] {
  const { recap } = document;
  const overheadAndProfit = recap.overhead ? recap.overhead.amount + (recap.profit?.amount ?? 0) : null;
  return {
    subtotal: family.printed.subtotal ? dollars(document.sections.reduce((sum, section) => sum + sectionTotal(section), 0)) : null,
    generalConditions: recap.generalConditions ? dollars(recap.generalConditions.amount) : null,
    overheadAndProfit: overheadAndProfit === null ? null : dollars(overheadAndProfit),
    grandTotal: dollars(recap.grandTotal),
  };
}

export function answerFor(
  family: SorFamily,
  document: SorDocument,
  file: { name: string; sha256: string; bytes: number; pages: number; variant: Variant; scan?: Record<string, unknown> },
): SorAnswer {
  const { parties, recap } = document;
  const itemCount = document.sections.reduce((sum, section) => sum + section.items.length, 0);
  const alternatives: Record<string, unknown[]> = {};
  if (family.printed.consultant) {
    alternatives['documentMetadata.consultant'] = [parties.consultantCompany, `${parties.consultant}, ${parties.consultantCompany}`];
  }
  const line = (entry: { label: string; amount: number }) => ({ label: entry.label, amount: dollars(entry.amount) });
  return {
    file: file.name,
    sha256: file.sha256,
    bytes: file.bytes,
    multiDocument: false,
    documentType: 'sor',
    layoutFamily: family.id,
    heldOut: family.heldOut,
    variant: file.variant,
    pages: file.pages,
    extractedData: { documentMetadata: metadata(family, document), constructionSections: sections(family, document), recapSummary: recapSummary(family, document) },
    acceptableAlternatives: alternatives,
    otherValuesOnDocument: {
      inspectionDatePrinted: family.printed.inspectionDate ? formatDate(parties.inspectionDate, family.dateStyle) : null,
      generalConditionsRatePercent: recap.generalConditions?.rate ?? null,
      overheadRatePercent: recap.overhead?.rate ?? null,
      profitRatePercent: recap.profit?.rate ?? null,
      overheadAndProfitSplit: recap.profit !== null,
      recapLinesBeforeGrandTotal: recap.before.map(line),
      recapLinesAfterGrandTotal: recap.after.map(line),
      unitRatesOnly: family.printed.materialLabor === 'rates',
    },
    notes: `Layout family ${family.id} (${family.name}); ${itemCount} line items in ${document.sections.length} sections.`,
    ...(file.scan ? { scan: file.scan } : {}),
  };
}
