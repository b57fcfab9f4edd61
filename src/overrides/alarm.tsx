// Alarms: active first (the declared sort), with how long each has lasted, its level, robot, store and count;
// filters by state, level, brand, store, robot type and robot. The code's title comes from the server in the
// viewer's language. Acknowledge and clear are the declared actions.
import {
  AutocompleteInput,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import alarm, { ALARM_STATES } from '../../resources/alarm';
import { ROBOT_TYPES } from '../../resources/device';
import { ALARM_LEVELS } from '../../i18n/notify/alarms';
import { FieldFor, choiceKey } from '../generated/fields';
import { ActionButtons } from '../generated/ActionButtons';
import { ListPagination } from '../generated/screens';
import { bulkActionsOf } from '../generated/BulkActions';
import { SavedQueries } from '../generated/SavedQueries';
import { ExportButtons } from '../generated/ExportButtons';
import { AlarmDuration, LevelChip, StateChip } from '../alarms/parts';

const f = (name: string) => `resources.alarm.fields.${name}`;

function AlarmList() {
  const translate = useTranslate();
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  const choices = (field: string, values: readonly string[]) => values.map((v) => ({ id: v, name: translate(choiceKey('alarm', field, v), { _: v }) }));
  const reference = (source: string, reference: string) => (
    <ReferenceInput key={source} source={source} reference={reference} perPage={50}>
      <AutocompleteInput label={f(source)} optionText="name" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>
  );
  const filters = [
    <SelectInput key="state" source="state" label={f('state')} alwaysOn choices={choices('state', ALARM_STATES)} />,
    <SelectInput key="level" source="level" label={f('level')} alwaysOn choices={choices('level', ALARM_LEVELS)} />,
    ...(seesBrands ? [reference('integrator', 'integrator')] : []),
    reference('dealer', 'dealer'),
    <SelectInput key="device_type" source="device_type" label={f('device_type')} choices={choices('device_type', ROBOT_TYPES)} />,
    reference('device', 'device'),
  ];
  return (
    <List
      filters={filters}
      sort={alarm.list.sort}
      perPage={20}
      pagination={<ListPagination />}
      actions={
        <TopToolbar>
          <FilterButton />
          <SavedQueries def={alarm} />
          <ExportButtons def={alarm} />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={bulkActionsOf(alarm)} rowSx={(r) => ({ '& td': { fontWeight: r.state === 'active' ? 600 : 400 } })}>
        <FunctionField source="state" label={f('state')} sortable={false} render={(r: { state: string }) => <StateChip state={r.state} />} />
        <FunctionField source="level" label={f('level')} render={(r: { level: string }) => <LevelChip level={r.level} />} />
        <FunctionField source="code" label={f('title')} render={(r: { code: number; title: string }) => `${r.code} · ${r.title}`} />
        <FieldFor resource="alarm" source="device" def={alarm.fields.device} label={f('device')} />
        <FieldFor resource="alarm" source="dealer" def={alarm.fields.dealer} label={f('dealer')} />
        <TextField source="count" label={f('count')} />
        <FieldFor resource="alarm" source="first_seen" def={alarm.fields.first_seen} label={f('first_seen')} />
        <FunctionField label="vf.alarms.duration" render={(r: { first_seen: string; clear_time: string | null }) => <AlarmDuration record={r} />} />
        <FieldFor resource="alarm" source="last_seen" def={alarm.fields.last_seen} label={f('last_seen')} />
        <ActionButtons def={alarm} />
      </Datagrid>
    </List>
  );
}

/** One alarm: what, where, how long, and who took care of it (the sort key stays out of sight). */
function AlarmShow() {
  const shown = ['device', 'device_type', 'dealer', 'integrator', 'count', 'first_seen', 'last_seen', 'ack_by', 'ack_time', 'ack_comment', 'clear_by', 'clear_time', 'clear_code'] as const;
  const { canAccess: seesBrands } = useCanAccess({ resource: 'integrator', action: 'list' });
  return (
    <Show
      actions={
        <TopToolbar>
          <ActionButtons def={alarm} />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField source="state" label={f('state')} render={(r: { state: string }) => <StateChip state={r.state} />} />
        <FunctionField source="level" label={f('level')} render={(r: { level: string }) => <LevelChip level={r.level} />} />
        <FunctionField source="code" label={f('title')} render={(r: { code: number; title: string }) => `${r.code} · ${r.title}`} />
        <TextField source="content" label={f('content')} />
        <FunctionField label="vf.alarms.duration" render={(r: { first_seen: string; clear_time: string | null }) => <AlarmDuration record={r} />} />
        {shown
          .filter((n) => n !== 'integrator' || seesBrands)
          .map((n) => (
            <FieldFor key={n} resource="alarm" source={n} def={alarm.fields[n]} label={f(n)} />
          ))}
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: AlarmList, show: AlarmShow };
