// Date and time pickers that follow the console's language, not the browser's: MUI X pickers over dayjs
// with the language's dayjs locale (field pattern, first weekday, 12/24-hour clock) and MUI X's own texts.
// Only the screens with a time filter or field import this module (they are lazy), so the login page and
// the dashboard's first load never carry it.
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, esES, jaJP, zhCN } from '@mui/x-date-pickers/locales';
import type { Lang } from '../../resources/accounts';

const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' };
const TEXTS: Record<Lang, typeof enUS> = { zh: zhCN, en: enUS, es: esES, ja: jaJP };

/** What a date-time field shows and accepts: the same order and clock as the rest of the console
 * (src/lib/format.ts), to the minute. */
export const DATE_TIME_PATTERN: Record<Lang, string> = {
  zh: 'YYYY/MM/DD HH:mm',
  en: 'MM/DD/YYYY hh:mm A',
  es: 'DD/MM/YYYY HH:mm',
  ja: 'YYYY/MM/DD HH:mm',
};
export const DATE_PATTERN: Record<Lang, string> = {
  zh: 'YYYY/MM/DD',
  en: 'MM/DD/YYYY',
  es: 'DD/MM/YYYY',
  ja: 'YYYY/MM/DD',
};

/** The console's language, as the pickers know it. */
export function usePickerLang(): Lang {
  const [locale] = useLocaleState();
  return (locale in DAYJS_LOCALE ? locale : 'en') as Lang;
}

export function PickerLocalization({ children }: { children: ReactNode }) {
  const lang = usePickerLang();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={DAYJS_LOCALE[lang]}
      localeText={TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** A stored time (ISO-8601, or the zone-less local time older URLs carry) as a picker value. */
export function pickerValue(v: unknown): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  const d = dayjs(v as string);
  return d.isValid() ? d : null;
}

/** A picked time as ISO-8601 with the viewer's offset ("2026-11-23T18:44:00+08:00"): the viewer's wall
 * time, as before, now with its zone written out so the server cannot read it in its own. */
export const isoOf = (d: Dayjs) => d.format('YYYY-MM-DDTHH:mm:ssZ');
