import { IonAvatar, IonInput, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { FAKE_CONTACTS, FAKE_MESSAGES } from '../fake-chat';
import './student-chat.css';

const initials = (name: string) => name.split(' ').map((part) => part[0]).join('').slice(0, 2).toUpperCase();

/** /students/chat: the spec's static mock-up of a chat, with made-up contacts and messages and no behaviour. */
export function StudentChatPage() {
  const [current] = FAKE_CONTACTS;
  return (
    <MobilePage title="Chat" role="Student">
      <h2 className="section-heading">Contacts</h2>
      <IonList aria-label="Contacts">
        {FAKE_CONTACTS.map((contact) => (
          <IonItem key={contact.id} lines="full">
            <IonAvatar slot="start" className="chat-avatar" aria-hidden="true">
              <span>{initials(contact.name)}</span>
            </IonAvatar>
            <IonLabel>
              <h3>{contact.name}</h3>
              <p>{contact.lastMessage}</p>
            </IonLabel>
            <IonNote slot="end">{contact.time}</IonNote>
          </IonItem>
        ))}
      </IonList>
      <h2 className="section-heading">{current?.name}</h2>
      <ol className="chat-messages" aria-label="Messages">
        {FAKE_MESSAGES.map((message) => (
          <li key={message.id} className={message.fromMe ? 'chat-bubble chat-bubble--mine' : 'chat-bubble'}>
            <span>{message.text}</span>
            <time>{message.time}</time>
          </li>
        ))}
      </ol>
      <IonItem lines="none" className="chat-compose">
        <IonInput label="Message" labelPlacement="floating" placeholder="Type a message" disabled />
      </IonItem>
    </MobilePage>
  );
}
