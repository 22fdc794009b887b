import { ClassStatus } from '@rollbook/shared-types/statuses';
import { addDays, endOfMonth, londonInstant, monthName } from './calendar.js';
import type { ClassInfo } from './classes.js';
import type { SeedContext } from './seed-plan.js';

/** Pay for one class in integer pence: length/60 × hourly rate, rounded to the penny. */
export function classPayPence(classLength: number, ratePence: number): number {
  return Math.round((classLength * ratePence) / 60);
}

/**
 * One settlement report per month, raised a few days after the month ended, up to the month
 * before last: it pays every class marked by then and dated in its month. Last month's and this
 * month's marked classes stay unpaid, as the "classes to process" an admin would raise next.
 */
export function planSettlements(ctx: SeedContext, classes: ClassInfo[], adminUserId: number): void {
  const random = ctx.random.fork('payments');
  const ratePence = new Map(ctx.rows.teacherRates.map((r) => [r.teacherRateId as number, r.ratePence]));
  const previousMonth = addDays(`${ctx.today.slice(0, 7)}-01`, -1).slice(0, 7);
  const lastPaidMonth = addDays(`${previousMonth}-01`, -1).slice(0, 7);
  const byMonth = new Map<string, ClassInfo[]>();
  for (const c of classes) {
    const month = c.date.slice(0, 7);
    if (c.row.statusId !== ClassStatus.Marked || month > lastPaidMonth) continue;
    const list = byMonth.get(month) ?? [];
    list.push(c);
    byMonth.set(month, list);
  }
  for (const month of [...byMonth.keys()].sort()) {
    const paid = (byMonth.get(month) as ClassInfo[]).sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime());
    const paymentHeaderId = ctx.rows.paymentHeaders.length + 1;
    const periodEndDate = endOfMonth(`${month}-01`);
    let total = 0;
    const teachers = new Set<number>();
    for (const c of paid) {
      teachers.add(c.row.teacherId);
      const rate = ratePence.get(c.row.teacherRateId) ?? 0;
      const amountPence = classPayPence(c.row.classLength, rate);
      total += amountPence;
      c.row.statusId = ClassStatus.Paid;
      c.row.paymentHeaderId = paymentHeaderId;
      ctx.rows.paymentLines.push({
        paymentLineId: ctx.rows.paymentLines.length + 1, paymentHeaderId, classId: c.row.classId, teacherId: c.row.teacherId,
        courseId: c.row.courseId, teacherRateId: c.row.teacherRateId, classStartsAt: c.row.startsAt, classLength: c.row.classLength,
        ratePence: rate, amountPence,
      });
    }
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    ctx.rows.paymentHeaders.push({
      paymentHeaderId, title: `Settlement report ${monthName(monthNumber)} ${year}`, month: monthNumber, year, revision: 1,
      periodEndDate, amountTotalPence: total, classCount: paid.length, teacherCount: teachers.size, createdBy: adminUserId,
      createdAt: londonInstant(addDays(periodEndDate, random.int(2, 6)), '10:30'),
    });
  }
}
