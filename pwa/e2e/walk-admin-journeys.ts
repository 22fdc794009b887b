import type { Page } from 'playwright-core';
import type { Journey } from './walk-driver';
import { OUT_OF_THE_APP, back, backFromDialog, dialog, forward, named, namedDialog, opens, opensWindow, pageTab, sideMenu } from './walk-steps';

// The admin on a 1366 × 768 desktop, moving only by clicking: every dashboard tile and link, every
// menu entry (each journey starts from one), the first row of every list, every tab of every
// record, the links between records, and back and forward. The dashboard comes first: a new
// admin's first clicks load each page afresh.

const { heading, region, form, link } = named;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The first row of each such table: the user presses the one they see (others sit in hidden pages).
const firstRow = (table: string) => (page: Page) => page.locator(`${table} tbody tr:first-child`);
const firstCell = (table: string, row = 1) => (page: Page) => page.locator(`${table} tbody tr:nth-child(${row}) td:first-child`);
const rows = (table: string) => (page: Page) => page.locator(`${table} tbody tr`);
const tile = (name: string) => (page: Page) => page.getByRole('list', { name: 'Counts' }).getByRole('link', { name: new RegExp(`${escape(name)}$`) });
const calendar = (page: Page) => page.locator('.calendar-view .fc-col-header-cell');
/** The person's record, headed with the name pressed (a first name in a list, a full name in a link). */
const personNamed = (page: Page, pressed: string) => page.getByRole('heading', { level: 2, name: new RegExp(`^${escape(pressed)}( |$)`) });
const courseTitled = (page: Page, pressed: string) => page.locator('.course-form__title').getByText(pressed, { exact: true });

const firstStatus = (page: Page) => firstRow('.classes-table')(page).getByRole('button', { name: /: open the class of / });
const classDialog = (page: Page) => page.locator('ion-modal.sched-modal').filter({ visible: true });

const addNote = (page: Page) => page.getByRole('button', { name: 'ADD NOTE', exact: true });
const noteDialog = (page: Page) => page.locator('ion-modal.note-dialog');
const raisedReports = (page: Page) => page.locator('ion-modal').filter({ has: page.getByRole('heading', { name: 'Raised reports', exact: true }) });
const PAYMENT_REPORT = { sees: 'Payment report', at: /^\/reports\/printpaymentreport\?/ };

const STUDENT = /^\/studentsForm\/\d+$/;
const TEACHER = /^\/teachersForm\/\d+$/;
const COURSE = /^\/CoursesForm\/\d+$/;
const COMPANY = /^\/companiesForm\/\d+$/;
const ROOM = /^\/roomsForm\/\d+$/;

