import { createRequire } from 'node:module';

/** The host package's version (also the API description's version). */
export const HOST_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
