import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_PATTERN, PUSH_MAX_WRITES, matchPushRoute, type PushRoute, type PushWrite,
} from '../../../src/domain/sync';
import type { FieldError } from '../../../src/domain/validation';
import { badRequest, validationFailed } from '../../lib/errors';
import { textProblem } from '../../lib/input-guards';
import { parse } from '../../lib/validate';

const KEY_MESSAGE = 'key must be 1 to 200 letters, digits, dashes, underscores, dots or colons';

const pushWrite = z.object({
  key: z.string(KEY_MESSAGE).regex(IDEMPOTENCY_KEY_PATTERN, KEY_MESSAGE),
  method: z.enum(['POST', 'PUT', 'DELETE'], 'method must be POST, PUT or DELETE'),
  path: z.string('path must be a string').min(1, 'path is required').max(2000, 'path must be at most 2000 characters'),
  body: z.unknown().optional(),
  ifMatch: z.number('ifMatch must be a version number').int('ifMatch must be a version number')
    .min(0, 'ifMatch must be a version number').max(999_999_999, 'ifMatch must be a version number').optional(),
  entity: z.string('entity must be a string').min(1, 'entity must not be empty').max(500, 'entity must be at most 500 characters').optional(),
});

const pushBody = z.object({ writes: z.array(z.unknown(), 'writes must be a list') });

/** A write of a push, checked, with the single route it stands for and that route's path parameters. */
export interface ParsedWrite extends PushWrite {
  route: PushRoute;
  params: Record<string, string>;
}

/**
 * The push body, or a 400 naming the first problem: not a list, more than PUSH_MAX_WRITES writes, a
 * write of the wrong shape, a key used twice, a route a push does not carry, a path parameter that
 * cannot be stored. Nothing is applied when any write is malformed.
 */
export function parsePush(input: unknown): ParsedWrite[] {
  const { writes } = parse(pushBody, input);
  if (writes.length > PUSH_MAX_WRITES) {
    const message = `A push carries at most ${PUSH_MAX_WRITES} writes; send the rest in another push`;
    throw badRequest(message, [{ field: 'writes', message }]);
  }
  const seen = new Set<string>();
  return writes.map((raw, i) => {
    const field = `writes.${i}`;
    const checked = pushWrite.safeParse(raw ?? {});
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const where = issue.path.length > 0 ? `${field}.${issue.path.join('.')}` : field;
      const message = issue.path.length === 0 ? `${field} must be a JSON object` : issue.message;
      throw validationFailed([{ field: where, message }]);
    }
    const write = checked.data as PushWrite;
    if (seen.has(write.key)) throw fieldError(`${field}.key`, `The key ${write.key} is used by more than one write in this push`);
    seen.add(write.key);
    const matched = matchPushRoute(write.method, write.path);
    if (!matched) throw fieldError(`${field}.path`, `${write.method} ${write.path.slice(0, 200)} cannot be sent in a push; send it on its own`);
    for (const [name, value] of Object.entries(matched.params)) {
      const problem = textProblem(value, `${field}.path`);
      if (problem) throw validationFailed([{ field: problem.field, message: `The ${name} in the path must not contain a NUL character or invalid Unicode` }]);
    }
    return { ...write, ...matched };
  });
}

const fieldError = (field: string, message: string) => validationFailed([{ field, message } satisfies FieldError]);
