import { MappingError, type Mapper, type MapperOptions } from '@docsift/core';

/** The record the (fictional) Keystone loan servicing system imports. */
export type LoanSystemRecord = {
  loanNumber: string;
  documentCode: string;
  receivedFrom: 'docsift';
  confidencePercent: number | null;
  fields: Array<{ name: string; value: unknown }>;
  failure: string | null;
};

/** docsift type codes to the loan system's document codes; `fields` of the mapping can add more. */
const DOCUMENT_CODES: Record<string, string> = {
  sor: 'REPAIR_ESTIMATE',
  insurance_cert: 'HAZARD_INSURANCE',
};

/**
 * A mapper with its own format name, `loan-system`: it turns the submission payload into the
 * loan system's record. The loan number comes from the metadata the lender sent with the file.
 */
export function loanSystemMapper(): Mapper {
  return {
    format: 'loan-system',
    async map(payload: Record<string, unknown>, options: MapperOptions): Promise<LoanSystemRecord> {
      const metadata = (payload.metadata ?? {}) as Record<string, unknown>;
      if (typeof metadata.loanNumber !== 'string') {
        throw new MappingError('transform_failed', 'the submission metadata carries no loanNumber');
      }
      const documentType = String(payload.documentType ?? 'unknown');
      const codes = { ...DOCUMENT_CODES, ...options.fields };
      const data = (payload.extractedData ?? {}) as Record<string, unknown>;
      return {
        loanNumber: metadata.loanNumber,
        documentCode: codes[documentType] ?? 'OTHER',
        receivedFrom: 'docsift',
        confidencePercent: typeof payload.confidence === 'number' ? Math.round(payload.confidence * 100) : null,
        fields: Object.entries(data).map(([name, value]) => ({ name, value })),
        failure: typeof payload.error === 'string' ? payload.error : null,
      };
    },
    async validate(options: MapperOptions): Promise<void> {
      for (const code of Object.values(options.fields ?? {})) {
        if (!/^[A-Z_]+$/.test(code)) throw new MappingError('invalid_mapping', 'document codes are upper-case letters and underscores');
      }
    },
  };
}
