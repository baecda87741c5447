import { Callout } from '@blueprintjs/core';
import { COMPANY, LEGAL_LAST_UPDATED } from '@vidyalaya/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

/** The frame of a legal page (spec §2): title, 'Last updated: 04/10/2025', the text and a contact address. */
export function LegalPage({ title, summary, children }: { title: string; summary: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p className="legal-updated">Last updated: {LEGAL_LAST_UPDATED}</p>
      <Callout className="legal-summary" title="In short" icon={null}>
        {summary}
      </Callout>
      {children}
      <h2>Contact us</h2>
      <p>Questions about this page, or a request about your data? Write to us or visit our office:</p>
      <address className="legal-contact">
        <strong>{COMPANY.name}</strong>
        <br />
        {COMPANY.addressText}
        <br />
        E-mail: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        <br />
        Or use our <Link to="/contact">contact form</Link>.
      </address>
    </article>
  );
}
