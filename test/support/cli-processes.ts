import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface CliProcess {
  child: ChildProcess;
  /** What it printed so far, stdout and stderr together. */
  output: string[];
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts `docsift <args>` from source as a process of its own (the repository's root as its working
 * folder, the test's environment with `env` on top); resolves once it printed `ready`, rejects if it
 * exits or stays silent for `timeoutMs` first.
 */
export function startCli(args: string[], env: Record<string, string>, ready: string, timeoutMs = 90_000): Promise<CliProcess> {
  const source = ['--conditions=docsift-source', '--import', 'tsx', '--no-node-snapshot', 'host/src/main/cli.ts'];
  return startProcess(process.execPath, [...source, ...args], { cwd: root, env: { ...process.env, ...env }, name: `docsift ${args.join(' ')}` }, ready, timeoutMs);
}

/** Starts `command` (e.g. an installed `docsift`) in `cwd` with exactly `env`; resolves once it printed `ready`, rejects if it exits or stays silent for `timeoutMs` first. */
export function startProcess(
  command: string,
  args: string[],
  { cwd, env, name = [command, ...args].join(' ') }: { cwd: string; env: NodeJS.ProcessEnv; name?: string },
  ready: string,
  timeoutMs = 90_000,
): Promise<CliProcess> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output.join('')}`)), timeoutMs);
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes(ready)) {
        clearTimeout(timer);
        resolve({ child, output, exited });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}: ${output.join('')}`));
    });
  });
}

/** Sends `signal` (unless the process already ended) and waits for its exit code. */
export async function stopCli(started: CliProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill(signal);
  return started.exited;
}
