import type IsolatedVM from 'isolated-vm';
import type { Logger } from '../contracts/logger.js';
import { MappingError } from './errors.js';
import { FairSlots } from './fair-slots.js';
import { isPlainObject, type JsonObject } from './paths.js';

export interface TransformLimits {
  /** Wall-clock limit of one transform run (default 100 ms). */
  timeoutMs?: number;
  /** Heap of each sandbox isolate in MB (default 16; isolated-vm accepts 8 or more). */
  memoryLimitMb?: number;
  /** Longest transform source accepted, in characters (default 65,536). */
  maxSourceLength?: number;
  /** Isolates that run transforms side by side (default 2). */
  isolates?: number;
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

/** One isolate of the pool, created on first use and replaced after a failed run. */
interface Slot {
  isolate: IsolatedVM.Isolate | null;
  runner: IsolatedVM.Script | null;
}

/** Runs given without a tenant share this one. */
const NO_TENANT = '';

/**
 * The sandbox for `custom` transforms: isolated-vm, so a transform has no process, require,
 * file system, network or module loader, and its time and heap are bounded. A small pool of
 * isolates is reused (a fresh isolate costs about 1.4 ms, a context well under that); each run
 * gets its own context so transforms of different tenants cannot see each other's globals. An
 * isolate runs one transform at a time, and is discarded after any failed run, so a transform
 * that exhausted the heap cannot take the next one down with it. Runs wait for an isolate by
 * tenant (`run`'s `tenant`, an organization) and tenants take turns (FairSlots): no tenant holds
 * every isolate of a pool of two or more, so one tenant's queue of slow transforms cannot make
 * another's run wait behind it.
 */
export class TransformSandbox {
  private readonly timeoutMs: number;
  private readonly memoryLimitMb: number;
  private readonly maxSourceLength: number;
  private readonly slots: Slot[];
  private readonly turns: FairSlots<Slot>;
  private ivm: Ivm | null = null;

  constructor(
    limits: TransformLimits = {},
    private readonly logger?: Logger,
  ) {
    this.timeoutMs = limits.timeoutMs ?? 100;
    this.memoryLimitMb = limits.memoryLimitMb ?? 16;
    this.maxSourceLength = limits.maxSourceLength ?? 65_536;
    const isolates = limits.isolates ?? 2;
    if (!(this.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
    if (!(this.memoryLimitMb >= 8)) throw new RangeError('memoryLimitMb must be at least 8');
    if (!(Number.isInteger(isolates) && isolates >= 1)) throw new RangeError('isolates must be a whole number of at least 1');
    this.slots = Array.from({ length: isolates }, () => ({ isolate: null, runner: null }));
    this.turns = new FairSlots(this.slots);
  }

  /** Runs the transform body over `data` for `tenant` and returns its object. Throws only `MappingError`. */
  async run(body: string, data: JsonObject, tenant: string = NO_TENANT): Promise<JsonObject> {
    this.checkSource(body);
    const input = serialiseInput(data);
    return parseOutput(await this.inTurn(tenant, (slot) => this.execute(slot, body, input, false)));
  }

  /** Compiles the transform body without running it (for checking a mapping when it is saved). */
  async check(body: string): Promise<void> {
    this.checkSource(body);
    await this.inTurn(NO_TENANT, (slot) => this.execute(slot, body, '', true));
  }

  /** Releases the isolates; a later run creates new ones. */
  close(): void {
    for (const slot of this.slots) discard(slot);
  }

  private checkSource(body: string): void {
    if (typeof body !== 'string' || body.trim() === '') throw new MappingError('invalid_mapping', 'a custom mapping needs a transform');
    if (body.length > this.maxSourceLength) {
      throw new MappingError('invalid_mapping', `the transform is longer than ${this.maxSourceLength} characters`);
    }
  }

  private async inTurn<T>(tenant: string, task: (slot: Slot) => Promise<T>): Promise<T> {
    const slot = await this.turns.acquire(tenant);
    try {
      return await task(slot);
    } finally {
      this.turns.release(tenant, slot);
    }
  }

  private async execute(slot: Slot, body: string, input: string, compileOnly: boolean): Promise<[string, string]> {
    let context: IsolatedVM.Context | null = null;
    let run: IsolatedVM.Reference | null = null;
    try {
      const { isolate, runner } = await this.ready(slot);
      context = await isolate.createContext();
      run = await runner.run(context, { reference: true, timeout: this.timeoutMs });
      const result: unknown = await run.apply(undefined, [body, input, compileOnly], { result: { copy: true }, timeout: this.timeoutMs });
      return result as [string, string];
    } catch (error) {
      discard(slot);
      throw this.describeFailure(error, compileOnly);
    } finally {
      // A reference left unreleased keeps its whole context alive in the isolate's heap.
      run?.release();
      context?.release();
    }
  }

  private async ready(slot: Slot): Promise<{ isolate: IsolatedVM.Isolate; runner: IsolatedVM.Script }> {
    if (slot.isolate && slot.runner && !slot.isolate.isDisposed) return { isolate: slot.isolate, runner: slot.runner };
    this.ivm ??= (await import('isolated-vm')).default;
    const isolate = new this.ivm.Isolate({ memoryLimit: this.memoryLimitMb });
    slot.isolate = isolate;
    slot.runner = await isolate.compileScript(RUNNER_SOURCE);
    return { isolate, runner: slot.runner };
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

function discard(slot: Slot): void {
  if (slot.isolate && !slot.isolate.isDisposed) slot.isolate.dispose();
  slot.isolate = null;
  slot.runner = null;
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
