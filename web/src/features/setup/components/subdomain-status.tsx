import { Icon, Spinner } from '@blueprintjs/core';
import { MESSAGES, subdomainProblem } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import { useField } from 'react-final-form';
import { useLazySubdomainAvailabilityQuery } from '../api/setup-api';

const DEBOUNCE_MS = 400;
const T = MESSAGES.appFlows.setupSchool;

/**
 * Live availability of the subdomain (DECISIONS: GET /school/subdomain-availability as the user
 * types), shown beside the field. Malformed values are left to the field's own message.
 */
export function SubdomainStatus({ appDomain, current }: { appDomain: string | null; current?: string }) {
  const { input } = useField<string>('subdomain', { subscription: { value: true } });
  const value = (input.value ?? '').trim();
  const [debounced, setDebounced] = useState(value);
  const [check, result] = useLazySubdomainAvailabilityQuery();

  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);

  const formatOk = debounced !== '' && subdomainProblem(debounced) === null;
  const isCurrent = !!current && debounced === current;
  useEffect(() => {
    if (formatOk && !isCurrent) void check(debounced, true);
  }, [debounced, formatOk, isCurrent, check]);

  let content: React.ReactNode = null;
  if (value === '' ) content = null;
  else if (value !== debounced || (formatOk && !isCurrent && (result.isFetching || result.originalArgs !== debounced))) {
    content = (
      <span className="subdomain-status subdomain-status--checking">
        <Spinner size={12} aria-hidden /> {T.subdomainChecking}
      </span>
    );
  } else if (isCurrent) {
    content = (
      <span className="subdomain-status subdomain-status--ok">
        <Icon icon="tick-circle" size={12} aria-hidden /> {T.subdomainCurrent}
      </span>
    );
  } else if (!formatOk) {
    const problem = subdomainProblem(debounced);
    // Format messages show under the field; a reserved name is only known here.
    content =
      problem === MESSAGES.errors.subdomainReserved ? (
        <span className="subdomain-status subdomain-status--bad">
          <Icon icon="error" size={12} aria-hidden /> {problem}
        </span>
      ) : null;
  } else if (result.data?.available) {
    content = (
      <span className="subdomain-status subdomain-status--ok">
        <Icon icon="tick-circle" size={12} aria-hidden /> {T.subdomainAvailable(`${debounced}.${appDomain ?? ''}`)}
      </span>
    );
  } else if (result.data && !result.data.available) {
    content = (
      <span className="subdomain-status subdomain-status--bad">
        <Icon icon="error" size={12} aria-hidden /> {result.data.reason ?? MESSAGES.errors.subdomainTaken}
      </span>
    );
  }

  return (
    <span id="subdomain-availability" aria-live="polite" className="subdomain-status-region">
      {content}
    </span>
  );
}
