import * as table from './table.css';

/** A table's header row: one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} className={table.headCell} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
