/** The service's error layout (`{error, message, details?}`), thrown for any answer that is not 2xx. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; message?: string; details?: unknown } | null;
  const code = typeof body?.error === 'string' ? body.error : `http_${response.status}`;
  return new ApiError(response.status, code, body?.message ?? `The server answered ${response.status}.`, body?.details);
}

/** Fired when the API answers 401 to a signed-in call: the session expired or was ended elsewhere. */
export const SESSION_ENDED = 'docsift:session-ended';

/** A JSON call to the API with the session cookie; resolves to the parsed body (undefined for 204). */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await errorOf(response);
    if (error.status === 401 && !path.startsWith('/api/auth/')) dispatchEvent(new Event(SESSION_ENDED));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A multipart upload with progress (fetch reports none for request bodies). */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: string; message?: string; details?: unknown } | null;
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiError(request.status, body?.error ?? `http_${request.status}`, body?.message ?? `The server answered ${request.status}.`, body?.details));
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The upload did not reach the server.'));
    request.send(form);
  });
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A validation issue the API lists in `details.issues`: the dotted path of the refused value and why. */
export interface Issue {
  path: string;
  message: string;
}

export const issueList = (error: unknown): Issue[] => (error as { details?: { issues?: Issue[] } } | null)?.details?.issues ?? [];

/** The message of an error, with the validation issues the API lists (or those of them given). */
export function issuesOf(error: unknown, issues = issueList(error)): string {
  return issues.length ? `${messageOf(error)} ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}` : messageOf(error);
}

export type Role = 'owner' | 'admin' | 'member';
export interface Session {
  user: { id: string; email: string; name: string | null };
  organization: { id: string; name: string };
  role: Role;
}

export interface FieldDetail {
  confidence: number;
  page: number | null;
  bbox: [number, number, number, number] | null;
  source: string;
  derivation?: string;
}

export interface Finding {
  severity: string;
  code: string;
  message: string;
  path?: string;
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface JobRecord {
  jobId: string;
  status: JobStatus;
  service?: string;
  fileName: string;
  fileType: string;
  documentType?: string;
  progress?: number;
  classificationConfidence?: number;
  error?: string;
  extractedData?: Record<string, unknown> | null;
  correctedData?: Record<string, unknown> | null;
  correctedAt?: string;
  fieldDetails?: Record<string, FieldDetail>;
  findings?: Finding[];
  compliance?: { status: string; checks: Array<{ code: string; passed: boolean; message: string; path?: string }> };
  createdAt: string;
  completedAt?: string;
}

export interface JobListItem {
  jobId: string;
  service: 'documents' | 'lending' | 'legacy';
  status: JobStatus;
  fileName: string;
  documentType?: string;
  progress: number;
  error?: string;
  pollingUrl: string;
  createdAt: string;
}

export interface ExtractionRecord {
  extractionId: string;
  templateId: string;
  status: JobStatus;
  progress: number;
  fileName: string;
  data: Record<string, unknown> | null;
  confidence: { fields: Record<string, number>; overall: number } | null;
  originalData?: Record<string, unknown>;
  correctedAt?: string;
  fieldDetails?: Record<string, FieldDetail>;
  findings?: Finding[];
  error?: string;
  createdAt: string;
}

export const FIELD_TYPES = ['string', 'number', 'integer', 'currency', 'date', 'boolean', 'email', 'phone', 'address', 'list'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface TemplateField {
  name: string;
  type: FieldType;
  description: string;
  required?: boolean;
  fields?: TemplateField[];
}

export interface Template {
  id: string;
  name: string;
  description?: string;
  documentType?: string;
  fields: TemplateField[];
  version: number;
  updatedAt: string;
}

export interface DocumentType {
  typeCode: string;
  displayName: string;
  description?: string;
  builtIn?: boolean;
  [key: string]: unknown;
}
