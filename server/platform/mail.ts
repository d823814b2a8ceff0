import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'outbox' keeps mail in the database for /dev/outbox instead of sending it. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer loads with the first mail sent, not with every server process (1.5 MB of heap).
  let transport: Promise<Transporter> | null = null;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outboxMessages).values({ channel: 'email', ...mail });
    },
  };
}
