import { ERROR_ISSUES_HEADER, messages } from '@shop/shared';
import { ApiError, type ApiIssue } from './api-error';
import { sessionLost } from './session-lost';

/** `headers` for the few answers that say more there (X-Total-Count of a paged admin list). */
export type ApiAnswer<T> = { status: number; body: T; headers: Headers };

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The one API client. A 2xx answer resolves to { status, body } (the spec
 * gives meaning to 200 versus 201 and so on); anything else rejects with an
 * ApiError carrying the server's message (the body) and field issues (the
 * X-Error-Issues header).
 */
export async function api<T>(path: string, options: Options = {}): Promise<ApiAnswer<T>> {
  const hasBody = options.body !== undefined;
  return send<T>(path, {
    method: options.method ?? 'GET',
    headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
}

/** POSTs multipart/form-data; the browser sets the Content-Type with its boundary. */
export async function apiUpload<T>(path: string, formData: FormData, signal?: AbortSignal) {
  return send<T>(path, { method: 'POST', headers: { Accept: 'application/json' }, body: formData, signal });
}

async function send<T>(path: string, init: RequestInit): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, messages.networkError);
  }

  const body = await readJson(response);
  if (response.ok) return { status: response.status, body: body as T, headers: response.headers };
  throw toApiError(response.status, body, readIssues(response.headers));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(status: number, body: unknown, issues: ApiIssue[]): ApiError {
  const message = typeof body === 'string' && body !== '' ? body : messages.internalError;
  // The global rules: only these answers mean the session is gone (or was
  // never an admin's). Other 401s (a wrong password) are ordinary errors.
  if (status === 401 && message === messages.loginRequired) {
    sessionLost('login');
    return new ApiError(status, message, issues, true);
  }
  if (status === 403 && message === messages.adminOnly) {
    sessionLost('notAdmin');
    return new ApiError(status, message, issues, true);
  }
  return new ApiError(status, message, issues);
}

/**
 * The field issues of a refused body: URI-encoded JSON in X-Error-Issues,
 * checked by hand (zod itself would weigh more than every page that only
 * reads an answer).
 */
function readIssues(headers: Headers): ApiIssue[] {
  const header = headers.get(ERROR_ISSUES_HEADER);
  if (!header) return [];
  let issues: unknown;
  try {
    issues = JSON.parse(decodeURIComponent(header));
  } catch {
    return [];
  }
  const isIssue = (i: unknown): i is ApiIssue =>
    typeof i === 'object' &&
    i !== null &&
    typeof (i as ApiIssue).path === 'string' &&
    typeof (i as ApiIssue).message === 'string';
  return Array.isArray(issues) && issues.every(isIssue) ? issues : [];
}
