// The security headers worked out once at start (server/http/securityHeaders.ts) are what helmet's middleware sets on
// a real answer.
import http from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/http/securityHeaders';

describe('security headers', () => {
  it('are the headers, values and order helmet sets on an answer', () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      frameguard: { action: 'deny' as const },
      referrerPolicy: { policy: 'same-origin' as const },
    };
    const res = new http.ServerResponse(new http.IncomingMessage(null as never));
    let next = false;
    helmet(options)({} as http.IncomingMessage, res, () => (next = true));
    expect(next).toBe(true);
    const fromHelmet = Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]);
    const once = securityHeaders(options).map(([k, v]) => [k.toLowerCase(), v]);
    expect(once).toEqual(fromHelmet);
    expect(once).toContainEqual(['x-frame-options', 'DENY']);
    expect(once.find(([k]) => k === 'content-security-policy')?.[1]).toContain("frame-ancestors 'none'");
  });
});
