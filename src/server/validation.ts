// zod at the HTTP edge: the request pieces every route shares (a pack and a level, from the path or
// from a body; a body that must be an object; a query value given once) and `parseOr400`, which turns
// a zod failure into a 400 whose message names the field and says what a valid value looks like.
// Pure; no I/O.
import { z } from 'zod';
import { PACK_NAMES, levelCount } from '../game/levels.js';
import { describeZodError, traceIdSchema } from '../stores/index.js';
import { badRequest } from './errors.js';

export { traceIdSchema };

const PACK_LIST = PACK_NAMES.map((name, i) => `${i + 1} ${name}`).join(', ');

/** Parse or throw a 400 naming each bad field (`what.path: message`). */
export function parseOr400<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(describeZodError(what, parsed.error));
  return parsed.data;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
}

const isPackNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= PACK_NAMES.length;

/** `{ playData, level }`: playData 1..5 and a level inside that pack; the messages give the valid ranges. */
export const levelRefSchema = z
  .object({
    playData: z.unknown().refine(isPackNumber, {
      error: (issue) => `must be an integer 1..${PACK_NAMES.length} (${PACK_LIST}); got ${shown(issue.input)}`,
    }),
    level: z.unknown(),
  })
  .superRefine(({ playData, level }, ctx) => {
    if (!isPackNumber(playData)) return; // reported above; the level's range depends on it
    const count = levelCount(playData);
    if (typeof level !== 'number' || !Number.isInteger(level) || level < 1 || level > count) {
      ctx.addIssue({
        code: 'custom',
        path: ['level'],
        input: level,
        message: `must be an integer 1..${count} for pack ${playData} (${PACK_NAMES[playData - 1]}); got ${shown(level)}`,
      });
    }
  })
  .transform(({ playData, level }) => ({ playData: playData as number, level: level as number }));
export type LevelRef = z.output<typeof levelRefSchema>;

/** Path segments are text: "3" becomes 3, anything else stays text so the range check reports it. */
const pathInteger = (value: unknown) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value);

/** `:playData/:level` from a route's params. */
export function levelRefFromPath(params: Record<string, string | undefined>): LevelRef {
  return parseOr400(levelRefSchema, { playData: pathInteger(params.playData), level: pathInteger(params.level) }, 'path');
}

/** A request body that must be a JSON object (an empty body counts as missing). */
export const bodyObjectSchema = z.unknown().transform((body, ctx) => {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  const what = body === undefined || body === '' ? 'empty' : body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
  ctx.addIssue({ code: 'custom', input: body, message: `the request body must be a JSON object; it is ${what}` });
  return z.NEVER;
});

/** The body as an object, or a 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  const parsed = bodyObjectSchema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'the request body must be a JSON object');
  return parsed.data;
}

/** A query parameter given at most once: repeating it is a 400 rather than a silent pick. */
export const singleQueryValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .refine((value) => !Array.isArray(value), { error: 'give this query parameter once' })
  .transform((value) => value as string | undefined);
