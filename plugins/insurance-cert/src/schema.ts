import { z } from '@docsift/core';

/** The four coverage kinds of the interface; any other populated row goes to `otherCoverages`. */
export const COVERAGE_TYPES = ['general_liability', 'auto_liability', 'umbrella', 'workers_comp'] as const;
export type CoverageType = (typeof COVERAGE_TYPES)[number];

/** Limit keys per coverage kind (docs/plugins/insurance-cert.md), in the order the form prints them. */
export const LIMIT_KEYS = {
  general_liability: [
    'eachOccurrence',
    'damageToRentedPremises',
    'medicalExpense',
    'personalAdvertisingInjury',
    'generalAggregate',
    'productsCompletedOperationsAggregate',
  ],
  auto_liability: ['combinedSingleLimit', 'bodilyInjuryPerPerson', 'bodilyInjuryPerAccident', 'propertyDamage'],
  umbrella: ['eachOccurrence', 'aggregate'],
  workers_comp: ['elEachAccident', 'elDiseaseEachEmployee', 'elDiseasePolicyLimit'],
} as const satisfies Record<CoverageType, readonly string[]>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().nullable();
const date = isoDate.nullable();
const limits = z.record(z.string(), z.number());

const policyFields = {
  insurer: text,
  policyNumber: text,
  effectiveDate: date,
  expirationDate: date,
  limits,
};

export const coverageSchema = z.object({ type: z.enum(COVERAGE_TYPES), ...policyFields });
export const otherCoverageSchema = z.object({ description: text, ...policyFields });

export const insuranceCertSchema = z.object({
  certificateNumber: text,
  issueDate: date,
  producer: z.object({ name: text, address: text, phone: text }),
  insured: z.object({ name: text, address: text }),
  coverages: z.array(coverageSchema),
  otherCoverages: z.array(otherCoverageSchema),
  certificateHolder: z.object({ name: text, address: text }),
});

export type Coverage = z.infer<typeof coverageSchema>;
export type OtherCoverage = z.infer<typeof otherCoverageSchema>;
/** `extractedData` of an `insurance_cert` document in the primary layout. */
export type InsuranceCertData = z.infer<typeof insuranceCertSchema>;
