import { getPlatform } from '../../lib/platform/platform';
import './workspace-skeleton.css';

/** "Loading" in the language this device last chose (lib/i18n/i18n.ts keeps it under this key); English when none. */
const LABEL = { en: 'Loading', hi: 'लोड हो रहा है' } as const;

function storedLabel(): string {
  try {
    return getPlatform().storage.get('vidyalaya_language') === 'hi' ? LABEL.hi : LABEL.en;
  } catch {
    return LABEL.en;
  }
}

/**
 * The workspace's shell before its data (issue 37): the top bar with the brand's mark, the sidebar
 * and grey blocks where the page will be; no text but its label, so it needs no catalogue. The
 * workspace's document carries the same markup (web/scripts/prerender.mjs renders this component),
 * so the page is drawn before any script runs, and React draws it again until the shell is ready:
 * the first contentful paint comes from the HTML, and nothing shifts on the way to the real page.
 */
export function WorkspaceSkeleton(props: { label?: string }) {
  return (
    <div className="sk-shell" role="status" aria-busy="true" aria-label={props.label ?? storedLabel()} data-skeleton="">
      <div className="sk-top">
        <svg className="sk-mark" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="12" fill="#1c6e8c" />
          <path d="M32 12 8 24l24 12 20-10v14h4V24z" fill="#fff" />
          <path d="M18 34v10c0 4 6 8 14 8s14-4 14-8V34l-14 7z" fill="#fff" />
        </svg>
        <span className="sk-bar sk-name" />
        <span className="sk-bar sk-end" />
      </div>
      <div className="sk-body">
        <div className="sk-side">
          <span className="sk-nav" />
          <span className="sk-nav" />
          <span className="sk-nav" />
          <span className="sk-nav" />
          <span className="sk-nav" />
          <span className="sk-nav" />
        </div>
        {/* The page's landmark is there from the first paint (an audit of a page still loading finds it). */}
        <main className="sk-main">
          <span className="sk-bar sk-crumb" />
          <span className="sk-bar sk-title" />
          <span className="sk-card" />
          <span className="sk-card" />
        </main>
      </div>
    </div>
  );
}
