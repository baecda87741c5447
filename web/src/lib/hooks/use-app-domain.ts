import { DEFAULT_APP_DOMAIN } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import { getPlatform } from '../platform/platform';

/** The product's public host (APP_DOMAIN) as the platform reports it; null until known. */
export function useAppDomain(): string | null {
  const [domain, setDomain] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getPlatform()
      .appDomain()
      .then((d) => live && setDomain(d || DEFAULT_APP_DOMAIN))
      .catch(() => live && setDomain(DEFAULT_APP_DOMAIN));
    return () => {
      live = false;
    };
  }, []);
  return domain;
}
