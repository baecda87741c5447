import type { Intent, Toaster } from '@blueprintjs/core';
import { createElement } from 'react';
import { registerDismiss, setShownToasts, shownToasts } from './toast-registry';

let toaster: Promise<Toaster> | null = null;

/** The toaster and its overlay code load with the first toast, not with every page that may show one. */
function get(): Promise<Toaster> {
  if (!toaster) {
    const ready = import('./toaster').then((m) => m.createToaster());
    toaster = ready;
    // Not loaded (no network on a phone): the next toast tries again instead of never showing.
    ready.catch(() => {
      if (toaster === ready) toaster = null;
    });
    registerDismiss((key) => void ready.then((t) => t.dismiss(key)).catch(() => undefined));
  }
  return toaster;
}

/** Loads the toaster now, for a screen that may toast after the network has gone (offline attendance). */
export function preloadToaster(): void {
  void get().catch(() => undefined);
}

let serial = 0;

/**
 * One toast: a bold title and an optional description (the spec's toasts have both). A new toast
 * never stacks over one that says the opposite: a success dismisses the failures on screen and a
 * failure the successes ('Verification failed' over 'Email verified' cannot happen), and a toast
 * with the same title replaces the earlier one instead of repeating it. Route changes clear the
 * toasts of the page left behind (lib/toast-registry).
 */
export function toast(opts: { title: string; description?: string; intent?: Intent; timeout?: number }): void {
  const intent = opts.intent ?? 'success';
  const danger = intent === 'danger';
  const message = createElement(
    'span',
    { className: 'vd-toast' },
    createElement('strong', { className: 'vd-toast-title' }, opts.title),
    opts.description ? createElement('span', { className: 'vd-toast-description' }, opts.description) : null,
  );
  const current = shownToasts();
  const key = current.find((s) => s.key.endsWith(`:${opts.title}`))?.key ?? `t${++serial}:${opts.title}`;
  const contradicted = current.filter((s) => s.key !== key && s.danger !== danger);
  setShownToasts([...current.filter((s) => s.key !== key && !contradicted.includes(s)), { key, danger, at: Date.now() }]);
  void get().then((t) => {
    for (const s of contradicted) t.dismiss(s.key);
    t.show(
      {
        intent,
        timeout: opts.timeout ?? 5000,
        message,
        onDismiss: () => setShownToasts(shownToasts().filter((s) => s.key !== key)),
      },
      key,
    );
  }).catch(() => setShownToasts(shownToasts().filter((s) => s.key !== key)));
}

export const toastError = (title: string, description?: string) =>
  toast({ title, description, intent: 'danger', timeout: 8000 });
