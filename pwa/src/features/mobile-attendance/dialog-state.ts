import { registerTitle } from './marking-rules';

/** C class list of a course, M mark attendance, E edit date and time, CM confirm move to end. */
export type DialogMode = 'C' | 'M' | 'E' | 'CM';

export interface DialogState {
  mode: DialogMode;
  classId?: number;
  courseId?: number;
  /** The class's status when opened, for the dialog's name (M: 'Students' or 'Mark attendance'). */
  seriesStatusId?: number;
}

/** The dialog's heading for a mode (the class's status decides between 'Students' and 'Mark attendance'). */
export function dialogTitle(state: DialogState, seriesStatusId: number | null): string {
  switch (state.mode) {
    case 'C':
      return 'Classes';
    case 'M':
      return seriesStatusId === null ? 'Mark attendance' : registerTitle(seriesStatusId);
    case 'E':
    case 'CM':
      return 'Reschedule class';
  }
}
