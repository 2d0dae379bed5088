/** The fields of a submission beside its file, as the document and lending services take them. */
export interface SubmissionFields {
  webhookUrl?: string;
  metadata?: Record<string, unknown>;
  documentType?: string;
  /** The engine to run: `local` (default), or the configured AI model by alias or name (see services/model-choice.ts). */
  model?: string;
  /**
   * The API surface the job was submitted through (`lending`: /api/lending/extract; `b2c`: an
   * extraction by template, /api/b2c/extract; `legacy`: the legacy synchronous form of /api/documents/extract;
   * `analysis`: a statement-of-repair analysis task, /api/sor-analysis*).
   */
  service?: 'documents' | 'lending' | 'b2c' | 'legacy' | 'analysis';
}

/** A submission's answer: the job created, or the first one again for a replayed Idempotency-Key. */
export interface Submitted {
  body: Record<string, unknown>;
  replayed: boolean;
}
