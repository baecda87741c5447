import type { ReactNode } from 'react';

/** The band at the top of a marketing page: a small label, the page's one <h1> and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="page-intro" aria-labelledby="page-title">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id="page-title">{title}</h1>
        {children ? <div className="page-intro-lead">{children}</div> : null}
      </div>
    </section>
  );
}
