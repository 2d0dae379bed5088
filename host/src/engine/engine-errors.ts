/** Why the pool itself (not the engine) could not give a result. */
export type EnginePoolErrorCode = 'engine_crashed' | 'engine_timeout' | 'engine_aborted' | 'engine_unavailable' | 'engine_closed' | 'internal_error';

export class EnginePoolError extends Error {
  override readonly name = 'EnginePoolError';
  constructor(
    readonly code: EnginePoolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isEnginePoolError(error: unknown): error is EnginePoolError {
  return error instanceof EnginePoolError;
}
