import { IonSpinner } from '@ionic/react';
import { COUNT_TILE_LINKS, type CountStats } from '@rollbook/shared-types/dashboard';
import { Link } from 'react-router-dom';
import { useCountStats } from '../api/get-count-stats';
import { AttendanceWarningTile } from './attendance-warning-tile';

/** Each tile is named after the list it opens (the courses and classes lists' titles for those filters). */
const TILES: { key: keyof CountStats; label: string }[] = [
  { key: 'expiredTotal', label: 'Courses expiring / expired' },
  { key: 'lessThanThreeClassesRemaining', label: 'Courses ending / ended' },
  { key: 'unmarkedClassTotal', label: 'Unmarked classes' },
  { key: 'classCountErrorTotal', label: 'Courses with time discrepancies' },
  { key: 'draftCourseTotal', label: 'Draft courses' },
];

/** The five count tiles (spec §2.11) and the attendance warnings tile, each linking to the list it counts. */
export function CountTiles() {
  const stats = useCountStats();
  if (stats.isPending) return <IonSpinner aria-label="Loading" />;
  if (stats.isError) return <p role="alert">{stats.error.message}</p>;
  return (
    <ul className="dashboard__tiles" aria-label="Counts">
      {TILES.map(({ key, label }) => (
        <li key={key}>
          <Link className="count-tile" to={COUNT_TILE_LINKS[key]} data-tile={key}>
            <span className="count-tile__count">{stats.data[key]}</span>
            <span>{label}</span>
          </Link>
        </li>
      ))}
      <li>
        <AttendanceWarningTile />
      </li>
    </ul>
  );
}
