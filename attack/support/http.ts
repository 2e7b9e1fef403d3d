import http from 'node:http';

/** A cookie as a Set-Cookie header gave it: attribute names lower-cased, flags as true. */
export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export type Reply = {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON answer, or undefined when it is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  cookies: SetCookie[];
  /** How long the answer took, in milliseconds. */
  ms: number;
};

export type RequestOptions = {
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as it is, with whatever content-type `headers` name. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The session cookie to send. */
  sid?: string;
};

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...parts] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const [key = '', ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function requestHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['content-type'] ??= 'application/json';
  if (options.sid !== undefined) {
    headers.cookie = [headers.cookie, `sid=${options.sid}`].filter(Boolean).join('; ');
  }
  return headers;
}

/** The shop's API as a client on the network sees it: fetch, no browser in between. */
export function client(baseUrl: string) {
  async function send(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: requestHeaders(options),
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      redirect: 'manual',
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: parseJson(text),
      cookies: res.headers.getSetCookie().map(parseSetCookie),
      ms: performance.now() - started,
    };
  }
  return {
    baseUrl,
    send,
    get: (path: string, options?: RequestOptions) => send('GET', path, options),
    post: (path: string, options?: RequestOptions) => send('POST', path, options),
    patch: (path: string, options?: RequestOptions) => send('PATCH', path, options),
    delete: (path: string, options?: RequestOptions) => send('DELETE', path, options),
  };
}

export type Api = ReturnType<typeof client>;

export type RawOptions = RequestOptions & {
  /** Sent byte for byte: no normalisation of `..` or of percent-encoding, as fetch would do. */
  path: string;
  method?: string;
  /** The loopback address to connect from (127.0.0.x), so each attack has its own client address. */
  from?: string;
};

/**
 * node:http for what fetch cannot express: a chosen source address, a path
 * exactly as written, or headers larger than a fetch would send.
 */
export function rawRequest(baseUrl: string, options: RawOptions): Promise<Reply> {
  const url = new URL(baseUrl);
  const payload = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const headers = requestHeaders(options);
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : [value ?? '']) answerHeaders.append(name, v);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            text,
            body: parseJson(text),
            cookies: answerHeaders.getSetCookie().map(parseSetCookie),
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
