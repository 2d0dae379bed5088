import type { SorData, SorLineItem } from '../../../../plugins/sor/src/schema.js';

export const item = (description: string, quantity: number | null, unit: string | null, materialCost: number | null, laborCost: number | null, totalCost: number | null): SorLineItem => ({
  description,
  quantity,
  unit,
  materialCost,
  laborCost,
  totalCost,
});

/**
 * A statement of repair that adds up to the cent: sections 950 + 6,600 + 1,500 = 9,050; general
 * conditions 5% (452.50); overhead and profit 10% of the subtotal (905.00); grand total 10,407.50;
 * then a 10% contingency reserve (1,040.75), an $800 consultant fee and the total rehabilitation
 * cost 12,248.25. Each test changes a copy.
 */
export function consistentStatement(): SorData {
  return {
    documentMetadata: {
      consultant: 'Pat Reviewer',
      propertyAddress: '1 Main St, Springfield, IL 62701',
      borrowerName: null,
      lenderName: null,
      inspectionDate: null,
      contractorInfo: { name: null, license: null, phone: null },
    },
    constructionSections: [
      {
        sectionName: '1.0 General Requirements',
        lineItems: [item('30 CY roll-off dumpster, haul and disposal', 1, 'LS', 500, 100, 600), item('Building permit and plan review', 1, 'LS', 350, 0, 350)],
        sectionTotal: { materialCost: 850, laborCost: 100, totalCost: 950 },
      },
      {
        sectionName: '2.0 Roofing',
        lineItems: [item('Architectural shingles, 30-yr', 20, 'SQ', 3000, 3000, 6000), item('Synthetic roof underlayment', 20, 'SQ', 400, 200, 600)],
        sectionTotal: { materialCost: 3400, laborCost: 3200, totalCost: 6600 },
      },
      {
        sectionName: '3.0 Interior',
        lineItems: [item('Prime and paint walls, two coats', 1000, 'SF', 300, 700, 1000), item('Prime and paint ceilings, two coats', 500, 'SF', 150, 350, 500)],
      },
    ],
    recapSummary: { subtotal: 9050, generalConditions: 452.5, overheadAndProfit: 905, grandTotal: 10407.5 },
    additionalInfo: {
      consultantCompany: null,
      fileNumber: null,
      buildingSize: null,
      numberOfUnits: null,
      recapLines: [],
      contingencyReserve: 1040.75,
      linesAfterGrandTotal: [
        { label: 'Contingency Reserve (10%)', amount: 1040.75 },
        { label: 'Consultant Fee', amount: 800 },
        { label: 'TOTAL REHABILITATION COST', amount: 12248.25 },
      ],
    },
  };
}

/** A statement whose only items are `items` in one section, its recap computed from them (no markups, no recap lines). */
export function statementOf(items: SorLineItem[]): SorData {
  const base = consistentStatement();
  const total = Math.round(items.reduce((sum, entry) => sum + (entry.totalCost ?? 0), 0) * 100) / 100;
  return {
    ...base,
    constructionSections: [{ sectionName: 'Work', lineItems: items }],
    recapSummary: { subtotal: total, generalConditions: null, overheadAndProfit: null, grandTotal: total },
    additionalInfo: { ...base.additionalInfo!, contingencyReserve: null, linesAfterGrandTotal: [] },
  };
}
