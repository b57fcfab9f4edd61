// The shape of one feature's messages (./index.ts lists the features): a leaf, so the feature files and the
// list that imports them do not import each other.
import type { Lang } from '../../resources/accounts';
import type { MessageTree } from '../translate';

export type FeatureTexts = Record<Lang, MessageTree>;
