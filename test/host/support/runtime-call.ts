import type { HostRuntime } from '../../../host/src/main/runtime.js';

/**
 * One request to a started host: JSON or FormData body, optional bearer token. Throws on a status of
 * 300 or more, so a setup step that fails stops the test there.
 */
export async function callHost(runtime: HostRuntime, method: string, url: string, token: string | null, body?: unknown): Promise<any> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(runtime.url + url, init);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
