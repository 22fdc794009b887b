import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { OfflineSessionForPhoneUsers } from './offline-session-for-phone-users';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <IonApp>
        <OfflineSessionForPhoneUsers />
        {/* Not v7_startTransition: log out relies on its navigation and sign-out rendering together. */}
        <IonReactRouter future={{ v7_relativeSplatPath: true }}>
          <AppRouter />
        </IonReactRouter>
      </IonApp>
    </AppProvider>
  );
}
