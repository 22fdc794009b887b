import { IonCard, IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle, IonSpinner } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { useMyClassesToProcess } from '../api/get-my-classes-to-process';

/** The teacher's marked classes awaiting a settlement report, per course, with totals and hours. */
export function MyClassesToProcess() {
  const report = useMyClassesToProcess();
  if (report.isPending) return <IonSpinner aria-label="Loading" />;
  if (report.isError) return <p role="alert">{report.error.message}</p>;
  const mine = report.data.teachers[0];
  if (!mine) return <p className="teacher-payments-mobile__empty">You do not currently have any classes to process</p>;
  return (
    <>
      <IonCard>
        <IonCardHeader>
          <IonCardSubtitle>
            Up to {report.data.periodEndDateString}: {mine.paymentItems.length} classes, {mine.totalTimeHours.toFixed(2)} hours
          </IonCardSubtitle>
          <IonCardTitle data-testid="to-process-total">{formatPounds(mine.paymentTotalPence)}</IonCardTitle>
        </IonCardHeader>
      </IonCard>
      {mine.courses.map((course) => (
        <IonCard key={course.courseId}>
          <IonCardHeader>
            <IonCardTitle>
              <h3 className="teacher-payments-mobile__course">{course.title}</h3>
            </IonCardTitle>
            <IonCardSubtitle>
              {course.subject}: {course.classCount} classes, course total {formatPounds(course.coursePaymentPence)}
            </IonCardSubtitle>
          </IonCardHeader>
          <IonCardContent>
            <ul className="teacher-payments-mobile__classes">
              {mine.paymentItems
                .filter((item) => item.courseId === course.courseId)
                .map((item) => (
                  <li key={item.classId}>
                    <span>
                      {item.classSeperateDateString} {item.classSeperateTimeString}, {item.classLength} mins at {formatPounds(item.ratePerHourPence)}/h
                    </span>
                    <strong>{formatPounds(item.classPaymentPence)}</strong>
                  </li>
                ))}
            </ul>
          </IonCardContent>
        </IonCard>
      ))}
    </>
  );
}
