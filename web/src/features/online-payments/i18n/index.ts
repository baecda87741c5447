import { featureI18n, type FeatureTranslate, type MessageValues } from '../../../lib/i18n/feature';
import en from './en.json';

/** A message id of the online-payments catalogues (en.json is the reference; hi.json has the same ids). */
export type MessageId = keyof typeof en;
export type Values = MessageValues;
export type Translate = FeatureTranslate<MessageId>;

// English comes with the feature's chunk; Hindi is a chunk of its own, fetched only when chosen.
const i18n = featureI18n('onlinePayments', en, () => import('./hi.json'));

export const useT: () => Translate = i18n.useT;
export const useLanguage = i18n.useLanguage;
