import { lazy } from 'react';

// One chunk per page, loaded when its route is first opened.
export const LoginPage = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginPage })));
export const SignupPage = lazy(() => import('./routes/signup').then((m) => ({ default: m.SignupPage })));
export const ForgotPasswordPage = lazy(() =>
  import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const HomePage = lazy(() => import('./routes/home').then((m) => ({ default: m.HomePage })));
export const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));
