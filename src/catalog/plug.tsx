// The catalogue's part the declarations name (resources/product.ts, resources/template.ts): a product's nested
// properties as a form. Plugged in by src/parts.ts (docs/architecture.md, "The browser: parts plugged in").
import type { FeatureParts } from '../declared/parts';
import { PropertiesInput } from './PropertiesInput';

export const catalogParts = { inputs: { properties: PropertiesInput } } satisfies FeatureParts;
