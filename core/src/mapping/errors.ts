export const MAPPING_ERROR_CODES = ['transform_failed', 'invalid_mapping', 'unknown_format'] as const;
export type MappingErrorCode = (typeof MAPPING_ERROR_CODES)[number];

/**
 * A payload could not be mapped. The message is safe to record on a delivery and show to the
 * organization that owns the mapping (no host paths, no stacks).
 */
export class MappingError extends Error {
  override readonly name = 'MappingError';
  constructor(
    readonly code: MappingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isMappingError(error: unknown): error is MappingError {
  return error instanceof Error && error.name === 'MappingError' && 'code' in error;
}
