// A list's rows: one line each in a table on a desktop, and below the mobile breakpoint (a phone) cards whose
// lines the resource declares (`list.card`, resources/types.ts) — a table scrolled sideways showed an order as its
// 24-character id and a time, its status and amount off screen. The row's actions are the same icons either way.
import {
  Children,
  cloneElement,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BulkActionsToolbar,
  Datagrid,
  DatagridBody,
  DatagridRow,
  ListNoResults,
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useRecordContext,
  useTranslate,
  type DatagridProps,
} from 'react-admin';
import {
  Box,
  Card,
  Checkbox,
  Chip,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { CardLine, FieldDef, ListCard, ResourceDef } from '../../resources/types';
import { isSecret, rowActions } from '../../resources/types';
import { FieldFor, choiceKey } from './fields';
import { cellOf } from './parts';
import { MOBILE_BREAKPOINT } from '../layout/theme';
import { useFormat, type Format } from '../lib/format';

export const ROW_ACTIONS = 'vf-row-actions';
/** A column whose values may be cut to make the row fit (names, codes, text): not a time, an amount or a state. */
const CUT = 'vf-cut';
/** A column the row's card does not name (`list.card`): the first to leave a table too wide for its window, the
 * rightmost first (`vf-spare-1`); the record's page still shows it. */
const SPARE = 'vf-spare-';
/** The class that gives column `i` its declared width. */
const COL = 'vf-col-';

/** A column's width by what it holds (px, its padding included): a value read whole or not at all (a time, an
 * amount, a state) gets the width it needs; text has none and shares what is left, cut with "…". A time's is
 * not a number of pixels: `timeWidth`. */
const WIDTH: Partial<Record<FieldDef['type'], number>> = {
  money: 104,
  number: 88,
  boolean: 84,
  choice: 128,
  image: 64,
};
/** How narrow a text column may be: before spare columns leave; before the table scrolls under the row actions. */
const TEXT_READABLE = 112;
const TEXT_MIN = 72;
const CHECKBOX = 48;
/** One row action: a small icon without padding and its margins. */
const ICON = 26;
/** A cell's padding, left and right (`px: 1` in COMPACT_ROWS). */
const CELL_PADDING = 16;
/** A time with every part two digits wide, the afternoon's (en: "12/28/2026 10:58:58 PM"). */
const WIDEST_TIME = new Date(2026, 11, 28, 22, 58, 58);

/** A width in pixels plus characters: `ch`, the width of a digit in the font the cell is drawn in. */
interface Width {
  px: number;
  ch: number;
}
const css = (w: Width) => (w.ch ? `calc(${w.ch}ch + ${w.px}px)` : `${w.px}px`);

/** A time's column: as many digit widths (`ch`) as the language writes a time with characters (22 in English, 19
 * in the others), and its padding. A width in pixels fitted a time in one font only — 156 px cut the English time
 * at 14 px in Arial's metrics (153 px of text, 16 of padding) and in DejaVu Sans (173 px) — while a digit's width
 * follows the font the browser has and the size the user picked. A time's ":", "/" and spaces are narrower than a
 * digit by more than its "PM" is wider: 22 characters measured 19.4–19.7 ch, 21.5 ch bold (an emphasized row). */
function timeWidth(fmt: Format): Width {
  return { px: CELL_PADDING, ch: fmt.dateTime(WIDEST_TIME).length };
}

/** One line per row (an operator scans many robots at once): cells do not wrap; a long value is cut with "…"
 * (its full text shows on hover, `titleIfCut`), and the row actions — icons without padding, one text line tall —
 * stay at the right edge. The table is laid out once, from the declaration (`planColumns`): its columns do not
 * move when rows arrive or change (docs/accessibility.md, "Lists that hold still"). */
export const COMPACT_ROWS: SxProps<Theme> = {
  '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1, whiteSpace: 'nowrap' },
  // a header is cut like text, whatever its column holds: "Menu out of date" over a ✓ needs no more than the ✓
  [`& .RaDatagrid-rowCell:not(.${ROW_ACTIONS}), & .RaDatagrid-headerCell:not(.${ROW_ACTIONS})`]: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // choices side by side (a webhook's events), cut like text rather than stacked
  '& .RaDatagrid-rowCell .MuiStack-root': { flexWrap: 'nowrap' },
  // a sort button in a header is a target: 24 px tall at least (WCAG 2.5.8), however dense the rows
  '& .MuiTableSortLabel-root': { minHeight: 24, maxWidth: '100%' },
  [`& td.${ROW_ACTIONS}, & th.${ROW_ACTIONS}`]: {
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    zIndex: 1,
    boxShadow: '-6px 0 6px -6px rgba(0,0,0,.25)',
  },
  [`& td.${ROW_ACTIONS} .MuiIconButton-root`]: { p: 0, mx: 0.25 },
  '& tbody tr:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
};

/** Field types whose value is read whole or not at all: a time, a number, an amount, a state. */
const WHOLE: ReadonlySet<FieldDef['type']> = new Set(['datetime', 'number', 'money', 'boolean', 'choice', 'choices']);

/** A column as the layout sees it: its declared width (none: text, a share of the rest) and its rank among the
 * spare columns (1 leaves first). */
interface Planned {
  width?: Width;
  spare?: number;
}

/** The columns marked as they may be cut (every one but a declared field of a type read whole, `WHOLE`), as spare
 * (`SPARE`, counted from the right) where the card does not name them, and with the class of their width. */
function planColumns(
  children: ReactNode,
  card: ReadonlySet<string>,
  fmt: Format,
): { columns: ReactNode[]; plan: Planned[] } {
  type Column = { def?: FieldDef; source?: string; name?: string; cellClassName?: string; headerClassName?: string };
  const columns = Children.toArray(children).filter(isValidElement<Column>);
  let spare = columns.filter((c) => !card.has(c.props.source ?? c.props.name ?? '')).length;
  const plan: Planned[] = [];
  const marked = columns.map((child, i) => {
    const { def, source, name, cellClassName, headerClassName } = child.props;
    const own = card.has(source ?? name ?? '') ? undefined : spare--;
    const px = def ? WIDTH[def.type] : undefined;
    const width = def?.type === 'datetime' ? timeWidth(fmt) : px ? { px, ch: 0 } : undefined;
    plan.push({ width, spare: own });
    const marks = [
      `${COL}${i}`,
      ...(def && WHOLE.has(def.type) ? [] : [CUT]),
      ...(own === undefined ? [] : [`${SPARE}${own}`]),
    ];
    return cloneElement(child, {
      cellClassName: [cellClassName, ...marks].filter(Boolean).join(' '),
      headerClassName: [headerClassName, ...marks].filter(Boolean).join(' '),
    });
  });
  return { columns: marked, plan };
}

/** The table's layout, all of it decided before the first paint and none of it measured: each column's width
 * from the declaration (`table-layout: fixed`: rows that arrive or change never move a column), the spare
 * columns leaving from the right as the box narrows (container queries at widths summed from the declaration),
 * and below the narrowest a table that scrolls under the row actions. */
function layoutOf(plan: readonly Planned[], fixed: number): SxProps<Theme> {
  const spares = plan.filter((c) => c.spare !== undefined).length;
  /** the width the columns need with spare columns 1…k gone, text at `text` px */
  const need = (k: number, text: number): Width =>
    plan
      .filter((c) => c.spare === undefined || c.spare > k)
      .reduce((sum, c) => ({ px: sum.px + (c.width?.px ?? text), ch: sum.ch + (c.width?.ch ?? 0) }), {
        px: fixed,
        ch: 0,
      });
  const sx: Record<string, unknown> = {
    containerType: 'inline-size',
    // the box's font is its cells': a `ch` in its container queries is then a digit of the cells
    typography: 'body2',
    // as specific as react-admin's own `tableLayout: auto` on the table, and more
    '& table.RaDatagrid-table': { tableLayout: 'fixed', width: '100%', minWidth: css(need(spares, TEXT_MIN)) },
    '& th.MuiTableCell-paddingCheckbox': { width: CHECKBOX },
  };
  plan.forEach((c, i) => {
    if (c.width) sx[`& th.${COL}${i}`] = { width: css(c.width) };
  });
  for (let k = 1; k <= spares; k++) {
    const edge = need(k - 1, TEXT_READABLE);
    sx[`@container (max-width: ${css({ ...edge, px: edge.px - 0.02 })})`] = {
      [`& .${SPARE}${k}`]: { display: 'none' },
    };
  }
  return sx as SxProps<Theme>;
}

/** A row that opens a page is reached with Tab and opened with Enter, as a click opens it (docs/accessibility.md,
 * "Keyboard"); its focus ring is the theme's. */
function openOnEnter(e: KeyboardEvent<HTMLTableRowElement>) {
  if (e.key === 'Enter' && e.target === e.currentTarget) e.currentTarget.click();
}
const KEYBOARD_BODY = <DatagridBody row={<DatagridRow tabIndex={0} onKeyDown={openOnEnter} />} />;

/** A cut cell gets its whole text as its tooltip, when the pointer first reaches it. */
function titleIfCut(e: MouseEvent) {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('td, th');
  if (cell && !cell.title && cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
}

const fieldsOf = (line: CardLine | undefined): string[] =>
  line === undefined ? [] : typeof line === 'string' ? [line] : [...line];

/** The declared card, or one made of the list's columns: the title, then the next two, choices as chips. */
export function cardOf(def: ResourceDef): ListCard {
  if (def.list.card) return def.list.card;
  const listed = Object.entries(def.fields).filter(([, f]) => f.list && !isSecret(f));
  const title = def.title && def.fields[def.title]?.list ? def.title : (listed[0]?.[0] ?? '_id');
  const status = listed
    .filter(([, f]) => f.type === 'choice')
    .map(([n]) => n)
    .slice(0, 1);
  // a typed id (an account's login name) is a name people know the row by
  const rest = [...(def.idField ? ['_id'] : []), ...listed.map(([n]) => n)].filter(
    (n) => n !== title && !status.includes(n),
  );
  return { primary: title, secondary: rest.slice(0, 2), tertiary: rest.slice(2, 4), status };
}

/** A field's (or a declared cell's) value on a card; a bare number is said with its label ("Stock: 3"). */
function CardValue({ def, name }: { def: ResourceDef; name: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const named = cellOf(name);
  if (named) {
    const Render = named.render;
    return <Render />;
  }
  const f: FieldDef | undefined = name === '_id' ? { type: 'text' } : def.fields[name];
  if (!f || isSecret(f) || record?.[name] == null || record[name] === '') return null;
  const value = <FieldFor resource={def.name} source={name} def={f} />;
  if (f.type === 'number' && !f.render)
    return (
      <>
        <Box component="span" sx={{ mr: 0.5 }}>{`${translate(`resources.${def.name}.fields.${name}`)}:`}</Box>
        {value}
      </>
    );
  if (f.type === 'boolean') return <StateChip def={def} name={name} />;
  return value;
}

/** A yes/no state as words on a chip: the field's own words for it where it has them ("Online", "Offline"). */
function StateChip({ def, name }: { def: ResourceDef; name: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const v = record?.[name];
  if (v == null) return null;
  const key = choiceKey(def.name, name, String(v));
  const own = translate(key);
  // without words of its own, a flag shows only when set, by its label ("Unlisted"): "Unlisted: No" is noise
  if (own === key && !v) return null;
  const label = own === key ? translate(`resources.${def.name}.fields.${name}`) : own;
  return <Chip size="small" label={label} color={v ? 'success' : 'default'} variant={v ? 'filled' : 'outlined'} />;
}

function Line({
  def,
  line,
  variant,
  testId,
}: {
  def: ResourceDef;
  line: CardLine | undefined;
  variant: 'primary' | 'detail';
  testId: string;
}) {
  const names = fieldsOf(line);
  if (!names.length) return null;
  return (
    <Typography
      component="div"
      variant={variant === 'primary' ? 'subtitle2' : 'body2'}
      color={variant === 'primary' ? 'text.primary' : 'text.secondary'}
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        minWidth: 0,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        '& > span': {
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          display: 'inline-flex',
          alignItems: 'center',
        },
        '& > span:empty': { display: 'none' },
        // " · " between the values there are (an empty one, a robot that never beat, leaves no stray dot)
        '& > span:not(:empty) ~ span:not(:empty)::before': { content: '"·"', mr: 0.75 },
        '& .MuiTypography-root': { fontSize: 'inherit', fontWeight: 'inherit' },
      }}
    >
      {names.map((n, i) => (
        <Box component="span" key={n} sx={{ flexShrink: i === 0 ? 1 : 0 }}>
          <CardValue def={def} name={n} />
        </Box>
      ))}
    </Typography>
  );
}

/** The rows as cards: a tap opens the row, the checkbox selects it for the selection's actions, the icons act. */
function ListCards({
  def,
  rowClick,
  bulkActionButtons,
  actions,
}: {
  def: ResourceDef;
  rowClick: string | false;
  bulkActionButtons: ReactElement | false;
  actions?: ReactNode;
}) {
  const { data, isPending, selectedIds = [], onToggleItem, onSelect, resource } = useListContext();
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const card = cardOf(def);
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (!data?.length) return <ListNoResults resource={resource} />;
  const allSelected = data.every((r) => selectedIds.includes(r.id));
  return (
    <>
      {bulkActionButtons ? (
        <>
          <BulkActionsToolbar>{bulkActionButtons}</BulkActionsToolbar>
          <Box sx={{ px: 1 }}>
            <Checkbox
              size="small"
              checked={allSelected}
              onChange={() => onSelect?.(allSelected ? [] : data.map((r) => r.id))}
              inputProps={{ 'aria-label': translate('ra.action.select_all') }}
            />
            <Typography component="span" variant="body2">
              {translate('ra.action.select_all')}
            </Typography>
          </Box>
        </>
      ) : null}
      <Stack spacing={1} sx={{ p: 1 }} data-testid="list-cards">
        {data.map((r) => (
          <RecordContextProvider value={r} key={r.id}>
            <Card
              variant="outlined"
              data-testid="list-card"
              onClick={
                rowClick ? () => navigate(createPath({ resource: def.name, id: r.id, type: rowClick })) : undefined
              }
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
                p: 1,
                cursor: rowClick ? 'pointer' : 'default',
              }}
            >
              {bulkActionButtons ? (
                <Checkbox
                  size="small"
                  sx={{ p: 0.5 }}
                  checked={selectedIds.includes(r.id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => onToggleItem(r.id)}
                  // named after its row by the theme (src/layout/selectionCheckbox.tsx)
                />
              ) : null}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Line def={def} line={card.primary} variant="primary" testId="card-primary" />
                  </Box>
                  <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }} data-testid="card-status">
                    {fieldsOf(card.status).map((n) => (
                      <CardValue key={n} def={def} name={n} />
                    ))}
                  </Stack>
                </Box>
                <Line def={def} line={card.secondary} variant="detail" testId="card-secondary" />
                <Line def={def} line={card.tertiary} variant="detail" testId="card-tertiary" />
                {actions ? (
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, '& .MuiIconButton-root': { p: 1 } }}>
                    {actions}
                  </Box>
                ) : null}
              </Box>
            </Card>
          </RecordContextProvider>
        ))}
      </Stack>
    </>
  );
}

