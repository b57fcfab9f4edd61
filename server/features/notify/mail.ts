// E-mail through a real SMTP server (SMTP_URL, MAIL_FROM: docs/notifications.md). Without SMTP_URL an e-mail is
// kept in the outbox: its notification row holds the whole message and the console shows it (the demo's case).
import nodemailer, { type Transporter } from 'nodemailer';
import { setting } from '../../config';
import type { Message } from './message';

/** One transport per SMTP_URL (a test may point the server at another SMTP server between runs). */
let transport: { url: string; t: Transporter } | undefined;

function transportFor(url: string): Transporter {
  if (transport?.url === url) return transport.t;
  transport?.t.close();
  const timeout = setting('NOTIFY_TIMEOUT_MS');
  const t = nodemailer.createTransport(url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  transport = { url, t };
  return t;
}

export const hasSmtp = () => Boolean(setting('SMTP_URL'));

/** Splits a channel's target into its addresses. */
export const addressesOf = (target: string) =>
  target
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * Sends one e-mail with its text and HTML parts; resolves with the error, null when the server accepted it. One
 * deadline (NOTIFY_TIMEOUT_MS) for the whole attempt, beside nodemailer's own per-phase time-outs.
 */
export async function sendMail(to: string, m: Message): Promise<string | null> {
  const url = setting('SMTP_URL');
  if (!url) return null;
  const timeout = setting('NOTIFY_TIMEOUT_MS');
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transportFor(String(url)).sendMail({
        from: setting('MAIL_FROM'),
        to: addressesOf(to),
        subject: m.subject,
        text: m.text,
        html: m.html,
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the SMTP server within ${timeout} ms`)), timeout);
      }),
    ]);
    return null;
  } catch (e) {
    return (e instanceof Error ? e.message : String(e)).slice(0, 300);
  } finally {
    clearTimeout(timer);
  }
}
