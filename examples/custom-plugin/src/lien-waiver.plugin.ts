import {
  definePlugin,
  PLUGIN_API_VERSION,
  z,
  type DocumentModel,
  type DocumentTypePlugin,
  type FieldDetails,
  type Finding,
  type Line,
} from '@docsift/core';

/** A third document type, added without touching core: a conditional waiver and release on progress payment. */
export const lienWaiverSchema = z.object({
  claimant: z.string().nullable(),
  customer: z.string().nullable(),
  jobLocation: z.string().nullable(),
  owner: z.string().nullable(),
  throughDate: z.string().nullable(),
  paymentAmount: z.number().nullable(),
});
export type LienWaiver = z.infer<typeof lienWaiverSchema>;

type FieldName = keyof LienWaiver;

/** Labels as printed on the statutory forms; matched case-insensitively at the start of a line. */
const LABELS: Record<FieldName, string[]> = {
  claimant: ['name of claimant', 'claimant'],
  customer: ['name of customer', 'customer'],
  jobLocation: ['job location', 'property address'],
  owner: ['owner', 'property owner'],
  throughDate: ['through date', 'through'],
  paymentAmount: ['amount of check', 'payment amount', 'amount'],
};

const TRAINING_TEXTS = [
  'CONDITIONAL WAIVER AND RELEASE ON PROGRESS PAYMENT NOTICE: THIS DOCUMENT WAIVES THE CLAIMANT\'S LIEN, STOP PAYMENT NOTICE, AND PAYMENT BOND RIGHTS EFFECTIVE ON RECEIPT OF PAYMENT. Name of Claimant Name of Customer Job Location Owner Through Date Maker of Check Amount of Check',
  'Conditional waiver and release of lien upon progress payment. Upon receipt by the undersigned of a check in the sum of payable to the claimant, this document becomes effective to release any mechanic\'s lien, stop payment notice or bond right the claimant has on the job.',
  'Partial conditional lien waiver. The undersigned subcontractor waives and releases lien rights for labor, services, equipment and material furnished through the date stated, conditioned on receipt of the progress payment.',
];

function lineValue(line: Line, label: string): string | null {
  const text = line.text.trim();
  if (!text.toLowerCase().startsWith(label)) return null;
  const rest = text.slice(label.length).replace(/^[\s:.-]+/, '').trim();
  return rest || null;
}

function parseMoney(text: string): number | null {
  const match = text.replace(/,/g, '').match(/\$?\s*(\d+(?:\.\d{1,2})?)/);
  return match ? Number(match[1]) : null;
}

function parseDate(text: string): string | null {
  const match = text.match(/(\d{1,2})\/(\d{1,2})\/(\d{4})/);
  return match ? `${match[3]}-${match[1].padStart(2, '0')}-${match[2].padStart(2, '0')}` : null;
}

function extractWaiver(document: DocumentModel): { data: LienWaiver; fieldDetails: FieldDetails } {
  const data: LienWaiver = { claimant: null, customer: null, jobLocation: null, owner: null, throughDate: null, paymentAmount: null };
  const fieldDetails: FieldDetails = {};
  for (const page of document.pages) {
    for (const line of page.lines) {
      for (const field of Object.keys(LABELS) as FieldName[]) {
        if (data[field] !== null) continue;
        const raw = LABELS[field].map((label) => lineValue(line, label)).find((value) => value !== null);
        if (!raw) continue;
        const value = field === 'paymentAmount' ? parseMoney(raw) : field === 'throughDate' ? parseDate(raw) : raw;
        if (value === null) continue;
        (data as Record<FieldName, unknown>)[field] = value;
        const source = line.words[0]?.source ?? 'text';
        const confidence = Math.min(...line.words.map((word) => word.confidence));
        fieldDetails[field] = { confidence, page: page.number, bbox: line.bbox, source };
      }
    }
  }
  return { data, fieldDetails };
}

function missingAmount(data: LienWaiver): Finding[] {
  return data.paymentAmount === null
    ? [{ severity: 'warning', code: 'waiver_missing_amount', message: 'The waiver shows no payment amount.', path: 'paymentAmount' }]
    : [];
}

export function lienWaiverPlugin(): DocumentTypePlugin<LienWaiver> {
  return definePlugin({
    apiVersion: PLUGIN_API_VERSION,
    kind: 'document-type',
    name: '@docsift/example-custom-plugin',
    version: '0.1.0',
    entry: {
      typeCode: 'lien_waiver',
      displayName: 'Conditional Lien Waiver',
      description: 'Conditional waiver and release of lien rights on a progress payment, signed by a contractor or supplier (claimant).',
      confidenceThreshold: 0.6,
      extractionSupported: true,
      legacyTypeCodes: [],
      fields: [
        { name: 'claimant', type: 'string', description: 'Name of claimant' },
        { name: 'paymentAmount', type: 'currency', description: 'Amount of check' },
      ],
      keywords: ['conditional waiver', 'release', 'progress payment', 'claimant', 'lien', 'stop payment notice', 'through date'],
      examples: TRAINING_TEXTS.slice(0, 1),
    },
    dataSchema: lienWaiverSchema,
    detector: { artifact: null, trainingExamples: async () => TRAINING_TEXTS.map((text, index) => ({ id: `waiver-${index + 1}`, text })) },
    extractor: { extract: async (document) => extractWaiver(document) },
    validators: [missingAmount],
  });
}
