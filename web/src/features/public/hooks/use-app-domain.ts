import { DEFAULT_APP_DOMAIN } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import { getPlatform } from '../../../lib/platform/platform';

/** The product's public host (APP_DOMAIN), under which every school's portal lives. */
export function useAppDomain(): string {
  const [domain, setDomain] = useState<string>(DEFAULT_APP_DOMAIN);
  useEffect(() => {
    let live = true;
    void getPlatform()
      .appDomain()
      .then((d) => live && d && setDomain(d));
    return () => {
      live = false;
    };
  }, []);
  return domain;
}
