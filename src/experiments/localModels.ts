// The experiment file's `localModels`: offline stand-in models behind one OpenAI-compatible HTTP
// server on 127.0.0.1 (POST /v1/chat/completions), started for the run and closed after it, so a
// model-vs-model experiment runs without keys through the real openai SDK and the real chart. Each
// model answers the first or the last allowed id (from the request's JSON schema, else the prompt's
// `- id=` lines) and reports usage as characters / 4. It also keeps what a benchmark or test measures:
// each request's arrival time and the most requests it held at once. Reads requests; writes nothing.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveProfile } from '../llm/profiles.js';
import type { Env } from '../llm/secrets.js';
import type { Arm, Experiment, LocalModelSpec } from './schema.js';

/** Tokens are counted as characters / this, as the config's token budgets are. */
const CHARS_PER_TOKEN = 4;
/** The placeholder key the arms' SDK sends (the server checks nothing). */
export const LOCAL_MODEL_KEY = 'local-model-placeholder';

export interface LocalModels {
  readonly baseURL: string;
  /** Requests answered, by model name. */
  readonly served: Record<string, number>;
  /** performance.now() of each model request's arrival, in order (requests per window, rpm). */
  readonly arrivals: number[];
  /** The most model requests it was answering at once. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

interface ChatBody {
  model?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
  response_format?: { json_schema?: { schema?: { properties?: { candidateId?: { enum?: unknown } } } } };
}

/** The ids the request allows: the schema's enum, else every `- id=` line of the user message, in order. */
export function allowedIds(body: ChatBody): string[] {
  const fromSchema = body.response_format?.json_schema?.schema?.properties?.candidateId?.enum;
  if (Array.isArray(fromSchema) && fromSchema.length > 0) return fromSchema.map(String);
  const user = (body.messages ?? []).filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : ''));
  return [...user.join('\n').matchAll(/^- id=(\S+)/gm)].map((m) => m[1]!);
}

const tokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

function answer(name: string, spec: LocalModelSpec, body: ChatBody, n: number) {
  const ids = allowedIds(body);
  const candidateId = (spec.answers === 'first' ? ids[0] : ids.at(-1)) ?? '';
  const content = JSON.stringify({ candidateId, reason: `${name} always answers the ${spec.answers} listed id` });
  const prompt = (body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('');
  const usage = { prompt_tokens: tokens(prompt), completion_tokens: tokens(content) };
  return {
    id: `chatcmpl-local-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: name,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function reply(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startLocalModels(models: Readonly<Record<string, LocalModelSpec>>): Promise<LocalModels> {
  const served: Record<string, number> = Object.fromEntries(Object.keys(models).map((name) => [name, 0]));
  let count = 0;
  const arrivals: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    void readBody(req).then(
      (text) => {
        if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/v1/chat/completions')
          return reply(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        let body: ChatBody;
        try {
          body = JSON.parse(text) as ChatBody;
        } catch {
          return reply(res, 400, { error: { message: 'the body is not JSON' } });
        }
        const name = typeof body.model === 'string' ? body.model : '';
        const spec = models[name];
        if (!spec)
          return reply(res, 404, { error: { message: `no local model "${name}" (local models: ${Object.keys(models).join(', ')})` } });
        served[name]! += 1;
        arrivals.push(performance.now());
        const out = answer(name, spec, body, ++count);
        maxInFlight = Math.max(maxInFlight, inFlight + 1);
        if (!spec.latencyMs) return reply(res, 200, out);
        inFlight++;
        const timer = setTimeout(() => {
          timers.delete(timer);
          inFlight--;
          if (!res.destroyed) reply(res, 200, out);
        }, spec.latencyMs);
        timers.add(timer);
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    served,
    arrivals,
    get maxInFlight() {
      return maxInFlight;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The most arrivals inside any window of `windowMs` (half-open), e.g. a minute for rpm. */
export function busiestWindow(arrivals: readonly number[], windowMs: number): number {
  let most = 0;
  for (let first = 0, last = 0; last < arrivals.length; last++) {
    while (arrivals[last]! - arrivals[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The local model an arm's `model` names (`openai:<name>` with <name> in localModels), or null. */
export function localModelOf(exp: Experiment, arm: Arm): string | null {
  if (!arm.model || !exp.localModels) return null;
  const at = arm.model.indexOf(':');
  const provider = arm.model.slice(0, at).trim().toLowerCase();
  const name = arm.model.slice(at + 1).trim();
  return provider === 'openai' && Object.hasOwn(exp.localModels, name) ? name : null;
}

/** The env an arm's episodes run with when its model is a local one: the openai profile pointed at the server. */
export function localModelEnv(baseURL: string): Record<string, string> {
  return { OPENAI_API_KEY: LOCAL_MODEL_KEY, OPENAI_BASE_URL: baseURL };
}

/**
 * The model an arm plays with (its `model`, else its or the experiment's `profile`, else the config's),
 * checked before the run starts: an unknown profile or a hosted one without its key fails here.
 */
export function resolveArmModel(exp: Experiment, arm: Arm, configProfile: string | null, env: Env) {
  const local = localModelOf(exp, arm) ? localModelEnv('http://127.0.0.1/v1') : {};
  const r = resolveProfile({ model: arm.model, modelProfile: arm.profile ?? exp.profile, configProfile }, { ...env, ...local });
  return { profile: r.profile, provider: r.provider, model: r.model };
}
