import { ClassesInPeriod } from './classes-in-period';
import { ClassesPerMonthChart } from './classes-per-month-chart';
import './chart-setup';
import { CountTiles } from './count-tiles';
import { StudentsJoiningChart } from './students-joining-chart';
import { SubjectBreakdownChart } from './subject-breakdown-chart';
import { UnmarkedTeachers } from './unmarked-teachers';
import '../dashboard.css';

/** The admin's Dashboard (spec §2.11): tiles, teachers with unmarked classes, classes in a period, three charts. */
export function AdminDashboard() {
  return (
    <div className="dashboard">
      <CountTiles />
      <div className="dashboard__row dashboard__row--split">
        <UnmarkedTeachers />
        <ClassesInPeriod />
      </div>
      <div className="dashboard__row">
        <StudentsJoiningChart />
        <SubjectBreakdownChart />
        <ClassesPerMonthChart />
      </div>
    </div>
  );
}
