// The chat page is a static mock-up (spec §2.1): these contacts and messages are made up and
// nothing is sent anywhere.

export interface FakeContact {
  id: number;
  name: string;
  role: string;
  lastMessage: string;
  time: string;
}

export interface FakeMessage {
  id: number;
  fromMe: boolean;
  text: string;
  time: string;
}

export const FAKE_CONTACTS: FakeContact[] = [
  { id: 1, name: 'Emma Clarke', role: 'Teacher', lastMessage: 'See you on Thursday!', time: '09:41' },
  { id: 2, name: 'School office', role: 'Office', lastMessage: 'Your invoice is ready.', time: 'Yesterday' },
  { id: 3, name: 'Lucas Moreau', role: 'Classmate', lastMessage: 'Did you do the homework?', time: 'Mon' },
];

export const FAKE_MESSAGES: FakeMessage[] = [
  { id: 1, fromMe: false, text: 'Hello! Remember to bring your workbook on Thursday.', time: '09:30' },
  { id: 2, fromMe: true, text: 'Thank you, I will. Is the class in the same room?', time: '09:35' },
  { id: 3, fromMe: false, text: 'Yes, same room as last week.', time: '09:40' },
  { id: 4, fromMe: false, text: 'See you on Thursday!', time: '09:41' },
];
