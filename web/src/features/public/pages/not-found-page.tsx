import '../public.css';
import '../public-pages.css';
import { SCREEN_MESSAGES } from '@vidyalaya/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LinkButton } from '../../../components/layout/link-button';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

/** Spec §2: any other path shows this page; the attempted path is logged to the console. */
export function Component() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{SCREEN_MESSAGES.notFound.title}</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <LinkButton to="/" intent="primary" size="large">
        {SCREEN_MESSAGES.notFound.homeLink}
      </LinkButton>
    </section>
  );
}
