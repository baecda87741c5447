import { Button, Icon, Spinner } from '@blueprintjs/core';
import { ERROR_MESSAGES, ONBOARDING_TEXT, subdomainProblem } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import { useLazySubdomainAvailabilityQuery } from '../api/setup-api';
import { SETUP_TEXT } from '../messages';

const DEBOUNCE_MS = 400;
const T = SETUP_TEXT.setupSchool;

/**
 * Live availability of the subdomain (DECISIONS: GET /school/subdomain-availability as the user
 * types), shown beside the field. Malformed values are left to the field's own message.
 */
export function SubdomainStatus({ appDomain, current }: { appDomain: string | null; current?: string }) {
  const { input } = useField<string>('subdomain', { subscription: { value: true } });
  // The city makes better suggestions for a taken name ('sunrise-kanpur').
  const city = (useField<string>('address.city', { subscription: { value: true } }).input.value ?? '').trim();
  const form = useForm();
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
    if ((formatOk || problemIsReserved(debounced)) && !isCurrent) void check({ subdomain: debounced, ...(city ? { city } : {}) }, true);
    // The city only shapes suggestions: a change to it alone asks nothing new.
  }, [debounced, formatOk, isCurrent, check]);
  const asked = result.originalArgs?.subdomain;

  let content: React.ReactNode = null;
  if (value === '' ) content = null;
  else if (value !== debounced || (formatOk && !isCurrent && (result.isFetching || asked !== debounced))) {
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
      problem === ERROR_MESSAGES.subdomainReserved ? (
        <>
          <span className="subdomain-status subdomain-status--bad">
            <Icon icon="error" size={12} aria-hidden /> {problem}
          </span>
          {asked === debounced ? <Suggestions list={result.data?.suggestions} onPick={(s) => form.change('subdomain', s)} /> : null}
        </>
      ) : null;
  } else if (result.data?.available) {
    content = (
      <span className="subdomain-status subdomain-status--ok">
        <Icon icon="tick-circle" size={12} aria-hidden /> {T.subdomainAvailable(`${debounced}.${appDomain ?? ''}`)}
      </span>
    );
  } else if (result.data && !result.data.available) {
    content = (
      <>
        <span className="subdomain-status subdomain-status--bad">
          <Icon icon="error" size={12} aria-hidden /> {result.data.reason ?? ERROR_MESSAGES.subdomainTaken}
        </span>
        <Suggestions list={result.data.suggestions} onPick={(s) => form.change('subdomain', s)} />
      </>
    );
  }

  return (
    <span id="subdomain-availability" aria-live="polite" className="subdomain-status-region">
      {content}
    </span>
  );
}

function problemIsReserved(value: string): boolean {
  return value !== '' && subdomainProblem(value) === ERROR_MESSAGES.subdomainReserved;
}

/** Free subdomains like the one asked for (issue 20): one tap takes one. */
function Suggestions({ list, onPick }: { list?: string[]; onPick: (subdomain: string) => void }) {
  if (!list || list.length === 0) return null;
  return (
    <span className="subdomain-suggestions">
      {ONBOARDING_TEXT.school.suggestionsLead}{' '}
      {list.map((s) => (
        <Button key={s} variant="outlined" size="small" className="subdomain-suggestion" text={s} aria-label={ONBOARDING_TEXT.school.useSuggestion(s)} onClick={() => onPick(s)} />
      ))}
    </span>
  );
}
