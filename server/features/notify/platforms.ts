// Each chat platform's documented group-bot message and signature (docs/notifications.md, "Channels"):
// - WeCom (企业微信) group bot: POST {msgtype: "markdown", markdown: {content}}; answers {errcode: 0} when taken.
// - DingTalk (钉钉) custom bot: POST {msgtype: "markdown", markdown: {title, text}}; with a signing secret the URL
//   carries `timestamp` (ms) and `sign` = Base64(HMAC-SHA256(key: secret, message: "<timestamp>\n<secret>")),
//   URL-encoded; answers {errcode: 0}.
// - Feishu (飞书) custom bot: POST {msg_type: "text", content: {text}}; with a signing secret the body carries
//   `timestamp` (s) and `sign` = Base64(HMAC-SHA256(key: "<timestamp>\n<secret>", message: "")); answers {code: 0}.
// - Slack incoming webhook: POST {text}; answers 200 "ok".
// - A plain webhook: POST the message as JSON, signed as the webhooks are (VendFleet-Signature, docs/api.md).
// The platforms answer HTTP 200 with an error code in the body when they refuse (a bad signature, a rate limit),
// so the body decides.
import { createHmac } from 'node:crypto';
import { setting } from '../../config';
import { postOnce } from '../webhooks/post';
import { SIGNATURE_HEADER, sign } from '../webhooks/signature';
import type { NotifyKind } from '../../../resources/notify_channel';
import type { Message } from './message';

export const dingtalkSign = (secret: string, timestampMs: number) =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');

export const feishuSign = (secret: string, timestampS: number) =>
  createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');

interface Request {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** the platform's own word on whether it took the message: null when it did, else why not */
  judge: (status: number, answer: string) => string | null;
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'VendFleet-Notify/1' };

function parsed(answer: string): Record<string, unknown> {
  try {
    const v = JSON.parse(answer) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** 2xx, and the platform's code (`errcode` or `code`) 0 when it answers one. */
const codeZero = (field: 'errcode' | 'code') => (status: number, answer: string) => {
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  const a = parsed(answer);
  const code = a[field] ?? a.StatusCode;
  if (code === undefined || Number(code) === 0) return null;
  return `${field} ${String(code)}: ${String(a.errmsg ?? a.msg ?? a.StatusMessage ?? '')}`.slice(0, 300);
};

const httpOk = (status: number) => (status >= 200 && status < 300 ? null : `HTTP ${status}`);

/** The request a bot channel's message becomes, signed at `now` (ms). */
export function botRequest(
  kind: Exclude<NotifyKind, 'email'>,
  target: string,
  secret: string | null,
  m: Message,
  ids: Record<string, unknown>,
  now = Date.now(),
): Request {
  switch (kind) {
    case 'wecom':
      return {
        url: target,
        headers: JSON_HEADERS,
        body: JSON.stringify({ msgtype: 'markdown', markdown: { content: m.text } }),
        judge: codeZero('errcode'),
      };
    case 'dingtalk': {
      let url = target;
      if (secret) {
        const u = new URL(target);
        u.searchParams.set('timestamp', String(now));
        u.searchParams.set('sign', dingtalkSign(secret, now));
        url = u.toString();
      }
      return {
        url,
        headers: JSON_HEADERS,
        body: JSON.stringify({ msgtype: 'markdown', markdown: { title: m.subject, text: m.text } }),
        judge: codeZero('errcode'),
      };
    }
    case 'feishu': {
      const t = Math.floor(now / 1000);
      const signed = secret ? { timestamp: String(t), sign: feishuSign(secret, t) } : {};
      return {
        url: target,
        headers: JSON_HEADERS,
        body: JSON.stringify({ ...signed, msg_type: 'text', content: { text: m.text } }),
        judge: codeZero('code'),
      };
    }
    case 'slack':
      return { url: target, headers: JSON_HEADERS, body: JSON.stringify({ text: m.text }), judge: httpOk };
    case 'webhook': {
      const body = JSON.stringify({ type: 'notification', ...ids, subject: m.subject, text: m.text });
      return {
        url: target,
        headers: { ...JSON_HEADERS, ...(secret ? { [SIGNATURE_HEADER]: sign(secret, body) } : {}) },
        body,
        judge: httpOk,
      };
    }
  }
}

/** Sends to a bot; resolves with the error, null when the platform took it. */
export async function sendToBot(req: Request): Promise<string | null> {
  const out = await postOnce(req.url, req.headers, req.body, setting('NOTIFY_TIMEOUT_MS'));
  if (out.error !== null || out.http_status === null) return out.error ?? 'no answer';
  return req.judge(out.http_status, out.answer);
}
