import type { OutgoingMail } from '../../platform/mail';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mailWithLink(to: string, subject: string, intro: string, action: string, link: string, outro: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(action)}</a></p><p>${escape(outro)}</p>`,
  };
}

export function confirmationMail(to: string, firstName: string, publicUrl: string, token: string, userId: string): OutgoingMail {
  const link = `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(userId)}`;
  return mailWithLink(to, 'Confirm your EventMarket account',
    `Hi ${firstName}, welcome to EventMarket! Please confirm your e-mail address to activate your account.`,
    'Confirm your e-mail address', link,
    'The link is valid for 48 hours. If you did not create an account, you can ignore this e-mail.');
}

export function resetPasswordMail(to: string, publicUrl: string, token: string): OutgoingMail {
  const link = `${publicUrl}/reset-password?email=${encodeURIComponent(to)}&token=${encodeURIComponent(token)}`;
  return mailWithLink(to, 'Reset your EventMarket password',
    'We received a request to reset the password of your EventMarket account.',
    'Choose a new password', link,
    'The link is valid for 1 hour. If you did not ask for this, you can ignore this e-mail; your password stays the same.');
}
