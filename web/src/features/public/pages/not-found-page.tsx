import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

/** Spec §2: any other path shows this page; the attempted path is logged to the console. */
export function Component() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
    document.title = 'Page not found · Vidyalaya';
  }, [pathname]);
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}
