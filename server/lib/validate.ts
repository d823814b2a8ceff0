import { z } from 'zod';
import { GENDERS, type FieldError, type Gender } from '../../src/domain/validation';
import { validationFailed } from './errors';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), input);
}

function fieldErrors(error: z.ZodError, input: unknown, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || prefix || 'body';
    if (issue.path.length === 0 && issue.code === 'invalid_type') {
      return { field, message: `The ${field} must be a JSON object` };
    }
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    return { field, message: missing ? `${field} is required` : issue.message };
  });
}

/**
 * Parses request input with a schema, turning problems into a 400 `{message, errors}`.
 * `where` names the part of the request for errors about the whole value (e.g. a missing body).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.infer<S> {
  const value = input ?? {};
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error, value, where));
  return result.data;
}

/** Throws the collected domain rule failures as one 400. */
export function assertValid(errors: FieldError[]): void {
  if (errors.length > 0) throw validationFailed(errors);
}

export const uuidParam = z.object({ id: z.uuid('Must be a valid id') });
export const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Accepts 'Male', 'prefer not to say', 'PreferNotToSay'... and stores the wire value. */
export const genderSchema = z.string().transform((v, ctx): Gender | null => {
  const key = v.trim().toLowerCase().replace(/[\s_]+/g, '-').replace(/^prefernottosay$/, 'prefer-not-to-say');
  if (!key) return null;
  if ((GENDERS as readonly string[]).includes(key)) return key as Gender;
  ctx.addIssue({ code: 'custom', message: `Gender must be one of ${GENDERS.join(', ')}` });
  return z.NEVER;
});
