// Images (avatars, logos, posters) are stored by path and served by the API's file route.
import { api } from '../providers/http';

export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `/api/files/${path.replace(/^\/+/, '')}`;
}

/** Uploads one image (POST /api/upload: the server checks its bytes and size) and answers its stored path. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api<{ path: string }>('POST', '/upload', form)).path;
}
