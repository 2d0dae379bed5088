import type { LegacyMapping } from '@docsift/core';
import type { SorData } from './schema.js';
import { sectionAmount } from './validators.js';

export interface LegacySorLineItem {
  itemName: string;
  materials: number | null;
  labor: number | null;
  itemTotal: number | null;
}

export interface LegacySorSection {
  sectionNumber: string | null;
  sectionName: string;
  subTotal: number | null;
  lineItems: LegacySorLineItem[];
}

export interface LegacySor {
  consultantInfo: { name: string | null; company: string | null; fileNumber: string | null };
  propertyInfo: { address: string | null; buildingSize: string | null; numberOfUnits: number | null };
  constructionSections: LegacySorSection[];
  grandTotal: number | null;
}

/** "3.0 Foundation & Masonry" → number "3.0" and name "Foundation & Masonry". */
function splitSectionName(name: string): { sectionNumber: string | null; sectionName: string } {
  const match = /^(\d{1,2}\.\d{1,2})\s+(.*)$/.exec(name);
  return match ? { sectionNumber: match[1], sectionName: match[2] } : { sectionNumber: null, sectionName: name };
}

/** The legacy layout of `sor` data (the type code stays `sor`). */
export function toLegacySor(data: SorData): LegacySor {
  const meta = data.documentMetadata;
  const extra = data.additionalInfo;
  return {
    consultantInfo: { name: meta.consultant, company: extra?.consultantCompany ?? null, fileNumber: extra?.fileNumber ?? null },
    propertyInfo: { address: meta.propertyAddress, buildingSize: extra?.buildingSize ?? null, numberOfUnits: extra?.numberOfUnits ?? null },
    constructionSections: data.constructionSections.map((section) => ({
      ...splitSectionName(section.sectionName),
      subTotal: sectionAmount(section),
      lineItems: section.lineItems.map((item) => ({
        itemName: item.description,
        materials: item.materialCost,
        labor: item.laborCost,
        itemTotal: item.totalCost,
      })),
    })),
    grandTotal: data.recapSummary.grandTotal,
  };
}

export const legacyMapping: LegacyMapping<SorData> = {
  typeCode: 'sor',
  toLegacy: (data) => ({ ...toLegacySor(data) }),
};
