import type { FeatureIconName } from '../content/feature-areas';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Line drawings for the six feature areas (24×24, decorative). */
const FEATURE_PATHS: Record<FeatureIconName, React.JSX.Element> = {
  students: (
    <>
      <circle cx="9" cy="8" r="3.2" {...stroke} />
      <path d="M3.5 19c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" {...stroke} />
      <circle cx="17" cy="9" r="2.4" {...stroke} />
      <path d="M15.8 14.2c2.4-.3 4.3 1.2 4.9 4" {...stroke} />
    </>
  ),
  academics: (
    <>
      <path d="M2.5 9 12 4.5 21.5 9 12 13.5z" {...stroke} />
      <path d="M6.5 11v4.5c1.6 1.6 3.5 2.3 5.5 2.3s3.9-.7 5.5-2.3V11M21.5 9v5" {...stroke} />
    </>
  ),
  admin: (
    <>
      <rect x="3.5" y="4" width="17" height="16" rx="2.5" {...stroke} />
      <path d="M7.5 9h9M7.5 13h5M7.5 17h3" {...stroke} />
      <circle cx="16.5" cy="15.5" r="2" {...stroke} />
    </>
  ),
  communication: (
    <>
      <path d="M4 5.5h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3.5v-3.5H4a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2z" {...stroke} />
      <path d="M20 9.5h.5a1.5 1.5 0 0 1 1.5 1.5v5.5a1.5 1.5 0 0 1-1.5 1.5H20v2.5L17 18" {...stroke} />
    </>
  ),
  security: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8 7.5 9.5 4.4-1.5 7.5-4.9 7.5-9.5V6z" {...stroke} />
      <path d="m8.8 12 2.2 2.2 4.3-4.4" {...stroke} />
    </>
  ),
  analytics: (
    <>
      <path d="M4 20V4M4 20h16" {...stroke} />
      <path d="M8 16v-4M12 16V8M16 16v-6M20 16v-2" {...stroke} />
    </>
  ),
};

export function FeatureIcon({ name, size = 26 }: { name: FeatureIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {FEATURE_PATHS[name]}
    </svg>
  );
}

export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <svg className="check-icon" width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.14" />
      <path d="m6 10.2 2.6 2.6L14 7.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ClockIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="7.5" {...stroke} />
      <path d="M10 6v4.3l2.8 1.7" {...stroke} />
    </svg>
  );
}

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg className={`chevron-icon${open ? ' is-open' : ''}`} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="m5 7.5 5 5 5-5" {...stroke} strokeWidth={2} />
    </svg>
  );
}
