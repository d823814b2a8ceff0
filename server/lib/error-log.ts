import type { FastifyRequest } from 'fastify';

/** What the log keeps of a failed request's error: never the values bound to a query. */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** PostgreSQL's names for what failed (no values). */
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 3;

const textField = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * An error's message without bound values: drizzle's `Failed query: … params: …` keeps the SQL
 * text (placeholders only) and drops the params; PostgreSQL's `invalid input syntax for type
 * uuid: "…"` and the like drop the quoted input after the colon.
 */
export function safeMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '')
    .replace(/(:\s*)"[^"]*"\s*$/, '$1"[redacted]"');
}

/**
 * A plain copy of an error for the log. pino's error serializer writes every enumerable field,
 * so drizzle's `query`/`params`, pg's `detail` (`Key (email)=(…) already exists`), `where` and
 * PGlite's `params` would reach the log with e-mails and password hashes in them; this keeps a
 * fixed list of fields, with the stack rebuilt from its frames under the cleaned message.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'Non-error value thrown' };
  const fields = error as Error & Record<string, unknown>;
  const message = safeMessage(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = { type: error.name, message, stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  const code = textField(fields.code);
  if (code !== undefined) logged.code = code;
  for (const key of ['constraint', 'table', 'column'] as const) {
    const value = textField(fields[key]);
    if (value !== undefined) logged[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = loggableError(error.cause, depth + 1);
  return logged;
}

/**
 * The log line of a request that failed with a 5xx: the route pattern, never the URL's query
 * string. Under `error`, not `err`: pino's err serializer would rebuild the copy (dropping `code`,
 * folding the causes' messages in).
 */
export function logRequestFailure(request: FastifyRequest, error: unknown): void {
  request.log.error({ error: loggableError(error), method: request.method, route: request.routeOptions.url ?? null }, 'request failed');
}
