import { enabledHeaderCount, type HeaderRow, type HeaderRowEdit } from '../lib/header-rows';

interface HeaderListProps {
  rows: readonly HeaderRow[];
  onEdit: (index: number, edit: HeaderRowEdit) => void;
}

/** The header rows; the title counts the ticked ones (SPEC §2). */
export function HeaderList({ rows, onEdit }: HeaderListProps) {
  return (
    <fieldset className="tester-headers">
      <legend>
        <h2 className="tester-heading">Headers ({enabledHeaderCount(rows)})</h2>
      </legend>
      <ol className="tester-header-rows">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <li key={row.id} className="tester-header-row">
              <input
                type="checkbox"
                aria-label={`Use header ${n}`}
                checked={row.isUsed}
                onChange={(event) => onEdit(index, { isUsed: event.target.checked })}
              />
              <input
                type="text"
                aria-label={`Header ${n} name`}
                placeholder="Header"
                autoComplete="off"
                spellCheck={false}
                value={row.header}
                onChange={(event) => onEdit(index, { header: event.target.value })}
              />
              <input
                type="text"
                aria-label={`Header ${n} value`}
                placeholder="Value"
                autoComplete="off"
                spellCheck={false}
                value={row.value}
                onChange={(event) => onEdit(index, { value: event.target.value })}
              />
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
