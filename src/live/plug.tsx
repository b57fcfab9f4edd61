// The live messages' part the declaration names (resources/message.ts): mark all read, on the list.
// Plugged in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import { MarkAllRead } from './MarkAllRead';

export const liveParts = { toolbar: { 'message.readAll': MarkAllRead } } satisfies FeatureParts;
