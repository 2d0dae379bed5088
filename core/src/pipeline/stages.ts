/** The stages of one document, in order, with the share of `progress` each one ends at. */
export const STAGES = ['ingest', 'read', 'classify', 'extract', 'validate'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_PROGRESS_END: Record<Stage, number> = {
  ingest: 5,
  read: 70,
  classify: 80,
  extract: 95,
  validate: 100,
};

export const STAGE_PROGRESS_START: Record<Stage, number> = {
  ingest: 0,
  read: 5,
  classify: 70,
  extract: 80,
  validate: 95,
};
