/** The product's mark: a school roof over an open book, drawn for Vidyalaya. Decorative by default. */
export function BrandMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#1c6e8c" />
      <path d="M6 14.5 16 7l10 7.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M9 24.5c2.6-1.4 4.9-1.4 7 0 2.1-1.4 4.4-1.4 7 0v-7.2c-2.6-1.4-4.9-1.4-7 0-2.1-1.4-4.4-1.4-7 0z" fill="#fff" />
      <path d="M16 17.3v7.2" stroke="#1c6e8c" strokeWidth="1.2" />
      <circle cx="16" cy="12.6" r="1.6" fill="#f2a541" />
    </svg>
  );
}
