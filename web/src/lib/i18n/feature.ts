import { useLingui } from '@lingui/react';
import type { Messages } from '@lingui/core';
import { asApiError } from '../api/errors';
import { isLanguage, registerCatalogue, type Language } from './i18n';
import { withPlurals } from './plural';

/** Values put into a message's placeholders. */
export type MessageValues = Record<string, string | number>;
/** A feature's translate function over its own message ids. */
export type FeatureTranslate<Id extends string> = (id: Id, values?: MessageValues) => string;

export interface FeatureI18n<Id extends string> {
  /** The feature's translate function; components re-render when the language changes. */
  useT(): FeatureTranslate<Id>;
  /** The active language ('en' or 'hi'), for money and number formats and a document's language. */
  useLanguage(): Language;
  /**
   * A failed call in the current language: the error code's own message when the catalogue has one
   * (`<prefix>error.<CODE>`), with the server's words after it when they name something (a clash, a
   * teacher); `<prefix>error.NETWORK` when the server was not reached, `<prefix>error.generic` otherwise.
   */
  errorText(t: FeatureTranslate<Id>, error: unknown, prefix?: string): string;
}

/**
 * One feature's catalogues and the functions its pages use. English comes with the feature's own
 * chunk (`en`, imported by the feature); Hindi is a chunk of its own, fetched only when chosen (`hi`,
 * the feature's `() => import('./hi.json')`, so the bundler keeps it apart).
 */
export function featureI18n<Catalogue extends Record<string, string>>(
  namespace: string,
  en: Catalogue,
  hi: () => Promise<{ default: Messages } | Messages>,
): FeatureI18n<Extract<keyof Catalogue, string>> {
  type Id = Extract<keyof Catalogue, string>;
  registerCatalogue(namespace, { en: async () => en, hi });
  return {
    useT() {
      const { _, i18n } = useLingui();
      // Plurals are chosen here, not by Intl (lib/i18n/plural.ts).
      const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
      // A page drawn before its catalogue has arrived (a home card, the guardian's page, or Hindi still
      // loading) reads the English message, never the bare id: Lingui warned "Uncompiled message"
      // for notices.home.title and children.heading (issue 36). `en` is compiled at build time.
      return (id: Id, values?: MessageValues) => _(id, values && withPlurals(values, language), { message: en[id] as unknown as string });
    },
    useLanguage() {
      const { i18n } = useLingui();
      return isLanguage(i18n.locale) ? i18n.locale : 'en';
    },
    errorText(t, error, prefix = '') {
      const e = asApiError(error);
      if (e.status === 0) return t(`${prefix}error.NETWORK` as Id);
      const id = `${prefix}error.${e.code ?? ''}`;
      const own = e.code && id in en ? t(id as Id) : t(`${prefix}error.generic` as Id);
      const details = e.details ? Object.values(e.details).filter((v, i, all) => all.indexOf(v) === i) : [];
      const named = details.length > 0 ? details.join(' · ') : e.serverMessage;
      return named && named !== own ? `${own} ${named}` : own;
    },
  };
}
