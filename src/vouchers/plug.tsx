// The vouchers' part the declaration names (resources/lecode.ts): the generate button on the list.
// Plugged in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import { GenerateVouchers } from './GenerateVouchers';

export const voucherParts = { toolbar: { 'lecode.generate': GenerateVouchers } } satisfies FeatureParts;