interface RowsProps {
  def: ResourceDef;
  rowClick: 'edit' | 'show' | false;
  bulkActionButtons: ReactElement | false;
  rowSx?: DatagridProps['rowSx'];
  actions?: ReactElement | null;
  /** Columns this view is about (a tab's own column): never among the spare ones that leave a narrow table. */
  keep?: readonly string[];
  children: ReactNode;
}

/** A list's rows: `children` are the table's columns; `actions` the row's actions (the table's last column, a
 * card's icons). */
export function ListRows({ def, rowClick, bulkActionButtons, rowSx, actions, keep, children }: RowsProps) {
  const phone = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
  if (phone) return <ListCards def={def} rowClick={rowClick} bulkActionButtons={bulkActionButtons} actions={actions} />;
  return (
    <TableRows
      def={def}
      rowClick={rowClick}
      rowSx={rowSx}
      bulkActionButtons={bulkActionButtons}
      actions={actions}
      keep={keep}
    >
      {children}
    </TableRows>
  );
}

/** The rows as a table laid out once from the declaration (`layoutOf`). */
function TableRows({ def, rowClick, bulkActionButtons, rowSx, actions, keep = [], children }: RowsProps) {
  const translate = useTranslate();
  const fmt = useFormat();
  const card = cardOf(def);
  const named = new Set([...[card.primary, card.secondary, card.tertiary, card.status].flatMap(fieldsOf), ...keep]);
  const { columns, plan } = planColumns(children, named, fmt);
  // the generated row actions are so many icons at most (edit, the declared actions, delete); other actions (a
  // refund's decision) are a column of text like the rest
  const icons = actions?.props && (actions.props as { cellClassName?: string }).cellClassName === ROW_ACTIONS;
  const most = (def.permissions.edit ? 1 : 0) + (def.permissions.delete ? 1 : 0) + rowActions(def).length;
  const actionsWidth = icons ? Math.max(1, most) * ICON + 16 : actions ? TEXT_READABLE : 0;
  const sx = {
    ...(layoutOf(plan, (bulkActionButtons ? CHECKBOX : 0) + actionsWidth) as object),
    ...(icons ? { [`& th.${ROW_ACTIONS}`]: { width: actionsWidth } } : {}),
  };
  return (
    <>
      {/* The selection's toolbar stands outside the box that scrolls: react-admin draws it over the list's top
          toolbar, above its own place, and a box that scrolls clips what it holds to itself — the toolbar was cut
          away and a click on its buttons fell on the top toolbar's. */}
      {bulkActionButtons ? <BulkActionsToolbar>{bulkActionButtons}</BulkActionsToolbar> : null}
      {/* a table too wide for its box (a narrow window, a list on a record's page) scrolls inside it; the box is then
          reached with Tab, to scroll it with the arrow keys (WCAG 2.1.1) */}
      <Box
        onMouseOver={titleIfCut}
        sx={{ minWidth: 0, overflowX: 'auto', ...sx }}
        tabIndex={0}
        role="region"
        aria-label={translate(`resources.${def.name}.name`, { smart_count: 2 })}
      >
        <Datagrid
          rowClick={rowClick}
          rowSx={rowSx}
          bulkActionButtons={bulkActionButtons}
          bulkActionsToolbar={false}
          sx={COMPACT_ROWS}
          body={rowClick ? KEYBOARD_BODY : undefined}
        >
          {columns}
          {actions}
        </Datagrid>
      </Box>
    </>
  );
}
