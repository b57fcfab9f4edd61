// Where sign-in starts and where it leads, shared by the lean login (src/login) and the console's authProvider.

/** Only paths inside the console: never send a user to another site after sign-in. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/dashboard';
}

/** The sign-in page for a visitor without a session at `here`: after sign-in, back to the page asked for. */
export function loginPathFor(here: string): string {
  const redirect = here === '/' || here.startsWith('/login') ? '' : `?redirect=${encodeURIComponent(here)}`;
  return here.startsWith('/login') ? here : `/login${redirect}`;
}
