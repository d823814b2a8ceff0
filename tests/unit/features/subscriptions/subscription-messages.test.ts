import { describe, expect, it } from 'vitest';
import noPo from '../../../../src/locales/no/messages.po?raw';
import { SubscriptionMessages } from '../../../../src/domain/products';

/** The msgstr of a one-line msgid in a PO text, or undefined. */
function msgstrOf(po: string, msgid: string): string | undefined {
  const at = po.indexOf(`msgid ${JSON.stringify(msgid)}\nmsgstr `);
  if (at < 0) return undefined;
  const line = po.slice(at).split('\n')[1]!;
  return JSON.parse(line.slice('msgstr '.length)) as string;
}

describe('subscription server messages', () => {
  it('each refusal of the subscription calls has a Norwegian translation (the screens translate them)', () => {
    for (const english of Object.values(SubscriptionMessages)) {
      const norwegian = msgstrOf(noPo.replace(/\r\n/g, '\n'), english);
      expect(norwegian?.trim(), english).toBeTruthy();
      expect(norwegian, english).not.toBe(english);
    }
  });
});
