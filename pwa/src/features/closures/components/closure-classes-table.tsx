import { CLOSURE_MESSAGES, type ClosureClass, type ClosureClassAction } from '@rollbook/shared-types/closures';
import { ClassStatusBadge } from '../../../components/scheduling/class-status-badge';
import { ToggleButton } from '../../../components/ui/toggle-button';
import type { Choices } from './closure-choices';

const ACTIONS: { action: ClosureClassAction; text: string; color: string }[] = [
  { action: 'move', text: 'MOVE TO END', color: 'primary' },
  { action: 'cancel', text: 'CANCEL CLASS', color: 'danger' },
];

interface ClosureClassesTableProps {
  classes: ClosureClass[];
  choices: Choices;
  disabled: boolean;
  onChoose: (classId: number, action: ClosureClassAction) => void;
}

/** The classes on a closure's dates, each with MOVE TO END / CANCEL CLASS (Marked and Paid ones stay). */
export function ClosureClassesTable({ classes, choices, disabled, onChoose }: ClosureClassesTableProps) {
  return (
    <div className="sched-table-wrap">
      <table className="sched-table closure-classes-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Time</th>
            <th scope="col">Course</th>
            <th scope="col">Teacher</th>
            <th scope="col" className="sched-num">Students</th>
            <th scope="col">Status</th>
            <th scope="col" className="sched-actions">Move or cancel</th>
          </tr>
        </thead>
        <tbody>
          {classes.map((c) => {
            const name = `${c.course} on ${c.classDateString} ${c.classDatesCombined}`;
            return (
              <tr key={c.classId} data-class-id={c.classId}>
                <td>{c.weekday.slice(0, 3)} {c.classDateString}</td>
                <td>{c.classDatesCombined}</td>
                <th scope="row">{c.course}</th>
                <td>{c.teacher}</td>
                <td className="sched-num">{c.studentCount}</td>
                <td><ClassStatusBadge statusId={c.seriesStatusId} /></td>
                <td className="sched-actions">
                  {c.canMove ? (
                    <div className="sched-toggle-group" role="group" aria-label={`What to do with ${name}`}>
                      {ACTIONS.map(({ action, text, color }) => (
                        <ToggleButton key={action} pressed={choices[c.classId] === action} size="small" color={color} disabled={disabled}
                          onClick={() => onChoose(c.classId, action)}>
                          {text}
                        </ToggleButton>
                      ))}
                    </div>
                  ) : (
                    <span className="closure-classes__stays">{CLOSURE_MESSAGES.lockedStays}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
