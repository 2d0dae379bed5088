/** The `jobs.service` of a run of the legacy synchronous form (docs/legacy.md): run inside its request, never queued. */
export const LEGACY_SYNC_SERVICE = 'legacy';
/** The `jobs.service` of a statement-of-repair analysis task (docs/legacy.md, Tasks): a queued job with an analysis. */
export const ANALYSIS_TASK_SERVICE = 'analysis';
/** The longest an analysis task may take, from its creation (the interface's background task limit). */
export const TASK_TIME_LIMIT_MS = 3_600_000;
