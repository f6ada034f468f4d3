// A local OpenAI-compatible HTTP server for tests (the network edge is the only thing faked): it
// implements POST /v1/chat/completions on 127.0.0.1 with a random port and answers each request with
// the next scripted behaviour (a JSON answer, prose, a slow answer, an HTTP error with headers, a raw
// body, a hang, a dropped connection, an answer within the request's JSON schema).
// Records every request it received (method, path, headers, parsed body) so tests can assert on them.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
}

export type FakeBehaviour =
  /** 200 with a chat completion whose message content is `content`. */
  | {
      kind: 'answer';
      content: string | null;
      reasoningContent?: string;
      usage?: FakeUsage | null;
      id?: string;
      delayMs?: number;
    }
  /** An HTTP error with an OpenAI-style error body `{error: {message, type}}` (or `body` verbatim), with extra headers. */
  | { kind: 'error'; status: number; message?: string; body?: unknown; delayMs?: number; headers?: Record<string, string> }
  /**
   * A model that honours `response_format`: answers the first or last id of the schema's candidateId
   * enum; without a schema it rambles in prose (what an unconstrained model may do).
   */
  | { kind: 'schema'; pick: 'first' | 'last'; usage?: FakeUsage }
  /** Drops the connection without answering (a server closing mid-call). */
  | { kind: 'destroy' }
  /** Any status, content type and body, sent as is. */
  | { kind: 'raw'; status?: number; contentType?: string; body: string; delayMs?: number }
  /** Never answers (until the server closes). */
  | { kind: 'hang' };

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text if it was not JSON. */
  body: unknown;
}

export interface FakeOpenAIServer {
  /** e.g. http://127.0.0.1:41234/v1 — use as OPENAI_BASE_URL. */
  readonly baseURL: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** Append behaviours for the next requests, in order. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Resolves once at least `n` requests have arrived. */
  waitForRequests(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeOpenAIServerOptions {
  /** Answer any request that carries `response_format` with a 400 naming the parameter (an older server). */
  rejectResponseFormat?: boolean;
  script?: FakeBehaviour[];
  /** Used when the script is empty; defaults to a 500 saying the script ran out. */
  fallback?: FakeBehaviour;
}

let completionCounter = 0;

/** Ready-made behaviours for the usual cases. */
export const behaviours = {
  json: (candidateId: string, reason = 'because', extra: Partial<Extract<FakeBehaviour, { kind: 'answer' }>> = {}): FakeBehaviour => ({
    kind: 'answer',
    content: JSON.stringify({ candidateId, reason }),
    usage: { prompt_tokens: 120, completion_tokens: 18, total_tokens: 138 },
    ...extra,
  }),
  prose: (text = 'I think the runner should probably go left and grab the gold.'): FakeBehaviour => ({ kind: 'answer', content: text }),
  unknownId: (): FakeBehaviour => ({ kind: 'answer', content: JSON.stringify({ candidateId: 'no_such_candidate', reason: 'made up' }) }),
  slow: (delayMs: number, candidateId = 'late_answer'): FakeBehaviour => ({
    kind: 'answer',
    content: JSON.stringify({ candidateId, reason: 'too late' }),
    delayMs,
  }),
  serverError: (message = 'upstream exploded'): FakeBehaviour => ({ kind: 'error', status: 500, message }),
  unauthorized: (message = 'Incorrect API key provided'): FakeBehaviour => ({ kind: 'error', status: 401, message }),
};

function completionBody(b: Extract<FakeBehaviour, { kind: 'answer' }>, model: unknown): unknown {
  completionCounter += 1;
  return {
    id: b.id ?? `chatcmpl-fake-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: b.content,
          ...(b.reasoningContent !== undefined ? { reasoning_content: b.reasoningContent } : {}),
        },
        finish_reason: 'stop',
      },
    ],
    ...(b.usage === null ? {} : { usage: b.usage ?? { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }),
  };
}

/** The candidateId enum of a `response_format: json_schema` parameter, or null. */
function schemaIds(format: unknown): string[] | null {
  const ids = (format as { json_schema?: { schema?: { properties?: { candidateId?: { enum?: unknown } } } } } | undefined)?.json_schema
    ?.schema?.properties?.candidateId?.enum;
  return Array.isArray(ids) && ids.length > 0 ? ids.map(String) : null;
}

export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const queue: FakeBehaviour[] = [...(options.script ?? [])];
  const fallback: FakeBehaviour = options.fallback ?? { kind: 'error', status: 500, message: 'fake server: no scripted behaviour left' };
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const waiters: Array<{ n: number; resolve: () => void }> = [];

  const send = (res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const later = (ms: number | undefined, fn: () => void) => {
    if (!ms) return fn();
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the raw text
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      for (const w of waiters.filter((w) => requests.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        send(res, 404, 'application/json', JSON.stringify({ error: { message: `fake server: no route ${req.method} ${path}` } }));
        return;
      }
      const format = (body as { response_format?: unknown } | null)?.response_format;
      if (options.rejectResponseFormat && format !== undefined) {
        const error = {
          message: 'Unrecognized request argument supplied: response_format',
          type: 'invalid_request_error',
          param: 'response_format',
        };
        send(res, 400, 'application/json', JSON.stringify({ error }));
        return;
      }
      const b = queue.shift() ?? fallback;
      if (b.kind === 'hang') return;
      if (b.kind === 'destroy') {
        req.socket.destroy();
        return;
      }
      if (b.kind === 'schema') {
        const ids = schemaIds(format);
        const content = ids
          ? JSON.stringify({ candidateId: b.pick === 'first' ? ids[0] : ids.at(-1), reason: `the ${b.pick} allowed id` })
          : 'Hmm, let me think about which way the runner should go.';
        const model = (body as { model?: unknown } | null)?.model;
        send(res, 200, 'application/json', JSON.stringify(completionBody({ kind: 'answer', content, usage: b.usage }, model)));
        return;
      }
      if (b.kind === 'answer') {
        const model = (body as { model?: unknown } | null)?.model;
        later(b.delayMs, () => send(res, 200, 'application/json', JSON.stringify(completionBody(b, model))));
      } else if (b.kind === 'error') {
        const payload = b.body ?? { error: { message: b.message ?? `HTTP ${b.status}`, type: 'fake_error', code: null, param: null } };
        later(b.delayMs, () => send(res, b.status, 'application/json', JSON.stringify(payload), b.headers));
      } else {
        later(b.delayMs, () => send(res, b.status ?? 200, b.contentType ?? 'application/json', b.body));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue: (...bs) => void queue.push(...bs),
    waitForRequests(n, timeoutMs = 5000) {
      if (requests.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { n, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`fake server: expected ${n} requests within ${timeoutMs} ms, saw ${requests.length}`));
          }
        }, timeoutMs).unref();
      });
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
