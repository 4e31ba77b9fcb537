import type { ReactNode } from 'react';
import { type TesterMethod, testerMethods } from '../api/send-request';

interface RequestLineProps {
  method: TesterMethod;
  endpoint: string;
  sending: boolean;
  onMethodChange: (method: TesterMethod) => void;
  onEndpointChange: (endpoint: string) => void;
  /** The contract's endpoints, beside the free endpoint box (issue 47). */
  picker?: ReactNode;
}

/** Method, endpoint and Submit: the first part of the tester (SPEC §2). The form around it submits. */
export function RequestLine({ method, endpoint, sending, onMethodChange, onEndpointChange, picker }: RequestLineProps) {
  return (
    <div className="tester-request-line">
      <label className="tester-field tester-method">
        <span className="tester-label">Method</span>
        <select value={method} onChange={(event) => onMethodChange(event.target.value as TesterMethod)}>
          {testerMethods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="tester-field tester-endpoint">
        <span className="tester-label">Endpoint</span>
        <input
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="Enter your endpoint"
          value={endpoint}
          onChange={(event) => onEndpointChange(event.target.value)}
        />
      </label>
      {picker}
      <button type="submit" className="button tester-submit" disabled={sending} aria-busy={sending}>
        Submit
      </button>
    </div>
  );
}
