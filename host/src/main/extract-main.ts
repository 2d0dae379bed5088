import { exitWhenDone } from './command-exit.js';
import { runExtractCommand } from './extract-command.js';

/**
 * `docsift extract` started by the `docsift` bin: the entry of the one-file build
 * (host/dist/main/extract-bundle.js, made by scripts/bundle-extract.ts), which starts in a fraction
 * of the time the same modules take to load one by one. argv: node, the bin, `extract`, its arguments.
 */
exitWhenDone(runExtractCommand(process.argv.slice(3)));
