// What a secret looks like, in one place, so the logger (which redacts) and the public config
// loader (which refuses) can never disagree about it. Reads and writes nothing; pure checks.
// Names are judged word by word so that harmless fields such as `keyCode` or `promptTokens`
// are not mistaken for credentials, while `apiKey`, `OPENAI_API_KEY` or `authToken` are.

/** Words that make a field name secret wherever they appear in it. */
const SECRET_WORDS = new Set([
  'secret',
  'secrets',
  'password',
  'passwd',
  'passphrase',
  'authorization',
  'credential',
  'credentials',
  'apikey',
]);
/** Words that make a field name secret when they end it (`apiKey`, `accessToken`, `auth`), not when they start it (`keyCode`). */
const SECRET_LAST_WORDS = new Set(['key', 'token', 'pwd', 'auth', 'cookie', 'bearer']);

/** Split `apiKey`, `api_key`, `OPENAI_API_KEY`, `x-api-key`, `APIKey` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** True for field names that announce a credential: apiKey, api_key, authorization, token, secret, password, ... */
export function isSecretName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  return SECRET_LAST_WORDS.has(words[words.length - 1]);
}

// Shapes of secret values. Each matches a substring so that a secret embedded in a longer
// message is found too; `redactSecretText` replaces just that part.
const SECRET_VALUE_PATTERNS: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g, // OpenAI-style keys (sk-..., sk-proj-...)
  /\bAIza[0-9A-Za-z_-]{20,}/g, // Google API keys
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abpors]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, // JWTs
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi, // Authorization header values
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:[^\s/?#@]*@[^\s]*/gi, // URLs with user:password@
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]+@[^\s]*/gi, // URLs with a user (or token) before @
  /[?&](?:api[_-]?key|key|token|access_token|secret|password|sig|signature)=[^&\s#]+/gi, // credentials in a query string
];

/** True when a string contains something shaped like a key, token or credential-bearing URL. */
export function looksLikeSecretValue(value: string): boolean {
  return SECRET_VALUE_PATTERNS.some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(value);
  });
}

export const REDACTED = '[redacted]';

/** The same text with every secret-shaped part replaced by [redacted]. */
export function redactSecretText(text: string): string {
  let out = text;
  for (const pattern of SECRET_VALUE_PATTERNS) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, REDACTED);
  }
  return out;
}
