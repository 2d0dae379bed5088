import type { Config } from '../config/config.js';
import type { JobEngine } from '../persistence/entities/job.entities.js';
import { badRequest } from './errors.js';

/** The `model` value of the built-in engine, and the default. */
const LOCAL_MODEL = 'local';
/** The model family the host talks to (an OpenAI-compatible chat endpoint), accepted as the configured model's alias. */
const PROVIDER_ALIAS = 'openai';

/** The `model` values this server accepts, as the API documents them. */
function modelChoices(ai: Config['ai']): string[] {
  return ai ? [LOCAL_MODEL, PROVIDER_ALIAS, ai.model] : [LOCAL_MODEL];
}

/**
 * The engine a submission's `model` selects: absent, blank or `local` is the built-in engine; `openai` or
 * the configured model's name (DOCSIFT_AI_MODEL), case-insensitively, is the AI model. Anything else,
 * or any model while none is configured, is refused before a job is created.
 */
export function engineFor(model: string | undefined, ai: Config['ai']): JobEngine {
  const asked = model?.trim().toLowerCase();
  if (!asked || asked === LOCAL_MODEL) return 'local';
  const details = { field: 'model', model, supportedModels: modelChoices(ai) };
  if (!ai) {
    throw badRequest(`model "${model}" is not available: no AI model is configured on this server; leave model out or send "${LOCAL_MODEL}".`, {
      ...details,
      reason: 'model_not_configured',
    });
  }
  if (asked === PROVIDER_ALIAS || asked === ai.model.toLowerCase()) return 'model';
  throw badRequest(`model "${model}" is unknown; this server accepts ${details.supportedModels.map((choice) => `"${choice}"`).join(', ')}.`, {
    ...details,
    reason: 'unknown_model',
  });
}
