// The import's parts on every generated list (docs/import.md): the import button, which shows where the
// declaration may be imported, and the edit over selected rows of a declaration's `bulkEdit` fields. Plugged
// in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import { BulkEditButton } from './BulkEditButton';
import { ImportButton } from './ImportButton';

export const importParts = { listButtons: [ImportButton], bulkEdit: BulkEditButton } satisfies FeatureParts;
