// Messages: the title and content come from each message's code in the viewer's language (the server adds
// them), which the generated list cannot show; alarms stand out by level; "mark all as read" clears the badge.
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  Datagrid,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateTimeInput } from '../generated/DateTimeInput';
import { useQueryClient } from '@tanstack/react-query';
import { Chip } from '@mui/material';
import DoneAll from '@mui/icons-material/DoneAll';
import message, { MESSAGE_LEVELS } from '../../resources/message';
import { FieldFor, choiceKey } from '../generated/fields';
import { ActionButtons } from '../generated/ActionButtons';
import { ListPagination } from '../generated/screens';
import { api } from '../providers/http';

const f = (name: string) => `resources.message.fields.${name}`;
const LEVEL_COLOR = { info: 'default', success: 'success', warning: 'warning', error: 'error' } as const;

function MarkAllRead() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return (
    <Button
      label={translate('vf.live.mark_all_read')}
      onClick={async () => {
        try {
          const { count } = await api<{ count: number }>('POST', '/message/read_all', {});
          notify(translate('vf.live.marked_read', { count }), { type: 'info' });
          await queryClient.invalidateQueries({ queryKey: ['message'] });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      <DoneAll />
    </Button>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <MarkAllRead />
      <ExportButton />
    </TopToolbar>
  );
}

function MessageList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const filters = [
    <SelectInput key="level" source="level" label={f('level')} alwaysOn choices={MESSAGE_LEVELS.map((l) => ({ id: l, name: translate(choiceKey('message', 'level', l), { _: l }) }))} />,
    <NumberInput key="code" source="code" label={f('code')} />,
    <ReferenceInput key="device" source="device" reference="device" perPage={50}>
      <AutocompleteInput label={f('device')} optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <ReferenceInput key="dealer" source="dealer" reference="dealer" perPage={50}>
      <AutocompleteInput label={f('dealer')} optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    ...(seesBrands
      ? [
          <ReferenceInput key="integrator" source="integrator" reference="integrator" perPage={50}>
            <AutocompleteInput label={f('integrator')} optionText="name" filterToQuery={(q: string) => ({ q })} />
          </ReferenceInput>,
        ]
      : []),
    <BooleanInput key="read" source="read" label={f('read')} />,
    <DateTimeInput key="from" source="create_time_gte" label={`${translate(f('create_time'))} · ${translate('vf.live.time_from')}`} />,
    <DateTimeInput key="to" source="create_time_lte" label={`${translate(f('create_time'))} · ${translate('vf.live.time_to')}`} />,
  ];
  return (
    <List filters={filters} sort={message.list.sort} perPage={20} pagination={<ListPagination />} actions={<Actions />} empty={false}>
      <Datagrid rowClick={false} bulkActionButtons={false} rowSx={(r) => ({ '& td': { fontWeight: r.read ? 400 : 600 } })}>
        <FieldFor resource="message" source="create_time" def={message.fields.create_time} label={f('create_time')} />
        <FunctionField
          source="level"
          label={f('level')}
          render={(r: { level: keyof typeof LEVEL_COLOR }) => (
            <Chip size="small" color={LEVEL_COLOR[r.level] ?? 'default'} label={translate(choiceKey('message', 'level', r.level), { _: r.level })} />
          )}
        />
        <TextField source="code" label={f('code')} />
        <TextField source="title" label={f('title')} sortable={false} />
        <TextField source="content" label={f('content')} sortable={false} sx={{ display: 'block', maxWidth: 420 }} />
        <FieldFor resource="message" source="device" def={message.fields.device} label={f('device')} />
        <FieldFor resource="message" source="dealer" def={message.fields.dealer} label={f('dealer')} />
        <FieldFor resource="message" source="read" def={message.fields.read} label={f('read')} />
        <ActionButtons def={message} />
      </Datagrid>
    </List>
  );
}

export default { list: MessageList };
