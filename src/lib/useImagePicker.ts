// What every image input does around an upload: a hidden file input opened by a button, a busy flag while the
// picked files go up, the server's translated refusal (413, 415) shown to the user, and the input emptied
// afterwards so that picking the same file again is seen as a change.
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';

/** The image types the upload route accepts (the server checks the bytes too). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export function useImagePicker(onPicked: (files: File[]) => Promise<void>) {
  const notify = useNotify();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (files: FileList | null | undefined) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      await onPicked([...files]);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      if (picker.current) picker.current.value = '';
    }
  };
  return { picker, busy, pick, open: () => picker.current?.click() };
}
