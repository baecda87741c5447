import { Button, Spinner } from '@blueprintjs/core';
import { DESTRUCTIVE_MESSAGES, SCREEN_MESSAGES } from '@vidyalaya/shared';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { asApiError } from '../../../lib/api/errors';
import { StateScreen } from '../../../lib/ui/state-screen';
import './setup.css';
import { SETUP_TEXT } from '../messages';

/** Spec §2: no school id in the query or the stored school → 'School ID Required'. */
export function SchoolIdRequired({ step }: { step: 'classes' | 'sections' | 'subjects' }) {
  const navigate = useNavigate();
  const S = SCREEN_MESSAGES.schoolIdRequired;
  useDocumentTitle(S.title);
  return (
    <div className="app-page app-page--narrow">
      <StateScreen
        icon="office"
        intent="warning"
        title={S.title}
        description={S[step]}
        action={<Button intent="primary" text={S.action} onClick={() => navigate('/dashboard')} />}
      />
    </div>
  );
}

/** Spec §2: the school has no classes yet (sections and subjects steps). */
export function NoClassesFound({ schoolId, description }: { schoolId: string; description: string }) {
  const navigate = useNavigate();
  const S = SCREEN_MESSAGES.noClassesFound;
  return (
    <StateScreen
      icon="th-list"
      headingLevel={2}
      title={S.title}
      description={description}
      action={<Button intent="primary" text={S.action} onClick={() => navigate(`/setup/classes?schoolId=${encodeURIComponent(schoolId)}`)} />}
    />
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="setup-loading" role="status">
      <Spinner size={32} aria-hidden />
      <p>{label}</p>
    </div>
  );
}

/**
 * The sections and subjects steps both start from the school's classes: while they load, when the
 * call fails (spec §8 'Failed to load classes. Please try again.' or the server's message), and when
 * there are none ('No Classes Found'). Returns null once there are classes to work with and no
 * newer copy is on its way.
 */
export function ClassesLoadState(props: {
  schoolId: string;
  noClassesDescription: string;
  query: { isFetching: boolean; isError: boolean; error?: unknown; currentData?: { classes: unknown[] }; refetch: () => unknown };
}) {
  const { query } = props;
  const classes = query.currentData?.classes;
  // While (re)loading, show the loading state rather than a form that the fresh data would replace
  // (and with it an open dialog or half-made choices).
  if (query.isFetching) return <LoadingBlock label="Loading classes..." />;
  if (query.isError) {
    const D = DESTRUCTIVE_MESSAGES.loadClasses;
    return (
      <StateScreen
        icon="error"
        intent="danger"
        headingLevel={2}
        title={D.title}
        description={asApiError(query.error).serverMessage ?? D.description}
        action={<Button icon="refresh" text={SETUP_TEXT.retry} onClick={() => void query.refetch()} />}
      />
    );
  }
  if (!classes || classes.length === 0) return <NoClassesFound schoolId={props.schoolId} description={props.noClassesDescription} />;
  return null;
}
