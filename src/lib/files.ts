// Images (avatars, logos, posters) are stored by path and served by the API's file route.
export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `/api/files/${path.replace(/^\/+/, '')}`;
}
