import type { FieldSpec, RegistryEntry } from '@docsift/core';

/** Fields of the legacy type list (`supportedFields`), also what the generic extractor looks for. */
const FIELDS: FieldSpec[] = [
  { name: 'certificateNumber', type: 'string', description: 'Certificate number printed beside COVERAGES' },
  { name: 'issueDate', type: 'date', description: 'Date the certificate was issued (DATE box, top right)' },
  { name: 'producerName', type: 'string', description: 'Producer: the insurance agency or broker issuing the certificate' },
  { name: 'producerAddress', type: 'address', description: 'Mailing address of the producer' },
  { name: 'producerPhone', type: 'phone', description: 'Producer contact phone (A/C, No, Ext)' },
  { name: 'insuredName', type: 'string', description: 'Named insured: the business the policies cover', required: true },
  { name: 'insuredAddress', type: 'address', description: 'Mailing address of the named insured' },
  { name: 'coverages', type: 'list', description: 'Coverage rows: type of insurance, insurer, policy number, effective and expiration dates, limits', required: true },
  { name: 'certificateHolderName', type: 'string', description: 'Certificate holder: who the certificate is issued to (often the lender)' },
  { name: 'certificateHolderAddress', type: 'address', description: 'Mailing address of the certificate holder' },
];

export const insuranceCertEntry: RegistryEntry = {
  typeCode: 'insurance_cert',
  displayName: 'Certificate of Liability Insurance (ACORD 25)',
  description:
    "ACORD 25 certificate of liability insurance: evidence of a contractor's or borrower's commercial general liability, automobile, umbrella/excess and workers' compensation coverage, with producer, insured, insurers, policy numbers, policy periods, limits and certificate holder.",
  confidenceThreshold: 0.8,
  extractionSupported: true,
  legacyTypeCodes: ['insurance_certificate'],
  fields: FIELDS,
  keywords: [
    'certificate of liability insurance',
    'ACORD 25',
    'producer',
    'insured',
    'insurer(s) affording coverage',
    'NAIC #',
    'commercial general liability',
    'automobile liability',
    'umbrella liab',
    'excess liab',
    "workers compensation and employers' liability",
    'policy number',
    'policy eff',
    'policy exp',
    'each occurrence',
    'general aggregate',
    'certificate holder',
    'cancellation',
    'authorized representative',
  ],
  examples: [
    'CERTIFICATE OF LIABILITY INSURANCE DATE (MM/DD/YYYY) PRODUCER INSURED INSURER A COVERAGES CERTIFICATE NUMBER REVISION NUMBER TYPE OF INSURANCE POLICY NUMBER POLICY EFF POLICY EXP LIMITS COMMERCIAL GENERAL LIABILITY EACH OCCURRENCE $1,000,000 CERTIFICATE HOLDER CANCELLATION',
    'ACORD 25 certificate of liability insurance issued to the general contractor: general liability, automobile liability, umbrella liability and workers compensation with policy numbers and limits; certificate holder is the mortgage lender ISAOA ATIMA.',
  ],
  lendingSpecific:
    "Evidence of the contractor's liability and workers' compensation insurance for a renovation loan: checks that policies are in force for the work and that the lender is the certificate holder.",
};
