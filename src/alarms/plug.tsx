// The alarm parts the declarations name (resources/alarm.ts): an alarm's state, its code with its title, how
// long it has lasted. Plugged in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import { FunctionField, useRecordContext } from 'react-admin';
import type { RendererProps } from '../declared/partProps';
import type { FeatureParts } from '../declared/parts';
import { AlarmDuration, StateChip } from './parts';

/** A notification code with its title in the viewer's language (the server adds `title`). */
function CodeTitle({ source }: RendererProps) {
  const record = useRecordContext();
  if (record?.[source] == null) return null;
  // a telemetry rule's alarm has no robot code: its title (the rule's name) says it all
  if (record.rule) return <span>{String(record.title ?? '')}</span>;
  return <span>{`${record[source]} · ${record.title ?? ''}`}</span>;
}

function AlarmStateChip({ source }: RendererProps) {
  const record = useRecordContext();
  return record?.[source] ? <StateChip state={String(record[source])} /> : null;
}

export const alarmParts = {
  renderers: { codeTitle: CodeTitle, alarmState: AlarmStateChip },
  cells: {
    'alarm.duration': {
      label: () => 'vf.alarms.duration',
      render: () => (
        <FunctionField
          render={(r: { first_seen: string; clear_time: string | null }) => <AlarmDuration record={r} />}
        />
      ),
    },
  },
} satisfies FeatureParts;
