// A real SMTP server on 127.0.0.1 (the `smtp-server` package) for notification tests and the bench: it accepts every
// message and keeps it decoded enough to read — recipients, subject, and the text and HTML parts.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  at: number;
}

/** "=?UTF-8?Q?…?=" and "=?UTF-8?B?…?=" words of a header, decoded. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _cs, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const quotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

function headersOf(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function bodyOf(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return quotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a message (multipart/alternative or a single part). */
function parts(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  let text = '';
  let html = '';
  const take = (h: Record<string, string>, b: string) => {
    const type = (h['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/html')) html = bodyOf(h, b);
    else if (type.startsWith('text/plain')) text = bodyOf(h, b);
  };
  if (!boundary) take(headers, body);
  else
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const at = part.search(/\r?\n\r?\n/);
      take(
        headersOf(part.slice(0, at)),
        part
          .slice(at)
          .replace(/^\r?\n\r?\n/, '')
          .replace(/\r?\n$/, ''),
      );
    }
  return { headers, text, html };
}

export async function startSmtp(opts: { refuse?: () => boolean } = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (opts.refuse?.()) return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const p = parts(raw);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: decodeWords(p.headers.subject ?? ''),
          text: p.text,
          html: p.html,
          raw,
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
