#!/bin/sh
":" //# ; case "$1" in extract) exec node "$0" "$@" ;; *) exec node --no-node-snapshot "$0" "$@" ;; esac
// The `docsift` command. sh reads the line above and replaces itself with node (same process, so
// signals reach node directly); to node that line is a string and a comment.
// --no-node-snapshot: isolated-vm, the sandbox of custom webhook transforms, needs it on Node 20.
// `extract` never runs a transform, and starts about 0.04 s sooner without it.
// `extract` runs from its one-file build (scripts/bundle-extract.ts), which loads in a fraction of
// the time its modules take one by one. Both are built by `npm install` (the root `prepare` script).
if (process.argv[2] === 'extract') await import('../dist/main/extract-bundle.js');
else await import('../dist/main/cli.js');
