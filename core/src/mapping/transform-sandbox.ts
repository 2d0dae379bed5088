import type IsolatedVM from 'isolated-vm';
import type { Logger } from '../contracts/logger.js';
import { MappingError } from './errors.js';
import { isPlainObject, type JsonObject } from './paths.js';

export interface TransformLimits {
  /** Wall-clock limit of one transform run (default 100 ms). */
  timeoutMs?: number;
  /** Heap of the sandbox isolate in MB (default 16; isolated-vm accepts 8 or more). */
  memoryLimitMb?: number;
  /** Longest transform source accepted, in characters (default 65,536). */
  maxSourceLength?: number;
}

type Ivm = typeof IsolatedVM;

/**
 * Runs in a fresh context of the sandbox isolate. It keeps the built-ins it needs before the
 * transform runs, so a transform that replaces `JSON` or `Array.isArray` only spoils its own
 * result, which the host checks again after parsing.
 */
const RUNNER_SOURCE = `(function () {
  const parse = JSON.parse, stringify = JSON.stringify, isArray = Array.isArray, FunctionCtor = Function;
  delete globalThis.WebAssembly;
  return function run(body, input, compileOnly) {
    const transform = new FunctionCtor('data', body);
    if (compileOnly) return ['compiled', ''];
    const output = transform(parse(input));
    const kind = output === null ? 'null' : isArray(output) ? 'array' : typeof output;
    return kind === 'object' ? [kind, stringify(output)] : [kind, ''];
  };
})()`;

/**
 * The sandbox for `custom` transforms: isolated-vm, so a transform has no process, require,
 * file system, network or module loader, and its time and heap are bounded. One isolate is
 * reused (a fresh isolate costs about 1.4 ms, a context well under that); each run gets its
 * own context so transforms of different organizations cannot see each other's globals. Runs
 * are serialised, and the isolate is discarded after any failed run, so a transform that
 * exhausted the heap cannot take the next one down with it.
 */
export class TransformSandbox {
  private readonly timeoutMs: number;
  private readonly memoryLimitMb: number;
  private readonly maxSourceLength: number;
  private ivm: Ivm | null = null;
  private isolate: IsolatedVM.Isolate | null = null;
  private runner: IsolatedVM.Script | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    limits: TransformLimits = {},
    private readonly logger?: Logger,
  ) {
    this.timeoutMs = limits.timeoutMs ?? 100;
    this.memoryLimitMb = limits.memoryLimitMb ?? 16;
    this.maxSourceLength = limits.maxSourceLength ?? 65_536;
    if (!(this.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
    if (!(this.memoryLimitMb >= 8)) throw new RangeError('memoryLimitMb must be at least 8');
  }

  /** Runs the transform body over `data` and returns its object. Throws only `MappingError`. */
  async run(body: string, data: JsonObject): Promise<JsonObject> {
    this.checkSource(body);
    const input = serialiseInput(data);
    return parseOutput(await this.serialised(() => this.execute(body, input, false)));
  }

  /** Compiles the transform body without running it (for checking a mapping when it is saved). */
  async check(body: string): Promise<void> {
    this.checkSource(body);
    await this.serialised(() => this.execute(body, '', true));
  }

  /** Releases the isolate; a later run creates a new one. */
  close(): void {
    if (this.isolate && !this.isolate.isDisposed) this.isolate.dispose();
    this.isolate = null;
    this.runner = null;
  }

  private checkSource(body: string): void {
    if (typeof body !== 'string' || body.trim() === '') throw new MappingError('invalid_mapping', 'a custom mapping needs a transform');
    if (body.length > this.maxSourceLength) {
      throw new MappingError('invalid_mapping', `the transform is longer than ${this.maxSourceLength} characters`);
    }
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async execute(body: string, input: string, compileOnly: boolean): Promise<[string, string]> {
    const { isolate, runner } = await this.ready();
    let context: IsolatedVM.Context | null = null;
    let run: IsolatedVM.Reference | null = null;
    try {
      context = await isolate.createContext();
      run = await runner.run(context, { reference: true, timeout: this.timeoutMs });
      const result: unknown = await run.apply(undefined, [body, input, compileOnly], { result: { copy: true }, timeout: this.timeoutMs });
      return result as [string, string];
    } catch (error) {
      this.close();
      throw this.describeFailure(error, compileOnly);
    } finally {
      // A reference left unreleased keeps its whole context alive in the isolate's heap.
      run?.release();
      context?.release();
    }
  }

  private async ready(): Promise<{ isolate: IsolatedVM.Isolate; runner: IsolatedVM.Script }> {
    if (this.isolate && this.runner && !this.isolate.isDisposed) return { isolate: this.isolate, runner: this.runner };
    this.ivm ??= (await import('isolated-vm')).default;
    const isolate = new this.ivm.Isolate({ memoryLimit: this.memoryLimitMb });
    this.isolate = isolate;
    this.runner = await isolate.compileScript(RUNNER_SOURCE);
    return { isolate, runner: this.runner };
  }

  private describeFailure(error: unknown, compileOnly: boolean): MappingError {
    const raw = error instanceof Error ? error : new Error(String(error));
    this.logger?.debug({ err: raw.message }, 'custom transform failed');
    const invalid = (message: string) => new MappingError(compileOnly ? 'invalid_mapping' : 'transform_failed', message);
    if (/timed out/i.test(raw.message)) return invalid(`the transform ran longer than ${this.timeoutMs} ms`);
    if (/memory limit/i.test(raw.message)) return invalid(`the transform used more than ${this.memoryLimitMb} MB of memory`);
    if (/disposed/i.test(raw.message)) return invalid('the sandbox was closed while the transform ran');
    if (raw.name === 'SyntaxError') return invalid(`the transform is not valid JavaScript: ${clip(raw.message)}`);
    return invalid(`the transform threw ${raw.name === 'Error' ? 'an error' : raw.name}: ${clip(raw.message)}`);
  }
}

function serialiseInput(data: JsonObject): string {
  try {
    return JSON.stringify(data);
  } catch {
    throw new MappingError('transform_failed', 'the payload cannot be serialised to JSON');
  }
}

function parseOutput([kind, json]: [string, string]): JsonObject {
  if (kind !== 'object') throw new MappingError('transform_failed', `the transform must return an object, not ${article(kind)}`);
  let output: unknown;
  try {
    output = JSON.parse(json);
  } catch {
    throw new MappingError('transform_failed', 'the transform returned an object that is not JSON');
  }
  if (!isPlainObject(output)) throw new MappingError('transform_failed', 'the transform must return an object that serialises to a JSON object');
  return output;
}

function article(kind: string): string {
  return kind === 'null' ? 'null' : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/** A transform's own error message is its author's text; keep it short and on one line. */
function clip(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
