#!/usr/bin/env node
// The `docsift` command: runs the compiled CLI (built by `npm install` through the root `prepare` script).
await import('../dist/main/cli.js');
