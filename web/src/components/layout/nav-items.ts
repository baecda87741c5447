import { NAV_MESSAGES } from '@vidyalaya/shared';

const NAV = NAV_MESSAGES;

/** Spec §2 public navigation, in order (Login and Get Started are the header's account actions). */
export const NAV_ITEMS = [
  { to: '/', label: NAV.home, end: true },
  { to: '/features', label: NAV.features, end: false },
  { to: '/how-it-works', label: NAV.howItWorks, end: false },
  { to: '/pricing', label: NAV.pricing, end: false },
  { to: '/about', label: NAV.about, end: false },
  { to: '/contact', label: NAV.contact, end: false },
] as const;
