import { uiMessages } from '@spotter/contract';
import { lazy, Suspense } from 'react';
import type { TesterOutcome } from '../api/send-request';
import { ViewerBoundary } from './viewer-boundary';

const ResponseTree = lazy(() => import('./response-tree').then((m) => ({ default: m.ResponseTree })));

interface ResponsePanelProps {
  outcome: TesterOutcome | undefined;
  sending: boolean;
}

/** The third part of the tester (SPEC §2): status, status text, then body and headers as a tree. */
export function ResponsePanel({ outcome, sending }: ResponsePanelProps) {
  const response = outcome?.response;
  return (
    <section className="tester-panel tester-response" aria-labelledby="tester-response-title" aria-busy={sending}>
      <h2 id="tester-response-title" className="tester-heading">
        Response
      </h2>
      {outcome?.failure && (
        <p className="tester-error" role="alert">
          {outcome.failure}
        </p>
      )}
      {response ? (
        <>
          <dl className="tester-status">
            <div>
              <dt>Status</dt>
              <dd data-testid="response-status">{response.status}</dd>
            </div>
            <div>
              <dt>Status text</dt>
              <dd data-testid="response-status-text">{response.statusText}</dd>
            </div>
          </dl>
          <ViewerBoundary>
            <Suspense fallback={<p className="tester-muted">Loading the response viewer…</p>}>
              <ResponseTree response={response} />
            </Suspense>
          </ViewerBoundary>
        </>
      ) : (
        <p className="tester-muted">{uiMessages.responseUndefined}</p>
      )}
    </section>
  );
}
