import { APP_NAME } from '@vidyalaya/shared';
import { useEffect } from 'react';

/** Sets the tab's title to '{title} · Vidyalaya' while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
