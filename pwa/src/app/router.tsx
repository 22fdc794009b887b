import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/ui/page-loading';
import { UpdateBanner } from '../features/app-update/components/update-banner';
import { useSessionState } from '../features/auth/hooks/use-session-state';
import { ExpiredSessionBanner } from '../components/sync-status/expired-session-banner';
import { loginPathFor } from '../lib/return-url';
import { useCloseOverlaysOnLeave } from './close-overlays-on-leave';
import { SideMenu } from './layout/side-menu';
import { ForgotPasswordPage, HomePage, LoginPage, NotFoundPage, SignupPage } from './lazy-pages';
import { FEATURE_ROUTES } from './feature-routes/all-feature-routes';
import { redirectFor, showsExpiredPrompt } from './route-guard';
import { isPrintPath, isPublicPath } from './route-table';
import './router.css';

const page = (element: ReactNode) => <Suspense fallback={<PageLoading />}>{element}</Suspense>;

/**
 * All routes, as react-router 6 <Route element> children of Ionic's outlet (Ionic 9 reads
 * them directly; matching is case-insensitive).
 *
 * Redirects live here and not in pages: Ionic keeps visited pages mounted (hidden), and a
 * <Navigate> inside one would fire again on every later location change. Signed out, the
 * outlet is not rendered at all, which also drops every page the previous user had open.
 * A teacher or student whose token expired keeps their pages (read from the phone's copy) with a
 * prompt to sign in again above them; the frame is the same either way, so the pages stay mounted.
 * The banners (a new version, the expired session) take their own rows above the pages, so they
 * never cover a page's top bar.
 */
export function AppRouter() {
  const location = useLocation();
  const state = useSessionState();
  // Whether the split pane shows the menu beside the pages (wide screens): it then needs its links.
  const [paneVisible, setPaneVisible] = useState(false);
  useCloseOverlaysOnLeave();
  const redirect = redirectFor(location, state);
  if (redirect && state === 'signed-out') return <Navigate to={redirect} replace />;

  const showNavigation = !isPublicPath(location.pathname) && !isPrintPath(location.pathname);
  return (
    <div className="app-frame">
      {redirect && <Navigate to={redirect} replace />}
      <UpdateBanner />
      {showsExpiredPrompt(location, state) && <ExpiredSessionBanner loginPath={loginPathFor(location)} />}
      <div className="app-frame__pages">
        <IonSplitPane contentId="main" disabled={!showNavigation} onIonSplitPaneVisible={(event) => setPaneVisible(event.detail.visible)}>
          <SideMenu contentId="main" disabled={!showNavigation} paneVisible={paneVisible} />
          <IonRouterOutlet id="main">
            <Route path="/login" element={page(<LoginPage />)} />
            <Route path="/signup" element={page(<SignupPage />)} />
            <Route path="/forgotpassword" element={page(<ForgotPasswordPage />)} />
            <Route path="/" element={page(<HomePage />)} />
            {FEATURE_ROUTES.map(({ path, element }) => (
              <Route key={path} path={path} element={page(element)} />
            ))}
            <Route path="*" element={page(<NotFoundPage />)} />
          </IonRouterOutlet>
        </IonSplitPane>
      </div>
    </div>
  );
}
