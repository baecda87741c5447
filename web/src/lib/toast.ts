import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';
import { createElement } from 'react';

let toaster: Promise<Toaster> | null = null;

function get(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** One toast: a bold title and an optional description (the spec's toasts have both). */
export function toast(opts: { title: string; description?: string; intent?: Intent; timeout?: number }): void {
  const message = createElement(
    'span',
    { className: 'vd-toast' },
    createElement('strong', { className: 'vd-toast-title' }, opts.title),
    opts.description ? createElement('span', { className: 'vd-toast-description' }, opts.description) : null,
  );
  void get().then((t) =>
    t.show({
      intent: opts.intent ?? 'success',
      timeout: opts.timeout ?? 5000,
      message,
    }),
  );
}

export const toastError = (title: string, description?: string) =>
  toast({ title, description, intent: 'danger', timeout: 8000 });
