import type { Logger } from '../contracts/logger.js';
import type { Mapper, MapperOptions } from '../contracts/services.js';
import { TransformSandbox, type TransformLimits } from './transform-sandbox.js';

/**
 * Runs the mapping's `transform`, a function body that receives the payload as `data` and
 * returns the output object, inside the isolated-vm sandbox (tenants take turns there).
 */
export class CustomMapper implements Mapper {
  readonly format = 'custom';
  private readonly sandbox: TransformSandbox;

  constructor(options: { limits?: TransformLimits; logger?: Logger } = {}) {
    this.sandbox = new TransformSandbox(options.limits, options.logger);
  }

  map(payload: Record<string, unknown>, options: MapperOptions): Promise<Record<string, unknown>> {
    return this.sandbox.run(options.transform ?? '', payload, options.tenant);
  }

  validate(options: MapperOptions): Promise<void> {
    return this.sandbox.check(options.transform ?? '');
  }

  close(): void {
    this.sandbox.close();
  }
}