export const ADMIN_JOURNEYS: Journey[] = [
  {
    name: 'from each dashboard tile',
    steps: [
      opens('clicks the tile Courses expiring / expired', tile('Courses expiring / expired'), 'Courses expiring / expired', /^\/courses\?/, rows('.courses-table')),
      back('Dashboard', '/', tile('Courses ending / ended')),
      opens('clicks the tile Courses ending / ended', tile('Courses ending / ended'), 'Courses ending / ended', /^\/courses\?/),
      back('Dashboard', '/', tile('Unmarked classes')),
      opens('clicks the tile Unmarked classes', tile('Unmarked classes'), 'Classes', /^\/Classes\?/i, heading('Unmarked classes')),
      back('Dashboard', '/', tile('Courses with time discrepancies')),
      opens('clicks the tile Courses with time discrepancies', tile('Courses with time discrepancies'), 'Courses with time discrepancies', /^\/courses\?/),
      back('Dashboard', '/', tile('Draft courses')),
      opens('clicks the tile Draft courses', tile('Draft courses'), 'Draft courses', /^\/courses\?/),
      back('Dashboard', '/', tile('Students below 80% attendance')),
      opens('clicks the tile Students below 80% attendance', tile('Students below 80% attendance'), 'Students below 80% attendance', '/attendance-warnings', rows('.warnings-table')),
      opens('clicks the first student below the threshold', firstCell('.warnings-table'), 'Student', STUDENT, personNamed),
      back('Students below 80% attendance', '/attendance-warnings', rows('.warnings-table')),
      back('Dashboard', '/'),
      forward('Students below 80% attendance', '/attendance-warnings'),
      sideMenu('Dashboard', 'Dashboard', '/'),
    ],
  },
  {
    name: "from the dashboard's links",
    steps: [
      opens('clicks the first teacher with unmarked classes', (page) => page.locator('[aria-labelledby="unmarked-teachers-heading"] tbody tr:first-child td:first-child a'), 'Teacher', TEACHER, personNamed),
      back('Dashboard', '/'),
      opens('clicks the count of unmarked classes of that teacher', link(/^\d+ unmarked classes of /), 'Classes', /^\/classes\?teacherId=\d+&statusId=2$/, heading('Unmarked classes')),
      back('Dashboard', '/'),
      pageTab('This week', 'Dashboard', '/', heading(/^Classes this week \(\d+\)$/)),
      opens('clicks the course of the first class this week', (page) => page.locator('[aria-label="Classes this week"] tbody tr:first-child td:nth-child(3) a'), 'Course', COURSE, courseTitled),
      back('Dashboard', '/'),
      pageTab('This month', 'Dashboard', '/', heading(/^Classes this month \(\d+\)$/)),
      opens('clicks the teacher of the first class this month', (page) => page.locator('[aria-label="Classes this month"] tbody tr:first-child td:nth-child(5) a'), 'Teacher', TEACHER, personNamed),
      back('Dashboard', '/'),
      pageTab('Today', 'Dashboard', '/', heading(/^Classes today/)),
    ],
  },
  {
    name: "through a student's record",
    steps: [
      sideMenu('Students', 'Students', '/students', rows('.people-table')),
      opens('clicks the first student', firstCell('.people-table'), 'Student', STUDENT, personNamed),
      pageTab('Calendar', 'Student', STUDENT, calendar),
      pageTab('Documents', 'Student', STUDENT, region('Documents')),
      pageTab('Notes', 'Student', STUDENT, region('Notes')),
      dialog('clicks ADD NOTE', addNote, noteDialog, 'Student', STUDENT, 'Cancel'),
      pageTab('Profile', 'Student', STUDENT, form('Student profile')),
      opens('clicks the first course the student attends', (page) => page.locator('[aria-labelledby="courses-attended-heading"] tbody tr:first-child a'), 'Course', COURSE, courseTitled),
      back('Student', STUDENT),
      back('Students', '/students', rows('.people-table')),
      forward('Student', STUDENT),
      opens('clicks Cancel', (page) => page.getByRole('button', { name: /^cancel$/i }), 'Students', '/students', rows('.people-table')),
      opens('clicks the second student', firstCell('.people-table', 2), 'Student', STUDENT, personNamed),
      back('Students', '/students', rows('.people-table')),
      opens('clicks ADD STUDENT', link('ADD STUDENT'), 'Student', '/studentsForm', heading('New student')),
      back('Students', '/students', rows('.people-table')),
    ],
  },
  {
    name: "through a teacher's record",
    steps: [
      sideMenu('Teachers', 'Teachers', '/teachers', rows('.people-table')),
      opens('clicks the first teacher', firstCell('.people-table'), 'Teacher', TEACHER, personNamed),
      pageTab('Courses', 'Teacher', TEACHER, region('Courses')),
      opens('clicks the first course of the teacher', (page) => page.locator('[aria-label="Courses"] tbody tr:first-child a'), 'Course', COURSE, courseTitled),
      back('Teacher', TEACHER),
      pageTab('Calendar', 'Teacher', TEACHER, calendar),
      pageTab('Documents', 'Teacher', TEACHER, region('Documents')),
      pageTab('Notes', 'Teacher', TEACHER, region('Notes')),
      pageTab('Payments', 'Teacher', TEACHER, region('Payments')),
      pageTab('CLASSES TO PROCESS', 'Teacher', TEACHER, region('Payments')),
      pageTab('SETTLEMENT REPORTS', 'Teacher', TEACHER, region('Payments')),
      pageTab('Details', 'Teacher', TEACHER, form('Teacher details')),
      back('Teachers', '/teachers', rows('.people-table')),
      forward('Teacher', TEACHER),
      opens('clicks Cancel', (page) => page.getByRole('button', { name: /^cancel$/i }), 'Teachers', '/teachers', rows('.people-table')),
      opens('clicks the second teacher', firstCell('.people-table', 2), 'Teacher', TEACHER, personNamed),
      back('Teachers', '/teachers', rows('.people-table')),
      opens('clicks ADD TEACHER', link('ADD TEACHER'), 'Teacher', '/teachersForm', heading('New teacher')),
      back('Teachers', '/teachers', rows('.people-table')),
    ],
  },
  {
    name: 'through a course',
    steps: [
      sideMenu('Courses', 'Courses', '/courses', rows('.courses-table')),
      dialog('clicks the enrolled count of the first course', (page) => firstRow('.courses-table')(page).getByRole('button', { name: /^Enrolled: / }), namedDialog('Students on course'), 'Courses', '/courses'),
      opens('clicks the first course', firstCell('.courses-table'), 'Course', COURSE, courseTitled),
      pageTab('Students', 'Course', COURSE, heading(/^Students \(\d+\)$/)),
      dialog('clicks ADD STUDENTS', (page) => page.getByRole('button', { name: 'ADD STUDENTS', exact: true }), namedDialog('Add students'), 'Course', COURSE),
      dialog('clicks the classes of the first student of the course', (page) => page.locator('.course-students tbody tr:first-child').getByRole('button', { name: /^Classes of / }), namedDialog(/^Enrolment override - /), 'Course', COURSE),
      opens('clicks the first student of the course', (page) => page.locator('.course-students tbody tr:first-child td:first-child a'), 'Student', STUDENT, personNamed),
      opens('clicks the last course the student attends', (page) => page.locator('[aria-labelledby="courses-attended-heading"] tbody tr:last-child a'), 'Course', COURSE, courseTitled),
      back('Student', STUDENT),
      back('Course', COURSE),
      pageTab('Classes', 'Course', COURSE, heading(/^Classes \(\d+\)$/)),
      pageTab('Details', 'Course', COURSE, (page) => page.getByRole('button', { name: 'Edit course details', exact: true })),
      opensWindow('clicks ATTENDANCE REPORT', link('ATTENDANCE REPORT'), { sees: 'Student attendance report', at: /^\/reports\/printstudentattendence\?id=\d+$/ }, 'Course', COURSE),
      back('Courses', '/courses', rows('.courses-table')),
      forward('Course', COURSE),
      sideMenu('Courses', 'Courses', '/courses', rows('.courses-table')),
      opens('clicks the second course', firstCell('.courses-table', 2), 'Course', COURSE, courseTitled),
      back('Courses', '/courses', rows('.courses-table')),
      opens('clicks ADD COURSE', (page) => page.getByRole('button', { name: 'ADD COURSE', exact: true }), 'Course', '/coursesForm', (page) => page.getByLabel('Title', { exact: true })),
      back('Courses', '/courses', rows('.courses-table')),
    ],
  },
  {
    name: 'from the classes list',
    steps: [
      sideMenu('Courses', 'Courses', '/courses', rows('.courses-table')),
      sideMenu('Classes', 'Classes', '/Classes', rows('.classes-table')),
      dialog('clicks the status of the first class', firstStatus, classDialog, 'Classes', '/Classes'),
      backFromDialog('clicks the status of the first class', firstStatus, classDialog, 'Courses', '/courses'),
      forward('Classes', '/Classes', rows('.classes-table')),
      opens('clicks the course of the first class', (page) => page.locator('.classes-table tbody tr:first-child td:nth-child(4) a'), 'Course', COURSE, courseTitled),
      back('Classes', '/Classes', rows('.classes-table')),
      opens('clicks the teacher of the first class', (page) => page.locator('.classes-table tbody tr:first-child td:nth-child(8) a'), 'Teacher', TEACHER, personNamed),
      back('Classes', '/Classes', rows('.classes-table')),
    ],
  },
  {
    name: 'through a company',
    steps: [
      sideMenu('Companies', 'Companies', '/companies', rows('.companies-table')),
      opens('clicks the first company', firstRow('.companies-table'), 'Company', COMPANY, (page) => page.getByLabel('Company name', { exact: true })),
      back('Companies', '/companies', rows('.companies-table')),
      forward('Company', COMPANY),
      sideMenu('Companies', 'Companies', '/companies', rows('.companies-table')),
      opens('clicks ADD COMPANY', (page) => page.getByRole('button', { name: 'ADD COMPANY', exact: true }), 'Company', '/companiesform', (page) => page.getByLabel('Company name', { exact: true })),
      back('Companies', '/companies', rows('.companies-table')),
    ],
  },
  {
    name: 'through a room',
    steps: [
      sideMenu('Rooms', 'Rooms', '/rooms', rows('.rooms-table')),
      opens('clicks the first room', firstRow('.rooms-table'), 'Room', ROOM, (page) => page.getByLabel('Capacity', { exact: true })),
      pageTab('Calendar', 'Room', ROOM, calendar),
      pageTab('Details', 'Room', ROOM, (page) => page.getByLabel('Capacity', { exact: true })),
      back('Rooms', '/rooms', rows('.rooms-table')),
      opens('clicks ADD ROOM', (page) => page.getByRole('button', { name: 'ADD ROOM', exact: true }), 'Room', '/roomsForm', (page) => page.getByLabel('Capacity', { exact: true })),
      back('Rooms', '/rooms', rows('.rooms-table')),
    ],
  },
  {
    name: 'through the payments and the notes',
    steps: [
      sideMenu('Payments', 'Payments', '/Reports', heading('Settlement history')),
      opensWindow('clicks the PDF of the first settlement report', (page) => page.locator('tbody tr:first-child a[aria-label^="PDF of "]'), PAYMENT_REPORT, 'Payments', '/Reports'),
      pageTab('Classes to process', 'Payments', '/Reports', heading('Classes to process')),
      dialog('clicks RAISED REPORTS', (page) => page.getByRole('button', { name: 'RAISED REPORTS', exact: true }), raisedReports, 'Payments', '/Reports', 'CLOSE'),
      pageTab('Settlement reports', 'Payments', '/Reports', heading('Settlement history')),
      sideMenu('Notes', 'Notes', '/notes', region('Notes')),
      dialog('clicks ADD NOTE', addNote, noteDialog, 'Notes', '/notes', 'Cancel'),
    ],
  },
  {
    name: 'to their profile',
    steps: [
      sideMenu('Notes', 'Notes', '/notes', region('Notes')),
      opens('clicks their avatar', link('Your profile'), 'Profile', '/profile', heading('Your Information')),
      back('Notes', '/notes'),
      forward('Profile', '/profile'),
      sideMenu('Dashboard', 'Dashboard', '/', tile('Draft courses')),
    ],
  },
  OUT_OF_THE_APP,
];
