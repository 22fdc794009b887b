interface ChartDataTableProps {
  caption: string;
  columns: string[];
  rows: { label: string; values: (string | number)[] }[];
}

/** A chart's figures as a table for screen readers (the canvas itself only has a summary label). */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  return (
    <table className="dashboard__sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.values.map((value, index) => (
              <td key={columns[index + 1] ?? index}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
