import { COMPANY, FOOTER_MESSAGES, NAV_MESSAGES, TAGLINE } from '@vidyalaya/shared';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';

const NAV = NAV_MESSAGES;
const LEGAL = FOOTER_MESSAGES;

const COLUMNS = [
  {
    heading: 'Product',
    links: [
      { to: '/features', label: NAV.features },
      { to: '/how-it-works', label: NAV.howItWorks },
      { to: '/pricing', label: NAV.pricing },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: NAV.about },
      { to: '/contact', label: NAV.contact },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy', label: LEGAL.privacy },
      { to: '/terms', label: LEGAL.terms },
      { to: '/refund', label: LEGAL.refund },
    ],
  },
] as const;

/** Spec §2 footer: legal links, the company's name, postal address, e-mail and the 2025 copyright. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-company">
          <Link to="/" className="site-footer-brand">
            <BrandMark size={30} />
            <span>{COMPANY.name}</span>
          </Link>
          <p className="site-footer-tagline">{TAGLINE}</p>
          <address className="site-footer-address">
            <span>{COMPANY.addressText}</span>
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          </address>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.heading} aria-label={col.heading} className="site-footer-col">
            <h2 className="site-footer-heading">{col.heading}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer-bottom">
        <p>
          © {COMPANY.copyrightYear} {COMPANY.name}. All rights reserved.
        </p>
        <p>Made in Kanpur for schools across India.</p>
      </div>
    </footer>
  );
}
