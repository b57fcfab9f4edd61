// The dashboard's chosen dates: two date pickers in the console's language (src/lib/pickers.tsx), loaded
// only when "chosen dates" is picked, so the dashboard's first load does not carry the pickers. The range
// stays two yyyy-mm-dd days of the viewer's calendar (period.ts); a half-typed date is refused under its
// input with the language's pattern.
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DATE_PATTERN, PickerLocalization, usePickerLang } from '../lib/pickers';

interface Props {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}

function Day({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  testId: string;
}) {
  const translate = useTranslate();
  const format = DATE_PATTERN[usePickerLang()];
  const [wrong, setWrong] = useState(false);
  return (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      format={format}
      sx={{ width: 190 }}
      onChange={(v) => {
        const ok = !!v && v.isValid();
        setWrong(!ok);
        if (ok) onChange(v.format('YYYY-MM-DD'));
      }}
      slotProps={{
        textField: {
          size: 'small',
          error: wrong,
          helperText: wrong
            ? translate('vf.locale.invalid_date', { example: dayjs('2026-11-23').format(format) })
            : undefined,
          inputProps: { 'data-testid': testId },
        },
      }}
    />
  );
}

export default function RangePickers({ from, to, onFrom, onTo }: Props) {
  const translate = useTranslate();
  const t = (k: string) => translate(`vf.orders.dashboard.${k}`);
  return (
    <PickerLocalization>
      <Day label={t('from')} value={from} onChange={onFrom} testId="range-from" />
      <Day label={t('to')} value={to} onChange={onTo} testId="range-to" />
    </PickerLocalization>
  );
}
