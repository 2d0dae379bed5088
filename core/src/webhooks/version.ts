/**
 * The version docsift reports to receivers: in `User-Agent: docsift-webhooks/<version>` and in
 * the template payload's `metadata.version`. It follows @docsift/core's package version.
 */
export const WEBHOOK_VERSION = '0.1.0';
