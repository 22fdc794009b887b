import type { Page } from 'playwright-core';
import type { Journey } from './walk-driver';
import { HOME_TABS, OUT_OF_THE_APP, back, backFromDialog, backFromDrawer, bottomTab, dialog, drawerMenu, forward, named, namedDialog, opens, opensWindow, pageTab, phoneCard, phoneCards } from './walk-steps';

// The teacher on a phone (390 × 844, touch), moving only by tapping: every bottom tab and menu
// entry, the tabs and figures of their home, the first card of every list, and back and forward.

const HOME = '/';
const COURSES = '/teachers/CoursesMobile';
const CLASSES = '/teachers/classesmobile';
const STUDENTS = '/teachers/StudentsMobile';
const CLASS = /^\/teachers\/class\?id=\d+$/;

const cards = phoneCards;
const firstCard = phoneCard(1);
const secondCard = phoneCard(2);
/** The class page shows the class whose "Open class of Tuesday 24-Nov-2026" was pressed. */
const classOf = (page: Page, pressed: string) => cards(page).filter({ hasText: pressed.replace(/^Open class of \S+ /, '') });
const { heading, region } = named;
const PAYMENT_REPORT = { sees: 'Payment report', at: /^\/reports\/printpaymentreport\?/ };
const button = (name: string | RegExp) => (page: Page) => firstCard(page).getByRole('button', { name });

export const TEACHER_JOURNEYS: Journey[] = [
  {
    name: 'from the figures on their home',
    steps: [
      opens('taps Classes to mark', (page) => page.getByRole('link', { name: /^Classes to mark/ }), 'Classes', CLASSES, cards),
      back('Home', HOME),
      opens('taps Classes this week', (page) => page.getByRole('link', { name: /^Classes this week/ }), 'Classes', CLASSES, cards),
      back('Home', HOME),
      opensWindow('taps their latest settlement report', (page) => page.getByRole('link', { name: /^PDF of / }), PAYMENT_REPORT, 'Home', HOME),
      opens('taps ALL PAYMENTS', (page) => page.getByRole('link', { name: 'ALL PAYMENTS' }), 'Payments', '/teachers/PaymentsMobile', region('Payments')),
      opensWindow('taps the first of their settlement reports', (page) => page.getByRole('link', { name: /^PDF of / }), PAYMENT_REPORT, 'Payments', '/teachers/PaymentsMobile'),
      back('Home', HOME),
    ],
  },
  HOME_TABS,
  {
    name: 'through every tab at the bottom',
    steps: [
      bottomTab('Courses', 'Courses', COURSES, cards),
      bottomTab('Classes', 'Classes', CLASSES, cards),
      bottomTab('Students', 'Students', STUDENTS, cards),
      bottomTab('Home', 'Home', HOME),
      back('Students', STUDENTS, cards),
      back('Classes', CLASSES, cards),
      forward('Students', STUDENTS, cards),
    ],
  },
  {
    name: 'through every menu entry',
    steps: [
      drawerMenu('Courses', 'Courses', COURSES, cards),
      drawerMenu('Classes', 'Classes', CLASSES, cards),
      drawerMenu('Students', 'Students', STUDENTS, cards),
      drawerMenu('Home', 'Home', HOME),
    ],
  },
  {
    name: 'through a class',
    steps: [
      bottomTab('Classes', 'Classes', CLASSES, cards),
      pageTab('DAY', 'Classes', CLASSES, heading(/^Classes on /)),
      pageTab('MONTH', 'Classes', CLASSES, cards),
      pageTab('WEEK', 'Classes', CLASSES, cards),
      dialog('taps the attendance of the first class', button(/^Attendance of /), namedDialog(/^(Mark attendance|Students)$/), 'Classes', CLASSES),
      dialog('taps the pencil of the first class', button(/^Reschedule class of /), namedDialog('Reschedule class'), 'Classes', CLASSES),
      opens('opens the first class', (page) => firstCard(page).getByRole('link', { name: /^Open class of / }), 'Class', CLASS, classOf),
      back('Classes', CLASSES, cards),
      forward('Class', CLASS, (page) => page.locator('#register-heading')),
      back('Classes', CLASSES, cards),
      opens('opens the second class', (page) => secondCard(page).getByRole('link', { name: /^Open class of / }), 'Class', CLASS, classOf),
    ],
  },
  {
    name: "through a course's dialogs",
    steps: [
      bottomTab('Classes', 'Classes', CLASSES, cards),
      bottomTab('Courses', 'Courses', COURSES, cards),
      dialog('taps the classes of the first course', button(/^Classes of /), namedDialog('Classes'), 'Courses', COURSES),
      dialog('taps the students of the first course', button(/^Students of /), namedDialog('Students'), 'Courses', COURSES),
      dialog('taps the remaining classes of the first course', button(/^Remaining classes of /), namedDialog('Remaining classes'), 'Courses', COURSES),
      backFromDialog('taps the classes of the first course', button(/^Classes of /), namedDialog('Classes'), 'Classes', CLASSES),
      forward('Courses', COURSES, cards),
      backFromDrawer('Classes', CLASSES),
    ],
  },
  {
    name: 'to their profile',
    steps: [
      bottomTab('Home', 'Home', HOME),
      opens('taps their avatar', (page) => page.getByRole('link', { name: 'Your profile' }), 'Profile', '/teachers/ProfileMobile', heading('Your details')),
      back('Home', HOME),
    ],
  },
  OUT_OF_THE_APP,
];
