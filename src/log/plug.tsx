// The operation log's parts the declaration names (resources/log.ts): the resource, the action and the account
// type in the reader's language, not codes; a filter by resource; an entry's before and after. Plugged in by
// src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import { SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { resources } from '../../resources';
import type { InputProps, RendererProps } from '../declared/partProps';
import type { FeatureParts } from '../declared/parts';
import { ValueText } from '../declared/plug';
import { LogChanges, accountTypeName, actionName, resourceName } from './parts';

function ResourceName({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <ValueText>{resourceName(translate, record?.[source])}</ValueText>;
}
function LogAction({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <ValueText>{actionName(translate, record?.resource, record?.[source])}</ValueText>;
}
function AccountType({ source }: RendererProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  return <ValueText>{accountTypeName(translate, record?.[source])}</ValueText>;
}

/** A choice among the declared resources, by their names in the reader's language (the log's filter). */
function ResourceChoice({ source, label, alwaysOn }: InputProps) {
  const translate = useTranslate();
  return (
    <SelectInput
      source={source}
      label={label}
      alwaysOn={alwaysOn}
      choices={resources.map((r) => ({ id: r.name, name: resourceName(translate, r.name) }))}
    />
  );
}

export const logParts = {
  renderers: { resourceName: ResourceName, logAction: LogAction, accountType: AccountType },
  inputs: { resourceChoice: ResourceChoice },
  // before and after of a log entry side by side, field by field (two columns, so no one field's renderer)
  cells: { 'log.changes': { label: () => 'vf.service.log.changes', render: LogChanges } },
} satisfies FeatureParts;
