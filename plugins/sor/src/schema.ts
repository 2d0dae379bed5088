import { z } from '@docsift/core';

const money = z.number().nullable();

const lineItemSchema = z.object({
  description: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  materialCost: money,
  laborCost: money,
  totalCost: money,
  /** Printed only by estimates with an equipment column; part of the line total. */
  equipmentCost: money.optional(),
  /** Printed only by estimates with a tax column; part of the line total. */
  taxAmount: money.optional(),
});

/** Totals printed on a section's subtotal row (not part of the interface; validators and the legacy layout read them). */
const sectionTotalSchema = z.object({ materialCost: money, laborCost: money, totalCost: money });

const constructionSectionSchema = z.object({
  sectionName: z.string(),
  lineItems: z.array(lineItemSchema),
  sectionTotal: sectionTotalSchema.nullable().optional(),
});

const documentMetadataSchema = z.object({
  consultant: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  borrowerName: z.string().nullable(),
  lenderName: z.string().nullable(),
  inspectionDate: z.string().nullable(),
  contractorInfo: z.object({ name: z.string().nullable(), license: z.string().nullable(), phone: z.string().nullable() }),
});

const recapLineSchema = z.object({ label: z.string(), amount: z.number() });

/**
 * Facts beyond the interface's primary layout: those only the legacy layout asks for
 * (consultantInfo.company/fileNumber, propertyInfo.buildingSize/numberOfUnits); priced recap
 * lines without a recap label printed between the subtotal and the grand total (permits, fees);
 * and what is printed after the grand total (a contingency reserve, fees, a total with them),
 * which is not part of the statement's recap.
 */
const additionalInfoSchema = z.object({
  consultantCompany: z.string().nullable(),
  fileNumber: z.string().nullable(),
  buildingSize: z.string().nullable(),
  numberOfUnits: z.number().int().nullable(),
  recapLines: z.array(recapLineSchema),
  contingencyReserve: money.optional(),
  linesAfterGrandTotal: z.array(recapLineSchema).optional(),
});

const recapSummarySchema = z.object({
  subtotal: money,
  generalConditions: money,
  overheadAndProfit: money,
  grandTotal: money,
});

/** `extractedData` of type `sor` in the primary layout. */
export const sorDataSchema = z.object({
  documentMetadata: documentMetadataSchema,
  constructionSections: z.array(constructionSectionSchema),
  recapSummary: recapSummarySchema,
  additionalInfo: additionalInfoSchema.optional(),
});

export type SorLineItem = z.infer<typeof lineItemSchema>;
export type SorSection = z.infer<typeof constructionSectionSchema>;
export type SorMetadata = z.infer<typeof documentMetadataSchema>;
export type SorRecap = z.infer<typeof recapSummarySchema>;
export type SorAdditionalInfo = z.infer<typeof additionalInfoSchema>;
export type SorRecapLine = z.infer<typeof recapLineSchema>;
export type SorData = z.infer<typeof sorDataSchema>;
