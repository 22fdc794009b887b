import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { UpdateBanner } from '../features/app-update/components/update-banner';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider>
      <IonApp>
        <UpdateBanner />
        <IonReactRouter>
          <AppRouter />
        </IonReactRouter>
      </IonApp>
    </AppProvider>
  );
}
