import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldError } from '../../src/domain/validation';
import { badRequest, validationFailed } from './errors';

/**
 * The deepest JSON body any route accepts (`{"a":1}` is depth 1, `[[1]]` depth 2). No body of
 * this API nests deeper than 5; a limit well above that keeps every honest client working while
 * a body nested thousands deep (which overflowed the stack in recursive code such as the
 * Idempotency-Key fingerprint) is refused before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * NUL cannot be stored in PostgreSQL text or jsonb, and a lone UTF-16 surrogate is not valid
 * Unicode (jsonb refuses its escape): both would be a database error deep inside a route.
 * `\p{Cs}` with the `u` flag matches only unpaired surrogates, never a proper pair.
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** The message for text that cannot be stored, or null when the text is fine. */
export function textProblem(value: string, field: string): FieldError | null {
  if (!value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value)) return null;
  const what = value.includes('\u0000') ? 'a NUL character (\\u0000)' : 'invalid Unicode (an unpaired surrogate)';
  return { field, message: `${field} must not contain ${what}` };
}

/**
 * The nesting depth of JSON text, counted on the raw characters (brackets outside strings) so a
 * hostile body is measured without building it or recursing. Stops counting past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Every key and string value in a parsed value that cannot be stored, with its dotted path. */
function findInvalidText(root: unknown, prefix: string): FieldError | null {
  // An explicit stack, not recursion: bodies are depth-limited, but query strings and params are
  // walked here too and this must never be the thing that overflows.
  const stack: { value: unknown; path: string }[] = [{ value: root, path: prefix }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, path || 'body');
      if (problem) return problem;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        const childPath = path ? `${path}.${key}` : key;
        const keyProblem = textProblem(key, childPath);
        if (keyProblem) return keyProblem;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * Input checks that hold for every route, in one place instead of in each schema:
 * JSON bodies deeper than MAX_JSON_DEPTH are a 400 before they are parsed, and text that
 * PostgreSQL cannot store (NUL, unpaired surrogates) in the body, query string or path params
 * is a 400 naming the field. Register on the root instance before any route plugin, so every
 * route inherits the parser and the hook.
 */
export function registerInputGuards(app: FastifyInstance): void {
  // Fastify's own parser (with its prototype-poisoning checks) does the parsing after the depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      const message = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
      done(badRequest(message, [{ field: 'body', message }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem = findInvalidText(request.params, '')
      ?? findInvalidText(request.query, '')
      ?? findInvalidText(request.body, '');
    if (problem) throw validationFailed([problem]);
  });
}
