// A list of photos (a fault report's): paths in object storage. Each picked file goes through the
// existing upload route (POST /api/upload), which checks the image's bytes and size; the record keeps
// only the answered paths. The server holds a report to MAX_PHOTOS as well (resources/report.ts).
import { Button, Labeled, useInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import Close from '@mui/icons-material/Close';
import { fileUrl, uploadImage } from '../lib/files';
import { IMAGE_TYPES, useImagePicker } from '../lib/useImagePicker';
import { MAX_PHOTOS } from '../../resources/report';

function Thumbs({ paths, onRemove }: { paths: string[]; onRemove?: (i: number) => void }) {
  const translate = useTranslate();
  if (paths.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('vf.service.photos.none')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="report-photos">
      {paths.map((p, i) => (
        <Box key={p} sx={{ position: 'relative' }}>
          <a href={fileUrl(p)} target="_blank" rel="noreferrer">
            <img
              src={fileUrl(p)}
              alt={translate('vf.service.photos.alt', { n: i + 1 })}
              style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 4, display: 'block' }}
            />
          </a>
          {onRemove ? (
            <Tooltip title={translate('vf.service.photos.remove')}>
              <IconButton
                size="small"
                aria-label={translate('vf.service.photos.remove')}
                onClick={() => onRemove(i)}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,.8)' }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

export function PhotosInput({ resource, source }: { resource: string; source: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const paths: string[] = Array.isArray(field.value) ? field.value : [];
  const { picker, busy, pick, open } = useImagePicker(async (files) => {
    const added: string[] = [];
    for (const f of files.slice(0, MAX_PHOTOS - paths.length)) added.push(await uploadImage(f));
    field.onChange([...paths, ...added]);
  });

  return (
    <Labeled label={`resources.${resource}.fields.${source}`} fullWidth sx={{ mb: 2 }}>
      <Stack spacing={1} alignItems="flex-start">
        <Thumbs paths={paths} onRemove={(i) => field.onChange(paths.filter((_, j) => j !== i))} />
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          multiple
          hidden
          onChange={(e) => pick(e.target.files)}
          data-testid="report-photo-file"
        />
        <Button
          label={translate('vf.service.photos.add', { max: MAX_PHOTOS })}
          onClick={open}
          disabled={busy || paths.length >= MAX_PHOTOS}
        >
          <AddAPhoto />
        </Button>
      </Stack>
    </Labeled>
  );
}

export function PhotosField({ source }: { source: string }) {
  const record = useRecordContext();
  const v = record?.[source];
  return <Thumbs paths={Array.isArray(v) ? v : []} />;
}
