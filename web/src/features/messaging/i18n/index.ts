import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the messaging catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the feature's chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('messaging', en, () => import('./hi.json'));

/** The messaging feature's translate function; components re-render when the language changes. */
export const useT: () => Translate = i18n.useT;
