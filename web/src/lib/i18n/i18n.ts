import { i18n, type Messages } from '@lingui/core';
import { LANGUAGES, type Language } from '@vidyalaya/shared';
import { getPlatform } from '../platform/platform';

export { i18n };
export type { Language };

/** Where the chosen language is kept on this device (the account keeps it too, once signed in). */
export const LANGUAGE_STORAGE_KEY = 'vidyalaya_language';

type Loader = () => Promise<{ default: Messages } | Messages>;
/** One feature's catalogue per language, loaded on demand: an English user never fetches Hindi. */
export type CatalogueLoaders = Record<Language, Loader>;

const catalogues = new Map<string, CatalogueLoaders>();
const loaded = new Set<string>();

/**
 * A feature registers its catalogues (e.g. the workspace's `i18n/{en,hi}.json`, compiled at build
 * time by vite-lingui-catalogues.ts). Ids are the feature's own, so features never share a key.
 */
export function registerCatalogue(namespace: string, loaders: CatalogueLoaders): void {
  catalogues.set(namespace, loaders);
  // A module's chunk loads after the language was chosen: its catalogue joins the active language
  // at once (load() emits a change, so the module's components re-render translated). It also joins
  // the language being switched to: a page opened in Hindi registers its catalogue while Hindi is
  // still loading, before it is active.
  for (const language of new Set([i18n.locale, switchingTo])) {
    if (isLanguage(language)) void ensureLoaded(language).catch(() => undefined);
  }
}

/** The language activateLanguage is loading, until it is active. */
let switchingTo: Language | null = null;

async function ensureLoaded(language: Language): Promise<void> {
  await Promise.all(
    [...catalogues.entries()].map(async ([namespace, loaders]) => {
      const key = `${namespace}:${language}`;
      if (loaded.has(key)) return;
      const mod = await loaders[language]();
      const messages = ('default' in mod ? mod.default : mod) as Messages;
      i18n.load(language, messages);
      loaded.add(key);
    }),
  );
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language this device last used (English when none). */
export function storedLanguage(): Language {
  try {
    const value = getPlatform().storage.get(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** Where a language chosen while signed out waits for the next sign-in on this device. */
const SIGNED_OUT_CHOICE_KEY = 'vidyalaya_language_chosen';

/**
 * A language chosen on a page read signed out (sign-in, join, the portal, the application form):
 * kept on the device, so the account adopts it at the next sign-in even after a reload or coming
 * from the portal (issue 36: the sign-in page's choice was lost when the page had been reloaded).
 */
export function rememberSignedOutChoice(language: Language): void {
  try {
    getPlatform().storage.set(SIGNED_OUT_CHOICE_KEY, language);
  } catch {
    // Storage refused: the choice lasts for this visit only.
  }
}

/** The language chosen while signed out, once (it is forgotten as it is read), or null. */
export function takeSignedOutChoice(): Language | null {
  try {
    const storage = getPlatform().storage;
    const value = storage.get(SIGNED_OUT_CHOICE_KEY);
    storage.remove(SIGNED_OUT_CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Loads every registered catalogue for `language`, switches to it and remembers it on this device. */
export async function activateLanguage(language: Language): Promise<void> {
  switchingTo = language;
  try {
    await ensureLoaded(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  i18n.activate(language);
  // Catalogues registered while the others loaded (their own load may still be running).
  await ensureLoaded(language).catch(() => undefined);
  try {
    getPlatform().storage.set(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
