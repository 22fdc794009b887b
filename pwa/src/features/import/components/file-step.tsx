import { IonButton, IonSpinner } from '@ionic/react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportKind } from '@rollbook/shared-types/import';
import { KIND_NAMES, templateCsv } from '../import-texts';

interface FileStepProps {
  kind: ImportKind;
  file: File | null;
  previewing: boolean;
  onFile: (file: File | null) => void;
  onPreview: () => void;
}

function downloadTemplate(kind: ImportKind) {
  const url = URL.createObjectURL(new Blob([templateCsv(kind)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `rollbook-${kind}-template.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Choose the CSV file (or download the kind's template) and preview it. */
export function FileStep({ kind, file, previewing, onFile, onPreview }: FileStepProps) {
  return (
    <section className="import-file" aria-labelledby="import-file-heading">
      <h3 id="import-file-heading">File</h3>
      <p>
        Save your spreadsheet as CSV (in Excel: File, Save As, CSV UTF-8), with one {KIND_NAMES[kind].plural.slice(0, -1)} a row, at most{' '}
        {IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows and {IMPORT_MAX_BYTES / 1024 / 1024} MB. Nothing is imported until you press IMPORT.
      </p>
      <div className="import-file__controls">
        <label className="import-file__label" htmlFor="import-file-input">
          CSV file
        </label>
        <input
          id="import-file-input"
          type="file"
          accept=".csv,text/csv"
          // Cleared on each click, so choosing the same file again after fixing it is a change.
          onClick={(event) => (event.currentTarget.value = '')}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        <IonButton disabled={!file || previewing} onClick={onPreview}>
          PREVIEW
        </IonButton>
        <IonButton fill="outline" onClick={() => downloadTemplate(kind)}>
          DOWNLOAD TEMPLATE
        </IonButton>
        {previewing && <IonSpinner aria-label="Reading the file" />}
      </div>
    </section>
  );
}
