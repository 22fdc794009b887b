import { IonApp } from '@ionic/react';
import { lazy, Suspense } from 'react';
import { IonReactRouter } from '@ionic/react-router';
import { UpdateBanner } from '../features/app-update/components/update-banner';
import { AppProvider } from './provider';
import { AppRouter } from './router';

// Keeps the phone's offline copy in step with the session (teachers and students only); its own
// chunk, so admins' desktop pages never load the offline engine.
const OfflineSession = lazy(() => import('../features/offline-session/components/offline-session').then((m) => ({ default: m.OfflineSession })));

export function App() {
  return (
    <AppProvider>
      <IonApp>
        <UpdateBanner />
        <Suspense fallback={null}>
          <OfflineSession />
        </Suspense>
        {/* Not v7_startTransition: log out relies on its navigation and sign-out rendering together. */}
        <IonReactRouter future={{ v7_relativeSplatPath: true }}>
          <AppRouter />
        </IonReactRouter>
      </IonApp>
    </AppProvider>
  );
}
