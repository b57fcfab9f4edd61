// The date-time input of filters and forms: an MUI X picker in the console's language (src/lib/pickers.tsx)
// instead of react-admin's native datetime-local, which follows the browser's locale. The value it keeps
// is ISO-8601 with the viewer's offset; a half-typed or impossible time is refused with the language's
// pattern under the input and never reaches the form. Its label names the viewer's time zone, the zone in
// which the time is read.
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import dayjs from 'dayjs';
import type { SxProps, Theme } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DATE_TIME_PATTERN, PickerLocalization, isoOf, pickerValue, usePickerLang } from '../lib/pickers';
import { zoneLabel } from '../lib/format';

interface Props extends Omit<InputProps, 'label'> {
  label?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  helperText?: ReactNode | false;
  alwaysOn?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
}

function Picker({
  label,
  source,
  resource,
  fullWidth,
  size,
  helperText,
  disabled,
  readOnly,
  className,
  sx,
  alwaysOn: _alwaysOn,
  ...rest
}: Props) {
  const translate = useTranslate();
  const { field, fieldState, id, isRequired } = useInput({ source, resource, disabled, readOnly, ...rest });
  const [typedWrong, setTypedWrong] = useState(false);
  const format = DATE_TIME_PATTERN[usePickerLang()];
  const example = dayjs('2026-11-23T18:44:00').format(format);
  const error = typedWrong ? (
    translate('vf.locale.invalid_datetime', { example })
  ) : fieldState.invalid ? (
    <InputHelperText error={fieldState.error?.message} />
  ) : null;
  const help = error ?? (helperText === false ? null : helperText);
  return (
    <DateTimePicker
      value={pickerValue(field.value)}
      onChange={(v) => {
        const ok = v === null || v.isValid();
        setTypedWrong(!ok);
        if (ok) field.onChange(v ? isoOf(v) : null);
      }}
      onClose={field.onBlur}
      format={format}
      ampm={format.includes('A')}
      disabled={disabled}
      readOnly={readOnly}
      className={className}
      // wide enough for the label and its zone ("Hora del pedido · Desde (UTC+08:00)")
      sx={{ minWidth: fullWidth ? undefined : 270, ...sx }}
      label={
        <>
          <FieldTitle label={label as string} source={source} resource={resource} isRequired={isRequired} /> (
          {zoneLabel()})
        </>
      }
      slotProps={{
        textField: {
          id,
          name: field.name,
          size,
          fullWidth,
          onBlur: field.onBlur,
          error: !!error,
          helperText: help,
        },
      }}
    />
  );
}

export function DateTimeInput(props: Props) {
  return (
    <PickerLocalization>
      <Picker {...props} />
    </PickerLocalization>
  );
}
