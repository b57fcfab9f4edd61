// The files an import's screens hand the user: its errors, and the one-time secrets of the rows it added (CSV with
// a BOM, so Excel opens Chinese and Japanese text as it is).
import { save } from '../lib/exportList';

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function saveCsv(name: string, header: string[], rows: unknown[][]) {
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  save(new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }), name);
}
