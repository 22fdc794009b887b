import './lib/zod-jitless';
import { setupIonicReact } from '@ionic/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
// Before React mounts: the browser offers installation once, early, and the home pages load later.
import './features/install-prompt/install-prompt-listener';
import { registerServiceWorker } from './features/app-update/service-worker';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import './app/theme.css';
import './app/app.css';

setupIonicReact();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition, React renders the first screen in slices of a few milliseconds and lets the
// browser handle input between them, instead of in one long task while the phone is busiest.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
