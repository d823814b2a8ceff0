import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface WhatsAppSender {
  readonly kind: 'cloud-api' | 'outbox';
  send(to: string, text: string): Promise<void>;
}

/** WhatsApp Cloud API style provider: POST {messaging_product, to, type, text} with a bearer token. */
export function cloudApiWhatsApp(apiUrl: string, token: string | null): WhatsAppSender {
  return {
    kind: 'cloud-api',
    async send(to, text) {
      const res = await fetch(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: to.replace(/[^\d]/g, ''), type: 'text', text: { body: text } }),
      });
      if (!res.ok) throw new Error(`WhatsApp provider answered ${res.status}`);
    },
  };
}

export function outboxWhatsApp(db: Db): WhatsAppSender {
  return {
    kind: 'outbox',
    async send(to, text) {
      await db.insert(outboxMessages).values({ channel: 'whatsapp', to: `whatsapp:${to}`, subject: 'WhatsApp message', text });
    },
  };
}
