// How a browser holds a session (server/auth/cookie.ts sets it, src/providers/session.ts reads the marker).
// The token itself travels in an HttpOnly cookie the page's scripts cannot read; the marker only says that
// there is one, so the page can choose between the sign-in screen and the console without a call.

/** HttpOnly, SameSite=Strict: the session token. */
export const SESSION_COOKIE = 'vendfleet_session';
/** Readable by scripts, no secret: "1" while the browser holds a session cookie. */
export const SIGNED_IN_COOKIE = 'vendfleet_signed_in';
/**
 * Calls authenticated by the cookie must carry this header (any non-empty value; the app sends "1"). A
 * cross-site form cannot set a header, and a cross-site script cannot send one without a CORS preflight,
 * which the server never grants: so a call with the header comes from the app's own pages.
 */
export const CSRF_HEADER = 'X-VF-CSRF';
