#!/usr/bin/env -S node --no-node-snapshot
// The `docsift` command: runs the compiled CLI (built by `npm install` through the root `prepare` script).
// --no-node-snapshot: isolated-vm, the sandbox of custom webhook transforms, needs it on Node 20.
await import('../dist/main/cli.js');
