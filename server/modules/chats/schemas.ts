import { z } from 'zod';
import { validateMessageText } from '../../../src/domain/chats';
import { textProblem } from '../../lib/input-guards';

/**
 * Request shapes of the chat calls. Ids are UUIDs (anything else is a 400, never a database
 * error) and lowercased, so the ids the hub compares and pushes are spelled one way. Unknown
 * properties are dropped, as in every other module.
 */
const id = z.string('Must be a valid id').transform((v) => v.trim().toLowerCase()).pipe(z.uuid('Must be a valid id'));
/** Shown names the client sends along; the stored ones come from the database. */
const name = z.string('Must be text').max(200, 'Must be at most 200 characters');

export const chatIdParam = z.object({ chatId: id });
export const companyIdParam = z.object({ companyId: id });

/** The text as stored: validateMessageText's rules, and nothing PostgreSQL cannot store (the hub bypasses the HTTP input guards). */
export const messageText = z.unknown().transform((value, ctx) => {
  const checked = value === undefined || value === null ? validateMessageText('') : validateMessageText(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }
  const problem = textProblem(checked.text, 'text');
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem.message });
    return z.NEVER;
  }
  return checked.text;
});

/** POST /chats. */
export const createChatBody = z.object({
  companyName: name.optional(),
  listingId: id,
  listingName: name.optional(),
}, 'The body must be a JSON object');

/** POST /chats/event-chat. */
export const eventChatBody = z.object({ userId: id, companyId: id, eventId: id }, 'The body must be a JSON object');

/** POST /chats/{chatId}/messages (and the hub's SendMessage arguments). */
export const sendMessageBody = z.object({ text: messageText, id: id.optional() }, 'The body must be a JSON object');

export type CreateChatBody = z.infer<typeof createChatBody>;
export type EventChatBody = z.infer<typeof eventChatBody>;
export type SendMessageBody = z.infer<typeof sendMessageBody>;
