/** s3rver ships no types; support/s3-server.ts types the little of it the tests use. */
declare module 's3rver';
