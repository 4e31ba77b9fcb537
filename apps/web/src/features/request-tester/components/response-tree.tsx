import ReactJson from '@microlink/react-json-view';
import { useSyncExternalStore } from 'react';
import type { TesterResponse } from '../api/send-request';
import { darkTreeTheme, lightTreeTheme } from './tree-themes';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The answer as an expandable tree, with SPEC §9's viewer settings: arrays grouped by 100, indent 4
 * (its copy confirmation lasts the viewer's own 5500 ms). Its own chunk: `/` never loads it.
 */
export function ResponseTree({ response }: { response: TesterResponse }) {
  const dark = useSyncExternalStore(subscribe, () => window.matchMedia(darkQuery).matches);
  return (
    <div className="tester-tree">
      <ReactJson
        src={response as unknown as object}
        name="response"
        theme={dark ? darkTreeTheme : lightTreeTheme}
        groupArraysAfterLength={100}
        indentWidth={4}
        collapsed={false}
        // The response's many headers start folded, so the body is in view first; a click opens them.
        shouldCollapse={(field) => field.name === 'headers' && field.namespace.length === 2}
        collapseStringsAfterLength={false}
        displayDataTypes={false}
        enableClipboard
        quotesOnKeys={false}
        sortKeys={false}
        style={{ background: 'transparent', fontSize: '0.875rem' }}
      />
    </div>
  );
}
