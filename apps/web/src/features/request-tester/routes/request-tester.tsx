import { type Route, routes } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { openApiDocumentOptions } from '../api/openapi-document';
import { type TesterMethod, useSendTestRequest } from '../api/send-request';
import { EndpointPicker } from '../components/endpoint-picker';
import { HeaderList } from '../components/header-list';
import { JsonBodyField } from '../components/json-body-field';
import { RequestLine } from '../components/request-line';
import { ResponsePanel } from '../components/response-panel';
import { exampleBodyText } from '../lib/example-body';
import { editHeaderRow, type HeaderRowEdit, headersFromRows, initialHeaderRows } from '../lib/header-rows';
import { editJsonBody, initialJsonBody, parsedBody } from '../lib/json-body';
import '../request-tester.css';
import { useDocumentTitle } from '../../../lib/document-title';

/** SPEC §9's defaults: GET /api/test-todos, the demo resource the server keeps for this page. */
const defaultEndpoint = routes.listTodos.path;

/** /test: the developer request tester, open to anonymous visitors (SPEC §2, §6). */
export function RequestTesterRoute() {
  useDocumentTitle('Request tester');
  const [method, setMethod] = useState<TesterMethod>('GET');
  const [endpoint, setEndpoint] = useState<string>(defaultEndpoint);
  const [rows, setRows] = useState(initialHeaderRows);
  const [body, setBody] = useState(initialJsonBody);
  const send = useSendTestRequest();
  const queryClient = useQueryClient();
  const picks = useRef(0);

  /** Issue 47: a call of the contract fills the method, the path and an example body from the OpenAPI schema. */
  async function pick(route: Route) {
    const pickNumber = ++picks.current;
    setMethod(route.method);
    setEndpoint(route.path);
    let text = '{}';
    try {
      text = exampleBodyText(await queryClient.fetchQuery(openApiDocumentOptions()), route.method, route.path);
    } catch {
      // Without the document the body box is left an empty object, which every call without a body takes.
    }
    if (pickNumber === picks.current) setBody((b) => editJsonBody(b, text));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A body box showing 'Error in JSON format' is not what the person means to send: nothing goes
    // (not the last valid body either) until it is fixed.
    if (method !== 'GET' && body.error) {
      event.currentTarget.querySelector<HTMLTextAreaElement>('.tester-body textarea')?.focus();
      return;
    }
    send.mutate({
      method,
      endpoint: endpoint.trim(),
      headers: headersFromRows(rows),
      body: method === 'GET' ? undefined : parsedBody(body),
    });
  }

  return (
    <div className="tester-page">
      <header className="tester-top">
        {/* To the feed, not to `/`: opening the login screen would end a signed-in visitor's session. */}
        <Link to={paths.home} className="tester-brand">
          Spotter
        </Link>
        <h1>Request tester</h1>
      </header>
      <main className="tester-main">
        <form className="tester-panel tester-form" aria-label="Request" onSubmit={onSubmit}>
          <RequestLine
            method={method}
            endpoint={endpoint}
            sending={send.isPending}
            onMethodChange={setMethod}
            onEndpointChange={setEndpoint}
            picker={<EndpointPicker onPick={(route) => void pick(route)} />}
          />
          <HeaderList
            rows={rows}
            onEdit={(index: number, edit: HeaderRowEdit) => setRows((r) => editHeaderRow(r, index, edit))}
          />
          <JsonBodyField state={body} onChange={(text) => setBody((b) => editJsonBody(b, text))} />
        </form>
        <ResponsePanel outcome={send.data} sending={send.isPending} />
      </main>
    </div>
  );
}
