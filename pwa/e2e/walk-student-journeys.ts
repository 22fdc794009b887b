import type { Journey } from './walk-driver';
import { HOME_TABS, OUT_OF_THE_APP, back, bottomTab, dialog, drawerMenu, forward, named, namedDialog, opens, pageTab, phoneCard, phoneCards } from './walk-steps';

// The student on a phone (390 × 844, touch), moving only by tapping: every bottom tab and menu
// entry, the tabs of their home and of their classes, the first course card, and back and forward.

const HOME = '/';
const CLASSES = '/students/classesmobile';
const COURSES = '/students/coursesmobile';

const cards = phoneCards;
const firstCard = phoneCard(1);
const { heading } = named;

export const STUDENT_JOURNEYS: Journey[] = [
  HOME_TABS,
  {
    name: 'through every tab at the bottom',
    steps: [
      bottomTab('Classes', 'Classes', CLASSES, cards),
      bottomTab('Courses', 'Courses', COURSES, cards),
      bottomTab('Home', 'Home', HOME),
      back('Courses', COURSES, cards),
      back('Classes', CLASSES, cards),
      forward('Courses', COURSES, cards),
    ],
  },
  {
    name: 'through every menu entry',
    steps: [
      drawerMenu('Classes', 'Classes', CLASSES, cards),
      drawerMenu('Courses', 'Courses', COURSES, cards),
      drawerMenu('Home', 'Home', HOME),
    ],
  },
  {
    name: 'through their classes',
    steps: [
      bottomTab('Classes', 'Classes', CLASSES, cards),
      pageTab('DAY', 'Classes', CLASSES, heading(/^Classes on /)),
      pageTab('MONTH', 'Classes', CLASSES, cards),
      pageTab('WEEK', 'Classes', CLASSES, cards),
    ],
  },
  {
    name: "through a course's dialog",
    steps: [
      bottomTab('Courses', 'Courses', COURSES, cards),
      dialog('taps the classes of the first course', (page) => firstCard(page).getByRole('button', { name: /^Classes of / }), namedDialog(/ - Classes$/), 'Courses', COURSES),
    ],
  },
  {
    name: 'to their profile',
    steps: [
      bottomTab('Home', 'Home', HOME),
      opens('taps their avatar', (page) => page.getByRole('link', { name: 'Your profile' }), 'Profile', '/profile', heading('Your Information')),
      back('Home', HOME),
    ],
  },
  OUT_OF_THE_APP,
];
