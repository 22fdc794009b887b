import { IMPORT_COLUMNS, IMPORT_DATE_FORMS, type ImportKind } from '@rollbook/shared-types/import';
import { matchingRule } from '../import-texts';

/** The headings the file needs, what to write under each, the date forms read and how rows are matched. */
export function ColumnGuide({ kind }: { kind: ImportKind }) {
  return (
    <section className="import-guide" aria-labelledby="import-guide-heading">
      <h3 id="import-guide-heading">Columns</h3>
      <p>
        The first row of the file holds the headings. Required columns must be in the file and filled in on every row; the others
        may be left out, and a record keeps what it has for a column the file does not have. An empty cell clears what a record has.
      </p>
      <table className="people-table import-guide__table">
        <thead>
          <tr>
            <th scope="col">Heading</th>
            <th scope="col">Required</th>
            <th scope="col">What to write</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS[kind].map((column) => (
            <tr key={column.key}>
              <th scope="row">{column.heading}</th>
              <td>{column.required ? 'Yes' : ''}</td>
              <td>{column.help}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Dates can be written {IMPORT_DATE_FORMS.join(', ')}.</p>
      <p>{matchingRule(kind)} Importing the same file again changes nothing.</p>
    </section>
  );
}
