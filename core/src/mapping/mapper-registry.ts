import type { Logger } from '../contracts/logger.js';
import type { Mapper, MapperOptions } from '../contracts/services.js';
import { CustomMapper } from './custom-mapper.js';
import { DefaultMapper } from './default-mapper.js';
import { isMappingError, MappingError } from './errors.js';
import { FlatMapper } from './flat-mapper.js';
import { isPlainObject } from './paths.js';
import type { TransformLimits } from './transform-sandbox.js';

export const BUILT_IN_FORMATS = ['default', 'flat', 'custom'] as const;

export interface MapperRegistryOptions {
  /** An integrator's mappers; one with a built-in's format replaces the built-in. */
  mappers?: readonly Mapper[];
  /** Limits of the `custom` sandbox. */
  transformLimits?: TransformLimits;
  logger?: Logger;
}

/** The mappers by format: the built-in `default`, `flat` and `custom`, plus an integrator's own. */
export class MapperRegistry {
  private readonly byFormat = new Map<string, Mapper>();
  private readonly customMapper: CustomMapper;
  private readonly logger?: Logger;

  constructor(options: MapperRegistryOptions = {}) {
    this.logger = options.logger;
    this.customMapper = new CustomMapper({ limits: options.transformLimits, logger: options.logger });
    for (const mapper of [new DefaultMapper(), new FlatMapper(), this.customMapper]) this.byFormat.set(mapper.format, mapper);
    const added = new Set<string>();
    for (const mapper of options.mappers ?? []) {
      if (!mapper || typeof mapper.format !== 'string' || mapper.format === '' || typeof mapper.map !== 'function') {
        throw new TypeError('a mapper needs a non-empty `format` and a `map` function');
      }
      if (added.has(mapper.format)) throw new TypeError(`two mappers were given for the format "${mapper.format}"`);
      added.add(mapper.format);
      this.byFormat.set(mapper.format, mapper);
    }
  }

  /** The mapper of a format; throws `MappingError` `unknown_format` when none is registered. */
  get(format: string): Mapper {
    const mapper = this.byFormat.get(format);
    if (!mapper) throw new MappingError('unknown_format', `no mapper is registered for the format "${String(format).slice(0, 64)}"`);
    return mapper;
  }

  has(format: string): boolean {
    return this.byFormat.has(format);
  }

  formats(): string[] {
    return [...this.byFormat.keys()];
  }

  /**
   * Maps a payload with the mapper of `format`. Throws only `MappingError`: an integrator's
   * mapper that throws anything else, or returns no object, fails with `transform_failed`.
   */
  async map(format: string, payload: Record<string, unknown>, options: MapperOptions = {}): Promise<Record<string, unknown>> {
    const mapper = this.get(format);
    let output: unknown;
    try {
      output = await mapper.map(payload, options);
    } catch (error) {
      if (isMappingError(error)) throw error;
      this.logger?.warn({ err: error, format }, 'mapper failed');
      throw new MappingError('transform_failed', `the "${format}" mapper failed`);
    }
    if (!isPlainObject(output)) throw new MappingError('transform_failed', `the "${format}" mapper did not return an object`);
    return output;
  }

  /**
   * Checks a mapping when it is saved (unknown format, bad fields, a transform that does not
   * compile), without running it. Throws `MappingError` `unknown_format` or `invalid_mapping`.
   */
  async validate(format: string, options: MapperOptions = {}): Promise<void> {
    await this.get(format).validate?.(options);
  }

  /** Releases the sandbox isolate. */
  close(): void {
    this.customMapper.close();
  }
}
