import { IonCheckbox } from '@ionic/react';
import type { ImportPreview } from '@rollbook/shared-types/import';
import { useState } from 'react';
import { ListPager } from '../../../components/ui/list-pager';
import { OUTCOME_NAMES } from '../import-texts';
import { previewPage, PREVIEW_PAGE_SIZE, problemTexts } from '../preview-rows';

/** Every row of the file: its number, its values, what importing it does and its problems; 100 a page. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const hasProblems = preview.totals.rowsWithProblems > 0;
  const [onlyProblems, setOnlyProblems] = useState(hasProblems);
  const [page, setPage] = useState(1);
  const shown = previewPage(preview, onlyProblems && hasProblems, page);
  return (
    <section className="import-preview" aria-label="Preview">
      {hasProblems && (
        <IonCheckbox labelPlacement="end" checked={onlyProblems} onIonChange={(event) => { setOnlyProblems(event.detail.checked); setPage(1); }}>
          Only rows with problems
        </IonCheckbox>
      )}
      <div className="import-preview__scroll">
        <table className="people-table import-preview__table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              {preview.headings.map((heading) => <th key={heading} scope="col">{heading}</th>)}
              <th scope="col">Import</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => {
              const wrong = new Set(row.problems.map((p) => p.column));
              return (
                <tr key={row.rowNumber} className={row.problems.length > 0 ? 'import-preview__row--problem' : undefined}>
                  <th scope="row">{row.rowNumber}</th>
                  {row.values.map((value, i) => (
                    <td key={preview.headings[i]} className={wrong.has(preview.headings[i] ?? '') ? 'import-preview__cell--problem' : undefined}>{value}</td>
                  ))}
                  <td>{row.outcome ? OUTCOME_NAMES[row.outcome] : ''}</td>
                  <td>
                    {row.problems.length > 0 && (
                      <ul className="import-preview__problems">
                        {problemTexts(row).map((text) => <li key={text}>{text}</li>)}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ListPager page={page} pageSize={PREVIEW_PAGE_SIZE} total={shown.total} onPage={setPage} />
    </section>
  );
}
