// The reason a refund is asked for or refused: required, up to 200 characters, a few lines tall. The
// refund request (RefundDialog) and the rejection (RefundDecision) both ask for one.
import { TextField } from '@mui/material';

export function ReasonField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      required
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 200 }, inputLabel: { shrink: true } }}
      fullWidth
      margin="normal"
    />
  );
}
