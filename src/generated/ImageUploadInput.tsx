// An image field holds a path in object storage. Until uploads exist (fleet issue) it is typed as a path
// or URL; the preview shows what the path points at.
import { TextInput, useInput } from 'react-admin';
import { Box } from '@mui/material';
import { fileUrl } from '../lib/files';

export function ImageUploadInput(props: { source: string; disabled?: boolean; fullWidth?: boolean; isRequired?: boolean; helperText?: false }) {
  const { field } = useInput({ source: props.source });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%' }}>
      <TextInput {...props} />
      {field.value ? <img src={fileUrl(field.value)} alt="" style={{ height: 40 }} /> : null}
    </Box>
  );
}
