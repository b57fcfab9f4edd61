// An image field holds a path in object storage. The user picks a file; it goes to POST /api/upload at
// once (the server checks its bytes and size and answers 413/415 in the user's language) and the field
// takes the answered path. A preview shows what the path points at.
import { useInput, useNotify, useTranslate, FieldTitle } from 'react-admin';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { fileUrl, uploadImage } from '../lib/files';
import { IMAGE_TYPES, useImagePicker } from '../lib/useImagePicker';

interface Props {
  source: string;
  resource?: string;
  label?: string;
  disabled?: boolean;
  isRequired?: boolean;
  /** preview height in px (a logo shows 60 px high, docs/rules.md, Constants) */
  previewHeight?: number;
}

export function ImageUploadInput({ source, resource, label, disabled, isRequired, previewHeight = 60 }: Props) {
  const { field, fieldState, isRequired: required } = useInput({ source, resource });
  const translate = useTranslate();
  const notify = useNotify();
  const title = label ? translate(label, { _: label }) : source;
  const { picker, busy, pick, open } = useImagePicker(async ([file]) => {
    field.onChange(await uploadImage(file));
    notify('vf.fleet.upload.done', { type: 'success' });
  });

  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid={`image-input-${source}`}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        <FieldTitle label={title} source={source} resource={resource} isRequired={isRequired ?? required} />
      </Typography>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_TYPES}
        hidden
        aria-label={title}
        name={`${source}__file`}
        onChange={(e) => void pick(e.target.files)}
      />
      <Stack direction="row" spacing={2} alignItems="center">
        {field.value ? (
          <Box
            component="img"
            src={fileUrl(field.value)}
            alt={translate('vf.fleet.upload.preview', { field: title })}
            sx={{
              height: previewHeight,
              maxWidth: 240,
              objectFit: 'contain',
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        ) : null}
        <Button
          variant="outlined"
          size="small"
          startIcon={busy ? <CircularProgress size={16} /> : <CloudUpload />}
          disabled={disabled || busy}
          onClick={open}
        >
          {translate(
            busy ? 'vf.fleet.upload.uploading' : field.value ? 'vf.fleet.upload.replace' : 'vf.fleet.upload.choose',
          )}
        </Button>
        {field.value && !busy ? (
          <Button size="small" color="inherit" disabled={disabled} onClick={() => field.onChange(null)}>
            {translate('vf.fleet.upload.remove')}
          </Button>
        ) : null}
      </Stack>
      <FormHelperText error={!!fieldState.error}>
        {fieldState.error ? translate(fieldState.error.message ?? '') : translate('vf.fleet.upload.hint')}
      </FormHelperText>
    </Box>
  );
}
