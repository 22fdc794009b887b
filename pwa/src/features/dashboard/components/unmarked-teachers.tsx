import { IonSpinner } from '@ionic/react';
import { TEACHERS_UNMARKED_PAGE_SIZE } from '@rollbook/shared-types/dashboard';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListPager } from '../../../components/ui/list-pager';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-panel-list';
import { useTeachersUnmarkedClassCount } from '../api/get-teachers-unmarked-class-count';

const FIRST_PAGE = { page: 1, pageSize: TEACHERS_UNMARKED_PAGE_SIZE, sort: null, dir: null };

/**
 * Teachers with classes requiring marking, most first, a page at a time: the name opens the
 * teacher, the count their unmarked classes.
 */
export function UnmarkedTeachers() {
  const [state, setState] = useState(FIRST_PAGE);
  const setPage = useCallback((page: number) => setState({ ...FIRST_PAGE, page }), []);
  const answer = useTeachersUnmarkedClassCount(state.page);
  // Teachers who marked meanwhile can leave the last page empty: the page before is shown instead.
  useLastPageWhenPastTheEnd({ state, setPage }, answer.data, answer.isPlaceholderData);
  const teachers = answer.data?.teachers;
  return (
    <section className="dashboard__panel" aria-labelledby="unmarked-teachers-heading">
      <h2 id="unmarked-teachers-heading">Teachers with unmarked classes</h2>
      {answer.isPending && <IonSpinner aria-label="Loading" />}
      {answer.isError && <p role="alert">{answer.error.message}</p>}
      {teachers?.length === 0 && answer.data?.total === 0 && <p className="dashboard__muted">No teachers have unmarked classes</p>}
      {teachers && teachers.length > 0 && (
        <table className="dashboard-table" aria-busy={answer.isPlaceholderData}>
          <thead>
            <tr>
              <th scope="col">Teacher</th>
              <th scope="col" className="dashboard__number">Unmarked classes</th>
            </tr>
          </thead>
          <tbody>
            {teachers.map((teacher) => {
              const name = `${teacher.firstName} ${teacher.lastName}`;
              return (
                <tr key={teacher.teacherId}>
                  <td>
                    <Link to={`/teachersForm/${teacher.teacherId}`} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
                      <UserAvatar firstName={teacher.firstName} lastName={teacher.lastName} imageName={teacher.avatar} size={28} />
                      {name}
                    </Link>
                  </td>
                  <td className="dashboard__number">
                    <Link to={`/classes?teacherId=${teacher.teacherId}&statusId=${ClassStatus.RequiresMarking}`} aria-label={`${teacher.count} unmarked classes of ${name}`}>
                      {teacher.count}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {answer.data && <ListPager page={state.page} pageSize={TEACHERS_UNMARKED_PAGE_SIZE} total={answer.data.total} onPage={setPage} />}
    </section>
  );
}
