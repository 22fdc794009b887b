import { paginateRows, type PrintRow } from '../print-rows';
import { PaymentPrintRow } from './payment-print-row';

/** The report's rows as printed pages, each a table with its own column headings. */
export function PaymentPrintSheets({ rows }: { rows: PrintRow[] }) {
  const pages = paginateRows(rows);
  return (
    <>
      {pages.map((page, index) => (
        <section key={page[0]?.key ?? index} className="print-sheet" aria-label={`Page ${index + 1} of ${pages.length}`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Class date</th>
                <th scope="col">Subject</th>
                <th scope="col">Time</th>
                <th scope="col" className="print-report__number">Duration (mins)</th>
                <th scope="col" className="print-report__number">Hourly rate</th>
                <th scope="col" className="print-report__number">Class total</th>
              </tr>
            </thead>
            <tbody>
              {page.map((row) => (
                <PaymentPrintRow key={row.key} row={row} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
