import { allRoutes, type Route } from '@spotter/contract';
import { useState } from 'react';

/** The contract's calls by their OpenAPI tag, in the table's order. */
const groups = allRoutes.reduce<Map<string, Route[]>>((byTag, route) => {
  byTag.set(route.tag, [...(byTag.get(route.tag) ?? []), route]);
  return byTag;
}, new Map());

/**
 * The contract's endpoints beside the free endpoint box (issue 47): picking one fills the method,
 * the path and an example body. The box stays free: the list only fills it.
 */
export function EndpointPicker({ onPick }: { onPick: (route: Route) => void }) {
  // Its hundred-odd options are put in when the list is first reached (focus, a press), not with the
  // page: the page opens as light as before.
  const [filled, setFilled] = useState(false);
  const fill = () => setFilled(true);
  return (
    <label className="tester-field tester-endpoint-list">
      <span className="tester-label">Contract endpoints</span>
      <select
        onFocus={fill}
        onPointerDown={fill}
        value=""
        onChange={(event) => {
          const route = allRoutes.find((r) => r.name === event.target.value);
          if (route) onPick(route);
        }}
      >
        <option value="">Pick an endpoint…</option>
        {filled &&
          [...groups].map(([tag, group]) => (
            <optgroup key={tag} label={tag}>
              {group.map((route) => (
                <option key={route.name} value={route.name} title={route.summary}>
                  {route.method} {route.path}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </label>
  );
}
