import { ConfigError } from '../config/config.js';

/** Ends the process with the command's exit code; a failure is one line on stderr and exit code 1. */
export function exitWhenDone(command: Promise<number>): void {
  command.then(
    (code) => {
      // Everything was shut down in order; timers a library left behind (Agenda schedules the next
      // run of recurring jobs with plain timeouts) must not keep a stopped server alive.
      process.exit(code);
    },
    (error: unknown) => {
      if (error instanceof ConfigError) process.stderr.write(`docsift: ${error.message}\n`);
      else process.stderr.write(`docsift: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
