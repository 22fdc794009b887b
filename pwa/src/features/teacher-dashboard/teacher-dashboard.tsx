import { IonButton, IonSpinner } from '@ionic/react';
import { useTeacherDashboard } from './api/get-teacher-dashboard';
import { TeacherFigures } from './components/teacher-figures';
import { TeacherSettlementList } from './components/teacher-settlement-list';
import './teacher-dashboard.css';

/**
 * The teacher dashboard (spec §2.12): earnings this month, classes to mark, classes this week and
 * the latest settlement reports. Rendered on the teacher's Home.
 */
export function TeacherDashboard() {
  const dashboard = useTeacherDashboard();
  if (dashboard.isPending) return <IonSpinner aria-label="Loading" />;
  if (dashboard.isError) return <p role="alert">{dashboard.error.message}</p>;
  const data = dashboard.data;
  return (
    <section className="teacher-dashboard" aria-labelledby="teacher-dashboard-heading">
      <h2 id="teacher-dashboard-heading" className="teacher-dashboard__sr-only">
        Dashboard
      </h2>
      <TeacherFigures data={data} />
      <h2>Settlement reports</h2>
      <TeacherSettlementList headers={data.settlementReports} teacherId={data.teacherId} />
      <IonButton fill="clear" routerLink="/teachers/PaymentsMobile">
        ALL PAYMENTS
      </IonButton>
    </section>
  );
}

export default TeacherDashboard;
